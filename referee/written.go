package referee

import "strings"

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
