package commands

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/commands/render"
	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
)

func showCommand() *cli.Command {
	return gameCommand(&cli.Command{
		Name:  "show",
		Usage: "the table now: seat, candidate, high bid, whose turn, legal moves, open flags",
	}, textOrJSON, func(c *cli.Context, t *table, format string) error {
		legal := []string{}
		for _, m := range t.Game.Legal() {
			legal = append(legal, t.Game.Notation(m))
		}
		open := nonNilFlags(t.OpenFlags())
		if format == "json" {
			return writeJSON(c, map[string]any{
				"game": t.id, "kind": t.Setup.Kind, "players": t.Setup.Players, "options": t.Setup.Options,
				"status": t.Game.Status(), "over": t.Game.Over(), "hint": t.Game.Hint(), "legal": legal, "flags": open,
			})
		}
		t.show(c.App.Writer)
		return nil
	})
}

// show writes the table now: the game's status, what is legal and the open flags.
func (t *table) show(w io.Writer) {
	fmt.Fprintf(w, "game %d: %s, %s\n", t.id, t.Setup.Kind, strings.Join(t.Setup.Players, " v "))
	for _, f := range t.Game.Status() {
		fmt.Fprintf(w, "  %-20s %s\n", f.Label+":", f.Value)
	}
	fmt.Fprintf(w, "  %-20s %s\n", "legal:", t.Game.Hint())
	open := t.OpenFlags()
	if len(open) == 0 {
		fmt.Fprintf(w, "  %-20s none\n", "open flags:")
		return
	}
	fmt.Fprintf(w, "  open flags:\n")
	for _, f := range open {
		fmt.Fprintf(w, "    event %d: %s\n", f.Seq, flagLine(f))
	}
}

func nonNilFlags(f []referee.Flag) []referee.Flag {
	if f == nil {
		return []referee.Flag{}
	}
	return f
}

// describe writes any event of the log for people, corrections included.
func (t *table) describe(e events.Event) string {
	if referee.IsMove(e.Type) {
		return t.Game.Describe(referee.Move{Type: e.Type, Actor: e.Actor, Payload: e.Payload})
	}
	switch e.Type {
	case events.TypeCreated:
		return fmt.Sprintf("new %s game: %s", t.Setup.Kind, strings.Join(t.Setup.Players, ", "))
	case events.TypeVoid:
		var v events.Void
		decode(e, &v)
		return withNote(fmt.Sprintf("void event %d", v.Target), v.Note)
	case events.TypeAmend:
		var a events.Amend
		decode(e, &a)
		return withNote(fmt.Sprintf("amend event %d to: %s", a.Target, t.Game.Describe(referee.Move{Type: a.Type, Actor: a.Actor, Payload: a.Payload})), a.Note)
	case events.TypeRuling:
		var r events.Ruling
		decode(e, &r)
		return withNote(fmt.Sprintf("ruling on event %d: %s", r.Target, r.Decision), r.Note)
	case events.TypeAdjust:
		var a events.Adjust
		decode(e, &a)
		return withNote(fmt.Sprintf("adjust %s %+d", a.Player, a.Points), a.Note)
	}
	return e.Type
}

func withNote(s, note string) string {
	if note == "" {
		return s
	}
	return s + " (" + note + ")"
}

func logCommand() *cli.Command {
	return gameCommand(&cli.Command{
		Name:  "log",
		Usage: "the game's events with their flags",
	}, tableOrJSON, func(c *cli.Context, t *table, format string) error {
		return t.writeLog(c.App.Writer, format)
	})
}

// writeLog writes every event with its flags and the corrections that touched it.
func (t *table) writeLog(w io.Writer, format string) error {
	bySeq := map[int64][]referee.Flag{}
	for _, f := range t.Flags {
		bySeq[f.Seq] = append(bySeq[f.Seq], f)
	}
	if format == "json" {
		type entry struct {
			events.Event
			Text  string         `json:"text"`
			Note  string         `json:"note,omitempty"`
			Flags []referee.Flag `json:"flags"`
		}
		out := []entry{}
		for _, e := range t.log {
			out = append(out, entry{e, t.describe(e), t.Notes[e.Seq], nonNilFlags(bySeq[e.Seq])})
		}
		return writeJSONTo(w, out)
	}
	var rows [][]string
	for _, e := range t.log {
		var fl []string
		for _, f := range bySeq[e.Seq] {
			fl = append(fl, flagLine(f))
		}
		rows = append(rows, []string{fmt.Sprint(e.Seq), time.UnixMilli(e.At).Format("15:04:05"), t.describe(e), t.Notes[e.Seq], strings.Join(fl, "\n")})
	}
	return render.Table(w, format, []string{"event", "time", "what", "note", "flags"}, rows)
}
