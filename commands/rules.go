package commands

import (
	"fmt"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/commands/render"

	"github.com/tableside/tableside/commands/table"
	"github.com/tableside/tableside/referee"
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
			for _, o := range r.Options() {
				values := strings.Join(o.Values, "|")
				if o.Numeric {
					values += " (any whole number)"
				}
				fmt.Fprintf(w, "  --option %s=%s   (rule %s)\n", o.Name, values, o.Rule)
			}
			fmt.Fprintf(w, "\nmoves (tableside record GAME …):\n")
			for _, g := range r.Grammar() {
				fmt.Fprintln(w, render.Wrap(g, "  ", "      ", render.Columns(w)))
			}
			fmt.Fprintf(w, "\nrulings:\n")
			width := render.Columns(w)
			for _, rl := range rulings {
				fmt.Fprintln(w, render.Wrap(fmt.Sprintf("%s %s. %s", rl.ID, rl.Title, rl.Text), "  ", "      ", width))
			}
			return nil
		},
	}
}
