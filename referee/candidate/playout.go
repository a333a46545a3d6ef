package candidate

import (
	"math/rand/v2"
	"slices"

	"github.com/tableside/tableside/cards"
	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
)

// Playout plays one random game with real, shuffled cards and players who bid legally but
// at random, and returns its setup and every move the table would type. It shares no logic
// with the referee (it deals and holds the hidden cards the referee never sees), so a referee
// that flags one of its games is wrong. Hands and leftovers are shown now and then so that the
// C10 checks are exercised too.
func Playout(rng *rand.Rand, options map[string]string) (events.Created, []referee.Move) {
	return playout(rng, options, [2]string{"ann", "bob"})
}

// Playout implements referee.Rules: Playout with options chosen at random.
func (Rules) Playout(rng *rand.Rand, names []string) (events.Created, []referee.Move) {
	options := map[string]string{"decks": []string{"3", "1"}[rng.IntN(2)], "wrap": []string{"on", "off"}[rng.IntN(2)]}
	return playout(rng, options, [2]string{names[0], names[1]})
}

func playout(rng *rand.Rand, options map[string]string, players [2]string) (events.Created, []referee.Move) {
	dealer := rng.IntN(2)
	setup := events.Created{Kind: "candidate", Players: players[:], Dealer: players[dealer], Options: options, Ruleset: Rules{}.Ruleset()}
	var moves []referee.Move
	emit := func(typ, actor string, p payload) { moves = append(moves, referee.NewMove(typ, actor, p)) }

	suits := seatSuits(rng, options["decks"] == "1")
	opener := 1 - dealer
	for _, suit := range suits {
		emit(TypeSeat, "", payload{Suit: &suit})
		hands, stock := dealSeat(rng, suit)
		for p := range hands {
			if rng.IntN(10) == 0 {
				emit(TypeHand, players[p], payload{Cards: slices.Clone(hands[p])})
			}
		}
		forfeit := -1
		for _, cand := range stock {
			emit(TypeReveal, "", payload{Card: &cand})
			if forfeit >= 0 {
				opener = 1 - forfeit
				continue
			}
			var high cards.Card
			highBy, turn := -1, opener
			for len(hands[turn]) > 0 {
				var higher []int
				for i, c := range hands[turn] {
					if c.Rank > high.Rank {
						higher = append(higher, i)
					}
				}
				if len(higher) == 0 || (highBy >= 0 && rng.IntN(2) == 0) {
					emit(TypePass, players[turn], payload{})
					break
				}
				i := higher[rng.IntN(len(higher))]
				c := hands[turn][i]
				hands[turn] = slices.Delete(hands[turn], i, i+1)
				emit(TypeBid, players[turn], payload{Card: &c})
				high, highBy = c, turn
				if len(hands[turn]) == 0 && forfeit < 0 {
					forfeit = turn
				}
				turn = 1 - turn
			}
			opener = highBy
		}
		for p := range hands {
			if len(hands[p]) > 0 && rng.IntN(10) == 0 {
				emit(TypeLeft, players[p], payload{Cards: slices.Clone(hands[p])})
			}
		}
	}
	return setup, moves
}

// seatSuits orders the twelve seats' piles: with one deck each block of four seats uses each
// suit once, with three decks the twelve piles come in any order (C5).
func seatSuits(rng *rand.Rand, oneDeck bool) []cards.Suit {
	var suits []cards.Suit
	for block := 0; block < 3; block++ {
		suits = append(suits, cards.Suits[:]...)
	}
	if oneDeck {
		for b := 0; b < 3; b++ {
			block := suits[b*4 : b*4+4]
			rng.Shuffle(4, func(i, j int) { block[i], block[j] = block[j], block[i] })
		}
	} else {
		rng.Shuffle(len(suits), func(i, j int) { suits[i], suits[j] = suits[j], suits[i] })
	}
	return suits
}

// dealSeat shuffles a seat's pile and deals it (C5): five faction cards to each player, and
// the three candidates left face down, in the order they will be turned up.
func dealSeat(rng *rand.Rand, suit cards.Suit) (hands [2][]cards.Card, stock []cards.Card) {
	pile := make([]cards.Card, 0, 13)
	for r := cards.MinRank; r <= cards.MaxRank; r++ {
		pile = append(pile, cards.Card{Rank: r, Suit: suit})
	}
	rng.Shuffle(len(pile), func(i, j int) { pile[i], pile[j] = pile[j], pile[i] })
	return [2][]cards.Card{slices.Clone(pile[0:5]), slices.Clone(pile[5:10])}, pile[10:13]
}
