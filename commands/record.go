package commands

import (
	"errors"
	"fmt"
	"io"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/table"
)

func recordCommand() *cli.Command {
	return &cli.Command{
		Name:         "record",
		Aliases:      []string{"r"},
		Usage:        "record a move; an illegal move is refused with the rule and what is legal",
		ArgsUsage:    "GAME MOVE…",
		BashComplete: completeMove,
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "force", Usage: "record an illegal move anyway, flagged (it happened at the table)"},
			&cli.Int64Flag{Name: "after", Usage: "record only if the log's last event is this one (for scripts)"},
			formatFlag(textOrJSON),
		},
		Action: func(c *cli.Context) error {
			format, err := checkFormat(c, textOrJSON)
			if err != nil {
				return err
			}
			err = record(c, format)
			if err != nil && format == "json" {
				// A script reads the failure as the API writes it; a person reads stderr.
				if werr := writeJSON(c.App.Writer, problemOf(err)); werr != nil {
					return werr
				}
			}
			return err
		},
	}
}

func record(c *cli.Context, format string) error {
	app, g, err := openGame(c)
	if err != nil {
		return err
	}
	defer app.Close()
	words := c.Args().Slice()[1:]
	if len(words) == 0 {
		return hinted{usagef("what move? (tableside record %d MOVE…)", g.ID()), g.Hint()}
	}
	return enter(c, app, g, words, table.RecordOptions{Force: c.Bool("force"), Expect: c.Int64("after")}, face{format: format})
}

// face is how an entry is reported: by tableside record, or at the play prompt, whose own prompt
// says what is next and whose words are its own (force MOVE, rule SEQ …).
type face struct {
	prompt bool
	format string // "json" for scripts
}

// forceWords and ruleWords say, in the face's own words, how to force a move and settle a flag.
func (f face) forceWords() string {
	if f.prompt {
		return "force MOVE"
	}
	return "--force"
}

func (f face) ruleWords(game, seq int64) string {
	if f.prompt {
		return fmt.Sprintf("rule %d condone|void -- why", seq)
	}
	return fmt.Sprintf("`tableside rule %d %d condone|void --note …`", game, seq)
}

// enter records a move typed against g and reports it. A forced move that broke a rule was
// recorded all the same: a warning says how to settle its flag, and the entry succeeds.
func enter(c *cli.Context, app *table.App, g *play.Game, words []string, opt table.RecordOptions, f face) error {
	rec, err := app.Record(c.Context, g, words, opt)
	var te *play.Error
	if errors.As(err, &te) {
		noteRejudged(c.App.ErrWriter, g.ID(), te.Rejudged)
	}
	if err != nil {
		return advise(err, g.ID(), f)
	}
	noteRejudged(c.App.ErrWriter, g.ID(), rec.Rejudged)
	for _, fl := range rec.Own() {
		fmt.Fprintf(c.App.ErrWriter, "tableside: warning: event %d is recorded with an open flag (rule %s); settle it with %s\n", rec.Event.Seq, fl.Rule, f.ruleWords(g.ID(), rec.Event.Seq))
	}
	w := c.App.Writer
	if f.format == "json" {
		return writeJSON(w, rec.Entered())
	}
	fmt.Fprintf(w, "%d: %s\n", rec.Event.Seq, rec.Game.Describe(rec.Event))
	for _, fl := range rec.Flags {
		if fl.Seq == rec.Event.Seq {
			fmt.Fprintf(w, "  flagged %s\n", fl)
		} else {
			fmt.Fprintf(w, "  this reveals event %d: %s\n", fl.Seq, fl)
		}
	}
	if !f.prompt {
		fmt.Fprintf(w, "next: %s\n", rec.Game.Hint())
	}
	return nil
}

// writeReport prints a game's referee report: a title, then every flag.
func writeReport(w io.Writer, g *play.Game, title string) {
	open := len(g.OpenFlags())
	fmt.Fprintf(w, "%s; %d open flag%s\n", title, open, plural(open))
	for _, f := range g.Flags() {
		fmt.Fprintf(w, "  event %d: %s\n", f.Seq, f)
	}
}
