package article2

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/tableside/tableside/referee"
)

// Deal implements referee.Rules: an Article II board (D1) is what each player draws in each
// phase (E1, E4), seven cards a phase from the one deck, the Primary's hands first; the cards a
// table of fewer than four leaves undrawn are not in play. Seat 1 is the first in the seating's
// order.
func (Rules) Deal(rng *rand.Rand, players int, options map[string]string) ([]referee.Pile, error) {
	if options["parties"] == "on" && players != 4 {
		return nil, fmt.Errorf("the party variant is for four players (E8)")
	}
	rest := shuffled(rng)
	var piles []referee.Pile
	for _, phase := range []string{"the Primary", "the General"} {
		var hands [][]kind
		hands, rest = deal(rest, players)
		for seat, hand := range hands {
			slices.Sort(hand)
			keys := make([]string, len(hand))
			for i, k := range hand {
				keys[i] = deck[k].Key
			}
			piles = append(piles, referee.Pile{Name: fmt.Sprintf("%s: seat %d's hand", phase, seat+1), Cards: keys})
		}
	}
	return piles, nil
}
