package commands

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/table"
)

// maxImport bounds an imported transcript; a whole game is a few hundred kilobytes at most.
// JSON lines are read a game at a time, so a season's file may be any size.
const maxImport = 64 << 20

var errRefused = errors.New("games refused")

func exportCommand() *cli.Command {
	return &cli.Command{
		Name:      "export",
		Usage:     "write a game's log: jsonl (every event, with times and hashes) or transcript (every event, in record's notation); --all or --match NAME write many games as one jsonl file",
		ArgsUsage: "GAME | --all | --match NAME",
		Flags: []cli.Flag{
			formatFlag([]string{"jsonl", "transcript"}),
			&cli.BoolFlag{Name: "all", Usage: "every game in the file, as JSON lines"},
			&cli.StringFlag{Name: "match", Usage: "every game of the match `NAME`, as JSON lines"},
		},
		BashComplete: completeGame,
		Action: func(c *cli.Context) error {
			format, err := checkFormat(c, []string{"jsonl", "transcript"})
			if err != nil {
				return err
			}
			all, match := c.Bool("all"), c.String("match")
			if !all && match == "" {
				app, g, err := openGame(c)
				if err != nil {
					return err
				}
				defer app.Close()
				warnRecord(c, g.ID(), g.Record())
				return exportGame(c, g, format)
			}
			switch {
			case all && match != "":
				return usagef("give --all or --match, not both")
			case c.NArg() > 0:
				return usagef("give a game, --all or --match, not two of them")
			case format != "jsonl":
				return usagef("many games are exported as jsonl only (a transcript holds one game)")
			}
			app, err := openApp(c)
			if err != nil {
				return err
			}
			defer app.Close()
			// A whole file's export to a file shows its progress; one written to the terminal
			// itself does not, as the bar would run through it.
			var bar *progress
			if all && !isTerminal(c.App.Writer) {
				n, err := app.CountGames(c.Context)
				if err != nil {
					return err
				}
				bar = newProgress(c, "exporting", n, "text")
			}
			w := bufio.NewWriterSize(c.App.Writer, 1<<16)
			seal, n, err := app.Export(c.Context, w, match, bar.Step)
			bar.Done()
			if err == nil {
				err = w.Flush()
			}
			if err == nil && all {
				fmt.Fprintf(c.App.ErrWriter, "tableside: exported %d game%s; %s\n", n, plural(n), fileSealLine(app, seal))
			}
			return err
		},
	}
}

func exportGame(c *cli.Context, g *play.Game, format string) error {
	if format == "jsonl" {
		return table.JSONL(c.App.Writer, g.Log())
	}
	text, err := table.Transcript(g)
	if err != nil {
		return err
	}
	_, err = io.WriteString(c.App.Writer, text)
	return err
}

func importCommand() *cli.Command {
	return &cli.Command{
		Name:      "import",
		Usage:     "record games from a jsonl export (one game or a season) or a transcript, and flag what is wrong in them",
		ArgsUsage: "FILE (- for standard input)",
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usagef("tableside import FILE")
			}
			name := c.Args().First()
			var in io.Reader = c.App.Reader
			size := int64(-1)
			if name != "-" {
				f, err := os.Open(name)
				if err != nil {
					return err
				}
				defer f.Close()
				if st, err := f.Stat(); err == nil {
					size = st.Size()
				}
				in = f
			}
			app, err := createApp(c)
			if err != nil {
				return err
			}
			defer app.Close()
			br := bufio.NewReaderSize(in, 1<<16)
			if jsonLines(br) {
				return importLogs(c, app, name, br, newByteProgress(c, "importing", size))
			}
			return importTranscript(c, app, name, br)
		},
	}
}

// jsonLines reports whether a file's first character that is not a space opens a JSON object.
func jsonLines(br *bufio.Reader) bool {
	for n := 1; ; n++ {
		b, err := br.Peek(n)
		if err != nil || n > 4096 {
			return false
		}
		switch b[n-1] {
		case ' ', '\t', '\r', '\n':
			continue
		}
		return b[n-1] == '{'
	}
}

// importLogs records every game of a JSON-lines file, each all or nothing, and reports each.
// A file of one game that is refused reads as it always has: nothing was recorded.
func importLogs(c *cli.Context, app *table.App, name string, in io.Reader, bar *progress) error {
	stored, refused, evs := 0, 0, 0
	// The first refusal waits to see whether the file holds more than one game.
	var first *table.ImportResult
	tell := func(r table.ImportResult) {
		fmt.Fprintf(c.App.ErrWriter, "tableside: error: %s: the game from line %d: %v; that game was not recorded\n", name, r.Line, r.Err)
	}
	// The file is read on another goroutine, which moves the bar: each report is printed with
	// the bar off the screen.
	err := app.ImportLogs(c.Context, name, bar.Reader(in), func(r table.ImportResult) error {
		bar.Above(func() {
			if first != nil && stored+refused == 1 {
				tell(*first)
			}
			if r.Err != nil {
				if refused++; stored+refused == 1 {
					first = &r
				} else {
					tell(r)
				}
				return
			}
			stored++
			evs += r.Game.Len()
			for _, w := range r.Warnings {
				fmt.Fprintf(c.App.ErrWriter, "tableside: warning: game %d: %s\n", r.Game.ID(), w)
			}
			title := fmt.Sprintf("imported as game %d: %d events", r.Game.ID(), r.Game.Len())
			if r.FileGame > 0 && r.FileGame != r.Game.ID() {
				// A sheet printed where the game was kept names it by its number there.
				title = fmt.Sprintf("game %d of the file imported as game %d: %d events", r.FileGame, r.Game.ID(), r.Game.Len())
			}
			writeReport(c.App.Writer, r.Game, title)
		})
		return nil
	})
	bar.Done()
	if table.CodeOf(err) == play.Invalid {
		return fmt.Errorf("%s: %w; nothing was recorded", name, err)
	}
	if err != nil {
		return err
	}
	if stored+refused == 1 && first != nil {
		return fmt.Errorf("%s: %w; nothing was recorded", name, first.Err)
	}
	if stored+refused > 1 {
		fmt.Fprintf(c.App.Writer, "imported %d game%s, %d events", stored, plural(stored), evs)
		if refused > 0 {
			fmt.Fprintf(c.App.Writer, "; %d refused", refused)
		}
		fmt.Fprintln(c.App.Writer)
	}
	if refused > 0 {
		return fmt.Errorf("%w: %d of %d", errRefused, refused, stored+refused)
	}
	return nil
}

// importTranscript records the one game of a transcript.
func importTranscript(c *cli.Context, app *table.App, name string, in io.Reader) error {
	data, err := io.ReadAll(io.LimitReader(in, maxImport+1))
	if err != nil {
		return err
	}
	if len(data) > maxImport {
		return fmt.Errorf("%s is larger than %d MiB: not a transcript (a season is imported as JSON lines)", name, maxImport>>20)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return fmt.Errorf("%s: the file is empty; nothing was recorded", name)
	}
	imp, err := app.Import(c.Context, data)
	if table.CodeOf(err) == play.Invalid {
		return fmt.Errorf("%s: %w; nothing was recorded", name, err)
	}
	if err != nil {
		return err
	}
	for _, w := range imp.Warnings {
		fmt.Fprintf(c.App.ErrWriter, "tableside: warning: %s\n", w)
	}
	writeReport(c.App.Writer, imp.Game, fmt.Sprintf("imported as game %d: %d events", imp.Game.ID(), imp.Game.Len()))
	return nil
}
