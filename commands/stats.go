package commands

import (
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/render"
	"github.com/tableside/tableside/table"
)

func statsCommand() *cli.Command {
	formats := append(slices.Clone(render.StatsFormats), "json")
	return &cli.Command{
		Name:  "stats",
		Usage: "players' results, head to head, the flags they drew, and the rating ladder of every kind (abandoned games and games in play left out)",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "kind", Usage: "count only games of `KIND`"},
			&cli.StringFlag{Name: "match", Usage: "count only the games of match `NAME`"},
			&cli.StringFlag{Name: "since", Usage: "count only games played on or after `DAY` (YYYY-MM-DD)"},
			&cli.StringFlag{Name: "until", Usage: "count only games played on or before `DAY` (YYYY-MM-DD)"},
			&cli.StringFlag{Name: "player", Usage: "show `NAME`'s figures, results and rank alone (every game still counts for the ratings)"},
			&cli.StringFlag{Name: "section", Usage: "with --format csv, the part to write, one table a file: `" + strings.Join(render.StatsSections, "|") + "`"},
			&cli.IntFlag{Name: "jobs", Usage: "how many games to replay at once", DefaultText: "one per core"},
			formatFlag(formats),
		},
		Action: func(c *cli.Context) error {
			format, err := checkFormat(c, formats)
			if err != nil {
				return err
			}
			if c.NArg() > 0 {
				return usagef("unexpected word %q: choose the games with --kind, --match, --since, --until", c.Args().First())
			}
			section := c.String("section")
			switch {
			case section != "" && format != "csv":
				return usagef("--section chooses a part of the CSV statistics: add --format csv")
			case section == "":
				section = render.StatsSections[0]
			case !slices.Contains(render.StatsSections, section):
				return usagef("no section %q (use %s)", section, strings.Join(render.StatsSections, ", "))
			}
			app, bar, err := openWalk(c, "counting", format)
			if err != nil {
				return err
			}
			defer app.Close()
			r, err := app.Stats(c.Context, table.StatsFilter{Kind: c.String("kind"), Match: c.String("match"),
				Since: c.String("since"), Until: c.String("until"), Player: c.String("player")}, table.Walk{Workers: c.Int("jobs")}, bar.Step)
			bar.Done()
			if err != nil {
				return err
			}
			if format == "json" {
				return writeJSON(c.App.Writer, r)
			}
			return render.Stats(c.App.Writer, format, r, section)
		},
	}
}
