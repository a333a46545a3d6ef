package candidate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tableside/tableside/cards"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/scoring"
)

// open reports whether rank r of the current seat may be who's card (nobody: a candidate) as
// the record stands: not turned up, in who's shown hand if she showed one and in no one
// else's own show (showedOwn), and, when unbid is set, not bid. A card bid before may still
// be entered: the entry proves the bid wrong (C10), so Legal offers it, but a hint names the
// cards not bid first.
func (g *game) open(r cards.Rank, who int, unbid bool) bool {
	st := g.cur()
	if unbid && st.bidBy[r] != 0 || st.revealed[r] {
		return false
	}
	for p, hand := range st.shown {
		if p == who && hand != nil && !hand[r] || p != who && g.showedOwn(p, r) {
			return false
		}
	}
	return true
}

// Legal implements referee.Game.
func (g *game) Legal() []referee.Move {
	var moves []referee.Move
	switch g.phase {
	case needSeat:
		for _, s := range cards.Suits {
			if g.suitAllowed(s) == "" {
				moves = append(moves, referee.NewMove(TypeSeat, "", payload{Suit: &s}))
			}
		}
	case needReveal:
		for _, c := range g.candidatesLeft(false) {
			moves = append(moves, referee.NewMove(TypeReveal, "", payload{Card: &c}))
		}
	case auction:
		who := g.players[g.toAct]
		for _, c := range g.bidsFor(g.toAct, false) {
			moves = append(moves, referee.NewMove(TypeBid, who, payload{Card: &c}))
		}
		if g.high.Rank != 0 {
			moves = append(moves, referee.NewMove(TypePass, who, payload{}))
		}
	}
	return moves
}

// candidatesLeft lists the cards that may be turned up next without a flag on the reveal; with
// unbid, only those not bid.
func (g *game) candidatesLeft(unbid bool) []cards.Card {
	var out []cards.Card
	for r := cards.MinRank; r <= cards.MaxRank; r++ {
		if g.open(r, referee.Nobody, unbid) {
			out = append(out, cards.Card{Rank: r, Suit: g.cur().suit})
		}
	}
	return out
}

// bidsFor lists the cards player p could bid now without a flag on the bid; with unbid, only
// those not bid.
func (g *game) bidsFor(p int, unbid bool) []cards.Card {
	st := g.cur()
	if st.spent(p) >= Faction {
		return nil
	}
	var out []cards.Card
	for r := g.high.Rank + 1; r <= cards.MaxRank; r++ {
		if r >= cards.MinRank && g.open(r, p, unbid) {
			out = append(out, cards.Card{Rank: r, Suit: st.suit})
		}
	}
	return out
}

// orBid is cs, the cards not bid that may be entered now, or when there are none, every card
// that may, with what entering each of those shows (C10).
func (g *game) orBid(cs, all []cards.Card) ([]cards.Card, string) {
	if len(cs) > 0 {
		return cs, ""
	}
	st := g.cur()
	var wrong []string
	for _, c := range all {
		if st.bidBy[c.Rank] != 0 {
			wrong = append(wrong, fmt.Sprintf("%s the bid at event %d", c.Pretty(), st.bidSeq[c.Rank]))
		}
	}
	if len(wrong) == 0 {
		return all, ""
	}
	return all, "; each was bid, so entering it shows that bid wrong (C10): " + strings.Join(wrong, ", ")
}

// oneOf names a choice of cards: the card alone, so that a choice of one does not read as a
// list, or "one of" them.
func oneOf(cs []cards.Card) string {
	if len(cs) == 1 {
		return cs[0].Pretty()
	}
	return "one of " + pretty(cs)
}

func pretty(cs []cards.Card) string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Pretty())
	}
	return strings.Join(out, " ")
}

// Hint implements referee.Game.
func (g *game) Hint() string {
	// Say what the last move decided, or nothing at the table would: who captured the
	// candidate, and for what.
	if st := g.cur(); st != nil && len(st.candidates) > 0 {
		if c := st.candidates[len(st.candidates)-1]; c.seq == g.last {
			switch {
			case c.price.Rank != 0:
				return fmt.Sprintf("%s captures %s for %s; %s", g.players[c.winner], c.card.Pretty(), c.price.Pretty(), g.next())
			case st.forfeit != referee.Nobody:
				return fmt.Sprintf("%s goes to %s at no cost (C9: %s ran out); %s", c.card.Pretty(), g.players[c.winner], g.players[st.forfeit], g.next())
			}
			return fmt.Sprintf("%s captures %s at no cost; %s", g.players[c.winner], c.card.Pretty(), g.next())
		}
	}
	return g.next()
}

// next says what may be played now.
func (g *game) next() string {
	switch g.phase {
	case needSeat:
		var suits []string
		for _, s := range cards.Suits {
			if g.suitAllowed(s) == "" {
				suits = append(suits, s.String())
			}
		}
		return fmt.Sprintf("start seat %d: seat %s", len(g.seats)+1, strings.Join(suits, "|"))
	case needReveal:
		cs, wrong := g.orBid(g.candidatesLeft(true), g.candidatesLeft(false))
		return fmt.Sprintf("turn up candidate %d of seat %d: reveal %s", len(g.cur().candidates)+1, len(g.seats), oneOf(cs)) + wrong
	case auction:
		who := g.players[g.toAct]
		bids := g.bidsFor(g.toAct, true)
		switch {
		case g.high.Rank == 0:
			// The opener must bid: with no card left that nobody bid, she bids one that was.
			bids, wrong := g.orBid(bids, g.bidsFor(g.toAct, false))
			if len(bids) == 1 {
				return fmt.Sprintf("%s opens and must bid %s", who, bids[0].Pretty()) + wrong
			}
			return fmt.Sprintf("%s opens and must bid: %s", who, oneOf(bids)) + wrong
		case len(bids) == 0:
			// Said of what she may hold: a hand she showed may lack cards the seat still has.
			return fmt.Sprintf("%s can only pass: no card %s may hold beats %s", who, who, g.high.Pretty())
		case len(bids) == 1:
			return fmt.Sprintf("%s may bid %s or pass", who, bids[0].Pretty())
		}
		return fmt.Sprintf("%s may bid %s, or pass", who, oneOf(bids))
	}
	return "the game is over: see `score`"
}

// Status implements referee.Game.
func (g *game) Status() []referee.Field {
	decks, wrap := "3", "off"
	if g.oneDeck {
		decks = "1"
	}
	if g.wrap {
		wrap = "on"
	}
	f := []referee.Field{{Label: "options", Value: fmt.Sprintf("decks=%s wrap=%s", decks, wrap)}}
	st := g.cur()
	if st == nil {
		return append(f, referee.Field{Label: "seat", Value: "none yet"}, referee.Field{Label: "opens next", Value: g.players[g.opener]})
	}
	f = append(f, referee.Field{Label: "seat", Value: fmt.Sprintf("%d of %d, %s", len(g.seats), Seats, st.suit.Symbol())})
	switch g.phase {
	case auction:
		f = append(f, referee.Field{Label: "candidate", Value: fmt.Sprintf("%s (%d of %d)", g.cand.Pretty(), len(st.candidates)+1, Candidates)})
		high := "none yet"
		if g.high.Rank != 0 {
			high = g.high.Pretty() + " by " + g.players[g.highBy]
		}
		f = append(f, referee.Field{Label: "high bid", Value: high}, referee.Field{Label: "turn", Value: g.players[g.toAct]})
	case needReveal:
		f = append(f, referee.Field{Label: "candidate", Value: fmt.Sprintf("%d of %d to turn up; %s opens", len(st.candidates)+1, Candidates, g.players[g.opener])})
	case needSeat:
		f = append(f, referee.Field{Label: "next", Value: fmt.Sprintf("seat %d; %s opens", len(g.seats)+1, g.players[g.opener])})
	case over:
		f = append(f, referee.Field{Label: "next", Value: "the game is over"})
	}
	if g.phase != over {
		left := make([]string, 2)
		for p := range g.players {
			left[p] = fmt.Sprintf("%s %d", g.players[p], max(0, Faction-st.spent(p)))
		}
		f = append(f, referee.Field{Label: "faction cards left", Value: strings.Join(left, ", ")})
	}
	if st.forfeit != referee.Nobody && g.phase != over {
		f = append(f, referee.Field{Label: "running out (C9)", Value: fmt.Sprintf("%s ran out: the rest of seat %d goes to %s", g.players[st.forfeit], len(g.seats), g.players[1-st.forfeit])})
	}
	return f
}

// Sheet implements referee.Game: a row per seat with each player's captures and influence so
// far (C4), and the final influence explained group by group.
func (g *game) Sheet() *scoring.Sheet {
	s := &scoring.Sheet{
		Kind:      "candidate",
		Players:   g.players[:],
		RoundName: "seat",
		Columns: []scoring.Column{
			{Key: "suit", Title: "suit"},
			{Key: "captured", Title: "captured", PerPlayer: true},
			{Key: "influence", Title: "influence so far", PerPlayer: true, Running: true},
		},
		Breakdown: map[string][]scoring.Line{},
		Totals:    map[string]int{},
		Finished:  g.phase == over,
	}
	var pool [2][]cards.Rank
	var final [2]scoring.Influence
	for i, st := range g.seats {
		row := scoring.Round{Number: i + 1, Values: map[string]any{"suit": st.suit.Symbol()}, Players: map[string]map[string]any{},
			Scored: len(st.candidates) == Candidates}
		var won [2][]string
		for _, c := range st.candidates {
			text := c.card.Pretty() + " (free)"
			if c.price.Rank != 0 {
				text = c.card.Pretty() + " (" + c.price.Pretty() + ")"
			}
			won[c.winner] = append(won[c.winner], text)
			pool[c.winner] = append(pool[c.winner], c.card.Rank)
		}
		for p, name := range g.players {
			final[p] = scoring.BestInfluence(pool[p], g.wrap)
			row.Players[name] = map[string]any{"captured": nonNil(won[p]), "influence": final[p].Total}
		}
		s.Rounds = append(s.Rounds, row)
	}
	for p, name := range g.players {
		s.Totals[name] = final[p].Total
		s.Breakdown[name] = final[p].Lines()
	}
	return s
}

// Decide implements referee.Game: the higher influence wins; equal influence is a draw (C11).
func (g *game) Decide(totals map[string]int) ([]string, string) {
	return referee.Leader(g.players[:], totals), ""
}

// Adjust implements referee.Game: nothing in Candidate ends on a score.
func (g *game) Adjust(scoring.Adjustment) {}

// Clone implements referee.Game.
func (g *game) Clone() referee.Game {
	c := *g
	c.seats = make([]*seat, len(g.seats))
	for i, st := range g.seats {
		cs := *st
		cs.candidates = slices.Clone(st.candidates)
		for p := range st.bids {
			cs.bids[p] = slices.Clone(st.bids[p])
		}
		for p, hand := range st.shown {
			if hand != nil {
				h := *hand
				cs.shown[p] = &h
			}
		}
		c.seats[i] = &cs
	}
	return &c
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
