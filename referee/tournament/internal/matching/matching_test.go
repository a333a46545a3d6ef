package matching

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// exhaustive finds, by trying every matching, the most edges a matching of the graph can have
// and the least cost among those. It shares nothing with the search: cost[u][v] is -1 where
// there is no edge, and vertex sets are bit masks, remembered so that 16 vertices stay quick.
func exhaustive(n int, cost [][]int64) (edges int, total int64) {
	type best struct {
		edges int
		total int64
		known bool
	}
	memo := make([]best, 1<<n)
	var solve func(left uint32) (int, int64)
	solve = func(left uint32) (int, int64) {
		if left == 0 {
			return 0, 0
		}
		if memo[left].known {
			return memo[left].edges, memo[left].total
		}
		u := 0
		for left&(1<<u) == 0 {
			u++
		}
		rest := left &^ (1 << u)
		bestEdges, bestTotal := solve(rest) // u stays single
		for v := u + 1; v < n; v++ {
			if rest&(1<<v) == 0 || cost[u][v] < 0 {
				continue
			}
			e, t := solve(rest &^ (1 << v))
			e, t = e+1, t+cost[u][v]
			if e > bestEdges || e == bestEdges && t < bestTotal {
				bestEdges, bestTotal = e, t
			}
		}
		memo[left] = best{bestEdges, bestTotal, true}
		return bestEdges, bestTotal
	}
	return solve(1<<n - 1)
}

// costMatrix is the graph as exhaustive reads it.
func costMatrix(n int, edges []Edge) [][]int64 {
	cost := make([][]int64, n)
	for u := range cost {
		cost[u] = make([]int64, n)
		for v := range cost[u] {
			cost[u][v] = -1
		}
	}
	for _, e := range edges {
		cost[e.U][e.V], cost[e.V][e.U] = e.Cost, e.Cost
	}
	return cost
}

// measure checks that mate is a matching of the graph on its edges, and returns its size and
// cost.
func measure(n int, edges []Edge, mate []int) (size int, total int64, err error) {
	if len(mate) != n {
		return 0, 0, fmt.Errorf("%d partners for %d vertices", len(mate), n)
	}
	cost := costMatrix(n, edges)
	for u, v := range mate {
		switch {
		case v == -1:
		case v < 0 || v >= n || v == u || mate[v] != u:
			return 0, 0, fmt.Errorf("vertex %d has partner %d, whose partner is not %d", u, v, u)
		case cost[u][v] < 0:
			return 0, 0, fmt.Errorf("%d and %d are paired with no edge between them", u, v)
		case u < v:
			size++
			total += cost[u][v]
		}
	}
	return size, total, nil
}

// randomGraph draws a graph of n vertices: each pair an edge with a chance drawn for the
// graph, and costs in one of several styles, many of them equal.
func randomGraph(rng *rand.Rand, n int) []Edge {
	density := rng.Float64()
	style := rng.IntN(6)
	limit := costRoom / int64(n+2)
	var edges []Edge
	for u := range n {
		for v := u + 1; v < n; v++ {
			if rng.Float64() >= density {
				continue
			}
			var cost int64
			switch style {
			case 0: // few values: ties everywhere
				cost = rng.Int64N(3)
			case 1: // all equal: only the number of edges counts
				cost = 7
			case 2: // the Swiss pairing's lexicographic costs
				cost = rng.Int64N(3)*1e12 + rng.Int64N(20)*1e3 + rng.Int64N(1000)
			case 3: // as far apart as the arithmetic allows
				cost = []int64{0, 1, limit - 1, limit}[rng.IntN(4)]
			case 4:
				cost = 1e15 + rng.Int64N(1e15)
			default:
				cost = rng.Int64N(100)
			}
			edges = append(edges, Edge{u, v, cost})
		}
	}
	rng.Shuffle(len(edges), func(i, j int) {
		edges[i], edges[j] = edges[j], edges[i]
		if rng.IntN(2) == 0 {
			edges[i].U, edges[i].V = edges[i].V, edges[i].U
		}
	})
	return edges
}

// checkAgainstExhaustive fails t unless MinCost's matching of the graph is valid, as large as
// any, and as cheap as any as large.
func checkAgainstExhaustive(t *testing.T, name string, n int, edges []Edge) {
	t.Helper()
	mate, err := MinCost(n, edges)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	size, total, err := measure(n, edges, mate)
	if err != nil {
		t.Fatalf("%s: %v\nedges %v", name, err, edges)
	}
	wantSize, wantTotal := exhaustive(n, costMatrix(n, edges))
	if size != wantSize || total != wantTotal {
		t.Fatalf("%s: %d edges costing %d, exhaustive search finds %d costing %d\nedges %v\nmate %v",
			name, size, total, wantSize, wantTotal, edges, mate)
	}
}

func TestMinCostAgreesWithExhaustiveSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(37, 1))
	graphs := 5000
	if testing.Short() {
		graphs = 500
	}
	var odd, imperfect, apart, oddCycles int
	for i := range graphs {
		n := rng.IntN(13)
		edges := randomGraph(rng, n)
		checkAgainstExhaustive(t, fmt.Sprintf("graph %d", i), n, edges)
		if n%2 == 1 {
			odd++
		} else if most, _ := exhaustive(n, costMatrix(n, edges)); most < n/2 {
			imperfect++
		}
		components, bipartite := shape(n, edges)
		if components > 1 {
			apart++
		}
		if !bipartite {
			oddCycles++
		}
	}
	// The draw must reach every kind of graph the search treats apart.
	t.Logf("%d graphs: %d of odd order, %d even with no perfect matching, %d disconnected, %d with odd cycles",
		graphs, odd, imperfect, apart, oddCycles)
	for _, kind := range []struct {
		name  string
		count int
	}{{"of odd order", odd}, {"with no perfect matching", imperfect}, {"disconnected", apart}, {"with odd cycles", oddCycles}} {
		if kind.count < graphs/10 {
			t.Errorf("only %d graphs %s", kind.count, kind.name)
		}
	}
}

// shape counts the graph's connected components and says whether it has no odd cycle, by
// colouring each component in two.
func shape(n int, edges []Edge) (components int, bipartite bool) {
	neighbours := make([][]int, n)
	for _, e := range edges {
		neighbours[e.U] = append(neighbours[e.U], e.V)
		neighbours[e.V] = append(neighbours[e.V], e.U)
	}
	colour := make([]int, n) // 0 unseen, else 1 or 2
	bipartite = true
	for start := range n {
		if colour[start] != 0 {
			continue
		}
		components++
		colour[start] = 1
		for stack := []int{start}; len(stack) > 0; {
			u := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, v := range neighbours[u] {
				switch colour[v] {
				case 0:
					colour[v] = 3 - colour[u]
					stack = append(stack, v)
				case colour[u]:
					bipartite = false
				}
			}
		}
	}
	return components, bipartite
}

func TestMinCostAgreesWithExhaustiveSearchUpTo16(t *testing.T) {
	rng := rand.New(rand.NewPCG(37, 2))
	for i := range 200 {
		n := 13 + rng.IntN(4)
		checkAgainstExhaustive(t, fmt.Sprintf("graph %d", i), n, randomGraph(rng, n))
	}
}

// cycle is an odd or even cycle of n vertices, the costs given in turn round it.
func cycle(n int, costs ...int64) []Edge {
	var edges []Edge
	for v := range n {
		edges = append(edges, Edge{v, (v + 1) % n, costs[v%len(costs)]})
	}
	return edges
}

// join puts two graphs side by side, the second's vertices after the first's n.
func join(n int, a, b []Edge) []Edge {
	edges := slices.Clone(a)
	for _, e := range b {
		edges = append(edges, Edge{e.U + n, e.V + n, e.Cost})
	}
	return edges
}

func TestMinCostShapes(t *testing.T) {
	// Max-weight cases in mwmatching's own tests, which make S- and T-blossoms, nest them and
	// expand them, read here as costs (10² less the weight) on vertices from 0.
	var reference = [][]Edge{
		{{0, 1, 8}, {0, 2, 9}, {1, 2, 10}, {2, 3, 7}},
		{{0, 1, 8}, {0, 2, 9}, {1, 2, 10}, {2, 3, 7}, {0, 5, 5}, {3, 4, 6}},
		{{0, 1, 9}, {0, 2, 8}, {1, 2, 10}, {0, 3, 5}, {3, 4, 4}, {0, 5, 3}},
		{{0, 1, 9}, {0, 2, 8}, {1, 2, 10}, {0, 3, 5}, {3, 4, 3}, {2, 5, 4}},
		{{0, 1, 9}, {0, 2, 9}, {1, 2, 10}, {1, 3, 8}, {2, 4, 8}, {3, 4, 10}, {4, 5, 6}},
		{{0, 1, 10}, {0, 6, 10}, {1, 2, 12}, {2, 3, 20}, {2, 4, 20}, {3, 4, 25}, {4, 5, 10}, {5, 6, 10}, {6, 7, 8}},
		{{0, 1, 8}, {0, 2, 8}, {1, 2, 10}, {1, 3, 12}, {2, 4, 12}, {3, 4, 14}, {3, 5, 12}, {4, 6, 12}, {5, 6, 14}, {6, 7, 12}},
		{{0, 1, 23}, {0, 4, 22}, {0, 5, 15}, {1, 2, 25}, {2, 3, 22}, {3, 4, 25}, {3, 7, 14}, {4, 6, 13}},
		{{0, 1, 19}, {0, 2, 20}, {0, 7, 8}, {1, 2, 25}, {1, 3, 18}, {2, 4, 18}, {3, 4, 13}, {3, 6, 7}, {4, 5, 7}},
		{{0, 1, 45}, {0, 4, 45}, {1, 2, 50}, {2, 3, 45}, {3, 4, 50}, {0, 5, 30}, {2, 8, 35}, {3, 7, 35}, {4, 6, 26}, {8, 9, 5}},
		{{0, 1, 45}, {0, 4, 45}, {1, 2, 50}, {2, 3, 45}, {3, 4, 50}, {0, 5, 30}, {2, 8, 35}, {3, 7, 26}, {4, 6, 40}, {8, 9, 5}},
		{{0, 1, 45}, {0, 4, 45}, {1, 2, 50}, {2, 3, 45}, {3, 4, 50}, {0, 5, 30}, {2, 8, 35}, {3, 7, 28}, {4, 6, 26}, {8, 9, 5}},
		{{0, 1, 45}, {0, 6, 45}, {1, 2, 50}, {2, 3, 45}, {3, 4, 95}, {3, 5, 94}, {4, 5, 94}, {5, 6, 50}, {0, 7, 30}, {2, 10, 35}, {4, 8, 36}, {6, 9, 26}, {10, 11, 5}},
		{{0, 1, 40}, {0, 2, 40}, {1, 2, 60}, {1, 3, 55}, {2, 4, 55}, {3, 4, 50}, {0, 7, 15}, {4, 6, 30}, {6, 5, 10}, {7, 9, 10}, {3, 8, 30}},
	}
	for i, weighted := range reference {
		n := 0
		var asCosts, asWeights []Edge
		for _, e := range weighted {
			n = max(n, e.U+1, e.V+1)
			asCosts = append(asCosts, Edge{e.U, e.V, 100 - e.Cost})
		}
		// The weights as costs too: the opposite preference makes other blossoms.
		asWeights = weighted
		checkAgainstExhaustive(t, fmt.Sprintf("reference %d as costs", i), n, asCosts)
		checkAgainstExhaustive(t, fmt.Sprintf("reference %d as weights", i), n, asWeights)
	}
	shapes := []struct {
		name  string
		n     int
		edges []Edge
	}{
		{"no vertices", 0, nil},
		{"no edges", 5, nil},
		{"one edge", 2, []Edge{{1, 0, 4}}},
		{"a triangle: one vertex left", 3, cycle(3, 5, 1, 9)},
		{"an odd cycle", 9, cycle(9, 3, 0, 7, 1)},
		{"a cheap edge the largest matching cannot use", 4, []Edge{{0, 1, 5}, {1, 2, 0}, {2, 3, 5}}},
		{"two triangles joined by a dear edge", 6, append(join(3, cycle(3, 0), cycle(3, 0)), Edge{2, 3, 1e15})},
		{"a star: one edge at most", 6, []Edge{{0, 1, 3}, {0, 2, 1}, {0, 3, 2}, {0, 4, 1}, {0, 5, 9}}},
		{"apart: a pentagon and a square", 9, join(5, cycle(5, 2, 0, 1), cycle(4, 1, 2))},
		{"an isolated vertex beside a path", 5, []Edge{{1, 2, 1}, {2, 3, 0}, {3, 4, 1}}},
	}
	for _, s := range shapes {
		checkAgainstExhaustive(t, s.name, s.n, s.edges)
	}
}

func TestMinCostIsDeterministic(t *testing.T) {
	rng := rand.New(rand.NewPCG(37, 3))
	for i := range 50 {
		n := 50 + rng.IntN(100)
		edges := randomGraph(rng, n)
		first, err := MinCost(n, edges)
		if err != nil {
			t.Fatal(err)
		}
		again, err := MinCost(n, slices.Clone(edges))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(first, again) {
			t.Fatalf("graph %d: two runs differ:\n%v\n%v", i, first, again)
		}
	}
	// Ties broken the same way everywhere: all costs equal, so only the order of the edges
	// decides, and this is the matching it decides.
	mate, err := MinCost(6, cycle(6, 1))
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{1, 0, 3, 2, 5, 4}; !slices.Equal(mate, want) {
		t.Errorf("mate %v, want %v", mate, want)
	}
}

func TestMinCostRefusesBadInput(t *testing.T) {
	cases := []struct {
		name  string
		n     int
		edges []Edge
		want  error
	}{
		{"negative n", -1, nil, ErrGraph},
		{"too many vertices", MaxVertices + 1, nil, ErrGraph},
		{"vertex beyond n", 3, []Edge{{0, 3, 1}}, ErrEdge},
		{"negative vertex", 3, []Edge{{-1, 2, 1}}, ErrEdge},
		{"a loop", 3, []Edge{{1, 1, 1}}, ErrEdge},
		{"negative cost", 3, []Edge{{0, 1, -1}}, ErrEdge},
		{"two edges one pair", 3, []Edge{{0, 1, 1}, {1, 2, 1}, {1, 0, 2}}, ErrEdge},
		{"costs too far apart", 1000, []Edge{{0, 1, 0}, {1, 2, costRoom / 1002 * 2}}, ErrCostRange},
		{"cost past the range on its own", 2, []Edge{{0, 1, 1 << 62}, {0, 1, 0}}, ErrCostRange},
	}
	for _, c := range cases {
		mate, err := MinCost(c.n, c.edges)
		if !errors.Is(err, c.want) || mate != nil {
			t.Errorf("%s: mate %v, error %v, want %v", c.name, mate, err, c.want)
		}
	}
	// Far apart but within the bound is fine, however large the costs themselves.
	if _, err := MinCost(3, []Edge{{0, 1, 1<<63 - 1}, {1, 2, 1<<63 - 2}}); err != nil {
		t.Errorf("close costs near the top: %v", err)
	}
}

// FuzzMinCost reads bytes as a small graph, well formed or not: it must never panic, and a
// graph it takes must match as exhaustive search says.
func FuzzMinCost(f *testing.F) {
	f.Add([]byte{4, 0, 1, 5, 1, 2, 0, 2, 3, 5})
	f.Add([]byte{5, 0, 1, 1, 1, 2, 1, 2, 0, 1, 3, 4, 9})
	f.Add([]byte{3, 0, 0, 1})
	f.Add([]byte{3, 0, 7, 1})
	f.Add([]byte{3, 0, 1, 200, 1, 2, 201})
	f.Add([]byte{2, 0, 1, 1, 1, 0, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		// n from -2 to 13; a vertex byte read as signed; cost bytes from 200 up are huge or
		// negative.
		n := int(data[0]%16) - 2
		var edges []Edge
		for rest := data[1:]; len(rest) >= 3; rest = rest[3:] {
			cost := int64(rest[2])
			switch {
			case cost >= 250:
				cost = -cost
			case cost >= 200:
				cost = (cost - 199) * 1e15
			}
			edges = append(edges, Edge{int(int8(rest[0])), int(int8(rest[1])), cost})
		}
		mate, err := MinCost(n, edges)
		if err != nil {
			return
		}
		size, total, err := measure(n, edges, mate)
		if err != nil {
			t.Fatal(err)
		}
		if wantSize, wantTotal := exhaustive(n, costMatrix(n, edges)); size != wantSize || total != wantTotal {
			t.Fatalf("%d edges costing %d, want %d costing %d", size, total, wantSize, wantTotal)
		}
	})
}
