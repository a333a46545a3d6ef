package capture

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tableside/tableside/cards/ucd"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/scoring"
)

// unseen lists the cards in play for this game not yet seen this hand.
func (g *game) unseen() []ucd.Card {
	h := g.cur()
	var out []ucd.Card
	for k := range cards {
		if c := cardOf(k); g.inPlay(c) && !h.seen[k] {
			out = append(out, c)
		}
	}
	return out
}

// playable lists the cards not yet seen this hand that ok accepts: hands are hidden, so any of
// them may be in the hand of the player to act. What the player claimed earlier never narrows
// it: such a card proves the claim false (U14), but it is the player's lawful card now.
func (g *game) playable(ok func(ucd.Card) bool) []ucd.Card {
	var out []ucd.Card
	for _, c := range g.unseen() {
		if ok(c) {
			out = append(out, c)
		}
	}
	return out
}

// owes reports whether the record proves that the player to act holds a card that must be
// played or led now (U4, U6), so that a No Play or a pass would be flagged at once (U14).
func (g *game) owes() bool {
	cl, ok := g.claimNow(0)
	return ok && g.corners(g.cur().toAct, cl)
}

// canLead reports whether c may lead now (U4, U17).
func (h *hand) canLead(c ucd.Card) bool {
	return c.IsRegular() && (h.anyRegular || c.Suit.Secondary())
}

// Legal implements referee.Game. Hands are hidden, so a play is legal when the card is one
// nobody has shown; a No Play or a pass, unless the cards seen prove the player holds a card
// owed; a bid has many values, of which one is offered. The cards left at the end of a hand
// are the player's to say, so, as for a bid, one set of them is offered for each player yet
// to show: as many cards as the player holds, of those nobody has shown, to show the form.
func (g *game) Legal() []referee.Move {
	h := g.cur()
	var out []referee.Move
	plays := func(who int, ok func(ucd.Card) bool) {
		for _, c := range g.playable(ok) {
			out = append(out, referee.NewMove(TypePlay, g.name(who), payload{Card: &c}))
		}
	}
	switch g.stage {
	case turning:
		for _, c := range g.unseen() {
			out = append(out, referee.NewMove(TypeUp, "", payload{Card: &c}))
		}
	case bidding:
		next := h.bid + 1
		out = append(out, referee.NewMove(TypeBid, g.name(h.toAct), payload{Points: &next}), referee.NewMove(TypePass, g.name(h.toAct), payload{}))
	case leading:
		plays(h.toAct, h.canLead)
		if !g.owes() {
			out = append(out, referee.NewMove(TypePass, g.name(h.toAct), payload{}))
		}
	case following:
		plays(h.toAct, h.follows)
		if !g.owes() {
			out = append(out, referee.NewMove(TypeNoPlay, g.name(h.toAct), payload{}))
		}
	case adding:
		plays(h.lastPlayer(), h.adds)
		out = append(out, referee.NewMove(TypeCapture, g.name(h.lastPlayer()), payload{}))
	case showing:
		unseen := g.unseen()
		for p := range g.players {
			if !h.shown[p] && h.held[p] <= len(unseen) {
				out = append(out, referee.NewMove(TypeLeft, g.name(p), payload{Cards: unseen[:h.held[p]]}))
			}
		}
	}
	return out
}

// Example implements referee.Exampler: the cards left that Legal lists are one set of the
// right count, to show the form, not the player's.
func (g *game) Example(m referee.Move) bool { return m.Type == TypeLeft }

// Hint implements referee.Game: what the latest event decided by itself, then who is to do what.
func (g *game) Hint() string {
	if len(g.said) > 0 {
		return strings.Join(g.said, "; ") + "; " + g.next()
	}
	return g.next()
}

// fewLeads is how many cards that may lead the hint names; more, and it says the rule.
const fewLeads = 6

// next says who is to do what, naming the cards that may still be played: those nobody has
// shown. A lead names them only when few are left; else it says the rule.
func (g *game) next() string {
	h := g.cur()
	switch g.stage {
	case turning:
		if h.resume == showing {
			return fmt.Sprintf("hand %d is over: turn the next up-card, whose suit is the bonus suit (up CARD, U23)", h.number)
		}
		if h.firstUp != nil { // the capture took the up-card (U8)
			return fmt.Sprintf("hand %d: turn the next up-card (up CARD)", h.number)
		}
		return fmt.Sprintf("hand %d: turn the up-card (up CARD)", h.number)
	case bidding:
		return fmt.Sprintf("%s bids for the extra hand: bid %d or more, or pass", g.name(h.toAct), h.bid+1)
	case leading:
		who := g.name(h.toAct)
		cs := g.playable(h.canLead)
		return g.sayLead(who, cs) + g.revealing(h.toAct, cs)
	case following:
		cs := g.playable(h.follows)
		return g.sayFollow(g.name(h.toAct), cs) + g.revealing(h.toAct, cs)
	case adding:
		who := g.name(h.lastPlayer())
		cs := g.playable(h.adds)
		said := fmt.Sprintf("the round is closed: %s captures (capture)", who)
		if len(cs) > 0 {
			said = fmt.Sprintf("the round is closed: %s may add %s, then captures (capture)", who, either(pretties(cs)))
		}
		return said + g.revealing(h.lastPlayer(), cs)
	case showing:
		var owed []string
		reveals := ""
		for p := range g.players {
			if !h.shown[p] {
				owed = append(owed, fmt.Sprintf("%s left CARD… (%d)", g.name(p), h.held[p]))
				reveals += g.revealingShown(p)
			}
		}
		return fmt.Sprintf("hand %d is over: show the cards left: %s", h.number, strings.Join(owed, ", ")) + reveals
	}
	return "the game is over: see `score`"
}

// sayLead says what who may lead, of cs (U4, U17).
func (g *game) sayLead(who string, cs []ucd.Card) string {
	h := g.cur()
	what := "a Neptune, Saturn or Venus card"
	if h.anyRegular {
		what = "any regular card"
	}
	if n := len(cs); n > 0 && n <= fewLeads {
		what = either(pretties(cs))
	}
	switch {
	case len(cs) == 0:
		return fmt.Sprintf("%s passes the lead: no card that may lead is left unseen (U4)", who)
	case g.owes():
		return fmt.Sprintf("%s leads %s: the cards not seen show %s holds one, so no pass (U4)", who, what, who)
	case h.anyRegular:
		return fmt.Sprintf("nobody had a Secondary card: %s leads %s, or passes if holding none", who, what)
	}
	return fmt.Sprintf("%s leads %s, or passes the lead if holding none", who, what)
}

// sayFollow says what who may play to the round, of cs (U5, U6).
func (g *game) sayFollow(who string, cs []ucd.Card) string {
	h := g.cur()
	var items, galaxies []string
	for _, c := range cs {
		if c.IsGalaxy() {
			galaxies = append(galaxies, c.Suit.Name())
		} else {
			items = append(items, c.Pretty())
		}
	}
	if len(galaxies) > 0 {
		items = append(items, "a Galaxy ("+strings.Join(galaxies, ", ")+")")
	}
	switch {
	case len(items) == 0:
		return fmt.Sprintf("%s says noplay: nothing left unseen can follow %s", who, h.last().Pretty())
	case g.owes():
		cl, _ := g.claimNow(0)
		return fmt.Sprintf("%s plays %s: the cards not seen show %s holds %s, so no noplay (U6)", who, either(items), who, cl.owed())
	}
	return fmt.Sprintf("%s plays %s, or says noplay", who, either(items))
}

// denied lists who's No Plays and passes of this hand, not yet proved false, that a card of cs
// would prove false (U14).
func (g *game) denied(who int, cs []ucd.Card) []claim {
	var out []claim
	for _, cl := range g.cur().claims[who] {
		if slices.ContainsFunc(cs, cl.proves) {
			out = append(out, cl)
		}
	}
	return out
}

// revealing says which of who's No Plays and passes a card of cs, which the hint lists, would
// prove false (U14), so that the table knows that listing it is no mistake: "; from cy, a 3
// above Saturn would prove the No Play at event 5 false (U14)".
func (g *game) revealing(who int, cs []ucd.Card) string {
	type denial struct {
		owed, one, many string // "a 3 above Saturn", "No Play", "No Plays"
		seqs            []string
	}
	var ds []*denial
	for _, cl := range g.denied(who, cs) {
		d := denial{owed: cl.owed(), one: "pass", many: "passes"}
		if cl.rank != 0 {
			d.one, d.many = "No Play", "No Plays"
		}
		i := slices.IndexFunc(ds, func(e *denial) bool { return e.owed == d.owed && e.one == d.one })
		if i < 0 {
			i, ds = len(ds), append(ds, &d)
		}
		ds[i].seqs = append(ds[i].seqs, strconv.FormatInt(cl.seq, 10))
	}
	var parts []string
	for _, d := range ds {
		n := len(d.seqs)
		parts = append(parts, fmt.Sprintf("%s would prove the %s at %s %s false", d.owed, referee.Plural(n, d.one, d.many), referee.Plural(n, "event", "events"), strings.Join(d.seqs, ", ")))
	}
	parts = append(parts, g.cornering(who, cs)...)
	if len(parts) == 0 {
		return ""
	}
	return fmt.Sprintf("; from %s, %s (U14)", g.name(who), strings.Join(parts, "; "))
}

// cornering says which other players' No Plays and passes a card of cs, shown by who, would
// prove false by elimination (U14): those whose player holds as many cards as nobody has
// shown of those the claim allows, so that one such card fewer leaves too few. A card the claim
// denies, shown by who, leaves it as it was.
func (g *game) cornering(who int, cs []ucd.Card) []string {
	h := g.cur()
	var out []string
	for p := range g.players {
		if p == who || h.shown[p] {
			continue
		}
		for _, cl := range h.claims[p] {
			if g.allowed(cl, h.held[p]+1) != h.held[p] || !slices.ContainsFunc(cs, func(c ucd.Card) bool { return !cl.proves(c) && !h.known(c) }) {
				continue
			}
			what := "No Play"
			if cl.rank == 0 {
				what = "pass"
			}
			out = append(out, fmt.Sprintf("any card but %s would prove %s's %s at event %d false by elimination", cl.owed(), g.name(p), what, cl.seq))
		}
	}
	return out
}

// revealingShown says, shortly, which of who's No Plays and passes the cards who shows at the
// end of the hand may prove false (U14): those a card nobody has shown would.
func (g *game) revealingShown(who int) string {
	claims := g.denied(who, g.unseen())
	if len(claims) == 0 {
		return ""
	}
	seqs := make([]string, len(claims))
	nos, passes := 0, 0
	for i, cl := range claims {
		seqs[i] = strconv.FormatInt(cl.seq, 10)
		if cl.rank != 0 {
			nos++
		} else {
			passes++
		}
	}
	what := referee.Plural(nos, "No Play", "No Plays")
	switch {
	case nos == 0:
		what = referee.Plural(passes, "pass", "passes")
	case passes > 0:
		what = "No Plays and passes"
	}
	return fmt.Sprintf("; the cards %s shows may prove the %s at %s %s false (U14)", g.name(who), what, referee.Plural(len(seqs), "event", "events"), strings.Join(seqs, ", "))
}

// pretties writes cards for people: "3 Venus", "Moon of Saturn".
func pretties(cs []ucd.Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Pretty()
	}
	return out
}

// either joins alternatives: "3 Earth", "3 Jupiter or 3 Earth", "3 Mars, 3 Jupiter, or 3 Earth".
func either(items []string) string {
	if len(items) < 3 {
		return strings.Join(items, " or ")
	}
	return strings.Join(items[:len(items)-1], ", ") + ", or " + items[len(items)-1]
}

// count writes a number of things: "1 card", "3 cards".
func count(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// Status implements referee.Game.
func (g *game) Status() []referee.Field {
	h := g.cur()
	f := []referee.Field{
		{Label: "options", Value: g.optionsText()},
		{Label: "hand", Value: fmt.Sprintf("%d of %d, dealt by %s", h.number, Hands, g.name(h.dealer))},
	}
	up := "none"
	if h.up != nil {
		up = h.up.Pretty()
	}
	f = append(f, referee.Field{Label: "up-card", Value: fmt.Sprintf("%s (%d cards in the stack)", up, h.stack)})
	var held []string
	for p, name := range g.players {
		held = append(held, fmt.Sprintf("%s %d", name, h.held[p]))
	}
	f = append(f, referee.Field{Label: "cards held", Value: strings.Join(held, ", ")})
	if h.extraTo != referee.Nobody {
		f = append(f, referee.Field{Label: "extra hand", Value: fmt.Sprintf("%s, for %d", g.name(h.extraTo), h.bid)})
	}
	if len(h.round) > 0 {
		var r []string
		for _, pl := range h.round {
			r = append(r, g.name(pl.who)+" "+pl.card.Pretty())
		}
		f = append(f, referee.Field{Label: "round", Value: strings.Join(r, ", ")})
	}
	if h.wentOut != referee.Nobody {
		f = append(f, referee.Field{Label: "went out", Value: g.name(h.wentOut)})
	}
	var totals []string
	for p, name := range g.players {
		totals = append(totals, fmt.Sprintf("%s %d", name, g.totals[p]+g.adjusted[p]))
	}
	return append(f, referee.Field{Label: "totals", Value: strings.Join(totals, ", ")})
}

func (g *game) optionsText() string {
	noplay, extra, halving := "closes", "off", "off"
	if g.passes {
		noplay = "passes"
	}
	if g.extra {
		extra = "on"
	}
	if g.halving {
		halving = "on"
	}
	return fmt.Sprintf("noplay=%s bonus=%s extra=%s halving=%s", noplay, g.bonus, extra, halving)
}

// Sheet implements referee.Game: a row per hand with the dealer, the bonus suit (with
// bonus=follows, the up-card that decided it, U23) and the extra hand, and for each player
// the cards captured and left, the bid, the halving, the hand's score and the running total.
// The columns of an option that is off are left out: they would stay empty.
func (g *game) Sheet() *scoring.Sheet {
	columns := []scoring.Column{{Key: "dealer", Title: "dealer"}}
	if g.bonus != "off" {
		columns = append(columns, scoring.Column{Key: "bonus", Title: "bonus suit"})
	}
	if g.bonus == "follows" {
		columns = append(columns, scoring.Column{Key: "up", Title: "last up-card"})
	}
	if g.extra {
		columns = append(columns, scoring.Column{Key: "extra", Title: "extra hand"})
	}
	columns = append(columns, scoring.Column{Key: "captured", Title: "captured", PerPlayer: true}, scoring.Column{Key: "left", Title: "left", PerPlayer: true})
	if g.extra {
		columns = append(columns, scoring.Column{Key: "bid", Title: "bid", PerPlayer: true})
	}
	if g.halving {
		columns = append(columns, scoring.Column{Key: "halving", Title: "halving", PerPlayer: true})
	}
	s := &scoring.Sheet{
		Kind:      "capture",
		Players:   g.players,
		RoundName: "hand",
		Columns: append(columns,
			scoring.Column{Key: "score", Title: "hand", PerPlayer: true},
			scoring.Column{Key: "total", Title: "total", PerPlayer: true, Running: true}),
		Breakdown: map[string][]scoring.Line{},
		Totals:    map[string]int{},
		Finished:  g.stage == ended,
	}
	running := make([]int, g.n())
	for _, h := range g.hands {
		done := h.number < len(g.hands) || g.stage == ended
		if !done && h.lastUp == nil && h.number > 1 && g.stage == turning {
			continue // a hand not begun
		}
		row := scoring.Round{Number: h.number, Values: map[string]any{"dealer": g.name(h.dealer)}, Players: map[string]map[string]any{}, Scored: done}
		if h.bonus != 0 {
			row.Values["bonus"] = h.bonus.Name()
		}
		if done && g.bonus == "follows" && h.lastUp != nil {
			row.Values["up"] = h.lastUp.Pretty()
		}
		switch {
		case h.extraTo != referee.Nobody:
			row.Values["extra"] = fmt.Sprintf("%s for %d", g.name(h.extraTo), h.bid)
		case g.extra && g.stage != bidding:
			row.Values["extra"] = "unclaimed"
		}
		for p, name := range g.players {
			cells := map[string]any{"captured": len(h.captured[p])}
			if done {
				captured, left := 0, 0
				for _, c := range h.captured[p] {
					captured += h.value(c)
				}
				for _, c := range h.left[p] {
					left += h.value(c)
				}
				cells["captured"], cells["left"] = captured, -left
				if p == h.extraTo {
					bid := -h.bid
					if h.wentOut == p {
						bid = 0 // going out first saves the bid (U12)
					}
					cells["bid"] = bid
				}
				if h.halved[p] != 0 {
					cells["halving"] = h.halved[p]
				}
				running[p] += h.score[p] + h.halved[p]
				cells["score"] = h.score[p]
				s.Breakdown[name] = append(s.Breakdown[name], scoring.Line{Text: g.explain(h, p, captured, left), Points: h.score[p]})
				if h.halved[p] != 0 {
					s.Breakdown[name] = append(s.Breakdown[name], scoring.Line{Text: fmt.Sprintf("hand %d: a total of %d is halved (U13)", h.number, -2*h.halved[p]), Points: h.halved[p]})
				}
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

// explain says how a hand score was made (U10–U12).
func (g *game) explain(h *hand, p, captured, left int) string {
	text := fmt.Sprintf("hand %d: captured %d, left %d", h.number, captured, left)
	if h.bonus != 0 {
		text += fmt.Sprintf(", %s ×2", h.bonus.Name())
	}
	switch {
	case p == h.extraTo && h.wentOut == p:
		text += fmt.Sprintf(", extra hand for %d, not deducted: went out first", h.bid)
	case p == h.extraTo:
		text += fmt.Sprintf(", extra hand bid %d deducted", h.bid)
	case p == h.wentOut:
		text += ", went out"
	}
	return text
}

// Decide implements referee.Game (U10): the highest total wins, and ties are shared.
func (g *game) Decide(totals map[string]int) ([]string, string) {
	var winners []string
	for _, name := range g.players {
		switch {
		case len(winners) == 0 || totals[name] > totals[winners[0]]:
			winners = []string{name}
		case totals[name] == totals[winners[0]]:
			winners = append(winners, name)
		}
	}
	if len(winners) > 1 {
		return winners, "equal totals share first place (U10)"
	}
	return winners, ""
}

// Clone implements referee.Game. Only the current hand is copied: moves change no other, so
// the copy shares the finished ones.
func (g *game) Clone() referee.Game {
	c := *g
	c.totals, c.adjusted = slices.Clone(g.totals), slices.Clone(g.adjusted)
	c.hands = slices.Clone(g.hands)
	h := g.cur()
	ch := *h
	ch.held, ch.shown, ch.outOfBid = slices.Clone(h.held), slices.Clone(h.shown), slices.Clone(h.outOfBid)
	ch.score, ch.halved = slices.Clone(h.score), slices.Clone(h.halved)
	ch.round = slices.Clone(h.round)
	ch.captured, ch.left, ch.claims = make([][]ucd.Card, len(h.captured)), make([][]ucd.Card, len(h.left)), make([][]claim, len(h.claims))
	for p := range h.captured {
		ch.captured[p], ch.left[p], ch.claims[p] = slices.Clone(h.captured[p]), slices.Clone(h.left[p]), slices.Clone(h.claims[p])
	}
	c.hands[len(c.hands)-1] = &ch
	return &c
}
