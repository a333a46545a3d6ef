package pinochle

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tableside/tableside/cards"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/scoring"
)

// auction returns the hand whose auction is open, the player to act and the lowest bid,
// looking past a finished hand to the next one.
func (g *game) auction() (h *hand, who, min int, ok bool) {
	h = g.cur()
	switch {
	case g.over:
		return h, 0, 0, false
	case h.phase == done:
		return h, 1 - h.opener, g.opening, true
	case h.phase == bidding && h.bids == 0:
		return h, h.toAct, g.opening, true
	case h.phase == bidding:
		return h, h.toAct, h.bid + 1, true
	}
	return h, 0, 0, false
}

// playable lists the cards who may play now without a flag on the play itself: every card he
// may hold, only the suit led when he is known to hold one of it (P10). What he failed to
// follow earlier never narrows it: a card of that suit is his lawful play if he has one, and
// only proves the earlier play a revoke (P14).
func (g *game) playable(h *hand, who int) []cards.Card {
	var out []cards.Card
	mustFollow := len(h.trick) == 1 && h.holds(who, h.trick[0].Suit)
	for i := range distinct {
		c := cardAt(i)
		mine := max(h.known(who, i), int(h.played[who][i])+1)
		switch {
		case mustFollow && c.Suit != h.trick[0].Suit,
			h.played[who][i] >= 2,
			h.full[who] != nil && int(h.played[who][i]) >= int(h.full[who][i]),
			mine+h.known(1-who, i) > 2,
			h.full[who] == nil && h.knownTotal(who)-h.known(who, i)+mine > HandSize:
			continue
		}
		out = append(out, c)
	}
	return out
}

// Legal implements referee.Game. Meld can be any cards, so for meld it offers only "none";
// for bids only the lowest.
func (g *game) Legal() []referee.Move {
	if h, who, min, ok := g.auction(); ok {
		moves := []referee.Move{referee.NewMove(TypeBid, g.players[who], payload{Points: &min})}
		if h.phase == done || h.phase == bidding {
			moves = append(moves, referee.NewMove(TypePass, g.players[who], payload{}))
		}
		return moves
	}
	h := g.cur()
	var moves []referee.Move
	switch h.phase {
	case naming:
		for _, s := range cards.Suits {
			moves = append(moves, referee.NewMove(TypeTrump, g.players[h.bidder], payload{Suit: &s}))
		}
	case melding:
		for p, name := range g.players {
			if h.meldSeq[p] == 0 {
				moves = append(moves, referee.NewMove(TypeMeld, name, payload{}))
			}
		}
	case playing:
		for _, c := range g.playable(h, h.turn) {
			moves = append(moves, referee.NewMove(TypePlay, g.players[h.turn], payload{Card: &c}))
		}
	}
	return moves
}

// Hint implements referee.Game.
func (g *game) Hint() string {
	// Say what the last move decided: the trick it ended, and the hand's score when it ended
	// the hand.
	if g.won.number == 0 {
		return g.next()
	}
	said := fmt.Sprintf("%s takes trick %d with %s", g.players[g.won.winner], g.won.number, g.won.with.Pretty())
	if h := g.cur(); h.phase == done {
		said += fmt.Sprintf("; hand %d scores %s %+d, %s %+d; totals %s", h.number, g.players[0], h.score[0], g.players[1], h.score[1], g.totalsText())
	}
	return said + "; " + g.next()
}

// next says what may be played now.
func (g *game) next() string {
	if g.over {
		return "the game is over: see `score`"
	}
	if h, who, min, ok := g.auction(); ok {
		number := h.number
		if h.phase == done {
			number++
		}
		return fmt.Sprintf("hand %d: %s may bid %d or more, or pass", number, g.players[who], min)
	}
	h := g.cur()
	switch h.phase {
	case naming:
		return fmt.Sprintf("%s won the bid at %d: %s names trump (trump S|H|D|C)", g.players[h.bidder], h.bid, g.players[h.bidder])
	case melding:
		return g.meldWaiting(h)
	}
	what := "leads"
	if len(h.trick) == 1 {
		what = "plays to " + h.trick[0].Pretty()
	}
	return fmt.Sprintf("trick %d: %s %s: %s", h.tricks[0]+h.tricks[1]+1, g.players[h.turn], what, g.cardsFor(h, h.turn)) + g.revealing(h, h.turn)
}

// cardsFor says which cards who may play now. While the hand is not known the rule is said,
// not a list of the cards it might hold; once it is known, or known to hold the suit
// led, the cards are listed.
func (g *game) cardsFor(h *hand, who int) string {
	playable := g.playable(h, who)
	known := h.full[who] != nil || h.knownTotal(who) == HandSize
	switch {
	case known || len(h.trick) == 1 && h.holds(who, h.trick[0].Suit):
		return "one of " + pretty(playable)
	case len(h.trick) == 1:
		return fmt.Sprintf("follows %s if able, else any card (P10)", h.trick[0].Suit.Symbol())
	case len(playable) < distinct:
		return "any card held"
	}
	return "any card"
}

// revealing warns that who's next card, of a suit he failed to follow earlier, would show those
// plays to be revokes (P14). It names the suits once and stays short however many plays there
// are: the flags name the events when a card proves them.
func (g *game) revealing(h *hand, who int) string {
	var suits []string
	plays := 0
	for s, fs := range h.failed[who] {
		if len(fs) > 0 {
			suits = append(suits, cards.Suit(s).Symbol())
			plays += len(fs)
		}
	}
	switch {
	case len(suits) == 0:
		return ""
	case plays == 1:
		return fmt.Sprintf("; a %s shows a revoke (P14)", suits[0])
	case len(suits) == 1:
		return fmt.Sprintf("; a %s shows %d revokes (P14)", suits[0], plays)
	}
	return fmt.Sprintf("; a %s shows revokes (P14)", orList(suits))
}

// orList joins words as a sentence does: "♠", "♠ or ♥", "♠, ♥ or ♦".
func orList(words []string) string {
	if len(words) == 1 {
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// Status implements referee.Game.
func (g *game) Status() []referee.Field {
	h := g.cur()
	f := []referee.Field{
		{Label: "options", Value: fmt.Sprintf("deal=%s opening=%d limit=%d", g.deal, g.opening, g.limit)},
		{Label: "totals", Value: g.totalsText()},
		{Label: "hand", Value: fmt.Sprintf("%d, opened by %s", h.number, g.players[h.opener])},
	}
	if h.bidder != referee.Nobody && h.phase != bidding {
		f = append(f, referee.Field{Label: "bid", Value: fmt.Sprintf("%d by %s", h.bid, g.players[h.bidder])})
	} else if h.bids > 0 {
		f = append(f, referee.Field{Label: "high bid", Value: fmt.Sprintf("%d by %s", h.bid, g.players[h.bidder])})
	}
	if h.trumpSeq != 0 {
		f = append(f, referee.Field{Label: "trump", Value: h.trump.Symbol()})
	}
	for p, name := range g.players {
		if h.meldSeq[p] != 0 {
			f = append(f, referee.Field{Label: "meld " + name, Value: fmt.Sprintf("%d (%s)", h.meld[p], pretty(h.meldCards[p]))})
		}
	}
	if h.phase == playing || h.phase == done {
		f = append(f, referee.Field{Label: "tricks", Value: fmt.Sprintf("%s %d (count %d), %s %d (count %d)", g.players[0], h.tricks[0], h.count[0], g.players[1], h.tricks[1], h.count[1])})
	}
	if len(h.trick) == 1 {
		f = append(f, referee.Field{Label: "on the table", Value: h.trick[0].Pretty() + " led by " + g.players[h.leader]})
	}
	return f
}

func pretty(cs []cards.Card) string { return referee.CardWords(cs, true, " ") }

// totalsText gives each player's total with the adjustments in force, as the sheet does (L5).
func (g *game) totalsText() string {
	var parts [2]string
	for p, name := range g.players {
		parts[p] = fmt.Sprintf("%s %d", name, g.totals[p]+g.adjusted[p])
		if g.adjusted[p] != 0 {
			parts[p] += fmt.Sprintf(" (adjustments %+d)", g.adjusted[p])
		}
	}
	return parts[0] + ", " + parts[1]
}

// Sheet implements referee.Game: a row per hand with the auction, trump, each player's meld,
// count, tricks and score, and the running totals.
func (g *game) Sheet() *scoring.Sheet {
	s := &scoring.Sheet{
		Kind:      "pinochle",
		Players:   g.players[:],
		RoundName: "hand",
		Columns: []scoring.Column{
			{Key: "opener", Title: "opener"},
			{Key: "bidder", Title: "bidder"},
			{Key: "bid", Title: "bid"},
			{Key: "trump", Title: "trump"},
			{Key: "result", Title: "result"},
			{Key: "meld", Title: "meld", PerPlayer: true},
			{Key: "count", Title: "count", PerPlayer: true},
			{Key: "tricks", Title: "tricks", PerPlayer: true},
			{Key: "score", Title: "score", PerPlayer: true},
			{Key: "total", Title: "total", PerPlayer: true, Running: true},
		},
		Breakdown: map[string][]scoring.Line{},
		Totals:    map[string]int{},
		Finished:  g.over,
	}
	var running [2]int
	for _, h := range g.hands {
		if h.phase == bidding && h.bids == 0 && h.number > 1 {
			continue // a hand not begun
		}
		row := scoring.Round{Number: h.number, Values: map[string]any{"opener": g.players[h.opener]}, Players: map[string]map[string]any{}, Scored: h.phase == done}
		if h.bidder != referee.Nobody && h.phase != bidding {
			row.Values["bidder"] = g.players[h.bidder]
			row.Values["bid"] = h.bid
		}
		if h.trumpSeq != 0 {
			row.Values["trump"] = h.trump.Symbol()
		}
		result := "in play"
		if h.phase == done {
			result = "made"
			if h.set {
				result = "set: " + h.why
			}
		}
		row.Values["result"] = result
		for p, name := range g.players {
			cells := map[string]any{"meld": h.meld[p], "count": h.count[p], "tricks": h.tricks[p]}
			if h.phase == done {
				running[p] += h.score[p]
				cells["score"] = h.score[p]
				s.Breakdown[name] = append(s.Breakdown[name], scoring.Line{Text: g.explain(h, p), Points: h.score[p]})
			}
			cells["total"] = running[p]
			row.Players[name] = cells
		}
		s.Rounds = append(s.Rounds, row)
	}
	for p, name := range g.players {
		s.Totals[name] = g.totals[p]
		if s.Breakdown[name] == nil {
			s.Breakdown[name] = []scoring.Line{}
		}
	}
	return s
}

// explain says how a player's hand score was made (P12).
func (g *game) explain(h *hand, p int) string {
	switch {
	case p == h.bidder && h.set:
		return fmt.Sprintf("hand %d: bid %d, set: %s", h.number, h.bid, h.why)
	case h.tricks[p] == 0:
		return fmt.Sprintf("hand %d: no trick, no points", h.number)
	case p == h.bidder:
		return fmt.Sprintf("hand %d: bid %d made: meld %d + count %d", h.number, h.bid, h.meld[p], h.count[p])
	}
	return fmt.Sprintf("hand %d: meld %d + count %d", h.number, h.meld[p], h.count[p])
}

// Decide implements referee.Game (P13): a player above the limit wins; if both are, the higher
// total; if equal, the bidder of the last hand.
func (g *game) Decide(totals map[string]int) ([]string, string) {
	a, b := totals[g.players[0]], totals[g.players[1]]
	switch {
	case a > b:
		return []string{g.players[0]}, ""
	case b > a:
		return []string{g.players[1]}, ""
	}
	last := g.cur()
	if last.bidder == referee.Nobody {
		return nil, ""
	}
	return []string{g.players[last.bidder]}, fmt.Sprintf("equal totals: %s, the bidder of the last hand, wins (P13)", g.players[last.bidder])
}

// Adjust implements referee.Game: the next end of a hand judges the limit with it (L5).
func (g *game) Adjust(a scoring.Adjustment) {
	if p := referee.PlayerIndex(g.players[:], a.Player); p != referee.Nobody {
		g.adjusted[p] += a.Points
	}
}

// Clone implements referee.Game. Only the current hand is copied: moves change no other, so
// the copy shares the finished ones, and judging a move late in a long game costs no more
// than early in it.
func (g *game) Clone() referee.Game {
	c := *g
	c.hands = slices.Clone(g.hands)
	h := g.cur()
	ch := *h
	for p := range h.meldCards {
		ch.meldCards[p] = slices.Clone(h.meldCards[p])
		for suit := range h.failed[p] {
			ch.failed[p][suit] = slices.Clone(h.failed[p][suit])
		}
		if h.full[p] != nil {
			full := *h.full[p]
			ch.full[p] = &full
		}
	}
	ch.trick, ch.trickSeq = slices.Clone(h.trick), slices.Clone(h.trickSeq)
	c.hands[len(c.hands)-1] = &ch
	return &c
}
