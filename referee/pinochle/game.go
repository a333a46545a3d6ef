package pinochle

import (
	"fmt"
	"strings"

	"github.com/tableside/tableside/cards"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/scoring"
)

// The 24 distinct cards of the pinochle deck are indexed suit×6 + power.
const distinct = 24

// power orders the ranks of a suit, 9 J Q K 10 A (P1); -1 for a rank not in the deck.
func power(r cards.Rank) int {
	switch r {
	case 9:
		return 0
	case cards.Jack:
		return 1
	case cards.Queen:
		return 2
	case cards.King:
		return 3
	case 10:
		return 4
	case cards.Ace:
		return 5
	}
	return -1
}

var ranks = [6]cards.Rank{9, cards.Jack, cards.Queen, cards.King, 10, cards.Ace}

func index(c cards.Card) int { return int(c.Suit)*6 + power(c.Rank) }

func cardAt(i int) cards.Card { return cards.Card{Rank: ranks[i%6], Suit: cards.Suit(i / 6)} }

func inDeck(c cards.Card) bool { return c.Suit.Valid() && power(c.Rank) >= 0 }

// counter is a card worth a point in tricks (P11).
func counter(c cards.Card) bool { return c.Rank == cards.Ace || c.Rank == 10 || c.Rank == cards.King }

// phase is what a hand waits for next.
type phase int

const (
	bidding phase = iota
	naming        // the bid winner names trump
	melding       // both players show meld
	playing
	done
)

// counts is a multiset of pinochle cards.
type counts [distinct]uint8

func (c *counts) suit(s cards.Suit) (n int) {
	for i := int(s) * 6; i < int(s)*6+6; i++ {
		n += int(c[i])
	}
	return n
}

func (c *counts) total() (n int) {
	for _, v := range c {
		n += int(v)
	}
	return n
}

// hand is one deal: its auction, trump, meld, tricks and what is known of each player's cards.
type hand struct {
	number int
	opener int
	phase  phase

	bid, bidder int // the high bid and who holds it
	toAct       int
	bids        int // bids made in this auction

	trump    cards.Suit
	trumpSeq int64

	meldSeq   [2]int64
	shown     [2]counts // meld shown (P9)
	meld      [2]int    // points of the shown meld
	meldCards [2][]cards.Card

	played [2]counts
	full   [2]*counts // a whole hand shown with a hand event
	handAt [2]int64

	trick        []cards.Card // the cards of the trick in progress, leader's first
	trickSeq     []int64
	leader, turn int
	tricks       [2]int
	count        [2]int
	plays        int

	// failed[p][s] are the plays at which p failed to follow suit s and that nothing has yet
	// proved revokes: a later card of s proves each of them one (P14).
	failed  [2][4][]failure
	trumpOK bool // P4 already judged

	score [2]int
	set   bool
	why   string // why the bidder was set
}

// failure is a play that did not follow the suit led.
type failure struct {
	seq    int64
	played int // cards of the suit led the player had played before it
}

// known is how many copies of card i player p is known to hold: what he showed and what he
// played are both from his hand (P14), so the larger count is a floor; a whole hand shown is
// exact.
func (h *hand) known(p, i int) int {
	if h.full[p] != nil {
		return int(h.full[p][i])
	}
	return int(max(h.shown[p][i], h.played[p][i]))
}

func (h *hand) knownTotal(p int) (n int) {
	for i := range distinct {
		n += h.known(p, i)
	}
	return n
}

// unknown is how many of p's twelve cards the record does not name.
func (h *hand) unknown(p int) int {
	if h.full[p] != nil {
		return 0
	}
	return max(HandSize-h.knownTotal(p), 0)
}

// mayHold reports whether p may have held all of cs since the deal, as far as the record
// shows: each is known in his hand, or a copy is accounted for by neither player and he has a
// card the record does not name to be it.
func (h *hand) mayHold(p int, cs ...cards.Card) bool {
	need := 0
	for _, c := range cs {
		i := index(c)
		switch {
		case h.known(p, i) > 0:
		case h.full[p] == nil && h.known(p, i)+h.known(1-p, i) < 2:
			need++
		default:
			return false
		}
	}
	return need <= h.unknown(p)
}

// holds reports whether p is known to still hold a card of suit s.
func (h *hand) holds(p int, s cards.Suit) bool {
	for i := int(s) * 6; i < int(s)*6+6; i++ {
		if h.known(p, i) > int(h.played[p][i]) {
			return true
		}
	}
	return false
}

type game struct {
	players     [2]string
	opening     int
	limit       int
	deal        string
	firstOpener int

	hands  []*hand
	totals [2]int // the hands' scores
	// adjusted sums the adjustments in force so far: the limit is judged on the totals with
	// them (L5).
	adjusted [2]int
	over     bool
	// last is the latest event applied, and won the trick it ended, so that the hint can say
	// what that event decided; its text is made only when a hint is asked for, not at every
	// trick of a replay.
	last int64
	won  trickWon
}

// trickWon is a trick as it ended: who took it, its number in the hand and the card it was
// taken with. Its number is 0 when the last event ended no trick.
type trickWon struct {
	winner, number int
	with           cards.Card
}

func (g *game) cur() *hand { return g.hands[len(g.hands)-1] }

// startHand deals the next hand: the opener alternates (P3).
func (g *game) startHand() {
	opener := g.firstOpener
	if n := len(g.hands); n > 0 {
		opener = 1 - g.hands[n-1].opener
	}
	g.hands = append(g.hands, &hand{number: len(g.hands) + 1, opener: opener, toAct: opener, bidder: referee.Nobody})
}

// Over implements referee.Game.
func (g *game) Over() bool { return g.over }

// End implements referee.Game: a total passed the limit (P13).
func (g *game) End() (rule, why string) {
	if !g.over {
		return "", ""
	}
	return "P13", fmt.Sprintf("a total passed the limit of %d in hand %d", g.limit, g.cur().number)
}

type payload struct {
	Points *int         `json:"points,omitempty"`
	Suit   *cards.Suit  `json:"suit,omitempty"`
	Card   *cards.Card  `json:"card,omitempty"`
	Cards  []cards.Card `json:"cards,omitempty"`
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
	case "suit":
		p.Suit, ok = referee.FlatText[cards.Suit](v)
	case "card":
		p.Card, ok = referee.FlatText[cards.Card](v)
	case "cards":
		p.Cards, ok = referee.FlatTexts[cards.Card](v)
	}
	return ok
}

// overText refuses what follows the end: a total passed the limit (P13), and only a hand may
// still be turned face up.
func (g *game) overText() string {
	_, why := g.End()
	return "the game is over: " + why + "; only a hand may still be shown (PLAYER hand CARD…)"
}

// Apply implements referee.Game.
func (g *game) Apply(seq int64, m referee.Move) []referee.Flag {
	g.last, g.won = seq, trickWon{}
	var p payload
	if err := p.read(m.Payload); err != nil {
		return referee.Aside(referee.Flagf(seq, "P14", referee.Impossible, "unreadable move (%v)", err))
	}
	who := referee.PlayerIndex(g.players[:], m.Actor)
	if who == referee.Nobody {
		return referee.Aside(referee.Flagf(seq, "P14", referee.Impossible, "%q is not a player of this game", m.Actor))
	}
	if g.over && m.Type != TypeHand { // a hand may still be turned face up at the end
		return referee.Aside(referee.Flagf(seq, "P13", referee.Illegal, "%s", g.overText()))
	}
	if h := g.cur(); h.phase == done && m.Type != TypeHand {
		g.startHand()
	}
	h := g.cur()
	switch m.Type {
	case TypeBid:
		if p.Points == nil {
			return referee.Aside(referee.Flagf(seq, "P3", referee.Impossible, "a bid needs a number of points"))
		}
		return g.bid(seq, h, who, *p.Points)
	case TypePass:
		return g.pass(seq, h, who)
	case TypeTrump:
		if p.Suit == nil {
			return referee.Aside(referee.Flagf(seq, "P4", referee.Impossible, "trump needs a suit"))
		}
		return g.name(seq, h, who, *p.Suit)
	case TypeMeld:
		return g.showMeld(seq, h, who, p.Cards)
	case TypePlay:
		if p.Card == nil {
			return referee.Aside(referee.Flagf(seq, "P10", referee.Impossible, "a play needs a card"))
		}
		return g.play(seq, h, who, *p.Card)
	case TypeHand:
		return g.showHand(seq, who, p.Cards)
	}
	return referee.Aside(referee.Flagf(seq, "P14", referee.Impossible, "%q is not a Pinochle move", m.Type))
}

// outOfPhase explains why a move of phase want cannot be made now, or returns "".
func (g *game) outOfPhase(h *hand, want phase) (rule, why string) {
	if h.phase == want {
		return "", ""
	}
	if want == bidding {
		return "P3", fmt.Sprintf("the auction of hand %d is over: %s won it at %d", h.number, g.players[h.bidder], h.bid)
	}
	switch h.phase {
	case bidding:
		return "P3", fmt.Sprintf("the auction of hand %d is open: %s to bid or pass", h.number, g.players[h.toAct])
	case naming:
		return "P4", fmt.Sprintf("%s won the bid at %d and names trump first", g.players[h.bidder], h.bid)
	case melding:
		return "P9", "both players show their meld before the first lead: " + g.meldWaiting(h)
	default:
		return "P10", fmt.Sprintf("trick %d is being played: %s to play", h.tricks[0]+h.tricks[1]+1, g.players[h.turn])
	}
}

func (g *game) meldWaiting(h *hand) string {
	var names []string
	for p := range g.players {
		if h.meldSeq[p] == 0 {
			names = append(names, g.players[p])
		}
	}
	return strings.Join(names, " and ") + " to show meld (meld CARD… or meld none)"
}

// turnFlag flags a move by who when it is another player's turn.
func (g *game) turnFlag(seq int64, rule string, want, who int) []referee.Flag {
	if want == who {
		return nil
	}
	return []referee.Flag{referee.Flagf(seq, rule, referee.Illegal, "it is %s's turn, not %s's", g.players[want], g.players[who])}
}

func (g *game) bid(seq int64, h *hand, who, points int) []referee.Flag {
	if rule, why := g.outOfPhase(h, bidding); why != "" {
		return referee.Aside(referee.Flagf(seq, rule, referee.Illegal, "%s", why))
	}
	flags := g.turnFlag(seq, "P3", h.toAct, who)
	switch {
	case h.bids == 0 && points < g.opening:
		flags = append(flags, referee.Flagf(seq, "P3", referee.Illegal, "the bidding opens at %d, so a bid of %d is too low", g.opening, points))
	case h.bids > 0 && points <= h.bid:
		flags = append(flags, referee.Flagf(seq, "P3", referee.Illegal, "a bid must be higher than %d (%s's)", h.bid, g.players[h.bidder]))
	}
	if points > h.bid {
		h.bid, h.bidder = points, who
	}
	h.bids++
	h.toAct = 1 - who
	return flags
}

func (g *game) pass(seq int64, h *hand, who int) []referee.Flag {
	if rule, why := g.outOfPhase(h, bidding); why != "" {
		return referee.Aside(referee.Flagf(seq, rule, referee.Illegal, "%s", why))
	}
	flags := g.turnFlag(seq, "P3", h.toAct, who)
	if h.bids == 0 { // the opener passes at once: the opponent owns the bid at the opening (P3)
		h.bid, h.bidder = g.opening, 1-who
	}
	h.phase = naming
	return flags
}

func (g *game) name(seq int64, h *hand, who int, s cards.Suit) []referee.Flag {
	if rule, why := g.outOfPhase(h, naming); why != "" {
		return referee.Aside(referee.Flagf(seq, rule, referee.Illegal, "%s", why))
	}
	flags := g.turnFlag(seq, "P4", h.bidder, who)
	h.trump, h.trumpSeq, h.phase = s, seq, melding
	return append(flags, g.judgeTrump(h, seq)...)
}

// judgeTrump checks P4 as soon as the record proves it (P14): once the cards the bidder is known
// to hold, and those accounted for elsewhere, leave him no room for the 9 of trump or for its
// king and queen, he named trump without a marriage or a 9, and is set. The flag lands on the
// trump and names the event that proved it.
func (g *game) judgeTrump(h *hand, revealedBy int64) []referee.Flag {
	p := h.bidder
	if h.trumpOK || h.trumpSeq == 0 {
		return nil
	}
	nine := cards.Card{Rank: 9, Suit: h.trump}
	king, queen := cards.Card{Rank: cards.King, Suit: h.trump}, cards.Card{Rank: cards.Queen, Suit: h.trump}
	if h.mayHold(p, nine) || h.mayHold(p, king, queen) {
		return nil
	}
	h.trumpOK = true
	h.set, h.why = true, "no marriage or 9 in trump (P4)"
	f := referee.Flagf(h.trumpSeq, "P4", referee.Illegal, "%s named %s trump without a marriage (K+Q) or a 9 in it: %s is set for %d, meld forfeited", g.players[p], h.trump.Symbol(), g.players[p], h.bid)
	if revealedBy != h.trumpSeq {
		f.RevealedBy = revealedBy
	}
	return []referee.Flag{f}
}

// cardsCheck flags cards that the player cannot hold beside what is known of both hands:
// a card outside the deck, a third copy, more than twelve cards (P2, P14).
// shownBy names, in a flag, what brought cards into view: a player's meld, or a play of a
// card. It is written out only when a flag is raised, not at every play of a replay.
type shownBy struct {
	player string
	play   bool
	card   cards.Card
}

func (w shownBy) String() string {
	if w.play {
		return w.player + "'s play of " + w.card.Pretty()
	}
	return w.player + "'s meld"
}

func (g *game) cardsCheck(seq int64, h *hand, who int, add counts, what shownBy) []referee.Flag {
	var flags []referee.Flag
	for i, n := range add {
		if n == 0 {
			continue
		}
		c := cardAt(i)
		mine := max(h.known(who, i), int(n))
		switch {
		case mine > 2:
			flags = append(flags, referee.Flagf(seq, "P2", referee.Impossible, "%s: there are only two %s in the deck", what, c.Pretty()))
		case mine+h.known(1-who, i) > 2:
			flags = append(flags, referee.Flagf(seq, "P14", referee.Impossible, "%s: there are two %s, and %s has shown or played %s", what, c.Pretty(), g.players[1-who],
				referee.Plural(h.known(1-who, i), "one", "both")))
		}
	}
	return flags
}

func (g *game) showMeld(seq int64, h *hand, who int, shown []cards.Card) []referee.Flag {
	if rule, why := g.outOfPhase(h, melding); why != "" {
		return referee.Aside(referee.Flagf(seq, rule, referee.Illegal, "%s", why))
	}
	if h.meldSeq[who] != 0 {
		return referee.Aside(referee.Flagf(seq, "P9", referee.Illegal, "%s already showed meld at event %d", g.players[who], h.meldSeq[who]))
	}
	var add counts
	var flags []referee.Flag
	var good []cards.Card
	for _, c := range shown {
		if !inDeck(c) {
			flags = append(flags, referee.Flagf(seq, "P1", referee.Impossible, "%s is not a pinochle card (9 J Q K 10 A)", c.Pretty()))
			continue
		}
		add[index(c)]++
		good = append(good, c)
	}
	flags = append(flags, g.cardsCheck(seq, h, who, add, shownBy{player: g.players[who]})...)
	for i, n := range add {
		h.shown[who][i] = max(h.shown[who][i], n)
	}
	if h.full[who] == nil && h.knownTotal(who) > HandSize {
		flags = append(flags, referee.Flagf(seq, "P2", referee.Impossible, "%s would hold more than %d cards", g.players[who], HandSize))
	}
	if h.full[who] != nil {
		for i, n := range add {
			if int(n) > int(h.full[who][i]) {
				flags = append(flags, referee.Flagf(seq, "P14", referee.Impossible, "%s is not in the hand %s showed at event %d", cardAt(i).Pretty(), g.players[who], h.handAt[who]))
			}
		}
	}
	h.meldSeq[who], h.meldCards[who] = seq, good
	h.meld[who] = scoring.MeldPoints(good, h.trump)
	if idle := idleMeld(good, h.trump); len(idle) > 0 {
		flags = append(flags, referee.Flagf(seq, "P9", referee.Warning, "%s %s no meld with %s trump: shown, %s nothing (a slip?)",
			pretty(idle), referee.Plural(len(idle), "makes", "make"), h.trump.Symbol(), referee.Plural(len(idle), "it scores", "they score")))
	}
	if h.meldSeq[0] != 0 && h.meldSeq[1] != 0 {
		h.phase, h.leader, h.turn = playing, h.bidder, h.bidder
	}
	return append(flags, g.judgeTrump(h, seq)...)
}

// idleMeld lists the shown cards that make no meld: the copies of a card beyond those the
// meld is made with (P5).
func idleMeld(shown []cards.Card, trump cards.Suit) []cards.Card {
	meld := scoring.MeldOf(shown, trump)
	var seen counts
	var idle []cards.Card
	for _, c := range shown {
		i := index(c)
		if seen[i]++; int(seen[i]) > meld.Uses(c) {
			idle = append(idle, c)
		}
	}
	return idle
}

func (g *game) play(seq int64, h *hand, who int, c cards.Card) []referee.Flag {
	if rule, why := g.outOfPhase(h, playing); why != "" {
		return referee.Aside(referee.Flagf(seq, rule, referee.Illegal, "%s", why))
	}
	if who != h.turn {
		return referee.Aside(referee.Flagf(seq, "P10", referee.Illegal, "it is %s's turn to play, not %s's", g.players[h.turn], g.players[who]))
	}
	if !inDeck(c) {
		return referee.Aside(referee.Flagf(seq, "P1", referee.Impossible, "%s is not a pinochle card (9 J Q K 10 A)", c.Pretty()))
	}
	i := index(c)
	var flags []referee.Flag
	switch {
	case h.played[who][i] >= 2:
		flags = append(flags, referee.Flagf(seq, "P14", referee.Impossible, "%s has already played both %s", g.players[who], c.Pretty()))
	case h.full[who] != nil && int(h.played[who][i]) >= int(h.full[who][i]):
		flags = append(flags, referee.Flagf(seq, "P14", referee.Impossible, "%s is not in the hand %s showed at event %d (or was played already)", c.Pretty(), g.players[who], h.handAt[who]))
	default:
		var one counts
		one[i] = h.played[who][i] + 1
		flags = append(flags, g.cardsCheck(seq, h, who, one, shownBy{player: g.players[who], play: true, card: c})...)
	}
	// A card of a suit he failed to follow earlier proves each of those plays a revoke (P14).
	flags = append(flags, g.revokes(who, c.Suit, seq, func(failure) bool { return true })...)
	if len(h.trick) == 1 {
		led := h.trick[0].Suit
		if c.Suit != led {
			if h.holds(who, led) {
				flags = append(flags, referee.Flagf(seq, "P10", referee.Illegal, "%s must follow %s: %s is known to hold one not yet played", g.players[who], led.Symbol(), g.players[who]))
			} else {
				h.failed[who][led] = append(h.failed[who][led], failure{seq, h.played[who].suit(led)})
			}
		}
	}
	h.played[who][i]++
	h.plays++
	h.trick = append(h.trick, c)
	h.trickSeq = append(h.trickSeq, seq)
	if h.full[who] == nil && h.knownTotal(who) > HandSize {
		flags = append(flags, referee.Flagf(seq, "P2", referee.Impossible, "%s would hold more than %d cards", g.players[who], HandSize))
	}
	// The card that completes what is known of the bidder's hand settles P4 at once.
	flags = append(flags, g.judgeTrump(h, seq)...)
	if len(h.trick) == 1 {
		h.turn = 1 - who
		return flags
	}
	g.endTrick(h)
	if h.tricks[0]+h.tricks[1] == Tricks {
		flags = append(flags, g.endHand(h, seq)...)
	}
	return flags
}

// revokes flags each of who's failures to follow suit s that the event at 'by' proves a
// revoke, and forgets them, so each revoke is flagged once, by the first event that proves it.
func (g *game) revokes(who int, s cards.Suit, by int64, proved func(failure) bool) []referee.Flag {
	h := g.cur()
	var flags []referee.Flag
	kept := h.failed[who][s][:0]
	for _, f := range h.failed[who][s] {
		if !proved(f) {
			kept = append(kept, f)
			continue
		}
		fl := referee.Flagf(f.seq, "P10", referee.Illegal, "revoke: %s did not follow %s here but held one, as event %d shows", g.players[who], s.Symbol(), by)
		fl.RevealedBy = by
		flags = append(flags, fl)
	}
	h.failed[who][s] = kept
	return flags
}

// endTrick gives the trick to the higher card of the suit led or the higher trump; of two
// identical cards the first played wins (P10). The winner takes the count (P11) and leads.
func (g *game) endTrick(h *hand) {
	lead, follow := h.trick[0], h.trick[1]
	leader := h.leader
	winner := leader
	switch {
	case follow.Suit == lead.Suit && power(follow.Rank) > power(lead.Rank):
		winner = 1 - leader
	case follow.Suit == h.trump && lead.Suit != h.trump:
		winner = 1 - leader
	}
	h.tricks[winner]++
	best := lead
	if winner != leader {
		best = follow
	}
	g.won = trickWon{winner: winner, number: h.tricks[0] + h.tricks[1], with: best}
	for _, c := range h.trick {
		if counter(c) {
			h.count[winner]++
		}
	}
	h.trick, h.trickSeq = h.trick[:0], h.trickSeq[:0]
	h.leader, h.turn = winner, winner
}

// endHand judges what only the end of a hand shows, scores it (P12) and ends the game when a
// total passes the limit (P13).
func (g *game) endHand(h *hand, seq int64) []referee.Flag {
	var flags []referee.Flag
	for p := range g.players {
		var missing []string
		for i := range distinct {
			if h.shown[p][i] > h.played[p][i] {
				missing = append(missing, cardAt(i).Pretty())
			}
		}
		if len(missing) > 0 {
			f := referee.Flagf(h.meldSeq[p], "P14", referee.Impossible, "%s showed %s as meld but never played it", g.players[p], strings.Join(missing, " "))
			f.RevealedBy = seq
			flags = append(flags, f)
		}
	}
	h.phase = done
	for p := range g.players {
		h.score[p] = h.meld[p] + h.count[p]
		if h.tricks[p] == 0 {
			h.score[p] = 0 // no trick, no points (P12)
		}
	}
	b := h.bidder
	switch {
	case h.set: // P4
	case h.tricks[b] == 0:
		h.set, h.why = true, "took no trick (P12)"
	case h.score[b] < h.bid:
		h.set, h.why = true, fmt.Sprintf("made %d of %d (P12)", h.score[b], h.bid)
	}
	if h.set {
		h.score[b] = -h.bid
	}
	for p := range g.players {
		g.totals[p] += h.score[p]
	}
	if g.totals[0]+g.adjusted[0] > g.limit || g.totals[1]+g.adjusted[1] > g.limit {
		g.over = true // judged with the adjustments recorded so far (L5)
	}
	return flags
}

// showHand records a player's whole hand, turned face up, and checks it against everything
// known; it also settles what it proves (revokes, P4).
func (g *game) showHand(seq int64, who int, shown []cards.Card) []referee.Flag {
	h := g.cur()
	var add counts
	var flags []referee.Flag
	for _, c := range shown {
		if !inDeck(c) {
			flags = append(flags, referee.Flagf(seq, "P1", referee.Impossible, "%s is not a pinochle card (9 J Q K 10 A)", c.Pretty()))
			continue
		}
		add[index(c)]++
	}
	if len(shown) != HandSize {
		flags = append(flags, referee.Flagf(seq, "P2", referee.Impossible, "a hand has %d cards, not %d", HandSize, len(shown)))
	}
	if h.full[who] != nil {
		return append(flags, referee.Aside(referee.Flagf(seq, "P14", referee.Illegal, "%s already showed the hand at event %d", g.players[who], h.handAt[who]))...)
	}
	for i := range distinct {
		switch {
		case add[i] > 2:
			flags = append(flags, referee.Flagf(seq, "P2", referee.Impossible, "there are only two %s in the deck", cardAt(i).Pretty()))
		case int(add[i]) < h.known(who, i):
			flags = append(flags, referee.Flagf(seq, "P14", referee.Impossible, "%s has shown or played %s, which this hand lacks", g.players[who], cardAt(i).Pretty()))
		case int(add[i])+h.known(1-who, i) > 2:
			flags = append(flags, referee.Flagf(seq, "P14", referee.Impossible, "%s in this hand: both are accounted for with %s", cardAt(i).Pretty(), g.players[1-who]))
		}
	}
	h.full[who], h.handAt[who] = &add, seq
	for s := range h.failed[who] {
		held := add.suit(cards.Suit(s))
		flags = append(flags, g.revokes(who, cards.Suit(s), seq, func(f failure) bool { return held > f.played })...)
	}
	return append(flags, g.judgeTrump(h, seq)...)
}
