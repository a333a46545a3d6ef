package advantage

import (
	"math/rand/v2"
	"slices"
	"time"

	"github.com/tableside/tableside/cards"
	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
)

// eagerRounds is how long a playout picks as often as a table would; after it, picks grow
// rare so that the hands run down and the game ends (nothing in the rules bounds its length).
const eagerRounds = 60

// Playout implements referee.Rules: one random game to its end from a shuffled deck, with
// players who drop, pick and pair legally but at random. It keeps the stock's order and the
// table itself and asks the referee nothing.
func (Rules) Playout(rng *rand.Rand, names []string) (events.Created, []referee.Move) {
	t, setup, dealer := seat(rng, names)
	t.play(dealer)
	return setup, t.moves
}

// seat sets up a game of the first two names at a new table: a dealer and a date of 2026
// drawn at random.
func seat(rng *rand.Rand, names []string) (t *table, setup events.Created, dealer int) {
	players := [2]string{names[0], names[1]}
	dealer = rng.IntN(2)
	date := time.Date(2026, time.January, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, rng.IntN(365))
	setup = events.Created{Kind: "advantage", Players: players[:], Dealer: players[dealer],
		Options: map[string]string{}, Ruleset: Rules{}.Ruleset(), Date: date.Format("2006-01-02")}
	return &table{rng: rng, players: players}, setup, dealer
}

// table is a playout's game: the stock in order, the hands, the piles and the pairs.
type table struct {
	rng     *rand.Rand
	players [2]string
	stock   []cards.Card // the next card drawn first
	hands   [2][]cards.Card
	piles   [Piles][]cards.Card
	moves   []referee.Move
}

func (t *table) emit(typ string, p int, pl payload) {
	actor := ""
	if p >= 0 {
		actor = t.players[p]
	}
	t.moves = append(t.moves, referee.NewMove(typ, actor, pl))
}

// goesOn is the drop rule of the rule text, written out on its own as a check on the
// referee's: the same rank, a 10 either way, or the same colour with an ace on either side,
// a face on a face or a number on a number. Picking follows the same rule.
func goesOn(c, top cards.Card) bool {
	if c.Rank == top.Rank || c.Rank == 10 || top.Rank == 10 {
		return true
	}
	isRed := func(x cards.Card) bool { return x.Suit == cards.Hearts || x.Suit == cards.Diamonds }
	if isRed(c) != isRed(top) {
		return false
	}
	isFace := func(x cards.Card) bool { return x.Rank >= cards.Jack && x.Rank <= cards.King }
	return c.Rank == cards.Ace || top.Rank == cards.Ace || isFace(c) == isFace(top)
}

// choices lists p's cards that go on a pile, with the pile.
func (t *table) choices(p int) [][2]int {
	var out [][2]int
	for i, c := range t.hands[p] {
		for j := range t.piles {
			if goesOn(c, t.top(j)) {
				out = append(out, [2]int{i, j})
			}
		}
	}
	return out
}

func (t *table) draw(p int) {
	c := t.take(p)
	t.emit(TypeDraw, p, payload{Card: &c})
}

// take moves the stock's top card into p's hand and returns it.
func (t *table) take(p int) cards.Card {
	c := t.stock[0]
	t.stock = t.stock[1:]
	t.hands[p] = append(t.hands[p], c)
	return c
}

func (t *table) top(j int) cards.Card { return t.piles[j][len(t.piles[j])-1] }

// place plays the card at hand index ij[0] to pile ij[1]: dropped on it, or traded for it.
func (t *table) place(p int, ij [2]int, typ string) {
	c, top := t.hands[p][ij[0]], t.top(ij[1])
	t.lay(p, c, ij[1], typ)
	t.emit(typ, p, payload{Card: &c, Pile: &top})
}

// lay moves c from p's hand to pile j: dropped on it, or traded for it, the pile going to
// the hand.
func (t *table) lay(p int, c cards.Card, j int, typ string) {
	i := slices.Index(t.hands[p], c)
	t.hands[p] = slices.Delete(t.hands[p], i, i+1)
	if typ == TypePick {
		t.hands[p] = append(t.hands[p], t.piles[j]...)
		t.piles[j] = nil
	}
	t.piles[j] = append(t.piles[j], c)
}

func (t *table) refill(p int) {
	for len(t.hands[p]) < Hand && len(t.stock) > 0 {
		t.draw(p)
	}
}

// deal lays out a shuffled deck (shuffledDeal); it returns the deal as entered.
func (t *table) deal(dealer int) payload {
	centre, first, second, stock := shuffledDeal(t.rng)
	for i := range t.piles {
		t.piles[i] = []cards.Card{centre[i]}
	}
	t.hands[1-dealer], t.hands[dealer] = first, second
	t.stock = stock
	return payload{Center: slices.Clone(centre), Hands: map[string][]cards.Card{
		t.players[0]: slices.Clone(t.hands[0]), t.players[1]: slices.Clone(t.hands[1])}}
}

// shuffledDeal shuffles the deck and lays it out in the order a deal takes it: the centre's three
// piles, the non-dealer's hand, the dealer's, and the stock, its top first.
func shuffledDeal(rng *rand.Rand) (centre, first, second, stock []cards.Card) {
	var d []cards.Card
	for _, s := range cards.Suits {
		for r := cards.MinRank; r <= cards.MaxRank; r++ {
			d = append(d, cards.Card{Rank: r, Suit: s})
		}
	}
	rng.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
	return d[:Piles:Piles], slices.Clone(d[Piles : Piles+Hand]), slices.Clone(d[Piles+Hand : Piles+2*Hand]), d[Piles+2*Hand:]
}

// play plays the game to its end.
func (t *table) play(dealer int) {
	t.emit(TypeDeal, -1, t.deal(dealer))
	order := [2]int{1 - dealer, dealer}
	for round := 0; ; round++ {
		for _, p := range order {
			if !t.drops(p) {
				return
			}
		}
		t.hands[0], t.hands[1] = t.hands[1], t.hands[0]
		var picked [2]bool
		for _, p := range order {
			var over bool
			if picked[p], over = t.pick(p, round); over {
				return
			}
		}
		for _, p := range order {
			if picked[p] {
				t.pairUp(p)
			}
		}
	}
}

// drops plays p's drop turn and refill; false when p cannot drop and the stock is empty, also
// right after p's draw took its last card, which ends the game (A13).
func (t *table) drops(p int) bool {
	c := t.choices(p)
	if len(c) == 0 {
		if len(t.stock) == 0 {
			return false
		}
		t.draw(p)
		if c = t.choices(p); len(c) == 0 {
			if len(t.stock) == 0 {
				return false
			}
			t.refill(p)
			return true
		}
	}
	t.place(p, c[t.rng.IntN(len(c))], TypeDrop)
	if c = t.choices(p); len(c) > 0 {
		if t.rng.IntN(2) == 0 {
			t.place(p, c[t.rng.IntN(len(c))], TypeDrop)
		} else {
			t.emit(TypePass, p, payload{})
		}
	}
	t.refill(p)
	return true
}

// pick plays p's picking turn: whether p picked, and whether the game ended.
func (t *table) pick(p, round int) (picked, over bool) {
	c := t.choices(p)
	if len(c) == 0 {
		if len(t.stock) == 0 {
			return false, true
		}
		if t.rng.IntN(3) == 0 {
			t.emit(TypePass, p, payload{})
			return false, false
		}
		t.draw(p)
		if c = t.choices(p); len(c) == 0 {
			return false, len(t.stock) == 0
		}
	}
	eager := round < eagerRounds && len(t.stock) > 0
	if (eager && t.rng.IntN(10) < 7) || (!eager && round < 4*eagerRounds && t.rng.IntN(10) == 0) {
		t.place(p, c[t.rng.IntN(len(c))], TypePick)
		return true, false
	}
	t.emit(TypePass, p, payload{})
	return false, false
}

// pairUp plays p's pairing step: most often every pair in the hand, now and then fewer or
// none; then the refill.
func (t *table) pairUp(p int) {
	pairs := t.pairsIn(p)
	if len(pairs) == 0 {
		return
	}
	if keep := t.pairsKept(pairs); keep == nil {
		t.emit(TypePass, p, payload{})
	} else {
		t.layAside(p, keep)
		t.emit(TypePair, p, payload{Cards: keep})
	}
	t.refill(p)
}

// pairsIn lists the pairs p's hand holds, two by two: each card with the next of its rank.
func (t *table) pairsIn(p int) []cards.Card {
	var pairs []cards.Card
	hand := slices.Clone(t.hands[p])
	for i := 0; i < len(hand); i++ {
		for j := i + 1; j < len(hand); j++ {
			if hand[i].Rank == hand[j].Rank {
				pairs = append(pairs, hand[i], hand[j])
				hand = slices.Delete(hand, j, j+1)
				break
			}
		}
	}
	return pairs
}

// pairsKept chooses the pairs laid aside: most often all of them, now and then the first
// few, and now and then none (nil).
func (t *table) pairsKept(pairs []cards.Card) []cards.Card {
	switch t.rng.IntN(6) {
	case 0:
		return nil
	case 1:
		return slices.Clone(pairs[:2*(1+t.rng.IntN(len(pairs)/2))])
	}
	return slices.Clone(pairs)
}

// layAside takes the cards laid aside out of p's hand.
func (t *table) layAside(p int, cs []cards.Card) {
	for _, c := range cs {
		i := slices.Index(t.hands[p], c)
		t.hands[p] = slices.Delete(t.hands[p], i, i+1)
	}
}
