package commands

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"
)

const playHelp = `type a move as for record (bid 9, ann pass, reveal 7H), or:
  force MOVE   record an illegal move anyway, flagged
  undo         take back the latest move
  show         the table now      score   the score sheet      log   the events
  help         this text          quit    leave (or end of input)`

func playCommand() *cli.Command {
	return gameCommand(&cli.Command{
		Name:  "play",
		Usage: "enter a game move by move at a prompt that says whose turn it is and what is legal",
	}, nil, func(c *cli.Context, t *table, _ string) error {
		w, errw := c.App.Writer, c.App.ErrWriter
		var err error
		fmt.Fprintf(w, "game %d: %s, %s (help for commands)\n", t.id, t.Setup.Kind, strings.Join(t.Setup.Players, " v "))
		in := bufio.NewScanner(c.App.Reader)
		for {
			// Each line starts from the stored record, so moves another terminal made
			// in the meantime are seen.
			if t, err = load(t.store, t.id); err != nil {
				return err
			}
			fmt.Fprintf(w, "%s\n> ", t.Game.Hint())
			if !in.Scan() {
				fmt.Fprintln(w)
				return in.Err()
			}
			words := strings.Fields(in.Text())
			if len(words) == 0 {
				continue
			}
			err = nil
			switch strings.ToLower(words[0]) {
			case "quit", "exit", "q":
				return nil
			case "help", "?":
				fmt.Fprintln(w, playHelp)
			case "undo":
				err = t.undo(w, "", false)
			case "show":
				t.show(w)
			case "score":
				err = t.writeSheet(w, "table")
			case "log":
				err = t.writeLog(w, "table")
			case "force":
				err = t.enter(w, errw, words[1:], true, 0)
			default:
				err = t.enter(w, errw, words, false, 0)
			}
			var flagged flaggedError
			if err != nil && !errors.As(err, &flagged) {
				printError(errw, err)
			}
		}
	})
}

// printError writes an error, and its hint when it has one, the way every command does.
func printError(w io.Writer, err error) {
	fmt.Fprintf(w, "tableside: error: %s\n", err)
	var h hinted
	if errors.As(err, &h) && h.hint != "" {
		fmt.Fprintf(w, "tableside: hint: %s\n", h.hint)
	}
}
