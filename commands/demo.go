package commands

import (
	_ "embed"
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/commands/render"
)

// demoTranscript is a complete twelve-seat game of Candidate, dealt and bid at random by the
// playout generator with a fixed seed (TestDemoTranscript keeps it so).
//
//go:embed demo/candidate.txt
var demoTranscript string

func demoCommand() *cli.Command {
	return &cli.Command{
		Name:  "demo",
		Usage: "record a bundled complete game of Candidate and print its score sheet and referee report",
		Flags: []cli.Flag{formatFlag(render.Formats)},
		Action: func(c *cli.Context) error {
			log, err := readTranscript(demoTranscript, now())
			if err != nil {
				return err
			}
			t, err := createGame(c, log)
			if err != nil {
				return err
			}
			defer t.store.Close()
			id := t.id
			if err := t.writeSheet(c.App.Writer, c.String("format")); err != nil {
				return err
			}
			if c.String("format") != "table" {
				return nil
			}
			fmt.Fprintln(c.App.Writer)
			if err := t.writeReport(c.App.Writer, fmt.Sprintf("referee: game %d, %d events", id, len(log))); err != nil {
				return err
			}
			fmt.Fprintf(c.App.Writer, "\ntry: tableside show %d · tableside log %d · tableside score %d --format html > sheet.html\n", id, id, id)
			return nil
		},
	}
}
