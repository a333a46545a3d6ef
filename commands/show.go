package commands

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/render"
	"github.com/tableside/tableside/table"
)

func showCommand() *cli.Command {
	return gameCommand(&cli.Command{
		Name:  "show",
		Usage: "the table now: where the game stands, whose turn it is, the legal moves and the open flags",
	}, textOrJSON, func(c *cli.Context, _ *table.App, g *play.Game, format string) error {
		if format == "json" {
			return writeJSON(c.App.Writer, g.View())
		}
		show(c.App.Writer, g)
		return nil
	})
}

// show writes the table now, as `show --json` gives it: the game's status, what is legal and
// the open flags.
func show(w io.Writer, g *play.Game) {
	v := g.View()
	fmt.Fprintf(w, "game %d: %s, %s\n", v.Game, v.Kind, strings.Join(v.Players, " v "))
	for _, f := range v.Status {
		fmt.Fprintf(w, "  %-20s %s\n", f.Label+":", f.Value)
	}
	fmt.Fprintf(w, "  %-20s %s\n", "legal:", v.Hint)
	open := v.Flags
	if len(open) == 0 {
		fmt.Fprintf(w, "  %-20s none\n", "open flags:")
		return
	}
	fmt.Fprintf(w, "  open flags:\n")
	for _, f := range open {
		fmt.Fprintf(w, "    event %d: %s\n", f.Seq, f)
	}
}

func logCommand() *cli.Command {
	return gameCommand(&cli.Command{
		Name:  "log",
		Usage: "the game's events with their flags",
	}, tableOrJSON, func(c *cli.Context, _ *table.App, g *play.Game, format string) error {
		return writeLog(c.App.Writer, g, format)
	})
}

// logTime is when an entry was stored and, for a move that reached the store a second or more
// after it was played (a phone's, kept while the network was gone), when it was played: the
// column counts seconds, and a move sent at once says nothing more.
func logTime(e play.Entry) string {
	stored := time.UnixMilli(e.At).Format("15:04:05")
	if e.PlayedAt == 0 || e.At-e.PlayedAt < 1000 {
		return stored
	}
	return stored + " (played " + time.UnixMilli(e.PlayedAt).Format("15:04:05") + ")"
}

// writeLog writes every event with its flags and the corrections that touched it.
func writeLog(w io.Writer, g *play.Game, format string) error {
	entries := g.Entries()
	if format == "json" {
		return writeJSON(w, entries)
	}
	var rows [][]string
	for _, e := range entries {
		var flags []string
		for _, f := range e.Flags {
			flags = append(flags, f.String())
		}
		rows = append(rows, []string{fmt.Sprint(e.Seq), logTime(e), e.Text, e.Note, strings.Join(flags, "\n")})
	}
	return render.Table(w, format, []string{"event", "time", "what", "note", "flags"}, rows)
}
