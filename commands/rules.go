package commands

import (
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/render"

	"github.com/tableside/tableside/table"
)

func rulesCommand() *cli.Command {
	return &cli.Command{
		Name:      "rules",
		Usage:     "the rulings the referee applies, with their ids, the options and the move grammar",
		ArgsUsage: "[KIND]",
		Flags:     []cli.Flag{formatFlag(textOrJSON)},
		Action: func(c *cli.Context) error {
			format, err := checkFormat(c, textOrJSON)
			if err != nil {
				return err
			}
			w := c.App.Writer
			if c.NArg() == 0 {
				fmt.Fprintf(w, "games: %s\nsee `tableside rules KIND`, and `tableside rules tournament` for a night in rounds\n", strings.Join(play.Kinds(), ", "))
				return nil
			}
			rb, err := table.RulebookOf(c.Args().First())
			if err != nil {
				return err
			}
			if format == "json" {
				return writeJSON(c.App.Writer, rb)
			}
			players := fmt.Sprintf("%d–%d", rb.Players[0], rb.Players[1])
			if rb.Players[0] == rb.Players[1] {
				players = fmt.Sprint(rb.Players[0])
			}
			fmt.Fprintf(w, "%s — %s (ruleset %s), %s players\n\n", rb.Name, rb.Kind, rb.Ruleset, players)
			if len(rb.Options) == 0 {
				fmt.Fprintln(w, "options: none")
			} else {
				fmt.Fprintln(w, "options (the first value is the default):")
			}
			var options []string
			for _, o := range rb.Options {
				what, values := "rule "+o.Rule, strings.Join(o.Values, "|")
				switch {
				case o.Numeric:
					what = "any whole number, " + what
				case o.List:
					values = o.Values[0]
					what = "a list, in order, of " + strings.Join(o.Values[1:], ", ") + "; " + what
				}
				options = append(options, fmt.Sprintf("--option %s=%s  %s", o.Name, values, what))
			}
			writeForms(w, options)
			fmt.Fprintf(w, "\nmoves (tableside record GAME …):\n")
			writeForms(w, rb.Grammar)
			fmt.Fprintf(w, "\nrulings:\n")
			width := render.Columns(w)
			for _, rl := range rb.Rulings {
				fmt.Fprintln(w, render.Wrap(fmt.Sprintf("%s %s. %s", rl.ID, rl.Title, rl.Text), "  ", "      ", width))
			}
			return nil
		},
	}
}

// writeForms lists forms and what each does, as an engine's Grammar gives them ("FORM  what it
// does", parted by two spaces or more): the forms in a column, what they do beside them, wrapped
// in a column of its own. A form too long for its column stands on its own line, what it does on
// the lines below. A line with no such parting (a note) wraps under itself, and a line that
// starts with a space (a table of its own, as Article II's cards) is written as it is.
func writeForms(w io.Writer, lines []string) {
	width := render.Columns(w)
	// The form column is as wide as the widest form that leaves what it does half the line.
	column := 0
	for _, line := range lines {
		if form, _, ok := play.SplitForm(line); ok && len([]rune(form)) <= width/2-4 {
			column = max(column, len([]rune(form)))
		}
	}
	indent := strings.Repeat(" ", 2+column+2)
	for _, line := range lines {
		form, what, ok := play.SplitForm(line)
		switch {
		case strings.HasPrefix(line, " "):
			fmt.Fprintln(w, "  "+line)
		case !ok:
			fmt.Fprintln(w, render.Wrap(line, "  ", "    ", width))
		case len([]rune(form)) > column:
			fmt.Fprintln(w, "  "+form)
			fmt.Fprintln(w, render.Wrap(what, indent, indent, width))
		default:
			first := "  " + form + strings.Repeat(" ", column-len([]rune(form))+2)
			fmt.Fprintln(w, render.Wrap(what, first, indent, width))
		}
	}
}
