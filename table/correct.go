package table

import (
	"context"

	"github.com/tableside/tableside/play"
)

// CorrectOptions say how to make a correction.
type CorrectOptions struct {
	// DryRun says what the correction would do, and stores nothing.
	DryRun bool
	// ByTable says the correction is a table's (an undo or a confirmation from its phone or
	// page), not the director's: once the game's tournament round is over it is refused
	// (RoundOverError, T16), a dry run too.
	ByTable bool
}

// Correct reads a correction typed against g (the game as the typist saw it), judges it
// against the log and appends it, or with a dry run only says what it would do. An undo takes
// back the move that was the latest in g: if another terminal has recorded a move since,
// nothing is undone.
func (a *App) Correct(ctx context.Context, g *play.Game, c play.Correction, opt CorrectOptions) (*play.Corrected, error) {
	if c.Expect != 0 && c.Expect != g.Last() {
		return nil, conflict(g, c.Expect, 0)
	}
	typed, err := g.ReadCorrection(c)
	if err != nil {
		return nil, err
	}
	judge := func(g *play.Game) (play.Judgement, error) { return g.JudgeCorrection(typed, a.now().UnixMilli()) }
	if opt.DryRun {
		if opt.ByTable {
			if _, err := a.roundInPlay(ctx, g); err != nil {
				return nil, err
			}
		}
		j, err := judge(g)
		if err != nil {
			return nil, err
		}
		return &play.Corrected{Event: j.Event(), Before: g, After: g.With(j)}, nil
	}
	before, after, e, rejudged, err := a.commit(ctx, g, c.Expect != 0 || typed.Strict(), opt.ByTable, judge)
	if err != nil {
		return nil, notStored(err, "the correction")
	}
	return &play.Corrected{Event: e, Before: before, After: after, Rejudged: rejudged}, nil
}
