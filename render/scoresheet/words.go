package scoresheet

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/olekukonko/tablewriter/pkg/twwidth"
)

// The terminal and the page lay words out alike: measured by twwidth, as tablewriter measures
// the terminal's tables, and broken at spaces, never inside a word.

// Fill lays out words joined by sep in lines of at most width columns, the first line indented
// by first and the others by rest. A word with spaces in it (a pair) breaks at them only when
// it is too long for a line of its own; a word with none that is too long stays whole.
func Fill(words []string, sep, first, rest string, width int) []string {
	// A line that breaks ends with the separator's mark (the comma of ", "), so leave it room.
	trail := strings.TrimRight(sep, " ")
	width -= twwidth.Width(trail)
	var lines []string
	line, indent := first, first
	for _, word := range words {
		if line != indent && twwidth.Width(line+sep+word) > width {
			lines = append(lines, line+trail)
			line, indent = rest, rest
		}
		if line != indent {
			line += sep
		}
		line += word
		for twwidth.Width(line) > width {
			cut := breakAt(line, len(indent), width)
			if cut < 0 {
				break
			}
			lines = append(lines, line[:cut])
			line, indent = rest+line[cut+1:], rest
		}
	}
	return append(lines, line)
}

// breakAt is the last space in line after from where it can break to fit width columns, else
// the first space after from, or -1 when there is none.
func breakAt(line string, from, width int) int {
	fits := -1
	for i := from; i < len(line); i++ {
		if line[i] != ' ' {
			continue
		}
		if twwidth.Width(line[:i]) > width {
			if fits < 0 {
				return i
			}
			break
		}
		fits = i
	}
	return fits
}

// PairSep joins "title value" pairs: with commas, or with semicolons where a value holds commas
// of its own ("drops 7♥ on 9♥, 2♣ on 6♣; pick Q♥ for J♦").
func PairSep(pairs []string) string {
	if slices.ContainsFunc(pairs, func(p string) bool { return strings.Contains(p, ",") }) {
		return "; "
	}
	return ", "
}

// LongestWord is the display width of text's widest word: the narrowest it wraps to.
func LongestWord(text string) int {
	w := 0
	for _, word := range strings.Fields(text) {
		w = max(w, twwidth.Width(word))
	}
	return w
}

// Capitalize starts a message with a capital, as a sentence on a page or sheet: messages are
// written lower case for the command line.
func Capitalize(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}
