package candidate

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"testing"

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
		st, err := events.Open(benchDB, string(schema))
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
			if _, _, err := st.Create(log); err != nil {
				benchErr = err
				return
			}
		}
	})
	if benchErr != nil {
		b.Fatal(benchErr)
	}
	schema, _ := os.ReadFile("../../schema.sql")
	st, err := events.Open(benchDB, string(schema))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	return st
}

// BenchmarkReplayFromStore replays every game of a 10,000-game database, and, in the same run,
// merely reads the same rows and decodes their payloads, so the two rates can be compared:
// the referee's own work is what replay costs beyond reading.
func BenchmarkReplayFromStore(b *testing.B) {
	st := benchStore(b)
	b.Run("read+decode", func(b *testing.B) {
		for b.Loop() {
			n := 0
			err := st.Scan(func(e events.Event) error {
				var p payload
				if e.Type == events.TypeCreated {
					var c events.Created
					return json.Unmarshal(e.Payload, &c)
				}
				n++
				return json.Unmarshal(e.Payload, &p)
			})
			if err != nil || n == 0 {
				b.Fatal(err, n)
			}
		}
		b.ReportMetric(float64(benchGames*b.N)/b.Elapsed().Seconds(), "games/s")
	})
	b.Run("replay", func(b *testing.B) {
		for b.Loop() {
			var log []events.Event
			games := 0
			flush := func() {
				if len(log) == 0 {
					return
				}
				o, err := referee.Replay(Rules{}, log)
				if err != nil || len(o.Flags) > 0 || !o.Game.Over() {
					b.Fatalf("game %d: %v %v", log[0].Game, err, o.Flags)
				}
				games++
				log = log[:0]
			}
			err := st.Scan(func(e events.Event) error {
				if len(log) > 0 && e.Game != log[0].Game {
					flush()
				}
				log = append(log, e)
				return nil
			})
			flush()
			if err != nil || games != benchGames {
				b.Fatal(err, games)
			}
		}
		b.ReportMetric(float64(benchGames*b.N)/b.Elapsed().Seconds(), "games/s")
	})
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
