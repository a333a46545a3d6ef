package tournament

import (
	"math/rand/v2"
	"slices"
)

// exactUpTo is the largest field seated at larger tables by a search of every seating: up to
// it the repeats are the fewest possible (T6); above, a local search seats the field.
const exactUpTo = 12

// localPasses bounds the local search's rounds of swaps.
const localPasses = 50

// sizes are the sizes of a round's tables by T2: the fewest tables of at most TableSize, as
// even as the count allows, the larger first (14 at 4: 4, 4, 3, 3).
func (r *round) sizes() []int {
	n := len(r.players)
	count := (n + r.TableSize - 1) / r.TableSize
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
type seating [][]*entrant

// repeats counts the pairs at a table who have met before, each pair once.
func repeatsAt(table []*entrant) int {
	n := 0
	for i, p := range table {
		for _, q := range table[i+1:] {
			if p.met[q.Name] > 0 {
				n++
			}
		}
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
	var s seating
	if len(r.players) <= exactUpTo {
		s = r.exact()
	} else {
		s = r.local()
	}
	// Tables are numbered by their best-placed player, the larger first as T2 has them.
	slices.SortStableFunc(s, func(a, b []*entrant) int {
		if len(a) != len(b) {
			return len(b) - len(a)
		}
		return a[0].rank - b[0].rank
	})
	out := Output{Tables: make([]Table, len(s))}
	for i, t := range s {
		first := firstOf(t)
		seated := append([]*entrant{first}, without(t, first)...)
		out.Tables[i] = Table{Table: i + 1, Players: names(seated), First: first.Name}
	}
	return out
}

// exact tries every seating of the round's sizes and keeps one with the fewest repeats: for a
// Swiss the one whose tables, in order, hold the best-placed players (the least ranks, table by
// table); for a rotation the one the seed draws.
func (r *round) exact() seating {
	sizes := r.sizes()
	var best seating
	bestRepeats, ties := -1, 0
	rng := rand.New(rand.NewPCG(r.Seed, uint64(r.Round)))
	var tables seating
	var seat func(left []*entrant, repeats int)
	seat = func(left []*entrant, repeats int) {
		if bestRepeats >= 0 && repeats > bestRepeats {
			return
		}
		k := len(tables)
		if k == len(sizes) {
			switch {
			case bestRepeats < 0 || repeats < bestRepeats:
				bestRepeats, ties = repeats, 1
			case r.Format == Swiss:
				return // seated in order, the first found of the fewest repeats leads
			default:
				// Reservoir sampling: each seating of the fewest repeats is drawn alike.
				if ties++; rng.IntN(ties) != 0 {
					return
				}
			}
			best = clone(tables)
			return
		}
		try := func(table, rest []*entrant) bool {
			// Tables of one size are interchangeable: each is tried once, its best-placed
			// player before the next table's.
			if k > 0 && sizes[k-1] == sizes[k] && table[0].rank < tables[k-1][0].rank {
				return true
			}
			tables = append(tables, table)
			seat(rest, repeats+repeatsAt(table))
			tables = tables[:k]
			return true
		}
		if sizes[k] == sizes[len(sizes)-1] {
			// Every table left is of this size, so one of them holds the best-placed player
			// left: let it be this one.
			combinations(left[1:], sizes[k]-1, func(others, rest []*entrant) bool {
				return try(append([]*entrant{left[0]}, others...), rest)
			})
			return
		}
		combinations(left, sizes[k], try)
	}
	seat(r.players, 0)
	return best
}

// combinations calls fn with each choice of k of ps, in order (lexicographic by place in ps),
// and the players left; it stops when fn returns false.
func combinations(ps []*entrant, k int, fn func(chosen, rest []*entrant) bool) {
	chosen := make([]*entrant, 0, k)
	var pick func(from int) bool
	pick = func(from int) bool {
		if len(chosen) == k {
			rest := make([]*entrant, 0, len(ps)-k)
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
	pick(0)
}

func clone(s seating) seating {
	out := make(seating, len(s))
	for i, t := range s {
		out[i] = slices.Clone(t)
	}
	return out
}

// local seats a large field table by table, each player where they add the fewest repeats,
// then swaps players between tables while a swap lowers the repeats. A Swiss seats in
// standings order, so the leaders fill the first tables; a rotation in the order the seed
// draws.
func (r *round) local() seating {
	order := slices.Clone(r.players)
	if r.Format == Rotation {
		rng := rand.New(rand.NewPCG(r.Seed, uint64(r.Round)))
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	}
	sizes := r.sizes()
	s := make(seating, len(sizes))
	for k, size := range sizes {
		table := []*entrant{order[0]}
		order = order[1:]
		for len(table) < size {
			best, fewest := 0, -1
			for i, p := range order {
				if added := repeatsAt(append(slices.Clip(table), p)) - repeatsAt(table); fewest < 0 || added < fewest {
					best, fewest = i, added
				}
			}
			table = append(table, order[best])
			order = slices.Delete(order, best, best+1)
		}
		s[k] = table
	}
	for range localPasses {
		if !s.improve() {
			break
		}
	}
	for _, t := range s {
		slices.SortFunc(t, func(a, b *entrant) int { return a.rank - b.rank })
	}
	return s
}

// improve makes the first swap of two players at different tables that lowers the repeats,
// and reports whether there was one.
func (s seating) improve() bool {
	for a := range s {
		for b := a + 1; b < len(s); b++ {
			before := repeatsAt(s[a]) + repeatsAt(s[b])
			for i := range s[a] {
				for j := range s[b] {
					s[a][i], s[b][j] = s[b][j], s[a][i]
					if repeatsAt(s[a])+repeatsAt(s[b]) < before {
						return true
					}
					s[a][i], s[b][j] = s[b][j], s[a][i]
				}
			}
		}
	}
	return false
}
