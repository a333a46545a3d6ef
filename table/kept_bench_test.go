package table

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/tableside/tableside/referee/pinochle"
	"github.com/tableside/tableside/referee/refereetest"
	"github.com/tableside/tableside/table/internal/store"
)

// BenchmarkMoveAtEvent is the server's work for a move of Pinochle about event 10 and about
// event 300 of a game, at twenty tables taking turns, as a club night does: the game read (kept
// replayed, or read and replayed whole), the move judged and appended, and the answer's view.
// The tables' games begin at the same event, half the moves per table before the one named,
// and each move is the next of a seeded game, so both are timed over the same run of moves
// around their event, on a database that holds both tables' games. "kept" is a server keeping
// the games in play (KeepGames), "whole" one that keeps none. The ratio of event 300 to event 10
// is what a long game costs over a short one.
//
//	go test ./table -run '^$' -bench MoveAtEvent -benchtime 400x
func BenchmarkMoveAtEvent(b *testing.B) {
	const tables = 20
	setup, moves := pinochle.Playout(rand.New(rand.NewPCG(5, 5)), map[string]string{"deal": "automatic", "opening": "10", "limit": "400"})
	var r pinochle.Rules
	g, err := r.New(setup)
	if err != nil {
		b.Fatal(err)
	}
	notation := make([][]string, len(moves))
	for i, m := range moves {
		notation[i] = strings.Fields(g.Notation(m))
		g.Apply(int64(i+2), m)
	}
	for _, keep := range []bool{true, false} {
		for _, at := range []int{10, 300} {
			name := fmt.Sprintf("whole/event=%d", at)
			if keep {
				name = fmt.Sprintf("kept/event=%d", at)
			}
			b.Run(name, func(b *testing.B) {
				each := (b.N + tables - 1) / tables // moves a table makes
				start := max(1, at-each/2)          // the event each game begins at
				if start+each > len(moves) {
					b.Fatalf("%d moves a table from event %d: the game has %d", each, start, len(moves)+1)
				}
				a, _ := openApp(b, "")
				if keep {
					a.KeepGames(2 * tables)
				}
				var made []store.NewGame
				for range tables {
					for _, from := range []int{max(1, 10-each/2), max(1, 300-each/2)} {
						made = append(made, store.NewGame{Events: refereetest.Log(b, setup, moves[:from-1])})
					}
				}
				res, err := a.store.CreateMany(b.Context(), made)
				if err != nil {
					b.Fatal(err)
				}
				var games []*Game
				for i, r := range res {
					if r.Err != nil {
						b.Fatal(r.Err)
					}
					if len(made[i].Events) != start {
						continue
					}
					g, err := a.Game(b.Context(), r.Game)
					if err != nil {
						b.Fatal(err)
					}
					g.View() // as the table's page showed it, before the first move
					games = append(games, g)
				}
				b.ResetTimer()
				for i := range b.N {
					id := games[i%tables].ID
					g, err := a.Game(b.Context(), id)
					if err != nil {
						b.Fatal(err)
					}
					rec, err := a.Record(b.Context(), g, notation[g.Last-1], RecordOptions{Expect: g.Last})
					if err != nil {
						b.Fatal(err)
					}
					_ = rec.Entered()
				}
			})
		}
	}
}

// BenchmarkKeptGamesHeld is the memory a server holds keeping 1,000 games in play, each of 300
// events of Pinochle, each shown once (its view worked out, as a page shows it): the heap after
// a collection, with the games kept against with none, a game.
//
//	go test ./table -run '^$' -bench KeptGamesHeld -benchtime 1x
func BenchmarkKeptGamesHeld(b *testing.B) {
	const games, at = 1000, 300
	setup, moves := pinochle.Playout(rand.New(rand.NewPCG(5, 5)), map[string]string{"deal": "automatic", "opening": "10", "limit": "400"})
	a, _ := openApp(b, "")
	made := make([]store.NewGame, games)
	for i := range made {
		made[i] = store.NewGame{Events: refereetest.Log(b, setup, moves[:at-1])}
	}
	res, err := a.store.CreateMany(b.Context(), made)
	if err != nil {
		b.Fatal(err)
	}
	heap := func() uint64 {
		var m runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	for b.Loop() {
		a.KeepGames(0)
		before := heap()
		a.KeepGames(games)
		for _, r := range res {
			g, err := a.Game(b.Context(), r.Game)
			if err != nil {
				b.Fatal(err)
			}
			g.View()
		}
		if a.kept.len() != games {
			b.Fatalf("%d games kept, want %d", a.kept.len(), games)
		}
		b.ReportMetric(float64(heap()-before)/games, "bytes/game")
	}
}
