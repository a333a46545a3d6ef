package tournamenttest

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tableside/tableside/referee/tournament"
)

// FIDE's Berger tables (Handbook C.05, annex 1), white first.
var fide = map[int][]string{
	4: {"1-4 2-3", "4-3 1-2", "2-4 3-1"},
	6: {"1-6 2-5 3-4", "6-4 5-3 1-2", "2-6 3-1 4-5", "6-5 1-4 2-3", "3-6 4-2 5-1"},
	8: {"1-8 2-7 3-6 4-5", "8-5 6-4 7-3 1-2", "2-8 3-1 4-7 5-6", "8-6 7-5 1-4 2-3",
		"3-8 4-2 5-1 6-7", "8-7 1-6 2-5 3-4", "4-8 5-3 6-2 7-1"},
}

func TestBergerIsFIDEs(t *testing.T) {
	for n, rows := range fide {
		for r, row := range rows {
			for _, table := range strings.Fields(row) {
				var white, black int
				fmt.Sscanf(table, "%d-%d", &white, &black)
				if o, w := bergerOpponent(n, r+1, white); o != black || !w {
					t.Errorf("%d players, round %d: %d meets %d (white %v), FIDE's tables say %s", n, r+1, white, o, w, table)
				}
				if o, w := bergerOpponent(n, r+1, black); o != white || w {
					t.Errorf("%d players, round %d: %d meets %d (white %v), FIDE's tables say %s", n, r+1, black, o, w, table)
				}
			}
		}
	}
}

// randomInput is n players with random points, who met at random, one in a hundred times meet.
func randomInput(rng *rand.Rand, n, size int, meet int) tournament.Input {
	in := tournament.Input{Format: tournament.Rotation, Kind: "capture", Round: 2, TableSize: size}
	if size == 2 {
		in.Format, in.Kind = tournament.Swiss, "pinochle"
	}
	for i := range n {
		in.Players = append(in.Players, tournament.Player{Name: fmt.Sprint("p", i), Points: float64(rng.IntN(7)) / 2})
	}
	for i := range n {
		for j := i + 1; j < n; j++ {
			if rng.IntN(100) < meet {
				in.Players[i].Opponents = append(in.Players[i].Opponents, in.Players[j].Name)
				in.Players[j].Opponents = append(in.Players[j].Opponents, in.Players[i].Name)
			}
		}
	}
	return in
}

func randomField(t *testing.T, rng *rand.Rand, n, size int, meet int) *field {
	f, err := newField(randomInput(rng, n, size, meet))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// The matrix count of a pairing's fewest rematches agrees with the search of every pairing.
func TestFreshMatchingAgreesWithTheSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	forced := 0
	for range 400 {
		n := 2 * (1 + rng.IntN(8))
		f := randomField(t, rng, n, 2, rng.IntN(100))
		everyone := make([]int, n)
		for i := range everyone {
			everyone[i] = i
		}
		rematches, _ := f.closest(everyone)
		if got := n/2 - f.freshMatching(everyone); got != rematches {
			t.Fatalf("%d players: the matrix says %d rematches at least, the search %d", n, got, rematches)
		}
		if rematches > 0 {
			forced++
		}
	}
	if forced < 50 {
		t.Errorf("only %d fields forced a rematch: the test does not test", forced)
	}
}

// The lower bound never passes the least count found by searching every seating, and is not
// idle: it reaches that count in many fields.
func TestLowerBoundIsABound(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	reached, positive := 0, 0
	for range 400 {
		size := 3 + rng.IntN(4)
		n := 3 + rng.IntN(10)
		f := randomField(t, rng, n, size, rng.IntN(100))
		bound, fewest := f.lowerBound(), f.newSearch().fewest(0)
		if bound > fewest {
			t.Fatalf("%d players at tables of %d: a bound of %d, but a seating with %d exists", n, size, bound, fewest)
		}
		if bound > 0 {
			positive++
			if bound == fewest {
				reached++
			}
		}
	}
	t.Logf("the bound was positive in %d fields of 400, and the least possible in %d of those", positive, reached)
	if reached < 20 {
		t.Errorf("the bound reached the least possible in only %d fields", reached)
	}
}

// Check never panics, whatever the output: a random mangling of a pairing is a breach, or
// still a pairing.
func TestCheckNeverPanics(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	names := []string{"p0", "p1", "p2", "p3", "zed", ""}
	for range 3000 {
		size := 2 + rng.IntN(3)
		in := randomInput(rng, rng.IntN(12), size, 30)
		if rng.IntN(4) == 0 {
			in.Format, in.Kind, in.TableSize = tournament.RoundRobin, "candidate", 2
			in.Entrants = rng.IntN(20)
			in.Double = rng.IntN(2) == 0
			for i := range in.Players {
				in.Players[i].Number = rng.IntN(20)
			}
		}
		in.Round = rng.IntN(12)
		var out tournament.Output
		out.Round = in.Round
		for tb := range rng.IntN(6) {
			table := tournament.Table{Table: tb + rng.IntN(2)}
			for range rng.IntN(5) {
				table.Players = append(table.Players, names[rng.IntN(len(names))])
			}
			table.First = names[rng.IntN(len(names))]
			out.Tables = append(out.Tables, table)
		}
		for range rng.IntN(3) {
			out.Byes = append(out.Byes, names[rng.IntN(len(names))])
		}
		Check(in, out)
		LowerBoundRepeats(in)
	}
}

// The exchanges checked beyond the exhaustive fields never flag a seating or a pairing that
// is the best by the search of every one: what they find is a breach for sure.
func TestExchangesPassTheBest(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range 300 {
		// The leaders-together seating of a Swiss, by the search.
		f := randomField(t, rng, 3+rng.IntN(10), 3+rng.IntN(4), rng.IntN(100))
		f.in.Format = tournament.Swiss
		s := f.newSearch()
		var tables [][]int
		for seated := uint32(0); seated != s.everyone; {
			table := s.leaders(seated)
			tables = append(tables, placesOf(table))
			seated |= table
		}
		c := &checker{field: f}
		c.exchangeSeats(tables)
		if len(c.breaches) > 0 {
			t.Fatalf("%v flags the best seating %v: %v", f.in, tables, c.breaches)
		}

		// The best pairing of an even field, by trying every one.
		f = randomField(t, rng, 2*(1+rng.IntN(5)), 2, rng.IntN(100))
		everyone := make([]int, f.n)
		for i := range everyone {
			everyone[i] = i
		}
		rematches, difference := f.closest(everyone)
		var best [][]int
		var walk func(rest []int, made [][]int)
		walk = func(rest []int, made [][]int) {
			if len(rest) == 0 {
				r, d := 0, int64(0)
				for _, pair := range made {
					if f.met(pair[0], pair[1]) {
						r++
					}
					d += abs(f.points[pair[0]] - f.points[pair[1]])
				}
				if r == rematches && d == difference {
					best = append([][]int(nil), made...)
				}
				return
			}
			for j := 1; j < len(rest); j++ {
				others := append(append([]int(nil), rest[1:j]...), rest[j+1:]...)
				walk(others, append(made, []int{rest[0], rest[j]}))
			}
		}
		walk(everyone, nil)
		c = &checker{field: f}
		c.exchangeOpponents(best)
		if len(c.breaches) > 0 {
			t.Fatalf("%v flags the best pairing %v: %v", f.in, best, c.breaches)
		}
	}
}
