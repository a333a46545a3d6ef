package play

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/tableside/tableside/referee/refereetest"
)

// TestAGameHandsOutCopies: what a Game hands out is the caller's to change. A game is shared
// between requests (a server keeps it, a phone's engine holds it), so a caller that sorts,
// appends to or edits what it was given must leave the game as it was for everyone else.
func TestAGameHandsOutCopies(t *testing.T) {
	r, err := RulesOf("article2")
	if err != nil {
		t.Fatal(err)
	}
	for seed := range uint64(20) {
		setup, moves := r.Playout(rand.New(rand.NewPCG(seed, 49)), refereetest.Names)
		g, err := Replay(1, refereetest.Log(t, setup, moves))
		if err != nil {
			t.Fatal(err)
		}
		view, entries := g.View(), g.Entries()
		log, s, flags := g.Log(), g.Setup(), g.Flags()
		log[1].Actor, log = "mallory", append(log, log[0])
		s.Players[0], s.Options["mallory"] = "mallory", "on"
		for name := range s.Teams {
			s.Teams[name][0] = "mallory"
		}
		if len(flags) > 0 {
			flags[0].Rule = "X0"
		}
		if again := g.View(); !reflect.DeepEqual(again, view) {
			t.Fatalf("seed %d: the view changed with what the game handed out:\n%+v\n%+v", seed, again, view)
		}
		if again := g.Entries(); !reflect.DeepEqual(again, entries) {
			t.Fatalf("seed %d: the log's entries changed with what the game handed out", seed)
		}
		if g.Len() != len(log)-1 || g.Setup().Players[0] == "mallory" || (len(flags) > 0 && g.Flags()[0].Rule == "X0") {
			t.Fatalf("seed %d: the game changed with what it handed out", seed)
		}
	}
}
