package tournament

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/kinds"
)

// flag is an illegal move's flag, with what would have been right.
func flag(seq int64, rule, hint, format string, args ...any) referee.Flag {
	f := referee.Flagf(seq, rule, referee.Illegal, format, args...)
	f.Hint = hint
	return f
}

// aside is the flag of a move the night cannot go on from: it is set aside (L8).
func aside(seq int64, rule, hint, format string, args ...any) []referee.Flag {
	return referee.Aside(flag(seq, rule, hint, format, args...))
}

// Apply implements referee.Game: the move is applied as the organiser made it, and what it
// breaks comes back as flags. A move that names no round or player it could act on is set
// aside.
func (n *Night) Apply(seq int64, m referee.Move) []referee.Flag {
	if rule, why := n.End(); rule != "" {
		return aside(seq, rule, "the tournament is over: nothing more is recorded", "%s", why)
	}
	switch m.Type {
	case TypeArrive, TypeRate, TypeDrop:
		var p player
		if err := json.Unmarshal(m.Payload, &p); err != nil {
			return aside(seq, "T1", "", "unreadable %s: %v", m.Type, err)
		}
		switch m.Type {
		case TypeArrive:
			return n.arrive(seq, p)
		case TypeRate:
			return n.rate(seq, p)
		}
		return n.drop(seq, p)
	case TypePaired:
		var p Paired
		if err := json.Unmarshal(m.Payload, &p); err != nil {
			return aside(seq, "T9", "", "unreadable pairing: %v", err)
		}
		return n.paired(seq, p)
	case TypeSeat:
		var s Seat
		if err := json.Unmarshal(m.Payload, &s); err != nil {
			return aside(seq, "T9", "", "unreadable seating: %v", err)
		}
		return n.seat(seq, s)
	case TypeEnd, TypeRelease:
		var r roundOf
		if err := json.Unmarshal(m.Payload, &r); err != nil {
			return aside(seq, "T9", "", "unreadable %s: %v", m.Type, err)
		}
		if m.Type == TypeEnd {
			return n.end(seq, r.Round)
		}
		return n.release(seq, r.Round)
	case TypeBye, TypeForfeit:
		var p playerIn
		if err := json.Unmarshal(m.Payload, &p); err != nil {
			return aside(seq, map[string]string{TypeBye: "T11", TypeForfeit: "T10"}[m.Type], "", "unreadable %s: %v", m.Type, err)
		}
		if m.Type == TypeBye {
			return n.askBye(seq, p)
		}
		return n.forfeit(seq, p)
	case TypeHere:
		var p player
		if err := json.Unmarshal(m.Payload, &p); err != nil {
			return aside(seq, "T1", "", "unreadable %s: %v", m.Type, err)
		}
		return n.checkIn(seq, p)
	case TypeApart:
		var a apartOf
		if err := json.Unmarshal(m.Payload, &a); err != nil {
			return aside(seq, "T13", "", "unreadable %s: %v", m.Type, err)
		}
		return n.keepApart(seq, a)
	case TypeKeep:
		var k Kept
		if err := json.Unmarshal(m.Payload, &k); err != nil {
			return aside(seq, "T13", "", "unreadable %s: %v", m.Type, err)
		}
		return n.keepTable(seq, k)
	case TypeTieBreaks:
		var tb tieBreaks
		if err := json.Unmarshal(m.Payload, &tb); err != nil {
			return aside(seq, "T14", "", "unreadable tie-breaks: %v", err)
		}
		return n.chooseTieBreaks(seq, tb.TieBreaks)
	case TypeClose:
		// The round in play ends with the night: its results are the director's (T16), and
		// it counts in the standings as its games stand.
		if r := n.inPlay(); r != nil {
			r.Ended = true
		}
		n.closed = true
		n.drawLots()
		return nil
	}
	return aside(seq, "T9", "", "%q is not a move of a tournament", m.Type)
}

func (n *Night) arrive(seq int64, p player) []referee.Flag {
	// By the tournament's own words only: a name its games refuse is refused when typed (Parse),
	// and a night recorded before that still replays.
	if _, err := newName(p.Player, isWord); err != nil {
		return aside(seq, "T1", "a name is one word, not a number, with no -", "%v", err)
	}
	e := n.entrant(p.Player)
	switch {
	case e != nil && e.Present:
		return aside(seq, "T1", "", "%s has entered already and is present", e.Name)
	case n.settings.Format == RoundRobin && len(n.rounds) > 0:
		// Applied as made: the round robin cannot pair its next round until it is voided.
		n.comeIn(e, p)
		return []referee.Flag{flag(seq, "T1", "nobody joins a round robin after round 1 (its tables are drawn for the field at round 1)",
			"%s arrives after round 1 of a round robin", p.Player)}
	}
	n.comeIn(e, p)
	return nil
}

// comeIn enters p, or brings back e, who had dropped, from the next round.
func (n *Night) comeIn(e *Entrant, p player) {
	if e == nil {
		n.enter(p.Player, p.Rating)
		return
	}
	e.Present, e.Arrived = true, len(n.rounds)+1
	if p.Rating != 0 {
		e.Rating = p.Rating
	}
}

func (n *Night) rate(seq int64, p player) []referee.Flag {
	e := n.entrant(p.Player)
	switch {
	case e == nil:
		return aside(seq, "T1", "rate an entrant: "+n.presentNames(), "%s has not entered%s", p.Player, referee.DidYouMean(p.Player, n.entrantNames()))
	case len(n.rounds) > 0:
		e.Rating = p.Rating
		return []referee.Flag{flag(seq, "T1", "ratings are given before round 1, whose order they decide (T5)",
			"%s is rated after round 1 was paired", e.Name)}
	}
	e.Rating = p.Rating
	return nil
}

// checkIn marks an entrant come, before round 1 (a check-in); the organiser drops those who
// did not come.
func (n *Night) checkIn(seq int64, p player) []referee.Flag {
	e := n.entrant(p.Player)
	switch {
	case e == nil || !e.Present:
		return aside(seq, "T1", "check in an entrant: "+n.presentNames(), "%s is not an entrant present%s", p.Player, referee.DidYouMean(p.Player, n.presentList()))
	case len(n.rounds) > 0:
		return aside(seq, "T1", "a late arrival arrives: arrive "+e.Name, "round 1 is paired: a check-in is before it")
	case e.Here:
		return aside(seq, "T1", "", "%s is checked in already", e.Name)
	}
	e.Here = true
	return nil
}

// keepApart takes two players who must not meet (T13), from the next round paired.
func (n *Night) keepApart(seq int64, a apartOf) []referee.Flag {
	var names [2]string
	for i, name := range a.Players {
		e := n.entrant(name)
		if e == nil {
			return aside(seq, "T13", "name two entrants: "+n.presentNames(), "%s has not entered%s", name, referee.DidYouMean(name, n.entrantNames()))
		}
		names[i] = e.Name
	}
	switch key := pairKey(names[0], names[1]); {
	case key[0] == key[1]:
		return aside(seq, "T13", "name two entrants", "%s is kept apart from themselves", key[0])
	case slices.Contains(n.apart, key):
		return aside(seq, "T13", "", "%s and %s are kept apart already", key[0], key[1])
	default:
		n.apart = append(n.apart, key)
	}
	return nil
}

// keepTable takes a player who must keep a table (T13), from the next round paired; a later
// one for the same player replaces it.
func (n *Night) keepTable(seq int64, k Kept) []referee.Flag {
	e := n.entrant(k.Player)
	switch {
	case e == nil:
		return aside(seq, "T13", "name an entrant: "+n.presentNames(), "%s has not entered%s", k.Player, referee.DidYouMean(k.Player, n.entrantNames()))
	case k.Table < 1:
		return aside(seq, "T13", "", "table %d: tables are numbered from 1", k.Table)
	}
	k.Player = e.Name
	n.keep = slices.DeleteFunc(n.keep, func(x Kept) bool { return x.Player == e.Name })
	n.keep = append(n.keep, k)
	return nil
}

// askBye takes a bye a player asks for (T11): before the round is paired, not twice for a
// round, not in a round robin, whose rounds are its tables' rows. More than the tournament
// allows, or one in the last round where it allows none, stands flagged.
func (n *Night) askBye(seq int64, p playerIn) []referee.Flag {
	e := n.entrant(p.Player)
	s := n.settings
	switch {
	case e == nil || !e.Present:
		return aside(seq, "T11", "a player present asks: "+n.presentNames(), "%s is not present%s", p.Player, referee.DidYouMean(p.Player, n.presentList()))
	case s.Format == RoundRobin:
		return aside(seq, "T11", "a round robin's rounds are its tables' rows: every pair meets", "a round robin takes no bye asked for")
	case p.Round <= len(n.rounds):
		return aside(seq, "T11", fmt.Sprintf("ask for round %d or later: bye %s %d", len(n.rounds)+1, e.Name, len(n.rounds)+1),
			"round %d is paired already: a bye is asked for before its round is paired", p.Round)
	case p.Round > s.Rounds:
		return aside(seq, "T11", "", "the tournament has %d rounds, not %d", s.Rounds, p.Round)
	case n.askedFor(e.Name, p.Round):
		return aside(seq, "T11", "", "%s has asked for a bye in round %d already", e.Name, p.Round)
	}
	n.asked = append(n.asked, Bye{Round: p.Round, Player: e.Name, Kind: ByeAsked, Half: s.AskedByeHalf})
	taken := 0
	for _, b := range n.asked {
		if b.Player == e.Name {
			taken++
		}
	}
	switch {
	case taken > s.AskedByes:
		return []referee.Flag{flag(seq, "T11", fmt.Sprintf("the tournament allows %d a player (asked_byes)", s.AskedByes),
			"%s asks for a bye %d times", e.Name, taken)}
	case p.Round == s.Rounds && !s.AskedByeLast:
		return []referee.Flag{flag(seq, "T11", "the tournament takes no bye asked for in its last round (asked_bye_last=off)",
			"%s asks for a bye in round %d, the last", e.Name, p.Round)}
	}
	return nil
}

// forfeit takes a player who did not come to the table in a round paired (T10): at a table of
// 2 they lose by forfeit and the opponent wins by it; the table's game does not count. At a
// larger table the others play on without the absent player, a game of their own made for the
// forfeit (Forfeit.Seated), as long as the game is played by so few; the absent player takes
// the last place. A table left with one player is won by forfeit. A player with two forfeit
// losses running is dropped.
func (n *Night) forfeit(seq int64, p playerIn) []referee.Flag {
	if p.Round < 1 || p.Round > len(n.rounds) {
		return aside(seq, "T10", "", "round %d is not paired", p.Round)
	}
	r := &n.rounds[p.Round-1]
	name := p.Player
	if e := n.entrant(name); e != nil {
		name = e.Name
	}
	at := slices.IndexFunc(r.Tables, func(t Table) bool { return slices.Contains(t.Players, name) })
	if at < 0 {
		return aside(seq, "T10", "", "%s is not seated in round %d%s", p.Player, p.Round, referee.DidYouMean(p.Player, seatedIn(r.Tables)))
	}
	t := r.Tables[at]
	playing := r.PlayingAt(t.Table)
	switch {
	case len(playing) < 2:
		return aside(seq, "T10", "", "table %d of round %d is forfeited already", t.Table, p.Round)
	case !slices.Contains(playing, name):
		return aside(seq, "T10", "", "%s is forfeited already at table %d of round %d", name, t.Table, p.Round)
	}
	others := slices.DeleteFunc(slices.Clone(playing), func(q string) bool { return q == name })
	f := Forfeit{Table: t.Table, Absent: name, Others: others}
	if len(others) >= 2 {
		if rules, ok := kinds.All()[n.settings.Game]; ok && len(others) < leastOf(rules) {
			return aside(seq, "T10", fmt.Sprintf("seat round %d by hand without %s (seat %d …)", p.Round, name, p.Round),
				"at table %d the others cannot play on without %s: %s is played by %d at least", t.Table, name, n.settings.Game, leastOf(rules))
		}
		f.Seated = seq
	}
	r.Forfeits = append(r.Forfeits, f)
	if p.Round > 1 && slices.ContainsFunc(n.rounds[p.Round-2].Forfeits, func(f Forfeit) bool { return f.Absent == name }) {
		if e := n.entrant(name); e != nil {
			e.Present = false // two forfeit losses running (T10)
		}
	}
	return nil
}

// leastOf is how few players rules' game may be played by.
func leastOf(rules referee.Rules) int {
	least, _ := rules.Players()
	return least
}

// seatedIn lists the players seated at tables, for a suggestion.
func seatedIn(tables []Table) []string {
	var names []string
	for _, t := range tables {
		names = append(names, t.Players...)
	}
	return names
}

// lotStream is the stream of the seed the lot is drawn from: no round's shuffle uses it (those
// are numbered by their rounds).
const lotStream = 1 << 40

// drawLots draws the lot that parts the final ties (T15): every entrant in order of entry,
// shuffled by the tournament's seed, so that the same log draws the same lot on any machine.
func (n *Night) drawLots() {
	order := make([]int, len(n.entrants))
	for i := range order {
		order[i] = i
	}
	rng := rand.New(rand.NewPCG(n.settings.Seed, lotStream))
	rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	for drawn, i := range order {
		n.entrants[i].Lot = drawn + 1
	}
}

// chooseTieBreaks takes the tie-breaks chosen again. Once round 1 is paired they are locked
// (T14): a change stands, as the director made it, flagged, and kept for the slips to say.
func (n *Night) chooseTieBreaks(seq int64, names []string) []referee.Flag {
	tbs, err := tieBreaksOf(names)
	if err != nil {
		return aside(seq, "T14", "tie-breaks "+strings.Join(TieBreaks, ","), "%v", err)
	}
	from := n.settings.TieBreaks
	n.settings.TieBreaks = tbs
	if len(n.rounds) == 0 {
		return nil
	}
	n.changes = append(n.changes, TieBreakChange{Seq: seq, Paired: len(n.rounds), From: slices.Clone(from), To: slices.Clone(tbs)})
	return []referee.Flag{flag(seq, "T14", "the tie-breaks are chosen before round 1 is paired; every slip printed after this says so",
		"the tie-breaks are changed from %s to %s after round %d was paired", strings.Join(from, ", "), strings.Join(tbs, ", "), len(n.rounds))}
}

func (n *Night) drop(seq int64, p player) []referee.Flag {
	e := n.entrant(p.Player)
	if e == nil || !e.Present {
		return aside(seq, "T1", "drop a player present: "+n.presentNames(), "%s is not present%s", p.Player, referee.DidYouMean(p.Player, n.presentList()))
	}
	if len(n.rounds) > 0 {
		e.Present = false
		return nil
	}
	// Before round 1 a player who leaves never entered: the pairing numbers close up.
	n.entrants = slices.DeleteFunc(n.entrants, func(x Entrant) bool { return x.Name == e.Name })
	for i := range n.entrants {
		n.entrants[i].Number = i + 1
	}
	return nil
}

func (n *Night) presentNames() string {
	names := n.presentList()
	if len(names) == 0 {
		return "nobody is present"
	}
	return strings.Join(names, " ")
}

// presentList is the names of the players present, in order of entry.
func (n *Night) presentList() []string {
	var names []string
	for _, e := range n.present() {
		names = append(names, e.Name)
	}
	return names
}

// entrantNames is the name of every entrant, in order of entry.
func (n *Night) entrantNames() []string {
	names := make([]string, len(n.entrants))
	for i, e := range n.entrants {
		names[i] = e.Name
	}
	return names
}

func (n *Night) end(seq int64, round int) []referee.Flag {
	r := n.inPlay()
	switch {
	case r == nil:
		return aside(seq, "T9", "pair a round before ending it", "no round is in play")
	case round != r.Round:
		return aside(seq, "T9", fmt.Sprintf("end %d", r.Round), "round %d is not in play (round %d is)", round, r.Round)
	}
	r.Ended = true
	return nil
}

func (n *Night) release(seq int64, round int) []referee.Flag {
	r := n.latest()
	switch {
	case !n.settings.Confirm:
		return aside(seq, "T9", "with confirm=off the next round is paired once this one ends", "a release is for a tournament with confirm=on")
	case r == nil || r.Round != round:
		return aside(seq, "T9", "", "round %d is not the latest round paired", round)
	case !r.Ended:
		return aside(seq, "T9", fmt.Sprintf("end %d, then release it", r.Round), "round %d is still in play", r.Round)
	}
	r.Released = true
	return nil
}

// paired records a round's pairing as made. Its input must be the night's own (the players
// present and their rounds so far), and its output is judged against that input.
func (n *Night) paired(seq int64, p Paired) []referee.Flag {
	next := len(n.rounds) + 1
	switch r := n.latest(); {
	case p.Round != next || p.Input.Round != next || p.Output.Round != next:
		return aside(seq, "T9", "", "the pairing is of round %d (input %d, output %d); the next round is %d", p.Round, p.Input.Round, p.Output.Round, next)
	case r != nil && !r.Ended:
		return aside(seq, "T9", fmt.Sprintf("end %d first", r.Round), "round %d is still in play", r.Round)
	}
	var flags []referee.Flag
	if n.rules.Judges() {
		if flags = n.checkInput(seq, p.Input); len(flags) == 0 {
			flags = n.judged(seq, p.Input, p.Output)
		}
	}
	n.rounds = append(n.rounds, RoundState{Round: next, Input: cloneInput(p.Input),
		Tables: cloneTables(p.Output.Tables), Byes: slices.Clone(p.Output.Byes), Seated: seq, GaveWay: slices.Clone(p.Output.GaveWay)})
	return flags
}

// checkInput holds a pairing's input to the night: everything but the standings' order and
// points (which need the games' results) is the night's own, as NextInput gives it.
func (n *Night) checkInput(seq int64, in Input) []referee.Flag {
	order := make([]string, len(in.Players))
	points := map[string]float64{}
	for i, p := range in.Players {
		order[i] = p.Name
		points[p.Name] = p.Points
	}
	want := n.NextInput(order, points)
	got := map[string]bool{}
	for _, p := range in.Players {
		got[p.Name] = true
	}
	var missing, extra []string
	for _, p := range want.Players {
		if !got[p.Name] {
			missing = append(missing, p.Name)
		}
		delete(got, p.Name)
	}
	extra = sortedKeys(got)
	if len(missing) > 0 || len(extra) > 0 || len(in.Players) != len(want.Players) {
		var what []string
		if len(missing) > 0 {
			what = append(what, "leaves out "+strings.Join(missing, ", ")+", present")
		}
		if len(extra) > 0 {
			what = append(what, "pairs "+strings.Join(extra, ", ")+", not present")
		}
		if len(what) == 0 {
			what = append(what, "names a player twice")
		}
		return []referee.Flag{flag(seq, "T1", "pair the players present: "+n.presentNames(),
			"round %d's pairing %s", in.Round, strings.Join(what, " and "))}
	}
	if in.Round == 1 && !slices.Equal(order, namesOf(want.Players)) {
		return []referee.Flag{flag(seq, "T5", "round 1's order: "+strings.Join(namesOf(want.Players), " "),
			"round 1 is listed in an order neither by rating nor the seed's")}
	}
	// A night paired before the turns at smaller tables were counted recorded none: it is held
	// to what it recorded, as it was then (TR4).
	if !slices.ContainsFunc(in.Players, func(p Player) bool { return p.Small > 0 }) {
		for i := range want.Players {
			want.Players[i].Small = 0
		}
	}
	wantJSON, _ := json.Marshal(want)
	gotJSON, _ := json.Marshal(in)
	if string(wantJSON) != string(gotJSON) {
		return []referee.Flag{flag(seq, "T9", "pair from the tournament's own record of its rounds",
			"round %d's input differs from the tournament's log: %s", in.Round, inputDiff(in, want))}
	}
	return nil
}

func namesOf(ps []Player) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Name
	}
	return out
}

// inputDiff says the first way in differs from want, which lists the same players.
func inputDiff(in, want Input) string {
	switch {
	case in.Format != want.Format || in.Kind != want.Kind || in.TableSize != want.TableSize || in.Seed != want.Seed || in.Double != want.Double:
		return fmt.Sprintf("its settings (%s %s at %d, seed %d) are not the tournament's (%s %s at %d, seed %d)",
			in.Kind, in.Format, in.TableSize, in.Seed, want.Kind, want.Format, want.TableSize, want.Seed)
	case in.Entrants != want.Entrants:
		return fmt.Sprintf("entrants %d, not %d", in.Entrants, want.Entrants)
	case !slices.Equal(in.Dropped, want.Dropped):
		return fmt.Sprintf("dropped %v, not %v", in.Dropped, want.Dropped)
	case !slices.Equal(in.Away, want.Away):
		return fmt.Sprintf("away %v, not %v", in.Away, want.Away)
	case !slices.Equal(in.Apart, want.Apart):
		return fmt.Sprintf("kept apart %v, not %v", in.Apart, want.Apart)
	case !slices.Equal(in.Keep, want.Keep):
		return fmt.Sprintf("keeping tables %v, not %v", in.Keep, want.Keep)
	}
	byName := map[string]Player{}
	for _, p := range want.Players {
		byName[p.Name] = p
	}
	for _, p := range in.Players {
		w := byName[p.Name]
		w.Points = p.Points
		a, _ := json.Marshal(p)
		b, _ := json.Marshal(w)
		if string(a) != string(b) {
			return fmt.Sprintf("%s is %s, the log says %s", p.Name, a, b)
		}
	}
	return "the order of its players"
}

// seat replaces the round in play's pairing with one made by hand, judged against that round's
// recorded input.
func (n *Night) seat(seq int64, s Seat) []referee.Flag {
	r := n.inPlay()
	switch {
	case r == nil:
		return aside(seq, "T9", "a pairing is changed by hand while its round is in play", "no round is in play")
	case s.Round != r.Round:
		return aside(seq, "T9", fmt.Sprintf("seat %d …", r.Round), "round %d is not in play (round %d is)", s.Round, r.Round)
	}
	tables := cloneTables(s.Tables)
	for i := range tables {
		if tables[i].First == "" && len(tables[i].Players) > 0 {
			tables[i].First = tables[i].Players[0]
		}
	}
	flags := n.judged(seq, r.Input, Output{Round: s.Round, Tables: tables, Byes: s.Byes})
	r.Tables, r.Byes, r.ByHand, r.Seated = tables, slices.Clone(s.Byes), true, seq
	return flags
}
