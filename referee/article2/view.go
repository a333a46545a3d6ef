package article2

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/scoring"
)

// Legal implements referee.Game: the draws a tie waits for, the starts of a phase, or every
// card the deck still holds on every player, with Voter ADHD on every card in play.
func (g *game) Legal() []referee.Move {
	if g.over {
		return nil
	}
	var moves []referee.Move
	for _, c := range g.openCuts() {
		for _, p := range c.waiting() {
			moves = append(moves, referee.NewMove(TypeDraw, "", payload{Player: g.players[p]}))
		}
	}
	ph := &g.phases[g.at]
	switch {
	case !ph.started && g.openCut(primary) == nil:
		for _, name := range g.players {
			moves = append(moves, referee.NewMove(TypeStart, "", payload{Player: name}))
		}
	case ph.started && !ph.done:
		who := g.players[ph.turn(len(g.players))]
		for k, c := range deck {
			if kind(k) == adhd || g.used[k] >= c.Count {
				continue
			}
			for _, target := range g.players {
				moves = append(moves, referee.NewMove(TypePlay, who, payload{Card: c.Key, Target: target}))
			}
		}
		if g.used[adhd] < deck[adhd].Count {
			if g.inPlay == 0 {
				moves = append(moves, referee.NewMove(TypePlay, who, payload{Card: deck[adhd].Key}))
			}
			for _, e := range g.inPlayNow() {
				moves = append(moves, referee.NewMove(TypePlay, who, payload{Card: deck[adhd].Key, Seq: e.seq}))
			}
		}
	}
	return moves
}

// inPlayNow lists the cards in play on anyone, in the order they were played.
func (g *game) inPlayNow() []*entry {
	var out []*entry
	for _, e := range g.order {
		if e.card != adhd && e.gone == 0 {
			out = append(out, e)
		}
	}
	return out
}

// names joins players' names: "ann", "ann and bob", "ann, bob and cy".
func (g *game) names(ps []int) string {
	var out []string
	for _, p := range ps {
		out = append(out, g.players[p])
	}
	if len(out) < 2 {
		return strings.Join(out, "")
	}
	return strings.Join(out[:len(out)-1], ", ") + " and " + out[len(out)-1]
}

// cutHint says what a tie waits for and how to record it.
func (g *game) cutHint(c *cut) string {
	ph := "Primary"
	if c.rule == "E7" {
		ph = "General"
	}
	var alts []string
	for _, p := range c.waiting() {
		alts = append(alts, g.players[p])
	}
	return fmt.Sprintf("the %s is tied for %s between %s (%s): the table cuts and records the winner: draw %s", ph, c.what, g.names(c.waiting()), c.tie, strings.Join(alts, "|"))
}

// adhdHint lists what Voter ADHD may discard now.
func (g *game) adhdHint() string {
	cards := g.inPlayNow()
	if len(cards) == 0 {
		return "no card is in play: play adhd alone, for nothing"
	}
	var out []string
	for _, e := range cards {
		out = append(out, fmt.Sprintf("adhd %d (%s's %s)", e.seq, g.players[e.target], deck[e.card].Name))
	}
	return "cards in play: " + strings.Join(out, ", ")
}

// Hint implements referee.Game.
func (g *game) Hint() string {
	if g.over {
		return "the game is over: see `score`"
	}
	var parts []string
	ph := &g.phases[g.at]
	waiting := !ph.started && g.openCut(primary) != nil // the General waits for the cut (E6)
	switch {
	case waiting:
	case !ph.started:
		parts = append(parts, fmt.Sprintf("name who starts the %s: start %s", phaseNames[g.at], strings.Join(g.players, "|")))
	case !ph.done:
		parts = append(parts, g.playHint(ph))
	}
	for _, c := range g.openCuts() { // both parties' cuts, when both are tied
		parts = append(parts, g.cutHint(c))
	}
	if waiting {
		parts = append(parts, "then the table names who starts the General")
	}
	return strings.Join(parts, "; ")
}

// playHint says who plays now and what: the example names a card the deck still holds, a
// Voter ADHD is offered only while one is unplayed, and the kinds whose every copy has been
// played are named (or, when they are most, the kinds that are not).
func (g *game) playHint(ph *phase) string {
	n := len(g.players)
	who := ph.turn(n)
	var left, gone []string
	example := ""
	var only kind
	for k, c := range deck {
		if g.used[k] >= c.Count {
			gone = append(gone, c.Key)
			continue
		}
		left, only = append(left, c.Key), kind(k)
		if kind(k) != adhd && example == "" {
			example = c.Key
		}
	}
	what := fmt.Sprintf("one of %d cards left", HandSize-ph.played[who])
	if HandSize-ph.played[who] == 1 {
		what = "the last card in hand"
	}
	if len(left) == 1 {
		what += fmt.Sprintf(" (only %s is unplayed)", deck[only].Name)
	}
	line := fmt.Sprintf("%s, card %d of %d: %s plays %s", phaseNames[g.at], ph.plays+1, n*HandSize, g.players[who], what)
	if example != "" {
		line += fmt.Sprintf(", on any player (CARD PLAYER, e.g. %s %s)", example, g.players[who])
	}
	switch {
	case g.used[adhd] >= deck[adhd].Count:
	case g.inPlay == 0:
		line += "; adhd alone discards nothing"
	default:
		line += "; adhd SEQ discards a card in play"
	}
	switch {
	case len(gone) == 0:
	case len(gone) > len(left):
		line += "; every copy played but " + strings.Join(left, " ")
	default:
		line += "; every copy played: " + strings.Join(gone, " ")
	}
	return line
}

// Status implements referee.Game.
func (g *game) Status() []referee.Field {
	f := []referee.Field{{Label: "options", Value: "parties=" + g.options["parties"]}}
	if g.parties {
		var ps []string
		for i, name := range g.partyNames {
			ps = append(ps, name+": "+g.names(g.members[i]))
		}
		f = append(f, referee.Field{Label: "parties", Value: strings.Join(ps, "; ")})
	}
	if g.match != "" {
		f = append(f, referee.Field{Label: "match", Value: g.match})
	}
	n := len(g.players)
	ph := &g.phases[g.at]
	var where string
	switch {
	case g.over || ph.done:
		where = "both phases played"
	case !ph.started:
		where = phaseNames[g.at] + ", not started"
	default:
		where = fmt.Sprintf("%s, card %d of %d, started by %s at event %d", phaseNames[g.at], ph.plays+1, n*HandSize, g.players[ph.starter], ph.startSeq)
	}
	f = append(f, referee.Field{Label: "phase", Value: where})
	for p, name := range g.players {
		line := fmt.Sprintf("E %d, A %d (E+A %d)", g.e[p], g.a[p], g.e[p]+g.a[p])
		if g.at == general {
			line = fmt.Sprintf("E %d, A %d (E−A %d)", g.e[p], g.a[p], g.e[p]-g.a[p])
		}
		if role := g.role(general, p); role != "" {
			line += "; " + role
		} else if role := g.role(primary, p); role != "" {
			line += "; " + role
		}
		if g.parties {
			points := g.points(primary, p) + g.points(general, p)
			line += fmt.Sprintf("; party %s, %d %s", g.partyNames[g.partyOf[p]], points, referee.Plural(points, "point", "points"))
		}
		if ph.started && !ph.done {
			line += fmt.Sprintf("; %s in hand", cards(HandSize-ph.played[p]))
		}
		var on []string
		for _, e := range g.on[p] {
			on = append(on, fmt.Sprintf("%s #%d", deck[e.card].Name, e.seq))
		}
		if len(on) > 0 {
			line += "; in play: " + strings.Join(on, ", ")
		}
		f = append(f, referee.Field{Label: name, Value: line})
	}
	if r := g.result(primary); r != "" {
		f = append(f, referee.Field{Label: "Primary", Value: r})
	}
	if r := g.result(general); r != "" {
		f = append(f, referee.Field{Label: "General", Value: r})
	}
	return f
}

// isCandidate reports whether p is a Candidate, or has won the cut for a Candidate's place.
func (g *game) isCandidate(p int) bool {
	if !g.resolved[primary] {
		return false
	}
	if g.candidate[p] {
		return true
	}
	for _, c := range g.cuts[primary] {
		if slices.Contains(c.won, p) {
			return true
		}
	}
	return false
}

// tied reports whether p waits on a cut of phase i.
func (g *game) tied(i, p int) bool {
	for _, c := range g.cuts[i] {
		if c.open() && slices.Contains(c.waiting(), p) {
			return true
		}
	}
	return false
}

// role is p's role after phase i: Candidate or Spoiler after the Primary, President after the
// General; "tied" while a cut decides it, "" while the phase is played.
func (g *game) role(i, p int) string {
	switch {
	case !g.resolved[i]:
		return ""
	case g.tied(i, p):
		return "tied"
	case i == general && g.over && p == g.president:
		return "President"
	case g.isCandidate(p):
		return "Candidate"
	}
	return "Spoiler"
}

// result says what phase i decided, "" before it ends.
func (g *game) result(i int) string {
	if !g.resolved[i] {
		return ""
	}
	var open []string
	for _, c := range g.cuts[i] {
		if c.open() {
			open = append(open, fmt.Sprintf("tied for %s: %s", c.what, g.names(c.waiting())))
		}
	}
	if len(open) > 0 {
		return strings.Join(open, "; ")
	}
	if i == primary {
		var cs []int
		for p := range g.players {
			if g.candidate[p] {
				cs = append(cs, p)
			}
		}
		return "Candidates " + g.names(cs)
	}
	if g.noPresident {
		return "no President: the game is drawn"
	}
	return "President " + g.players[g.president]
}

// points are p's points for phase i in the party variant (E8): +1 for a Candidate; +2 for the
// President and +1 for the President's party-mate.
func (g *game) points(i, p int) int {
	switch {
	case !g.parties:
		return 0
	case i == primary && g.rolesKnown && g.candidate[p]:
		return 1
	case i == general && g.over && g.president != referee.Nobody:
		switch {
		case p == g.president:
			return 2
		case g.partyOf[p] == g.partyOf[g.president]:
			return 1
		}
	}
	return 0
}

// Sheet implements referee.Game: a row per phase with each player's Electability,
// Affiliation, the phase's total (E+A in the Primary, E−A in the General) and role. Totals are
// points in the party variant (E8), else 1 for the President.
func (g *game) Sheet() *scoring.Sheet {
	s := &scoring.Sheet{
		Kind:      "article2",
		Players:   slices.Clone(g.players),
		RoundName: "phase",
		Columns: []scoring.Column{
			{Key: "phase", Title: "election"},
			{Key: "start", Title: "started by"},
			{Key: "result", Title: "result"},
			{Key: "electability", Title: "E", PerPlayer: true},
			{Key: "affiliation", Title: "A", PerPlayer: true},
			{Key: "total", Title: "E+A | E−A", PerPlayer: true},
			{Key: "role", Title: "role", PerPlayer: true},
		},
		Breakdown: map[string][]scoring.Line{},
		Totals:    map[string]int{},
		Finished:  g.over,
	}
	if g.parties {
		s.Columns = append(s.Columns, scoring.Column{Key: "points", Title: "points", PerPlayer: true})
	}
	for i := range g.phases {
		ph := &g.phases[i]
		if !ph.started {
			continue
		}
		// A phase's result is settled once its cut, if it needed one, is drawn.
		row := scoring.Round{Number: i + 1, Values: map[string]any{"phase": phaseNames[i], "start": g.players[ph.starter]}, Players: map[string]map[string]any{},
			Scored: i == primary && g.rolesKnown || i == general && g.over}
		if r := g.result(i); r != "" {
			row.Values["result"] = r
		}
		e, a := g.e, g.a
		if ph.done {
			e, a = ph.e, ph.a
		}
		for p, name := range g.players {
			total := e[p] + a[p]
			if i == general {
				total = e[p] - a[p]
			}
			cells := map[string]any{"electability": e[p], "affiliation": a[p], "total": total}
			if role := g.role(i, p); role != "" {
				cells["role"] = role
			}
			if g.parties {
				cells["points"] = g.points(i, p)
			}
			row.Players[name] = cells
		}
		s.Rounds = append(s.Rounds, row)
	}
	for p, name := range g.players {
		lines := g.explain(p)
		total := 0
		for _, l := range lines {
			total += l.Points
		}
		s.Breakdown[name] = lines
		s.Totals[name] = total
	}
	return s
}

// wonCut says how p won a cut of phase i, or "".
func (g *game) wonCut(i, p int) string {
	for _, c := range g.cuts[i] {
		if k := slices.Index(c.won, p); k >= 0 {
			return fmt.Sprintf("; won the cut at event %d", c.wonAt[k])
		}
	}
	return ""
}

// explain is p's breakdown: a line for the Primary's role and one for the General's result,
// worth the points they bring.
func (g *game) explain(p int) []scoring.Line {
	lines := []scoring.Line{}
	if g.rolesKnown {
		ph := &g.phases[primary]
		role := "Spoiler"
		if g.candidate[p] {
			role = "Candidate"
			if g.parties {
				role += " of " + g.partyNames[g.partyOf[p]]
			}
		}
		lines = append(lines, scoring.Line{Text: fmt.Sprintf("%s: Primary E+A %d%s", role, ph.e[p]+ph.a[p], g.wonCut(primary, p)), Points: g.points(primary, p)})
	}
	if !g.over {
		return lines
	}
	ph := &g.phases[general]
	score := fmt.Sprintf("General E−A %d", ph.e[p]-ph.a[p])
	var text string
	points := g.points(general, p)
	switch {
	case g.noPresident:
		text = "no President: neither Candidate is above 0 and there is no Spoiler, so the game is drawn (E7)"
	case p == g.president && g.viaSpoiler:
		text = fmt.Sprintf("President: no Candidate is above 0, and this Spoiler has the highest Electability, %d%s", ph.e[p], g.wonCut(general, p))
	case p == g.president:
		text = fmt.Sprintf("President: %s, the best of the Candidates above 0%s", score, g.wonCut(general, p))
	case points > 0:
		text = fmt.Sprintf("party-mate of President %s", g.players[g.president])
	case g.candidate[p]:
		text = "not elected: " + score
	case g.viaSpoiler: // Spoilers are judged on Electability alone
		text = fmt.Sprintf("not elected: a Spoiler, Electability %d", ph.e[p])
	default:
		text = "not elected: a Spoiler, and a Candidate is above 0"
	}
	if !g.parties && p == g.president {
		points = 1
	}
	return append(lines, scoring.Line{Text: text, Points: points})
}

// Decide implements referee.Game: the winner of the General Election wins the game (E7), and a
// game with no President is drawn. Points are the match's currency (E8), not the game's result.
func (g *game) Decide(map[string]int) ([]string, string) {
	if g.noPresident {
		return nil, "no President: the game is drawn (E7)"
	}
	return []string{g.players[g.president]}, "the President wins the game (E7)"
}

// Adjust implements referee.Game: nothing in Article II ends on a score.
func (g *game) Adjust(scoring.Adjustment) {}

// Clone implements referee.Game. Plays are shared between plays, order and on, and a Voter
// ADHD marks them gone, so each is copied once and every list points at the copy.
func (g *game) Clone() referee.Game {
	c := *g
	c.e, c.a, c.candidate = slices.Clone(g.e), slices.Clone(g.a), slices.Clone(g.candidate)
	copies := make(map[*entry]*entry, len(g.order))
	c.order = make([]*entry, len(g.order))
	for i, e := range g.order {
		ce := *e
		copies[e], c.order[i] = &ce, &ce
	}
	c.plays = make(map[int64]*entry, len(g.plays))
	for seq, e := range g.plays {
		c.plays[seq] = copies[e]
	}
	c.on = make([][]*entry, len(g.on))
	for p, es := range g.on {
		c.on[p] = make([]*entry, len(es))
		for i, e := range es {
			c.on[p][i] = copies[e]
		}
	}
	for i, ph := range g.phases {
		c.phases[i].played, c.phases[i].e, c.phases[i].a = slices.Clone(ph.played), slices.Clone(ph.e), slices.Clone(ph.a)
	}
	for i, cuts := range g.cuts {
		c.cuts[i] = make([]*cut, len(cuts))
		for j, ct := range cuts {
			cc := *ct
			cc.among, cc.won, cc.wonAt = slices.Clone(ct.among), slices.Clone(ct.won), slices.Clone(ct.wonAt)
			c.cuts[i][j] = &cc
		}
	}
	return &c
}
