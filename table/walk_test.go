package table

import (
	"errors"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"testing"

	"github.com/tableside/tableside/internal/needs"
	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee/refereetest"
	"github.com/tableside/tableside/table/internal/store"
)

// stockGames stores n short games of every kind (a setup and its first moves) in one
// transaction.
func stockGames(t *testing.T, a *App, n int) {
	t.Helper()
	var batch []store.NewGame
	for i := range n {
		r, err := play.RulesOf(play.Kinds()[i%len(play.Kinds())])
		if err != nil {
			t.Fatal(err)
		}
		setup, moves := r.Playout(rand.New(rand.NewPCG(uint64(i), 1)), refereetest.Names)
		log := refereetest.Log(t, setup, moves[:min(3, len(moves))])
		batch = append(batch, store.NewGame{Events: log})
	}
	res, err := a.store.CreateMany(t.Context(), batch)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res {
		if r.Err != nil {
			t.Fatal(r.Err)
		}
	}
}

// peakHeap walks every game of a and returns the most heap in use, sampled (after a collection)
// every 200 games, and the number of games walked.
func peakHeap(t *testing.T, a *App) (uint64, int) {
	t.Helper()
	var peak uint64
	n := 0
	err := a.EachGame(t.Context(), Walk{Workers: 2}, func(*play.Game, string) error {
		if n++; n%200 == 0 {
			runtime.GC()
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			peak = max(peak, m.HeapAlloc)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return peak, n
}

// TestEachGameHoldsAFewGames: walking ten times as many games takes no more memory. Holding
// every game of the larger file would take tens of megabytes more.
func TestEachGameHoldsAFewGames(t *testing.T) {
	needs.Long(t, "stocks 22,000 games")
	small, _ := openApp(t, "")
	stockGames(t, small, 2_000)
	large, _ := openApp(t, "")
	stockGames(t, large, 20_000)
	smallPeak, n := peakHeap(t, small)
	if n != 2_000 {
		t.Fatalf("walked %d games, want 2000", n)
	}
	largePeak, n := peakHeap(t, large)
	if n != 20_000 {
		t.Fatalf("walked %d games, want 20000", n)
	}
	const slack = 8 << 20
	if largePeak > smallPeak+slack {
		t.Errorf("the walk of 20,000 games peaked at %d MB of heap, of 2,000 at %d MB", largePeak>>20, smallPeak>>20)
	}
}

// TestEachGameStopsAtTheFirstError: an error from fn ends the walk and is returned; no game
// after it is handed over.
func TestEachGameStopsAtTheFirstError(t *testing.T) {
	a, _ := openApp(t, "")
	stockGames(t, a, 50)
	stop := errors.New("stop")
	var seen []int64
	err := a.EachGame(t.Context(), Walk{Workers: 4}, func(g *play.Game, _ string) error {
		seen = append(seen, g.ID())
		if g.ID() == 10 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) || len(seen) != 10 || seen[9] != 10 {
		t.Errorf("err %v after games %v", err, seen)
	}
}

// TestOverlappingWalksPutTheCollectorBack: two walks at once (two requests of a server) leave
// the collector as they found it, whichever ends first.
func TestOverlappingWalksPutTheCollectorBack(t *testing.T) {
	was := debug.SetGCPercent(123)
	defer debug.SetGCPercent(was)
	first := lessGC()
	second := lessGC()
	first() // the first walk ends before the second
	if got := debug.SetGCPercent(walkGC); got != walkGC {
		t.Errorf("GOGC %d while a walk is under way, want %d", got, walkGC)
	}
	second()
	if got := debug.SetGCPercent(123); got != 123 {
		t.Errorf("GOGC %d after both walks, want 123", got)
	}
}
