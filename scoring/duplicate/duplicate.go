// Package duplicate scores results on the same deals against each other (RULINGS D4–D7):
// every table that plays a board plays the same cards, so a result counts against the other
// results of its direction on that board, not against the luck of the deal. Matchpoints (D5)
// give 2 for every result beaten and 1 for every tie; a board played fewer times than the most
// is factored by Neuberg's formula (D6); the datum (D7) is a result's difference from the mean
// of the others. The arithmetic is exact (fractions), so the same results give the same
// scores on every machine, and every figure can be checked by hand.
package duplicate

import (
	"cmp"
	"fmt"
	"math/big"
	"slices"
)

// Result is one table's result on a board: in which direction it was scored (D4: at tables of
// 2, 1 for the seat that deals or opens on the board and 2 for the other; at larger tables each
// seat in order from the dealer, from 1), by whom (a player, or a partnership as the session
// names it), and the seat's total on its sheet (D5).
type Result struct {
	Board     int    `json:"board"`
	Direction int    `json:"direction"`
	Side      string `json:"side"`
	Score     int    `json:"score"`
	// Fouled names the cards a fouled board was played with (D3), when the director lets the
	// result stand: it is compared only with the results played with the same cards, and each
	// such set is factored to the results expected (D6).
	Fouled string `json:"fouled,omitempty"`
	// Assigned is a score the director assigned in place of the result (D3), a percentage of
	// the top (60 to a side not at fault, 40 to a side at fault, 50 to both when neither is):
	// it is compared with no result, and the others on the board count one result fewer.
	Assigned int `json:"assigned,omitempty"`
}

// Scored is a result scored against the other results of its board and direction: its
// matchpoints (D5), factored by Neuberg (D6) when the board was played fewer times than
// expected, out of the top of the results expected; its percentage of that top; and its datum
// points (D7), its score less the mean of the others'.
type Scored struct {
	Result
	Matchpoints float64 `json:"matchpoints"`
	Top         float64 `json:"top"`
	Percent     float64 `json:"percent"`
	Datum       float64 `json:"datum"`
	// Played is how many results it was compared among, itself included (an assigned score: 1),
	// of the Expected.
	Played   int `json:"played"`
	Expected int `json:"expected"`
	// The figures as the fractions they are, which Standings sums.
	mp, top, datum *big.Rat
}

// Standing is a side's session: its matchpoints and the tops they are out of, summed over the
// boards it played, that as a percentage, and its datum points summed.
type Standing struct {
	Place       int     `json:"place"`
	Side        string  `json:"side"`
	Boards      int     `json:"boards"`
	Matchpoints float64 `json:"matchpoints"`
	Top         float64 `json:"top"`
	Percent     float64 `json:"percent"`
	Datum       float64 `json:"datum"`
}

// Score scores every result against the others of its board and direction (and, on a fouled
// board, of the same cards). expected is how many results a board is expected to have in a
// direction (E of D6); 0 takes the most any board has. A side with two results in one board and
// direction, a direction below 1, an assigned score outside 0–100 %, or expected below the
// results a board has, is refused: the results cannot be compared as given.
func Score(results []Result, expected int) ([]Scored, error) {
	type board struct{ board, direction int }
	type cards struct {
		board
		fouled string
	}
	on := map[board][]int{}     // every result of a board and direction, by index
	groups := map[cards][]int{} // those compared with each other
	for i, r := range results {
		b := board{r.Board, r.Direction}
		switch {
		case r.Direction < 1:
			return nil, fmt.Errorf("board %d: %s's result has direction %d: directions are numbered from 1", r.Board, r.Side, r.Direction)
		case r.Assigned < 0 || r.Assigned > 100:
			return nil, fmt.Errorf("board %d: %s's assigned score is %d %%: give a percentage of the top, 0 to 100", r.Board, r.Side, r.Assigned)
		case slices.ContainsFunc(on[b], func(j int) bool { return results[j].Side == r.Side }):
			return nil, fmt.Errorf("board %d, direction %d: %s has two results", r.Board, r.Direction, r.Side)
		}
		on[b] = append(on[b], i)
		if r.Assigned == 0 {
			groups[cards{b, r.Fouled}] = append(groups[cards{b, r.Fouled}], i)
		}
	}
	most := 0
	for _, g := range on {
		most = max(most, len(g))
	}
	if expected == 0 {
		expected = most
	}
	if expected < most {
		return nil, fmt.Errorf("%d results expected on a board, where one has %d", expected, most)
	}
	top := big.NewRat(2*int64(expected-1), 1)
	out := make([]Scored, len(results))
	for _, g := range groups {
		for _, i := range g {
			mp := matchpoints(results, g, i, expected)
			d := datum(results, g, i)
			out[i] = Scored{Result: results[i], Matchpoints: float(mp), Top: float(top), Percent: percent(mp, top),
				Datum: float(d), Played: len(g), Expected: expected, mp: mp, top: top, datum: d}
		}
	}
	for i, r := range results {
		if r.Assigned != 0 {
			mp := new(big.Rat).Mul(top, big.NewRat(int64(r.Assigned), 100))
			out[i] = Scored{Result: r, Matchpoints: float(mp), Top: float(top), Percent: percent(mp, top),
				Played: 1, Expected: expected, mp: mp, top: top, datum: new(big.Rat)}
		}
	}
	return out, nil
}

// matchpoints is result i's matchpoints among the results g it is compared with (D5), factored
// by Neuberg when they are fewer than expected (D6).
func matchpoints(results []Result, g []int, i, expected int) *big.Rat {
	n := int64(0)
	for _, j := range g {
		switch other := results[j].Score; {
		case j == i:
		case results[i].Score > other:
			n += 2
		case results[i].Score == other:
			n++
		}
	}
	mp := big.NewRat(n, 1)
	if played := len(g); played < expected {
		// (MP + 1) × E / A − 1
		mp.Add(mp, big.NewRat(1, 1))
		mp.Mul(mp, big.NewRat(int64(expected), int64(played)))
		mp.Sub(mp, big.NewRat(1, 1))
	}
	return mp
}

// datum is result i's score less the mean of the other results g it is compared with (D7); 0
// for a result with none to compare.
func datum(results []Result, g []int, i int) *big.Rat {
	if len(g) < 2 {
		return new(big.Rat)
	}
	var sum int64
	for _, j := range g {
		if j != i {
			sum += int64(results[j].Score)
		}
	}
	mean := big.NewRat(sum, int64(len(g)-1))
	return new(big.Rat).Sub(big.NewRat(int64(results[i].Score), 1), mean)
}

// Standings sums each side's results as Score scored them over the boards it played, exactly,
// highest percentage first (then the most datum points, then the name); sides with the same
// percentage share their place.
func Standings(scored []Scored) []Standing {
	type sums struct {
		boards         int
		mp, top, datum *big.Rat
	}
	by := map[string]*sums{}
	for _, s := range scored {
		t := by[s.Side]
		if t == nil {
			t = &sums{mp: new(big.Rat), top: new(big.Rat), datum: new(big.Rat)}
			by[s.Side] = t
		}
		t.boards++
		t.mp.Add(t.mp, s.mp)
		t.top.Add(t.top, s.top)
		t.datum.Add(t.datum, s.datum)
	}
	out := make([]Standing, 0, len(by))
	pct := map[string]*big.Rat{}
	for side, t := range by {
		out = append(out, Standing{Side: side, Boards: t.boards, Matchpoints: float(t.mp), Top: float(t.top),
			Percent: percent(t.mp, t.top), Datum: float(t.datum)})
		pct[side] = share(t.mp, t.top)
	}
	slices.SortFunc(out, func(a, b Standing) int {
		return cmp.Or(pct[b.Side].Cmp(pct[a.Side]), cmp.Compare(b.Datum, a.Datum), cmp.Compare(a.Side, b.Side))
	})
	for i := range out {
		out[i].Place = i + 1
		if i > 0 && pct[out[i].Side].Cmp(pct[out[i-1].Side]) == 0 {
			out[i].Place = out[i-1].Place
		}
	}
	return out
}

// share is mp over top, 0 when the top is (a board played once: nothing to beat).
func share(mp, top *big.Rat) *big.Rat {
	if top.Sign() == 0 {
		return new(big.Rat)
	}
	return new(big.Rat).Quo(mp, top)
}

// percent is mp as a percentage of top, to two places.
func percent(mp, top *big.Rat) float64 {
	p := share(mp, top)
	p.Mul(p, big.NewRat(100, 1))
	f, _ := new(big.Rat).SetString(p.FloatString(2))
	return float(f)
}

// float is r as the nearest float64: JSON's number.
func float(r *big.Rat) float64 {
	f, _ := r.Float64()
	return f
}
