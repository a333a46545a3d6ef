package matching

import (
	"errors"
	"fmt"
	"slices"
)

// Edge is an undirected edge between vertices U and V and the cost of matching them.
type Edge struct {
	U, V int
	Cost int64
}

// MaxVertices bounds a graph's size: the search takes O(n³) time, so a larger graph would not
// finish anyway, and the bound keeps its arrays to a sane size.
const MaxVertices = 1 << 16

// costRoom bounds (n+2)·spread, where spread is the highest cost less the lowest: the search
// keeps every dual value within (n+2)/2·spread and adds two of them, so this bound keeps each
// sum in an int64 with a factor of two to spare (see solve). For 1,000 vertices it allows a
// spread of 4.6e15; for 4,000, 1.1e15.
const costRoom = 1 << 62

// The troubles of a graph MinCost refuses.
var (
	ErrGraph = errors.New("bad graph")
	ErrEdge  = errors.New("bad edge")
	// ErrCostRange: the costs are too far apart for exact integer arithmetic (costRoom).
	ErrCostRange = errors.New("costs too far apart")
)

// MinCost returns a matching of the graph of n vertices: mate[v] is v's partner, or -1. Among
// all matchings with the most edges possible it has the least total cost. The same n and edges,
// in the same order, give the same matching on every machine.
//
// Vertices are 0 to n-1, n at most MaxVertices; an edge joins two different vertices, at most
// one edge a pair, at a cost of 0 or more. Costs may be large (1e15 and more), as long as
// (n+2)·(highest cost − lowest cost) ≤ 2⁶², so that the arithmetic stays exact. Input that
// breaks these is refused with an error wrapping ErrGraph, ErrEdge or ErrCostRange.
func MinCost(n int, edges []Edge) (mate []int, err error) {
	if err := check(n, edges); err != nil {
		return nil, err
	}
	g := newGraph(n, edges)
	// The weighted search must stop at the most edges possible: a stage that cannot augment
	// lowers the duals with no bound but the graph's size, beyond what costRoom allows for. So
	// find how many edges that is first, with every weight zero, where no dual ever moves.
	most := countMatched(g.solve(make([]int64, len(edges)), n/2).partners())
	return g.solve(twiceWeights(edges), most).partners(), nil
}

// check refuses a graph the search cannot take, naming what is wrong.
func check(n int, edges []Edge) error {
	if n < 0 || n > MaxVertices {
		return fmt.Errorf("%w: %d vertices, want 0 to %d", ErrGraph, n, MaxVertices)
	}
	pairs := make([]int64, 0, len(edges))
	lowest, highest := int64(0), int64(0)
	for i, e := range edges {
		switch {
		case e.U < 0 || e.U >= n || e.V < 0 || e.V >= n:
			return fmt.Errorf("%w %d (%d–%d): a vertex out of 0 to %d", ErrEdge, i, e.U, e.V, n-1)
		case e.U == e.V:
			return fmt.Errorf("%w %d (%d–%d): a vertex to itself", ErrEdge, i, e.U, e.V)
		case e.Cost < 0:
			return fmt.Errorf("%w %d (%d–%d): cost %d below 0", ErrEdge, i, e.U, e.V, e.Cost)
		}
		if i == 0 || e.Cost < lowest {
			lowest = e.Cost
		}
		highest = max(highest, e.Cost)
		pairs = append(pairs, pairKey(n, e.U, e.V))
	}
	if spread := highest - lowest; spread > costRoom/int64(n+2) {
		return fmt.Errorf("%w: %d vertices allow a spread of costs up to %d, not %d",
			ErrCostRange, n, costRoom/int64(n+2), spread)
	}
	slices.Sort(pairs)
	for i := 1; i < len(pairs); i++ {
		if pairs[i] == pairs[i-1] {
			u, v := pairs[i]/int64(n), pairs[i]%int64(n)
			return fmt.Errorf("%w: two edges join %d and %d", ErrEdge, u, v)
		}
	}
	return nil
}

// pairKey names the unordered pair u, v as one number, so that duplicates sort together.
func pairKey(n, u, v int) int64 {
	if u > v {
		u, v = v, u
	}
	return int64(u)*int64(n) + int64(v)
}

// twiceWeights turns costs into the weights the search maximises, doubled: the cheapest edge
// weighs the most, and every weight is between 0 and the spread of costs. Maximum weight among
// the largest matchings is then least cost among them, since each has the same number of edges.
func twiceWeights(edges []Edge) []int64 {
	highest := int64(0)
	for _, e := range edges {
		highest = max(highest, e.Cost)
	}
	twice := make([]int64, len(edges))
	for k, e := range edges {
		twice[k] = 2 * (highest - e.Cost)
	}
	return twice
}

func countMatched(mate []int) int {
	matched := 0
	for _, m := range mate {
		if m >= 0 {
			matched++
		}
	}
	return matched / 2
}
