package article2

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/refereetest"
)

// simTable is a game of Article II at a simulated table: the real hands, the cards in play
// and the results, worked out as an independent judge does. Its breaches: a card played out
// of turn or before the phase's start (E4, set aside), a Voter ADHD that discards nothing while
// cards are in play, or aims at another ADHD, a card already discarded or a card its target
// does not have in play (E5, spent for nothing), the General started before the Primary's cut
// (E6, or E8 in parties) and a cut won by a player outside the tie (E6, E7, E8, set aside). Each
// is plain from the record at its own event: nothing in Article II limits what a player may
// play from his hand beyond the deck's counts, so a hidden hand never makes an earlier play a
// breach, and a card kind played once more than the deck holds is a typo nobody could make
// with real cards.
type simTable struct {
	rng     *rand.Rand
	setup   events.Created
	names   []string
	parties [][2]int

	hands     [][]kind
	table     []onTable // the cards in play, in the order played
	e, a      []int
	adhds     []int64 // the events of the Voter ADHDs played
	discarded []int64 // the events of the cards they discarded
	// early is the General's starter when the table started it before the Primary's cut.
	early int
	// evener: the players aim at a level result, each playing the card and target that bring
	// the closest rivals for a place closest, so that ties, and the cuts that break them,
	// come often; elsewhere they play at random.
	evener    bool
	candidate []bool
}

func dealArticle2(rng *rand.Rand, names []string) refereetest.Table {
	options := map[string]string{"parties": []string{"off", "on"}[rng.IntN(2)]}
	n := 4
	if options["parties"] != "on" {
		n = 2 + rng.IntN(3)
	}
	t := &simTable{rng: rng, names: names[:n], early: referee.Nobody, evener: rng.IntN(2) == 0}
	t.setup, t.parties = seating(options, t.names)
	return t
}

func (t *simTable) Setup() events.Created { return t.setup }

// Play implements refereetest.Table.
func (t *simTable) Play(ty refereetest.Typist) {
	n := len(t.names)
	pile := shuffled(t.rng)
	t.e, t.a = make([]int, n), make([]int, n)
	t.candidate = make([]bool, n)
	for ph := range 2 {
		t.hands, pile = deal(pile, n)
		starter := t.early
		if starter == referee.Nobody {
			starter = t.rng.IntN(n)
			ty.Act(referee.NewMove(TypeStart, "", payload{Player: t.names[starter]}), t.beforeStart()...)
		}
		for turn := range n * HandSize {
			t.turn(ty, ph, (starter+turn)%n)
		}
		if ph == primary {
			won, ties := primaryResult(t.e, t.a, t.parties)
			rule := "E6"
			if t.parties != nil {
				rule = "E8"
			}
			for _, p := range append(won, t.cut(ty, ties, rule, true)...) {
				t.candidate[p] = true
			}
			continue
		}
		if best := generalResult(t.e, t.a, t.candidate); len(best) > 1 {
			t.cut(ty, []tie{{best, 1}}, "E7", false)
		}
	}
	// A player plays on after the General's result, as though a third phase followed (E7).
	p := t.rng.IntN(n)
	ty.AfterEnd(referee.NewMove(TypePlay, t.names[p], payload{Card: deck[0].Key, Target: t.names[p]}))
}

// beforeStart are the plays of a card from a hand just dealt before the table names who
// starts the phase (E4).
func (t *simTable) beforeStart() []refereetest.Breach {
	var out []refereetest.Breach
	for p := range t.names {
		out = append(out, refereetest.Breach{Move: t.lawful(p), Rule: "E4", What: "play before the start", Open: true, SetAside: true})
	}
	return out
}

// lawful is a card p may play from his hand now, chosen at random: on a random player, or
// for Voter ADHD on a random card in play, named by its event, or on nothing when none is.
func (t *simTable) lawful(p int) referee.Move {
	k := t.hands[p][t.rng.IntN(len(t.hands[p]))]
	switch {
	case k != adhd:
		return referee.NewMove(TypePlay, t.names[p], payload{Card: deck[k].Key, Target: t.names[t.rng.IntN(len(t.names))]})
	case len(t.table) == 0:
		return referee.NewMove(TypePlay, t.names[p], payload{Card: deck[adhd].Key})
	}
	return referee.NewMove(TypePlay, t.names[p], payload{Card: deck[adhd].Key, Seq: t.table[t.rng.IntN(len(t.table))].seq})
}

// level is the play of p's that leaves the closest rivals for a place of phase ph closest,
// one of those equally close at random.
func (t *simTable) level(ph, p int) referee.Move {
	var best referee.Move
	closest, equal := -1, 0
	for _, k := range t.hands[p] {
		var plays []payload
		switch {
		case k != adhd:
			for _, name := range t.names {
				plays = append(plays, payload{Card: deck[k].Key, Target: name})
			}
		case len(t.table) == 0:
			plays = append(plays, payload{Card: deck[adhd].Key})
		default:
			for _, c := range t.table {
				plays = append(plays, payload{Card: deck[adhd].Key, Seq: c.seq})
			}
		}
		for _, pl := range plays {
			on, sign, c := t.effect(pl)
			e, a := slices.Clone(t.e), slices.Clone(t.a)
			if on != referee.Nobody {
				e[on] += sign * deck[c].Electability
				a[on] += sign * deck[c].Affiliation
			}
			switch d := t.gap(ph, e, a); {
			case closest < 0 || d < closest:
				best, closest, equal = referee.NewMove(TypePlay, t.names[p], pl), d, 1
			case d == closest:
				if equal++; t.rng.IntN(equal) == 0 {
					best = referee.NewMove(TypePlay, t.names[p], pl)
				}
			}
		}
	}
	return best
}

// gap is how far apart the closest rivals for a place are after phase ph: a party's two
// players, or the second and third in the Primary; the best two the General judges.
func (t *simTable) gap(ph int, e, a []int) int {
	dist := func(key func(int) [2]int, p, q int) int {
		x, y := key(p), key(q)
		return abs(x[0]-y[0]) + abs(x[1]-y[1])
	}
	var pool []int
	key := primaryKey(e, a)
	switch {
	case ph == primary && t.parties != nil:
		return min(dist(key, 0, 2), dist(key, 1, 3))
	case ph == primary:
		for p := range t.names {
			pool = append(pool, p)
		}
		if len(pool) == 2 {
			return 0 // both are Candidates
		}
		pool = ranked(pool, key)[1:]
	default:
		pool, key = generalPool(e, a, t.candidate)
		pool = ranked(pool, key)
	}
	if len(pool) < 2 {
		return 1000
	}
	return dist(key, pool[0], pool[1])
}

func abs(x int) int { return max(x, -x) }

// effect is what a play does to the attributes: sign times the card's effect, on a player,
// or on nobody (a Voter ADHD on nothing, or aimed where E5 forbids).
func (t *simTable) effect(pl payload) (on, sign int, k kind) {
	k, _ = byKey(pl.Card)
	if k != adhd {
		return slices.Index(t.names, pl.Target), 1, k
	}
	for _, c := range t.table {
		if pl.Seq != 0 && c.seq == pl.Seq {
			return c.on, -1, c.card
		}
	}
	return referee.Nobody, 0, k
}

// turn is p's turn: a lawful card, or now and then a card played out of turn by another
// player who still holds one, or a Voter ADHD p holds aimed where E5 forbids.
func (t *simTable) turn(ty refereetest.Typist, ph, p int) {
	var breaches []refereetest.Breach
	for q := range t.names {
		if q != p && len(t.hands[q]) > 0 {
			breaches = append(breaches, refereetest.Breach{Move: t.lawful(q), Rule: "E4", What: "play out of turn", Open: true, SetAside: true})
		}
	}
	if slices.Contains(t.hands[p], adhd) {
		breaches = append(breaches, t.badADHDs(p)...)
	}
	lawful := t.lawful(p)
	if t.evener {
		lawful = t.level(ph, p)
	}
	done, seq := ty.Act(lawful, breaches...)
	if done.Actor != t.names[p] {
		panic("a play by " + done.Actor + " stands on " + t.names[p] + "'s turn")
	}
	pl := refereetest.Payload[payload](done)
	k, _ := byKey(pl.Card)
	i := slices.Index(t.hands[p], k)
	t.hands[p] = slices.Delete(t.hands[p], i, i+1)
	// A Voter ADHD aimed where E5 forbids is spent for nothing (on is nobody).
	on, sign, c := t.effect(pl)
	if on != referee.Nobody {
		t.e[on] += sign * deck[c].Electability
		t.a[on] += sign * deck[c].Affiliation
	}
	if k != adhd {
		t.table = append(t.table, onTable{seq, k, on})
		return
	}
	t.adhds = append(t.adhds, seq)
	if on != referee.Nobody {
		t.table = slices.DeleteFunc(t.table, func(c onTable) bool { return c.seq == pl.Seq })
		t.discarded = append(t.discarded, pl.Seq)
	}
}

// badADHDs are the ways p may play a Voter ADHD he holds that E5 forbids: on nothing while
// cards are in play, on an earlier ADHD, on a card already discarded, or on a card its target
// has none of in play.
func (t *simTable) badADHDs(p int) []refereetest.Breach {
	who := t.names[p]
	bad := func(what string, pl payload) refereetest.Breach {
		pl.Card = deck[adhd].Key
		return refereetest.Breach{Move: referee.NewMove(TypePlay, who, pl), Rule: "E5", What: what, Open: true}
	}
	var out []refereetest.Breach
	if len(t.table) > 0 {
		out = append(out, bad("ADHD on nothing while cards are in play", payload{}))
	}
	if len(t.adhds) > 0 {
		out = append(out, bad("ADHD on an ADHD", payload{Seq: t.adhds[t.rng.IntN(len(t.adhds))]}))
	}
	if len(t.discarded) > 0 {
		out = append(out, bad("ADHD on a card already discarded", payload{Seq: t.discarded[t.rng.IntN(len(t.discarded))]}))
	}
	on := t.rng.IntN(len(t.names))
	k := kind(t.rng.IntN(kinds - 1)) // any kind but Voter ADHD
	if !slices.ContainsFunc(t.table, func(c onTable) bool { return c.on == on && c.card == k }) {
		out = append(out, bad("ADHD on a card not in play", payload{Target: t.names[on], Discard: deck[k].Key}))
	}
	return out
}

// cut records the winners of the ties, one draw each, every tie open until its last winner
// is drawn. A player waiting in none of the open ties may be named instead (set aside); in
// the Primary the table may start the General first, and then plays on from that start.
func (t *simTable) cut(ty refereetest.Typist, ties []tie, rule string, primary bool) []int {
	var won []int
	waiting := make([][]int, len(ties))
	for i, tt := range ties {
		waiting[i] = slices.Clone(tt.among)
	}
	for i, tt := range ties {
		for range tt.slots {
			w := waiting[i][t.rng.IntN(len(waiting[i]))]
			var breaches []refereetest.Breach
			for p := range t.names {
				if !slices.ContainsFunc(waiting, func(ps []int) bool { return slices.Contains(ps, p) }) {
					breaches = append(breaches, refereetest.Breach{Move: referee.NewMove(TypeDraw, "", payload{Player: t.names[p]}), Rule: rule, What: "draw outside the tie", Open: true, SetAside: true})
				}
			}
			if primary && t.early == referee.Nobody {
				starter := t.rng.IntN(len(t.names))
				breaches = append(breaches, refereetest.Breach{Move: referee.NewMove(TypeStart, "", payload{Player: t.names[starter]}), Rule: rule, What: "General started before the cut", Open: true})
			}
			for {
				done, _ := ty.Act(referee.NewMove(TypeDraw, "", payload{Player: t.names[w]}), breaches...)
				if done.Type == TypeDraw {
					break
				}
				t.early = slices.Index(t.names, refereetest.Payload[payload](done).Player)
				breaches = slices.DeleteFunc(breaches, func(b refereetest.Breach) bool { return b.Move.Type == TypeStart })
			}
			won = append(won, w)
			waiting[i] = slices.DeleteFunc(waiting[i], func(p int) bool { return p == w })
		}
		waiting[i] = nil
	}
	return won
}

var (
	hintStart   = regexp.MustCompile(`: start (\w+(?:\|\w+)*)`)
	hintDraw    = regexp.MustCompile(`: draw (\w+(?:\|\w+)*)`)
	hintPlayer  = regexp.MustCompile(`card \d+ of \d+: (\w+) plays`)
	hintExample = regexp.MustCompile(`e\.g\. (\w+) (\w+)\)`)
)

// hintMoves reads the moves an Article II hint names: each start and draw it offers, and, by
// the player it names to play, its example card and a Voter ADHD alone when it offers one. A
// card's short name is what a move stores, so the words are taken as they stand.
func hintMoves(_ referee.Game, hint string) []referee.Move {
	var out []referee.Move
	for _, m := range hintStart.FindAllStringSubmatch(hint, -1) {
		for _, who := range strings.Split(m[1], "|") {
			out = append(out, referee.NewMove(TypeStart, "", payload{Player: who}))
		}
	}
	for _, m := range hintDraw.FindAllStringSubmatch(hint, -1) {
		for _, who := range strings.Split(m[1], "|") {
			out = append(out, referee.NewMove(TypeDraw, "", payload{Player: who}))
		}
	}
	who := hintPlayer.FindStringSubmatch(hint)
	if who == nil {
		return out
	}
	if m := hintExample.FindStringSubmatch(hint); m != nil {
		out = append(out, referee.NewMove(TypePlay, who[1], payload{Card: m[1], Target: m[2]}))
	}
	if strings.Contains(hint, "adhd alone discards nothing") {
		out = append(out, referee.NewMove(TypePlay, who[1], payload{Card: deck[adhd].Key}))
	}
	return out
}

// TestSimulatedTable plays Article II at simulated tables whose hands are known, two to four
// players, with and without parties, with players who now and then play out of turn or before
// the start (E4), aim a Voter ADHD where E5 forbids, start the General before the Primary's cut
// (E6, E8) or win a cut they were not in (E6, E7, E8), and a typist who mistypes and corrects:
// every breach is flagged on its own event, no lawful act is flagged, and the guidance is always
// true.
func TestSimulatedTable(t *testing.T) {
	refereetest.Simulate(t, Rules{}, refereetest.Config{},
		refereetest.SimConfig{Games: 2000, Deal: dealArticle2, HintMoves: hintMoves})
}
