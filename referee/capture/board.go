package capture

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/tableside/tableside/cards/ucd"
	"github.com/tableside/tableside/referee"
)

// Deal implements referee.Rules: a Capture board (D1) is one hand's deal from the deck of the
// table's size, its Galaxies included (U2), each seat's cards (U3), the extra hand with
// extra=on (U12), and the stack in order, its top first. Seat 1 deals, and the seats go round
// from the dealer (D4).
func (Rules) Deal(rng *rand.Rand, players int, options map[string]string) ([]referee.Pile, error) {
	extra := options["extra"] == "on"
	if extra && players == ucd.MaxPlayers {
		return nil, fmt.Errorf("the extra hand is for 2 to 5 players (U12)")
	}
	hands, extraHand, stack := shuffled(rng, players, extra)
	var piles []referee.Pile
	for seat, hand := range hands {
		name := fmt.Sprintf("seat %d", seat+1)
		if seat == 0 {
			name += ": deals"
		}
		piles = append(piles, referee.Pile{Name: name, Cards: referee.Notations(sortedHigh(hand))})
	}
	if extra {
		piles = append(piles, referee.Pile{Name: "the extra hand (U12)", Cards: referee.Notations(sortedHigh(extraHand))})
	}
	return append(piles, referee.Pile{Name: "the stack, its top first", Cards: referee.Notations(stack), Ordered: true}), nil
}

// sortedHigh is cs from the highest card down (U1).
func sortedHigh(cs []ucd.Card) []ucd.Card {
	out := slices.Clone(cs)
	slices.SortFunc(out, func(a, b ucd.Card) int { return ucd.Compare(b, a) })
	return out
}
