package commands

import (
	"fmt"
	"path/filepath"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/web"
)

func publishCommand() *cli.Command {
	return &cli.Command{
		Name:      "publish",
		Usage:     "write the file's results as a static site in DIR: the tournaments' standings, rounds and crosstables, every game's sheet with its seal, the players' pages with their ratings",
		ArgsUsage: "DIR",
		Description: "Plain HTML files with relative links, no script: they open from disk and on any web host.\n" +
			"DIR is made if it is missing; the pages it holds already are written over.",
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usagef("give the folder to write the site in: tableside publish DIR")
			}
			app, err := openApp(c)
			if err != nil {
				return err
			}
			defer app.Close()
			p, err := web.Publish(c.Context, app, c.Args().First())
			if err != nil {
				return err
			}
			fmt.Fprintf(c.App.Writer, "%d page%s: %d tournament%s, %d game%s, %d player%s, in %s; open %s\n",
				p.Pages, plural(p.Pages), p.Tournaments, plural(p.Tournaments), p.Games, plural(p.Games), p.Players, plural(p.Players),
				c.Args().First(), filepath.Join(c.Args().First(), "index.html"))
			return nil
		},
	}
}
