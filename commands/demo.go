package commands

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/commands/render"
)

func demoCommand() *cli.Command {
	return &cli.Command{
		Name:  "demo",
		Usage: "record a bundled complete game of Candidate and print its score sheet and referee report",
		Flags: []cli.Flag{formatFlag(render.Formats)},
		Action: func(c *cli.Context) error {
			format, err := checkFormat(c, render.Formats)
			if err != nil {
				return err
			}
			app, err := openApp(c)
			if err != nil {
				return err
			}
			defer app.Close()
			imp, err := app.Demo(c.Context)
			if err != nil {
				return err
			}
			g, w := imp.Game, c.App.Writer
			if err := writeSheet(w, g, format); err != nil || format != "table" {
				return err
			}
			fmt.Fprintln(w)
			writeReport(w, g, fmt.Sprintf("referee: game %d, %d events", g.ID, len(g.Log)))
			fmt.Fprintf(w, "\ntry: tableside show %d · tableside log %d · tableside score %d --format html > sheet.html\n", g.ID, g.ID, g.ID)
			return nil
		},
	}
}
