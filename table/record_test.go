package table

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee/refereetest"
)

// TestAMoveAfterTheEndCitesTheRule: a move typed into a game of every kind, and a tournament,
// that is over is refused before its words are read, citing the rule that ended it as the
// engine would flag the move. The command line, the API and the phone all show this message.
func TestAMoveAfterTheEndCitesTheRule(t *testing.T) {
	ended := map[string]string{"advantage": "A10", "article2": "E7", "candidate": "C5", "capture": "U10", "pinochle": "P13", TournamentKind: "T9"}
	for kind, rule := range ended {
		r, err := engineOf(kind)
		if err != nil {
			t.Fatal(err)
		}
		setup, moves := r.Playout(rand.New(rand.NewPCG(3, 3)), refereetest.Names)
		g, err := Replay(1, refereetest.Log(t, setup, moves))
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		if !g.Over() {
			t.Fatalf("%s: the playout's game is not over", kind)
		}
		noun := "game"
		if kind == TournamentKind {
			noun = "tournament"
		}
		want := noun + " 1 is over — rule " + rule + ": "
		_, err = g.Judge([]string{"pass"}, false, 0)
		if CodeOf(err) != play.Over || !strings.HasPrefix(err.Error(), want) || !strings.HasSuffix(err.Error(), "; nothing was recorded") {
			t.Errorf("%s: a move after the end: %v (code %q), want %q…", kind, err, CodeOf(err), want)
		}
	}
}
