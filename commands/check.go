package commands

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/table"
)

// errOpenFlags makes check exit 1 once it has printed what it found.
var errOpenFlags = errors.New("open flags found")

func checkCommand() *cli.Command {
	return &cli.Command{
		Name:      "check",
		Usage:     "replay a game (or --all) and list its flags; exit 1 when any flag is open",
		ArgsUsage: "GAME | --all",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "all", Usage: "check every game"},
			&cli.IntFlag{Name: "jobs", Usage: "with --all, how many games to replay at once", DefaultText: "one per core"},
			formatFlag(textOrJSON),
		},
		Action: func(c *cli.Context) error {
			format, err := checkFormat(c, textOrJSON)
			if err != nil {
				return err
			}
			open, wrongSummaries := 0, 0
			w := c.App.Writer
			if !c.Bool("all") {
				if c.NArg() > 1 {
					return usagef("unexpected word %q: tableside check takes only the game", c.Args().Get(1))
				}
				app, g, err := openGame(c)
				if err != nil {
					return err
				}
				defer app.Close()
				r := g.Checked()
				warnRecord(c, g.ID(), r.Record)
				if format == "json" {
					if err := writeJSON(w, r); err != nil {
						return err
					}
				} else {
					writeChecked(w, checkedGame{Checked: r})
				}
				open = r.Open
			} else {
				if c.NArg() > 0 {
					return usagef("give a game or --all, not both")
				}
				app, bar, err := openWalk(c, "checking", format)
				if err != nil {
					return err
				}
				defer app.Close()
				// Each game is written as soon as it is replayed, and let go: the walk holds a
				// few games at a time however large the file.
				list := jsonList{w: w}
				err = app.EachGame(c.Context, table.Walk{Workers: c.Int("jobs")}, func(g *play.Game, wrong string) error {
					defer bar.Step()
					r := checkedGame{Checked: g.Checked(), Summary: wrong}
					open += r.Open
					if wrong != "" {
						wrongSummaries++
					}
					if format == "json" {
						return list.add(r)
					}
					bar.Above(func() { writeChecked(w, r) })
					return nil
				})
				bar.Done()
				if err != nil {
					return err
				}
				if format == "json" {
					if err := list.close(); err != nil {
						return err
					}
				}
			}
			switch {
			case open > 0 && wrongSummaries > 0:
				return fmt.Errorf("%w: %d, and %d games' summaries differ from their replays", errOpenFlags, open, wrongSummaries)
			case open > 0:
				return fmt.Errorf("%w: %d", errOpenFlags, open)
			case wrongSummaries > 0:
				return fmt.Errorf("%w: %d games' summaries differ from their replays", errOpenFlags, wrongSummaries)
			}
			return nil
		},
	}
}

// checkedGame is one game's check: its referee report and, with --all, how the summary kept
// beside its log differs from its replay ("" when it does not).
type checkedGame struct {
	play.Checked
	Summary string `json:"summary,omitempty"`
}

// writeChecked writes one game's check as text.
func writeChecked(w io.Writer, r checkedGame) {
	fmt.Fprintf(w, "game %d (%s): %d open flag%s\n", r.Game, r.Kind, r.Open, plural(r.Open))
	for _, f := range r.Flags {
		fmt.Fprintf(w, "  event %d: %s\n", f.Seq, f)
	}
	if r.Summary != "" {
		fmt.Fprintf(w, "  summary: %s\n", r.Summary)
	}
}

// jsonList writes a JSON array an element at a time, laid out as writeJSON lays out a slice,
// so a long list is never held whole.
type jsonList struct {
	w io.Writer
	n int
}

func (l *jsonList) add(v any) error {
	b, err := json.MarshalIndent(v, "  ", "  ")
	if err != nil {
		return err
	}
	sep := ",\n  "
	if l.n == 0 {
		sep = "[\n  "
	}
	l.n++
	_, err = fmt.Fprintf(l.w, "%s%s", sep, b)
	return err
}

func (l *jsonList) close() error {
	end := "\n]\n"
	if l.n == 0 {
		end = "[]\n"
	}
	_, err := io.WriteString(l.w, end)
	return err
}
