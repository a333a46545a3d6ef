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
	players := [2]string{names[0], names[1]}
	dealer := rng.IntN(2)
	date := time.Date(2026, time.January, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, rng.IntN(365))
	setup := events.Created{Kind: "advantage", Players: players[:], Dealer: players[dealer],
		Options: map[string]string{}, Ruleset: Rules{}.Ruleset(), Date: date.Format("2006-01-02")}
	t := &table{rng: rng, players: players}
	t.play(dealer)
	return setup, t.moves
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
	t.moves = append(t.moves, move(typ, actor, pl))
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
			if goesOn(c, t.piles[j][len(t.piles[j])-1]) {
				out = append(out, [2]int{i, j})
			}
		}
	}
	return out
}

func (t *table) draw(p int) {
	c := t.stock[0]
	t.stock = t.stock[1:]
	t.hands[p] = append(t.hands[p], c)
	t.emit(TypeDraw, p, payload{Card: &c})
}

// place plays the card at hand index ij[0] to pile ij[1]: dropped on it, or traded for it.
func (t *table) place(p int, ij [2]int, typ string) {
	c := t.hands[p][ij[0]]
	top := t.piles[ij[1]][len(t.piles[ij[1]])-1]
	t.hands[p] = slices.Delete(t.hands[p], ij[0], ij[0]+1)
	if typ == TypePick {
		t.hands[p] = append(t.hands[p], t.piles[ij[1]]...)
		t.piles[ij[1]] = nil
	}
	t.piles[ij[1]] = append(t.piles[ij[1]], c)
	t.emit(typ, p, payload{Card: &c, Pile: &top})
}

func (t *table) refill(p int) {
	for len(t.hands[p]) < Hand && len(t.stock) > 0 {
		t.draw(p)
	}
}

// play plays the game to its end.
func (t *table) play(dealer int) {
	var d []cards.Card
	for _, s := range cards.Suits {
		for r := cards.MinRank; r <= cards.MaxRank; r++ {
			d = append(d, cards.Card{Rank: r, Suit: s})
		}
	}
	t.rng.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
	order := [2]int{1 - dealer, dealer}
	for i := range t.piles {
		t.piles[i] = []cards.Card{d[i]}
	}
	t.hands[order[0]], t.hands[order[1]] = slices.Clone(d[3:6]), slices.Clone(d[6:9])
	t.stock = d[9:]
	t.emit(TypeDeal, -1, payload{Center: slices.Clone(d[:3]), Hands: map[string][]cards.Card{
		t.players[0]: slices.Clone(t.hands[0]), t.players[1]: slices.Clone(t.hands[1])}})
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

// drops plays p's drop turn and refill; false when p cannot drop and the stock is empty,
// which ends the game.
func (t *table) drops(p int) bool {
	c := t.choices(p)
	if len(c) == 0 {
		if len(t.stock) == 0 {
			return false
		}
		t.draw(p)
		if c = t.choices(p); len(c) == 0 {
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
	if len(pairs) == 0 {
		return
	}
	switch keep := len(pairs); t.rng.IntN(6) {
	case 0:
		t.emit(TypePass, p, payload{})
	case 1:
		keep = 2 * (1 + t.rng.IntN(len(pairs)/2))
		fallthrough
	default:
		for _, c := range pairs[:keep] {
			i := slices.Index(t.hands[p], c)
			t.hands[p] = slices.Delete(t.hands[p], i, i+1)
		}
		t.emit(TypePair, p, payload{Cards: slices.Clone(pairs[:keep])})
	}
	t.refill(p)
}
