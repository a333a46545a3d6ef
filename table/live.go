package table

import (
	"context"
	"time"

	"github.com/tableside/tableside/table/internal/store"
)

// Watch tells a face that shows games live (the server) when the file has changed, whoever
// recorded: the same process or a terminal on the command line.
type Watch = store.Watcher

// Watch starts watching the file; close the Watch when done.
func (a *App) Watch(ctx context.Context) (Watch, error) { return a.store.Watch(ctx) }

// Heads returns the seq of the last event of each of the games, by id; a face compares it with
// what it last showed to know which games moved.
func (a *App) Heads(ctx context.Context, games []int64) (map[int64]int64, error) {
	return a.store.Heads(ctx, games)
}

// GamesSince lists, as `games` does, the games created at or after since: a club night's.
// Each is replayed for its state, a tournament's pairings unjudged, as Games lists them.
func (a *App) GamesSince(ctx context.Context, since time.Time) ([]Listed, error) {
	infos, err := a.store.GamesSince(ctx, since.UnixMilli())
	if err != nil {
		return nil, err
	}
	out := make([]Listed, 0, len(infos))
	for _, info := range infos {
		g, err := a.read(ctx, info.ID, true)
		if err != nil {
			return nil, err
		}
		out = append(out, listedOf(g))
	}
	return out, nil
}

// NewestGame is the id of the game made last, 0 in an empty file: a page that follows a
// tournament's table looks for its next game when it grows.
func (a *App) NewestGame(ctx context.Context) (int64, error) {
	_, hi, err := a.store.GameSpan(ctx)
	return hi, err
}
