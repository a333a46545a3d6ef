package commands

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/commands/table"
)

const playHelp = `type a move as for record (bid 9, ann pass, reveal 7H), or:
  force MOVE   record an illegal move anyway, flagged
  undo         take back the latest move
  void SEQ · amend SEQ MOVE… · rule SEQ condone|void · adjust PLAYER ±N · abandon
               a correction, with its reason after -- (adjust ann -2 -- slow play)
  show         the table now      score   the score sheet      log   the events
  help         this text          quit    leave (or end of input)
words are written as in a transcript: "two words" in double quotes`

func playCommand() *cli.Command {
	return gameCommand(&cli.Command{
		Name:  "play",
		Usage: "enter a game move by move at a prompt that says whose turn it is and what is legal",
	}, nil, func(c *cli.Context, app *table.App, g *table.Game, _ string) error {
		w := c.App.Writer
		fmt.Fprintf(w, "game %d: %s, %s (help for commands)\n", g.ID, g.Setup.Kind, strings.Join(g.Setup.Players, " v "))
		shown := g
		in := newLines(c.App.Reader, w, func(line string) []string { return completions(shown, line) })
		defer in.Close()
		for {
			// Each prompt shows the stored record, so moves another terminal made in the
			// meantime are seen; what is typed is read against what was shown.
			g, err := app.Game(c.Context, g.ID)
			if err != nil {
				return err
			}
			shown = g
			fmt.Fprintln(w, g.Game.Hint())
			line, err := in.Read(promptOf(g))
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return err
			}
			switch err := playLine(c, app, g, line); {
			case errors.Is(err, errQuit):
				return nil
			case err != nil:
				printError(c.App.ErrWriter, err)
			}
		}
	})
}

// promptOf is the prompt: the running totals, then >.
func promptOf(g *table.Game) string {
	s := g.Sheet()
	var parts []string
	for _, p := range s.Players {
		parts = append(parts, fmt.Sprintf("%s %d", p, s.Totals[p]))
	}
	return strings.Join(parts, " · ") + " > "
}

// errQuit ends the prompt.
var errQuit = errors.New("quit")

// playLine does what one line typed at the prompt says.
func playLine(c *cli.Context, app *table.App, g *table.Game, text string) error {
	words, note, hasNote, err := table.Words(text)
	if err != nil {
		return usageError{err.Error()}
	}
	if len(words) == 0 {
		if hasNote {
			return usageError{table.ErrNoteAlone.Error()}
		}
		return nil
	}
	w := c.App.Writer
	switch verb := strings.ToLower(words[0]); verb {
	case "quit", "exit", "q":
		return errQuit
	case "help", "?":
		fmt.Fprintln(w, playHelp)
	case "show":
		show(w, g)
	case "score":
		return writeSheet(w, g, "table")
	case "log":
		return writeLog(w, g, "table")
	case "undo", "void", "amend", "rule", "adjust", "abandon":
		return correct(c, app, g, table.Correction{Verb: verb, Args: words[1:], Note: note}, false, face{prompt: true})
	case "force":
		return enter(c, app, g, words[1:], table.RecordOptions{Force: true}, face{prompt: true})
	default:
		if hasNote {
			return usagef("only a correction takes a note (-- …)")
		}
		return enter(c, app, g, words, table.RecordOptions{}, face{prompt: true})
	}
	return nil
}
