package table

import (
	"bufio"
	"context"
	"encoding/json"
	"io"

	"github.com/tableside/tableside/events"
)

// A season file is the JSON lines of many games one after another, each game's events in
// order from its game.created line, with their times and hashes: what `export --all` and
// `export --match` write and `import` reads back a game at a time.

// JSONL writes a log as JSON lines, every event with its time and hash.
func JSONL(w io.Writer, log []events.Event) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	for _, e := range log {
		if err := enc.Encode(e); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// EachLog hands fn the whole log of every game, hashes included, in the order they were
// created, or only those of match when it is not "": what a season export writes. It reads a
// game at a time.
func (a *App) EachLog(ctx context.Context, match string, fn func([]events.Event) error) error {
	if match == "" {
		return a.store.ScanGames(ctx, 0, maxGame, true, fn)
	}
	infos, err := a.store.MatchGames(ctx, match)
	if err != nil {
		return err
	}
	if len(infos) == 0 {
		return a.noMatch(ctx, match)
	}
	for _, info := range infos {
		log, err := a.store.Load(ctx, info.ID)
		if err != nil {
			return err
		}
		if err := fn(log); err != nil {
			return err
		}
	}
	return nil
}
