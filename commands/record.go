package commands

import (
	"errors"
	"fmt"
	"io"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/commands/table"
)

func recordCommand() *cli.Command {
	return &cli.Command{
		Name:      "record",
		Aliases:   []string{"r"},
		Usage:     "record a move; an illegal move is refused with the rule and what is legal",
		ArgsUsage: "GAME MOVE…",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "force", Usage: "record an illegal move anyway, flagged (it happened at the table)"},
			&cli.Int64Flag{Name: "after", Usage: "record only if the log's last event is this one (for scripts)"},
		},
		Action: func(c *cli.Context) error {
			app, g, err := openGame(c)
			if err != nil {
				return err
			}
			defer app.Close()
			words := c.Args().Slice()[1:]
			if len(words) == 0 {
				return hinted{usagef("what move? (tableside record %d MOVE…)", g.ID), g.Game.Hint()}
			}
			return enter(c, app, g, words, table.RecordOptions{Force: c.Bool("force"), Expect: c.Int64("after")})
		},
	}
}

// enter records a move typed against g and reports it.
func enter(c *cli.Context, app *table.App, g *table.Game, words []string, opt table.RecordOptions) error {
	rec, err := app.Record(c.Context, g, words, opt)
	var te *table.Error
	if errors.As(err, &te) {
		noteRejudged(c.App.ErrWriter, g.ID, te.Rejudged)
	}
	if err != nil {
		return advise(err, g.ID)
	}
	noteRejudged(c.App.ErrWriter, g.ID, rec.Rejudged)
	w := c.App.Writer
	fmt.Fprintf(w, "%d: %s\n", rec.Event.Seq, rec.Game.Describe(rec.Event))
	for _, f := range rec.Flags {
		if f.Seq == rec.Event.Seq {
			fmt.Fprintf(w, "  flagged %s\n", f)
		} else {
			fmt.Fprintf(w, "  this reveals event %d: %s\n", f.Seq, f)
		}
	}
	fmt.Fprintf(w, "next: %s\n", rec.Game.Game.Hint())
	if len(rec.Own()) > 0 {
		return flaggedError{g.ID, rec.Event.Seq}
	}
	return nil
}

// flaggedError reports a move recorded with --force: it is in the log, and it broke a rule.
type flaggedError struct{ game, seq int64 }

func (e flaggedError) Error() string {
	return fmt.Sprintf("event %d was recorded with open flags; settle them with `tableside rule %d %d condone|void --note …`", e.seq, e.game, e.seq)
}

// writeReport prints a game's referee report: a title, then every flag.
func writeReport(w io.Writer, g *table.Game, title string) {
	open := len(g.OpenFlags())
	fmt.Fprintf(w, "%s; %d open flag%s\n", title, open, plural(open))
	for _, f := range g.Flags {
		fmt.Fprintf(w, "  event %d: %s\n", f.Seq, f)
	}
}
