package commands

import (
	"fmt"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/render"
	"github.com/tableside/tableside/table"
)

func gamesCommand() *cli.Command {
	return &cli.Command{
		Name:  "games",
		Usage: "list the games in the database, newest first: each one's state, match and players (abandoned games with --all)",
		Flags: []cli.Flag{formatFlag(tableOrJSON), &cli.BoolFlag{Name: "all", Usage: "list abandoned games too"},
			&cli.StringFlag{Name: "match", Usage: "only the games of match `NAME`"},
			&cli.StringFlag{Name: "player", Usage: "only the games `NAME` played in"},
			&cli.StringFlag{Name: "kind", Usage: "only games of `KIND`"},
			&cli.StringSliceFlag{Name: "state", Usage: "only games `in progress`, `over` or `abandoned` (repeat it, or give several with commas)"},
			&cli.StringFlag{Name: "since", Usage: "only the games played on `YYYY-MM-DD` or after"},
			&cli.StringFlag{Name: "until", Usage: "only the games played on `YYYY-MM-DD` or before"},
			&cli.IntFlag{Name: "limit", Usage: "list at most `N` games"},
			&cli.BoolFlag{Name: "oldest", Usage: "the oldest first"},
		},
		Action: func(c *cli.Context) error {
			format, err := checkFormat(c, tableOrJSON)
			if err != nil {
				return err
			}
			if c.NArg() > 0 {
				return usagef("unexpected word %q: tableside games takes only options (--match, --player, …)", c.Args().First())
			}
			f := table.GamesFilter{Match: c.String("match"), Player: c.String("player"), Kind: c.String("kind"), States: c.StringSlice("state"),
				Since: c.String("since"), Until: c.String("until"), Limit: c.Int("limit"), Oldest: c.Bool("oldest")}
			if len(f.States) == 0 && !c.Bool("all") {
				f.States = []string{table.StateInProgress, table.StateOver}
			}
			if err := f.Check(); err != nil {
				return err
			}
			app, bar, err := openWalk(c, "reading", format)
			if err != nil {
				return err
			}
			defer app.Close()
			if f.Limit > 0 || f.Match != "" || f.Player != "" || f.Kind != "" || f.Since != "" || f.Until != "" {
				bar = nil // a bar counts the whole file, which a filtered list does not walk to the end
			}
			// JSON is written game by game; a table needs every row for its column widths.
			list := jsonList{w: c.App.Writer}
			var rows [][]string
			err = app.ListGames(c.Context, f, func(g table.Listed) error {
				bar.Step()
				if format == "json" {
					return list.add(g)
				}
				state := g.State
				switch {
				case g.State == table.StateOver && len(g.Winners) == 0:
					state = "over: a draw"
				case g.State == table.StateOver:
					state = "over: " + strings.Join(g.Winners, " and ") + " won"
				}
				rows = append(rows, []string{fmt.Sprint(g.ID), g.Kind, state, g.Match, strings.Join(g.Players, ", "), fmt.Sprint(g.Events),
					played(g.Date, time.UnixMilli(g.CreatedAt), time.UnixMilli(g.LastAt))})
				return nil
			})
			bar.Done()
			switch {
			case err != nil:
				return err
			case format == "json":
				return list.close()
			case len(rows) == 0:
				return noGamesListed(c, app, f)
			}
			// The kind and the state are short phrases: the match, the players and the time give way.
			if err := render.TableKeeping(c.App.Writer, format, []string{"game", "kind", "state", "match", "players", "events", "played"}, rows, []int{1, 2}); err != nil || format == "csv" {
				return err
			}
			seal, err := app.FileSeal(c.Context)
			if err != nil {
				return err
			}
			fmt.Fprintln(c.App.Writer, fileSealLine(app, seal))
			return nil
		},
	}
}

// noGamesListed says why a list is empty, and what would list games.
func noGamesListed(c *cli.Context, app *table.App, f table.GamesFilter) error {
	w := c.App.Writer
	anyListed := func(f table.GamesFilter) (bool, error) {
		found := false
		f.Limit = 1
		err := app.ListGames(c.Context, f, func(table.Listed) error { found = true; return nil })
		return found, err
	}
	if all, err := anyListed(table.GamesFilter{}); err != nil || !all {
		if err == nil {
			fmt.Fprintln(w, "no games yet: start one with `tableside new candidate --players ann,bob --dealer bob`, or try `tableside demo`")
		}
		return err
	}
	if !c.IsSet("state") && !c.Bool("all") {
		abandoned := 0
		f.States, f.Limit = []string{table.StateAbandoned}, 0
		if err := app.ListGames(c.Context, f, func(table.Listed) error { abandoned++; return nil }); err != nil || abandoned > 0 {
			if err == nil {
				fmt.Fprintf(w, "every game here is abandoned (%d): `tableside games --all` lists them\n", abandoned)
			}
			return err
		}
	}
	fmt.Fprintln(w, "no game is as asked: `tableside games` lists them all")
	return nil
}

// played is when a game was played: its date, which a game entered from paper gives, and
// when it was entered on that day, the times from its first event to its last: "2026-11-23
// 19:05 to 21:40", the last move's day written only when it is not the first's.
func played(date string, started, last time.Time) string {
	const day, minute = "2006-01-02", "2006-01-02 15:04"
	switch {
	case started.Format(day) != date:
		return date
	case last.Format(minute) == started.Format(minute):
		return started.Format(minute)
	case last.Format(day) == started.Format(day):
		return started.Format(minute) + " to " + last.Format("15:04")
	}
	return started.Format(minute) + " to " + last.Format(minute)
}
