package tournament

import (
	"fmt"
	"slices"

	"github.com/tableside/tableside/referee"

	"github.com/tableside/tableside/referee/tournament/internal/matching"
)

// A pairing at tables of 2 is a perfect matching of the players present (but the bye) of the
// least cost, where a pair's cost puts the rulings in their order, each outweighing all the
// rest together: a rematch (T4), then the difference in points (T5, a Swiss only), then how far
// the pair stands from the fold of its score group (top half against bottom half), squared so
// that two pairs a little off are preferred to one far off, which only chooses among pairings
// the rulings hold equal.
const (
	// maxFold caps a pair's distance from the fold: a window is far narrower (it passes 31
	// only after 10 rounds), and beyond it the fold only orders what the rulings hold equal.
	maxFold = 1<<5 - 1
	// diffWeight outweighs any total of squared fold distances: at most maxPlayers/2 pairs,
	// each under 2^10.
	diffWeight = 1 << 22
	// rematchWeight outweighs any total of differences: maxPlayers/2 pairs, each at most
	// maxDiff 120ths apart (273 points; pairs further apart count as that far). The largest
	// cost, about 2^49, keeps the matching's arithmetic exact for every field up to maxPlayers
	// (costRoom: (n+2)·2^49 ≤ 2^62 for n up to 8,190).
	rematchWeight = diffWeight << 27
	maxDiff       = 1<<15 - 1
)

// denseUpTo is the largest field whose every pair is an edge of the matching. A larger field
// pairs each player only with the nearest in the fold order (window); an optimal pairing has
// one within it, since a pair further apart can swap partners with a pair between them, at no
// more cost, unless the swap makes a rematch, and each player has met only a few.
const denseUpTo = 100

// pairs pairs the players at tables of 2: the bye of T3, then the least cost.
func (r *round) pairs() (Output, error) {
	if len(r.players)%2 == 0 {
		pairs, err := r.match(r.players)
		return r.apartOf(pairs, nil, err)
	}
	// T3: the fewest byes, then the lowest in the standings for whom the rest pair with the
	// fewest rematches (T4). The lowest of them usually leaves none, so it is tried alone first.
	fewest := slices.MinFunc(r.players, func(a, b *competitor) int { return a.Byes - b.Byes }).Byes
	var candidates []*competitor // the lowest first
	for i := len(r.players) - 1; i >= 0; i-- {
		if p := r.players[i]; p.Byes == fewest {
			candidates = append(candidates, p)
		}
	}
	bye := candidates[0]
	pairs, err := r.match(without(r.players, bye))
	if err != nil || rematches(pairs) == 0 || len(candidates) == 1 {
		return r.apartOf(pairs, bye, err)
	}
	lowest := bye
	if bye, err = r.byeOfFewestRematches(candidates); err != nil || bye == lowest {
		return r.apartOf(pairs, bye, err)
	}
	pairs, err = r.match(without(r.players, bye))
	return r.apartOf(pairs, bye, err)
}

// apartOf is the tables of pairs, the players but bye paired at the least cost, once the pairs
// who must not meet are kept apart where they can be (T13): matched again without their
// edges, the pairing stands if it needs no more rematches (T4); else they meet, and the output
// says which ruling gave way.
func (r *round) apartOf(pairs [][2]*competitor, bye *competitor, err error) (Output, error) {
	if err != nil || len(r.apart) == 0 || apartMet(r, pairs) == nil {
		return r.tablesOf(pairs, bye), err
	}
	r.keepApart = true
	kept, err := r.match(without(r.players, bye))
	r.keepApart = false
	if err != nil {
		return Output{}, err
	}
	if kept != nil && rematches(kept) <= rematches(pairs) {
		return r.tablesOf(kept, bye), nil
	}
	out := r.tablesOf(pairs, bye)
	why := "no pairing of the round keeps them apart"
	if kept != nil {
		why = fmt.Sprintf("keeping them apart pairs %d more %s (T4)", rematches(kept)-rematches(pairs), referee.Plural(rematches(kept)-rematches(pairs), "rematch", "rematches"))
	}
	for _, pq := range apartMet(r, pairs) {
		out.GaveWay = append(out.GaveWay, fmt.Sprintf("%s and %s meet though they must not (T13): %s", pq[0].Name, pq[1].Name, why))
	}
	return out, nil
}

// apartMet lists the pairs of pairs who must not meet (T13).
func apartMet(r *round, pairs [][2]*competitor) [][2]*competitor {
	var met [][2]*competitor
	for _, pq := range pairs {
		if r.mustNotMeet(pq[0], pq[1]) {
			met = append(met, pq)
		}
	}
	return met
}

// byeOfFewestRematches is the lowest of candidates (given lowest first) for whom the rest pair
// with the fewest rematches, found by one matching rather than one a candidate: every player
// and a stand-in for the bye, whom only the candidates can meet. A rematch costs more than any
// candidate's place from the lowest, so the matching has the fewest rematches first, then the
// lowest candidate.
func (r *round) byeOfFewestRematches(candidates []*competitor) (*competitor, error) {
	n := len(r.players)
	rematch := int64(n + 1)
	var edges []matching.Edge
	for i, p := range r.players {
		for j := i + 1; j < n; j++ {
			var c int64
			if p.met[r.players[j].Name] > 0 {
				c = rematch
			}
			edges = append(edges, matching.Edge{U: i, V: j, Cost: c})
		}
	}
	for place, c := range candidates {
		edges = append(edges, matching.Edge{U: c.rank, V: n, Cost: int64(place)})
	}
	mate, err := matching.MinCost(n+1, edges)
	if err != nil {
		return nil, err
	}
	return r.players[mate[n]], nil
}

// foldOrder is players, in standings order, in an order where a score group's fold partners
// stand side by side: the groups by points, highest first, and within a group its top half
// interleaved with its bottom half (1, n/2+1, 2, n/2+2, …).
func foldOrder(players []*competitor) []*competitor {
	var order []*competitor
	for start := 0; start < len(players); {
		end := start
		for end < len(players) && players[end].units == players[start].units {
			end++
		}
		group := players[start:end]
		half := (len(group) + 1) / 2
		for i := range half {
			order = append(order, group[i])
			if i+half < len(group) {
				order = append(order, group[i+half])
			}
		}
		start = end
	}
	return order
}

func without(ps []*competitor, out *competitor) []*competitor {
	return slices.DeleteFunc(slices.Clone(ps), func(p *competitor) bool { return p == out })
}

// match pairs an even number of players, given in standings order, at the least cost.
func (r *round) match(players []*competitor) ([][2]*competitor, error) {
	order := foldOrder(players)
	window := len(order)
	if len(order) > denseUpTo {
		most := 0
		for _, p := range order {
			most = max(most, len(p.Opponents))
		}
		window = 2*most + 12
	}
	pairs, ok, err := r.matchWithin(order, window)
	if err == nil && window < len(order) && (!ok || rematches(pairs) > 0) {
		// The window leaves a rematch or someone unpaired: the whole field may do better.
		pairs, _, err = r.matchWithin(order, len(order))
	}
	return pairs, err
}

// matchWithin matches players at most window places apart in order; ok is false when that
// leaves someone unpaired.
func (r *round) matchWithin(order []*competitor, window int) (pairs [][2]*competitor, ok bool, err error) {
	mate, err := matching.MinCost(len(order), r.edgesWithin(order, window))
	if err != nil {
		return nil, false, err // not for any field up to maxPlayers: the weights are bounded for them
	}
	for i, j := range mate {
		if j < 0 {
			return nil, false, nil
		}
		if i < j {
			pairs = append(pairs, [2]*competitor{order[i], order[j]})
		}
	}
	return pairs, true, nil
}

// edgesWithin joins each of players, in fold order, to those at most window places on.
func (r *round) edgesWithin(order []*competitor, window int) []matching.Edge {
	var edges []matching.Edge
	for i, p := range order {
		for j := i + 1; j < len(order) && j-i <= window; j++ {
			if r.keepApart && r.mustNotMeet(p, order[j]) {
				continue
			}
			edges = append(edges, matching.Edge{U: i, V: j, Cost: r.cost(p, order[j], j-i)})
		}
	}
	return edges
}

// cost is the cost of pairing p and q, apart places apart in fold order.
func (r *round) cost(p, q *competitor, apart int) int64 {
	var c int64
	if p.met[q.Name] > 0 {
		c += rematchWeight
	}
	if r.Format == Swiss {
		c += min(max(p.units-q.units, q.units-p.units), maxDiff) * diffWeight
	}
	fold := int64(min(apart-1, maxFold))
	return c + fold*fold
}

func rematches(pairs [][2]*competitor) int {
	n := 0
	for _, pq := range pairs {
		if pq[0].met[pq[1].Name] > 0 {
			n++
		}
	}
	return n
}

// tablesOf numbers the pairs' tables by their better-placed player, and seats first at each
// who is first (T7).
func (r *round) tablesOf(pairs [][2]*competitor, bye *competitor) Output {
	for i, pq := range pairs {
		if pq[1].rank < pq[0].rank {
			pairs[i] = [2]*competitor{pq[1], pq[0]}
		}
	}
	slices.SortFunc(pairs, func(a, b [2]*competitor) int { return a[0].rank - b[0].rank })
	out := Output{Tables: make([]Table, len(pairs))}
	for i, pq := range pairs {
		first := firstOf(pq[:])
		seated := []*competitor{first, pq[0]}
		if first == pq[0] {
			seated[1] = pq[1]
		}
		out.Tables[i] = Table{Table: i + 1, Players: names(seated), First: first.Name}
	}
	if bye != nil {
		out.Byes = []string{bye.Name}
	}
	return out
}
