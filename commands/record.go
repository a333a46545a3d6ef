package commands

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
)

// conflictRetries is how often record judges a move again after another terminal recorded
// first; each time the move is judged against the newer record.
const conflictRetries = 20

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
			t, err := openGame(c)
			if err != nil {
				return err
			}
			defer t.store.Close()
			words := c.Args().Slice()[1:]
			if len(words) == 0 {
				return hinted{usagef("what move? (tableside record %d MOVE…)", t.id), t.Game.Hint()}
			}
			return t.enter(c.App.Writer, c.App.ErrWriter, words, c.Bool("force"), c.Int64("after"))
		},
	}
}

// enter records a typed move and reports it. When another terminal records first, the move
// is judged again against the newer record, unless the caller named the event it expects to
// follow (after), for which a conflict is an error.
func (t *table) enter(w, errw io.Writer, words []string, force bool, after int64) error {
	for attempt := 0; ; attempt++ {
		if after != 0 && after != t.Last {
			return hinted{fmt.Errorf("%w: the log ends at event %d, not %d; nothing was recorded", events.ErrConflict, t.Last, after), fmt.Sprintf("see `tableside show %d`, then enter it again", t.id)}
		}
		stored, flags, err := t.record(words, force)
		if errors.Is(err, events.ErrConflict) && after == 0 && attempt < conflictRetries {
			fmt.Fprintf(errw, "tableside: note: another terminal recorded in game %d first; judging the move again\n", t.id)
			fresh, err := load(t.store, t.id)
			if err != nil {
				return err
			}
			*t = *fresh
			continue
		}
		if err != nil {
			return err
		}
		return t.report(w, stored, flags)
	}
}

// record judges a typed move against the game and appends it unless it is refused.
func (t *table) record(words []string, force bool) (events.Event, []referee.Flag, error) {
	hint := t.Game.Hint()
	m, err := t.Game.Parse(words)
	if err != nil {
		return events.Event{}, nil, hinted{usageError{err.Error()}, hint}
	}
	if t.Game.Over() && !force {
		return events.Event{}, nil, hinted{fmt.Errorf("game %d is over; nothing was recorded", t.id), fmt.Sprintf("see `tableside score %d`, or correct a move with amend or void", t.id)}
	}
	seq := t.Last + 1
	flags := t.Game.Apply(seq, m)
	if own := flagsAt(flags, seq); len(own) > 0 && !force {
		return events.Event{}, nil, hinted{refusal(own), "legal now: " + hint + "  (or --force to record it flagged)"}
	}
	e, err := event(m.Type, m.Actor, m.Payload)
	if err != nil {
		return events.Event{}, nil, err
	}
	stored, err := t.store.Append(t.id, t.Last, []events.Event{e})
	if err != nil {
		return events.Event{}, nil, err
	}
	t.Last = stored[0].Seq
	t.log = append(t.log, stored[0])
	return stored[0], flags, nil
}

// flagsAt returns the flags on event seq.
func flagsAt(flags []referee.Flag, seq int64) []referee.Flag {
	var out []referee.Flag
	for _, f := range flags {
		if f.Seq == seq {
			out = append(out, f)
		}
	}
	return out
}

// refusal is the error for a refused move: every flag it would raise, the first one leading.
func refusal(flags []referee.Flag) error {
	lines := make([]string, len(flags))
	for i, f := range flags {
		lines[i] = flagLine(f)
	}
	return errors.New(strings.Join(lines, "\n  and "))
}

// flaggedError reports a move recorded with --force: it is in the log, and it broke a rule.
type flaggedError struct{ game, seq int64 }

func (e flaggedError) Error() string {
	return fmt.Sprintf("event %d was recorded with open flags; settle them with `tableside rule %d %d condone|void --note …`", e.seq, e.game, e.seq)
}

// report tells the table what was recorded, what it revealed, and what comes next.
func (t *table) report(w io.Writer, e events.Event, flags []referee.Flag) error {
	fmt.Fprintf(w, "%d: %s\n", e.Seq, t.Game.Describe(referee.Move{Type: e.Type, Actor: e.Actor, Payload: e.Payload}))
	for _, f := range flags {
		if f.Seq == e.Seq {
			fmt.Fprintf(w, "  flagged %s\n", flagLine(f))
		} else {
			fmt.Fprintf(w, "  this reveals event %d: %s\n", f.Seq, flagLine(f))
		}
	}
	fmt.Fprintf(w, "next: %s\n", t.Game.Hint())
	if len(flagsAt(flags, e.Seq)) > 0 {
		return flaggedError{t.id, e.Seq}
	}
	return nil
}
