package capture

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tableside/tableside/cards/ucd"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/scoring"
)

// cards is the size of the whole Universal Card Deck: 54 regular cards and 6 Galaxies.
const cards = 60

// key numbers a card of the deck 0…59: the regular cards by suit and rank, then the Galaxies.
func key(c ucd.Card) int {
	if c.IsGalaxy() {
		return 54 + int(c.Suit) - 1
	}
	return (int(c.Suit)-1)*9 + int(c.Rank) - 1
}

func cardOf(k int) ucd.Card {
	if k >= 54 {
		return ucd.GalaxyOf(ucd.Suit(k - 54 + 1))
	}
	return ucd.Card{Rank: ucd.Rank(k%9 + 1), Suit: ucd.Suit(k/9 + 1)}
}

// stage is what the game waits for.
type stage int

const (
	turning   stage = iota // the table turns the up-card
	bidding                // the extra-hand auction (U12)
	leading                // the player to act leads or passes the lead (U4, U17)
	following              // the player to act plays or says No Play (U5–U7, U15)
	adding                 // the round is closed: the last player adds or captures (U16)
	showing                // the hand is over: players show the cards they have left
	ended
)

// played is a card played in the round in progress.
type played struct {
	who  int
	card ucd.Card
}

// claim is what a No Play or a passed lead says of the hand: that it holds no card that may
// be played (U6) or led (U4). A card the player shows later proves it false (U14), and so do
// the cards everyone else shows, once too few are left unseen to fill the hand without one.
type claim struct {
	seq int64
	// For a No Play: the round's number or name and the suit to beat. For a passed lead:
	// rank 0, and secondary when only a Secondary card was owed.
	rank      ucd.Rank
	above     ucd.Suit
	secondary bool
}

// proves reports whether showing c later proves the claim false.
func (cl claim) proves(c ucd.Card) bool {
	switch {
	case !c.IsRegular():
		return false // a Galaxy is never owed (U6) and never leads (U4)
	case cl.rank != 0:
		return c.Rank == cl.rank && c.Suit > cl.above
	case cl.secondary:
		return c.Suit.Secondary()
	}
	return true
}

// verb says what a card the claim denies could have done.
func (cl claim) verb() string {
	if cl.rank != 0 {
		return "be played"
	}
	return "lead"
}

// owed names the cards the claim denies holding, for messages: "a 3 above Saturn".
func (cl claim) owed() string {
	switch {
	case cl.rank != 0:
		return fmt.Sprintf("a %s above %s", cl.rank.Name(), cl.above.Name())
	case cl.secondary:
		return "a Neptune, Saturn or Venus card"
	}
	return "a regular card"
}

// hand is one deal of the game.
type hand struct {
	number, dealer int
	stack          int       // cards in the stack under the up-card
	unknown        int       // of which not yet seen (Galaxies turned up go to the bottom, seen)
	up             *ucd.Card // the up-card showing
	firstUp        *ucd.Card // the first up-card of the hand (U11)
	lastUp         *ucd.Card // the last up-card shown (U11, U19)
	seen           [cards]bool
	held           []int // cards each player holds
	captured, left [][]ucd.Card
	shown          []bool
	wentOut        int

	// the extra-hand auction (U12)
	bid, bidder int
	outOfBid    []bool
	extraTo     int

	// the round in progress
	leader, toAct int
	round         []played
	noPlays       int  // No Plays in a row since the last card (noplay=passes)
	leadPasses    int  // lead passes in a row
	firstPasser   int  // who first passed this lead
	anyRegular    bool // nobody had a Secondary card: any regular card leads (U4, U17)
	resume        stage
	claims        [][]claim

	score, halved []int
	bonus         ucd.Suit // 0: none
}

type game struct {
	players                []string
	passes, extra, halving bool
	bonus                  string
	dealer                 int // the first hand's dealer
	size                   int // cards dealt to each player (U3)

	stage    stage
	hands    []*hand
	totals   []int // the hands' scores, halving included
	adjusted []int // adjustments in force, for halving (U21, L5)
	// said is what the latest event decided by itself — a capture, a hand scored — for the
	// hint to say, or nothing at the table would.
	said []string
}

type payload struct {
	Card   *ucd.Card  `json:"card,omitempty"`
	Cards  []ucd.Card `json:"cards,omitempty"`
	Points *int       `json:"points,omitempty"`
}

func (g *game) n() int                 { return len(g.players) }
func (g *game) left(p int) int         { return (p + 1) % g.n() }
func (g *game) cur() *hand             { return g.hands[len(g.hands)-1] }
func (g *game) deckSize() int          { return 54 + g.n() }
func (g *game) inPlay(c ucd.Card) bool { return inPlay(c, g.n()) }
func (g *game) name(p int) string      { return g.players[p] }
func (h *hand) last() ucd.Card         { return h.round[len(h.round)-1].card }
func (h *hand) lead() ucd.Card         { return h.round[0].card }
func (h *hand) lastPlayer() int        { return h.round[len(h.round)-1].who }
func (h *hand) known(c ucd.Card) bool  { return h.seen[key(c)] }
func (h *hand) reveal(c ucd.Card)      { h.seen[key(c)] = true }

// Over implements referee.Game.
func (g *game) Over() bool { return g.stage == ended }

// End implements referee.Game: a game is six hands (U10).
func (g *game) End() (rule, why string) {
	if !g.Over() {
		return "", ""
	}
	return "U10", sixHands
}

// deal starts the next hand: the deal rotates left (U3), and the table turns the up-card.
func (g *game) deal() {
	n := g.n()
	dealer := g.dealer
	if len(g.hands) > 0 {
		dealer = g.left(g.cur().dealer)
	}
	h := &hand{number: len(g.hands) + 1, dealer: dealer, wentOut: referee.Nobody, bidder: referee.Nobody, extraTo: referee.Nobody,
		held: make([]int, n), captured: make([][]ucd.Card, n), left: make([][]ucd.Card, n), shown: make([]bool, n),
		outOfBid: make([]bool, n), claims: make([][]claim, n), score: make([]int, n), halved: make([]int, n)}
	dealt := n * g.size
	if g.extra {
		dealt += g.size
	}
	h.stack = g.deckSize() - dealt
	h.unknown = h.stack
	for p := range h.held {
		h.held[p] = g.size
	}
	h.resume = leading
	if g.extra {
		h.resume = bidding
	}
	h.leader, h.toAct = g.left(dealer), g.left(dealer)
	h.firstPasser = referee.Nobody
	g.hands = append(g.hands, h)
	g.stage = turning
}

// read decodes a move's payload.
func (p *payload) read(raw []byte) error { return referee.DecodePayload(raw, p, (*payload).field) }

// field reads one field of a plain payload (referee.ReadFlat), as encoding/json would.
func (p *payload) field(key []byte, v referee.Flat) (ok bool) {
	switch string(key) {
	case "points":
		var n int
		n, ok = referee.FlatInt[int](v)
		p.Points = &n
	case "card":
		p.Card, ok = referee.FlatText[ucd.Card](v)
	case "cards":
		p.Cards, ok = referee.FlatTexts[ucd.Card](v)
	}
	return ok
}

// overText refuses whatever is entered after the sixth hand (U10).
const (
	sixHands = "its six hands have been played"
	overText = "the game is over: " + sixHands
)

// Apply implements referee.Game.
func (g *game) Apply(seq int64, m referee.Move) []referee.Flag {
	g.said = nil
	var p payload
	if err := p.read(m.Payload); err != nil {
		return referee.Aside(referee.Flagf(seq, "U1", referee.Impossible, "unreadable move (%v)", err))
	}
	if g.stage == ended {
		return referee.Aside(referee.Flagf(seq, "U10", referee.Illegal, "%s", overText))
	}
	who := referee.PlayerIndex(g.players, m.Actor)
	if who == referee.Nobody && m.Type != TypeUp {
		return referee.Aside(referee.Flagf(seq, "U1", referee.Impossible, "%q is not a player of this game", m.Actor))
	}
	var flags []referee.Flag
	switch m.Type {
	case TypeUp:
		flags = g.turn(seq, p.Card)
	case TypeBid, TypePass:
		switch {
		case g.stage == bidding:
			flags = g.auction(seq, who, m.Type, p.Points)
		case m.Type == TypeBid:
			flags = g.outOfOrder(seq, who, "bids")
		default:
			flags = g.passLead(seq, who)
		}
	case TypePlay:
		if p.Card == nil {
			return referee.Aside(referee.Flagf(seq, "U5", referee.Impossible, "a play needs a card"))
		}
		flags = g.play(seq, who, *p.Card)
	case TypeNoPlay:
		flags = g.noPlay(seq, who)
	case TypeCapture:
		flags = g.take(seq, who)
	case TypeLeft:
		flags = g.showLeft(seq, who, p.Cards)
	default:
		return referee.Aside(referee.Flagf(seq, "U1", referee.Impossible, "%q is not a Capture move", m.Type))
	}
	flags = append(flags, g.cornered(seq)...)
	g.settle()
	return flags
}

// waiting says what the game waits for, with the ruling that says so.
func (g *game) waiting() (rule, what string) {
	h := g.cur()
	switch g.stage {
	case turning:
		if h.resume == showing {
			return "U23", "the table turns the next up-card first, whose suit is the bonus suit (up CARD)"
		}
		if h.firstUp != nil {
			return "U8", "the table turns the next up-card first (up CARD)"
		}
		return "U3", "the table turns the up-card first (up CARD)"
	case bidding:
		return "U12", g.name(h.toAct) + " bids for the extra hand or passes"
	case leading:
		return "U4", g.name(h.toAct) + " leads or passes the lead"
	case following:
		return "U15", g.name(h.toAct) + " plays or says No Play"
	case adding:
		return "U16", g.name(h.lastPlayer()) + " adds to the round or captures it"
	case showing:
		return "U10", "the hand is over: each player shows the cards left (PLAYER left CARD…)"
	}
	return "U10", "the game is over"
}

// outOfOrder flags a move the game is not waiting for, which it sets aside (L8); does says
// what who did: "plays".
func (g *game) outOfOrder(seq int64, who int, does string) []referee.Flag {
	rule, wait := g.waiting()
	return referee.Aside(referee.Flagf(seq, rule, referee.Illegal, "%s: %s %s out of turn", wait, g.name(who), does))
}

// fresh checks that a card shown by who can be there: in the deck for this many players, not
// seen before this hand, and from a hand that still holds a card.
func (g *game) fresh(seq int64, who int, c ucd.Card, what string) []referee.Flag {
	h := g.cur()
	switch {
	case !c.Valid():
		return referee.Aside(referee.Flagf(seq, "U1", referee.Impossible, "%s: not a card", what))
	case !g.inPlay(c):
		return referee.Aside(referee.Flagf(seq, "U2", referee.Impossible, "%s: %s is not in the deck with %d players", what, c.Pretty(), g.n()))
	case h.known(c):
		return referee.Aside(referee.Flagf(seq, "U1", referee.Impossible, "%s: %s has been seen already this hand (every card exists once)", what, c.Pretty()))
	case who != referee.Nobody && h.held[who] == 0:
		return referee.Aside(referee.Flagf(seq, "U9", referee.Impossible, "%s: %s has no cards left", what, g.name(who)))
	}
	return nil
}

// turn records the up-card the table turned (U3, U8, U23).
func (g *game) turn(seq int64, c *ucd.Card) []referee.Flag {
	switch rule, wait := g.waiting(); {
	case g.stage == showing && g.bonus != "follows":
		return referee.Aside(referee.Flagf(seq, "U23", referee.Illegal, "%s: with bonus=%s the card turned after the hand's last capture changes nothing, and is not entered", wait, g.bonus))
	case g.stage != turning:
		return referee.Aside(referee.Flagf(seq, rule, referee.Illegal, "%s: an up-card is out of turn", wait))
	case c == nil:
		return referee.Aside(referee.Flagf(seq, "U3", referee.Impossible, "up needs a card"))
	}
	if f := g.fresh(seq, referee.Nobody, *c, "up-card"); f != nil {
		return f
	}
	h := g.cur()
	h.reveal(*c)
	h.unknown--
	if c.IsGalaxy() { // to the bottom of the stack: the next card is turned (U3)
		return nil
	}
	h.stack--
	h.up, h.lastUp = c, c
	if h.firstUp == nil {
		h.firstUp = c
	}
	g.stage = h.resume
	return nil
}

func (g *game) auction(seq int64, who int, typ string, points *int) []referee.Flag {
	h := g.cur()
	if who != h.toAct {
		return g.outOfOrder(seq, who, "bids")
	}
	if typ == TypePass {
		h.outOfBid[who] = true
	} else {
		switch {
		case points == nil:
			return referee.Aside(referee.Flagf(seq, "U20", referee.Impossible, "a bid needs a number"))
		case *points <= h.bid || *points < 1:
			return referee.Aside(referee.Flagf(seq, "U20", referee.Illegal, "a bid must be at least 1 and beat the high bid (%d)", h.bid))
		}
		h.bid, h.bidder = *points, who
	}
	// The auction ends when everyone else has passed: the high bid went round unchallenged.
	active := 0
	for p := range g.players {
		if !h.outOfBid[p] && p != h.bidder {
			active++
		}
	}
	if active == 0 {
		h.extraTo = h.bidder // the winner sets their hand aside for the extra one; nobody: unclaimed
		g.stage, h.toAct = leading, h.leader
		return nil
	}
	next := g.left(who)
	for h.outOfBid[next] || next == h.bidder {
		next = g.left(next)
	}
	h.toAct = next
	return nil
}

// claimNow is what a No Play or a pass by the player to act would say now (U4, U6); false
// when it says nothing: after a Galaxy only a Galaxy can follow, and a Galaxy is never owed.
func (g *game) claimNow(seq int64) (claim, bool) {
	h := g.cur()
	switch {
	case g.stage == leading:
		return claim{seq: seq, secondary: !h.anyRegular}, true
	case g.stage == following && h.last().IsRegular():
		return claim{seq: seq, rank: h.lead().Rank, above: h.last().Suit}, true
	}
	return claim{}, false
}

// passLead passes the lead to the left (U4, U17); the pass claims the hand holds no card that
// may lead.
func (g *game) passLead(seq int64, who int) []referee.Flag {
	h := g.cur()
	switch {
	case g.stage == following && who == h.toAct:
		return referee.Aside(referee.Flagf(seq, "U4", referee.Illegal, "%s follows %s: a pass is for the player who leads; a player who cannot play says noplay (U6)", g.name(who), h.last().Pretty()))
	case g.stage == adding && who == h.lastPlayer():
		return referee.Aside(referee.Flagf(seq, "U16", referee.Illegal, "the round is closed: a pass is for the player who leads; %s adds a card or captures (capture)", g.name(who)))
	case g.stage != leading || who != h.toAct:
		return g.outOfOrder(seq, who, "passes")
	}
	cl, _ := g.claimNow(seq)
	h.claims[who] = append(h.claims[who], cl)
	if h.firstPasser == referee.Nobody {
		h.firstPasser = who
	}
	h.leadPasses++
	h.toAct = g.left(who)
	if h.leadPasses < g.n() {
		return nil
	}
	if !h.anyRegular { // nobody had a Secondary card: the first passer leads any regular card
		h.anyRegular, h.leadPasses, h.toAct = true, 0, h.firstPasser
		return nil
	}
	g.stage = showing // nobody holds a regular card: the hand ends (U4)
	return nil
}

// follows reports whether c may follow the round (U5).
func (h *hand) follows(c ucd.Card) bool {
	last := h.last()
	if c.IsGalaxy() {
		return c.Outranks(last)
	}
	return c.IsRegular() && !last.IsGalaxy() && c.Rank == h.lead().Rank && c.Suit > last.Suit
}

// adds reports whether c may be added to the closed round (U16): a regular card that follows.
func (h *hand) adds(c ucd.Card) bool { return c.IsRegular() && h.follows(c) }

func (g *game) play(seq int64, who int, c ucd.Card) []referee.Flag {
	h := g.cur()
	var flags []referee.Flag
	switch {
	case g.stage == leading && who == h.toAct:
		if f := g.fresh(seq, who, c, "lead"); f != nil {
			return f
		}
		if c.IsGalaxy() {
			return referee.Aside(referee.Flagf(seq, "U4", referee.Illegal, "a Galaxy never leads: it names no number for the round"))
		}
		if !h.anyRegular && !c.Suit.Secondary() {
			flags = append(flags, referee.Flagf(seq, "U4", referee.Illegal, "a lead is a Secondary card (Neptune, Saturn or Venus) while anyone may hold one, not %s", c.Pretty()))
		}
		h.round, h.leader = nil, who
		g.stage = following
	case g.stage == following && who == h.toAct:
		if f := g.fresh(seq, who, c, "play"); f != nil {
			return f
		}
		if !h.follows(c) {
			flags = append(flags, referee.Flagf(seq, "U5", referee.Illegal, "%s cannot follow %s: %s", c.Pretty(), h.last().Pretty(), g.whyNot(c)))
		}
	case g.stage == adding && who == h.lastPlayer():
		if f := g.fresh(seq, who, c, "card added"); f != nil {
			return f
		}
		if !h.adds(c) {
			flags = append(flags, referee.Flagf(seq, "U16", referee.Illegal, "only a regular %s of a suit above %s may be added, not %s", h.lead().Rank.Name(), h.last().Suit.Name(), c.Pretty()))
		}
	default:
		return g.outOfOrder(seq, who, "plays")
	}
	flags = append(flags, g.proved(seq, who, c)...)
	h.reveal(c)
	h.held[who]--
	if h.held[who] == 0 && h.wentOut == referee.Nobody {
		h.wentOut = who // the first to play their last card (U18)
	}
	h.round = append(h.round, played{who, c})
	h.noPlays = 0
	if g.stage == following {
		h.toAct = g.left(who)
	}
	return flags
}

// whyNot explains why c cannot follow the round (U5).
func (g *game) whyNot(c ucd.Card) string {
	h := g.cur()
	last := h.last()
	switch {
	case last.IsGalaxy():
		return "after a Galaxy only a higher Galaxy can follow"
	case c.Rank != h.lead().Rank:
		return fmt.Sprintf("the round is of %s", plural(h.lead().Rank))
	}
	return fmt.Sprintf("%s is not above %s", c.Suit.Name(), last.Suit.Name())
}

func plural(r ucd.Rank) string {
	switch r {
	case ucd.Moon:
		return "Moons"
	case ucd.Sun:
		return "Suns"
	}
	return r.String() + "s"
}

// proved flags each earlier No Play or passed lead of who in this hand that showing c proves
// false (U14), and forgets it, so that each is flagged once, by the first event that proves it.
func (g *game) proved(seq int64, who int, c ucd.Card) []referee.Flag {
	return g.drop(who, func(cl claim) bool { return cl.proves(c) }, func(cl claim) referee.Flag {
		return g.falseClaim(cl, who, seq, fmt.Sprintf("held %s, which could %s, as event %d shows", c.Pretty(), cl.verb(), seq))
	})
}

// cornered flags each No Play or passed lead of this hand that the cards seen now prove false
// by elimination (U14, P14). A claim made against what the record already shows is flagged on
// its own event.
func (g *game) cornered(seq int64) []referee.Flag {
	h := g.cur()
	var flags []referee.Flag
	for p := range g.players {
		flags = append(flags, g.drop(p, func(cl claim) bool { return g.corners(p, cl) }, func(cl claim) referee.Flag {
			others := "every card nobody has shown is such a card"
			if n := g.allowed(cl, cards); n > 0 {
				others = fmt.Sprintf("only %s nobody has shown %s not such a card", count(n, "card"), referee.Plural(n, "is", "are"))
			}
			if seq != cl.seq {
				others = fmt.Sprintf("after event %d %s", seq, others)
			}
			return g.falseClaim(cl, p, seq, fmt.Sprintf("held %s, which could %s: %s, and %s holds %d", cl.owed(), cl.verb(), others, g.name(p), h.held[p]))
		})...)
	}
	return flags
}

// corners reports whether the record proves by elimination that who holds a card cl denies:
// of the cards nobody has shown, fewer are cards cl allows than who holds, so the hand cannot
// be made of them alone (U14, P14). A hand shown is judged by its cards.
func (g *game) corners(who int, cl claim) bool {
	h := g.cur()
	return !h.shown[who] && g.allowed(cl, h.held[who]) < h.held[who]
}

// allowed counts the cards of the hand nobody has shown that cl allows its player to hold,
// up to most.
func (g *game) allowed(cl claim, most int) int {
	h := g.cur()
	n := 0
	for k := 0; k < cards && n < most; k++ {
		if c := cardOf(k); g.inPlay(c) && !h.seen[k] && !cl.proves(c) {
			n++
		}
	}
	return n
}

// drop flags and forgets the claims of who that proven selects, each with the flag made.
func (g *game) drop(who int, proven func(claim) bool, made func(claim) referee.Flag) []referee.Flag {
	h := g.cur()
	var flags []referee.Flag
	kept := h.claims[who][:0]
	for _, cl := range h.claims[who] {
		if !proven(cl) {
			kept = append(kept, cl)
			continue
		}
		flags = append(flags, made(cl))
	}
	h.claims[who] = kept
	return flags
}

// falseClaim is the flag on a No Play (U6) or a passed lead (U4) shown false at event seq,
// naming that event unless it is the claim's own.
func (g *game) falseClaim(cl claim, who int, seq int64, why string) referee.Flag {
	f := referee.Flagf(cl.seq, "U4", referee.Illegal, "%s passed the lead here but %s", g.name(who), why)
	if cl.rank != 0 {
		f = referee.Flagf(cl.seq, "U6", referee.Illegal, "%s said No Play here but %s", g.name(who), why)
	}
	if seq != cl.seq {
		f.RevealedBy = seq
	}
	return f
}

func (g *game) noPlay(seq int64, who int) []referee.Flag {
	h := g.cur()
	if g.stage != following || who != h.toAct {
		return g.outOfOrder(seq, who, "says No Play")
	}
	if cl, ok := g.claimNow(seq); ok {
		h.claims[who] = append(h.claims[who], cl)
	}
	g.pass(who)
	return nil
}

// pass is a No Play by who, said or derived: with closes it closes the round; with passes the
// round closes when everyone else in turn has said it (U7, U15).
func (g *game) pass(who int) {
	h := g.cur()
	h.noPlays++
	if !g.passes || h.noPlays == g.n()-1 {
		g.stage = adding
		return
	}
	h.toAct = g.left(who)
}

// take captures the round for the player who played last (U7, U8, U16).
func (g *game) take(seq int64, who int) []referee.Flag {
	h := g.cur()
	if g.stage != adding || who != h.lastPlayer() {
		return g.outOfOrder(seq, who, "captures")
	}
	g.capture()
	return nil
}

func (g *game) capture() {
	h := g.cur()
	who := h.lastPlayer()
	before := len(h.captured[who])
	for _, pl := range h.round {
		h.captured[who] = append(h.captured[who], pl.card)
	}
	rank := h.lead().Rank
	h.round = nil
	tookUp := h.up != nil && h.up.Rank == rank
	said := fmt.Sprintf("%s captures %s", g.name(who), count(len(h.captured[who])-before, "card"))
	if tookUp {
		said += " and the up-card " + h.up.Pretty()
		h.captured[who] = append(h.captured[who], *h.up)
		h.up = nil
	}
	g.said = append(g.said, said)
	g.stage = leading
	if h.wentOut != referee.Nobody { // the hand ends with this capture (U9)
		g.stage = showing
	}
	// The next card is turned (U8), after the hand's last capture too; the table enters that
	// one only when it decides the bonus suit (U23).
	if tookUp && h.unknown > 0 && (g.stage == leading || g.bonus == "follows") {
		g.stage, h.resume = turning, g.stage
	}
	h.leader, h.toAct = who, who
	h.leadPasses, h.firstPasser, h.anyRegular = 0, referee.Nobody, false
}

func (g *game) showLeft(seq int64, who int, shown []ucd.Card) []referee.Flag {
	h := g.cur()
	switch {
	case g.stage != showing:
		return g.outOfOrder(seq, who, "shows the cards left")
	case h.shown[who]:
		return referee.Aside(referee.Flagf(seq, "U10", referee.Illegal, "%s showed the cards left already", g.name(who)))
	case len(shown) != h.held[who]:
		return referee.Aside(referee.Flagf(seq, "U10", referee.Impossible, "%s holds %d cards, not %d", g.name(who), h.held[who], len(shown)))
	}
	var seen [cards]bool
	for _, c := range shown {
		if f := g.fresh(seq, referee.Nobody, c, g.name(who)+"'s cards left"); f != nil {
			return f
		}
		if seen[key(c)] {
			return referee.Aside(referee.Flagf(seq, "U1", referee.Impossible, "%s is shown twice", c.Pretty()))
		}
		seen[key(c)] = true
	}
	var flags []referee.Flag
	for _, c := range shown {
		flags = append(flags, g.proved(seq, who, c)...)
		h.reveal(c)
	}
	h.left[who], h.shown[who] = slices.Clone(shown), true
	return flags
}

// settle makes what nobody types: a No Play by a player with no cards (U15), the capture when
// nothing can be added (the last card a Galaxy or an Earth card, or the last player out of
// cards), no up-card when only Galaxies remain in the stack, empty hands shown, and the
// scoring at the end of a hand.
func (g *game) settle() {
	for {
		h := g.cur()
		switch g.stage {
		case turning:
			if h.unknown > 0 {
				return
			}
			g.stage = h.resume // no regular card left to turn (U8, U18)
		case following:
			if h.held[h.toAct] > 0 {
				return
			}
			g.pass(h.toAct)
		case adding:
			if last := h.last(); h.held[h.lastPlayer()] > 0 && last.IsRegular() && last.Suit != ucd.Earth {
				return
			}
			g.capture()
		case showing:
			for p := range g.players {
				if h.held[p] == 0 {
					h.shown[p] = true
				}
			}
			if slices.Contains(h.shown, false) {
				return
			}
			g.score()
			if h.number == Hands {
				g.stage = ended
				return
			}
			g.deal()
		default:
			return
		}
	}
}

// value is what a card counts (U10, U11): a card of the bonus suit two, a Galaxy one.
func (h *hand) value(c ucd.Card) int {
	if c.IsRegular() && c.Suit == h.bonus {
		return 2
	}
	return 1
}

// score scores the hand (U10–U13, U20, U21).
func (g *game) score() {
	h := g.cur()
	switch {
	case g.bonus == "fixed" && h.firstUp != nil:
		h.bonus = h.firstUp.Suit
	case g.bonus == "follows" && h.lastUp != nil:
		h.bonus = h.lastUp.Suit
	}
	scores := make([]string, g.n())
	defer func() {
		g.said = append(g.said, fmt.Sprintf("hand %d scores %s", h.number, strings.Join(scores, ", ")))
	}()
	for p := range g.players {
		for _, c := range h.captured[p] {
			h.score[p] += h.value(c)
		}
		for _, c := range h.left[p] {
			h.score[p] -= h.value(c)
		}
		if p == h.extraTo && h.wentOut != p {
			h.score[p] -= h.bid
		}
		g.totals[p] += h.score[p]
		scores[p] = fmt.Sprintf("%s %+d", g.name(p), h.score[p])
		if t := g.totals[p] + g.adjusted[p]; g.halving && slices.Contains(thresholds(g.n()), t) {
			h.halved[p] = -t / 2
			g.totals[p] += h.halved[p]
		}
	}
}

// Adjust implements referee.Game: halving judges the totals with the adjustments (U21, L5).
func (g *game) Adjust(a scoring.Adjustment) {
	if p := referee.PlayerIndex(g.players, a.Player); p != referee.Nobody {
		g.adjusted[p] += a.Points
	}
}
