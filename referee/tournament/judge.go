package tournament

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/tableside/tableside/referee"
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
	case TypeClose:
		n.closed = true
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
	e := n.entry(p.Player)
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
func (n *Night) comeIn(e *Entry, p player) {
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
	e := n.entry(p.Player)
	switch {
	case e == nil:
		return aside(seq, "T1", "rate an entrant: "+n.presentNames(), "%s has not entered%s", p.Player, referee.DidYouMean(p.Player, n.entryNames()))
	case len(n.rounds) > 0:
		e.Rating = p.Rating
		return []referee.Flag{flag(seq, "T1", "ratings are given before round 1, whose order they decide (T5)",
			"%s is rated after round 1 was paired", e.Name)}
	}
	e.Rating = p.Rating
	return nil
}

func (n *Night) drop(seq int64, p player) []referee.Flag {
	e := n.entry(p.Player)
	if e == nil || !e.Present {
		return aside(seq, "T1", "drop a player present: "+n.presentNames(), "%s is not present%s", p.Player, referee.DidYouMean(p.Player, n.presentList()))
	}
	if len(n.rounds) > 0 {
		e.Present = false
		return nil
	}
	// Before round 1 a player who leaves never entered: the pairing numbers close up.
	n.entries = slices.DeleteFunc(n.entries, func(x Entry) bool { return x.Name == e.Name })
	for i := range n.entries {
		n.entries[i].Number = i + 1
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

// entryNames is the name of every entrant, in order of entry.
func (n *Night) entryNames() []string {
	names := make([]string, len(n.entries))
	for i, e := range n.entries {
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
	flags := n.checkInput(seq, p.Input)
	if len(flags) == 0 {
		flags = judge(seq, p.Input, p.Output)
	}
	n.rounds = append(n.rounds, RoundState{Round: next, Input: cloneInput(p.Input),
		Tables: cloneTables(p.Output.Tables), Byes: slices.Clone(p.Output.Byes), Seated: seq})
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
	flags := judge(seq, r.Input, Output{Round: s.Round, Tables: tables, Byes: s.Byes})
	r.Tables, r.Byes, r.ByHand, r.Seated = tables, slices.Clone(s.Byes), true, seq
	return flags
}

// judge holds a round's pairing out to its input by T1–T7: out must seat everyone present once
// and be as good as the pairing Pair(in) makes by each ruling, in the rulings' order.
func judge(seq int64, in Input, out Output) []referee.Flag {
	r, err := read(in)
	var best Output
	if err == nil {
		best, err = r.pair()
	}
	if err != nil {
		return []referee.Flag{flag(seq, "T9", "pair from the tournament's own record of its rounds", "round %d cannot be paired from its input: %v", in.Round, err)}
	}
	hint := "as paired: " + seatingWords(best.Tables, best.Byes)
	if f := r.seatsEveryone(seq, out, hint); f != nil {
		return []referee.Flag{*f}
	}
	if f := r.sized(seq, out, hint); f != nil {
		return []referee.Flag{*f}
	}
	var flags []referee.Flag
	switch {
	case r.Format == RoundRobin:
		flags = r.berger(seq, out, best, hint)
	case r.TableSize == 2:
		flags = r.pairsAsGood(seq, out, best, hint)
	default:
		mine, theirs := r.seatingOf(out.Tables).repeats(), r.seatingOf(best.Tables).repeats()
		if mine > theirs {
			flags = append(flags, flag(seq, "T6", hint, "%d pairs meet again at round %d's tables; a seating with %d exists", mine, r.Round, theirs))
		}
	}
	if r.Format != RoundRobin {
		flags = append(flags, r.firsts(seq, out)...)
	}
	return flags
}

// seatsEveryone is T1: each player present seated once or given the bye, and nobody else.
func (r *round) seatsEveryone(seq int64, out Output, hint string) *referee.Flag {
	count := map[string]int{}
	for _, t := range out.Tables {
		for _, p := range t.Players {
			count[p]++
		}
	}
	for _, b := range out.Byes {
		count[b]++
	}
	var wrong []string
	for _, name := range sortedKeys(count) {
		switch {
		case r.byName[name] == nil:
			wrong = append(wrong, name+" is not present")
		case count[name] > 1:
			wrong = append(wrong, fmt.Sprintf("%s is seated %d times", name, count[name]))
		}
	}
	for _, p := range r.players {
		if count[p.Name] == 0 {
			wrong = append(wrong, p.Name+" is neither seated nor given the bye")
		}
	}
	if len(wrong) == 0 {
		return nil
	}
	f := flag(seq, "T1", hint, "round %d: %s", r.Round, strings.Join(wrong, "; "))
	return &f
}

// sized is T2: tables of the sizes the count and the table size give, and a bye only at
// tables of 2.
func (r *round) sized(seq int64, out Output, hint string) *referee.Flag {
	var got []int
	for _, t := range out.Tables {
		got = append(got, len(t.Players))
	}
	slices.SortFunc(got, func(a, b int) int { return b - a })
	var want []int
	var byes int
	if r.TableSize == 2 {
		for range len(r.players) / 2 {
			want = append(want, 2)
		}
		byes = len(r.players) % 2
		if r.Format == RoundRobin {
			// Berger's tables give a bye to each player whose opponent is the blank or dropped.
			want, byes = got, len(out.Byes)
			for _, size := range got {
				if size != 2 {
					want = nil
				}
			}
		}
	} else {
		want = r.sizes()
	}
	if slices.Equal(got, want) && len(out.Byes) == byes {
		return nil
	}
	f := flag(seq, "T2", hint, "round %d seats tables of %s with %d %s; %d players at tables of %d are seated at %s with %d",
		r.Round, sizesWords(got), len(out.Byes), referee.Plural(len(out.Byes), "bye", "byes"), len(r.players), r.TableSize, sizesWords(want), byes)
	return &f
}

func sizesWords(sizes []int) string {
	if len(sizes) == 0 {
		return "none"
	}
	words := make([]string, len(sizes))
	for i, s := range sizes {
		words[i] = fmt.Sprint(s)
	}
	return strings.Join(words, ", ")
}

// berger is T4 in a round robin: the round is its row of Berger's tables, who is first
// included (T7).
func (r *round) berger(seq int64, out, best Output, hint string) []referee.Flag {
	key := func(t Table) string { return strings.Join(slices.Sorted(slices.Values(t.Players)), "-") }
	firstAt := map[string]string{}
	for _, t := range best.Tables {
		firstAt[key(t)] = t.First
	}
	var flags []referee.Flag
	var strays, wrongFirst []string
	for _, t := range out.Tables {
		first, ok := firstAt[key(t)]
		switch {
		case !ok:
			strays = append(strays, strings.Join(t.Players, " v "))
		case t.First != first:
			wrongFirst = append(wrongFirst, fmt.Sprintf("%s, not %s, at table %d", first, t.First, t.Table))
		}
	}
	if len(strays) > 0 {
		flags = append(flags, flag(seq, "T4", hint, "round %d of a round robin is its row of Berger's tables, which does not pair %s", r.Round, strings.Join(strays, ", ")))
	} else if len(wrongFirst) > 0 {
		flags = append(flags, flag(seq, "T7", hint, "Berger's tables make first %s", strings.Join(wrongFirst, "; ")))
	}
	return flags
}

// pairsAsGood is T3, T4 and T5 at tables of 2: the bye, the rematches and the points
// differences no worse than best's.
func (r *round) pairsAsGood(seq int64, out, best Output, hint string) []referee.Flag {
	var flags []referee.Flag
	sameBye := slices.Equal(out.Byes, best.Byes)
	if !sameBye && !r.equallyRightBye(out.Byes[0], best) {
		b := r.byName[best.Byes[0]]
		flags = append(flags, flag(seq, "T3", "give the bye to "+b.Name,
			"%s has the bye: it goes to %s (the fewest byes, %d, then the lowest in the standings for whom the rest pair with the fewest rematches)",
			out.Byes[0], b.Name, b.Byes))
	}
	mine, theirs := r.pairsOf(out.Tables), r.pairsOf(best.Tables)
	if rm, rt := rematches(mine), rematches(theirs); rm > rt {
		var again []string
		for _, pq := range mine {
			if pq[0].met[pq[1].Name] > 0 {
				again = append(again, pq[0].Name+" and "+pq[1].Name)
			}
		}
		flags = append(flags, flag(seq, "T4", hint, "%s meet again, while round %d pairs with %d %s",
			strings.Join(again, ", "), r.Round, rt, referee.Plural(rt, "rematch", "rematches")))
	} else if r.Format == Swiss && rm == rt && sameBye {
		if dm, dt := diffs(mine), diffs(theirs); dm > dt {
			flags = append(flags, flag(seq, "T5", hint, "the points paired players differ by total %v; round %d pairs with %v",
				float64(dm)/unitsPerPoint, r.Round, float64(dt)/unitsPerPoint))
		}
	}
	return flags
}

// equallyRightBye reports whether T3's words give the bye to name as rightly as to best's: as
// few byes, as low in the standings by points, and the rest paired with no more rematches.
func (r *round) equallyRightBye(name string, best Output) bool {
	b, w := r.byName[name], r.byName[best.Byes[0]]
	if b.Byes != w.Byes || b.units != w.units {
		return false
	}
	rest, err := r.match(without(r.players, b))
	return err == nil && rematches(rest) <= rematches(r.pairsOf(best.Tables))
}

// pairsOf reads tables of 2 as pairs of the round's entrants.
func (r *round) pairsOf(ts []Table) [][2]*entrant {
	out := make([][2]*entrant, len(ts))
	for i, t := range ts {
		out[i] = [2]*entrant{r.byName[t.Players[0]], r.byName[t.Players[1]]}
	}
	return out
}

// diffs is the total difference in points between paired players, in 120ths.
func diffs(pairs [][2]*entrant) int64 {
	var sum int64
	for _, pq := range pairs {
		sum += max(pq[0].units-pq[1].units, pq[1].units-pq[0].units)
	}
	return sum
}

// seatingOf reads tables as a seating of the round's entrants.
func (r *round) seatingOf(ts []Table) seating {
	s := make(seating, len(ts))
	for i, t := range ts {
		for _, p := range t.Players {
			s[i] = append(s[i], r.byName[p])
		}
	}
	return s
}

// firsts is T7: at each table, first is whom firstOf makes first.
func (r *round) firsts(seq int64, out Output) []referee.Flag {
	var wrong []string
	for _, t := range out.Tables {
		ps := r.seatingOf([]Table{t})[0]
		slices.SortFunc(ps, func(a, b *entrant) int { return a.rank - b.rank })
		if want := firstOf(ps); t.First != want.Name {
			wrong = append(wrong, fmt.Sprintf("at table %d %s is first, where T7 makes %s first", t.Table, cmp.Or(t.First, "nobody"), want.Name))
		}
	}
	if len(wrong) == 0 {
		return nil
	}
	return []referee.Flag{flag(seq, "T7", "list first at each table the player due to be first", "%s", strings.Join(wrong, "; "))}
}
