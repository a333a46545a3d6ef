package table

import (
	"bytes"
	"context"
	"sync"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/scoring/season"
)

// Beside the games in play (kept.go), an App that keeps (Keep) remembers the tournament tables
// that made the games asked about, and the season's statistics as last counted. Neither is
// trusted over the store: each is held to what the store holds at every use.

// keptTables are the tournament tables that made the games asked about (TableOf), up to Keep's
// count and size: a table's phone has its code checked at every request, and finding the table
// reads the file's list of games. Each is remembered with the game's first event it was read
// from, and holds only while the store holds that event as it was (a file restored from an
// older copy, or edited by hand, is read afresh): a game names its tournament by identity in
// its first event, and a round paired stands (T9), so the same first event is made at the
// same table.
type keptTables struct{ memory[keptTable] }

// keptTable is the answer of TableOf for a game, and the game's first event it was read from.
type keptTable struct {
	first play.Event
	at    TournamentTable
	made  bool
}

// of is the tournament table that made game, whose first event the store holds is first:
// remembered, when it was read from that same event, else found by find and remembered.
func (k *keptTables) of(game int64, first play.Event, find func() (TournamentTable, bool, error)) (TournamentTable, bool, error) {
	if k == nil {
		return find()
	}
	if t, ok := k.recall(game); ok && sameEvent(t.first, first) {
		return t.at, t.made, nil
	}
	at, made, err := find()
	if err != nil {
		return at, made, err
	}
	// Sized as a kept game's event is, which is above what the memo beside it holds too.
	k.remember(game, func(*memo[keptTable]) (keptTable, int64, bool) {
		return keptTable{first, at, made}, sizeOf([]play.Event{first}), true
	})
	return at, made, nil
}

// sameEvent reports whether a and b are one event as stored: every column of it, since an edit
// by hand may leave the hash as it was.
func sameEvent(a, b play.Event) bool {
	return a.Game == b.Game && a.Seq == b.Seq && a.Type == b.Type && a.Actor == b.Actor && bytes.Equal(a.Payload, b.Payload) &&
		a.At == b.At && a.Hash == b.Hash && a.Origin == b.Origin
}

// keptTally is the statistics' tally an App keeps (Keep), for the pages that ask for them again
// and again, the wall every time it turns to the ladders. One count runs at a time. Keep's count
// and size do not bound it: it holds a few hundred bytes of every game of the file (Tally), and
// a game's part let go would be replayed at the next count.
type keptTally struct {
	mu    sync.Mutex
	tally Tally
}

// KeptStats is the statistics f asks for, counted from the tally the App keeps, brought up to
// the store's games first (TalliedStats); an App that keeps none counts them by a walk of the
// file (Stats).
func (a *App) KeptStats(ctx context.Context, f StatsFilter) (season.Report, error) {
	if a.tally == nil {
		return a.Stats(ctx, f, Walk{}, nil)
	}
	a.tally.mu.Lock()
	defer a.tally.mu.Unlock()
	return a.TalliedStats(ctx, &a.tally.tally, f)
}
