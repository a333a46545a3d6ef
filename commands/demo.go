package commands

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/render"
	"github.com/tableside/tableside/table"
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
			app, err := createApp(c)
			if err != nil {
				return err
			}
			defer app.Close()
			imp, err := app.Demo(c.Context)
			if err != nil {
				return err
			}
			g, w := imp.Game, c.App.Writer
			if err := writeSheet(w, g, format); err != nil {
				return err
			}
			// Where the game went, so a newcomer can find the file, pass it to --db or delete
			// it; beside a sheet in another format it goes to standard error, keeping the
			// sheet clean to redirect.
			saved := fmt.Sprintf("game %d is saved in %s; delete the file to start afresh, or keep games elsewhere with --db PATH\n", g.ID(), app.Path())
			if table.IsPostgres(app.Path()) { // a league's database is not a file to delete
				saved = fmt.Sprintf("game %d is saved in %s\n", g.ID(), app.Path())
			}
			if format != "table" {
				fmt.Fprint(c.App.ErrWriter, saved)
				return nil
			}
			fmt.Fprintln(w)
			writeReport(w, g, fmt.Sprintf("referee: game %d, %d events", g.ID(), g.Len()))
			fmt.Fprint(w, "\n"+saved)
			fmt.Fprintf(w, "try: tableside show %d · tableside log %d · tableside score %d --format html > sheet.html\n", g.ID(), g.ID(), g.ID())
			return nil
		},
	}
}
