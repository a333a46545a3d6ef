package commands

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
)

func decode(e events.Event, v any) { _ = json.Unmarshal(e.Payload, v) } // the replay flags unreadable corrections

func dryRunFlag() cli.Flag {
	return &cli.BoolFlag{Name: "dry-run", Usage: "print how flags and scores would change, and record nothing"}
}

func noteFlag(required bool) cli.Flag {
	return &cli.StringFlag{Name: "note", Usage: "why (shown on the log and the score sheet)", Required: required}
}

// correction checks a correction against the game, shows what it changes, and appends it
// unless this is a dry run.
func (t *table) correct(w io.Writer, e events.Event, dryRun bool) error {
	e.Seq = t.Last + 1
	after, err := referee.Replay(t.rules, append(slices.Clip(t.log), e))
	if err != nil {
		return err
	}
	if dryRun {
		fmt.Fprintf(w, "dry run, nothing recorded: %s\n", t.describe(e))
		compare(w, t.Outcome, after)
		return nil
	}
	stored, err := t.append(e)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "%d: %s\n", stored.Seq, t.describe(stored))
	compare(w, t.Outcome, after)
	fmt.Fprintf(w, "next: %s\n", after.Game.Hint())
	return nil
}

// compare prints how the flags and totals of a game change from before to after.
func compare(w io.Writer, before, after *referee.Outcome) {
	key := func(f referee.Flag) string { return fmt.Sprintf("%d|%s|%s|%s", f.Seq, f.Rule, f.Message, f.Settled) }
	had := map[string]bool{}
	for _, f := range before.Flags {
		had[key(f)] = true
	}
	has := map[string]bool{}
	changed := false
	for _, f := range after.Flags {
		has[key(f)] = true
		if !had[key(f)] {
			fmt.Fprintf(w, "  + flag on event %d: %s\n", f.Seq, flagLine(f))
			changed = true
		}
	}
	for _, f := range before.Flags {
		if !has[key(f)] {
			fmt.Fprintf(w, "  - flag gone from event %d: %s\n", f.Seq, flagLine(f))
			changed = true
		}
	}
	b, a := before.Sheet(), after.Sheet()
	for _, p := range before.Setup.Players {
		if b.Totals[p] != a.Totals[p] {
			fmt.Fprintf(w, "  %s: %d → %d\n", p, b.Totals[p], a.Totals[p])
			changed = true
		}
	}
	if !changed {
		fmt.Fprintln(w, "  no flag or total changes")
	}
}

// target reads the SEQ word and checks it names a move of the game.
func (t *table) target(word string, what string) (int64, error) {
	seq, err := seqArg(word)
	if err != nil {
		return 0, err
	}
	e, ok := t.eventAt(seq)
	if !ok {
		return 0, usagef("game %d has no event %d (it ends at %d)", t.id, seq, t.Last)
	}
	if !referee.IsMove(e.Type) && !(what == "void" && e.Type == events.TypeAdjust) {
		return 0, usagef("event %d is %q, not a move: only moves can be %s", seq, t.describe(e), what)
	}
	if note := t.Notes[seq]; strings.HasPrefix(note, "voided") {
		return 0, usagef("event %d is already %s", seq, note)
	}
	return seq, nil
}

func undoCommand() *cli.Command {
	return gameCommand(&cli.Command{
		Name:  "undo",
		Usage: "take back the latest move (recorded as a void; nothing is erased)",
		Flags: []cli.Flag{dryRunFlag(), noteFlag(false)},
	}, nil, func(c *cli.Context, t *table, _ string) error {
		return t.undo(c.App.Writer, c.String("note"), c.Bool("dry-run"))
	})
}

// undo voids the latest move in force.
func (t *table) undo(w io.Writer, note string, dryRun bool) error {
	moves := t.Moves()
	if len(moves) == 0 {
		return usagef("game %d has no move to undo", t.id)
	}
	e, err := event(events.TypeVoid, "", events.Void{Target: moves[len(moves)-1].Seq, Note: note})
	if err != nil {
		return err
	}
	return t.correct(w, e, dryRun)
}

// correction is a command that appends one correction: it reads the game, checks it was given
// words words (0: build checks them), lets build turn the words into the event's type and
// payload, and shows what the event changes (or, with
// --dry-run, would change).
func correction(cmd *cli.Command, words int, build func(c *cli.Context, t *table) (string, any, error)) *cli.Command {
	cmd.Flags = append(cmd.Flags, dryRunFlag())
	cmd.Action = func(c *cli.Context) error {
		t, err := openGame(c)
		if err != nil {
			return err
		}
		defer t.store.Close()
		if words > 0 && c.NArg() != words {
			return usagef("tableside %s %s", cmd.Name, cmd.ArgsUsage)
		}
		for attempt := 0; ; attempt++ {
			typ, payload, err := build(c, t)
			if err != nil {
				return err
			}
			e, err := event(typ, "", payload)
			if err != nil {
				return err
			}
			err = t.correct(c.App.Writer, e, c.Bool("dry-run"))
			if !errors.Is(err, events.ErrConflict) || attempt == conflictRetries {
				return err
			}
			// Another terminal recorded first: read the correction again against the newer
			// record (its target may have been voided meanwhile).
			fmt.Fprintf(c.App.ErrWriter, "tableside: note: another terminal recorded in game %d first; judging the correction again\n", t.id)
			if t, err = load(t.store, t.id); err != nil {
				return err
			}
		}
	}
	return cmd
}

func voidCommand() *cli.Command {
	return correction(&cli.Command{
		Name:      "void",
		Usage:     "take back an earlier move; everything after it is judged again",
		ArgsUsage: "GAME SEQ (the event number from `tableside log`)",
		Flags:     []cli.Flag{noteFlag(false)},
	}, 2, func(c *cli.Context, t *table) (string, any, error) {
		seq, err := t.target(c.Args().Get(1), "void")
		return events.TypeVoid, events.Void{Target: seq, Note: c.String("note")}, err
	})
}

func amendCommand() *cli.Command {
	return correction(&cli.Command{
		Name:      "amend",
		Usage:     "replace an earlier move; everything after it is judged again",
		ArgsUsage: "GAME SEQ MOVE… (e.g. amend 3 7 ann bid 10H)",
		Flags:     []cli.Flag{noteFlag(false), &cli.BoolFlag{Name: "force", Usage: "amend to an illegal move anyway, flagged"}},
	}, 0, func(c *cli.Context, t *table) (string, any, error) {
		if c.NArg() < 3 {
			return "", nil, usagef("tableside amend GAME SEQ MOVE… (e.g. amend %d 7 ann bid 10H)", t.id)
		}
		seq, err := t.target(c.Args().Get(1), "amended")
		if err != nil {
			return "", nil, err
		}
		// The new move is read as the game stood when the old one was made.
		before, err := referee.ReplayUntil(t.rules, t.log, seq)
		if err != nil {
			return "", nil, err
		}
		at := fmt.Sprintf("at event %d: %s", seq, before.Game.Hint())
		m, err := before.Game.Parse(c.Args().Slice()[2:])
		if err != nil {
			return "", nil, hinted{usageError{err.Error()}, at}
		}
		if own := flagsAt(before.Game.Apply(seq, m), seq); len(own) > 0 && !c.Bool("force") {
			return "", nil, hinted{refusal(own), "legal " + at + "  (or --force)"}
		}
		return events.TypeAmend, events.Amend{Target: seq, Type: m.Type, Actor: m.Actor, Payload: m.Payload, Note: c.String("note")}, nil
	})
}

func ruleCommand() *cli.Command {
	return correction(&cli.Command{
		Name:      "rule",
		Usage:     "settle the flags on a move: condone (it stands) or void (it is taken back)",
		ArgsUsage: "GAME SEQ condone|void [--note \"why\"]",
		Flags:     []cli.Flag{noteFlag(false)},
	}, 3, func(c *cli.Context, t *table) (string, any, error) {
		seq, err := t.target(c.Args().Get(1), "ruled on")
		if err != nil {
			return "", nil, err
		}
		decision := strings.ToLower(c.Args().Get(2))
		if decision != events.Condone && decision != events.VoidIt {
			return "", nil, usagef("%q is not a ruling: use condone or void", c.Args().Get(2))
		}
		if decision == events.Condone && len(flagsAt(t.OpenFlags(), seq)) == 0 {
			return "", nil, usagef("event %d has no open flag to condone", seq)
		}
		return events.TypeRuling, events.Ruling{Target: seq, Decision: decision, Note: c.String("note")}, nil
	})
}

func adjustCommand() *cli.Command {
	return correction(&cli.Command{
		Name:      "adjust",
		Usage:     "add or take points from a player, with a reason",
		ArgsUsage: "GAME PLAYER ±N --note \"why\"",
		Flags:     []cli.Flag{noteFlag(true)},
	}, 3, func(c *cli.Context, t *table) (string, any, error) {
		i := slices.IndexFunc(t.Setup.Players, func(p string) bool { return strings.EqualFold(p, c.Args().Get(1)) })
		if i < 0 {
			return "", nil, usagef("%q is not a player of game %d (players: %s)", c.Args().Get(1), t.id, strings.Join(t.Setup.Players, ", "))
		}
		n, err := strconv.Atoi(c.Args().Get(2))
		if err != nil || n == 0 {
			return "", nil, usagef("%q is not a number of points (+3, -2)", c.Args().Get(2))
		}
		if strings.TrimSpace(c.String("note")) == "" {
			return "", nil, usagef("say why with --note")
		}
		return events.TypeAdjust, events.Adjust{Player: t.Setup.Players[i], Points: n, Note: c.String("note")}, nil
	})
}
