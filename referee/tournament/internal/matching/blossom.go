package matching

import "slices"

// The search follows Galil's survey, and its words: a stage grows alternating trees from the
// single vertices until it finds an augmenting path; within a stage, a substage labels what the
// tight edges reach, and when nothing more is reachable it moves the duals by the least delta
// that makes a new edge tight or empties a blossom. Vertices are 0 to n-1 and blossoms n to
// 2n-1; a vertex is a blossom of its own (a trivial one). Edge k has two ends, 2k at its U and
// 2k+1 at its V, so that an end names the edge (end/2), a vertex, and the far end (end^1).

// The labels of a top-level blossom: free, outer (S: even distance from a root) or inner (T).
const (
	free  int8 = 0
	outer int8 = 1
	inner int8 = 2
)

// graph is the shape of the input, fixed while it is searched.
type graph struct {
	n int
	// endVertex is the vertex at each end.
	endVertex []int
	// farEnds[firstFar[v]:firstFar[v+1]] are the far ends of the edges at v, in input order,
	// and farVertex the vertices at them: scanning v's edges then reads memory in order.
	farEnds   []int
	farVertex []int
	firstFar  []int
}

func newGraph(n int, edges []Edge) *graph {
	g := &graph{n: n, endVertex: make([]int, 2*len(edges)), firstFar: make([]int, n+1)}
	for k, e := range edges {
		g.endVertex[2*k], g.endVertex[2*k+1] = e.U, e.V
		g.firstFar[e.U+1]++
		g.firstFar[e.V+1]++
	}
	for v := range n {
		g.firstFar[v+1] += g.firstFar[v]
	}
	g.farEnds = make([]int, 2*len(edges))
	g.farVertex = make([]int, 2*len(edges))
	next := slices.Clone(g.firstFar[:n])
	for k, e := range edges {
		g.farEnds[next[e.U]], g.farVertex[next[e.U]] = 2*k+1, e.V
		next[e.U]++
		g.farEnds[next[e.V]], g.farVertex[next[e.V]] = 2*k, e.U
		next[e.V]++
	}
	return g
}

// search is the state of one weighted search. Its dual values are doubled (dual[v] is 2·u(v);
// dual[b] of a blossom is z(b), counted twice in the slack of each edge inside it), so that
// with even weights every one of them stays an integer.
type search struct {
	*graph
	twiceWeight []int64
	// farWeight[i] is twiceWeight of the edge to farEnds[i], in the same order.
	farWeight []int64
	// mate[v] is the far end of v's matched edge, or -1 when v is single.
	mate []int
	// label[b] is the label of a top-level blossom. Inside an inner blossom, label[v] of a
	// vertex is inner once an outer vertex outside reaches it, which expanding the blossom uses.
	label []int8
	// labelEnd[b] is the far end of the edge through which b was labelled (-1 for a root);
	// likewise for a reached vertex inside an inner blossom.
	labelEnd []int
	// inBlossom[v] is the top-level blossom holding vertex v.
	inBlossom []int
	// parent[b] is the blossom immediately holding b, or -1 at the top level.
	parent []int
	// children[b] are b's sub-blossoms round its odd cycle, starting at the one with its base;
	// childEnds[b][i] is the end, in children[b][i], of the edge to the next child round.
	children  [][]int
	childEnds [][]int
	// base[b] is the base vertex of a blossom, -1 for an unused blossom number.
	base []int
	// bestEdge[v] of a free vertex is its least-slack edge to an outer vertex; bestEdge[b] of
	// an outer top-level blossom is its least-slack edge to another outer blossom; -1 for none.
	// They make each delta a scan of vertices, not of edges.
	bestEdge []int
	// bestEdges[b] of an outer non-trivial blossom lists its least-slack edge to each
	// neighbouring outer blossom, so that a larger blossom made from it need not rescan.
	bestEdges [][]int
	unused    []int
	dual      []int64
	// allowed[k]: edge k is known to be tight in this stage.
	allowed []bool
	// queue holds outer vertices whose edges are still to be scanned.
	queue []int
	// traced marks the blossoms on the two paths findBase walks, bestTo is addBlossom's scratch.
	traced []bool
	bestTo []int
}

// solve finds a maximum-weight matching among those with the most edges, given each edge's
// weight doubled; it stops as soon as it has target edges.
//
// Why the duals stay small: every stage it runs ends in an augmenting path P, whose edges are
// then all tight, and on which each blossom's z counts as often on matched edges as on others.
// Summing their slacks, the single vertices' dual is then w(P∖M) − w(P∩M) ≥ −(n−2)/2·W, for
// weights from 0 to W. No dual is lower, and none is higher than 2W less it, since a matched
// pair's duals sum to at most 2W: so every dual is within ±(n+2)/2·W, the bound costRoom
// allows for. A stage that cannot augment would take them further
// (TestMinCostStopsAtTheMostEdges), so solve is told when to stop.
func (g *graph) solve(twiceWeight []int64, target int) *search {
	n := g.n
	s := &search{
		graph:       g,
		twiceWeight: twiceWeight,
		farWeight:   make([]int64, len(g.farEnds)),
		mate:        filled(n, -1),
		label:       make([]int8, 2*n),
		labelEnd:    filled(2*n, -1),
		inBlossom:   make([]int, n),
		parent:      filled(2*n, -1),
		children:    make([][]int, 2*n),
		childEnds:   make([][]int, 2*n),
		base:        filled(2*n, -1),
		bestEdge:    filled(2*n, -1),
		bestEdges:   make([][]int, 2*n),
		dual:        make([]int64, 2*n),
		allowed:     make([]bool, len(twiceWeight)),
		traced:      make([]bool, 2*n),
		bestTo:      filled(2*n, -1),
	}
	var highest int64
	for _, w := range twiceWeight {
		highest = max(highest, w/2)
	}
	for i, far := range g.farEnds {
		s.farWeight[i] = twiceWeight[far/2]
	}
	for v := range n {
		s.inBlossom[v] = v
		s.base[v] = v
		s.dual[v] = highest
	}
	for b := 2*n - 1; b >= n; b-- {
		s.unused = append(s.unused, b)
	}
	for matched := s.matchTight(highest, target); matched < target; matched++ {
		if !s.stage() {
			break
		}
	}
	return s
}

// matchTight matches, in input order, each edge both of whose ends are single and whose slack
// is zero while every dual is the same highest weight, up to target edges, and returns how
// many it matched. That is the state a stage leaves (matched edges tight, the single vertices'
// duals all alike), reached without a stage an edge: otherwise each of the first stages
// labels and scans nearly every vertex, so that the search takes about n·m steps before any
// dual need move.
func (s *search) matchTight(highest int64, target int) int {
	matched := 0
	for k := 0; k < len(s.twiceWeight) && matched < target; k++ {
		u, v := s.endVertex[2*k], s.endVertex[2*k+1]
		if s.twiceWeight[k] == 2*highest && s.mate[u] == -1 && s.mate[v] == -1 {
			s.mate[u], s.mate[v] = 2*k+1, 2*k
			matched++
		}
	}
	return matched
}

// partners returns each vertex's partner in the matching found, or -1.
func (s *search) partners() []int {
	mate := filled(s.n, -1)
	for v, end := range s.mate {
		if end >= 0 {
			mate[v] = s.endVertex[end]
		}
	}
	return mate
}

// stage grows the alternating forest from every single vertex until it augments the matching
// by one edge, and reports whether it did.
func (s *search) stage() bool {
	n := s.n
	clear(s.label)
	for b := range s.bestEdge {
		s.bestEdge[b] = -1
	}
	for b := n; b < 2*n; b++ {
		s.bestEdges[b] = nil
	}
	// Edges found tight in an earlier stage may not stay so once the labels are gone.
	clear(s.allowed)
	s.queue = s.queue[:0]
	for v := range n {
		if s.mate[v] == -1 && s.label[s.inBlossom[v]] == free {
			s.assignLabel(v, outer, -1)
		}
	}
	for {
		if s.scanQueue() {
			break
		}
		if !s.moveDuals() {
			return false
		}
	}
	// Blossoms whose z is back to zero need not stay: expanding them keeps the next stage's
	// blossoms few.
	for b := n; b < 2*n; b++ {
		if s.parent[b] == -1 && s.base[b] >= 0 && s.label[b] == outer && s.dual[b] == 0 {
			s.expandBlossom(b, true)
		}
	}
	return true
}

// slack returns twice the slack of edge k between two different top-level blossoms.
func (s *search) slack(k int) int64 {
	return s.dual[s.endVertex[2*k]] + s.dual[s.endVertex[2*k+1]] - s.twiceWeight[k]
}

// scanQueue scans the edges of queued outer vertices, labelling what tight edges reach and
// making blossoms, and reports whether it augmented the matching.
func (s *search) scanQueue() bool {
	for len(s.queue) > 0 {
		v := s.queue[len(s.queue)-1]
		s.queue = s.queue[:len(s.queue)-1]
		bv := s.inBlossom[v]
		for i := s.firstFar[v]; i < s.firstFar[v+1]; i++ {
			w := s.farVertex[i]
			bw := s.inBlossom[w]
			if bv == bw {
				continue // inside one blossom
			}
			far := s.farEnds[i]
			k := far / 2
			var slack int64
			if !s.allowed[k] {
				slack = s.dual[v] + s.dual[w] - s.farWeight[i]
				s.allowed[k] = slack <= 0
			}
			switch {
			case s.allowed[k] && s.label[bw] == free:
				// w's mate becomes outer in turn.
				s.assignLabel(w, inner, far^1)
			case s.allowed[k] && s.label[bw] == outer:
				// Two outer vertices: their paths back meet (a blossom) or end at two roots
				// (an augmenting path).
				if base := s.findBase(v, w); base >= 0 {
					s.addBlossom(base, k)
					bv = s.inBlossom[v]
				} else {
					s.augment(k)
					return true
				}
			case s.allowed[k] && s.label[w] == free:
				// w sits unreached in an inner blossom: note how it is reached, should
				// the blossom be expanded.
				s.label[w] = inner
				s.labelEnd[w] = far ^ 1
			case s.allowed[k]:
				// w is in an inner blossom and already reached.
			case s.label[bw] == outer:
				if s.bestEdge[bv] == -1 || slack < s.slack(s.bestEdge[bv]) {
					s.bestEdge[bv] = k
				}
			case s.label[w] == free:
				// w is free, or unreached in an inner blossom, which may yet be expanded.
				if s.bestEdge[w] == -1 || slack < s.slack(s.bestEdge[w]) {
					s.bestEdge[w] = k
				}
			}
		}
	}
	return false
}

// moveDuals moves the duals by the least delta that lets the stage go on, and acts on what that
// delta made possible; it reports false when nothing can, so that the matching is largest.
func (s *search) moveDuals() bool {
	n := s.n
	const (
		none = iota
		toFree
		betweenOuter
		emptyBlossom
	)
	kind, delta, edge, blossom := none, int64(0), -1, -1
	// An edge from an outer vertex to a free one, whose slack is all that moves.
	for v := range n {
		if s.label[s.inBlossom[v]] == free && s.bestEdge[v] != -1 {
			if d := s.slack(s.bestEdge[v]); kind == none || d < delta {
				kind, delta, edge = toFree, d, s.bestEdge[v]
			}
		}
	}
	// An edge between two outer blossoms, both of whose ends move: half its slack, which is
	// even, since every labelled vertex shares the parity of the roots' duals.
	for b := range 2 * n {
		if s.parent[b] == -1 && s.label[b] == outer && s.bestEdge[b] != -1 {
			if d := s.slack(s.bestEdge[b]) / 2; kind == none || d < delta {
				kind, delta, edge = betweenOuter, d, s.bestEdge[b]
			}
		}
	}
	// An inner blossom whose z falls to zero, to be expanded.
	for b := n; b < 2*n; b++ {
		if s.base[b] >= 0 && s.parent[b] == -1 && s.label[b] == inner && (kind == none || s.dual[b] < delta) {
			kind, delta, blossom = emptyBlossom, s.dual[b], b
		}
	}
	if kind == none {
		return false
	}
	for v := range n {
		switch s.label[s.inBlossom[v]] {
		case outer:
			s.dual[v] -= delta
		case inner:
			s.dual[v] += delta
		}
	}
	for b := n; b < 2*n; b++ {
		if s.base[b] >= 0 && s.parent[b] == -1 {
			switch s.label[b] {
			case outer:
				s.dual[b] += delta
			case inner:
				s.dual[b] -= delta
			}
		}
	}
	switch kind {
	case toFree:
		s.allowed[edge] = true
		v := s.endVertex[2*edge]
		if s.label[s.inBlossom[v]] == free {
			v = s.endVertex[2*edge+1]
		}
		s.queue = append(s.queue, v)
	case betweenOuter:
		s.allowed[edge] = true
		s.queue = append(s.queue, s.endVertex[2*edge])
	case emptyBlossom:
		s.expandBlossom(blossom, false)
	}
	return true
}

// assignLabel labels the top-level blossom holding w, reached through the edge whose far end
// is end; an inner blossom's mate becomes outer at once.
func (s *search) assignLabel(w int, label int8, end int) {
	for {
		b := s.inBlossom[w]
		s.label[w], s.label[b] = label, label
		s.labelEnd[w], s.labelEnd[b] = end, end
		s.bestEdge[w], s.bestEdge[b] = -1, -1
		if label == outer {
			s.queue = s.appendLeaves(s.queue, b)
			return
		}
		// Only the base of a blossom is matched outside it.
		m := s.mate[s.base[b]]
		w, label, end = s.endVertex[m], outer, m^1
	}
}

// appendLeaves appends the vertices inside blossom b.
func (s *search) appendLeaves(leaves []int, b int) []int {
	if b < s.n {
		return append(leaves, b)
	}
	for _, c := range s.children[b] {
		leaves = s.appendLeaves(leaves, c)
	}
	return leaves
}

// findBase walks back from outer vertices v and w, by turns, to where their paths meet; it
// returns the base of the blossom they close, or -1 when they reach two different roots.
func (s *search) findBase(v, w int) int {
	var walked []int
	base := -1
	for v != -1 {
		b := s.inBlossom[v]
		if s.traced[b] {
			base = s.base[b]
			break
		}
		walked = append(walked, b)
		s.traced[b] = true
		if s.labelEnd[b] == -1 {
			v = -1 // a root
		} else {
			// One step back to the inner blossom, one more to the outer one before it.
			t := s.inBlossom[s.endVertex[s.labelEnd[b]]]
			v = s.endVertex[s.labelEnd[t]]
		}
		if w != -1 {
			v, w = w, v
		}
	}
	for _, b := range walked {
		s.traced[b] = false
	}
	return base
}

// addBlossom makes the odd cycle closed by edge k, through base, a new outer blossom with zero
// z; its inner blossoms become outer, so their vertices are queued.
func (s *search) addBlossom(base, k int) {
	v, w := s.endVertex[2*k], s.endVertex[2*k+1]
	bb, bv, bw := s.inBlossom[base], s.inBlossom[v], s.inBlossom[w]
	b := s.unused[len(s.unused)-1]
	s.unused = s.unused[:len(s.unused)-1]
	s.base[b] = base
	s.parent[b] = -1
	s.parent[bb] = b
	var children, ends []int
	// From v's side back to the base, then round from the base down w's side.
	for bv != bb {
		s.parent[bv] = b
		children = append(children, bv)
		ends = append(ends, s.labelEnd[bv])
		bv = s.inBlossom[s.endVertex[s.labelEnd[bv]]]
	}
	children = append(children, bb)
	slices.Reverse(children)
	slices.Reverse(ends)
	ends = append(ends, 2*k)
	for bw != bb {
		s.parent[bw] = b
		children = append(children, bw)
		ends = append(ends, s.labelEnd[bw]^1)
		bw = s.inBlossom[s.endVertex[s.labelEnd[bw]]]
	}
	s.children[b], s.childEnds[b] = children, ends
	s.label[b] = outer
	s.labelEnd[b] = s.labelEnd[bb]
	s.dual[b] = 0
	leaves := s.appendLeaves(nil, b)
	for _, x := range leaves {
		if s.label[s.inBlossom[x]] == inner {
			s.queue = append(s.queue, x)
		}
		s.inBlossom[x] = b
	}
	// The new blossom's least-slack edge to each other outer blossom, gathered from its
	// children's lists, or from their edges where they have none.
	var touched []int
	consider := func(k int) {
		j := s.endVertex[2*k+1]
		if s.inBlossom[j] == b {
			j = s.endVertex[2*k]
		}
		bj := s.inBlossom[j]
		if bj != b && s.label[bj] == outer && (s.bestTo[bj] == -1 || s.slack(k) < s.slack(s.bestTo[bj])) {
			if s.bestTo[bj] == -1 {
				touched = append(touched, bj)
			}
			s.bestTo[bj] = k
		}
	}
	for _, c := range children {
		if s.bestEdges[c] == nil {
			for _, x := range s.appendLeaves(nil, c) {
				for _, far := range s.farEnds[s.firstFar[x]:s.firstFar[x+1]] {
					consider(far / 2)
				}
			}
		} else {
			for _, k := range s.bestEdges[c] {
				consider(k)
			}
		}
		s.bestEdges[c] = nil
		s.bestEdge[c] = -1
	}
	best := make([]int, 0, len(touched))
	s.bestEdge[b] = -1
	for _, bj := range touched {
		k := s.bestTo[bj]
		s.bestTo[bj] = -1
		best = append(best, k)
		if s.bestEdge[b] == -1 || s.slack(k) < s.slack(s.bestEdge[b]) {
			s.bestEdge[b] = k
		}
	}
	s.bestEdges[b] = best
}

// expandBlossom turns b's children into top-level blossoms: at the end of a stage, when its z
// is zero (and so, recursively, for children with zero z), or within a stage, when it is inner
// and its z has fallen to zero, relabelling the children along the path the label came by.
func (s *search) expandBlossom(b int, endOfStage bool) {
	for _, c := range s.children[b] {
		s.parent[c] = -1
		switch {
		case c < s.n:
			s.inBlossom[c] = c
		case endOfStage && s.dual[c] == 0:
			s.expandBlossom(c, endOfStage)
		default:
			for _, x := range s.appendLeaves(nil, c) {
				s.inBlossom[x] = c
			}
		}
	}
	if !endOfStage && s.label[b] == inner {
		s.relabelExpanded(b)
	}
	s.label[b], s.labelEnd[b] = free, -1
	s.children[b], s.childEnds[b] = nil, nil
	s.base[b] = -1
	s.bestEdges[b] = nil
	s.bestEdge[b] = -1
	s.unused = append(s.unused, b)
}

// relabelExpanded relabels the children of expanded inner blossom b: those on the even path
// from the child its label entered by to its base become inner and outer by turns; the others
// are inner where an outer vertex already reaches them, else free.
func (s *search) relabelExpanded(b int) {
	children, ends := s.children[b], s.childEnds[b]
	entry := s.inBlossom[s.endVertex[s.labelEnd[b]^1]]
	j, step, flip := s.roundToBase(b, entry)
	end := s.labelEnd[b]
	for j != 0 {
		// Relabel the inner child, then step over the outer child after it. The edges on the
		// way were the blossom's, so they are tight.
		s.label[s.endVertex[end^1]] = free
		s.label[s.endVertex[ends[at(j-flip, len(ends))]^flip^1]] = free
		s.assignLabel(s.endVertex[end^1], inner, end)
		s.allowed[ends[at(j-flip, len(ends))]/2] = true
		j += step
		end = ends[at(j-flip, len(ends))] ^ flip
		s.allowed[end/2] = true
		j += step
	}
	// The base child is inner without stepping to its mate, which is already outer.
	bv := children[at(j, len(children))]
	s.label[s.endVertex[end^1]], s.label[bv] = inner, inner
	s.labelEnd[s.endVertex[end^1]], s.labelEnd[bv] = end, end
	s.bestEdge[bv] = -1
	for j += step; children[at(j, len(children))] != entry; j += step {
		bv := children[at(j, len(children))]
		if s.label[bv] == outer {
			continue // labelled just now through a neighbour
		}
		for _, x := range s.appendLeaves(nil, bv) {
			if s.label[x] != free {
				s.label[x] = free
				s.label[s.endVertex[s.mate[s.base[bv]]]] = free
				s.assignLabel(x, inner, s.labelEnd[x])
				break
			}
		}
	}
}

// roundToBase says how to go round blossom b from child c to its base by the even way: the
// starting index (negative when going forward), the step, and the flip that picks the end of
// each edge on the way.
func (s *search) roundToBase(b, c int) (j, step, flip int) {
	j = slices.Index(s.children[b], c)
	if j%2 == 1 {
		return j - len(s.children[b]), 1, 0
	}
	return j, -1, 1
}

// at wraps a possibly negative index into a list of length size.
func at(i, size int) int {
	if i < 0 {
		return i + size
	}
	return i
}

// augmentBlossom swaps matched and unmatched edges along the even path inside blossom b from
// vertex v to the base, so that v becomes b's base.
func (s *search) augmentBlossom(b, v int) {
	t := v
	for s.parent[t] != b {
		t = s.parent[t]
	}
	if t >= s.n {
		s.augmentBlossom(t, v)
	}
	children, ends := s.children[b], s.childEnds[b]
	i := slices.Index(children, t)
	j, step, flip := s.roundToBase(b, t)
	for j != 0 {
		j += step
		t = children[at(j, len(children))]
		end := ends[at(j-flip, len(ends))] ^ flip
		if t >= s.n {
			s.augmentBlossom(t, s.endVertex[end])
		}
		j += step
		t = children[at(j, len(children))]
		if t >= s.n {
			s.augmentBlossom(t, s.endVertex[end^1])
		}
		s.mate[s.endVertex[end]] = end ^ 1
		s.mate[s.endVertex[end^1]] = end
	}
	rotate(children, i)
	rotate(ends, i)
	s.base[b] = s.base[children[0]]
}

// rotate turns list left by i in place.
func rotate(list []int, i int) {
	slices.Reverse(list[:i])
	slices.Reverse(list[i:])
	slices.Reverse(list)
}

// augment swaps matched and unmatched edges along the augmenting path through edge k, which
// joins two outer vertices of different trees, back to both roots.
func (s *search) augment(k int) {
	for _, start := range [2][2]int{{s.endVertex[2*k], 2*k + 1}, {s.endVertex[2*k+1], 2 * k}} {
		v, end := start[0], start[1]
		for {
			bv := s.inBlossom[v]
			if bv >= s.n {
				s.augmentBlossom(bv, v)
			}
			s.mate[v] = end
			if s.labelEnd[bv] == -1 {
				break // the root, single until now
			}
			bt := s.inBlossom[s.endVertex[s.labelEnd[bv]]]
			v = s.endVertex[s.labelEnd[bt]]
			j := s.endVertex[s.labelEnd[bt]^1]
			if bt >= s.n {
				s.augmentBlossom(bt, j)
			}
			s.mate[j] = s.labelEnd[bt]
			end = s.labelEnd[bt] ^ 1
		}
	}
}

func filled(size, value int) []int {
	list := make([]int, size)
	for i := range list {
		list[i] = value
	}
	return list
}
