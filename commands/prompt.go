package commands

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/peterh/liner"
	"golang.org/x/term"

	"github.com/tableside/tableside/commands/table"
)

// lines reads what is typed at the play prompt: on a terminal with line editing — arrow keys,
// history, Tab completion of the legal moves — and from a pipe or a file plainly.
type lines interface {
	// Read shows prompt and returns the next line; io.EOF when input ends.
	Read(prompt string) (string, error)
	Close() error
}

// newLines chooses the reader for in and out; complete lists what the line typed so far could
// become.
func newLines(in io.Reader, out io.Writer, complete func(line string) []string) lines {
	if isTerminal(in) && isTerminal(out) && liner.TerminalSupported() {
		st := liner.NewLiner()
		st.SetCtrlCAborts(true)
		st.SetCompleter(complete)
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
var promptWords = []string{"help", "show", "score", "log", "undo", "force ", "void ", "amend ", "rule ", "adjust ", "abandon -- ", "quit"}

// completions lists the legal moves of g, written with and without the player to act, and the
// prompt's commands, that begin with line.
func completions(g *table.Game, line string) []string {
	var out []string
	add := func(s string) {
		if strings.HasPrefix(strings.ToLower(s), strings.ToLower(line)) && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	for _, m := range g.Legal() {
		for _, p := range g.Setup.Players {
			if rest, ok := strings.CutPrefix(m, p+" "); ok {
				add(rest)
			}
		}
		add(m)
	}
	for _, w := range promptWords {
		add(w)
	}
	return out
}
