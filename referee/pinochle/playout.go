package pinochle

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/tableside/tableside/cards"
	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/scoring"
)

// maxHands stops a playout whose totals never pass the limit (both players set hand after
// hand); real games end long before.
const maxHands = 200

// Playout plays one random game to the limit with a shuffled 48-card deck, dealt as the deal
// option says, and players who bid, name trump, show meld and follow suit legally but at
// random. It returns the setup and every move the table would type. It holds the hidden
// hands the referee never sees, and asks the referee only whether the game is over.
func Playout(rng *rand.Rand, options map[string]string) (events.Created, []referee.Move) {
	return playout(rng, options, nil, [2]string{"ann", "bob"})
}

// PlayoutWords is what a table of players types in a seeded game played to its end: a Playout
// with players[0] opening, each move in the notation Record reads, nothing after the game is
// over. A playout whose totals never pass the limit is played again, up to 100 times.
func PlayoutWords(rng *rand.Rand, options map[string]string, players [2]string) ([]string, error) {
	for range 100 {
		played, moves := Playout(rng, options)
		as := map[string]string{}
		for _, p := range played.Players {
			as[p] = players[1]
		}
		as[played.Opener] = players[0]
		g, err := newGame(events.Created{Kind: "pinochle", Players: players[:], Opener: players[0], Options: options, Ruleset: Rules{}.Ruleset()})
		if err != nil {
			return nil, err
		}
		var words []string
		for i, m := range moves {
			if g.Over() {
				break // the hands turned face up after the last trick are no one's typing
			}
			m.Actor = as[m.Actor]
			words = append(words, g.Notation(m))
			g.Apply(int64(i+2), m)
		}
		if g.Over() {
			return words, nil
		}
	}
	return nil, errors.New("no playout of 100 ends")
}

// Playout implements referee.Rules: Playout with options chosen at random.
func (Rules) Playout(rng *rand.Rand, names []string) (events.Created, []referee.Move) {
	options := map[string]string{
		"deal":    []string{"automatic", "selection"}[rng.IntN(2)],
		"opening": []string{"10", "12"}[rng.IntN(2)],
		"limit":   []string{"100", "150"}[rng.IntN(2)],
	}
	return playout(rng, options, nil, [2]string{names[0], names[1]})
}

// revoke asks a playout to make one revoke: a follower who holds the suit led plays another
// suit. It records the move that revoked and the later one that proves it (P14).
type revoke struct {
	player       int
	suit         cards.Suit
	at, provedBy int // indexes into the moves; -1 until made
}

func playout(rng *rand.Rand, options map[string]string, cheat *revoke, players [2]string) (events.Created, []referee.Move) {
	setup := events.Created{Kind: "pinochle", Players: players[:], Opener: players[rng.IntN(2)], Options: options, Ruleset: Rules{}.Ruleset()}
	g, err := newGame(setup)
	if err != nil {
		panic(err) // the generator's own setup is valid
	}
	var moves []referee.Move
	emit := func(m referee.Move) {
		g.Apply(int64(len(moves)+2), m)
		moves = append(moves, m)
	}
	opening, _ := strconv.Atoi(options["opening"])
	if opening == 0 {
		opening = 10
	}
	for hands := 0; !g.Over() && hands < maxHands; hands++ {
		opener := g.firstOpener
		if h := g.cur(); h.phase == done {
			opener = 1 - h.opener
		}
		held := deal(rng, options["deal"] == "selection")
		// P4: the bid winner needs a marriage or a 9 in trump; a player without one never
		// bids, and a deal where the opener would have to take the bid without one is dealt
		// again.
		var suits [2][]cards.Suit
		for p := range held {
			suits[p] = trumpSuits(held[p])
		}
		if len(suits[1-opener]) == 0 && len(suits[opener]) == 0 {
			hands--
			continue
		}
		bidder := auction(rng, emit, players, opener, opening, held, suits)
		trump := suits[bidder][rng.IntN(len(suits[bidder]))]
		emit(referee.NewMove(TypeTrump, players[bidder], payload{Suit: &trump}))
		for _, p := range []int{bidder, 1 - bidder} {
			emit(referee.NewMove(TypeMeld, players[p], payload{Cards: meldCards(held[p], trump)}))
		}
		whole := [2][]cards.Card{slices.Clone(held[0]), slices.Clone(held[1])}
		leader := bidder
		for range Tricks {
			lead := takeRandom(rng, &held[leader], func(cards.Card) bool { return true })
			if cheat != nil && cheat.at >= 0 && cheat.provedBy < 0 && leader == cheat.player && lead.Suit == cheat.suit {
				cheat.provedBy = len(moves)
			}
			emit(referee.NewMove(TypePlay, players[leader], payload{Card: &lead}))
			follower := 1 - leader
			hasSuit := slices.ContainsFunc(held[follower], func(c cards.Card) bool { return c.Suit == lead.Suit })
			hasOther := slices.ContainsFunc(held[follower], func(c cards.Card) bool { return c.Suit != lead.Suit })
			revoking := cheat != nil && cheat.at < 0 && hasSuit && hasOther && rng.IntN(3) == 0
			follow := takeRandom(rng, &held[follower], func(c cards.Card) bool { return !hasSuit || (c.Suit == lead.Suit) != revoking })
			if revoking {
				cheat.player, cheat.suit, cheat.at = follower, lead.Suit, len(moves)
			}
			if cheat != nil && cheat.at >= 0 && cheat.provedBy < 0 && follower == cheat.player && follow.Suit == cheat.suit && !revoking {
				cheat.provedBy = len(moves)
			}
			emit(referee.NewMove(TypePlay, players[follower], payload{Card: &follow}))
			leader = g.cur().leader
		}
		for p := range whole {
			if rng.IntN(10) == 0 { // now and then a player turns the hand face up
				emit(referee.NewMove(TypeHand, players[p], payload{Cards: whole[p]}))
			}
		}
	}
	return setup, moves
}

// deal returns two 12-card hands from a shuffled double deck (P2).
func deal(rng *rand.Rand, selection bool) [2][]cards.Card {
	deck := make([]cards.Card, 0, 2*distinct)
	for i := range 2 * distinct {
		deck = append(deck, cardAt(i%distinct))
	}
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	var held [2][]cards.Card
	if !selection {
		for i := range 2 * HandSize {
			held[i%2] = append(held[i%2], deck[i])
		}
		return held
	}
	// Selection: in turn each player sees the top card and keeps it (the next is discarded
	// unseen) or discards it and keeps the next.
	for p, top := 0, 0; len(held[0]) < HandSize || len(held[1]) < HandSize; p = 1 - p {
		if len(held[p]) == HandSize {
			continue
		}
		keep := deck[top]
		if rng.IntN(2) == 0 {
			keep = deck[top+1]
		}
		held[p] = append(held[p], keep)
		top += 2
	}
	return held
}

// trumpSuits lists the suits a player may name trump in: a marriage or a 9 (P4).
func trumpSuits(hand []cards.Card) []cards.Suit {
	var out []cards.Suit
	for _, s := range cards.Suits {
		has := func(r cards.Rank) bool { return slices.Contains(hand, cards.Card{Rank: r, Suit: s}) }
		if has(9) || (has(cards.King) && has(cards.Queen)) {
			out = append(out, s)
		}
	}
	return out
}

// auction plays the bidding (P3) and returns the bid winner. Each player bids up to what his
// hand is worth to him (his best meld and a typical count), so that bids are mostly made and a
// game reaches its limit.
func auction(rng *rand.Rand, emit func(referee.Move), players [2]string, opener, opening int, held [2][]cards.Card, suits [2][]cards.Suit) int {
	var worth [2]int
	for p := range worth {
		for _, s := range suits[p] {
			worth[p] = max(worth[p], scoring.MeldPoints(held[p], s)+6+rng.IntN(4))
		}
	}
	canWin := func(p int) bool { return len(suits[p]) > 0 }
	if !canWin(opener) || (canWin(1-opener) && worth[opener] < opening) {
		emit(referee.NewMove(TypePass, players[opener], payload{}))
		return 1 - opener
	}
	bid := max(opening, min(worth[opener], opening+rng.IntN(3)))
	emit(referee.NewMove(TypeBid, players[opener], payload{Points: &bid}))
	turn := 1 - opener
	for {
		if !canWin(turn) || worth[turn] <= bid || rng.IntN(3) == 0 {
			emit(referee.NewMove(TypePass, players[turn], payload{}))
			return 1 - turn
		}
		raise := min(worth[turn], bid+1+rng.IntN(2))
		bid = raise
		emit(referee.NewMove(TypeBid, players[turn], payload{Points: &raise}))
		turn = 1 - turn
	}
}

// meldCards are the cards of a hand that make its meld, each as often as the meld needs it.
func meldCards(hand []cards.Card, trump cards.Suit) []cards.Card {
	var need counts
	for _, line := range scoring.MeldOf(hand, trump).Melds {
		var here counts
		for _, c := range line.Cards {
			here[index(c)]++
		}
		for i := range need {
			need[i] = max(need[i], here[i])
		}
	}
	var out []cards.Card
	for i, n := range need {
		for range n {
			out = append(out, cardAt(i))
		}
	}
	return out
}

// takeRandom removes and returns a random card of the hand that ok accepts.
func takeRandom(rng *rand.Rand, hand *[]cards.Card, ok func(cards.Card) bool) cards.Card {
	var idx []int
	for i, c := range *hand {
		if ok(c) {
			idx = append(idx, i)
		}
	}
	i := idx[rng.IntN(len(idx))]
	c := (*hand)[i]
	*hand = slices.Delete(*hand, i, i+1)
	return c
}
