package matching

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// swissRound is the graph a Swiss round of n players gives: players in standings order, each
// with edges to its 40 nearest, costing the gap in points (×1000) and a small tie-break, and
// some of those edges gone as rematches.
func swissRound(n, rematches int) []Edge {
	rng := rand.New(rand.NewPCG(37, 4))
	points := make([]int64, n)
	for i := range points {
		points[i] = rng.Int64N(19) // halves, after 9 rounds
	}
	slices.Sort(points)
	var edges []Edge
	for u := range n {
		for v := u + 1; v < n && v <= u+20; v++ {
			edges = append(edges, Edge{u, v, (points[v]-points[u])*1000 + rng.Int64N(1000)})
		}
	}
	for range rematches {
		i := rng.IntN(len(edges))
		edges = slices.Delete(edges, i, i+1)
	}
	return edges
}

// complete is the complete graph of n vertices with the Swiss round's kind of costs.
func complete(n int) []Edge {
	rng := rand.New(rand.NewPCG(37, 5))
	points := make([]int64, n)
	for i := range points {
		points[i] = rng.Int64N(19)
	}
	var edges []Edge
	for u := range n {
		for v := u + 1; v < n; v++ {
			edges = append(edges, Edge{u, v, abs(points[v]-points[u])*1000 + rng.Int64N(1000)})
		}
	}
	return edges
}

func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

func benchmarkMinCost(b *testing.B, n int, edges []Edge) {
	for b.Loop() {
		mate, err := MinCost(n, edges)
		if err != nil {
			b.Fatal(err)
		}
		if size := countMatched(mate); size != n/2 {
			b.Fatalf("%d pairs of %d players", size, n)
		}
	}
}

func BenchmarkSwissRound1000(b *testing.B) { benchmarkMinCost(b, 1000, swissRound(1000, 300)) }
func BenchmarkComplete200(b *testing.B)    { benchmarkMinCost(b, 200, complete(200)) }
func BenchmarkComplete1000(b *testing.B)   { benchmarkMinCost(b, 1000, complete(1000)) }
