package advantage

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tableside/tableside/cards"
	"github.com/tableside/tableside/referee"
)

// deck is the number of cards of the one deck.
const deck = 52

// key numbers a card of the deck 0…51.
func key(c cards.Card) int { return int(c.Suit)*13 + int(c.Rank-cards.MinRank) }

func cardOf(k int) cards.Card {
	return cards.Card{Rank: cards.MinRank + cards.Rank(k%13), Suit: cards.Suit(k / 13)}
}

// stage is what the game waits for from the player whose turn it is.
type stage int

const (
	dealing       stage = iota
	dropFirst           // must drop, or draw when no drop is possible (A5, A12)
	dropAfterDraw       // drew for want of a drop: drops if the hand now allows
	dropSecond          // may drop a second card, or pass
	dropRefill          // refills to three after dropping (A6)
	picking             // may pick or pass; with no legal pick, may draw first (A8)
	pickAfterDraw       // drew for want of a pick: picks or passes
	pairing             // may lay aside pairs, or pass (A9)
	pairRefill          // refills to three after pairing (A6)
	ended
)

// round is what each player did in one round, for the score sheet.
type round struct {
	drops, pairs [2][]string
	pick         [2]string
	begun        bool   // a card was drawn or played in it
	total        [2]int // pairs laid aside by the end of the round
}

type game struct {
	players [2]string
	dealer  int
	day     int // the day of the month the game was played on (A11)

	stage stage
	turn  int

	hands [2][]cards.Card
	piles [Piles][]cards.Card // bottom first; the last card is the top
	pairs [2][]cards.Card     // laid aside, two by two
	seen  [deck]bool          // dealt or drawn: no longer in the stock
	stock int

	dealtAt        int64
	picked, paired [2]bool // this round
	rounds         []*round

	endedAt int64
	why     string // why the game ended (A10, A13)

	// closed is the turn the last move's settle closed by itself, nothing fitting, as it stood
	// before; nil when it closed none.
	closed *closing
}

// closing is a drop or picking turn as it stood when the referee closed it by itself, for want
// of a card that fits. The table may still make a drop or a pick that does not fit, as its
// next move: L8 applies it as played and flags it, so the turn is opened again for it. It is
// never changed once made, so clones of a game may share it.
type closing struct {
	stage          stage
	turn           int
	hands          [2][]cards.Card
	picked, paired [2]bool
	rounds         int    // how many rounds had begun
	total          [2]int // the last one's pairs so far
}

// close notes the turn as it stands, about to be closed by itself: the first such turn of a
// settle, since the next move can only be the next act of the player who just acted.
func (g *game) close() {
	if g.closed != nil {
		return
	}
	g.closed = &closing{stage: g.stage, turn: g.turn, hands: [2][]cards.Card{slices.Clone(g.hands[0]), slices.Clone(g.hands[1])},
		picked: g.picked, paired: g.paired, rounds: len(g.rounds), total: g.cur().total}
}

// reopens reports whether move m (payload p) by who is the drop or pick of the closed turn c,
// of a card who held on a pile still there, so that it can be applied as played.
func (c *closing) reopens(g *game, who int, m referee.Move, p payload) bool {
	turn := m.Type == TypeDrop && (c.stage == dropSecond || c.stage == dropAfterDraw) || m.Type == TypePick && c.stage == pickAfterDraw
	return turn && who == c.turn && p.Card != nil && slices.Contains(c.hands[who], *p.Card) && p.Pile != nil && g.pileTopped(*p.Pile) >= 0
}

// reopen takes the game back to the closed turn c. Only what settle changes changed since:
// the stage, the turn, the switch, a new round, the end.
func (g *game) reopen(c *closing) {
	g.stage, g.turn = c.stage, c.turn
	g.hands = [2][]cards.Card{slices.Clone(c.hands[0]), slices.Clone(c.hands[1])}
	g.picked, g.paired = c.picked, c.paired
	g.rounds = g.rounds[:c.rounds]
	g.cur().total = c.total
	g.endedAt, g.why = 0, ""
}

type payload struct {
	Center []cards.Card            `json:"center,omitempty"`
	Hands  map[string][]cards.Card `json:"hands,omitempty"`
	Card   *cards.Card             `json:"card,omitempty"`
	Pile   *cards.Card             `json:"pile,omitempty"`
	Cards  []cards.Card            `json:"cards,omitempty"`
}

func (g *game) cur() *round { return g.rounds[len(g.rounds)-1] }

// Over implements referee.Game.
func (g *game) Over() bool { return g.stage == ended }

// End implements referee.Game: the game ends when a player who must act cannot (A10).
func (g *game) End() (rule, why string) {
	if !g.Over() {
		return "", ""
	}
	return "A10", fmt.Sprintf("the game ended at event %d: %s", g.endedAt, g.why)
}

// option is a card that fits a pile: a drop, or a pick of that pile (A3 and A4 allow the same).
type option struct {
	card cards.Card
	pile int
}

// fitting lists what p may drop or pick: each card of the hand with each pile it fits, in
// hand order, then pile order.
func (g *game) fitting(p int) []option {
	var out []option
	for _, c := range g.hands[p] {
		for i := range g.piles {
			if fits(c, g.top(i)) {
				out = append(out, option{c, i})
			}
		}
	}
	return out
}

func (g *game) top(i int) cards.Card { return g.piles[i][len(g.piles[i])-1] }

// pileTopped finds the pile whose top card is c, or -1.
func (g *game) pileTopped(c cards.Card) int {
	for i := range g.piles {
		if len(g.piles[i]) > 0 && g.top(i) == c {
			return i
		}
	}
	return -1
}

// where says where a card already seen is, for a message.
func (g *game) where(c cards.Card) string {
	for p := range g.hands {
		if slices.Contains(g.hands[p], c) {
			return "in " + g.players[p] + "'s hand"
		}
		if slices.Contains(g.pairs[p], c) {
			return "among " + g.players[p] + "'s pairs"
		}
	}
	for i := range g.piles {
		if slices.Contains(g.piles[i], c) {
			return fmt.Sprintf("in pile %d", i+1)
		}
	}
	return "in play"
}

// take removes c from p's hand; false when the hand lacks it.
func (g *game) take(p int, c cards.Card) bool {
	i := slices.Index(g.hands[p], c)
	if i < 0 {
		return false
	}
	g.hands[p] = slices.Delete(g.hands[p], i, i+1)
	return true
}

// read decodes a move's payload.
func (p *payload) read(raw []byte) error { return referee.DecodePayload(raw, p, (*payload).field) }

// field reads one field of a plain payload (referee.ReadFlat), as encoding/json would.
func (p *payload) field(key []byte, v referee.Flat) (ok bool) {
	switch string(key) {
	case "center":
		p.Center, ok = referee.FlatTexts[cards.Card](v)
	case "card":
		p.Card, ok = referee.FlatText[cards.Card](v)
	case "pile":
		p.Pile, ok = referee.FlatText[cards.Card](v)
	case "cards":
		p.Cards, ok = referee.FlatTexts[cards.Card](v)
	}
	return ok
}

// Apply implements referee.Game.
func (g *game) Apply(seq int64, m referee.Move) []referee.Flag {
	closed := g.closed
	g.closed = nil
	var p payload
	if err := p.read(m.Payload); err != nil {
		return referee.Aside(referee.Flagf(seq, "A1", referee.Impossible, "unreadable move (%v)", err))
	}
	who := referee.PlayerIndex(g.players[:], m.Actor)
	if closed != nil && closed.reopens(g, who, m, p) {
		g.reopen(closed)
	}
	if g.stage == ended {
		rule, _ := g.End()
		return referee.Aside(referee.Flagf(seq, rule, referee.Illegal, "%s", g.endedText()))
	}
	if m.Type == TypeDeal {
		return g.deal(seq, p)
	}
	if g.stage == dealing {
		return referee.Aside(referee.Flagf(seq, "A1", referee.Illegal, "the cards are dealt first (deal …)"))
	}
	if who == referee.Nobody {
		return referee.Aside(referee.Flagf(seq, "A1", referee.Impossible, "%q is not a player of this game", m.Actor))
	}
	var flags []referee.Flag
	switch m.Type {
	case TypeDrop:
		flags = g.drop(seq, who, p)
	case TypeDraw:
		flags = g.draw(seq, who, p)
	case TypePick:
		flags = g.pick(seq, who, p)
	case TypePair:
		flags = g.pair(seq, who, p)
	case TypePass:
		flags = g.pass(seq, who)
	default:
		return referee.Aside(referee.Flagf(seq, "A1", referee.Impossible, "%q is not an Advantage move", m.Type))
	}
	g.settle(seq)
	return flags
}

// waiting says what the game waits for, and the ruling that says so.
func (g *game) waiting() (rule, what string) {
	name := g.players[g.turn]
	switch g.stage {
	case dealing:
		return "A1", "the cards are dealt first (deal …)"
	case dropFirst:
		if len(g.fitting(g.turn)) == 0 {
			return "A12", name + " cannot drop and draws from the stock first"
		}
		return "A1", name + " drops first"
	case dropAfterDraw:
		return "A5", name + " drops first"
	case dropSecond:
		return "A5", name + " may drop a second card or pass"
	case dropRefill, pairRefill:
		return "A6", fmt.Sprintf("%s refills to %d first (%d to draw)", name, Hand, g.toDraw())
	case picking, pickAfterDraw:
		return "A1", name + " picks or passes first"
	case pairing:
		return "A9", name + " pairs or passes first"
	}
	return "A10", "the game is over"
}

func (g *game) waitingText() string {
	_, what := g.waiting()
	return what
}

// outOfOrder flags a move the game is not waiting for: it has no place in the round, so it is
// set aside (L8).
func (g *game) outOfOrder(seq int64, who int) []referee.Flag {
	rule, what := g.waiting()
	if who != g.turn && g.stage != dealing {
		if rule != "A6" { // a refill still due is what the other player waits for
			rule = "A1"
		}
		return referee.Aside(referee.Flagf(seq, rule, referee.Illegal, "it is %s's turn (%s), not %s's", g.players[g.turn], what, g.players[who]))
	}
	return referee.Aside(referee.Flagf(seq, rule, referee.Illegal, "%s", what))
}

// toDraw is how many cards the player to act draws to refill.
func (g *game) toDraw() int { return max(0, min(Hand-len(g.hands[g.turn]), g.stock)) }

func (g *game) deal(seq int64, p payload) []referee.Flag {
	if g.stage != dealing {
		return referee.Aside(referee.Flagf(seq, "A1", referee.Illegal, "the cards were dealt at event %d", g.dealtAt))
	}
	bad := func(format string, args ...any) []referee.Flag {
		return referee.Aside(referee.Flagf(seq, "A1", referee.Impossible, "deal: "+format, args...))
	}
	if len(p.Center) != Piles {
		return bad("the centre has %d cards, not %d", len(p.Center), Piles)
	}
	var hands [2][]cards.Card
	for name, h := range p.Hands {
		i := referee.PlayerIndex(g.players[:], name)
		if i == referee.Nobody {
			return bad("%q is not a player", name)
		}
		hands[i] = h
	}
	all := slices.Clone(p.Center)
	for i, h := range hands {
		if len(h) != Hand {
			return bad("%s's hand has %d cards, not %d", g.players[i], len(h), Hand)
		}
		all = append(all, h...)
	}
	var dealt [deck]bool
	for _, c := range all {
		if !c.Rank.Valid() || !c.Suit.Valid() {
			return bad("%v is not a card", c)
		}
		if dealt[key(c)] {
			return bad("%s is dealt twice (one deck)", c.Pretty())
		}
		dealt[key(c)] = true
	}
	for i, c := range p.Center {
		g.piles[i] = []cards.Card{c}
	}
	g.hands = [2][]cards.Card{slices.Clone(hands[0]), slices.Clone(hands[1])}
	g.seen, g.stock, g.dealtAt = dealt, deck-len(all), seq
	g.stage, g.turn = dropFirst, 1-g.dealer
	g.settle(seq)
	return nil
}

// holding checks that p holds c: a card that is elsewhere cannot be played, so the move is set
// aside (L8).
func (g *game) holding(seq int64, p int, c cards.Card) []referee.Flag {
	if slices.Contains(g.hands[p], c) {
		return nil
	}
	where := "it is not in play yet"
	if g.seen[key(c)] {
		where = "it is " + g.where(c)
	}
	return referee.Aside(referee.Flagf(seq, "A7", referee.Impossible, "%s is not in %s's hand (%s)", c.Pretty(), g.players[p], where))
}

// pileOf reads the pile a move names by its top card.
func (g *game) pileOf(seq int64, top *cards.Card, verb string) (int, []referee.Flag) {
	if top == nil {
		return -1, referee.Aside(referee.Flagf(seq, "A1", referee.Impossible, "a %s names a pile", verb))
	}
	i := g.pileTopped(*top)
	if i < 0 {
		return -1, referee.Aside(referee.Flagf(seq, "A7", referee.Impossible, "no pile has %s on top (the tops are %s)", top.Pretty(), g.tops()))
	}
	return i, nil
}

func (g *game) tops() string {
	if g.stage == dealing {
		return "not dealt yet"
	}
	var out []string
	for i := range g.piles {
		out = append(out, g.top(i).Pretty())
	}
	return strings.Join(out, " ")
}

// whyNot explains why c does not fit top (A3, A4).
func whyNot(c, top cards.Card) string {
	if red(c) != red(top) {
		return fmt.Sprintf("%s and %s differ in colour, and only the same rank or a 10 crosses colours", c.Pretty(), top.Pretty())
	}
	if classOf(c) == face {
		return fmt.Sprintf("a face card (%s) goes with a face or an ace of its colour, not %s", c.Pretty(), top.Pretty())
	}
	return fmt.Sprintf("a number card (%s) goes with a number or an ace of its colour, not %s", c.Pretty(), top.Pretty())
}

func (g *game) drop(seq int64, who int, p payload) []referee.Flag {
	if g.stage != dropFirst && g.stage != dropAfterDraw && g.stage != dropSecond || who != g.turn {
		return g.outOfOrder(seq, who)
	}
	if p.Card == nil {
		return referee.Aside(referee.Flagf(seq, "A3", referee.Impossible, "a drop needs a card"))
	}
	c := *p.Card
	if f := g.holding(seq, who, c); f != nil {
		return f
	}
	pile, f := g.pileOf(seq, p.Pile, "drop")
	if f != nil {
		return f
	}
	var flags []referee.Flag
	if top := g.top(pile); !fits(c, top) {
		fl := referee.Flagf(seq, "A3", referee.Illegal, "%s may not be dropped on %s: %s", c.Pretty(), top.Pretty(), whyNot(c, top))
		fl.Hint = g.optionsText(who, "drop", "on")
		flags = append(flags, fl)
	}
	g.take(who, c)
	g.cur().drops[who] = append(g.cur().drops[who], fmt.Sprintf("%s on %s", c.Pretty(), g.top(pile).Pretty()))
	g.cur().begun = true
	g.piles[pile] = append(g.piles[pile], c)
	if g.stage == dropSecond {
		g.stage = dropRefill
	} else {
		g.stage = dropSecond
	}
	return flags
}

// drawn is what a draw names: one card, or several to refill (A6).
func drawn(p payload) []cards.Card {
	if p.Card != nil {
		return append([]cards.Card{*p.Card}, p.Cards...)
	}
	return p.Cards
}

func (g *game) draw(seq int64, who int, p payload) []referee.Flag {
	cs := drawn(p)
	switch {
	case g.stage == pairing, who != g.turn:
		return g.outOfOrder(seq, who)
	case len(cs) == 0:
		return referee.Aside(referee.Flagf(seq, "A6", referee.Impossible, "a draw names the card drawn"))
	case g.stock == 0:
		return referee.Aside(referee.Flagf(seq, "A13", referee.Impossible, "the stock is empty"))
	}
	for i, c := range cs {
		switch {
		case g.seen[key(c)]:
			return referee.Aside(referee.Flagf(seq, "A7", referee.Impossible, "%s cannot come from the stock: it is %s", c.Pretty(), g.where(c)))
		case slices.Contains(cs[:i], c):
			return referee.Aside(referee.Flagf(seq, "A7", referee.Impossible, "%s is named twice", c.Pretty()))
		}
	}
	if len(cs) > g.stock {
		return referee.Aside(referee.Flagf(seq, "A13", referee.Impossible, "the stock holds %d cards, not %d", g.stock, len(cs)))
	}
	var flags []referee.Flag
	name := g.players[who]
	switch g.stage {
	case dropFirst:
		if len(g.fitting(who)) > 0 {
			fl := referee.Flagf(seq, "A5", referee.Illegal, "%s draws only when no drop is possible, and can drop", name)
			fl.Hint = g.optionsText(who, "drop", "on")
			flags = append(flags, fl)
		} else if len(cs) > 1 {
			flags = append(flags, referee.Flagf(seq, "A5", referee.Illegal, "%s draws one card for want of a drop, not %d", name, len(cs)))
		}
		g.stage = dropAfterDraw
	case dropAfterDraw:
		flags = append(flags, referee.Flagf(seq, "A5", referee.Illegal, "%s has had the one draw of the drop turn", name))
	case dropSecond:
		flags = append(flags, referee.Flagf(seq, "A5", referee.Illegal, "%s may not draw for a second drop", name))
	case picking:
		if len(g.fitting(who)) > 0 {
			fl := referee.Flagf(seq, "A8", referee.Illegal, "%s draws only when no pick is possible, and can pick", name)
			fl.Hint = g.optionsText(who, "pick", "for")
			flags = append(flags, fl)
		} else if len(cs) > 1 {
			flags = append(flags, referee.Flagf(seq, "A8", referee.Illegal, "%s draws one card for want of a pick, not %d", name, len(cs)))
		}
		g.stage = pickAfterDraw
	case pickAfterDraw:
		flags = append(flags, referee.Flagf(seq, "A8", referee.Illegal, "%s has had the one draw of the picking turn", name))
	case dropRefill, pairRefill:
		if n := g.toDraw(); len(cs) > n {
			flags = append(flags, referee.Flagf(seq, "A6", referee.Illegal, "%s refills to %d, so draws %d, not %d", name, Hand, n, len(cs)))
		}
	}
	for _, c := range cs {
		g.seen[key(c)] = true
	}
	g.stock -= len(cs)
	g.hands[who] = append(g.hands[who], cs...)
	g.cur().begun = true
	return flags
}

func (g *game) pick(seq int64, who int, p payload) []referee.Flag {
	if g.stage != picking && g.stage != pickAfterDraw || who != g.turn {
		if g.picked[who] {
			return referee.Aside(referee.Flagf(seq, "A8", referee.Illegal, "%s picked this round already (%s): one pick a round", g.players[who], g.cur().pick[who]))
		}
		return g.outOfOrder(seq, who)
	}
	if p.Card == nil {
		return referee.Aside(referee.Flagf(seq, "A4", referee.Impossible, "a pick needs a card"))
	}
	c := *p.Card
	if f := g.holding(seq, who, c); f != nil {
		return f
	}
	pile, f := g.pileOf(seq, p.Pile, "pick")
	if f != nil {
		return f
	}
	var flags []referee.Flag
	top := g.top(pile)
	if !fits(c, top) {
		fl := referee.Flagf(seq, "A4", referee.Illegal, "%s may not be traded for the pile under %s: %s", c.Pretty(), top.Pretty(), whyNot(c, top))
		fl.Hint = g.optionsText(who, "pick", "for")
		flags = append(flags, fl)
	}
	g.take(who, c)
	n := len(g.piles[pile])
	g.cur().pick[who] = fmt.Sprintf("%s for %s (%d %s)", c.Pretty(), top.Pretty(), n, referee.Plural(n, "card", "cards"))
	g.hands[who] = append(g.hands[who], g.piles[pile]...)
	g.piles[pile] = []cards.Card{c}
	g.picked[who] = true
	g.next()
	return flags
}

func (g *game) pair(seq int64, who int, p payload) []referee.Flag {
	switch {
	case g.stage == pairing && who == g.turn:
	case g.paired[who]:
		return referee.Aside(referee.Flagf(seq, "A9", referee.Illegal, "%s has had the pairing step of this round; pairs made since wait for the next", g.players[who]))
	case !g.picked[who] && g.stage != pairing:
		return referee.Aside(referee.Flagf(seq, "A9", referee.Illegal, "pairs are laid aside after both picks, by a player who picked this round (%s)", g.waitingText()))
	case !g.picked[who]:
		return referee.Aside(referee.Flagf(seq, "A9", referee.Illegal, "%s did not pick this round, so has no pairing step", g.players[who]))
	default:
		return g.outOfOrder(seq, who)
	}
	if len(p.Cards) == 0 || len(p.Cards)%2 != 0 {
		return referee.Aside(referee.Flagf(seq, "A14", referee.Impossible, "pairs are cards two by two, not %d cards", len(p.Cards)))
	}
	var flags []referee.Flag
	var odd []string
	for i := 0; i < len(p.Cards); i += 2 {
		if a, b := p.Cards[i], p.Cards[i+1]; a.Rank != b.Rank {
			odd = append(odd, a.Pretty()+" "+b.Pretty())
		}
	}
	if len(odd) > 0 {
		what := strings.Join(odd, ", ") + " is not a pair"
		if len(odd) > 1 {
			what = strings.Join(odd, ", ") + " are not pairs"
		}
		flags = append(flags, referee.Flagf(seq, "A14", referee.Illegal, "%s: a pair is two cards of one rank (a 10 is wild only for dropping and picking)", what))
	}
	hand := slices.Clone(g.hands[who])
	for _, c := range p.Cards {
		k := slices.Index(hand, c)
		if k >= 0 {
			hand = slices.Delete(hand, k, k+1)
			continue
		}
		// A card that is not there cannot be laid aside: the move is set aside (L8).
		f := g.holding(seq, who, c)
		if f == nil {
			f = referee.Aside(referee.Flagf(seq, "A7", referee.Impossible, "%s is named twice", c.Pretty()))
		}
		for i := range flags {
			flags[i].SetAside = true
		}
		return append(flags, f...)
	}
	// Cards laid aside as a pair that are not one leave the hand and count all the same (L8).
	g.hands[who] = hand
	g.pairs[who] = append(g.pairs[who], p.Cards...)
	for i := 0; i < len(p.Cards); i += 2 {
		g.cur().pairs[who] = append(g.cur().pairs[who], p.Cards[i].Pretty()+" "+p.Cards[i+1].Pretty())
	}
	g.cur().total = [2]int{len(g.pairs[0]) / 2, len(g.pairs[1]) / 2}
	g.paired[who] = true
	g.stage = pairRefill
	return flags
}

func (g *game) pass(seq int64, who int) []referee.Flag {
	if who != g.turn {
		return g.outOfOrder(seq, who)
	}
	switch g.stage {
	case dropFirst, dropAfterDraw:
		f := referee.Flagf(seq, "A5", referee.Illegal, "%s must drop at least one card, and can", g.players[who])
		if len(g.fitting(who)) == 0 {
			f = referee.Flagf(seq, "A12", referee.Illegal, "%s cannot drop, so must draw from the stock first", g.players[who])
		}
		f.Hint = g.Hint()
		g.stage = dropRefill
		return []referee.Flag{f}
	case dropSecond:
		g.stage = dropRefill
	case picking, pickAfterDraw:
		g.next()
	case pairing:
		g.paired[who] = true
		g.stage = pairRefill
	default:
		return g.outOfOrder(seq, who)
	}
	return nil
}

// settle makes the moves nobody types: the end of a drop turn that has no drop left, a refill
// that is complete, a pick or pairing step with nothing to do, the switch and the next round,
// and the end of the game (A10, A13), judged at seq.
func (g *game) settle(seq int64) {
	for {
		name := g.players[g.turn]
		switch g.stage {
		case dropFirst:
			if len(g.fitting(g.turn)) > 0 || g.stock > 0 {
				return
			}
			g.end(seq, name+" cannot drop and the stock is empty (A13)")
			return
		case dropAfterDraw, dropSecond:
			if len(g.fitting(g.turn)) > 0 {
				return
			}
			if g.stage == dropAfterDraw && g.stock == 0 {
				g.end(seq, name+" cannot drop after drawing the stock's last card (A13)")
				return
			}
			g.close()
			g.stage = dropRefill
		case dropRefill, pairRefill:
			if g.toDraw() > 0 {
				return
			}
			g.next()
		case picking:
			if len(g.fitting(g.turn)) > 0 || g.stock > 0 {
				return
			}
			g.end(seq, name+" has no pick and the stock is empty (A13)")
			return
		case pickAfterDraw:
			if len(g.fitting(g.turn)) > 0 {
				return
			}
			if g.stock == 0 {
				g.end(seq, name+" has no pick after drawing the stock's last card (A13)")
				return
			}
			g.close()
			g.next()
		case pairing:
			if g.picked[g.turn] && !g.paired[g.turn] && len(pairable(g.hands[g.turn])) > 0 {
				return
			}
			g.next()
		default:
			return
		}
	}
}

// next moves on to the next step of the round (A1): the dealer's drops after the
// non-dealer's, the switch and the picks after the drops, the pairing after the picks, and a
// new round after the pairing.
func (g *game) next() {
	first := g.turn != g.dealer
	switch g.stage {
	case dropFirst, dropAfterDraw, dropSecond, dropRefill:
		if first {
			g.turn, g.stage = g.dealer, dropFirst
			return
		}
		g.hands[0], g.hands[1] = g.hands[1], g.hands[0] // the switch (A14)
		g.turn, g.stage = 1-g.dealer, picking
	case picking, pickAfterDraw:
		if first {
			g.turn, g.stage = g.dealer, picking
			return
		}
		g.turn, g.stage = 1-g.dealer, pairing
	case pairing, pairRefill:
		if first {
			g.turn, g.stage = g.dealer, pairing
			return
		}
		g.cur().total = [2]int{len(g.pairs[0]) / 2, len(g.pairs[1]) / 2}
		g.rounds = append(g.rounds, &round{total: g.cur().total})
		g.picked, g.paired = [2]bool{}, [2]bool{}
		g.turn, g.stage = 1-g.dealer, dropFirst
	}
}

// endedText says when and why the game ended, for what comes after the end (A10).
func (g *game) endedText() string {
	_, why := g.End()
	return why + "; no move follows the end"
}

func (g *game) end(seq int64, why string) {
	g.stage, g.endedAt, g.why = ended, seq, why
	g.cur().total = [2]int{len(g.pairs[0]) / 2, len(g.pairs[1]) / 2}
}

// pairable lists the pairs a hand holds, two by two in hand order: each rank gives as many
// pairs as it has two cards.
func pairable(hand []cards.Card) []cards.Card {
	var out []cards.Card
	used := make([]bool, len(hand))
	for i, a := range hand {
		if used[i] {
			continue
		}
		for j := i + 1; j < len(hand); j++ {
			if !used[j] && hand[j].Rank == a.Rank {
				used[i], used[j] = true, true
				out = append(out, a, hand[j])
				break
			}
		}
	}
	return out
}
