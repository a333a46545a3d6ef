package advantage

import (
	"math/rand/v2"
	"slices"

	"github.com/tableside/tableside/cards"
	"github.com/tableside/tableside/referee"
)

// Deal implements referee.Rules: an Advantage board (D1) is the whole deck as the deal lays it
// out, every card known: the centre's three piles in order, the two hands of three, and the
// stock, its top first. Seat 1 does not deal, and plays first (A1; D4's first direction).
func (Rules) Deal(rng *rand.Rand, _ int, _ map[string]string) ([]referee.Pile, error) {
	centre, first, second, stock := shuffledDeal(rng)
	return []referee.Pile{
		{Name: "the centre, piles 1 to 3", Cards: referee.Notations(centre), Ordered: true},
		{Name: "seat 1: plays first", Cards: referee.Notations(sortedHigh(first))},
		{Name: "seat 2: deals", Cards: referee.Notations(sortedHigh(second))},
		{Name: "the stock, its top first", Cards: referee.Notations(stock), Ordered: true},
	}, nil
}

// sortedHigh is a hand by suit, then from the highest rank down, for the record.
func sortedHigh(hand []cards.Card) []cards.Card {
	out := slices.Clone(hand)
	slices.SortFunc(out, func(a, b cards.Card) int {
		if a.Suit != b.Suit {
			return int(a.Suit) - int(b.Suit)
		}
		return int(b.Rank) - int(a.Rank)
	})
	return out
}
