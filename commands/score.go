package commands

import (
	"io"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/render"
	"github.com/tableside/tableside/table"
)

func scoreCommand() *cli.Command {
	return gameCommand(&cli.Command{
		Name:  "score",
		Usage: "the score sheet: every round, every point explained, open flags",
		Flags: []cli.Flag{&cli.StringFlag{Name: "section", Usage: "with --format csv, the part of the sheet to write, one table a file: `" + strings.Join(render.Sections, "|") + "`"}},
	}, render.Formats, func(c *cli.Context, _ *table.App, g *play.Game, format string) error {
		section := c.String("section")
		switch {
		case section != "" && format != "csv":
			return usagef("--section chooses a part of the CSV sheet: add --format csv")
		case format == "csv" && section != "":
			if !slices.Contains(render.Sections, section) {
				return usagef("no section %q (use %s)", section, strings.Join(render.Sections, ", "))
			}
			return render.SheetCSV(c.App.Writer, g.Sheet(), g.Flags(), section)
		}
		return writeSheet(c.App.Writer, g, format)
	})
}

func writeSheet(w io.Writer, g *play.Game, format string) error {
	if err := render.Sheet(w, format, g.Sheet(), g.Flags()); err != nil {
		return usageError{err.Error()}
	}
	return nil
}
