package pinochle

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/tableside/tableside/cards"
	"github.com/tableside/tableside/referee"
)

// Deal implements referee.Rules: a Pinochle board (D1) is the two hands of twelve, from the
// double deck shuffled by the seed, as an automatic deal gives them (P2); the other 24 cards
// are not in play. Seat 1 is the one that opens the bidding on the board (D4's first
// direction).
func (Rules) Deal(rng *rand.Rand, _ int, _ map[string]string) ([]referee.Pile, error) {
	held := deal(rng, false)
	piles := make([]referee.Pile, 2)
	for seat, hand := range held {
		sorted := slices.Clone(hand)
		slices.SortFunc(sorted, func(a, b cards.Card) int {
			if a.Suit != b.Suit {
				return int(a.Suit) - int(b.Suit)
			}
			return slices.Index(ranks[:], b.Rank) - slices.Index(ranks[:], a.Rank) // high first
		})
		name := fmt.Sprintf("seat %d", seat+1)
		if seat == 0 {
			name += ": opens the bidding"
		}
		piles[seat] = referee.Pile{Name: name, Cards: referee.Notations(sorted)}
	}
	return piles, nil
}
