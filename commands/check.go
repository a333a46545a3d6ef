package commands

import (
	"errors"
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/commands/table"
)

// errOpenFlags makes check exit 1 once it has printed what it found.
var errOpenFlags = errors.New("open flags found")

func checkCommand() *cli.Command {
	return &cli.Command{
		Name:      "check",
		Usage:     "replay a game (or --all) and list its flags; exit 1 when any flag is open",
		ArgsUsage: "GAME | --all",
		Flags:     []cli.Flag{&cli.BoolFlag{Name: "all", Usage: "check every game"}, formatFlag(textOrJSON)},
		Action: func(c *cli.Context) error {
			format, err := checkFormat(c, textOrJSON)
			if err != nil {
				return err
			}
			results := []table.Checked{}
			if c.Bool("all") {
				if c.NArg() > 0 {
					return usagef("give a game or --all, not both")
				}
				app, err := openApp(c)
				if err != nil {
					return err
				}
				defer app.Close()
				err = app.EachGame(c.Context, func(g *table.Game) error {
					results = append(results, g.Checked())
					return nil
				})
				if err != nil {
					return err
				}
			} else {
				if c.NArg() > 1 {
					return usagef("unexpected word %q: tableside check takes only the game", c.Args().Get(1))
				}
				app, g, err := openGame(c)
				if err != nil {
					return err
				}
				defer app.Close()
				results = append(results, g.Checked())
			}
			open := 0
			for _, r := range results {
				open += r.Open
			}
			if format == "json" {
				var v any = results
				if !c.Bool("all") {
					v = results[0]
				}
				if err := writeJSON(c.App.Writer, v); err != nil {
					return err
				}
			} else {
				for _, r := range results {
					fmt.Fprintf(c.App.Writer, "game %d (%s): %d open flag%s\n", r.Game, r.Kind, r.Open, plural(r.Open))
					for _, f := range r.Flags {
						fmt.Fprintf(c.App.Writer, "  event %d: %s\n", f.Seq, f)
					}
				}
			}
			if open > 0 {
				return fmt.Errorf("%w: %d", errOpenFlags, open)
			}
			return nil
		},
	}
}
