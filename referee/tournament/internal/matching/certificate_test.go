package matching

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// certify checks the search's final duals against the linear programme's optimality
// conditions: every edge's slack, counting the z of each blossom round both its ends, is zero
// or more and zero on a matched edge, every blossom with z above zero is full, and single
// vertices have the least vertex dual. Then, the weights less that least dual, the matching is
// one of greatest weight among all, so of greatest weight among those of its size: a proof of
// optimality where exhaustive search cannot go. It also checks the bound on the duals costRoom
// relies on.
func certify(s *search) error {
	n := s.n
	var highest int64
	for _, w := range s.twiceWeight {
		highest = max(highest, w/2)
	}
	bound := int64(n+2) * highest / 2
	least := int64(0)
	for v := range n {
		if v == 0 || s.dual[v] < least {
			least = s.dual[v]
		}
		if s.dual[v] < -bound || s.dual[v] > bound {
			return fmt.Errorf("vertex %d: dual %d beyond ±%d", v, s.dual[v], bound)
		}
	}
	for v := range n {
		if s.mate[v] == -1 && s.dual[v] != least {
			return fmt.Errorf("single vertex %d: dual %d, not the least, %d", v, s.dual[v], least)
		}
	}
	// The blossoms holding v, from the top level down.
	holders := func(v int) []int {
		var chain []int
		for b := s.parent[v]; b != -1; b = s.parent[b] {
			chain = append([]int{b}, chain...)
		}
		return chain
	}
	for k := range s.twiceWeight {
		i, j := s.endVertex[2*k], s.endVertex[2*k+1]
		slack := s.dual[i] + s.dual[j] - s.twiceWeight[k]
		hi, hj := holders(i), holders(j)
		for x := 0; x < len(hi) && x < len(hj) && hi[x] == hj[x]; x++ {
			slack += 2 * s.dual[hi[x]]
		}
		matched := s.mate[i] == 2*k+1
		if matched != (s.mate[j] == 2*k) {
			return fmt.Errorf("edge %d: matched at one end only", k)
		}
		if slack < 0 || matched && slack != 0 {
			return fmt.Errorf("edge %d (%d–%d, matched %v): slack %d", k, i, j, matched, slack)
		}
	}
	for b := n; b < 2*n; b++ {
		if s.base[b] < 0 {
			continue
		}
		if s.dual[b] < 0 || s.dual[b] > bound {
			return fmt.Errorf("blossom %d: z %d beyond 0 to %d", b, s.dual[b], bound)
		}
		if s.dual[b] == 0 {
			continue
		}
		ends := s.childEnds[b]
		for x := 1; x < len(ends); x += 2 {
			if s.mate[s.endVertex[ends[x]]] != ends[x]^1 {
				return fmt.Errorf("blossom %d: z %d but not full", b, s.dual[b])
			}
		}
	}
	return nil
}

// certifiedMatching runs MinCost's two passes on the graph, certifying the weighted one, and
// returns its search.
func certifiedMatching(t *testing.T, name string, n int, edges []Edge) *search {
	t.Helper()
	if err := check(n, edges); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	g := newGraph(n, edges)
	most := countMatched(g.solve(make([]int64, len(edges)), n/2).partners())
	s := g.solve(twiceWeights(edges), most)
	if got := countMatched(s.partners()); got != most {
		t.Fatalf("%s: %d edges, want %d", name, got, most)
	}
	if err := certify(s); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return s
}

func TestMinCostIsCertifiedOnLargeGraphs(t *testing.T) {
	certifiedMatching(t, "a Swiss round of 1000", 1000, swissRound(1000, 300))
	certifiedMatching(t, "a complete graph of 200", 200, complete(200))
	rng := rand.New(rand.NewPCG(37, 6))
	for i := range 300 {
		n := 17 + rng.IntN(100)
		certifiedMatching(t, fmt.Sprintf("graph %d", i), n, randomGraph(rng, n))
	}
}

// TestMinCostDualsReachTheirBound drives the duals to the bound costRoom allows for: a path
// whose only perfect matching takes every dear edge, at the widest spread of costs allowed.
// The search first matches the cheap edges in between, then must turn the whole path over,
// which takes the single ends' duals down by the dear edges' weight along it.
func TestMinCostDualsReachTheirBound(t *testing.T) {
	const n = 2000
	spread := costRoom / int64(n+2)
	var edges []Edge
	for v := 0; v+1 < n; v++ {
		cost := int64(0)
		if v%2 == 0 {
			cost = spread
		}
		edges = append(edges, Edge{v, v + 1, cost})
	}
	s := certifiedMatching(t, "a long path", n, edges)
	for v := 0; v < n; v += 2 {
		if s.partners()[v] != v+1 {
			t.Fatalf("%d paired with %d, not %d", v, s.partners()[v], v+1)
		}
	}
	least := slices.Min(s.dual[:n])
	if reach := -int64(n-4) / 2 * spread; least > reach {
		t.Errorf("least dual %d, want at most %d, near the bound", least, reach)
	}
}

// TestMinCostStopsAtTheMostEdges gives the search a graph with no perfect matching, at the
// widest spread of costs allowed: the long path of the test above, with two pendant vertices
// on its first. A stage that cannot augment would take the duals to twice their bound, a
// hair from overflow; MinCost stops before it.
func TestMinCostStopsAtTheMostEdges(t *testing.T) {
	const n = 2002
	spread := costRoom / int64(n+2)
	var edges []Edge
	for v := 0; v+1 < n-2; v++ {
		cost := int64(0)
		if v%2 == 0 {
			cost = spread
		}
		edges = append(edges, Edge{v, v + 1, cost})
	}
	edges = append(edges, Edge{0, n - 2, 0}, Edge{0, n - 1, 0})
	certifiedMatching(t, "a path with two pendants", n, edges)
	// What the certificate would say had the search not been told when to stop.
	if err := certify(newGraph(n, edges).solve(twiceWeights(edges), n/2)); err == nil ||
		!strings.Contains(err.Error(), "beyond") {
		t.Errorf("searching on for a perfect matching: %v, want duals beyond the bound", err)
	}
}

// TestCertifyCatchesAWrongMatching makes sure the certificate is no formality: a matching
// swapped for another of the same size, with the duals left as they were, fails it.
func TestCertifyCatchesAWrongMatching(t *testing.T) {
	edges := cycle(4, 0, 5)
	g := newGraph(4, edges)
	s := g.solve(twiceWeights(edges), 2)
	if err := certify(s); err != nil {
		t.Fatal(err)
	}
	// The cheap pair is 0–1 and 2–3 (edges 0 and 2); take 1–2 and 3–0 (edges 1 and 3), each
	// vertex's mate the end of the edge at its partner.
	s.mate = []int{2 * 3, 2*1 + 1, 2 * 1, 2*3 + 1}
	if err := certify(s); err == nil || !strings.Contains(err.Error(), "slack") {
		t.Errorf("the dear matching: %v, want a matched edge with slack", err)
	}
}
