package candidate

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/tableside/tableside/cards"
	"github.com/tableside/tableside/referee"
)

// Deal implements referee.Rules: a Candidate board (D1) is the twelve seats' piles (C5), each
// a suit in the order decks gives them, its two faction hands of five and its three candidates
// in the order they are turned up. The player who does not deal opens seat 1 (C6; D4's first
// direction).
func (Rules) Deal(rng *rand.Rand, _ int, options map[string]string) ([]referee.Pile, error) {
	var piles []referee.Pile
	for i, suit := range seatSuits(rng, options["decks"] == "1") {
		hands, candidates := dealSeat(rng, suit)
		seat := fmt.Sprintf("seat %d %s", i+1, suit.Symbol())
		for p, whose := range []string{"the non-dealer's faction", "the dealer's faction"} {
			hand := slices.Clone(hands[p])
			slices.SortFunc(hand, func(a, b cards.Card) int { return int(b.Rank) - int(a.Rank) })
			piles = append(piles, referee.Pile{Name: seat + ": " + whose, Cards: referee.Notations(hand)})
		}
		piles = append(piles, referee.Pile{Name: seat + ": the candidates, in the order turned", Cards: referee.Notations(candidates), Ordered: true})
	}
	return piles, nil
}
