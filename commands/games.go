package commands

import (
	"fmt"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/commands/render"
)

func gamesCommand() *cli.Command {
	return &cli.Command{
		Name:  "games",
		Usage: "list the games in the database",
		Flags: []cli.Flag{formatFlag(tableOrJSON)},
		Action: func(c *cli.Context) error {
			format, err := checkFormat(c, tableOrJSON)
			if err != nil {
				return err
			}
			app, err := openApp(c)
			if err != nil {
				return err
			}
			defer app.Close()
			games, err := app.Games(c.Context)
			if err != nil {
				return err
			}
			if format == "json" {
				return writeJSON(c.App.Writer, games)
			}
			var rows [][]string
			for _, g := range games {
				rows = append(rows, []string{fmt.Sprint(g.ID), g.Kind, strings.Join(g.Players, ", "), fmt.Sprint(g.Events),
					time.UnixMilli(g.CreatedAt).Format("2006-01-02 15:04"), time.UnixMilli(g.LastAt).Format("2006-01-02 15:04")})
			}
			return render.Table(c.App.Writer, format, []string{"game", "kind", "players", "events", "started", "last move"}, rows)
		},
	}
}
