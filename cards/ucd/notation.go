package ucd

import (
	"errors"
	"fmt"
	"strings"
)

// Parse, ParseRank and ParseSuit errors wrap these sentinels; their text is the short
// manual of the notation, so every refusal says what to type instead.
var (
	ErrCard = errors.New("write rank then suit, as 3N, MoS (Moon), SuE (Sun) or GV (Galaxy); suits E J M N S V")
	ErrRank = errors.New("ranks are 1 to 7, Mo (Moon), Su (Sun) and G (Galaxy)")
	ErrSuit = errors.New("suits are E (Earth), J (Jupiter), M (Mars), N (Neptune), S (Saturn) and V (Venus)")
)

// rankWords are the accepted spellings of the ranks, lower case. No suit spelling starts a
// rank spelling with a suffix that is itself a suit spelling (see doc.go), which is what
// keeps the compact form ("MoM", "SuN") readable one way only.
var rankWords = []struct {
	word string
	rank Rank
}{
	{"1", 1}, {"2", 2}, {"3", 3}, {"4", 4}, {"5", 5}, {"6", 6}, {"7", 7},
	{"mo", Moon}, {"moon", Moon},
	{"su", Sun}, {"sun", Sun},
	{"g", Galaxy}, {"galaxy", Galaxy},
}

// suitWords are the accepted spellings of the suits, lower case: letter and name.
var suitWords = []struct {
	word string
	suit Suit
}{
	{"e", Earth}, {"earth", Earth},
	{"j", Jupiter}, {"jupiter", Jupiter},
	{"m", Mars}, {"mars", Mars},
	{"n", Neptune}, {"neptune", Neptune},
	{"s", Saturn}, {"saturn", Saturn},
	{"v", Venus}, {"venus", Venus},
}

func suitWord(w string) (Suit, bool) {
	for _, sw := range suitWords {
		if sw.word == w {
			return sw.suit, true
		}
	}
	return 0, false
}

func rankWord(w string) (Rank, bool) {
	for _, rw := range rankWords {
		if rw.word == w {
			return rw.rank, true
		}
	}
	return 0, false
}

// fold lower-cases ASCII letters only, so that no non-ASCII letter (the Kelvin sign, the
// long s) can fold into a notation letter; byte offsets are unchanged.
func fold(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// ParseRank reads a rank in any case: 1 … 7, Mo or Moon, Su or Sun, G or Galaxy.
func ParseRank(s string) (Rank, error) {
	t := fold(strings.TrimSpace(s))
	if r, ok := rankWord(t); ok {
		return r, nil
	}
	hint := ""
	if t == "m" {
		hint = "M is the suit Mars, the Moon is Mo; "
	}
	return 0, fmt.Errorf("%q is not a UCD rank: %s%w", s, hint, ErrRank)
}

// ParseSuit reads a suit in any case, as its letter (E J M N S V) or its name (Earth …).
func ParseSuit(s string) (Suit, error) {
	if st, ok := suitWord(fold(strings.TrimSpace(s))); ok {
		return st, nil
	}
	return 0, fmt.Errorf("%q is not a UCD suit: %w", s, ErrSuit)
}

// Parse reads a card written rank first, suit last, in any case, with surrounding spaces
// ignored: "3N", "moS", "MoonS", "SuE", "sunE", "GV", "galaxyV", and the spaced forms
// "3 N", "Moon of Saturn", "Galaxy Venus" (so Pretty reads back). doc.go is the full
// manual. A refusal wraps ErrCard and names the input.
func Parse(s string) (Card, error) {
	low := strings.Fields(fold(s))
	var rw, sw string
	switch {
	case len(low) == 1:
		cs := compact(low[0])
		if len(cs) == 1 {
			return cs[0], nil
		}
		if len(cs) > 1 { // cannot happen with the spellings above; refused rather than guessed
			return Card{}, fmt.Errorf("%q is not a UCD card: it reads as both %v and %v; %w", s, cs[0], cs[1], ErrCard)
		}
	case len(low) == 2:
		rw, sw = low[0], low[1]
	case len(low) == 3 && low[1] == "of":
		rw, sw = low[0], low[2]
	}
	if rw != "" {
		r, rok := rankWord(rw)
		st, sok := suitWord(sw)
		if rok && sok {
			return Card{r, st}, nil
		}
	}
	return Card{}, fmt.Errorf("%q is not a UCD card: %s%w", s, hint(s), ErrCard)
}

// ParseFirst reads the card that words begin with, as a line typed at the table splits it:
// one word ("3N", "MoS"), two ("3 Mars", "Galaxy Venus") or three ("Moon of Saturn"), so that
// every card Pretty writes can be typed back word for word. It returns the card and how many
// words it took. The longest reading wins, and it is the only one: a suit alone is never a
// card, so no card is also a card followed by a word ("sun earth" is the Sun of Earth, and
// "sun" alone the Sun of Neptune). A refusal is Parse's, of the two words when the second
// cannot start a card of its own ("3 Mras": "Mras" is not a suit), else of the first.
func ParseFirst(words []string) (Card, int, error) {
	if c, n, ok := first(words); ok {
		return c, n, nil
	}
	if len(words) == 0 {
		_, err := Parse("")
		return Card{}, 0, err
	}
	_, err := Parse(words[0])
	if len(words) > 1 {
		if _, _, ok := first(words[1:]); !ok {
			_, err = Parse(words[0] + " " + words[1])
		}
	}
	return Card{}, 0, err
}

// first reads the card words begin with, the longest reading first.
func first(words []string) (Card, int, bool) {
	for n := min(3, len(words)); n > 0; n-- {
		if c, err := Parse(strings.Join(words[:n], " ")); err == nil {
			return c, n, true
		}
	}
	return Card{}, 0, false
}

// compact lists the distinct cards that one unspaced word reads as: a rank spelling followed
// by a suit spelling.
func compact(t string) []Card {
	var out []Card
	for _, rw := range rankWords {
		if !strings.HasPrefix(t, rw.word) {
			continue
		}
		if st, ok := suitWord(t[len(rw.word):]); ok {
			if c := (Card{rw.rank, st}); len(out) == 0 || out[0] != c {
				out = append(out, c)
			}
		}
	}
	return out
}

// hint says what is wrong with a refused card, ending in "; ", or is empty.
func hint(s string) string {
	orig := strings.Fields(s) // same split as the folded text: folding keeps every byte's place
	low := strings.Fields(fold(s))
	switch {
	case len(low) == 0:
		return "it is empty; "
	case len(low) == 1:
		return hintCompact(low[0], orig[0])
	case len(low) == 2 || len(low) == 3 && low[1] == "of":
		r, st, or, os := low[0], low[len(low)-1], orig[0], orig[len(orig)-1]
		if su, ok := suitWord(r); ok {
			if rk, ok := rankWord(st); ok {
				return "write the rank first: " + Card{rk, su}.String() + "; "
			}
		}
		if _, ok := rankWord(r); !ok {
			switch {
			case r == "m":
				return moonHint
			case digits(r) == len(r):
				return fmt.Sprintf("%q is not a rank, the numbers run 1 to 7; ", or)
			}
			return fmt.Sprintf("%q is not a rank; ", or)
		}
		return fmt.Sprintf("%q is not a suit; ", os)
	}
	return ""
}

const moonHint = "M alone is Mars, the Moon is Mo (MoM is the Moon of Mars); "

func hintCompact(t, o string) string {
	for _, sw := range suitWords { // suit first?
		if !strings.HasPrefix(t, sw.word) {
			continue
		}
		if r, ok := rankWord(t[len(sw.word):]); ok {
			return "write the rank first: " + Card{r, sw.suit}.String() + "; "
		}
	}
	if strings.HasPrefix(t, "m") && !strings.HasPrefix(t, "mo") && t != "mars" {
		return moonHint
	}
	if _, ok := suitWord(t); ok {
		return "it has no rank; "
	}
	if n := digits(t); n > 0 {
		if _, ok := rankWord(t[:n]); !ok {
			return fmt.Sprintf("%q is not a rank, the numbers run 1 to 7; ", o[:n])
		}
	}
	best := -1
	for _, rw := range rankWords { // the longest rank spelling the word starts with
		if strings.HasPrefix(t, rw.word) && len(rw.word) > best {
			best = len(rw.word)
		}
	}
	switch {
	case best == len(t):
		return "it has no suit; "
	case best > 0:
		return fmt.Sprintf("%q is not a suit; ", o[best:])
	}
	return ""
}

// digits counts the leading ASCII digits of t.
func digits(t string) int {
	n := 0
	for n < len(t) && '0' <= t[n] && t[n] <= '9' {
		n++
	}
	return n
}

// MarshalText stores a suit as its letter, so JSON shows "N", not 3.
func (s Suit) MarshalText() ([]byte, error) {
	if !s.Valid() {
		return nil, fmt.Errorf("suit %d: %w", int(s), ErrSuit)
	}
	return []byte(s.String()), nil
}

// UnmarshalText reads any notation ParseSuit accepts.
func (s *Suit) UnmarshalText(b []byte) error {
	v, err := ParseSuit(string(b))
	*s = v
	return err
}

// MarshalText stores a rank in its canonical notation, so JSON shows "Mo", not 8.
func (r Rank) MarshalText() ([]byte, error) {
	if !r.Valid() {
		return nil, fmt.Errorf("rank %d: %w", int(r), ErrRank)
	}
	return []byte(r.String()), nil
}

// UnmarshalText reads any notation ParseRank accepts.
func (r *Rank) UnmarshalText(b []byte) error {
	v, err := ParseRank(string(b))
	*r = v
	return err
}

// MarshalText stores a card in its canonical notation, "MoS".
func (c Card) MarshalText() ([]byte, error) {
	if !c.Valid() {
		return nil, fmt.Errorf("card %d/%d: %w", int(c.Rank), int(c.Suit), ErrCard)
	}
	return []byte(c.String()), nil
}

// UnmarshalText reads any notation Parse accepts.
func (c *Card) UnmarshalText(b []byte) error {
	v, err := Parse(string(b))
	*c = v
	return err
}
