package candidate

import (
	"fmt"
	"strings"

	"github.com/tableside/tableside/cards"
	"github.com/tableside/tableside/referee"
)

// phase is what the game waits for next.
type phase int

const (
	needSeat phase = iota
	needReveal
	auction
	over
)

// capture is one candidate and how it was won.
type capture struct {
	card   cards.Card
	winner int
	price  cards.Card // the winning bid; zero when won by transfer or without a bid
	seq    int64      // the event that settled it
}

// seat is the public record of one seat (C10): the suit, who bid each rank, the candidates.
type seat struct {
	suit       cards.Suit
	bidBy      [cards.MaxRank + 1]int8  // player index + 1 who bid each rank this seat; 0 none
	bidSeq     [cards.MaxRank + 1]int64 // the event that bid it
	bidFlagged [cards.MaxRank + 1]bool  // that bid was flagged on itself for its card
	revealed   [cards.MaxRank + 1]bool
	bids       [2][]bidEntry // every bid each player made, flagged or not: each spent a card (C8)
	forfeit    int           // the player who ran out first (C9), or nobody
	candidates []capture
	shown      [2]*[cards.MaxRank + 1]bool // a hand a player showed (C10), nil until shown
	shownAt    [2]int64                    // the event that showed it
	shownLeft  [2]bool                     // shown as leftovers: the hand is those and the bids
}

// bidEntry is a bid as entered: the card and the event.
type bidEntry struct {
	card cards.Card
	seq  int64
}

// spent is how many faction cards p has bid this seat.
func (st *seat) spent(p int) int { return len(st.bids[p]) }

// shownAs names what a player showed of the seat's faction hand, for messages.
func (g *game) shownAs(st *seat, p int) string {
	if st.shownLeft[p] {
		return fmt.Sprintf("the cards %s showed as left at event %d", g.players[p], st.shownAt[p])
	}
	return fmt.Sprintf("the faction hand %s showed at event %d", g.players[p], st.shownAt[p])
}

type game struct {
	players [2]string
	oneDeck bool
	wrap    bool

	seats  []*seat
	phase  phase
	opener int // who opens the next candidate (C6)

	// the auction in progress
	cand    cards.Card
	candSeq int64
	high    cards.Card // zero Rank: no bid yet
	highBy  int
	toAct   int
	bids    int // bids made in this auction

	// ranOut is the player whose empty hand just ended an auction (C9). The table may still
	// say their pass out loud; that one pass is accepted and changes nothing.
	ranOut int
	// last is the latest event applied, so the hint can say what it did by itself.
	last int64
}

func (g *game) cur() *seat {
	if len(g.seats) == 0 {
		return nil
	}
	return g.seats[len(g.seats)-1]
}

// Over implements referee.Game.
func (g *game) Over() bool { return g.phase == over }

// End implements referee.Game: a game is twelve seats (C5).
func (g *game) End() (rule, why string) {
	if !g.Over() {
		return "", ""
	}
	return "C5", "all twelve seats have been played"
}

// payload is the JSON of every Candidate move; each uses the fields it needs.
type payload struct {
	Suit  *cards.Suit  `json:"suit,omitempty"`
	Card  *cards.Card  `json:"card,omitempty"`
	Cards []cards.Card `json:"cards,omitempty"`
}

// read decodes a move's payload.
func (p *payload) read(raw []byte) error { return referee.DecodePayload(raw, p, (*payload).field) }

// field reads one field of a plain payload (referee.ReadFlat), as encoding/json would.
func (p *payload) field(key []byte, v referee.Flat) (ok bool) {
	switch string(key) {
	case "suit":
		p.Suit, ok = referee.FlatText[cards.Suit](v)
	case "card":
		p.Card, ok = referee.FlatText[cards.Card](v)
	case "cards":
		p.Cards, ok = referee.FlatTexts[cards.Card](v)
	}
	return ok
}

// Apply implements referee.Game.
func (g *game) Apply(seq int64, m referee.Move) []referee.Flag {
	ranOut := g.ranOut
	g.ranOut = referee.Nobody
	g.last = seq
	var p payload
	if err := p.read(m.Payload); err != nil {
		return referee.Aside(referee.Flagf(seq, "C10", referee.Impossible, "unreadable move (%v)", err))
	}
	switch m.Type {
	case TypeSeat:
		if p.Suit == nil {
			return referee.Aside(referee.Flagf(seq, "C5", referee.Impossible, "a seat needs a suit"))
		}
		return g.seat(seq, *p.Suit)
	case TypeReveal:
		if p.Card == nil {
			return referee.Aside(referee.Flagf(seq, "C10", referee.Impossible, "a reveal needs a card"))
		}
		return g.reveal(seq, *p.Card)
	case TypeBid, TypePass, TypeHand, TypeLeft:
		who := referee.PlayerIndex(g.players[:], m.Actor)
		if who == referee.Nobody {
			return referee.Aside(referee.Flagf(seq, "C7", referee.Impossible, "%q is not a player of this game", m.Actor))
		}
		switch m.Type {
		case TypeBid:
			if p.Card == nil {
				return referee.Aside(referee.Flagf(seq, "C7", referee.Impossible, "a bid needs a card"))
			}
			return g.bid(seq, who, *p.Card)
		case TypePass:
			// Once the game is over, her pass is set aside as anyone's is.
			if who == ranOut && g.phase != over {
				return nil
			}
			return g.pass(seq, who)
		case TypeHand:
			return g.showHand(seq, who, p.Cards)
		default:
			return g.showLeft(seq, who, p.Cards)
		}
	}
	return referee.Aside(referee.Flagf(seq, "C7", referee.Impossible, "%q is not a Candidate move", m.Type))
}

// outOfPhase explains why a move cannot be applied now, or returns "" when the game waits for
// a move of phase want.
func (g *game) outOfPhase(want phase) (rule, why string) {
	if g.phase == want {
		return "", ""
	}
	switch g.phase {
	case over:
		return g.End()
	case needSeat:
		return "C5", fmt.Sprintf("no seat is in play: start seat %d with `seat SUIT`", len(g.seats)+1)
	case needReveal:
		return "C7", "no candidate is up: turn the next one up with `reveal CARD`"
	default:
		return "C7", fmt.Sprintf("the auction for %s is still open: %s to bid or pass", g.cand.Pretty(), g.players[g.toAct])
	}
}

// suitUses counts how often s has been a seat's suit, in the whole game and in the current
// block of four seats (one deck, C5).
func (g *game) suitUses(s cards.Suit) (total, block int) {
	blockStart := len(g.seats) / 4 * 4
	for i, st := range g.seats {
		if st.suit == s {
			total++
			if i >= blockStart {
				block++
			}
		}
	}
	return total, block
}

// suitAllowed says why suit s may not start the next seat (C5), or "".
func (g *game) suitAllowed(s cards.Suit) string {
	total, block := g.suitUses(s)
	if g.oneDeck && block > 0 {
		first := len(g.seats)/4*4 + 1
		return fmt.Sprintf("with one deck each suit is used once in seats %d–%d, and %s has been", first, first+3, s.Symbol())
	}
	if total >= 3 {
		return fmt.Sprintf("each suit is used for three seats, and %s has been used three times", s.Symbol())
	}
	return ""
}

func (g *game) seat(seq int64, s cards.Suit) []referee.Flag {
	if rule, why := g.outOfPhase(needSeat); why != "" {
		return referee.Aside(referee.Flagf(seq, rule, referee.Illegal, "%s", why))
	}
	var flags []referee.Flag
	if why := g.suitAllowed(s); why != "" {
		flags = append(flags, referee.Flagf(seq, "C5", referee.Illegal, "%s", why))
	}
	g.seats = append(g.seats, &seat{suit: s, forfeit: referee.Nobody})
	g.phase = needReveal
	return flags
}

func (g *game) reveal(seq int64, c cards.Card) []referee.Flag {
	if rule, why := g.outOfPhase(needReveal); why != "" {
		return referee.Aside(referee.Flagf(seq, rule, referee.Illegal, "%s", why))
	}
	st := g.cur()
	var flags []referee.Flag
	switch {
	case c.Suit != st.suit:
		flags = append(flags, referee.Flagf(seq, "C10", referee.Impossible, "%s cannot be a candidate of this seat: its pile is %s", c.Pretty(), st.suit.Symbol()))
	case st.revealed[c.Rank]:
		flags = append(flags, referee.Flagf(seq, "C10", referee.Impossible, "%s was already turned up this seat", c.Pretty()))
	default:
		for p := range st.shown {
			if g.showedOwn(p, c.Rank) {
				flags = append(flags, referee.Flagf(seq, "C10", referee.Impossible, "%s is in %s, so it cannot be a candidate", c.Pretty(), g.shownAs(st, p)))
			}
		}
		flags = append(flags, g.disprove(seq, referee.Nobody, c.Rank, fmt.Sprintf("it is turned up as a candidate at event %d", seq))...)
	}
	if c.Suit == st.suit {
		st.revealed[c.Rank] = true
	}
	g.cand, g.candSeq = c, seq
	if st.forfeit != referee.Nobody { // C9: the rest of the seat goes to the opponent at no cost
		g.award(seq, 1-st.forfeit, cards.Card{})
		return flags
	}
	g.phase, g.toAct, g.bids, g.high, g.highBy = auction, g.opener, 0, cards.Card{}, referee.Nobody
	return flags
}

// award gives the candidate up to winner and moves the game on: the winner opens next (C6).
func (g *game) award(seq int64, winner int, price cards.Card) {
	st := g.cur()
	st.candidates = append(st.candidates, capture{card: g.cand, winner: winner, price: price, seq: seq})
	g.opener = winner
	switch {
	case len(st.candidates) < Candidates:
		g.phase = needReveal
	case len(g.seats) < Seats:
		g.phase = needSeat
	default:
		g.phase = over
	}
}

// turnCheck flags a move by who when it is not her turn: the opener is C6's, the rest C7's.
func (g *game) turnCheck(seq int64, who int) []referee.Flag {
	if who == g.toAct {
		return nil
	}
	if g.bids == 0 {
		return []referee.Flag{referee.Flagf(seq, "C6", referee.Illegal, "%s opens this auction, not %s", g.players[g.toAct], g.players[who])}
	}
	return []referee.Flag{referee.Flagf(seq, "C7", referee.Illegal, "it is %s's turn, not %s's: players alternate", g.players[g.toAct], g.players[who])}
}

func (g *game) bid(seq int64, who int, c cards.Card) []referee.Flag {
	if rule, why := g.outOfPhase(auction); why != "" {
		return referee.Aside(referee.Flagf(seq, rule, referee.Illegal, "%s", why))
	}
	st := g.cur()
	flags := g.turnCheck(seq, who)
	var card []referee.Flag // what the record shows of the card itself
	switch {
	case c.Suit != st.suit:
		card = append(card, referee.Flagf(seq, "C10", referee.Impossible, "%s is not of this seat's suit: every faction card of the seat is %s", c.Pretty(), st.suit.Symbol()))
	case st.revealed[c.Rank]:
		card = append(card, referee.Flagf(seq, "C10", referee.Impossible, "%s is a candidate of this seat, so nobody holds it", c.Pretty()))
	case st.shown[who] != nil && !st.shown[who][c.Rank]:
		card = append(card, referee.Flagf(seq, "C10", referee.Impossible, "%s is not in %s", c.Pretty(), g.shownAs(st, who)))
	case g.showedOwn(1-who, c.Rank):
		card = append(card, referee.Flagf(seq, "C10", referee.Impossible, "%s is in %s", c.Pretty(), g.shownAs(st, 1-who)))
	}
	flags = append(flags, card...)
	if st.spent(who) >= Faction {
		flags = append(flags, referee.Flagf(seq, "C10", referee.Impossible, "%s has already bid all %d faction cards of this seat", g.players[who], Faction))
	}
	raises := g.high.Rank == 0 || c.Rank > g.high.Rank
	if !raises {
		flags = append(flags, referee.Flagf(seq, "C7", referee.Illegal, "a bid must beat the high bid (%s by %s)", g.high.Pretty(), g.players[g.highBy]))
	}
	if c.Suit == st.suit {
		// A card bid before was not bid then, or is not bid now: the earlier bid is flagged
		// (C8, C10), since the player may really hold the card.
		flags = append(flags, g.disprove(seq, who, c.Rank, fmt.Sprintf("%s bids it at event %d: a card is bid once (C8)", g.players[who], seq))...)
		if st.bidBy[c.Rank] == 0 { // else the earlier bid stands, and this one is the slip
			st.bidBy[c.Rank], st.bidSeq[c.Rank], st.bidFlagged[c.Rank] = int8(who+1), seq, len(card) > 0
		}
	}
	st.bids[who] = append(st.bids[who], bidEntry{c, seq})
	if st.spent(who) == Faction && st.forfeit == referee.Nobody {
		st.forfeit = who // C9: ran out first
	}
	if raises {
		g.high, g.highBy = c, who
	}
	g.bids++
	g.toAct = 1 - who
	if st.spent(g.toAct) >= Faction { // she has nothing left to bid with: the auction is over (C9)
		g.ranOut = g.toAct
		g.award(seq, g.highBy, g.high)
	}
	return flags
}

func (g *game) pass(seq int64, who int) []referee.Flag {
	if rule, why := g.outOfPhase(auction); why != "" {
		return referee.Aside(referee.Flagf(seq, rule, referee.Illegal, "%s", why))
	}
	flags := g.turnCheck(seq, who)
	if g.high.Rank == 0 {
		// Only the opener must bid: she has bid fewer than five faction cards this seat (else
		// she would have run out, C9), so she holds one. A pass out of turn is C6's alone.
		if who == g.toAct {
			flags = append(flags, referee.Flagf(seq, "C7", referee.Illegal, "%s opens and holds faction cards, so must bid: passing is not an opening move", g.players[who]))
		}
		g.award(seq, 1-who, cards.Card{}) // nobody bid: the player who did not pass takes it
		return flags
	}
	g.award(seq, g.highBy, g.high)
	return flags
}

// disprove flags the bid of rank r this seat, if any, which the entry at seq by player by
// (nobody: the table's) shows was not of that card (how says why), and forgets it, so that
// each wrong bid is flagged once, by the first entry that proves it. The entry is not refused
// for it: a card a player may really hold is never refused on the strength of an earlier
// entry, which may be the one mistyped. A bid already flagged on itself for its card is only
// forgotten. A bid of a card the bidder's own shown hand holds stands against another's
// entry: that entry contradicts the hand too, and is flagged on itself as the slip.
func (g *game) disprove(seq int64, by int, r cards.Rank, how string) []referee.Flag {
	st := g.cur()
	if st.bidBy[r] == 0 {
		return nil
	}
	bidder, at, flagged := int(st.bidBy[r]-1), st.bidSeq[r], st.bidFlagged[r]
	if bidder != by && g.showedOwn(bidder, r) {
		return nil
	}
	st.bidBy[r], st.bidSeq[r], st.bidFlagged[r] = 0, 0, false
	if st.shownLeft[bidder] {
		st.shown[bidder][r] = false // her leftovers put the card in her hand only through the bid
	}
	if flagged {
		return nil
	}
	f := referee.Flagf(at, "C10", referee.Impossible, "%s bid %s here, but %s", g.players[bidder], cards.Card{Rank: r, Suit: st.suit}.Pretty(), how)
	f.RevealedBy = seq
	return []referee.Flag{f}
}

// showedOwn reports whether p's own show of the seat puts rank r in her hand: a hand she
// showed, or leftovers, but not a card her leftovers count as hers only because she bid it.
func (g *game) showedOwn(p int, r cards.Rank) bool {
	st := g.cur()
	return st.shown[p] != nil && st.shown[p][r] && !(st.shownLeft[p] && st.bidBy[r] == int8(p+1))
}

// handCheck flags the cards of a shown hand that the public record contradicts (C10).
func (g *game) handCheck(seq int64, who int, hand []cards.Card, what string) ([]referee.Flag, *[cards.MaxRank + 1]bool) {
	st := g.cur()
	if st == nil {
		return referee.Aside(referee.Flagf(seq, "C10", referee.Illegal, "no seat has been played yet")), nil
	}
	var flags []referee.Flag
	var held [cards.MaxRank + 1]bool
	for _, c := range hand {
		switch {
		case c.Suit != st.suit:
			flags = append(flags, referee.Flagf(seq, "C10", referee.Impossible, "%s in %s is not of this seat's suit %s", c.Pretty(), what, st.suit.Symbol()))
			continue
		case held[c.Rank]:
			flags = append(flags, referee.Flagf(seq, "C10", referee.Impossible, "%s appears twice in %s", c.Pretty(), what))
		case st.revealed[c.Rank]:
			flags = append(flags, referee.Flagf(seq, "C10", referee.Impossible, "%s in %s is a candidate of this seat", c.Pretty(), what))
		case g.showedOwn(1-who, c.Rank):
			// The seat's thirteen ranks are all different: one player's card is not the other's.
			// A bid of it by the other, which her own show confirms, stands: this show is wrong.
			also := ""
			if st.bidBy[c.Rank] == int8(2-who) {
				also = fmt.Sprintf(", and %s bid it at event %d", g.players[1-who], st.bidSeq[c.Rank])
			}
			flags = append(flags, referee.Flagf(seq, "C10", referee.Impossible, "%s in %s is in %s%s", c.Pretty(), what, g.shownAs(st, 1-who), also))
		case st.bidBy[c.Rank] == int8(2-who):
			flags = append(flags, g.disprove(seq, who, c.Rank, fmt.Sprintf("it is in %s shown at event %d", what, seq))...)
		}
		held[c.Rank] = true
	}
	return flags, &held
}

func (g *game) showHand(seq int64, who int, hand []cards.Card) []referee.Flag {
	flags, held := g.handCheck(seq, who, hand, g.players[who]+"'s hand")
	if held == nil {
		return flags
	}
	if len(hand) != Faction {
		flags = append(flags, referee.Flagf(seq, "C5", referee.Impossible, "a faction hand has %d cards, not %d", Faction, len(hand)))
	}
	st := g.cur()
	for r := cards.MinRank; r <= cards.MaxRank; r++ {
		if st.bidBy[r] == int8(who+1) && !held[r] {
			flags = append(flags, g.disprove(seq, who, r, fmt.Sprintf("it is not in the hand %s shows at event %d", g.players[who], seq))...)
		}
	}
	st.shown[who], st.shownAt[who], st.shownLeft[who] = held, seq, false
	return flags
}

func (g *game) showLeft(seq int64, who int, left []cards.Card) []referee.Flag {
	flags, held := g.handCheck(seq, who, left, "the cards "+g.players[who]+" had left")
	if held == nil {
		return flags
	}
	st := g.cur()
	for _, c := range left {
		if c.Suit == st.suit && st.shown[who] != nil && !st.shown[who][c.Rank] {
			flags = append(flags, referee.Flagf(seq, "C10", referee.Impossible, "%s is not in %s", c.Pretty(), g.shownAs(st, who)))
		}
		if c.Suit == st.suit && st.bidBy[c.Rank] == int8(who+1) {
			flags = append(flags, g.disprove(seq, who, c.Rank, fmt.Sprintf("it is among the cards %s had left, shown at event %d: a spent card is not left over (C8)", g.players[who], seq))...)
		}
	}
	if len(left) > Faction {
		flags = append(flags, referee.Flagf(seq, "C5", referee.Impossible, "a faction hand has %d cards, so %d cannot be left", Faction, len(left)))
	} else if have := Faction - st.spent(who); len(left) > have {
		// Five faction cards (C5) cannot be bid and left too. The leftovers may be right and
		// a bid entered wrong, and nothing says which, so they are taken and the bids named.
		var bids []string
		for _, b := range st.bids[who] {
			bids = append(bids, fmt.Sprintf("%s at event %d", b.card.Pretty(), b.seq))
		}
		flags = append(flags, referee.Flagf(seq, "C10", referee.Warning, "%s bid %d %s this seat (%s), so at most %d can be left, not %d: %s or these leftovers was entered wrong",
			g.players[who], st.spent(who), referee.Plural(st.spent(who), "card", "cards"), strings.Join(bids, ", "), have, len(left), referee.Plural(st.spent(who), "that bid", "one of those bids")))
	}
	if st.shown[who] == nil {
		hand := *held
		for r := cards.MinRank; r <= cards.MaxRank; r++ {
			hand[r] = hand[r] || st.bidBy[r] == int8(who+1)
		}
		st.shown[who], st.shownAt[who], st.shownLeft[who] = &hand, seq, true
	}
	return flags
}
