package commands

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/advantage"
	"github.com/tableside/tableside/referee/candidate"
	"github.com/tableside/tableside/referee/capture"
	"github.com/tableside/tableside/referee/pinochle"
	"github.com/tableside/tableside/referee/refereetest"
	"github.com/tableside/tableside/table"
)

// storedGame writes a database holding one generated game of exactly size events that is not
// over. When the game has fewer moves than that, its first moves were each undone and entered
// again, as happens at a real table. It returns the file and the move that comes next.
func storedGame(b testing.TB, schema string, r referee.Rules, setup events.Created, moves []referee.Move, size int) (string, []string) {
	g, err := r.New(setup)
	if err != nil {
		b.Fatal(err)
	}
	// 1 creation + played moves + 2 events (a void and the move again) per undone move.
	played := min(len(moves)-1, size-1)
	if (size-1-played)%2 != 0 {
		played--
	}
	undone := (size - 1 - played) / 2
	log := refereetest.Log(b, setup, nil)
	add := func(typ, actor string, payload []byte) {
		log = append(log, events.Event{Game: 1, Seq: int64(len(log) + 1), Type: typ, Actor: actor, Payload: payload, At: 1})
	}
	for i, m := range moves[:played] {
		add(m.Type, m.Actor, m.Payload)
		if i < undone {
			void, _ := json.Marshal(events.Void{Target: int64(len(log))})
			add(events.TypeVoid, "", void)
			add(m.Type, m.Actor, m.Payload)
		}
	}
	o, err := referee.Replay(r, log)
	if err != nil || len(o.Flags) > 0 || o.Game.Over() || len(log) != size {
		b.Fatalf("template: %v flags=%v over=%v events=%d", err, o.Flags, o.Game.Over(), len(log))
	}
	path := filepath.Join(b.TempDir(), "template.db")
	storeLogs(b, path, slices.Values([][]events.Event{log}))
	return path, strings.Fields(g.Notation(moves[played]))
}

// benchRecord records one move into a copy of the template database through the whole
// command: open the database, load the log, replay it, judge the move, append it. Each copy
// is opened and closed once first, untimed, so that it is a database in use, with its WAL
// files beside it, as every database is after its first command.
func benchRecord(b *testing.B, schema, template string, move []string) {
	data, err := os.ReadFile(template)
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	i := 0
	for b.Loop() {
		b.StopTimer()
		i++
		db := filepath.Join(dir, fmt.Sprintf("%d.db", i))
		if err := os.WriteFile(db, data, 0o644); err != nil {
			b.Fatal(err)
		}
		a, err := table.Open(context.Background(), db, schema)
		if err != nil {
			b.Fatal(err)
		}
		a.Close()
		b.StartTimer()
		args := append([]string{"tableside", "--db", db, "record", "1"}, move...)
		if code := Run(schema, args, nil, io.Discard, io.Discard); code != 0 {
			b.Fatalf("record %v: exit %d", move, code)
		}
	}
}

// BenchmarkRecordInto300 records a move into a 300-event game of Candidate.
func BenchmarkRecordInto300(b *testing.B) {
	schema := testSchema(b)
	setup, moves := candidate.Playout(rand.New(rand.NewPCG(5, 5)), nil)
	template, move := storedGame(b, schema, candidate.Rules{}, setup, moves, 300)
	benchRecord(b, schema, template, move)
}

// BenchmarkRecordPinochleInto400 records a move into a 400-event game of Pinochle.
func BenchmarkRecordPinochleInto400(b *testing.B) {
	schema := testSchema(b)
	setup, moves := pinochle.Playout(rand.New(rand.NewPCG(5, 5)), map[string]string{"deal": "automatic", "opening": "10", "limit": "400"})
	template, move := storedGame(b, schema, pinochle.Rules{}, setup, moves, 400)
	benchRecord(b, schema, template, move)
}

// BenchmarkRecordAdvantageInto300 records a move into a 300-event game of Advantage: a whole
// game's moves, some of them undone and entered again.
func BenchmarkRecordAdvantageInto300(b *testing.B) {
	schema := testSchema(b)
	setup, moves := advantage.Rules{}.Playout(rand.New(rand.NewPCG(5, 5)), refereetest.Names)
	template, move := storedGame(b, schema, advantage.Rules{}, setup, moves, 300)
	benchRecord(b, schema, template, move)
}

// BenchmarkRecordCaptureSixHands records the last move of a whole six-hand game of Capture:
// two players, 326 events.
func BenchmarkRecordCaptureSixHands(b *testing.B) {
	schema := testSchema(b)
	setup, moves := capture.Rules{}.Playout(rand.New(rand.NewPCG(91, 21)), refereetest.Names)
	template, move := storedGame(b, schema, capture.Rules{}, setup, moves, len(moves))
	benchRecord(b, schema, template, move)
}

// BenchmarkRecordProcess times `tableside record` as a whole process, start to exit, against
// testdata/bare: a Go process that opens the same file with the same driver and pragmas,
// inserts one row and exits. Both are built here as a user builds them (no cgo), and each
// iteration runs the two in turn on fresh copies of the same database, so a machine that
// slows down slows both alike; the copies are not timed. It reports the median of each and
// the median of the pairs' ratios:
//
//	go test ./commands -run '^$' -bench RecordProcess -benchtime 200x
func BenchmarkRecordProcess(b *testing.B) {
	dir := b.TempDir()
	tableside, bare := filepath.Join(dir, "tableside"), filepath.Join(dir, "bare")
	for bin, pkg := range map[string]string{tableside: "..", bare: "../table/testdata/bare"} {
		build := exec.Command("go", "build", "-o", bin, pkg)
		build.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := build.CombinedOutput(); err != nil {
			b.Fatalf("go build %s: %v\n%s", pkg, err, out)
		}
	}
	schema := testSchema(b)
	b.Run("candidate-300", func(b *testing.B) {
		setup, moves := candidate.Playout(rand.New(rand.NewPCG(5, 5)), nil)
		template, move := storedGame(b, schema, candidate.Rules{}, setup, moves, 300)
		benchProcesses(b, template, append([]string{tableside, "record", "1"}, move...), bare)
	})
	b.Run("pinochle-400", func(b *testing.B) {
		setup, moves := pinochle.Playout(rand.New(rand.NewPCG(5, 5)), map[string]string{"deal": "automatic", "opening": "10", "limit": "400"})
		template, move := storedGame(b, schema, pinochle.Rules{}, setup, moves, 400)
		benchProcesses(b, template, append([]string{tableside, "record", "1"}, move...), bare)
	})
}

func benchProcesses(b *testing.B, template string, record []string, bare string) {
	data, err := os.ReadFile(template)
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	fresh := func(name string) string {
		db := filepath.Join(dir, name)
		for _, f := range []string{db + "-wal", db + "-shm"} {
			os.Remove(f)
		}
		if err := os.WriteFile(db, data, 0o644); err != nil {
			b.Fatal(err)
		}
		return db
	}
	timed := func(cmd *exec.Cmd) time.Duration {
		start := time.Now()
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("%s: %v\n%s", cmd, err, out)
		}
		return time.Since(start)
	}
	var recordTimes, bareTimes []time.Duration
	for b.Loop() {
		b.StopTimer()
		a, z := fresh("a.db"), fresh("b.db")
		cmd := exec.Command(record[0], record[1:]...)
		cmd.Env = append(os.Environ(), "TABLESIDE_DB="+a)
		b.StartTimer()
		recordTimes = append(recordTimes, timed(cmd))
		bareTimes = append(bareTimes, timed(exec.Command(bare, z)))
	}
	ratios := make([]float64, len(recordTimes))
	for i := range ratios {
		ratios[i] = float64(recordTimes[i]) / float64(bareTimes[i])
	}
	b.ReportMetric(float64(median(recordTimes))/1e6, "record-ms")
	b.ReportMetric(float64(median(bareTimes))/1e6, "bare-ms")
	b.ReportMetric(median(ratios), "record/bare")
}

func median[T cmp.Ordered](values []T) T {
	slices.Sort(values)
	return values[len(values)/2]
}
