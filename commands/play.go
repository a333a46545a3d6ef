package commands

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/render"
	"github.com/tableside/tableside/table"
)

// promptHelp is what help says of the prompt's own words, after the game's moves.
const promptHelp = `the prompt's own words:
  force MOVE             record an illegal move anyway, flagged
  undo                   take back the latest move
  void SEQ               take back an earlier move (SEQ: its number in the log)
  amend SEQ MOVE…        replace an earlier move
  rule SEQ condone|void  settle the flags on a move
  adjust PLAYER ±N       add or take points from a player
  abandon                stop the game before its end
  confirm ROUND PLAYER   the other side accepts a scored round as it stands
  a correction takes its reason after -- (adjust ann -2 -- slow play)
  show · score · log     the table now · the score sheet · the events
  help · quit            this text · leave (or end of input)
Tab completes a word; a second Tab lists what may come next
words are written as in a transcript: "two words" in double quotes`

func playCommand() *cli.Command {
	return gameCommand(&cli.Command{
		Name:  "play",
		Usage: "enter a game move by move at a prompt that says whose turn it is and what is legal",
	}, nil, func(c *cli.Context, app *table.App, g *play.Game, _ string) error {
		w := c.App.Writer
		fmt.Fprintf(w, "game %d: %s, %s (help for commands)\n", g.ID(), g.Setup().Kind, strings.Join(g.Setup().Players, " v "))
		shown := g
		in := newLines(c.App.Reader, w, func(line string, pos int) (string, []string, string) { return completeWord(shown, line, pos) })
		defer in.Close()
		said := "" // the hint an error has just given, which the next prompt need not repeat
		for {
			// Each prompt shows the stored record, so moves another terminal made in the
			// meantime are seen; what is typed is read against what was shown.
			g, err := app.Game(c.Context, g.ID())
			if err != nil {
				return err
			}
			shown = g
			if hint := g.Hint(); !strings.Contains(said, hint) {
				fmt.Fprintln(w, hint)
			}
			line, err := in.Read(promptOf(g, render.Columns(w)))
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return err
			}
			said = ""
			switch err := playLine(c, app, g, line); {
			case errors.Is(err, errQuit):
				return nil
			case err != nil:
				printError(c.App.ErrWriter, err)
				said = table.HintOf(err)
			}
		}
	})
}

// typingRoom is the part of a line the prompt leaves for typing: a long meld fits.
const typingRoom = 30

// promptOf is the prompt: whose turn it is, then the running totals where the terminal is wide
// enough to leave room for typing, then >.
func promptOf(g *play.Game, columns int) string {
	s := g.Sheet()
	parts := []string{turnOf(g)}
	for _, p := range s.Players {
		parts = append(parts, fmt.Sprintf("%s %d", p, s.Totals[p]))
	}
	if full := strings.Join(parts, " · ") + " > "; utf8.RuneCountInString(full)+typingRoom <= columns {
		return full
	}
	return parts[0] + " > "
}

// turnOf says whose turn it is, from who makes the moves that are legal now.
func turnOf(g *play.Game) string {
	switch {
	case g.Abandoned() != 0:
		return "abandoned"
	case g.Over():
		return "game over"
	}
	var who []string
	for _, m := range g.Choices() {
		name := m.Actor
		if name == "" {
			name = "the table"
		}
		if !slices.Contains(who, name) {
			who = append(who, name)
		}
	}
	if len(who) == 0 {
		return "nobody's turn"
	}
	return andList(who) + "'s turn"
}

// errQuit ends the prompt.
var errQuit = errors.New("quit")

// playLine does what one line typed at the prompt says.
func playLine(c *cli.Context, app *table.App, g *play.Game, text string) error {
	words, note, hasNote, err := play.Words(text)
	if err != nil {
		return usageError{err.Error()}
	}
	if len(words) == 0 {
		if hasNote {
			return usageError{play.ErrNoteAlone.Error()}
		}
		return nil
	}
	w := c.App.Writer
	switch verb := strings.ToLower(words[0]); verb {
	case "quit", "exit", "q":
		return errQuit
	case "help", "?":
		writeHelp(w, g)
	case "show":
		show(w, g)
	case "score":
		return writeSheet(w, g, "table")
	case "log":
		return writeLog(w, g, "table")
	case "undo", "void", "amend", "rule", "adjust", "abandon", "confirm":
		return correct(c, app, g, play.Correction{Verb: verb, Args: words[1:], Note: note}, false, face{prompt: true})
	case "force":
		return enter(c, app, g, words[1:], table.RecordOptions{Force: true}, face{prompt: true})
	default:
		if hasNote {
			return usageError{play.ErrNoteOnMove.Error()}
		}
		return enter(c, app, g, words, table.RecordOptions{}, face{prompt: true})
	}
	return nil
}

// writeHelp lists the game's moves as `tableside rules` does, a legal move now of each kind in
// the spellings the game takes, and the prompt's own words.
func writeHelp(w io.Writer, g *play.Game) {
	book := g.Rulebook()
	fmt.Fprintf(w, "moves of %s (tableside rules %s has its rulings too):\n", book.Name, g.Setup().Kind)
	writeForms(w, book.Grammar)
	var kinds []string
	for _, m := range g.Choices() {
		if slices.Contains(kinds, m.Type) {
			continue
		}
		if len(kinds) == 0 {
			fmt.Fprintln(w, "now, for example:")
		}
		kinds = append(kinds, m.Type)
		fmt.Fprintln(w, "  "+example(g, m))
	}
	fmt.Fprintln(w, promptHelp)
}

// example writes m as a player would type it: without the player's name where the game can do
// without it, and its shortest spelling beside.
func example(g *play.Game, m play.Choice) string {
	all := spellings(g, m)
	unnamed := slices.DeleteFunc(slices.Clone(all), func(s string) bool {
		return m.Actor != "" && strings.HasPrefix(strings.ToLower(s), strings.ToLower(m.Actor)+" ")
	})
	if len(unnamed) == 0 {
		return all[0]
	}
	if len(unnamed) == 1 {
		return unnamed[0]
	}
	return unnamed[0] + ", or just " + unnamed[len(unnamed)-1]
}
