package commands

import (
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"golang.org/x/term"
)

// terminal is standard output as the command line writes to it: it knows its width, shows the
// red suits in red where colour is wanted, and writes plain ASCII — suit letters and plain
// borders — where the terminal's character set may lack ♠ and ┼. Every change keeps each
// character one column wide, or adds only escape codes that take none, so tables laid out
// before the change keep their columns.
type terminal struct {
	w       io.Writer
	columns int
	color   bool
	ascii   bool
	pending []byte // the start of a character split between two writes
}

// newTerminal wraps standard output or error w. On a terminal it takes the terminal's width,
// writes ASCII when the locale is C or POSIX, and colours the red suits unless NO_COLOR is set
// or TERM is dumb. Output to a file or a pipe is left as it is; --ascii asks for ASCII there
// too.
func newTerminal(w io.Writer) *terminal {
	t := &terminal{w: w}
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		if width, _, err := term.GetSize(int(f.Fd())); err == nil {
			t.columns = width
		}
		t.ascii = plainLocale()
		t.color = os.Getenv("NO_COLOR") == "" && os.Getenv("TERM") != "dumb"
	}
	return t
}

// plainLocale reports whether the locale asks for ASCII: LC_ALL, else LC_CTYPE, else LANG set
// to C or POSIX.
func plainLocale() bool {
	for _, name := range []string{"LC_ALL", "LC_CTYPE", "LANG"} {
		if v := os.Getenv(name); v != "" {
			return v == "C" || v == "POSIX"
		}
	}
	return false
}

// Columns implements render.Sized: 0 when not a terminal, which means the usual 80.
func (t *terminal) Columns() int { return t.columns }

var (
	toASCII = strings.NewReplacer(
		"♠", "S", "♥", "H", "♦", "D", "♣", "C", "♤", "S", "♡", "H", "♢", "D", "♧", "C",
		"─", "-", "│", "|", "┌", "+", "┐", "+", "└", "+", "┘", "+", "├", "+", "┤", "+", "┬", "+", "┴", "+", "┼", "+",
		"—", "-", "–", "-", "→", ">", "…", ".", "×", "x", "−", "-", "·", ".",
		// A CSV file's byte order mark says it is UTF-8; plain ASCII needs none.
		"\ufeff", "",
	)
	red      = "\x1b[31m"
	reset    = "\x1b[0m"
	colorize = strings.NewReplacer("♥", red+"♥"+reset, "♦", red+"♦"+reset)
	redASCII = strings.NewReplacer("♥", red+"H"+reset, "♦", red+"D"+reset)
)

func (t *terminal) Write(p []byte) (int, error) {
	if !t.ascii && !t.color {
		return t.w.Write(p)
	}
	data := append(t.pending, p...)
	// Hold back a character cut off at the end, to be written with the next bytes.
	cut := len(data)
	for i := max(0, len(data)-utf8.UTFMax+1); i < len(data); i++ {
		if utf8.RuneStart(data[i]) && !utf8.FullRune(data[i:]) {
			cut = i
			break
		}
	}
	t.pending = append([]byte(nil), data[cut:]...)
	s := string(data[:cut])
	switch {
	case t.ascii && t.color:
		s = toASCII.Replace(redASCII.Replace(s))
	case t.ascii:
		s = toASCII.Replace(s)
	default:
		s = colorize.Replace(s)
	}
	if _, err := io.WriteString(t.w, s); err != nil {
		return 0, err
	}
	return len(p), nil
}
