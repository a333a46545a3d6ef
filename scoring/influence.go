package scoring

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tableside/tableside/cards"
)

// GroupKind names one of the five Candidate groups of RULINGS C1. The values are stored in JSON,
// so they never change.
type GroupKind string

// The Candidate groups.
const (
	Single GroupKind = "single" // one card, its value
	Run2   GroupKind = "run2"   // two in sequence, ×2
	Run3   GroupKind = "run3"   // three in sequence, ×3
	Set3   GroupKind = "set3"   // three of a kind, ×2
	Set4   GroupKind = "set4"   // four of a kind, ×3
)

// Multiplier is the factor the group applies to the sum of its card values.
func (k GroupKind) Multiplier() int {
	switch k {
	case Single:
		return 1
	case Run2, Set3:
		return 2
	case Run3, Set4:
		return 3
	}
	return 0
}

// phrase is how a breakdown line names the kind.
func (k GroupKind) phrase() string {
	switch k {
	case Single:
		return "single"
	case Run2:
		return "run of two"
	case Run3:
		return "run of three"
	case Set3:
		return "three of a kind"
	case Set4:
		return "four of a kind"
	}
	return string(k)
}

// Group is one group of a split: its cards in run order (Q K A, and K A 2 when the run wraps
// past the ace) and the points it is worth.
type Group struct {
	Kind   GroupKind    `json:"kind"`
	Cards  []cards.Rank `json:"cards"`
	Points int          `json:"points"`
}

// String is the breakdown line a player checks by hand: "Q-K-A run of three ×3 = 18",
// "J single = 2", "10-10-10 three of a kind ×2 = 6".
func (g Group) String() string {
	var b strings.Builder
	for i, r := range g.Cards {
		if i > 0 {
			b.WriteByte('-')
		}
		b.WriteString(r.String())
	}
	b.WriteByte(' ')
	b.WriteString(g.Kind.phrase())
	if g.Kind != Single {
		b.WriteString(" ×")
		b.WriteString(strconv.Itoa(g.Kind.Multiplier()))
	}
	b.WriteString(" = ")
	b.WriteString(strconv.Itoa(g.Points))
	return b.String()
}

// Influence is a player's Candidate score and the split that makes it.
type Influence struct {
	Total  int     `json:"total"`
	Groups []Group `json:"groups"`
}

// Lines turns the groups into score-sheet breakdown lines.
func (in Influence) Lines() []Line {
	lines := make([]Line, len(in.Groups))
	for i, g := range in.Groups {
		lines[i] = Line{Text: g.String(), Points: g.Points}
	}
	return lines
}

// RankValue is a candidate's face value (rules/000): 2–10 are worth 1, J Q K A are worth 2.
// A rank that is not valid is worth nothing.
func RankValue(r cards.Rank) int {
	switch {
	case r >= 2 && r <= 10:
		return 1
	case r >= cards.Jack && r <= cards.Ace:
		return 2
	}
	return 0
}

// The search works on the thirteen ranks as a circle, position 0 = 2 … 11 = K, 12 = A, so that
// every run is "the rank at position i and the next one or two". The only run the circle allows
// that wrap=off forbids is the run of three starting at K (K-A-2).
const (
	nRanks  = 13
	posKing = 11
)

func rankAt(pos int) cards.Rank { return cards.Rank(pos%nRanks) + cards.MinRank }

// localSplit is the best way to group m cards of one rank among themselves (singles, three and
// four of a kind), as the number of each and the summed multipliers. Four of a kind is tried
// first, so of equal splits the one with more fours is kept; no two splits tie in practice.
type localSplit struct{ set4, set3, singles, mult int }

func bestLocal(m int) localSplit {
	// A short table covers every real hand (at most 12 of a rank); larger counts are built the
	// same way: fours as long as what is left still splits well.
	if m < len(localTable) {
		return localTable[m]
	}
	s := bestLocal(m - 4)
	s.set4++
	s.mult += 12
	return s
}

var localTable = func() []localSplit {
	t := make([]localSplit, 17)
	for m := 1; m < len(t); m++ {
		best := t[m-1]
		best.singles++
		best.mult++
		if m >= 3 {
			if c := t[m-3]; c.mult+6 > best.mult {
				best = c
				best.set3++
				best.mult += 6
			}
		}
		if m >= 4 {
			if c := t[m-4]; c.mult+12 >= best.mult {
				best = c
				best.set4++
				best.mult += 12
			}
		}
		t[m] = best
	}
	return t
}()

// BestInfluence splits the captured candidate ranks into the groups of RULINGS C1 that score the
// most (C2), with the ace next to both the 2 and the K and, when wrap is true, K-A-2 a run too
// (C3). The result is exact, not greedy.
//
// When several splits reach the same total, the one that puts the higher ranks into the groups
// with the bigger multipliers is chosen (J Q K A gives Q-K-A and J, not J-Q-K and A), so a player
// sees the split a person would write down, and the same input always gives the same groups in
// the same order: points descending, then lowest rank. Ranks that are not valid are worth
// nothing and are left out of every group.
//
// The search is a dynamic programme around the circle of ranks: at each rank it decides how many
// runs of two and of three start there, given how many runs from the previous two ranks still
// need a card of it; the cards left over split among themselves. The circle is cut next to the
// rank held least often, and every way the runs can cross the cut is tried: with at most 36
// candidates some rank is held at most twice, so there are at most six such ways.
func BestInfluence(ranks []cards.Rank, wrap bool) Influence {
	var cnt [nRanks]int
	n := 0
	for _, r := range ranks {
		if r.Valid() {
			cnt[int(r-cards.MinRank)]++
			n++
		}
	}
	if n == 0 {
		return Influence{Groups: []Group{}}
	}
	s := newSearch(&cnt, n, wrap)
	plan := s.solve()
	return s.build(plan)
}

// search holds one run of the dynamic programme. A state entering a position is (e, q): e runs
// need one last card of this rank, q runs of three need this rank and the next. A choice at a
// position is (s, t): s runs of two and t runs of three start there.
//
// Scores are compared as one integer, total·scale + tie, where tie adds multiplier × rank for
// every card: the total decides, the tie only orders splits of equal total.
type search struct {
	cnt   *[nRanks]int
	wrap  bool
	first int   // position where the circle is cut
	dim   int   // states are indexed e*dim + q, 0 ≤ e, q < dim
	scale int64 // larger than any tie-break sum
	best  []int64
	from  []int32 // per position+1 and state: the previous e and the s chosen, packed
}

const unreachable = -1 << 62

func newSearch(cnt *[nRanks]int, n int, wrap bool) *search {
	maxc, first := 0, 0
	for p, c := range cnt {
		maxc = max(maxc, c)
		if c < cnt[first] {
			first = p
		}
	}
	dim := maxc + 1
	size := (nRanks + 1) * dim * dim
	return &search{
		cnt:   cnt,
		wrap:  wrap,
		first: first,
		dim:   dim,
		scale: int64(n)*3*int64(cards.MaxRank) + 1,
		best:  make([]int64, size),
		from:  make([]int32, size),
	}
}

// key is the score of cards of rank r that are worth mult times their value in total.
func (s *search) key(r cards.Rank, mult int) int64 {
	return int64(mult) * (int64(RankValue(r))*s.scale + int64(r))
}

func (s *search) count(pos int) int { return s.cnt[pos%nRanks] }

// plan is the decision at every position of the circle: starts of runs of two and three, and
// the split of what is left.
type plan struct {
	run2, run3 [nRanks]int
	local      [nRanks]localSplit
	score      int64
}

// solve tries every state at the cut and keeps the best closed circle; the first found wins ties,
// which keeps the choice deterministic.
func (s *search) solve() plan {
	best := plan{score: unreachable}
	c0 := s.count(s.first)
	cPrev := s.count(s.first + nRanks - 1)
	lim := min(c0, cPrev) // every run crossing the cut uses a card of both ranks beside it
	for e0 := 0; e0 <= lim; e0++ {
		for q0 := 0; e0+q0 <= lim && q0 <= s.count(s.first+1); q0++ {
			if p, ok := s.run(e0, q0); ok && p.score > best.score {
				best = p
			}
		}
	}
	return best
}

// run is the programme for one state at the cut: forwards from (e0, q0), and back to it.
func (s *search) run(e0, q0 int) (plan, bool) {
	dim := s.dim
	ds := dim * dim
	for i := range s.best {
		s.best[i] = unreachable
	}
	s.best[e0*dim+q0] = 0
	for j := range nRanks {
		pos := (s.first + j) % nRanks
		r := rankAt(pos)
		c := s.cnt[pos]
		c1, c2 := s.count(pos+1), s.count(pos+2)
		r1, r2 := rankAt(pos+1), rankAt(pos+2)
		run2 := s.key(r, 2) + s.key(r1, 2)
		run3 := s.key(r, 3) + s.key(r1, 3) + s.key(r2, 3)
		noRun3 := !s.wrap && pos == posKing
		cur, next := s.best[j*ds:(j+1)*ds], s.best[(j+1)*ds:(j+2)*ds]
		from := s.from[(j+1)*ds : (j+2)*ds]
		for e := 0; e <= c; e++ {
			for q := 0; e+q <= c; q++ {
				base := cur[e*dim+q]
				if base == unreachable {
					continue
				}
				free := c - e - q
				for sv := 0; sv <= free && q+sv <= c1; sv++ {
					for t := 0; sv+t <= free && q+sv+t <= c1 && t <= c2; t++ {
						if t > 0 && noRun3 {
							break
						}
						loc := bestLocal(free - sv - t)
						v := base + int64(sv)*run2 + int64(t)*run3 + s.key(r, loc.mult)
						k := (q+sv)*dim + t
						if v > next[k] {
							next[k] = v
							from[k] = int32(e)<<16 | int32(sv)
						}
					}
				}
			}
		}
	}
	end := nRanks*ds + e0*dim + q0
	if s.best[end] == unreachable {
		return plan{}, false
	}
	// Walk back from the closed state to read the choices.
	p := plan{score: s.best[end]}
	e, q := e0, q0
	for j := nRanks - 1; j >= 0; j-- {
		pos := (s.first + j) % nRanks
		f := s.from[(j+1)*ds+e*dim+q]
		pe, sv := int(f>>16), int(f&0xffff)
		t := q
		pq := e - sv
		p.run2[pos] = sv
		p.run3[pos] = t
		p.local[pos] = bestLocal(s.cnt[pos] - pe - pq - sv - t)
		e, q = pe, pq
	}
	return p, true
}

// build turns a plan into groups, checks its own arithmetic and orders the groups.
func (s *search) build(p plan) Influence {
	in := Influence{Groups: make([]Group, 0, 16)}
	add := func(k GroupKind, rs ...cards.Rank) {
		sum := 0
		for _, r := range rs {
			sum += RankValue(r)
		}
		g := Group{Kind: k, Cards: rs, Points: sum * k.Multiplier()}
		in.Groups = append(in.Groups, g)
		in.Total += g.Points
	}
	for pos := range nRanks {
		r := rankAt(pos)
		for range p.run2[pos] {
			add(Run2, r, rankAt(pos+1))
		}
		for range p.run3[pos] {
			add(Run3, r, rankAt(pos+1), rankAt(pos+2))
		}
		l := p.local[pos]
		for range l.set4 {
			add(Set4, r, r, r, r)
		}
		for range l.set3 {
			add(Set3, r, r, r)
		}
		for range l.singles {
			add(Single, r)
		}
	}
	if want := p.score / s.scale; int64(in.Total) != want {
		panic(fmt.Sprintf("scoring: influence split adds up to %d, search found %d", in.Total, want))
	}
	slices.SortStableFunc(in.Groups, compareGroups)
	return in
}

// compareGroups orders a breakdown: points descending, then lowest rank, then kind and cards so
// that no two different groups compare equal.
func compareGroups(a, b Group) int {
	if a.Points != b.Points {
		return b.Points - a.Points
	}
	if la, lb := slices.Min(a.Cards), slices.Min(b.Cards); la != lb {
		return int(la) - int(lb)
	}
	if ka, kb := kindOrder(a.Kind), kindOrder(b.Kind); ka != kb {
		return ka - kb
	}
	return slices.Compare(a.Cards, b.Cards)
}

func kindOrder(k GroupKind) int {
	return slices.Index([]GroupKind{Set4, Run3, Set3, Run2, Single}, k)
}
