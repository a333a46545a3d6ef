package candidate

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
)

const benchGames = 10_000

var (
	benchOnce sync.Once
	benchDB   string
	benchErr  error
)

// benchStore builds, once per run, a database holding benchGames generated games.
func benchStore(b *testing.B) *events.Store {
	benchOnce.Do(func() {
		schema, err := os.ReadFile("../../schema.sql")
		if err != nil {
			benchErr = err
			return
		}
		dir, err := os.MkdirTemp("", "tableside-bench")
		if err != nil {
			benchErr = err
			return
		}
		benchDB = filepath.Join(dir, "bench.db")
		st, err := events.Open(context.Background(), benchDB, string(schema))
		if err != nil {
			benchErr = err
			return
		}
		defer st.Close()
		for seed := range benchGames {
			setup, moves := Playout(rand.New(rand.NewPCG(uint64(seed), 3)), optionSets[seed%len(optionSets)])
			log := logOf(b, setup, moves)
			for i := range log {
				log[i].At = int64(i)
			}
			if _, _, err := st.Create(context.Background(), log); err != nil {
				benchErr = err
				return
			}
		}
	})
	if benchErr != nil {
		b.Fatal(benchErr)
	}
	schema, _ := os.ReadFile("../../schema.sql")
	st, err := events.Open(context.Background(), benchDB, string(schema))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	return st
}

// BenchmarkReplayFromStore replays every game of a 10,000-game database and, in the same
// iteration, merely reads the same rows and decodes their payloads; it reports both rates and
// their ratio (replay rate / read rate), so the referee's own cost is measured against reading
// under the same conditions. Alternating the two inside one loop keeps a busy or cold machine
// from favouring either.
func BenchmarkReplayFromStore(b *testing.B) {
	st := benchStore(b)
	var reading, replaying time.Duration
	for b.Loop() {
		t0 := time.Now()
		readAndDecode(b, st)
		t1 := time.Now()
		replayAll(b, st)
		reading += t1.Sub(t0)
		replaying += time.Since(t1)
	}
	readRate := float64(benchGames*b.N) / reading.Seconds()
	replayRate := float64(benchGames*b.N) / replaying.Seconds()
	b.ReportMetric(readRate, "read-games/s")
	b.ReportMetric(replayRate, "replay-games/s")
	b.ReportMetric(replayRate/readRate, "replay/read")
}

// readAndDecode reads every event and decodes its payload, and does nothing else.
func readAndDecode(b *testing.B, st *events.Store) {
	n := 0
	err := st.Scan(context.Background(), func(e events.Event) error {
		n++
		if e.Type == events.TypeCreated {
			var c events.Created
			return json.Unmarshal(e.Payload, &c)
		}
		var p payload
		return json.Unmarshal(e.Payload, &p)
	})
	if err != nil || n == 0 {
		b.Fatal(err, n)
	}
}

// replayAll replays every game of the store through the referee.
func replayAll(b *testing.B, st *events.Store) {
	var log []events.Event
	games := 0
	flush := func() {
		o, err := referee.Replay(Rules{}, log)
		if err != nil || len(o.Flags) > 0 || !o.Game.Over() {
			b.Fatalf("game %d: %v %v", log[0].Game, err, o.Flags)
		}
		games++
		log = log[:0]
	}
	err := st.Scan(context.Background(), func(e events.Event) error {
		if len(log) > 0 && e.Game != log[0].Game {
			flush()
		}
		log = append(log, e)
		return nil
	})
	if err != nil || len(log) == 0 {
		b.Fatal(err)
	}
	flush()
	if games != benchGames {
		b.Fatalf("%d games replayed, want %d", games, benchGames)
	}
}

// BenchmarkReplayGame replays one whole game held in memory: the referee's cost alone.
func BenchmarkReplayGame(b *testing.B) {
	setup, moves := Playout(rand.New(rand.NewPCG(1, 3)), nil)
	log := logOf(b, setup, moves)
	for b.Loop() {
		if _, err := referee.Replay(Rules{}, log); err != nil {
			b.Fatal(err)
		}
	}
}
