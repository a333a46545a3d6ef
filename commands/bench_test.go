package commands

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/candidate"
)

// game300 writes a database holding one game of exactly 300 events that is not over: a
// generated game in which the first moves were each undone and entered again, as happens at a
// real table. It returns the file and the move that comes next.
func game300(b testing.TB, schema string) (string, []string) {
	setup, moves := candidate.Playout(rand.New(rand.NewPCG(5, 5)), nil)
	g, err := candidate.Rules{}.New(setup)
	if err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(b.TempDir(), "template.db")
	st, err := events.Open(path, schema)
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	// 1 creation + played moves + 2 events (a void and the move again) per undone move.
	played := len(moves) - 1
	if (300-1-played)%2 != 0 {
		played--
	}
	undone := (300 - 1 - played) / 2
	created, _ := event(events.TypeCreated, "", setup)
	log := []events.Event{created}
	for i, m := range moves[:played] {
		e, _ := event(m.Type, m.Actor, m.Payload)
		log = append(log, e)
		if i < undone {
			v, _ := event(events.TypeVoid, "", events.Void{Target: int64(len(log))})
			log = append(log, v, e)
		}
	}
	next := played
	if _, _, err := st.Create(log); err != nil {
		b.Fatal(err)
	}
	o, err := referee.Replay(candidate.Rules{}, numbered(log))
	if err != nil || len(o.Flags) > 0 || o.Game.Over() || len(log) != 300 {
		b.Fatalf("template: %v flags=%v over=%v events=%d", err, o.Flags, o.Game.Over(), len(log))
	}
	return path, strings.Fields(g.Notation(moves[next]))
}

// BenchmarkRecordInto300 records one move into a 300-event game through the whole command:
// open the database, load the log, replay it, judge the move, append it.
func BenchmarkRecordInto300(b *testing.B) {
	schema := testSchema(b)
	template, move := game300(b, schema)
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
		b.StartTimer()
		args := append([]string{"tableside", "--db", db, "record", "1"}, move...)
		if code := Run(schema, args, nil, io.Discard, io.Discard); code != 0 {
			b.Fatalf("record %v: exit %d", move, code)
		}
	}
}
