package tournament

import (
	"math"
	"math/rand/v2"
	"slices"
)

// exactUpTo is the largest field whose every seating is tried: up to it the repeats are the
// fewest possible (T6). A larger field is seated by a local search.
const (
	exactUpTo = 12
	// restarts is how many greedy seatings the local search starts from, each improved by swaps.
	restarts = 16
	// searchSteps bounds the local search's work, counted in steps (a player weighed for a seat,
	// a swap weighed, a pair of tables passed over), not in time, so that the same input gets the
	// same seating on every machine. Once it is spent the search stops and keeps the fewest
	// repeats found so far: past it by at most one greedy seating (a step a player left, a seat).
	// A club's field never comes near it, and 5,000 players at tables of 6 keep within it
	// (TestTheSearchKeepsWithinItsBudget).
	searchSteps = 100_000_000
)

// tablesFor is how many tables players fill at tables of size by T2: at tables of 2 one a
// pair, an odd player out having the bye; at larger tables the fewest of at most size.
func tablesFor(players, size int) int {
	if size <= 2 {
		return players / 2
	}
	return (players + size - 1) / size
}

// sizes are the sizes of a round's tables by T2: the fewest tables of at most TableSize, as
// even as the count allows, the larger first (14 at 4: 4, 4, 3, 3).
func (r *round) sizes() []int {
	n := len(r.players)
	count := tablesFor(n, r.TableSize)
	out := make([]int, count)
	for i := range out {
		out[i] = n / count
		if i < n%count {
			out[i]++
		}
	}
	return out
}

// seating is a round's players at larger tables, each table in standings order.
type seating [][]*competitor

// metAt counts the players of table p has met before, leaving out skip.
func metAt(p *competitor, table []*competitor, skip *competitor) int {
	n := 0
	for _, q := range table {
		if q != p && q != skip && p.hasMet(q) {
			n++
		}
	}
	return n
}

// repeatsAt counts the pairs at a table who have met before, each pair once.
func repeatsAt(table []*competitor) int {
	n := 0
	for i, p := range table {
		n += metAt(p, table[i+1:], nil)
	}
	return n
}

func (s seating) repeats() int {
	n := 0
	for _, t := range s {
		n += repeatsAt(t)
	}
	return n
}

// tables seats the round at larger tables (T2, T6, T7).
func (r *round) tables() Output {
	// A Swiss seats in standings order, so that of equal seatings the leaders sit together; a
	// rotation in an order the seed draws.
	order := slices.Clone(r.players)
	rng := rand.New(rand.NewPCG(r.Seed, uint64(r.Round)))
	if r.Format == Rotation {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	}
	var s seating
	if len(order) <= exactUpTo {
		s = r.search(order)
	} else {
		s = r.local(order, rng, &r.budget)
		// A swap of lead seats a better player earlier and no more repeats, and may open a swap
		// that seats fewer, so the two take turns. Each turn seats fewer repeats or the leaders
		// closer, so it ends; the budget only keeps a long one within bounds.
		for r.Format == Swiss && s.lead(r, &r.budget) {
			w := newSwapper(s, &r.budget)
			if len(r.apart) > 0 {
				w.apart = r
			}
			w.settle()
		}
	}
	s.number()
	out := Output{Tables: make([]Table, len(s))}
	for i, t := range s {
		first := firstOf(t)
		seated := append([]*competitor{first}, without(t, first)...)
		out.Tables[i] = Table{Table: i + 1, Players: names(seated), First: first.Name}
	}
	return out
}

// spreads reports whether the round spreads the turns at its smaller tables (TR4): a rotation
// whose tables are not all of one size.
func (r *round) spreads() bool {
	sizes := r.sizes()
	return r.Format == Rotation && len(sizes) > 0 && sizes[0] != sizes[len(sizes)-1]
}

// seatingCost is what the rulings weigh in a seating at larger tables, in their order: the
// repeat pairs (T6), the pairs who must not meet seated together (T13, which gives way to T6),
// and the turns at the smaller tables (TR4, a rotation only).
type seatingCost struct{ repeats, apart, load int }

func (c seatingCost) less(d seatingCost) bool {
	if c.repeats != d.repeats {
		return c.repeats < d.repeats
	}
	if c.apart != d.apart {
		return c.apart < d.apart
	}
	return c.load < d.load
}

// costOf is s's seatingCost in round r.
func (r *round) costOf(s seating) seatingCost {
	c := seatingCost{repeats: s.repeats()}
	if len(r.apart) > 0 {
		for _, t := range s {
			for i, p := range t {
				c.apart += r.apartAt(p, t[i+1:], nil)
			}
		}
	}
	if r.spreads() {
		c.load = s.smallLoad()
	}
	return c
}

// ideal is the best seatingCost a seating of r could have.
func (r *round) ideal() seatingCost {
	c := seatingCost{}
	if r.spreads() {
		c.load = r.leastLoad()
	}
	return c
}

// apartAt counts the players of table p must not meet (T13), leaving out skip.
func (r *round) apartAt(p *competitor, table []*competitor, skip *competitor) int {
	n := 0
	for _, q := range table {
		if q != p && q != skip && r.mustNotMeet(p, q) {
			n++
		}
	}
	return n
}

// smallLoad is how many turns at a smaller table the players a seating puts at its smaller
// tables have had before: the fewer, the better the turns are spread (TR4).
func (s seating) smallLoad() int {
	largest := 0
	for _, t := range s {
		largest = max(largest, len(t))
	}
	load := 0
	for _, t := range s {
		if len(t) < largest {
			for _, p := range t {
				load += p.Small
			}
		}
	}
	return load
}

// leastLoad is the least smallLoad any seating of the round can have: its smaller tables'
// seats given to the players with the fewest turns at one.
func (r *round) leastLoad() int {
	sizes := r.sizes()
	seats := 0
	for _, size := range sizes {
		if size < sizes[0] {
			seats += size
		}
	}
	turns := make([]int, len(r.players))
	for i, p := range r.players {
		turns[i] = p.Small
	}
	slices.Sort(turns)
	load := 0
	for _, t := range turns[:seats] {
		load += t
	}
	return load
}

// search tries the seatings of order at the round's sizes, in order (table by table, each
// table's players chosen earliest in order first), and returns the first of the fewest repeats:
// for a Swiss, the one whose tables hold the best-placed players. It stops at a seating with no
// repeat.
func (r *round) search(order []*competitor) seating {
	sizes := r.sizes()
	var best seating
	bound, found := math.MaxInt, false
	// Of the seatings with the fewest repeats it keeps the first that seats the fewest pairs who
	// must not meet together (T13), then, in a rotation, that spreads the turns at its smaller
	// tables best (TR4); it stops at one that could not do better.
	var cost seatingCost
	ideal := r.ideal()
	var tables seating
	var seat func(left []*competitor, repeats int) bool // false: stop
	seat = func(left []*competitor, repeats int) bool {
		if repeats > bound {
			return true
		}
		k := len(tables)
		if k == len(sizes) {
			if c := r.costOf(tables); !found || c.less(cost) {
				best, bound, cost, found = clone(tables), c.repeats, c, true
			}
			return cost != ideal
		}
		try := func(table, rest []*competitor) bool {
			// Tables of one size are interchangeable: each is tried once, its earliest player
			// before the next table's.
			if k > 0 && sizes[k-1] == sizes[k] && slices.Index(order, table[0]) < slices.Index(order, tables[k-1][0]) {
				return true
			}
			tables = append(tables, table)
			goOn := seat(rest, repeats+repeatsAt(table))
			tables = tables[:k]
			return goOn
		}
		if sizes[k] == sizes[len(sizes)-1] {
			// Every table left is of this size, so one of them holds the earliest player left:
			// let it be this one.
			return combinations(left[1:], sizes[k]-1, func(others, rest []*competitor) bool {
				return try(append([]*competitor{left[0]}, others...), rest)
			})
		}
		return combinations(left, sizes[k], try)
	}
	seat(order, 0)
	return best
}

// number puts each table's players in standings order, and the tables in the order they are
// numbered: by their best-placed player, the larger first as T2 has them.
func (s seating) number() {
	for _, t := range s {
		slices.SortFunc(t, func(a, b *competitor) int { return a.rank - b.rank })
	}
	slices.SortStableFunc(s, func(a, b []*competitor) int {
		if len(a) != len(b) {
			return len(b) - len(a)
		}
		return a[0].rank - b[0].rank
	})
}

// lead makes, in a Swiss, the swaps that seat a better-placed player at an earlier table
// without seating more pairs who met before (T6: the leaders together) nor more who must not
// meet (T13), and reports whether it made one. It makes none once the budget is spent.
func (s seating) lead(r *round, budget *int) bool {
	s.number()
	swapped := false
	for a := range s {
		for b := a + 1; b < len(s); b++ {
			if *budget -= len(s[a]) * len(s[b]); *budget < 0 {
				return false
			}
			for i, p := range s[a] {
				for j, q := range s[b] {
					if q.rank < p.rank && metAt(q, s[a], p)+metAt(p, s[b], q) <= metAt(p, s[a], nil)+metAt(q, s[b], nil) &&
						r.apartAt(q, s[a], p)+r.apartAt(p, s[b], q) <= r.apartAt(p, s[a], nil)+r.apartAt(q, s[b], nil) {
						s[a][i], s[b][j] = q, p
						p, swapped = q, true
					}
				}
			}
		}
	}
	return swapped
}

// combinations calls fn with each choice of k of ps, in order (lexicographic by place in ps),
// and the players left; it stops when fn returns false, and reports whether it went through.
func combinations(ps []*competitor, k int, fn func(chosen, rest []*competitor) bool) bool {
	chosen := make([]*competitor, 0, k)
	var pick func(from int) bool
	pick = func(from int) bool {
		if len(chosen) == k {
			rest := make([]*competitor, 0, len(ps)-k)
			for _, p := range ps {
				if !slices.Contains(chosen, p) {
					rest = append(rest, p)
				}
			}
			return fn(slices.Clone(chosen), rest)
		}
		for i := from; i <= len(ps)-(k-len(chosen)); i++ {
			chosen = append(chosen, ps[i])
			if !pick(i + 1) {
				return false
			}
			chosen = chosen[:len(chosen)-1]
		}
		return true
	}
	return pick(0)
}

func clone(s seating) seating {
	out := make(seating, len(s))
	for i, t := range s {
		out[i] = slices.Clone(t)
	}
	return out
}

// local seats a large field by a local search: from restarts greedy seatings (the first in
// order, the rest in orders rng draws), each table filled player by player with whoever adds
// the fewest repeats, then improved by swaps until no swap lowers the repeats. It keeps the
// seating of the fewest, the earliest found of equals, and stops at one of none, or when the
// budget is spent.
func (r *round) local(order []*competitor, rng *rand.Rand, budget *int) seating {
	var best seating
	for try := range restarts {
		start := slices.Clone(order)
		if try > 0 {
			if *budget < 0 {
				break
			}
			rng.Shuffle(len(start), func(i, j int) { start[i], start[j] = start[j], start[i] })
		}
		if r.spreads() {
			// The greedy seating fills the full tables first: those with the most turns at a
			// smaller table go to them, the rest to the smaller ones (TR4).
			slices.SortStableFunc(start, func(a, b *competitor) int { return b.Small - a.Small })
		}
		s := r.greedy(start, budget)
		w := newSwapper(s, budget)
		w.spreads = r.spreads()
		if len(r.apart) > 0 {
			w.apart = r
		}
		w.settle()
		if best == nil || r.costOf(s).less(r.costOf(best)) {
			best = s
		}
		if r.costOf(best) == r.ideal() {
			break
		}
	}
	return best
}

// greedy seats order table by table: each table's first player the earliest left, then whoever
// adds the fewest repeats, the earliest of equals.
func (r *round) greedy(order []*competitor, budget *int) seating {
	order = slices.Clone(order)
	var s seating
	sizes := r.sizes()
	spreads := r.spreads()
	for _, size := range sizes {
		table := []*competitor{order[0]}
		order = order[1:]
		// Of equal repeats, a rotation gives a full table whoever has had the most turns at a
		// smaller one, and a smaller table whoever has had the fewest (TR4).
		turns := func(p *competitor) int {
			switch {
			case !spreads:
				return 0
			case size < sizes[0]:
				return p.Small
			}
			return -p.Small
		}
		for len(table) < size {
			*budget -= len(order)
			best, fewest := 0, -1
			for i, p := range order {
				if added := metAt(p, table, nil); fewest < 0 || added < fewest || added == fewest && turns(p) < turns(order[best]) {
					best, fewest = i, added
				}
			}
			table = append(table, order[best])
			order = slices.Delete(order, best, best+1)
		}
		s = append(s, table)
	}
	return s
}

// swapper improves a seating by swaps, remembering the pairs of tables it found no swap in: a
// swap changes two tables, so only pairs with one of them need weighing again.
type swapper struct {
	s       seating
	spreads bool   // a rotation that spreads its smaller tables (TR4)
	apart   *round // the round whose pairs who must not meet it keeps apart (T13); nil for none
	largest int    // the size of its full tables
	budget  *int
	clock   int   // counts the swaps made, from 1
	changed []int // the clock when each table last changed
	checked []int // for tables a < b, at a·len(s)+b: the clock when they held no swap; 0, never
}

func newSwapper(s seating, budget *int) *swapper {
	largest := 0
	for _, t := range s {
		largest = max(largest, len(t))
	}
	return &swapper{s: s, budget: budget, largest: largest, clock: 1, changed: make([]int, len(s)), checked: make([]int, len(s)*len(s))}
}

// spreadsBetter reports whether swapping p of table a and q of table b seats at a smaller
// table someone with fewer turns at one (TR4).
func (w *swapper) spreadsBetter(a, b int, p, q *competitor) bool {
	switch small := func(t int) bool { return len(w.s[t]) < w.largest }; {
	case small(a) && !small(b):
		return q.Small < p.Small
	case small(b) && !small(a):
		return p.Small < q.Small
	}
	return false
}

// settle makes swaps until none lowers the repeats (each lowers them, so this ends) or the
// budget is spent.
func (w *swapper) settle() {
	for w.improve() {
	}
}

// improve makes the first swap of two players at different tables that lowers the repeats,
// and reports whether there was one (none once the budget is spent).
func (w *swapper) improve() bool {
	s := w.s
	for a := range s {
		for b := a + 1; b < len(s); b++ {
			k := a*len(s) + b
			if *w.budget--; *w.budget < 0 {
				return false
			}
			if w.checked[k] > 0 && w.checked[k] >= max(w.changed[a], w.changed[b]) {
				continue
			}
			*w.budget -= len(s[a]) * len(s[b])
			for i, p := range s[a] {
				for j, q := range s[b] {
					// What the swap changes: p leaves a for b, q leaves b for a; with the same
					// repeats, it also takes a swap that keeps apart more pairs who must not meet,
					// and then, in a rotation, one that spreads the smaller tables.
					after, before := metAt(q, s[a], p)+metAt(p, s[b], q), metAt(p, s[a], nil)+metAt(q, s[b], nil)
					apart := 0
					if w.apart != nil {
						apart = w.apart.apartAt(q, s[a], p) + w.apart.apartAt(p, s[b], q) - w.apart.apartAt(p, s[a], nil) - w.apart.apartAt(q, s[b], nil)
					}
					if after < before || after == before && (apart < 0 || apart == 0 && w.spreads && w.spreadsBetter(a, b, p, q)) {
						s[a][i], s[b][j] = q, p
						w.clock++
						w.changed[a], w.changed[b] = w.clock, w.clock
						return true
					}
				}
			}
			w.checked[k] = w.clock
		}
	}
	return false
}
