package commands

import (
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/render"
	"github.com/tableside/tableside/table"
)

func matchCommand() *cli.Command {
	return &cli.Command{
		Name:      "match",
		Usage:     "the standings of a match or season: every game's points summed (without a name, the matches)",
		ArgsUsage: "[NAME]",
		Flags:     []cli.Flag{formatFlag(tableOrJSON)},
		Action: func(c *cli.Context) error {
			format, err := checkFormat(c, tableOrJSON)
			if err != nil {
				return err
			}
			app, err := openApp(c)
			if err != nil {
				return err
			}
			defer app.Close()
			if c.NArg() == 0 {
				matches, err := app.Matches(c.Context)
				if err != nil {
					return err
				}
				if format == "json" {
					return writeJSON(c.App.Writer, matches)
				}
				var rows [][]string
				for _, m := range matches {
					rows = append(rows, []string{m.Match, m.Kind, fmt.Sprint(m.Games)})
				}
				return render.Table(c.App.Writer, format, []string{"match", "kind", "games"}, rows)
			}
			s, err := app.Match(c.Context, strings.Join(c.Args().Slice(), " "))
			if err != nil {
				return err
			}
			if format == "json" {
				return writeJSON(c.App.Writer, s)
			}
			if err := writeStandings(c, format, s); err != nil || format != "table" {
				return err
			}
			// A tournament's games make a match of its name: its standings rank otherwise.
			v, ok, err := app.TournamentOfMatch(c.Context, s.Match)
			if err != nil || !ok || len(v.Standings) == 0 {
				return err
			}
			var first []string
			for _, st := range v.Standings {
				if st.Place == 1 {
					first = append(first, st.Name)
				}
			}
			fmt.Fprintf(c.App.Writer, "note: these are the games' own points summed; tournament %d ranks by its points (T8) and tie-breaks, led by %s: tableside tournament show %d\n",
				v.Game, strings.Join(first, ", "), v.Game)
			return nil
		},
	}
}

// writeStandings writes a match's table (render.MatchStandings, whole) under a line saying
// what the match is, and who leads.
func writeStandings(c *cli.Context, format string, s *table.Standings) error {
	w := c.App.Writer
	standings := render.MatchStandings(s, render.Whole)
	if format == "csv" { // one table a file: the standings only, every cell through the formula guard
		return standings.Write(w, format)
	}
	fmt.Fprintf(w, "match %s: %d game%s of %s", s.Match, s.Games, plural(s.Games), s.Kind)
	switch {
	case s.Complete:
		fmt.Fprintf(w, ", complete (%d games, %s)", s.Length, s.Rule)
	case s.Length > 0:
		fmt.Fprintf(w, " of %d (%s)", s.Length, s.Rule)
	}
	fmt.Fprintln(w)
	if err := standings.Write(w, format); err != nil {
		return err
	}
	lead := "leads"
	if len(s.Leaders) > 1 {
		lead = "share the lead"
	}
	fmt.Fprintf(w, "%s %s with %d points\n", andList(s.Leaders), lead, s.Standings[0].Points)
	if len(s.Others) > 0 {
		fmt.Fprintf(c.App.ErrWriter, "tableside: note: games %v are filed under this match but are not %s: not counted\n", s.Others, s.Kind)
	}
	return nil
}

// andList writes names as people do: "ann", "ann and bob", "ann, bob and cy".
func andList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
