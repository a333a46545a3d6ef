package table

import (
	"context"
	_ "embed"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/tableside/tableside/events"
)

// Walk says how EachGame walks the file.
type Walk struct {
	// Workers is how many games are replayed at once: 0 for one per core.
	Workers int
	// Hashes reads each event's hash; without it Event.Hash is "" (a replay does not need it).
	Hashes bool
	// After and Before bound the walk to the games numbered above After and below Before; 0 is
	// no bound.
	After, Before int64
	// Newest walks the newest game first, and so on back to the oldest.
	Newest bool
}

// walkGames is EachGame for any work on a game's log: work runs on the workers, fn in file
// order on one goroutine.
func walkGames[T any](ctx context.Context, a *App, w Walk, work func([]events.Event) (T, error), fn func(T) error) error {
	return walkRuns(ctx, a, w, func(ctx context.Context, from, to int64, emit func(T) error) error {
		return a.store.ScanGames(ctx, from, to, w.Hashes, func(log []events.Event) error {
			t, err := work(log)
			if err != nil {
				return err
			}
			return emit(t)
		})
	}, fn)
}

// walkRuns is walkGames for work on a run of game ids at a time, from up to to: run reads and
// works the run's games on a worker, emitting each result in file order.
func walkRuns[T any](ctx context.Context, a *App, w Walk, run func(ctx context.Context, from, to int64, emit func(T) error) error, fn func(T) error) error {
	workers := w.Workers
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	lo, hi, err := a.store.GameSpan(ctx)
	if err != nil || hi == 0 {
		return err
	}
	if w.After > 0 {
		lo = max(lo, w.After+1)
	}
	if w.Before > 0 {
		hi = min(hi, w.Before-1)
	}
	if lo > hi {
		return nil
	}
	defer lessGC()()
	type ran struct {
		done []T
		err  error
	}
	type job struct {
		from, to int64
		done     chan ran
	}
	grp, ctx := errgroup.WithContext(ctx)
	jobs := make(chan job)
	// Each run's result, in file order; its capacity bounds the runs read but not yet handed
	// to fn.
	order := make(chan chan ran, workers)
	grp.Go(func() error {
		defer close(order)
		defer close(jobs)
		for i := int64(0); lo+i*runGames <= hi; i++ {
			from, to := lo+i*runGames, min(lo+(i+1)*runGames, hi+1)
			if w.Newest { // as many runs, from the other end
				from, to = max(lo, hi+1-(i+1)*runGames), hi+1-i*runGames
			}
			j := job{from, to, make(chan ran, 1)}
			select {
			case order <- j.done:
			case <-ctx.Done():
				return ctx.Err()
			}
			select {
			case jobs <- j:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		return nil
	})
	for range workers {
		grp.Go(func() error {
			for j := range jobs {
				var r ran
				r.err = run(ctx, j.from, j.to, func(t T) error {
					r.done = append(r.done, t)
					return nil
				})
				if w.Newest {
					slices.Reverse(r.done)
				}
				j.done <- r
			}
			return nil
		})
	}
	grp.Go(func() error {
		for done := range order {
			select {
			case r := <-done:
				// The games before a failure are handed on, as a walk on one core would.
				for _, t := range r.done {
					if err := fn(t); err != nil {
						return err
					}
				}
				if r.err != nil {
					return r.err
				}
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		return nil
	})
	return grp.Wait()
}

// walkGC is the garbage collector's GOGC during a walk.
const walkGC = 400

// walking counts the walks under way, and before is the GOGC they found: a server may walk
// the file for two requests at once, and the last walk to end, not the first, puts it back.
var (
	walkingMu sync.Mutex
	walking   int
	before    int
)

// lessGC sets GOGC to walkGC until the returned function is called. A walk keeps little and
// throws away much: collecting garbage a quarter as often costs a few megabytes and saves about
// a third of the time.
func lessGC() (restore func()) {
	walkingMu.Lock()
	defer walkingMu.Unlock()
	if walking == 0 {
		before = debug.SetGCPercent(walkGC)
	}
	walking++
	return func() {
		walkingMu.Lock()
		defer walkingMu.Unlock()
		if walking--; walking == 0 {
			debug.SetGCPercent(before)
		}
	}
}

// runGames is how many game ids a worker of EachGame reads at once: enough that a query's cost
// is spread over many games, few enough that the runs in hand stay small.
const runGames = 32
