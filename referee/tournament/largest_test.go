package tournament_test

import (
	"testing"

	"github.com/tableside/tableside/referee/tournament"
	"github.com/tableside/tableside/referee/tournament/tournamenttest"
)

// TestTheLargestFieldHoldsToTheRulings: round 5 of a Swiss of the most players a round pairs,
// and of one fewer, with its bye, seats everyone once with no rematch; and round 5 of 1,000
// and 999 (300 and 299 under -short) breaks none of T1–T7 as the checker written apart from
// the pairing reads them. The checker's own matching grows as n³, which puts the largest field
// beyond it: 1,000 take it about a minute.
func TestTheLargestFieldHoldsToTheRulings(t *testing.T) {
	checked := 1000
	if testing.Short() {
		checked = 300
	}
	for _, n := range []int{tournament.MaxPlayers, tournament.MaxPlayers - 1, checked, checked - 1} {
		in := tournament.SwissField(t, n, 4)
		out, err := tournament.Pair(in)
		if err != nil {
			t.Fatal(err)
		}
		if n <= checked {
			for _, b := range tournamenttest.Check(in, out) {
				t.Errorf("%d players: %s", n, b)
			}
			continue
		}
		opponents := map[string][]string{}
		for _, p := range in.Players {
			opponents[p.Name] = p.Opponents
		}
		seated := map[string]bool{}
		for _, name := range out.Byes {
			seated[name] = true
		}
		for _, table := range out.Tables {
			a, b := table.Players[0], table.Players[1]
			for _, o := range opponents[a] {
				if o == b {
					t.Errorf("%d players: %s and %s meet again", n, a, b)
				}
			}
			seated[a], seated[b] = true, true
		}
		if len(seated) != n || len(out.Tables) != n/2 || len(out.Byes) != n%2 {
			t.Errorf("%d players: %d seated at %d tables, byes %v", n, len(seated), len(out.Tables), out.Byes)
		}
	}
}
