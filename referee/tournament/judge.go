package tournament

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tableside/tableside/referee"
)

// JudgePairing holds a round's pairing out to its input by T1–T7: out must seat everyone
// present once and be as good as the pairing Pair(in) makes by each ruling, in the rulings'
// order. It costs a round's pairing; its flags are numbered as if at event 0.
func JudgePairing(in Input, out Output) []referee.Flag {
	r, best, err := pairedRound(in)
	if err != nil {
		return []referee.Flag{flag(0, "T9", "pair from the tournament's own record of its rounds", "round %d cannot be paired from its input: %v", in.Round, err)}
	}
	return r.judge(out, best)
}

// PairJudged is Pair, with the judgement JudgePairing would give of its output, worked out
// from the one pairing: what recording the round will be judged, with no second pairing.
func PairJudged(in Input) (Output, []referee.Flag, error) {
	r, out, err := pairedRound(in)
	if err != nil {
		return Output{}, nil, err
	}
	return out, r.judge(out, out), nil
}

// pairedRound reads in and pairs it, the round read left as the pairing left it, which is as
// JudgePairing holds a pairing to it.
func pairedRound(in Input) (*round, Output, error) {
	r, err := read(in)
	if err != nil {
		return nil, Output{}, err
	}
	out, err := r.pair()
	return r, out, err
}

// judge holds out to best, the round's own pairing, by T1–T7 (JudgePairing).
func (r *round) judge(out, best Output) []referee.Flag {
	const seq = 0 // the night numbers the flags (Night.judged)
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
		mine, theirs := r.costOf(r.seatingOf(out.Tables)), r.costOf(r.seatingOf(best.Tables))
		switch {
		case mine.repeats > theirs.repeats:
			flags = append(flags, flag(seq, "T6", hint, "%d pairs meet again at round %d's tables; a seating with %d exists", mine.repeats, r.Round, theirs.repeats))
		case mine.repeats == theirs.repeats && mine.apart > theirs.apart:
			flags = append(flags, flag(seq, "T13", hint, "round %d's tables seat %d pairs who must not meet together; a seating as good by T6 seats %d", r.Round, mine.apart, theirs.apart))
		case mine.repeats == theirs.repeats && mine.apart == theirs.apart && mine.load > theirs.load:
			flags = append(flags, flag(seq, "TR4", hint, "round %d's smaller tables seat players with %d turns at one before; a seating as good by T6 seats players with %d",
				r.Round, mine.load, theirs.load))
		}
	}
	if r.Format != RoundRobin {
		flags = append(flags, r.firsts(seq, out)...)
	}
	return append(flags, r.keptAsGood(seq, out, best, hint)...)
}

// keptAsGood is T13's tables: each player who must keep a table, and is kept at it by the
// round's own pairing, sits there.
func (r *round) keptAsGood(seq int64, out, best Output, hint string) []referee.Flag {
	tableOf := func(o Output, name string) int {
		for _, t := range o.Tables {
			if slices.Contains(t.Players, name) {
				return t.Table
			}
		}
		return 0
	}
	var wrong []string
	for _, k := range r.Keep {
		if tableOf(best, k.Player) == k.Table {
			if at := tableOf(out, k.Player); at != k.Table {
				wrong = append(wrong, fmt.Sprintf("%s keeps table %d, and is seated at table %d", k.Player, k.Table, at))
			}
		}
	}
	if len(wrong) == 0 {
		return nil
	}
	return []referee.Flag{flag(seq, "T13", hint, "%s", strings.Join(wrong, "; "))}
}

// judged is what the night's rulebook makes of a pairing recorded at event seq (Rules): its
// flags numbered seq, or none for a read that does not judge.
func (n *Night) judged(seq int64, in Input, out Output) []referee.Flag {
	var flags []referee.Flag
	switch {
	case n.rules.unjudged:
		return nil
	case n.rules.judge != nil:
		flags = n.rules.judge(in, out)
	default:
		flags = JudgePairing(in, out)
	}
	// A judge may hand out what it remembers: number a copy.
	numbered := slices.Clone(flags)
	for i := range numbered {
		numbered[i].Seq = seq
	}
	return numbered
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
		for range tablesFor(len(r.players), 2) {
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
	} else if am, at := apartMet(r, mine), apartMet(r, theirs); rm == rt && len(am) > len(at) {
		var met []string
		for _, pq := range am {
			met = append(met, pq[0].Name+" and "+pq[1].Name)
		}
		flags = append(flags, flag(seq, "T13", hint, "%s meet though they must not, while round %d keeps %s apart",
			strings.Join(met, ", "), r.Round, map[bool]string{true: "them", false: "all but " + strconv.Itoa(len(at)) + " such pairs"}[len(at) == 0]))
	} else if r.Format == Swiss && rm == rt && len(am) == len(at) && sameBye {
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
func (r *round) pairsOf(ts []Table) [][2]*competitor {
	out := make([][2]*competitor, len(ts))
	for i, t := range ts {
		out[i] = [2]*competitor{r.byName[t.Players[0]], r.byName[t.Players[1]]}
	}
	return out
}

// diffs is the total difference in points between paired players, in 120ths.
func diffs(pairs [][2]*competitor) int64 {
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
		slices.SortFunc(ps, func(a, b *competitor) int { return a.rank - b.rank })
		if want := firstOf(ps); t.First != want.Name {
			wrong = append(wrong, fmt.Sprintf("at table %d %s is first, where T7 makes %s first", t.Table, cmp.Or(t.First, "nobody"), want.Name))
		}
	}
	if len(wrong) == 0 {
		return nil
	}
	return []referee.Flag{flag(seq, "T7", "list first at each table the player due to be first", "%s", strings.Join(wrong, "; "))}
}
