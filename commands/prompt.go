package commands

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"unicode"

	"github.com/peterh/liner"
	"github.com/tableside/tableside/play"
	"golang.org/x/term"
)

// lines reads what is typed at the play prompt: on a terminal with line editing — arrow keys,
// history, Tab completion of the legal moves — and from a pipe or a file plainly.
type lines interface {
	// Read shows prompt and returns the next line; io.EOF when input ends.
	Read(prompt string) (string, error)
	Close() error
}

// newLines chooses the reader for in and out; complete completes the word under the cursor.
func newLines(in io.Reader, out io.Writer, complete liner.WordCompleter) lines {
	if isTerminal(in) && isTerminal(out) && liner.TerminalSupported() {
		st := liner.NewLiner()
		st.SetCtrlCAborts(true)
		st.SetWordCompleter(complete)
		// As a shell does: the first Tab fills in what the candidates share, the second lists
		// them, rather than cycling one at a time through a deck of cards.
		st.SetTabCompletionStyle(liner.TabPrints)
		return &edited{st}
	}
	s := bufio.NewScanner(in)
	s.Buffer(nil, 1<<30) // a line of any length is read, and refused if it means nothing
	return &plain{s, out}
}

func isTerminal(v any) bool {
	if t, ok := v.(*terminal); ok {
		v = t.w
	}
	f, ok := v.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// plain reads lines from a pipe or a file.
type plain struct {
	in  *bufio.Scanner
	out io.Writer
}

func (p *plain) Read(prompt string) (string, error) {
	fmt.Fprint(p.out, prompt)
	if !p.in.Scan() {
		fmt.Fprintln(p.out)
		if err := p.in.Err(); err != nil {
			return "", err
		}
		return "", io.EOF
	}
	return p.in.Text(), nil
}

func (p *plain) Close() error { return nil }

// edited reads lines on a terminal with liner.
type edited struct{ st *liner.State }

func (e *edited) Read(prompt string) (string, error) {
	line, err := e.st.Prompt(prompt)
	if errors.Is(err, liner.ErrPromptAborted) {
		return "", io.EOF
	}
	if err == nil && strings.TrimSpace(line) != "" {
		e.st.AppendHistory(line)
	}
	return line, err
}

func (e *edited) Close() error { return e.st.Close() }

// promptWords are the prompt's own commands, offered by Tab with the legal moves.
var promptWords = []string{"help", "show", "score", "log", "undo", "force ", "void ", "amend ", "rule ", "adjust ", "abandon -- ", "confirm ", "quit"}

// completions lists the legal moves of g in every spelling that reads the same (with and without
// the player to act, with and without the verb: "ann play 3V", "play 3V", "3V"), and the
// prompt's commands, that begin with line.
func completions(g *play.Game, line string) []string {
	var out []string
	add := func(s string) {
		if strings.HasPrefix(strings.ToLower(s), strings.ToLower(line)) && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	for _, m := range g.Choices() {
		for _, s := range spellings(g, m) {
			add(s)
		}
	}
	for _, w := range promptWords {
		add(w)
	}
	return out
}

// spellings are the ways of typing m that the game reads as m, shortest last: its notation,
// then without the player, without the verb, or without both. Each is checked by reading it
// back, so a game offers a bare card or number only where it takes one.
func spellings(g *play.Game, m play.Choice) []string {
	written := m.Move
	words := strings.Fields(written)
	var actor []string
	if m.Actor != "" && len(words) > 1 && strings.EqualFold(words[0], m.Actor) {
		actor, words = words[:1], words[1:]
	}
	tries := [][]string{words}
	if len(words) > 1 {
		tries = append(tries, append(slices.Clone(actor), words[1:]...))
		if actor != nil {
			tries = append(tries, words[1:])
		}
	}
	out := []string{written}
	for _, try := range tries {
		s := strings.Join(try, " ")
		if slices.Contains(out, s) {
			continue
		}
		if read, err := g.ReadBack(try); err == nil && read == written {
			out = append(out, s)
		}
	}
	return out
}

// completeWord is the prompt's Tab: it completes the word under the cursor, as a shell does,
// from the words that come next in the lines completions offers, after the words typed before
// it. Words that begin exactly as typed come first; the others only when none does, so that
// "A" offers the aces and "a" the players and commands.
func completeWord(g *play.Game, line string, pos int) (head string, words []string, tail string) {
	runes := []rune(line)
	typed, tail := string(runes[:pos]), string(runes[pos:])
	head = strings.TrimRightFunc(typed, func(r rune) bool { return !unicode.IsSpace(r) })
	before, partial := strings.Fields(head), typed[len(head):]
	var exact, folded []string
	for _, c := range completions(g, "") {
		fields := strings.Fields(c)
		if len(fields) <= len(before) || !slices.EqualFunc(fields[:len(before)], before, strings.EqualFold) ||
			!strings.HasPrefix(strings.ToLower(fields[len(before)]), strings.ToLower(partial)) {
			continue
		}
		word := fields[len(before)] + " "
		switch {
		case strings.HasPrefix(word, partial):
			if !slices.Contains(exact, word) {
				exact = append(exact, word)
			}
		case !slices.Contains(folded, word):
			folded = append(folded, word)
		}
	}
	if len(exact) > 0 {
		return head, exact, tail
	}
	return head, folded, tail
}
