package commands

import (
	"errors"
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/referee"
)

// errOpenFlags makes check exit 1 once it has printed what it found.
var errOpenFlags = errors.New("open flags found")

type checked struct {
	Game  int64          `json:"game"`
	Kind  string         `json:"kind"`
	Open  int            `json:"open"`
	Flags []referee.Flag `json:"flags"`
}

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
			var results []checked
			if c.Bool("all") {
				if c.NArg() > 0 {
					return usagef("give a game or --all, not both")
				}
				st, err := openStore(c)
				if err != nil {
					return err
				}
				defer st.Close()
				all, err := loadAll(st)
				if err != nil {
					return err
				}
				for _, t := range all {
					results = append(results, t.checked())
				}
			} else {
				t, err := openOnlyGame(c)
				if err != nil {
					return err
				}
				defer t.store.Close()
				results = append(results, t.checked())
			}
			open := 0
			for _, r := range results {
				open += r.Open
			}
			if format == "json" {
				if results == nil {
					results = []checked{}
				}
				var v any = results
				if !c.Bool("all") {
					v = results[0]
				}
				if err := writeJSON(c, v); err != nil {
					return err
				}
			} else {
				w := c.App.Writer
				for _, r := range results {
					fmt.Fprintf(w, "game %d (%s): %d open flag%s\n", r.Game, r.Kind, r.Open, plural(r.Open))
					for _, f := range r.Flags {
						fmt.Fprintf(w, "  event %d: %s\n", f.Seq, flagLine(f))
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

func (t *table) checked() checked {
	return checked{Game: t.id, Kind: t.Setup.Kind, Open: len(t.OpenFlags()), Flags: nonNilFlags(t.Flags)}
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
