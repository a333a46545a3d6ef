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
// the first move from which the moves prove it (U14, P14): one that shows such a card of the
// player's, or leaves too few cards unseen for the player's hand to hold none. Indexes are into
// the moves; -1 until made.
type falseClaim struct {
	noPlay       bool
	player       int
	claim        claim
	at, provedBy int
}

func playout(rng *rand.Rand, names []string, cheat *falseClaim) (events.Created, []referee.Move) {
	setup := seat(rng, names)
	options := setup.Options
	t := &table{rng: rng, players: setup.Players, passes: options["noplay"] == "passes", extra: options["extra"] == "on",
		follows: options["bonus"] == "follows", cheat: cheat}
	dealer := slices.Index(setup.Players, setup.Dealer)
	for h := range Hands {
		t.play((dealer + h) % len(setup.Players))
	}
	return setup, t.moves
}

// seat sets up a game at random: two to six of names, the options and the first dealer.
func seat(rng *rand.Rand, names []string) events.Created {
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
	return events.Created{Kind: "capture", Players: slices.Clone(names[:n]), Dealer: names[dealer], Options: options, Ruleset: Rules{}.Ruleset()}
}

// shuffled deals a hand from a shuffled deck for n players (U2, U3): each player's cards, the
// extra hand (with extra), and the stack, its top first.
func shuffled(rng *rand.Rand, n int, extra bool) (hands [][]ucd.Card, extraHand, stack []ucd.Card) {
	deck := ucd.Regular()
	for s := ucd.Venus; int(s) <= n; s++ {
		deck = append(deck, ucd.GalaxyOf(s))
	}
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	size := 9
	if n <= 3 {
		size = 13
	}
	hands = make([][]ucd.Card, n)
	for p := range hands {
		hands[p] = slices.Clone(deck[p*size : (p+1)*size])
	}
	rest := deck[n*size:]
	if extra {
		extraHand, rest = rest[:size], rest[size:]
	}
	return hands, extraHand, slices.Clone(rest)
}

// sight is what the record of a hand shows, read as an independent judge reads it: the cards
// turned up, played or shown, and the players whose cards left were shown.
type sight struct {
	deck  []ucd.Card
	seen  map[ucd.Card]bool
	shown map[int]bool
}

func newSight(n int) *sight {
	deck, _ := ucd.Deck(n)
	return &sight{deck: deck, seen: map[ucd.Card]bool{}, shown: map[int]bool{}}
}

func (s *sight) see(cs ...ucd.Card) {
	for _, c := range cs {
		s.seen[c] = true
	}
}

// corners reports whether the record proves by elimination that player who, holding held
// cards, holds one that denies accepts: of the cards nobody has shown, fewer than held are
// others, so the hand cannot be made of those alone (U14, P14). A hand shown is judged by its
// cards.
func (s *sight) corners(who, held int, denies func(ucd.Card) bool) bool {
	if s.shown[who] {
		return false
	}
	others := 0
	for _, c := range s.deck {
		if !s.seen[c] && !denies(c) {
			others++
		}
	}
	return others < held
}

// table is a playout's hand: every hand's cards, the stack in order and the round on the table.
type table struct {
	rng                    *rand.Rand
	players                []string
	passes, extra, follows bool
	moves                  []referee.Move

	hands    [][]ucd.Card
	stack    []ucd.Card // cards not yet turned, the top first
	up       *ucd.Card
	wentOut  int
	capturer int // who captured the last round
	cheat    *falseClaim
	sight    *sight
}

// prove notes whether the move just emitted, in which p showed cs, proves the false claim.
func (t *table) prove(p int, cs ...ucd.Card) {
	ch := t.cheat
	if ch == nil || ch.at < 0 || ch.provedBy >= 0 {
		return
	}
	if p == ch.player && slices.ContainsFunc(cs, ch.claim.proves) || t.sight.corners(ch.player, len(t.hands[ch.player]), ch.claim.proves) {
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

// emit makes a move, and notes what it shows.
func (t *table) emit(typ string, p int, pl payload) {
	actor := ""
	if p >= 0 {
		actor = t.players[p]
	}
	t.moves = append(t.moves, referee.NewMove(typ, actor, pl))
	cs := pl.Cards
	if pl.Card != nil {
		cs = []ucd.Card{*pl.Card}
	}
	t.sight.see(cs...)
	if typ == TypeLeft {
		t.sight.shown[p] = true
	}
	t.prove(p, cs...)
}

func (t *table) next(p int) int { return (p + 1) % len(t.players) }

// give plays card i of p's hand.
func (t *table) give(p, i int) ucd.Card {
	c := t.hands[p][i]
	t.hands[p] = slices.Delete(t.hands[p], i, i+1)
	t.emit(TypePlay, p, payload{Card: &c})
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
	var extra []ucd.Card
	t.hands, extra, t.stack = shuffled(t.rng, len(t.players), t.extra)
	t.wentOut, t.sight = -1, newSight(len(t.players))
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
	// The next card is turned (U8); after the hand's last capture it is entered only when it
	// decides the bonus suit (U23).
	if t.up != nil && t.up.Rank == lead.Rank && (t.wentOut < 0 || t.follows) {
		t.turnUp()
	}
}
