package commands

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/commands/render"
)

// The output formats commands offer; the first of each list is the default.
var (
	textOrJSON  = []string{"text", "json"}
	tableOrJSON = []string{"table", "md", "csv", "json"}
)

func formatFlag(formats []string) *cli.StringFlag {
	return &cli.StringFlag{Name: "format", Value: formats[0], Usage: strings.Join(formats, "|")}
}

// checkFormat refuses a format the command does not write.
func checkFormat(c *cli.Context, formats []string) (string, error) {
	f := c.String("format")
	if !slices.Contains(formats, f) {
		return "", usagef("unknown format %q (use %s)", f, strings.Join(formats, ", "))
	}
	return f, nil
}

func writeJSON(c *cli.Context, v any) error { return writeJSONTo(c.App.Writer, v) }

func writeJSONTo(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

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
			st, err := openStore(c)
			if err != nil {
				return err
			}
			defer st.Close()
			games, err := st.Games()
			if err != nil {
				return err
			}
			if format == "json" {
				type listed struct {
					ID        int64    `json:"id"`
					Kind      string   `json:"kind"`
					Players   []string `json:"players"`
					Events    int      `json:"events"`
					CreatedAt int64    `json:"created_at"`
					LastAt    int64    `json:"last_at"`
				}
				out := []listed{}
				for _, g := range games {
					out = append(out, listed{g.ID, g.Kind, g.Players, g.Events, g.CreatedAt, g.LastAt})
				}
				return writeJSON(c, out)
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
