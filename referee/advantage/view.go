package advantage

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tableside/tableside/cards"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/scoring"
)

// optionsText lists p's drops or picks for a hint: "drop 7♥ on 9♥ or 10♣, K♠ on Q♠".
func (g *game) optionsText(p int, verb, link string) string {
	var parts []string
	var last cards.Card
	for _, o := range g.fitting(p) {
		if len(parts) > 0 && o.card == last {
			parts[len(parts)-1] += " or " + g.top(o.pile).Pretty()
			continue
		}
		parts = append(parts, o.card.Pretty()+" "+link+" "+g.top(o.pile).Pretty())
		last = o.card
	}
	if len(parts) == 0 {
		return ""
	}
	return verb + " " + strings.Join(parts, ", ")
}

// Hint implements referee.Game: who is to do what, and the moves that are legal.
func (g *game) Hint() string {
	name := g.players[g.turn]
	switch g.stage {
	case dealing:
		return fmt.Sprintf("deal the centre and both hands: deal C C C / %s C C C / %s C C C", g.players[1-g.dealer], g.players[g.dealer])
	case dropFirst:
		if len(g.fitting(g.turn)) == 0 {
			return fmt.Sprintf("%s cannot drop: draw the stock's top card (draw CARD)", name)
		}
		return fmt.Sprintf("%s drops one or two cards: %s", name, g.optionsText(g.turn, "drop", "on"))
	case dropAfterDraw:
		return fmt.Sprintf("%s drops: %s", name, g.optionsText(g.turn, "drop", "on"))
	case dropSecond:
		return fmt.Sprintf("%s may drop a second card: %s; or pass", name, g.optionsText(g.turn, "drop", "on"))
	case dropRefill, pairRefill:
		return fmt.Sprintf("%s refills to %d: draw CARD (%d to draw, %d in the stock)", name, Hand, g.toDraw(), g.stock)
	case picking:
		if len(g.fitting(g.turn)) == 0 {
			return g.switched() + fmt.Sprintf("%s has no pick: draw CARD, or pass", name)
		}
		return g.switched() + fmt.Sprintf("%s may pick: %s; or pass", name, g.optionsText(g.turn, "pick", "for"))
	case pickAfterDraw:
		return fmt.Sprintf("%s may pick: %s; or pass", name, g.optionsText(g.turn, "pick", "for"))
	case pairing:
		return fmt.Sprintf("%s may lay aside pairs: %s; or pass", name, pairsText(g.hands[g.turn]))
	}
	return "the game is over: see `score`"
}

// switched announces the switch of hands (A14) at the first pick after it, the non-dealer's:
// "the hands are switched: ann holds 6♠ J♦ A♥, bob holds 2♦ 3♥ 8♣. ".
func (g *game) switched() string {
	if g.turn == g.dealer {
		return ""
	}
	holds := func(p int) string {
		if len(g.hands[p]) == 0 {
			return g.players[p] + " holds no card"
		}
		return g.players[p] + " holds " + pretty(g.hands[p])
	}
	return fmt.Sprintf("the hands are switched: %s, %s. ", holds(g.turn), holds(g.dealer))
}

// pairsText names every pair of a hand as it may be typed: "pair 7 K", a rank for the pair of
// it (twice for four of a kind); where three of a rank leave a choice, the two cards and the
// choice: "pair 5♦ 5♣ 7 (any two of 5♦ 5♣ 5♥)".
func pairsText(hand []cards.Card) string {
	pairs := pairable(hand)
	var words, choices []string
	for i := 0; i < len(pairs); i += 2 {
		r := pairs[i].Rank
		var of []cards.Card
		for _, c := range hand {
			if c.Rank == r {
				of = append(of, c)
			}
		}
		if len(of) == 3 {
			words = append(words, pairs[i].Pretty(), pairs[i+1].Pretty())
			choices = append(choices, "any two of "+pretty(of))
			continue
		}
		words = append(words, r.String())
	}
	text := "pair " + strings.Join(words, " ")
	if len(choices) > 0 {
		text += " (" + strings.Join(choices, ", ") + ")"
	}
	return text
}

// pairChoices lists the ways to lay aside pairs of a hand (A9, A14): every set of pairs, any
// two cards of a rank making one, as many of each rank as it allows first, then fewer, down to
// none; each set written in the order of the hand, a pair by where its first card lies.
func pairChoices(hand []cards.Card) [][]cards.Card {
	var ranks [][][][2]int // each rank's choices of pairs, as places in the hand
	seen := map[cards.Rank]bool{}
	for i, c := range hand {
		if seen[c.Rank] {
			continue
		}
		seen[c.Rank] = true
		var at []int
		for j := i; j < len(hand); j++ {
			if hand[j].Rank == c.Rank {
				at = append(at, j)
			}
		}
		if len(at) >= 2 {
			var choices [][][2]int
			for n := len(at) / 2; n >= 0; n-- {
				choices = append(choices, pairings(at, n)...)
			}
			ranks = append(ranks, choices)
		}
	}
	var out [][]cards.Card
	pick := make([]int, len(ranks)) // the choice taken of each rank, counted as an odometer does
	for {
		var pairs [][2]int
		for r, k := range pick {
			pairs = append(pairs, ranks[r][k]...)
		}
		if len(pairs) > 0 {
			slices.SortFunc(pairs, func(a, b [2]int) int { return a[0] - b[0] })
			var cs []cards.Card
			for _, ij := range pairs {
				cs = append(cs, hand[ij[0]], hand[ij[1]])
			}
			out = append(out, cs)
		}
		j := len(pick) - 1
		for ; j >= 0; j-- {
			if pick[j]++; pick[j] < len(ranks[j]) {
				break
			}
			pick[j] = 0
		}
		if j < 0 {
			return out
		}
	}
}

// pairings lists the ways to make n pairs of the cards at the places given, in hand order:
// each pair and the pairs by their first card, so that each way comes once.
func pairings(at []int, n int) [][][2]int {
	if n == 0 {
		return [][][2]int{nil}
	}
	var out [][][2]int
	for i := 0; i < len(at); i++ {
		for j := i + 1; j < len(at); j++ {
			rest := slices.Delete(slices.Clone(at[i+1:]), j-i-1, j-i)
			for _, more := range pairings(rest, n-1) {
				out = append(out, append([][2]int{{at[i], at[j]}}, more...))
			}
		}
	}
	return out
}

// Legal implements referee.Game. A draw may be of any card still in the stock, so each is
// listed, one card to a draw (a refill typed as one draw of several cards is not listed). The
// pairing lists every choice of pairs, in the order of the hand; the deal has many forms, of
// which one is offered.
func (g *game) Legal() []referee.Move {
	var out []referee.Move
	actor := g.players[g.turn]
	options := func(typ string) {
		for _, o := range g.fitting(g.turn) {
			out = append(out, referee.NewMove(typ, actor, payload{Card: &o.card, Pile: ptr(g.top(o.pile))}))
		}
	}
	draws := func() {
		for k := range deck {
			if !g.seen[k] {
				out = append(out, referee.NewMove(TypeDraw, actor, payload{Card: ptr(cardOf(k))}))
			}
		}
	}
	pass := referee.NewMove(TypePass, actor, payload{})
	switch g.stage {
	case dealing:
		var hands [2][]cards.Card
		for i := range 2 {
			for k := range Hand {
				hands[i] = append(hands[i], cardOf(Piles+i*Hand+k))
			}
		}
		out = append(out, referee.NewMove(TypeDeal, "", payload{Center: []cards.Card{cardOf(0), cardOf(1), cardOf(2)},
			Hands: map[string][]cards.Card{g.players[0]: hands[0], g.players[1]: hands[1]}}))
	case dropFirst:
		if options(TypeDrop); len(out) == 0 {
			draws()
		}
	case dropAfterDraw:
		options(TypeDrop)
	case dropSecond:
		options(TypeDrop)
		out = append(out, pass)
	case dropRefill, pairRefill:
		draws()
	case picking:
		if options(TypePick); len(out) == 0 {
			draws()
		}
		out = append(out, pass)
	case pickAfterDraw:
		options(TypePick)
		out = append(out, pass)
	case pairing:
		for _, cs := range pairChoices(g.hands[g.turn]) {
			out = append(out, referee.NewMove(TypePair, actor, payload{Cards: cs}))
		}
		out = append(out, pass)
	}
	return out
}

func ptr(c cards.Card) *cards.Card { return &c }

func pretty(cs []cards.Card) string { return referee.CardWords(cs, true, " ") }

// Status implements referee.Game.
func (g *game) Status() []referee.Field {
	if g.stage == dealing {
		return []referee.Field{{Label: "dealer", Value: g.players[g.dealer]}, {Label: "next", Value: g.Hint()}}
	}
	var piles []string
	for i := range g.piles {
		piles = append(piles, fmt.Sprintf("%d: %s (%d)", i+1, g.top(i).Pretty(), len(g.piles[i])))
	}
	f := []referee.Field{
		{Label: "round", Value: fmt.Sprintf("%d, dealer %s", len(g.rounds), g.players[g.dealer])},
		{Label: "piles", Value: strings.Join(piles, " · ")},
		{Label: "stock", Value: fmt.Sprintf("%d cards", g.stock)},
	}
	for p, name := range g.players {
		f = append(f, referee.Field{Label: "hand " + name, Value: pretty(g.hands[p])})
	}
	f = append(f, referee.Field{Label: "pairs", Value: fmt.Sprintf("%s %d, %s %d", g.players[0], len(g.pairs[0])/2, g.players[1], len(g.pairs[1])/2)})
	if g.stage == ended {
		f = append(f, referee.Field{Label: "ended", Value: fmt.Sprintf("at event %d: %s", g.endedAt, g.why)})
	}
	return f
}

// Sheet implements referee.Game: a row per round with each player's drops, pick and pairs,
// and the running count of pairs. (The cards drawn are in the log.)
func (g *game) Sheet() *scoring.Sheet {
	s := &scoring.Sheet{
		Kind:      "advantage",
		Players:   g.players[:],
		RoundName: "round",
		Columns: []scoring.Column{
			{Key: "drops", Title: "drops", PerPlayer: true},
			{Key: "pick", Title: "pick", PerPlayer: true},
			{Key: "pairs", Title: "pairs laid aside", PerPlayer: true},
			{Key: "total", Title: "pairs so far", PerPlayer: true, Running: true},
		},
		Breakdown: map[string][]scoring.Line{},
		Totals:    map[string]int{},
		Finished:  g.stage == ended,
	}
	for i, r := range g.rounds {
		if i == len(g.rounds)-1 && len(g.rounds) > 1 && g.stage != ended && !r.begun {
			continue // a round not begun
		}
		// A round is over once the next has begun, or the game has ended in it.
		row := scoring.Round{Number: i + 1, Values: map[string]any{}, Players: map[string]map[string]any{},
			Scored: i < len(g.rounds)-1 || g.stage == ended}
		for p, name := range g.players {
			row.Players[name] = map[string]any{"drops": nonNil(r.drops[p]), "pick": r.pick[p], "pairs": nonNil(r.pairs[p]), "total": r.total[p]}
			for _, pair := range r.pairs[p] {
				s.Breakdown[name] = append(s.Breakdown[name], scoring.Line{Text: fmt.Sprintf("round %d: pair %s", i+1, pair), Points: 1})
			}
		}
		s.Rounds = append(s.Rounds, row)
	}
	for p, name := range g.players {
		s.Totals[name] = len(g.pairs[p]) / 2
		if s.Breakdown[name] == nil {
			s.Breakdown[name] = []scoring.Line{}
		}
	}
	return s
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// quads is the highest rank p holds four of among the pairs laid aside (A11), 0 for none.
func (g *game) quads(p int) cards.Rank {
	var n [cards.MaxRank + 1]int
	var best cards.Rank
	for _, c := range g.pairs[p] {
		if n[c.Rank]++; n[c.Rank] == 4 && c.Rank > best {
			best = c.Rank
		}
	}
	return best
}

// Decide implements referee.Game (A11): most pairs wins; on equal totals the higher four of a
// kind among the pairs, and without one the day of the month: odd for the dealer.
func (g *game) Decide(totals map[string]int) ([]string, string) {
	a, b := totals[g.players[0]], totals[g.players[1]]
	switch {
	case a > b:
		return []string{g.players[0]}, ""
	case b > a:
		return []string{g.players[1]}, ""
	}
	q := [2]cards.Rank{g.quads(0), g.quads(1)}
	if q[0] != q[1] {
		w := 0
		if q[1] > q[0] {
			w = 1
		}
		return []string{g.players[w]}, fmt.Sprintf("equal pairs: %s holds the higher four of a kind, four %s (A11)", g.players[w], plural(q[w]))
	}
	w, parity, seat := 1-g.dealer, "even", "non-dealer"
	if g.day%2 == 1 {
		w, parity, seat = g.dealer, "odd", "dealer"
	}
	return []string{g.players[w]}, fmt.Sprintf("equal pairs and no four of a kind: the game was played on the %s, an %s day, so the %s, %s, wins (A11)",
		referee.Ordinal(g.day), parity, seat, g.players[w])
}

func plural(r cards.Rank) string {
	switch r {
	case cards.Ace:
		return "aces"
	case cards.King:
		return "kings"
	case cards.Queen:
		return "queens"
	case cards.Jack:
		return "jacks"
	case 6:
		return "sixes"
	}
	return r.String() + "s"
}

// Adjust implements referee.Game: nothing in Advantage ends on a score.
func (g *game) Adjust(scoring.Adjustment) {}

// Clone implements referee.Game.
func (g *game) Clone() referee.Game {
	c := *g
	for p := range g.hands {
		c.hands[p] = slices.Clone(g.hands[p])
		c.pairs[p] = slices.Clone(g.pairs[p])
	}
	for i := range g.piles {
		c.piles[i] = slices.Clone(g.piles[i])
	}
	c.rounds = make([]*round, len(g.rounds))
	for i, r := range g.rounds {
		cr := *r
		for p := range 2 {
			cr.drops[p], cr.pairs[p] = slices.Clone(r.drops[p]), slices.Clone(r.pairs[p])
		}
		c.rounds[i] = &cr
	}
	return &c
}
