package commands

import (
	"fmt"
	"io"
	"os"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/commands/table"
)

// maxImport bounds an imported file; a whole game is a few hundred kilobytes at most.
const maxImport = 64 << 20

func exportCommand() *cli.Command {
	return gameCommand(&cli.Command{
		Name:  "export",
		Usage: "write a game's log: jsonl (every event, with times and hashes) or transcript (every event, in record's notation)",
	}, []string{"jsonl", "transcript"}, func(c *cli.Context, _ *table.App, g *table.Game, format string) error {
		if format == "jsonl" {
			b, err := g.JSONL()
			if err != nil {
				return err
			}
			_, err = c.App.Writer.Write(b)
			return err
		}
		text, err := g.Transcript()
		if err != nil {
			return err
		}
		_, err = io.WriteString(c.App.Writer, text)
		return err
	})
}

func importCommand() *cli.Command {
	return &cli.Command{
		Name:      "import",
		Usage:     "record a whole game from a jsonl export or a transcript, and flag what is wrong in it",
		ArgsUsage: "FILE (- for standard input)",
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usagef("tableside import FILE")
			}
			name := c.Args().First()
			var in io.Reader = c.App.Reader
			if name != "-" {
				f, err := os.Open(name)
				if err != nil {
					return err
				}
				defer f.Close()
				in = f
			}
			data, err := io.ReadAll(io.LimitReader(in, maxImport+1))
			if err != nil {
				return err
			}
			if len(data) > maxImport {
				return fmt.Errorf("%s is larger than %d MiB: not a game log", name, maxImport>>20)
			}
			app, err := openApp(c)
			if err != nil {
				return err
			}
			defer app.Close()
			imp, err := app.Import(c.Context, data)
			if table.CodeOf(err) == table.Invalid {
				return fmt.Errorf("%s: %w; nothing was recorded", name, err)
			}
			if err != nil {
				return err
			}
			for _, w := range imp.Warnings {
				fmt.Fprintf(c.App.ErrWriter, "tableside: warning: %s\n", w)
			}
			writeReport(c.App.Writer, imp.Game, fmt.Sprintf("imported as game %d: %d events", imp.Game.ID, len(imp.Game.Log)))
			return nil
		},
	}
}
