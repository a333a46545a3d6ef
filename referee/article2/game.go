package article2

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tableside/tableside/referee"
)

// Phases of the game (E4).
const (
	primary = 0
	general = 1
)

var phaseNames = [2]string{"Primary", "General"}

// entry is a card that was played and applied, in play or not any more.
type entry struct {
	seq    int64
	by     int
	card   kind
	target int   // the player it is on; nobody for Voter ADHD
	phase  int   // when it was played
	gone   int64 // the Voter ADHD that discarded it; 0 while in play
}

// phase is one phase's turns, and the attributes when it ended.
type phase struct {
	started  bool
	starter  int
	startSeq int64
	plays    int   // cards played this phase
	played   []int // by each player
	done     bool
	e, a     []int // Electability and Affiliation at the end of the phase
}

// turn is the player to play next: seating order from the starter (E4).
func (ph *phase) turn(players int) int { return (ph.starter + ph.plays) % players }

// cut is a tie the referee cannot break: the table cuts and records each winner with a draw
// (E6, E7, E8). Slots of the tied players win, one draw each.
type cut struct {
	rule  string
	what  string // what the tie is for: "the last Candidate place"
	tie   string // what they are tied on: "E+A 2, Electability 0"
	among []int  // the tied players, in seating order
	slots int
	won   []int   // the winners drawn so far
	wonAt []int64 // and the draws that named them
}

func (c *cut) open() bool { return len(c.won) < c.slots }

// waiting lists the tied players who have not won yet.
func (c *cut) waiting() []int {
	var out []int
	for _, p := range c.among {
		if !slices.Contains(c.won, p) {
			out = append(out, p)
		}
	}
	return out
}

type game struct {
	players    []string
	parties    bool
	options    map[string]string
	match      string
	partyOf    []int     // each player's party (party variant)
	partyNames [2]string // in name order
	members    [2][]int  // each party's players, in seating order

	e, a   []int // running attributes (E2, E3)
	used   [kinds]int
	plays  map[int64]*entry
	order  []*entry   // every play applied, in order
	on     [][]*entry // the cards in play on each player, in the order played
	inPlay int

	phases [2]phase
	at     int // the phase in play, or the next one to start

	// The results: resolved[i] once phase i has ended and its result was computed (its
	// cuts may still be open); candidate once the Primary is settled (rolesKnown).
	resolved    [2]bool
	cuts        [2][]*cut
	candidate   []bool
	rolesKnown  bool
	president   int
	viaSpoiler  bool // no Candidate was above 0 (E7)
	noPresident bool // two players, neither above 0 (E7)
	over        bool
}

// Over implements referee.Game.
func (g *game) Over() bool { return g.over }

// End implements referee.Game: the General Election's result ends the game (E7).
func (g *game) End() (rule, why string) {
	switch {
	case !g.over:
		return "", ""
	case g.noPresident:
		return "E7", "the General Election has no President, so the game is drawn"
	}
	return "E7", fmt.Sprintf("the General Election made %s President", g.players[g.president])
}

// payload is the JSON of every Article II move; each uses the fields it needs.
type payload struct {
	Card    string `json:"card,omitempty"`
	Target  string `json:"target,omitempty"`
	Discard string `json:"discard,omitempty"`
	Seq     int64  `json:"seq,omitempty"`
	Player  string `json:"player,omitempty"`
}

// read decodes a move's payload.
func (p *payload) read(raw []byte) error { return referee.DecodePayload(raw, p, (*payload).field) }

// field reads one field of a plain payload (referee.ReadFlat), as encoding/json would.
func (p *payload) field(key []byte, v referee.Flat) (ok bool) {
	switch string(key) {
	case "card":
		p.Card, ok = referee.FlatString(v)
	case "target":
		p.Target, ok = referee.FlatString(v)
	case "discard":
		p.Discard, ok = referee.FlatString(v)
	case "seq":
		p.Seq, ok = referee.FlatInt[int64](v)
	case "player":
		p.Player, ok = referee.FlatString(v)
	}
	return ok
}

// Apply implements referee.Game.
func (g *game) Apply(seq int64, m referee.Move) []referee.Flag {
	var p payload
	if err := p.read(m.Payload); err != nil {
		return referee.Aside(referee.Flagf(seq, "E4", referee.Impossible, "unreadable move (%v)", err))
	}
	switch m.Type {
	case TypeStart:
		return g.start(seq, p.Player)
	case TypeDraw:
		return g.draw(seq, p.Player)
	case TypePlay:
		return g.play(seq, m.Actor, p)
	}
	return referee.Aside(referee.Flagf(seq, "E4", referee.Impossible, "%q is not an Article II move", m.Type))
}

func (g *game) start(seq int64, name string) []referee.Flag {
	who := referee.PlayerIndex(g.players, name)
	switch {
	case who == referee.Nobody:
		return referee.Aside(referee.Flagf(seq, "E4", referee.Impossible, "start names %q, who is not a player", name))
	case g.over:
		return referee.Aside(referee.Flagf(seq, "E7", referee.Illegal, "%s", g.overText()))
	}
	ph := &g.phases[g.at]
	switch {
	case ph.done: // the General, waiting for a cut
		return referee.Aside(referee.Flagf(seq, "E4", referee.Illegal, "both phases have been played"))
	case ph.started:
		return referee.Aside(referee.Flagf(seq, "E4", referee.Illegal, "the %s is under way, started by %s at event %d", phaseNames[g.at], g.players[ph.starter], ph.startSeq))
	}
	var flags []referee.Flag
	if c := g.openCut(primary); c != nil {
		f := referee.Flagf(seq, c.rule, referee.Illegal, "the Primary's cut for %s must be recorded before the General starts", c.what)
		f.Hint = g.cutHint(c)
		flags = append(flags, f)
	}
	ph.started, ph.starter, ph.startSeq = true, who, seq
	return flags
}

func (g *game) play(seq int64, actor string, p payload) []referee.Flag {
	who := referee.PlayerIndex(g.players, actor)
	if who == referee.Nobody {
		return referee.Aside(referee.Flagf(seq, "E4", referee.Impossible, "%q is not a player of this game", actor))
	}
	k, ok := byKey(p.Card)
	if !ok {
		return referee.Aside(referee.Flagf(seq, "E1", referee.Impossible, "%q is not a card of the deck", p.Card))
	}
	if g.over {
		return referee.Aside(referee.Flagf(seq, "E7", referee.Illegal, "%s", g.overText()))
	}
	n := len(g.players)
	ph := &g.phases[g.at]
	switch {
	case !ph.started:
		f := referee.Flagf(seq, "E4", referee.Illegal, "the %s has not started: the table first names who starts it", phaseNames[g.at])
		f.Hint = g.Hint()
		return referee.Aside(f)
	case ph.done:
		return referee.Aside(referee.Flagf(seq, "E4", referee.Illegal, "both phases have been played and every hand is empty"))
	case who != ph.turn(n):
		f := referee.Flagf(seq, "E4", referee.Illegal, "it is %s's turn, not %s's", g.players[ph.turn(n)], g.players[who])
		f.Hint = g.Hint()
		return referee.Aside(f)
	}
	target := referee.Nobody
	if k != adhd {
		target = referee.PlayerIndex(g.players, p.Target)
		switch {
		case p.Target == "":
			return referee.Aside(referee.Flagf(seq, "E4", referee.Impossible, "%s is played on a player, and this play names none", deck[k].Name))
		case target == referee.Nobody:
			return referee.Aside(referee.Flagf(seq, "E4", referee.Impossible, "%s is played on %q, who is not a player", deck[k].Name, p.Target))
		}
	}
	var flags []referee.Flag
	if g.used[k]++; g.used[k] > deck[k].Count {
		flags = append(flags, referee.Flagf(seq, "E1", referee.Impossible, "the deck holds %d %s, and this is the %s one played", deck[k].Count, deck[k].Name, referee.Ordinal(g.used[k])))
	}
	e := &entry{seq: seq, by: who, card: k, target: target, phase: g.at}
	g.plays[seq] = e
	g.order = append(g.order, e)
	ph.plays++
	ph.played[who]++
	if k == adhd {
		flags = append(flags, g.discard(seq, p)...)
	} else {
		g.put(e)
	}
	if ph.plays == n*HandSize {
		g.endPhase()
	}
	return flags
}

// discard resolves Voter ADHD (E5). A card it cannot discard is refused; forced, the
// ADHD is played and spent, and discards nothing. The flag says so in words that hold both when
// it refuses the move and when it stands on the move recorded.
func (g *game) discard(seq int64, p payload) []referee.Flag {
	refuse := func(sev referee.Severity, format string, args ...any) []referee.Flag {
		f := referee.Flagf(seq, "E5", sev, format+"; if forced, the Voter ADHD discards nothing", args...)
		f.Hint = g.adhdHint()
		return []referee.Flag{f}
	}
	var e *entry
	switch {
	case p.Seq != 0:
		e = g.plays[p.Seq]
		switch {
		case p.Seq >= seq:
			return refuse(referee.Illegal, "event %d is not an earlier play", p.Seq)
		case e == nil:
			return refuse(referee.Illegal, "event %d put no card in play", p.Seq)
		case e.card == adhd:
			return refuse(referee.Illegal, "event %d was a Voter ADHD, and an ADHD is never in play", p.Seq)
		case e.gone != 0:
			return refuse(referee.Illegal, "%s's %s (event %d) was already discarded by the Voter ADHD at event %d", g.players[e.target], deck[e.card].Name, e.seq, e.gone)
		}
	case p.Target != "" || p.Discard != "":
		t := referee.PlayerIndex(g.players, p.Target)
		k, known := byKey(p.Discard)
		switch {
		case p.Target == "":
			return refuse(referee.Illegal, "name the player whose %s it discards", p.Discard)
		case t == referee.Nobody:
			return refuse(referee.Impossible, "%q is not a player", p.Target)
		case p.Discard == "":
			return refuse(referee.Illegal, "name which of %s's cards it discards", g.players[t])
		case !known:
			return refuse(referee.Impossible, "%q is not a card of the deck", p.Discard)
		case k == adhd:
			return refuse(referee.Illegal, "an ADHD is never in play, so it cannot be discarded")
		}
		var found []*entry
		for _, c := range g.on[t] {
			if c.card == k {
				found = append(found, c)
			}
		}
		switch len(found) {
		case 0:
			return refuse(referee.Illegal, "%s has no %s in play", g.players[t], deck[k].Name)
		case 1:
			e = found[0]
		default:
			var seqs []string
			for _, c := range found {
				seqs = append(seqs, fmt.Sprint(c.seq))
			}
			return refuse(referee.Illegal, "%s has %d %s in play (events %s), so the card is ambiguous: name it by its event", g.players[t], len(found), deck[k].Name, strings.Join(seqs, ", "))
		}
	default:
		if g.inPlay > 0 {
			verb := "are"
			if g.inPlay == 1 {
				verb = "is"
			}
			return refuse(referee.Illegal, "%s %s in play, so Voter ADHD must discard one of them", cards(g.inPlay), verb)
		}
		return nil // nothing in play: spent for nothing (E5)
	}
	g.take(e, seq)
	return nil
}

// put puts a card in play on its target (E3).
func (g *game) put(e *entry) {
	g.on[e.target] = append(g.on[e.target], e)
	g.e[e.target] += deck[e.card].Electability
	g.a[e.target] += deck[e.card].Affiliation
	g.inPlay++
}

// take discards a card in play, undoing it (E5).
func (g *game) take(e *entry, by int64) {
	t := e.target
	g.on[t] = slices.DeleteFunc(g.on[t], func(c *entry) bool { return c == e })
	g.e[t] -= deck[e.card].Electability
	g.a[t] -= deck[e.card].Affiliation
	g.inPlay--
	e.gone = by
}

// endPhase closes the phase in play with its attributes and moves on to the next.
func (g *game) endPhase() {
	ph := &g.phases[g.at]
	ph.done = true
	ph.e, ph.a = slices.Clone(g.e), slices.Clone(g.a)
	if g.at == primary {
		g.at = general
	}
	g.settle()
}

func (g *game) draw(seq int64, name string) []referee.Flag {
	rule := "E6"
	switch {
	case g.phases[general].done:
		rule = "E7"
	case g.parties:
		rule = "E8"
	}
	who := referee.PlayerIndex(g.players, name)
	if who == referee.Nobody {
		return referee.Aside(referee.Flagf(seq, rule, referee.Impossible, "draw names %q, who is not a player", name))
	}
	if g.over {
		return referee.Aside(referee.Flagf(seq, "E7", referee.Illegal, "%s; no cut is needed", g.overText()))
	}
	open := g.openCuts()
	for _, c := range open {
		if slices.Contains(c.waiting(), who) {
			c.won = append(c.won, who)
			c.wonAt = append(c.wonAt, seq)
			g.settle()
			return nil
		}
	}
	// Not a winner of an open cut: say why, naming the cut he was in, if any, among the cuts of
	// the phase a tie waits in; the flag cites that tie's ruling.
	cuts := slices.Concat(g.cuts[primary], g.cuts[general])
	if len(open) > 0 {
		cuts = g.cuts[primary]
		if g.openCut(primary) == nil {
			cuts = g.cuts[general]
		}
	}
	var in *cut
	why := ""
	for _, c := range cuts {
		if i := slices.Index(c.won, who); i >= 0 {
			in, why = c, fmt.Sprintf("%s already won the cut for %s at event %d", g.players[who], c.what, c.wonAt[i])
			break
		}
		if slices.Contains(c.among, who) && !c.open() {
			in, why = c, fmt.Sprintf("the cut for %s was decided at event %d: %s won", c.what, c.wonAt[len(c.wonAt)-1], g.names(c.won))
			break
		}
	}
	switch {
	case len(open) > 0:
		if in == nil {
			why = fmt.Sprintf("%s is not in the tie for %s", g.players[who], open[0].what)
		}
		f := referee.Flagf(seq, open[0].rule, referee.Illegal, "%s", why)
		f.Hint = g.cutHint(open[0])
		return referee.Aside(f)
	case in != nil:
		return referee.Aside(referee.Flagf(seq, in.rule, referee.Illegal, "%s", why))
	}
	return referee.Aside(referee.Flagf(seq, rule, referee.Illegal, "no result is tied now, so no cut is needed"))
}

// openCuts lists the cuts still waiting for a draw: the Primary's first, since the General
// is judged on the Primary's roles.
func (g *game) openCuts() []*cut {
	var out []*cut
	for _, cs := range g.cuts {
		for _, c := range cs {
			if c.open() {
				out = append(out, c)
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
}

func (g *game) openCut(i int) *cut {
	for _, c := range g.cuts[i] {
		if c.open() {
			return c
		}
	}
	return nil
}

// settle computes every result the record allows: the Primary's when it has ended, its roles
// once its cuts are drawn, the General's when it has ended and the roles are known, and the
// President once the General's cut is drawn.
func (g *game) settle() {
	if g.phases[primary].done && !g.resolved[primary] {
		g.resolvePrimary()
		g.resolved[primary] = true
	}
	if g.resolved[primary] && !g.rolesKnown && g.openCut(primary) == nil {
		for _, c := range g.cuts[primary] {
			for _, p := range c.won {
				g.candidate[p] = true
			}
		}
		g.rolesKnown = true
	}
	if g.phases[general].done && g.rolesKnown && !g.resolved[general] {
		g.resolveGeneral()
		g.resolved[general] = true
	}
	if g.resolved[general] && !g.over && g.openCut(general) == nil {
		for _, c := range g.cuts[general] {
			g.president = c.won[0]
		}
		g.over = true
	}
}

// overText refuses whatever is entered after the General Election named its result (E7).
func (g *game) overText() string {
	_, why := g.End()
	return "the game is over: " + why
}

// resolvePrimary names the Candidates the Primary settles, and the cuts it needs (E6, E8).
func (g *game) resolvePrimary() {
	ph := &g.phases[primary]
	n := len(g.players)
	g.candidate = make([]bool, n)
	sum := func(p int) int { return ph.e[p] + ph.a[p] }
	rank := func(p, q int) int { // > 0 when p ranks above q
		if d := sum(p) - sum(q); d != 0 {
			return d
		}
		return ph.e[p] - ph.e[q]
	}
	tie := func(p int) string { return fmt.Sprintf("E+A %d, Electability %d", sum(p), ph.e[p]) }
	switch {
	case g.parties:
		for i, m := range g.members {
			x, y := m[0], m[1]
			switch d := rank(x, y); {
			case d > 0:
				g.candidate[x] = true
			case d < 0:
				g.candidate[y] = true
			default:
				g.cuts[primary] = append(g.cuts[primary], &cut{rule: "E8", what: g.partyNames[i] + "'s Candidate", tie: tie(x), among: []int{x, y}, slots: 1})
			}
		}
	case n == 2:
		g.candidate[0], g.candidate[1] = true, true
	default:
		order := make([]int, n)
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(p, q int) int { return rank(q, p) })
		second := order[1]
		var above, level []int
		for p := range n {
			switch d := rank(p, second); {
			case d > 0:
				above = append(above, p)
			case d == 0:
				level = append(level, p)
			}
		}
		for _, p := range above {
			g.candidate[p] = true
		}
		if len(above)+len(level) <= 2 {
			for _, p := range level {
				g.candidate[p] = true
			}
			return
		}
		what := "the last Candidate place"
		if len(above) == 0 {
			what = "both Candidate places"
		}
		g.cuts[primary] = []*cut{{rule: "E6", what: what, tie: tie(second), among: level, slots: 2 - len(above)}}
	}
}

// resolveGeneral names the President, or the cut that will (E7).
func (g *game) resolveGeneral() {
	ph := &g.phases[general]
	total := func(p int) int { return ph.e[p] - ph.a[p] }
	var pool []int
	for p := range g.players {
		if g.candidate[p] && total(p) > 0 {
			pool = append(pool, p)
		}
	}
	rank := func(p, q int) int {
		if d := total(p) - total(q); d != 0 {
			return d
		}
		return ph.e[p] - ph.e[q]
	}
	tie := func(p int) string { return fmt.Sprintf("E−A %d, Electability %d", total(p), ph.e[p]) }
	if len(pool) == 0 {
		for p := range g.players {
			if !g.candidate[p] {
				pool = append(pool, p)
			}
		}
		if len(pool) == 0 {
			g.noPresident = true
			return
		}
		g.viaSpoiler = true
		rank = func(p, q int) int { return ph.e[p] - ph.e[q] }
		tie = func(p int) string { return fmt.Sprintf("Electability %d", ph.e[p]) }
	}
	best := []int{pool[0]}
	for _, p := range pool[1:] {
		switch d := rank(p, best[0]); {
		case d > 0:
			best = []int{p}
		case d == 0:
			best = append(best, p)
		}
	}
	if len(best) == 1 {
		g.president = best[0]
		return
	}
	g.cuts[general] = []*cut{{rule: "E7", what: "President", tie: tie(best[0]), among: best, slots: 1}}
}

// cards counts cards in words: "1 card", "3 cards".
func cards(n int) string {
	if n == 1 {
		return "1 card"
	}
	return fmt.Sprintf("%d cards", n)
}
