package table

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tableside/tableside/referee/pinochle"
)

// playPinochle plays game to its end: a seeded Pinochle playout to 100 points, its opener at
// the game's first seat, each move recorded as a table records it.
func playPinochle(b *testing.B, a *App, rng *rand.Rand, id int64) {
	g, err := a.Game(b.Context(), id)
	if err != nil {
		b.Fatal(err)
	}
	words, err := pinochle.PlayoutWords(rng, g.Setup().Options, [2]string{g.Setup().Players[0], g.Setup().Players[1]})
	if err != nil {
		b.Fatalf("game %d: %v", id, err)
	}
	for _, w := range words {
		rec, err := a.Record(b.Context(), g, strings.Fields(w), RecordOptions{Expect: g.Last()})
		if err != nil {
			b.Fatalf("game %d: %q: %v", id, w, err)
		}
		g = rec.Game
	}
}

// BenchmarkTournamentPages is what the server's tournament pages cost at each refresh, in a
// Swiss of 24 players at Pinochle whose first three rounds (36 games to 100 points) are
// played and whose fourth is just paired: the tournament's view (the wall's and the
// organiser's page), what a table plays now, and where a round-3 game's table has moved on
// to (a phone's game page).
func BenchmarkTournamentPages(b *testing.B) {
	a, _ := openApp(b, "")
	players := make([]string, 24)
	for i := range players {
		players[i] = fmt.Sprintf("p%02d", i+1)
	}
	tg, err := a.NewTournament(b.Context(), TournamentSetup{Name: "bench", Game: "pinochle", Rounds: 5, Players: players})
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 3))
	var round3 int64
	events := 0
	for round := 1; round <= 4; round++ {
		g, err := a.Game(b.Context(), tg.ID())
		if err != nil {
			b.Fatal(err)
		}
		r, err := a.PairRound(b.Context(), g, 0)
		if err != nil {
			b.Fatal(err)
		}
		if round == 4 {
			break
		}
		for _, t := range r.Tables {
			playPinochle(b, a, rng, t.Game)
			played, _ := a.Game(b.Context(), t.Game)
			events += played.Len()
		}
		round3 = r.Tables[0].Game
	}
	tg, err = a.Game(b.Context(), tg.ID())
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("36 games played, %d events in all (%.0f a game)", events, float64(events)/36)
	b.Run("view", func(b *testing.B) {
		for b.Loop() {
			if v, err := a.Tournament(b.Context(), tg); err != nil || v.After != 3 {
				b.Fatalf("%v, after %d", err, v.After)
			}
		}
	})
	b.Run("table-now", func(b *testing.B) {
		for b.Loop() {
			if now, err := a.TableNow(b.Context(), tg.ID(), 1); err != nil || now.Round != 4 {
				b.Fatal(err)
			}
		}
	})
	b.Run("moved-on", func(b *testing.B) {
		g, err := a.Game(b.Context(), round3)
		if err != nil {
			b.Fatal(err)
		}
		for b.Loop() {
			if next, err := a.TableMovedOn(b.Context(), g); err != nil || next.Game == 0 {
				b.Fatal(err)
			}
		}
	})
}
