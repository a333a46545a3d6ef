package advantage

import (
	"encoding/json"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/tableside/tableside/cards"
	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/refereetest"
)

// simTable is a game of Advantage at a simulated table: the playout's table of real cards —
// the stock in order, the hands, the piles — played by players who now and then break a
// rule. Every card is open (A7), so every breach is seen on its face, at its own event:
//   - applied as played (L8): a drop or a pick that does not fit (A3, A4), also one made after
//     the referee closed the turn by itself, nothing fitting; a draw where a drop or a pick
//     fits, or a second draw (A5, A8); no drop at all (A5), or a pass instead of the draw
//     (A12); two cards of different ranks laid aside as a pair (A14);
//   - set aside, having no place in the round: a drop out of turn (A1), a second pick in a
//     round (A8), pairs laid aside in the drop turn (A9).
//
// A card played that the player does not hold is not among them: with open hands it is the
// typist's slip, not the player's. The pairs kept are any the player chooses, of three or four
// of a rank too, entered in the order of the hand. After the end, a player still passes.
type simTable struct {
	*table
	setup  events.Created
	dealer int
}

func dealAdvantage(rng *rand.Rand, names []string) refereetest.Table {
	t, setup, dealer := seat(rng, names)
	return &simTable{table: t, setup: setup, dealer: dealer}
}

func (t *simTable) Setup() events.Created { return t.setup }

// Play implements refereetest.Table: the rounds of A1, until a player due to drop or to pick
// cannot, the stock being empty (A10, A13).
func (t *simTable) Play(ty refereetest.Typist) {
	ty.Act(referee.NewMove(TypeDeal, "", t.deal(t.dealer)))
	order := [2]int{1 - t.dealer, t.dealer}
	for round := 0; ; round++ {
		for _, p := range order {
			if !t.drops(ty, p) {
				ty.AfterEnd(referee.NewMove(TypePass, t.players[p], payload{}))
				return
			}
		}
		t.hands[0], t.hands[1] = t.hands[1], t.hands[0] // the switch (A14)
		var picked [2]bool
		for _, p := range order {
			var over bool
			if picked[p], over = t.picks(ty, p, round, picked); over {
				ty.AfterEnd(referee.NewMove(TypePass, t.players[p], payload{}))
				return
			}
		}
		for _, p := range order {
			if picked[p] {
				t.pairing(ty, p)
			}
		}
	}
}

// drops plays p's drop turn and the refill after it (A5, A12, A6). It reports false when p
// cannot drop and the stock is empty, also right after p's draw took its last card: that
// ends the game (A13).
func (t *simTable) drops(ty refereetest.Typist, p int) bool {
	pass := referee.NewMove(TypePass, t.players[p], payload{})
	drew, dropped := false, 0
turn:
	for dropped < 2 {
		fit := t.choices(p)
		breaches := t.misfit(p, TypeDrop, "A3", "drop that does not fit")
		var lawful referee.Move
		switch {
		case len(fit) == 0 && dropped == 0 && len(t.stock) == 0:
			return false
		case len(fit) == 0 && (dropped > 0 || drew):
			// No drop left: the turn ends by itself, but the player may drop all the same.
			done, _ := ty.Unprompted(t.misfit(p, TypeDrop, "A3", "drop that does not fit, after the turn closed")...)
			if done.Type == "" {
				break turn
			}
			t.apply(done)
			dropped++
			continue
		case len(fit) == 0:
			lawful = t.drawing(p, 1)
			breaches = append(breaches, refereetest.Breach{Move: pass, Rule: "A12", What: "pass instead of the draw", Open: true})
		case dropped == 0:
			lawful = t.placing(p, TypeDrop, fit)
			breaches = append(breaches, refereetest.Breach{Move: pass, Rule: "A5", What: "no drop", Open: true})
			breaches = append(breaches, t.extraDraw(p, "A5", unneededDraw(drew, "drop"))...)
		default:
			lawful = t.placing(p, TypeDrop, fit)
			if t.rng.IntN(2) == 0 {
				lawful = pass
			}
			breaches = append(breaches, t.extraDraw(p, "A5", "draw for a second drop")...)
		}
		breaches = append(breaches, t.outOfTurn(1-p)...)
		breaches = append(breaches, t.pairsOutOfStep(p)...)
		done, _ := ty.Act(lawful, breaches...)
		t.apply(done)
		switch done.Type {
		case TypePass:
			break turn
		case TypeDraw:
			drew = true
		case TypeDrop:
			dropped++
		}
	}
	t.refill(ty, p)
	return true
}

// picks plays p's picking turn (A4, A8): whether p picked, and whether the game ended.
func (t *simTable) picks(ty refereetest.Typist, p, round int, picked [2]bool) (pick, over bool) {
	pass := referee.NewMove(TypePass, t.players[p], payload{})
	drew := false
	for {
		fit := t.choices(p)
		breaches := t.misfit(p, TypePick, "A4", "pick that does not fit")
		var lawful referee.Move
		switch {
		case len(fit) == 0 && len(t.stock) == 0:
			return false, true
		case len(fit) == 0 && drew:
			// No pick after the draw: the turn ends by itself, but the player may pick all the same.
			done, _ := ty.Unprompted(t.misfit(p, TypePick, "A4", "pick that does not fit, after the turn closed")...)
			if done.Type == "" {
				return false, false
			}
			t.apply(done)
			return true, false
		case len(fit) == 0:
			lawful = pass
			if t.rng.IntN(3) > 0 {
				lawful = t.drawing(p, 1)
			}
		default:
			// As the playout picks: often while the stock lasts, then seldom, so the game ends.
			lawful = pass
			eager := round < eagerRounds && len(t.stock) > 0
			if eager && t.rng.IntN(10) < 7 || !eager && round < 4*eagerRounds && t.rng.IntN(10) == 0 {
				lawful = t.placing(p, TypePick, fit)
			}
			breaches = append(breaches, t.extraDraw(p, "A8", unneededDraw(drew, "pick"))...)
		}
		if picked[1-p] {
			breaches = append(breaches, t.secondPick(1-p)...)
		}
		done, _ := ty.Act(lawful, breaches...)
		t.apply(done)
		switch done.Type {
		case TypePass:
			return false, false
		case TypeDraw:
			drew = true
		case TypePick:
			return true, false
		}
	}
}

// pairing plays the pairing step of p, who picked (A9): the pairs kept as the playout keeps
// them, or now and then two cards of different ranks laid aside as a pair (A14); then the
// refill (A6). A hand without a pair has no step.
func (t *simTable) pairing(ty refereetest.Typist, p int) {
	pairs := t.pairsIn(p)
	if len(pairs) == 0 {
		return
	}
	lawful := referee.NewMove(TypePass, t.players[p], payload{})
	if keep := t.anyPairs(p); keep != nil {
		lawful = referee.NewMove(TypePair, t.players[p], payload{Cards: keep})
	}
	var breaches []refereetest.Breach
	h := t.hands[p]
	a := h[t.rng.IntN(len(h))]
	if i := slices.IndexFunc(h, func(c cards.Card) bool { return c.Rank != a.Rank }); i >= 0 {
		breaches = append(breaches, refereetest.Breach{Move: referee.NewMove(TypePair, t.players[p], payload{Cards: []cards.Card{a, h[i]}}), Rule: "A14", What: "non-pair laid aside", Open: true})
	}
	done, _ := ty.Act(lawful, breaches...)
	t.apply(done)
	t.refill(ty, p)
}

// anyPairs chooses the pairs p lays aside, as a player does: most often as many of each rank
// as the hand holds, now and then fewer, now and then none (nil); each of any two cards of the
// rank. They are entered in the order of the hand: each pair by where its first card lies.
func (t *simTable) anyPairs(p int) []cards.Card {
	if t.rng.IntN(6) == 0 {
		return nil
	}
	h := t.hands[p]
	byRank := map[cards.Rank][]int{}
	for i, c := range h {
		byRank[c.Rank] = append(byRank[c.Rank], i)
	}
	var pairs [][2]int
	for _, at := range byRank {
		n := len(at) / 2
		if n > 0 && t.rng.IntN(6) == 0 {
			n = t.rng.IntN(n + 1)
		}
		t.rng.Shuffle(len(at), func(i, j int) { at[i], at[j] = at[j], at[i] })
		for k := range n {
			pairs = append(pairs, [2]int{min(at[2*k], at[2*k+1]), max(at[2*k], at[2*k+1])})
		}
	}
	slices.SortFunc(pairs, func(a, b [2]int) int { return a[0] - b[0] })
	var out []cards.Card
	for _, ij := range pairs {
		out = append(out, h[ij[0]], h[ij[1]])
	}
	return out
}

// refill draws p's hand up to three while the stock lasts (A6), the typist entering the cards
// one by one or several to an entry.
func (t *simTable) refill(ty refereetest.Typist, p int) {
	for len(t.hands[p]) < Hand && len(t.stock) > 0 {
		n := min(Hand-len(t.hands[p]), len(t.stock))
		if t.rng.IntN(2) == 0 {
			n = 1
		}
		done, _ := ty.Act(t.drawing(p, n))
		t.apply(done)
	}
}

// drawing is p's draw of the stock's next n cards.
func (t *simTable) drawing(p, n int) referee.Move {
	if n == 1 {
		return referee.NewMove(TypeDraw, t.players[p], payload{Card: &t.stock[0]})
	}
	return referee.NewMove(TypeDraw, t.players[p], payload{Cards: slices.Clone(t.stock[:n])})
}

// placing is a drop or pick of p chosen among those that fit.
func (t *simTable) placing(p int, typ string, fit [][2]int) referee.Move {
	ij := fit[t.rng.IntN(len(fit))]
	return referee.NewMove(typ, t.players[p], payload{Card: &t.hands[p][ij[0]], Pile: ptr(t.top(ij[1]))})
}

// apply makes a move as it was made at the table, lawful or not (L8): a drop or a pick, the
// stock's next cards drawn, cards laid aside as pairs, whether they are pairs or not.
func (t *simTable) apply(m referee.Move) {
	p, pl := referee.PlayerIndex(t.players[:], m.Actor), refereetest.Payload[payload](m)
	switch m.Type {
	case TypeDrop, TypePick:
		j := slices.IndexFunc(t.piles[:], func(pile []cards.Card) bool { return pile[len(pile)-1] == *pl.Pile })
		t.lay(p, *pl.Card, j, m.Type)
	case TypeDraw:
		for range max(len(pl.Cards), 1) {
			t.take(p)
		}
	case TypePair:
		t.layAside(p, pl.Cards)
	}
}

// misfit is a drop or pick by p of a card onto a pile it does not fit, if p has one.
func (t *simTable) misfit(p int, typ, rule, what string) []refereetest.Breach {
	var bad [][2]int
	for i, c := range t.hands[p] {
		for j := range t.piles {
			if !goesOn(c, t.top(j)) {
				bad = append(bad, [2]int{i, j})
			}
		}
	}
	if len(bad) == 0 {
		return nil
	}
	ij := bad[t.rng.IntN(len(bad))]
	return []refereetest.Breach{{Move: referee.NewMove(typ, t.players[p], payload{Card: &t.hands[p][ij[0]], Pile: ptr(t.top(ij[1]))}), Rule: rule, What: what, Open: true}}
}

// extraDraw is a draw the turn does not allow, while the stock has a card.
func (t *simTable) extraDraw(p int, rule, what string) []refereetest.Breach {
	if len(t.stock) == 0 {
		return nil
	}
	return []refereetest.Breach{{Move: t.drawing(p, 1), Rule: rule, What: what, Open: true}}
}

// unneededDraw names a draw after the player drew already, or one while a card fits (fits:
// "drop" or "pick").
func unneededDraw(drew bool, fits string) string {
	if drew {
		return "second draw"
	}
	return "draw while a " + fits + " fits"
}

// outOfTurn is a drop by q, whose turn it is not: any card of the hand on a pile it fits.
func (t *simTable) outOfTurn(q int) []refereetest.Breach {
	fit := t.choices(q)
	if len(fit) == 0 {
		return nil
	}
	return []refereetest.Breach{{Move: t.placing(q, TypeDrop, fit), Rule: "A1", What: "drop out of turn", Open: true, SetAside: true}}
}

// secondPick is a pick by q, who picked this round already.
func (t *simTable) secondPick(q int) []refereetest.Breach {
	fit := t.choices(q)
	if len(fit) == 0 {
		return nil
	}
	return []refereetest.Breach{{Move: t.placing(q, TypePick, fit), Rule: "A8", What: "second pick", Open: true, SetAside: true}}
}

// pairsOutOfStep is a pair of p's hand laid aside in the drop turn, before any pick.
func (t *simTable) pairsOutOfStep(p int) []refereetest.Breach {
	pairs := t.pairsIn(p)
	if len(pairs) == 0 {
		return nil
	}
	return []refereetest.Breach{{Move: referee.NewMove(TypePair, t.players[p], payload{Cards: pairs[:2]}), Rule: "A9", What: "pair laid aside in the drop turn", Open: true, SetAside: true}}
}

var (
	hintOptions = regexp.MustCompile(`(\w+) (?:drops one or two cards|drops|may drop a second card|may pick|may lay aside pairs): (drop|pick|pair) ([^;(]*)`)
	hintPass    = regexp.MustCompile(`(\w+) (?:may drop a second card|may pick|has no pick|may lay aside pairs)[^.]*\bor pass$`)
)

// hintMoves reads the moves an Advantage hint names, each typed as a player would: every
// drop or pick listed ("drop 7♥ on 9♥ or 10♣, K♠ on Q♠"), the pairs named, and a pass. A
// named move that cannot be typed comes back as a move no game knows, which Record refuses.
func hintMoves(g referee.Game, hint string) []referee.Move {
	var out []referee.Move
	typed := func(words ...string) {
		m, err := g.Parse(words)
		if err != nil {
			m = referee.Move{Type: "unreadable (" + err.Error() + ")", Actor: strings.Join(words, " "), Payload: json.RawMessage("{}")}
		}
		out = append(out, m)
	}
	if m := hintOptions.FindStringSubmatch(hint); m != nil {
		who, verb := m[1], m[2]
		if verb == "pair" {
			typed(append([]string{who, verb}, strings.Fields(m[3])...)...)
		} else {
			for _, option := range strings.Split(strings.TrimSpace(m[3]), ", ") {
				w := strings.Fields(option) // CARD on|for TOP [or TOP]…
				for i := 2; i < len(w); i += 2 {
					typed(who, verb, w[0], w[1], w[i])
				}
			}
		}
	}
	if m := hintPass.FindStringSubmatch(hint); m != nil {
		typed(m[1], "pass")
	}
	return out
}

// TestSimulatedTable plays Advantage at simulated tables with real cards, where players now
// and then drop or pick what does not fit (A3, A4), draw when they may not (A5, A8), skip a
// drop or the draw (A5, A12), lay aside a non-pair (A14), or act out of their place in the
// round (A1, A8, A9), and a typist mistypes, takes entries back and forces refusals: every
// breach is flagged on its own event, no lawful act is flagged, every game ends where the
// table's does (A10, A13), and the guidance is always true.
func TestSimulatedTable(t *testing.T) {
	// The draws are sampled: Legal lists a draw of each card the stock may hold, not the refills
	// typed as one draw of several cards, which the table makes as well. The pairs are not:
	// Legal lists every choice of them, in the order of the hand.
	c := refereetest.Config{Sampled: []string{TypeDeal, TypeDraw}}
	refereetest.Simulate(t, Rules{}, c, refereetest.SimConfig{Games: 2000, Deal: dealAdvantage, HintMoves: hintMoves})
}
