package table

import (
	"context"
	"fmt"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
)

// A seal names a log by what it holds, never by the number a database gives it: a game's hash
// chain covers the number it was first recorded under, which an import keeps (events.Hash), so
// a sheet printed in a club's file is checked in the league its games moved to. Seals given
// without their game are looked for: a game's, in every game that reaches the sealed event; a
// file's, in this store as a whole and in the games each import brought from the file it
// sealed.

// FileSeal is the whole file's seal now: its games and where each one's log ends. Written
// down (the foot of `games`, verify, a season export), it catches a game removed anywhere.
func (a *App) FileSeal(ctx context.Context) (events.Seal, error) {
	heads, err := a.store.Ends(ctx)
	if err != nil {
		return events.Seal{}, err
	}
	return events.FileSeal(heads), nil
}

// FileSealCheck is what a file's seal says of this store.
type FileSealCheck struct {
	events.SealCheck
	// Imported are, when the seal is of a file whose games were imported here, those games by
	// their numbers here in the file's order (its game 1 first); nil for this store's own seal.
	Imported []int64
}

// CheckFileSeal holds the store now against a file's seal written down earlier: its own, or
// that of a file whose games an import brought here. When neither holds, the reason is the
// store's own, and says how many imports were looked at too.
func (a *App) CheckFileSeal(ctx context.Context, s events.Seal) (*FileSealCheck, error) {
	heads, err := a.store.Ends(ctx)
	if err != nil {
		return nil, err
	}
	own := &FileSealCheck{SealCheck: events.CheckFileSeal(heads, s)}
	if own.Intact {
		return own, nil
	}
	moved, err := a.store.MovedGames(ctx)
	if err != nil {
		return nil, err
	}
	end := make(map[int64]events.Head, len(heads))
	for _, h := range heads {
		end[h.Game] = h
	}
	imports := 0
	// MovedGames comes an import at a time, in the order of its file.
	for i := 0; i < len(moved); {
		j := i
		var theirs []events.Head
		var ids []int64
		for ; j < len(moved) && moved[j].Batch == moved[i].Batch; j++ {
			h := end[moved[j].Game]
			h.Game = moved[j].Number
			theirs = append(theirs, h)
			ids = append(ids, moved[j].Game)
		}
		i, imports = j, imports+1
		if c := events.CheckFileSeal(theirs, s); c.Intact {
			return &FileSealCheck{SealCheck: c, Imported: ids}, nil
		}
	}
	if imports > 0 {
		own.Reason += fmt.Sprintf("; nor does it hold for the games of %s imported here", referee.Plural(imports, "the file", fmt.Sprintf("any of the %d files", imports)))
	}
	return own, nil
}

// GameVerified is what `verify GAME` finds of one game.
type GameVerified struct {
	Game   int64
	Events int
	// Broken is where the game's hash chain breaks, nil when it is whole.
	Broken *events.Broken
	// Seal is the game's seal now.
	Seal events.Seal
	// Sealed is what the seal of a printed sheet says of the log now, when one was given.
	Sealed *events.SealCheck
	// Moved is where the game came from when an import brought it with its chain: its number
	// there names it on the sheets printed there.
	Moved *MovedFrom
}

// MovedFrom is where an imported game was kept before.
type MovedFrom struct {
	// FileGame is its number in the file it was imported from.
	FileGame int64 `json:"file_game"`
}

// VerifyGame walks one game's hash chain and, given the seal of a sheet printed earlier, says
// whether the log still begins with what the sheet was printed from.
func (a *App) VerifyGame(ctx context.Context, id int64, seal *events.Seal) (*GameVerified, error) {
	log, err := a.load(ctx, id)
	if err != nil {
		return nil, err
	}
	v := &GameVerified{Game: id, Events: len(log), Broken: events.CheckChain(log), Seal: events.SealOf(log)}
	if seal != nil {
		c := events.CheckSeal(log, *seal)
		v.Sealed = &c
	}
	if v.Moved, err = a.movedFrom(ctx, id); err != nil {
		return nil, err
	}
	return v, nil
}

// movedFrom says where game id was imported from, nil for a game recorded here.
func (a *App) movedFrom(ctx context.Context, id int64) (*MovedFrom, error) {
	moved, err := a.store.MovedGames(ctx)
	if err != nil {
		return nil, err
	}
	for _, m := range moved {
		if m.Game == id {
			return &MovedFrom{FileGame: m.Number}, nil
		}
	}
	return nil, nil
}

// GamesSealed finds, from a sheet's seal alone, the games whose logs hold the event it sealed,
// each verified against it: one, or more for a game imported twice. None when the seal is of
// no game here as it was sealed.
func (a *App) GamesSealed(ctx context.Context, s events.Seal) ([]*GameVerified, error) {
	heads, err := a.store.HashesAt(ctx, s.Events)
	if err != nil {
		return nil, err
	}
	var found []*GameVerified
	for _, h := range heads {
		if h.Seal().Code != s.Code {
			continue
		}
		v, err := a.VerifyGame(ctx, h.Game, &s)
		if err != nil {
			return nil, err
		}
		found = append(found, v)
	}
	return found, nil
}
