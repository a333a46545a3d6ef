package table

import (
	"context"

	"github.com/tableside/tableside/play"
)

// Correct reads a correction typed against g (the game as the typist saw it), judges it
// against the log and appends it, or with dryRun only says what it would do. An undo takes
// back the move that was the latest in g: if another terminal has recorded a move since,
// nothing is undone.
func (a *App) Correct(ctx context.Context, g *play.Game, c play.Correction, dryRun bool) (*play.Corrected, error) {
	if c.Expect != 0 && c.Expect != g.Last() {
		return nil, conflict(g, c.Expect, 0)
	}
	typed, err := g.ReadCorrection(c)
	if err != nil {
		return nil, err
	}
	judge := func(g *play.Game) (play.Judgement, error) { return g.JudgeCorrection(typed, a.now().UnixMilli()) }
	if dryRun {
		j, err := judge(g)
		if err != nil {
			return nil, err
		}
		return &play.Corrected{Event: j.Event(), Before: g, After: g.With(j)}, nil
	}
	before, after, e, rejudged, err := a.commit(ctx, g, c.Expect != 0 || typed.Strict(), judge)
	if err != nil {
		return nil, notStored(err, "the correction")
	}
	return &play.Corrected{Event: e, Before: before, After: after, Rejudged: rejudged}, nil
}
