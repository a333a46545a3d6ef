package table

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/kinds"
	"github.com/tableside/tableside/referee/refereetest"
	"github.com/tableside/tableside/referee/tournament"
	"github.com/tableside/tableside/table/internal/store"
)

// placesAlike fails unless the standings and the ladder of kind in a's season place every
// player of standings the same: the same place in both, shared where it is shared.
func placesAlike(t *testing.T, a *App, kind string, standings []tournament.Standing) {
	t.Helper()
	r, err := a.Stats(t.Context(), StatsFilter{Kind: kind}, Walk{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Kinds) != 1 || r.Kinds[0].Games != 1 {
		t.Fatalf("the season counts %+v, want the one game of %s", r.Kinds, kind)
	}
	placed, ranked := map[string]int{}, map[string]int{}
	for _, s := range standings {
		placed[s.Name] = s.Place
	}
	for _, l := range r.Kinds[0].Ladder {
		ranked[l.Player] = l.Rank
	}
	if !maps.Equal(placed, ranked) {
		t.Errorf("the standings place %v, the ratings %v", placed, ranked)
	}
}

// standInFor is the standings of tournament tg after its round 1, the one table's game as g
// stands: a game the tournament could not have made stands in for its table's, as a
// correction's dry run stands a game in (WouldHavePaired).
func standInFor(t *testing.T, a *App, tg *play.Game, g *play.Game) []tournament.Standing {
	t.Helper()
	n, err := tournamentNight(tournamentGame(t, a, tg.ID()))
	if err != nil {
		t.Fatal(err)
	}
	standings, err := standingsOf(n, map[[2]int]*seated{{1, 1}: seatedOf(g)})
	if err != nil {
		t.Fatal(err)
	}
	return standings
}

// oneTable is a tournament of game for players, at one table, its round 1 paired.
func oneTable(t *testing.T, a *App, game string, players ...string) (*play.Game, *RoundView) {
	t.Helper()
	return pairedFirst(t, a, TournamentSetup{Name: "one table", Game: game, TableSize: len(players), Rounds: 1, Players: players})
}

// TestStandingsAndRatingsPlaceAlike: the tournament's standings and the season's ratings place
// a game's players by one rule (scoring.SidesOf). A shared win at a tournament's table of
// Capture is a shared first place in both. A party game of Article II places the President's
// party first in both, the party-mate with the President (E8); a tournament makes no party
// games (a party match is four games), so one stands in for its table's game.
func TestStandingsAndRatingsPlaceAlike(t *testing.T) {
	t.Run("a shared win", func(t *testing.T) {
		a, _ := openApp(t, "")
		players := []string{"ann", "bob", "cy"}
		tg, _ := oneTable(t, a, "capture", players...)
		// A whole game of Capture for the three, played out by its generator.
		var setup events.Created
		var moves []referee.Move
		for seed := uint64(0); len(setup.Players) != len(players); seed++ {
			setup, moves = kinds.All()["capture"].Playout(rand.New(rand.NewPCG(seed, 9)), append(players, "dee", "eve", "fay"))
		}
		res, err := a.store.CreateMany(t.Context(), []store.NewGame{{Events: refereetest.Log(t, setup, moves)}})
		if err != nil || res[0].Err != nil {
			t.Fatal(err, res)
		}
		g := tournamentGame(t, a, res[0].Game)
		// The two highest made equal, and the third below them: a shared win (U10).
		totals := g.Sheet().Totals
		order := slices.SortedFunc(maps.Keys(totals), func(p, q string) int { return totals[q] - totals[p] })
		adjust := func(player string, points int) {
			t.Helper()
			if points == 0 {
				return
			}
			if _, err := a.Correct(t.Context(), g, play.Correction{Verb: "adjust", Args: []string{player, fmt.Sprintf("%+d", points)}, Note: "shared"}, CorrectOptions{}); err != nil {
				t.Fatal(err)
			}
			g = tournamentGame(t, a, g.ID())
		}
		adjust(order[1], totals[order[0]]-totals[order[1]])
		adjust(order[2], min(0, totals[order[1]]-totals[order[2]]-1))
		if s := g.Sheet(); len(s.Winners) != 2 || !g.Over() {
			t.Fatalf("totals %v, winners %v: want two sharing the win", s.Totals, s.Winners)
		}
		placesAlike(t, a, "capture", standInFor(t, a, tg, g))
	})
	t.Run("a party game", func(t *testing.T) {
		a, _ := openApp(t, "")
		tg, r1 := oneTable(t, a, "article2", "ann", "bob", "cy", "dee")
		party, err := a.New(t.Context(), Setup{Kind: "article2", Players: r1.Tables[0].Players, Options: map[string]string{"parties": "on"},
			Teams: map[string][]string{"red": {"ann", "cy"}, "blue": {"bob", "dee"}}})
		if err != nil {
			t.Fatal(err)
		}
		placesAlike(t, a, "article2", standInFor(t, a, tg, playUntil(t, a, party.ID(), 5, (*play.Game).Over)))
	})
}
