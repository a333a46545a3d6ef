package table

import (
	"bufio"
	"context"
	"encoding/json"
	"io"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/play"
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

// Export writes as JSON lines the whole log of every game, or of match's games when match is not
// "", a game at a time, and returns the seal of what it wrote: made of the logs as they were
// written, so that it holds for the file whatever is recorded meanwhile. step, when not nil, is
// called as each game is written.
func (a *App) Export(ctx context.Context, w io.Writer, match string, step func()) (play.Seal, int, error) {
	var heads []events.Head
	err := a.EachLog(ctx, match, func(log []events.Event) error {
		if step != nil {
			step()
		}
		heads = append(heads, events.HeadOf(log))
		return JSONL(w, log)
	})
	if err != nil {
		return play.Seal{}, 0, err
	}
	return events.FileSeal(heads), len(heads), nil
}
