package commands

import (
	"fmt"

	"github.com/urfave/cli/v2"
)

func verifyCommand() *cli.Command {
	return &cli.Command{
		Name:  "verify",
		Usage: "walk every game's hash chain and name the first event changed outside tableside",
		Action: func(c *cli.Context) error {
			app, err := openApp(c)
			if err != nil {
				return err
			}
			defer app.Close()
			n, err := app.CountGames(c.Context)
			if err != nil {
				return err
			}
			bar := newProgress(c, "verifying", n, "text")
			v, err := app.Verify(c.Context, bar.Step)
			bar.Done()
			if err != nil {
				return err
			}
			for _, b := range v.Broken {
				fmt.Fprintf(c.App.Writer, "game %d: event %d does not match the record: %s\n", b.Game, b.Seq, b.Reason)
			}
			if n := len(v.Broken); n > 0 {
				return hinted{fmt.Errorf("%d game%s changed outside tableside", n, plural(n)), "the named event and everything after it cannot be trusted; compare with an export"}
			}
			fmt.Fprintf(c.App.Writer, "verified %d game%s, %d events: every hash chain is intact\n", v.Games, plural(v.Games), v.Events)
			return nil
		},
	}
}
