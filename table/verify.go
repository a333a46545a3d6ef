package table

import (
	"context"
	_ "embed"
	"fmt"

	"github.com/tableside/tableside/events"
)

// Verified is what a walk of every hash chain found.
type Verified struct {
	Broken []events.Broken
	Games  int
	Events int
	// Seal is the file's seal now (events.FileSeal).
	Seal events.Seal
}

// Verify checks the whole file: what store.VerifyFile checks, and every game's hash chain,
// walked on every core. done, when not nil, is called as each game's walk is taken in.
func (a *App) Verify(ctx context.Context, done func()) (*Verified, error) {
	return a.verify(ctx, 0, done)
}

// verify is Verify on the given number of workers (0 for one per core).
func (a *App) verify(ctx context.Context, workers int, done func()) (*Verified, error) {
	broken, err := a.store.VerifyFile(ctx)
	if err != nil {
		return nil, err
	}
	err = walkGames(ctx, a, Walk{Workers: workers, Hashes: true}, func(log []events.Event) (*events.Broken, error) {
		return events.CheckChain(log), nil
	}, func(b *events.Broken) error {
		if b != nil {
			broken = append(broken, *b)
		}
		if done != nil {
			done()
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("verify: %w", err)
	}
	events.SortFindings(broken)
	v := &Verified{Broken: broken}
	if v.Games, err = a.store.CountGames(ctx); err != nil {
		return nil, err
	}
	if v.Events, err = a.store.CountEvents(ctx); err != nil {
		return nil, err
	}
	if v.Seal, err = a.FileSeal(ctx); err != nil {
		return nil, err
	}
	return v, nil
}
