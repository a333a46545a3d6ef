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
		Usage: "list the games in the database: each one's state, match and players (abandoned games with --all)",
		Flags: []cli.Flag{formatFlag(tableOrJSON), &cli.BoolFlag{Name: "all", Usage: "list abandoned games too"}},
		Action: func(c *cli.Context) error {
			format, err := checkFormat(c, tableOrJSON)
			if err != nil {
				return err
			}
			app, bar, err := openWalk(c, "reading", format)
			if err != nil {
				return err
			}
			defer app.Close()
			// JSON is written game by game; a table needs every row for its column widths.
			list := jsonList{w: c.App.Writer}
			var rows [][]string
			abandoned := 0
			err = app.Games(c.Context, func(g table.Listed) error {
				bar.Step()
				switch {
				case g.State == table.StateAbandoned && !c.Bool("all"):
					abandoned++
					return nil
				case format == "json":
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
			case len(rows) == 0 && abandoned > 0:
				fmt.Fprintf(c.App.Writer, "every game here is abandoned (%d): `tableside games --all` lists them\n", abandoned)
				return nil
			case len(rows) == 0:
				fmt.Fprintln(c.App.Writer, "no games yet: start one with `tableside new candidate --players ann,bob --dealer bob`, or try `tableside demo`")
				return nil
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
