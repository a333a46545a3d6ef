package commands

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/render"
	"github.com/tableside/tableside/table"
)

func noteFlag() cli.Flag {
	return &cli.StringFlag{Name: "note", Usage: "why (shown on the log and the score sheet)"}
}

// correction completes a command that records one correction: it reads the game and the
// words after it, and shows what the correction changes (or, with --dry-run, would change).
func correction(cmd *cli.Command) *cli.Command {
	cmd.BashComplete = completeGame
	cmd.Flags = append(cmd.Flags, noteFlag(), &cli.BoolFlag{Name: "dry-run", Usage: "print how flags and scores would change, and record nothing"}, formatFlag(textOrJSON))
	cmd.Action = func(c *cli.Context) error {
		format, err := checkFormat(c, textOrJSON)
		if err != nil {
			return err
		}
		app, g, err := openGame(c)
		if err != nil {
			return err
		}
		defer app.Close()
		return correct(c, app, g, play.Correction{Verb: cmd.Name, Args: c.Args().Slice()[1:], Note: c.String("note"), Force: c.Bool("force")}, c.Bool("dry-run"), face{format: format})
	}
	return cmd
}

// correct records a correction typed against g and shows what it changed.
func correct(c *cli.Context, app *table.App, g *play.Game, corr play.Correction, dryRun bool, f face) error {
	done, err := app.Correct(c.Context, g, corr, table.CorrectOptions{DryRun: dryRun})
	var te *play.Error
	if errors.As(err, &te) {
		noteRejudged(c.App.ErrWriter, g.ID(), te.Rejudged)
	}
	if err != nil {
		return advise(err, g.ID(), f)
	}
	noteRejudged(c.App.ErrWriter, g.ID(), done.Rejudged)
	w := c.App.Writer
	told, err := app.CorrectionEntered(c.Context, done, dryRun)
	if err != nil {
		return err
	}
	if f.format == "json" {
		return writeJSON(w, told)
	}
	if dryRun {
		fmt.Fprintf(w, "dry run, nothing recorded: %s\n", done.After.Describe(done.Event))
		writeChanges(w, done.Changes(), told.Standings)
		return writePairingChanges(c, app, done.After)
	}
	fmt.Fprintf(w, "%d: %s\n", done.Event.Seq, done.After.Describe(done.Event))
	writeChanges(w, done.Changes(), told.Standings)
	if !f.prompt {
		fmt.Fprintf(w, "next: %s\n", done.After.Hint())
	}
	return nil
}

// writeChanges prints how a correction changes the flags and totals, and, for a game of a
// tournament, its standings.
func writeChanges(w io.Writer, ch play.Changes, standings *table.StandingsChange) {
	for _, f := range ch.Added {
		fmt.Fprintf(w, "  + flag on event %d: %s\n", f.Seq, f)
	}
	for _, f := range ch.Removed {
		fmt.Fprintf(w, "  - flag gone from event %d: %s\n", f.Seq, f)
	}
	for _, f := range ch.Settled {
		how := f.Settled
		f.Settled = ""
		fmt.Fprintf(w, "  = flag on event %d settled (%s): %s\n", f.Seq, how, f)
	}
	for _, t := range ch.Totals {
		fmt.Fprintf(w, "  %s: %d → %d\n", t.Player, t.From, t.To)
	}
	if ch.None() {
		fmt.Fprintln(w, "  no flag or total changes")
	}
	if standings != nil {
		fmt.Fprintf(w, "  %s\n", render.StandingsMoved(standings.Tournament, standings.Before, standings.After))
	}
}

func undoCommand() *cli.Command {
	return correction(&cli.Command{
		Name:      "undo",
		Usage:     "take back the latest move (recorded as a void; nothing is erased)",
		ArgsUsage: "GAME",
	})
}

func voidCommand() *cli.Command {
	return correction(&cli.Command{
		Name:      "void",
		Usage:     "take back an earlier move; everything after it is judged again",
		ArgsUsage: "GAME SEQ (the event number from tableside log)",
	})
}

func amendCommand() *cli.Command {
	return correction(&cli.Command{
		Name:      "amend",
		Usage:     "replace an earlier move; everything after it is judged again",
		ArgsUsage: "GAME SEQ MOVE… (e.g. amend 3 7 ann bid 10H)",
		Flags:     []cli.Flag{&cli.BoolFlag{Name: "force", Usage: "amend to an illegal move anyway, flagged"}},
	})
}

func ruleCommand() *cli.Command {
	return correction(&cli.Command{
		Name:      "rule",
		Usage:     "settle the flags on a move: condone (it stands) or void (it is taken back)",
		ArgsUsage: "GAME SEQ condone|void [--note \"why\"]",
	})
}

func abandonCommand() *cli.Command {
	return correction(&cli.Command{
		Name:      "abandon",
		Usage:     "stop a game before its end, with the reason; void the abandon to take the game up again",
		ArgsUsage: "GAME --note \"why\"",
	})
}

func adjustCommand() *cli.Command {
	return correction(&cli.Command{
		Name:      "adjust",
		Usage:     "add or take points from a player, with a reason",
		ArgsUsage: "GAME PLAYER ±N --note \"why\"",
	})
}

func confirmCommand() *cli.Command {
	return correction(&cli.Command{
		Name:      "confirm",
		Usage:     "confirm a scored round (a hand, a seat) as it stands, for the side that did not enter it",
		ArgsUsage: "GAME ROUND PLAYER (the round's number on the score sheet; who confirms)",
	})
}

// writePairingChanges says, for a game of a tournament, which later rounds would have been
// paired otherwise had the game stood as the correction leaves it; they stand as played (T9).
func writePairingChanges(c *cli.Context, app *table.App, after *play.Game) error {
	changes, err := app.WouldHavePaired(c.Context, after)
	if err != nil {
		return err
	}
	for _, ch := range changes {
		var tables []string
		for _, t := range ch.Would.Tables {
			tables = append(tables, strings.Join(t.Players, " v "))
		}
		if len(ch.Would.Byes) > 0 {
			tables = append(tables, "bye "+strings.Join(ch.Would.Byes, ", "))
		}
		fmt.Fprintf(c.App.Writer, "  round %d would have been paired %s; it stands as played (T9)\n", ch.Round, strings.Join(tables, ", "))
	}
	return nil
}
