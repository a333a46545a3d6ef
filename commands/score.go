package commands

import (
	"io"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/commands/render"
	"github.com/tableside/tableside/commands/table"
)

func scoreCommand() *cli.Command {
	return gameCommand(&cli.Command{
		Name:  "score",
		Usage: "the score sheet: every round, every point explained, open flags",
	}, render.Formats, func(c *cli.Context, _ *table.App, g *table.Game, format string) error {
		return writeSheet(c.App.Writer, g, format)
	})
}

func writeSheet(w io.Writer, g *table.Game, format string) error {
	if err := render.Sheet(w, format, g.Sheet(), g.AllFlags()); err != nil {
		return usageError{err.Error()}
	}
	return nil
}
