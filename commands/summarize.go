package commands

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/table"
)

func summarizeCommand() *cli.Command {
	return &cli.Command{
		Name:  "summarize",
		Usage: "make every game's summary (what lists and standings read) again from its replay",
		Description: "Each game's summary is written with each move and read by games, stats and a tournament's\n" +
			"rounds in place of a replay. It is never trusted over the log: a summary not made from the\n" +
			"game's last event is not read. Run this when check --all names a summary that differs from\n" +
			"its replay; nothing in any game's log changes.",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "jobs", Usage: "how many games to replay at once", DefaultText: "one per core"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usagef("unexpected word %q: tableside summarize takes no arguments", c.Args().First())
			}
			app, bar, err := openWalk(c, "summarizing", "text")
			if err != nil {
				return err
			}
			defer app.Close()
			games := 0
			written, err := app.Resummarize(c.Context, table.Walk{Workers: c.Int("jobs")}, func() { games++; bar.Step() })
			bar.Done()
			if err != nil {
				return err
			}
			fmt.Fprintf(c.App.Writer, "%d of %d games summarized again\n", written, games)
			return nil
		},
	}
}
