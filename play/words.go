package play

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A transcript line is words separated by spaces. One rule writes every word — a name, a team,
// a match, a card — and every note: bare when it reads back as itself, otherwise in double
// quotes with Go's escapes. So a player called #x is written "#x" (a bare # starts a comment
// line), a match called club night is "club night", and a note with a line break is quoted.

// noteMark is the word after which the rest of a correction's line is its note.
const noteMark = "--"

// bare reports whether a word may be written as it is and read back as one word.
func bare(w string) bool {
	if w == "" || w == noteMark || strings.HasPrefix(w, "#") || !utf8.ValidString(w) {
		return false
	}
	return !strings.ContainsFunc(w, func(r rune) bool { return r == '"' || unicode.IsSpace(r) || !unicode.IsPrint(r) })
}

// Quote writes a word so that Words reads it back as that one word.
func Quote(w string) string {
	if bare(w) {
		return w
	}
	return strconv.Quote(w)
}

// Line writes words as one line, each quoted as it needs.
func Line(words ...string) string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = Quote(w)
	}
	return strings.Join(out, " ")
}

// noteText writes a note as the rest of a line: as it is when it reads back so (no line
// break, no space at either end, not starting with a quote), else quoted.
func noteText(note string) string {
	trimmed := strings.TrimSpace(note) == note
	if trimmed && utf8.ValidString(note) && !strings.HasPrefix(note, `"`) &&
		!strings.ContainsFunc(note, func(r rune) bool { return !unicode.IsPrint(r) && r != ' ' }) {
		return note
	}
	return strconv.Quote(note)
}

// ErrNoteAlone refuses a line that is only a note: a note says why of the correction before it.
var ErrNoteAlone = errors.New("a note (-- …) goes after the correction it explains: void SEQ -- why")

// ErrNoteOnMove refuses a note after a move: a note says why of a correction.
var ErrNoteOnMove = errors.New("only a correction takes a note (-- …)")

// MoveWords reads a move for g typed as one line, as every face reads one (the prompt, a
// transcript, a phone): its Words, with no note. An empty line is asked for a move, with one
// the player to act may make now as the example, or the hint when there is none.
func (g *Game) MoveWords(line string) ([]string, error) {
	words, _, hasNote, err := Words(line)
	switch {
	case err != nil:
		return nil, Invalidf(err, "", "%v", err)
	case hasNote:
		return nil, Invalidf(ErrNoteOnMove, "", "%v", ErrNoteOnMove)
	case len(words) == 0:
		if legal := g.Choices(); len(legal) > 0 {
			return nil, Invalidf(nil, "", "what move? (%s)", legal[0].Move)
		}
		return nil, Invalidf(nil, "", "what move? (%s)", g.Hint())
	}
	return words, nil
}

// errQuote is wrapped by every error Words returns.
var errQuote = errors.New("bad quoting")

// Words splits a line into its words and its note: words are separated by white space, a word
// starting with a double quote runs to its closing quote (Go's escapes), and a bare -- ends the
// words, the rest of the line being the note (quoted as a whole, or as it stands).
func Words(line string) (words []string, note string, hasNote bool, err error) {
	rest := strings.TrimSpace(line)
	for rest != "" {
		if rest[0] == '"' {
			quoted, err := strconv.QuotedPrefix(rest)
			if err != nil {
				return nil, "", false, fmt.Errorf("%w: unclosed or malformed quote in %s", errQuote, rest)
			}
			w, _ := strconv.Unquote(quoted) // QuotedPrefix checked it
			rest = rest[len(quoted):]
			if r, _ := utf8.DecodeRuneInString(rest); rest != "" && !unicode.IsSpace(r) {
				return nil, "", false, fmt.Errorf("%w: a quoted word runs into %s", errQuote, rest)
			}
			words, rest = append(words, w), strings.TrimSpace(rest)
			continue
		}
		end := strings.IndexFunc(rest, unicode.IsSpace)
		if end < 0 {
			end = len(rest)
		}
		w := rest[:end]
		rest = strings.TrimSpace(rest[end:])
		if w == noteMark {
			note, err := readNote(rest)
			return words, note, true, err
		}
		words = append(words, w)
	}
	return words, "", false, nil
}

// readNote reads the rest of a line after the note mark.
func readNote(rest string) (string, error) {
	if !strings.HasPrefix(rest, `"`) {
		return rest, nil
	}
	note, err := strconv.Unquote(rest)
	if err != nil {
		return "", fmt.Errorf("%w: a quoted note must be the whole rest of its line: %s", errQuote, rest)
	}
	return note, nil
}
