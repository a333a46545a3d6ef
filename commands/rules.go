package commands

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/render"

	"github.com/tableside/tableside/referee"
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
				fmt.Fprintf(w, "games: %s\nsee `tableside rules KIND`\n", strings.Join(table.Kinds(), ", "))
				return nil
			}
			r, err := table.Rules(c.Args().First())
			if err != nil {
				return err
			}
			min, max := r.Players()
			rulings := append(slices.Clone(r.Rulings()), referee.LogRulings...)
			if format == "json" {
				return writeJSON(c.App.Writer, map[string]any{"kind": r.Kind(), "ruleset": r.Ruleset(), "players": []int{min, max},
					"options": r.Options(), "grammar": r.Grammar(), "rulings": rulings})
			}
			players := fmt.Sprintf("%d–%d", min, max)
			if min == max {
				players = fmt.Sprint(min)
			}
			fmt.Fprintf(w, "%s — %s (ruleset %s), %s players\n\n", r.Name(), r.Kind(), r.Ruleset(), players)
			if len(r.Options()) == 0 {
				fmt.Fprintln(w, "options: none")
			} else {
				fmt.Fprintln(w, "options (the first value is the default):")
			}
			var options []string
			for _, o := range r.Options() {
				what := "rule " + o.Rule
				if o.Numeric {
					what = "any whole number, " + what
				}
				options = append(options, fmt.Sprintf("--option %s=%s  %s", o.Name, strings.Join(o.Values, "|"), what))
			}
			writeForms(w, options)
			fmt.Fprintf(w, "\nmoves (tableside record GAME …):\n")
			writeForms(w, r.Grammar())
			fmt.Fprintf(w, "\nrulings:\n")
			width := render.Columns(w)
			for _, rl := range rulings {
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
		if form, _, ok := splitForm(line); ok && len([]rune(form)) <= width/2-4 {
			column = max(column, len([]rune(form)))
		}
	}
	indent := strings.Repeat(" ", 2+column+2)
	for _, line := range lines {
		form, what, ok := splitForm(line)
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

// splitForm parts a line of forms at its first run of two spaces or more: the form, and what
// it does.
func splitForm(line string) (form, what string, ok bool) {
	i := strings.Index(line, "  ")
	if i <= 0 {
		return "", "", false
	}
	return line[:i], strings.TrimSpace(line[i:]), true
}
