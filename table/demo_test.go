package table

import (
	"flag"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/candidate"
)

var update = flag.Bool("update", false, "rewrite golden files")

// demoSeed picks the bundled game: one in which a player runs out of faction cards, so the
// demo shows C9's transfers.
const demoSeed = 3

// TestDemoTranscript keeps the bundled demo game equal to what the playout generator deals
// with the demo's seed, and checks it is a complete game the referee finds nothing wrong with.
func TestDemoTranscript(t *testing.T) {
	setup, moves := candidate.Playout(rand.New(rand.NewPCG(demoSeed, 1)), map[string]string{"decks": "3", "wrap": "on"})
	g, err := candidate.Rules{}.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("# A complete game of Candidate, twelve seats, for `tableside demo`.\n")
	b.WriteString(play.Line(setupWords(setup)...) + "\n")
	for _, m := range moves {
		b.WriteString(play.Line(strings.Fields(g.Notation(m))...) + "\n")
	}
	if *update {
		if err := os.WriteFile("demo/candidate.txt", []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if !*update && demoTranscript != b.String() {
		t.Fatalf("demo/candidate.txt is stale: run go test ./table -run TestDemoTranscript -update")
	}
	log, err := readTranscript(b.String(), "2026-01-01", 0)
	if err != nil {
		t.Fatal(err)
	}
	o, err := referee.Replay(candidate.Rules{}, log)
	if err != nil {
		t.Fatal(err)
	}
	if len(o.Flags) != 0 || !o.Game.Over() {
		t.Fatalf("demo game: over=%v flags=%v", o.Game.Over(), o.Flags)
	}
}
