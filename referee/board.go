package referee

// Board is a deal as data (D1): everything a table's cards decide before the first play, so
// that every table of a duplicate night plays the same cards. It is a list of piles, each a
// seat's hand or what is turned or drawn in order, named for the hand record a person deals
// from; its cards are written as the game's notation reads them.
type Board struct {
	Kind    string            `json:"kind"`
	Number  int               `json:"board"`
	Seed    uint64            `json:"seed"`
	Players int               `json:"players"`
	Options map[string]string `json:"options,omitempty"`
	Piles   []Pile            `json:"piles"`
}

// Pile is one part of a board: its name ("seat 1: deals first"), its cards, and whether their
// order is the board's (a stock turned card by card) or not (a hand, sorted for the record).
type Pile struct {
	Name    string   `json:"name"`
	Cards   []string `json:"cards"`
	Ordered bool     `json:"ordered,omitempty"`
}

// Notations is cs as a pile holds them, each in the notation a move is typed in.
func Notations[C Written](cs []C) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}
