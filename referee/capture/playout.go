package capture

import (
	"math/rand/v2"
	"slices"

	"github.com/tableside/tableside/cards/ucd"
	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
)

// Playout implements referee.Rules: a random six-hand game for two to six of names, with
// random options, from shuffled decks; players who lead, follow, say No Play, add and bid
// legally but at random. It holds the hidden hands and the stack's order itself and asks the
// referee nothing.
func (Rules) Playout(rng *rand.Rand, names []string) (events.Created, []referee.Move) {
	return playout(rng, names, nil)
}

// falseClaim asks a playout for one false No Play (noPlay) or one passed lead (not noPlay) by
// a player who holds a card that could be played or led, and records the move that made it and
// the first later move that shows such a card (U14). Indexes are into the moves; -1 until made.
type falseClaim struct {
	noPlay       bool
	player       int
	claim        claim
	at, provedBy int
}

func playout(rng *rand.Rand, names []string, cheat *falseClaim) (events.Created, []referee.Move) {
	n := ucd.MinPlayers + rng.IntN(ucd.MaxPlayers-ucd.MinPlayers+1)
	options := map[string]string{
		"noplay":  []string{"closes", "passes"}[rng.IntN(2)],
		"bonus":   []string{"off", "fixed", "follows"}[rng.IntN(3)],
		"extra":   []string{"off", "on"}[rng.IntN(2)],
		"halving": []string{"off", "on"}[rng.IntN(2)],
	}
	if n == ucd.MaxPlayers {
		options["extra"] = "off"
	}
	dealer := rng.IntN(n)
	setup := events.Created{Kind: "capture", Players: slices.Clone(names[:n]), Dealer: names[dealer], Options: options, Ruleset: Rules{}.Ruleset()}
	t := &table{rng: rng, players: setup.Players, passes: options["noplay"] == "passes", extra: options["extra"] == "on", cheat: cheat}
	for h := range Hands {
		t.play((dealer + h) % n)
	}
	return setup, t.moves
}

// table is a playout's hand: every hand's cards, the stack in order and the round on the table.
type table struct {
	rng           *rand.Rand
	players       []string
	passes, extra bool
	moves         []referee.Move

	hands    [][]ucd.Card
	stack    []ucd.Card // cards not yet turned, the top first
	up       *ucd.Card
	wentOut  int
	capturer int // who captured the last round
	cheat    *falseClaim
}

// shown notes that p showed c in the move just emitted, which may prove the false claim.
func (t *table) shown(p int, c ucd.Card) {
	if ch := t.cheat; ch != nil && ch.at >= 0 && ch.provedBy < 0 && p == ch.player && ch.claim.proves(c) {
		ch.provedBy = len(t.moves) - 1
	}
}

// lie reports whether the playout makes its false claim now, and records it.
func (t *table) lie(noPlay bool, p int, cl claim) bool {
	ch := t.cheat
	if ch == nil || ch.at >= 0 || ch.noPlay != noPlay || t.rng.IntN(4) > 0 {
		return false
	}
	ch.player, ch.claim, ch.at = p, cl, len(t.moves)
	return true
}

func (t *table) emit(typ string, p int, pl payload) {
	actor := ""
	if p >= 0 {
		actor = t.players[p]
	}
	t.moves = append(t.moves, move(typ, actor, pl))
}

func (t *table) next(p int) int { return (p + 1) % len(t.players) }

// give plays card i of p's hand.
func (t *table) give(p, i int) ucd.Card {
	c := t.hands[p][i]
	t.hands[p] = slices.Delete(t.hands[p], i, i+1)
	t.emit(TypePlay, p, payload{Card: &c})
	t.shown(p, c)
	if len(t.hands[p]) == 0 && t.wentOut < 0 {
		t.wentOut = p
	}
	return c
}

// pick returns the index of a random card of p's hand that ok accepts, or -1.
func (t *table) pick(p int, ok func(ucd.Card) bool) int {
	var idx []int
	for i, c := range t.hands[p] {
		if ok(c) {
			idx = append(idx, i)
		}
	}
	if len(idx) == 0 {
		return -1
	}
	return idx[t.rng.IntN(len(idx))]
}

// turnUp turns cards until a regular one shows; Galaxies turned go to the bottom for good.
func (t *table) turnUp() {
	t.up = nil
	for len(t.stack) > 0 {
		c := t.stack[0]
		t.stack = t.stack[1:]
		t.emit(TypeUp, -1, payload{Card: &c})
		if c.Rank != ucd.Galaxy {
			t.up = &c
			return
		}
	}
}

// play plays one hand dealt by dealer.
func (t *table) play(dealer int) {
	n := len(t.players)
	deck := ucd.Regular()
	for s := ucd.Venus; int(s) <= n; s++ {
		deck = append(deck, ucd.GalaxyOf(s))
	}
	t.rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	size := 9
	if n <= 3 {
		size = 13
	}
	t.hands = make([][]ucd.Card, n)
	for p := range t.hands {
		t.hands[p] = slices.Clone(deck[p*size : (p+1)*size])
	}
	rest := deck[n*size:]
	var extra []ucd.Card
	if t.extra {
		extra, rest = rest[:size], rest[size:]
	}
	t.stack, t.wentOut = slices.Clone(rest), -1
	t.turnUp()
	if t.extra {
		t.auction(dealer, extra)
	}
	leader := t.next(dealer)
	for t.wentOut < 0 {
		var lead ucd.Card
		if leader, lead = t.lead(leader); leader < 0 {
			break // nobody holds a regular card
		}
		t.round(leader, lead)
		if t.wentOut < 0 {
			leader = t.capturer
		}
	}
	for p := range t.hands {
		if len(t.hands[p]) > 0 {
			t.emit(TypeLeft, p, payload{Cards: slices.Clone(t.hands[p])})
			for _, c := range t.hands[p] {
				t.shown(p, c)
			}
		}
	}
}

// auction sells the extra hand from the dealer's left (U12, U20).
func (t *table) auction(dealer int, extra []ucd.Card) {
	n := len(t.players)
	out := make([]bool, n)
	high, bidder := 0, -1
	for p := t.next(dealer); ; p = t.next(p) {
		active := 0
		for q := range out {
			if !out[q] && q != bidder {
				active++
			}
		}
		if active == 0 {
			break // the high bid went round unchallenged, or nobody bid
		}
		if out[p] || p == bidder {
			continue
		}
		if t.rng.IntN(3) == 0 && high < 4 {
			high, bidder = high+1, p
			t.emit(TypeBid, p, payload{Points: &high})
		} else {
			out[p] = true
			t.emit(TypePass, p, payload{})
		}
	}
	if bidder >= 0 {
		t.hands[bidder] = slices.Clone(extra) // the old hand is set aside
	}
}

// lead has a card led from leader on (U4, U17) and returns who led it, or -1 when nobody
// holds a regular card.
func (t *table) lead(leader int) (int, ucd.Card) {
	n := len(t.players)
	secondary := func(c ucd.Card) bool { return c.Rank != ucd.Galaxy && c.Suit <= ucd.Neptune }
	regular := func(c ucd.Card) bool { return c.Rank != ucd.Galaxy }
	p := leader
	for k, ok := range []func(ucd.Card) bool{secondary, regular} {
		for range n {
			if i := t.pick(p, ok); i >= 0 && !t.lie(false, p, claim{secondary: k == 0}) {
				return p, t.give(p, i)
			}
			t.emit(TypePass, p, payload{})
			p = t.next(p)
		}
		// after a whole circle of passes the turn is the first passer's again: p == leader
	}
	return -1, ucd.Card{}
}

// round plays a round led by leader and captures it.
func (t *table) round(leader int, lead ucd.Card) {
	n := len(t.players)
	last, lastBy := lead, leader
	noPlays := 0
	for p := t.next(leader); ; p = t.next(p) {
		played := false
		if len(t.hands[p]) > 0 {
			higher := func(c ucd.Card) bool {
				return c.Rank != ucd.Galaxy && last.Rank != ucd.Galaxy && c.Rank == lead.Rank && c.Suit > last.Suit
			}
			galaxy := func(c ucd.Card) bool {
				return c.Rank == ucd.Galaxy && (last.Rank != ucd.Galaxy || c.Suit > last.Suit)
			}
			i := t.pick(p, higher)
			if g := t.pick(p, galaxy); g >= 0 && (i < 0 || t.rng.IntN(4) == 0) && t.rng.IntN(3) > 0 {
				i = g
			}
			if i >= 0 && t.hands[p][i].Rank != ucd.Galaxy && t.lie(true, p, claim{rank: lead.Rank, above: last.Suit}) {
				i = -1
			}
			if i >= 0 {
				last, lastBy, played = t.give(p, i), p, true
				noPlays = 0
			} else {
				t.emit(TypeNoPlay, p, payload{})
			}
		}
		if !played {
			noPlays++
			if !t.passes || noPlays == n-1 {
				break
			}
		}
	}
	// The round is closed: the last player may add higher cards of its number or name.
	for len(t.hands[lastBy]) > 0 && last.Rank != ucd.Galaxy && last.Suit != ucd.Earth {
		i := t.pick(lastBy, func(c ucd.Card) bool { return c.Rank == lead.Rank && c.Suit > last.Suit })
		if i < 0 || t.rng.IntN(4) == 0 {
			t.emit(TypeCapture, lastBy, payload{})
			break
		}
		last = t.give(lastBy, i)
	}
	t.capturer = lastBy
	if t.up != nil && t.up.Rank == lead.Rank && t.wentOut < 0 { // the next card is turned (U8)
		t.turnUp()
	}
}
