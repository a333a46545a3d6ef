package table

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/tableside/tableside/referee/pinochle"
	"github.com/tableside/tableside/referee/refereetest"
	"github.com/tableside/tableside/table/internal/store"
)

// BenchmarkMoveAtEvent is the server's work for a move of Pinochle about event 10 and about
// event 300 of a game, at tables taking turns, as a club night does: the game read (kept
// replayed, or read and replayed whole), the move judged and appended, and the answer's view.
// Each iteration makes one move at each event, each first in turn, so that both are timed over
// the same stretch of the run on one database. A game makes at most twenty moves, beginning ten before
// the event named, each the next of a seeded game: a run of b.N moves has b.N/20 tables.
// "kept" is a server keeping the games in play (Keep), "whole" one that keeps none. It
// reports the time of a move at each event and their ratio, what a long game's move costs over
// a short one's.
//
//	go test ./table -run '^$' -bench MoveAtEvent -benchtime 2000x
func BenchmarkMoveAtEvent(b *testing.B) {
	const window = 20 // the moves a table makes
	events := [2]int{10, 300}
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
		name := "whole"
		if keep {
			name = "kept"
		}
		b.Run(name, func(b *testing.B) {
			tables := (b.N + window - 1) / window
			a, _ := openApp(b, "")
			if keep {
				a.keep(2*tables, 1<<40)
			}
			var made []store.NewGame
			for _, at := range events {
				start := max(1, at-window/2) // the event the games begin at
				if start+window > len(moves) {
					b.Fatalf("%d moves a table from event %d: the game has %d", window, start, len(moves)+1)
				}
				for range tables {
					made = append(made, store.NewGame{Events: refereetest.Log(b, setup, moves[:start-1])})
				}
			}
			res, err := a.store.CreateMany(b.Context(), made)
			if err != nil {
				b.Fatal(err)
			}
			var games [2][]int64 // each table's game at each event
			for i, r := range res {
				if r.Err != nil {
					b.Fatal(r.Err)
				}
				g, err := a.Game(b.Context(), r.Game)
				if err != nil {
					b.Fatal(err)
				}
				g.View() // as the table's page showed it, before the first move
				games[i/tables] = append(games[i/tables], g.ID())
			}
			var spent [2]time.Duration
			b.ResetTimer()
			for i := range b.N {
				for k := range events {
					at := (i + k) % len(events) // each first in turn
					t0 := time.Now()
					g, err := a.Game(b.Context(), games[at][i%tables])
					if err != nil {
						b.Fatal(err)
					}
					rec, err := a.Record(b.Context(), g, notation[g.Last()-1], RecordOptions{Expect: g.Last()})
					if err != nil {
						b.Fatal(err)
					}
					_ = rec.Entered()
					spent[at] += time.Since(t0)
				}
			}
			for at, d := range spent {
				b.ReportMetric(d.Seconds()*1e3/float64(b.N), fmt.Sprintf("ms@event%d", events[at]))
			}
			b.ReportMetric(float64(spent[1])/float64(spent[0]), fmt.Sprintf("%d/%d", events[1], events[0]))
		})
	}
}

// BenchmarkKeptGamesHeld is the memory a server holds keeping games in play: 1,000 games of 300
// events of Pinochle, and 50 of 5,000, each shown once (its view worked out, as a page shows
// it): the heap after a collection, with the games kept against with none, a game, and as a
// share of what the bound on their size takes them to hold (heap/sized, at most 1 for the
// bound to hold).
//
//	go test ./table -run '^$' -bench KeptGamesHeld -benchtime 1x
func BenchmarkKeptGamesHeld(b *testing.B) {
	for _, c := range []struct {
		games, at int
		limit     string
	}{{1000, 300, "400"}, {50, 5000, "5000"}} {
		b.Run(fmt.Sprintf("event%d", c.at), func(b *testing.B) {
			setup, moves := pinochle.Playout(rand.New(rand.NewPCG(5, 5)), map[string]string{"deal": "automatic", "opening": "10", "limit": c.limit})
			a, _ := openApp(b, "")
			made := make([]store.NewGame, c.games)
			for i := range made {
				made[i] = store.NewGame{Events: refereetest.Log(b, setup, moves[:c.at-1])}
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
				a.keep(0, 0)
				before := heap()
				a.keep(c.games, 1<<40)
				for _, r := range res {
					g, err := a.Game(b.Context(), r.Game)
					if err != nil {
						b.Fatal(err)
					}
					g.View()
				}
				if a.kept.len() != c.games {
					b.Fatalf("%d games kept, want %d", a.kept.len(), c.games)
				}
				held := heap() - before
				b.ReportMetric(float64(held)/float64(c.games), "bytes/game")
				b.ReportMetric(float64(held)/float64(a.kept.held), "heap/sized")
			}
		})
	}
}

// BenchmarkKeptGameRead is a server's read of a game in play that nobody has moved since it was
// last read, at event 300 and event 5,000 of Pinochle: kept in play (Keep, the store's
// rows held to the kept log), against read and replayed whole, in the same run.
//
//	go test ./table -run '^$' -bench KeptGameRead
func BenchmarkKeptGameRead(b *testing.B) {
	setup, moves := pinochle.Playout(rand.New(rand.NewPCG(5, 5)), map[string]string{"deal": "automatic", "opening": "10", "limit": "5000"})
	for _, at := range []int{300, 5000} {
		for _, keep := range []bool{true, false} {
			name := fmt.Sprintf("event%d/whole", at)
			if keep {
				name = fmt.Sprintf("event%d/kept", at)
			}
			b.Run(name, func(b *testing.B) {
				a, _ := openApp(b, "")
				if keep {
					a.keep(1, 1<<30)
				}
				res, err := a.store.CreateMany(b.Context(), []store.NewGame{{Events: refereetest.Log(b, setup, moves[:at-1])}})
				if err != nil || res[0].Err != nil {
					b.Fatal(err, res[0].Err)
				}
				for b.Loop() {
					g, err := a.Game(b.Context(), res[0].Game)
					if err != nil {
						b.Fatal(err)
					}
					g.View()
				}
			})
		}
	}
}
