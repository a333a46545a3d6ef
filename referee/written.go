package referee

import (
	"strconv"
	"strings"
)

// Written is a card as a notation writes it: String in the notation a move is typed and
// stored in, Pretty in the words people read. Both decks' cards are Written.
type Written interface {
	String() string
	Pretty() string
}

// Plural is one when n is 1, else many: the word that agrees with a count of n, in a message.
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Ordinal writes n as a place is said: 1st, 2nd, 3rd, 4th, 11th, 21st.
func Ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return strconv.Itoa(n) + suffix
}

// CardWord writes c for Notation (pretty false) or Describe (pretty true); "?" when a move
// names no card.
func CardWord[C Written](c *C, pretty bool) string {
	switch {
	case c == nil:
		return "?"
	case pretty:
		return (*c).Pretty()
	}
	return (*c).String()
}

// CardWords writes cards as CardWord does, separated by sep; "none" for no card.
func CardWords[C Written](cs []C, pretty bool, sep string) string {
	if len(cs) == 0 {
		return "none"
	}
	out := make([]string, len(cs))
	for i := range cs {
		out[i] = CardWord(&cs[i], pretty)
	}
	return strings.Join(out, sep)
}
