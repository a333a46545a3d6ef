package duplicate

import (
	"strings"
	"testing"
)

// TestAHandWorkedSession holds Score and Standings to a session worked out by hand. Board 1 is
// played four times in direction 1 (300, 250, 250, 100: 6, 3, 3 and 0 matchpoints of a top of
// 6, D5) and four in direction 2, scored apart (D4); board 2 three times in direction 1 where
// four were expected, so that Neuberg factors it (D6): 400 beats two, (4 + 1) × 4/3 − 1 = 17/3;
// 200 ties one, (1 + 1) × 4/3 − 1 = 5/3. The datum (D7) is each score less the others' mean.
func TestAHandWorkedSession(t *testing.T) {
	results := []Result{
		res(1, 1, "ann", 300), res(1, 1, "bob", 250), res(1, 1, "cy", 250), res(1, 1, "dee", 100),
		res(1, 2, "wes", 50), res(1, 2, "xia", 50), res(1, 2, "yul", 60), res(1, 2, "zed", 10),
		res(2, 1, "ann", 200), res(2, 1, "bob", 400), res(2, 1, "cy", 200),
	}
	scored, err := Score(results, 4)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		mp, pct, datum float64
	}{
		{6, 100, 100}, {3, 50, 250 - 650.0/3}, {3, 50, 250 - 650.0/3}, {0, 0, 100 - 800.0/3},
		{3, 50, 50 - 120.0/3}, {3, 50, 50 - 120.0/3}, {6, 100, 60 - 110.0/3}, {0, 0, 10 - 160.0/3},
		{5.0 / 3, 27.78, 200 - 300}, {17.0 / 3, 94.44, 400 - 200}, {5.0 / 3, 27.78, 200 - 300},
	}
	for i, s := range scored {
		w := want[i]
		if !near(s.Matchpoints, w.mp) || s.Percent != w.pct || !near(s.Datum, w.datum) || s.Top != 6 || s.Expected != 4 {
			t.Errorf("board %d, direction %d, %s's %d: %+v; want %v matchpoints of 6, %v%%, datum %v",
				s.Board, s.Direction, s.Side, s.Score, s, w.mp, w.pct, w.datum)
		}
	}
	if scored[8].Played != 3 || scored[0].Played != 4 {
		t.Errorf("played: board 2 %d, board 1 %d; want 3 and 4", scored[8].Played, scored[0].Played)
	}

	// ann 6 + 5/3 = 23/3 of 12, bob 3 + 17/3 = 26/3, cy 3 + 5/3 = 14/3, dee 0 of 6.
	got := Standings(scored)
	byName := map[string]Standing{}
	for _, s := range got {
		byName[s.Side] = s
	}
	for _, w := range []struct {
		side    string
		mp, top float64
		pct     float64
		boards  int
	}{
		{"ann", 23.0 / 3, 12, 63.89, 2}, {"bob", 26.0 / 3, 12, 72.22, 2}, {"cy", 14.0 / 3, 12, 38.89, 2},
		{"dee", 0, 6, 0, 1}, {"yul", 6, 6, 100, 1},
	} {
		s := byName[w.side]
		if !near(s.Matchpoints, w.mp) || s.Top != w.top || s.Percent != w.pct || s.Boards != w.boards {
			t.Errorf("%s's session: %+v; want %v of %v, %v%%, %d boards", w.side, s, w.mp, w.top, w.pct, w.boards)
		}
	}
	var names []string
	for _, s := range got {
		names = append(names, s.Side)
	}
	// yul's 100% first; wes and xia share 50% and a place (the same datum, then by name); zed
	// and dee share 0% and the last place, zed ahead on the datum.
	if strings.Join(names, " ") != "yul bob ann wes xia cy zed dee" {
		t.Errorf("the standings' order: %v", names)
	}
	for side, place := range map[string]int{"yul": 1, "bob": 2, "ann": 3, "wes": 4, "xia": 4, "cy": 6, "zed": 7, "dee": 7} {
		if byName[side].Place != place {
			t.Errorf("%s's place: %d, want %d", side, byName[side].Place, place)
		}
	}
}

// TestAFouledBoardAndAnAssignedScore is D3 on the scoring side, worked by hand: board 3, four
// results expected. ann 100 and bob 80 were played with the board's cards, cy 90 with fouled
// cards "B" the director let stand, and dee was assigned 60 %. ann and bob are compared with
// each other alone and factored to four results: ann (2 + 1) × 4/2 − 1 = 5, bob (0 + 1) × 2 −
// 1 = 1; cy is compared with nobody: (0 + 1) × 4 − 1 = 3, half the top; dee has 60 % of 6.
func TestAFouledBoardAndAnAssignedScore(t *testing.T) {
	fouled := res(3, 1, "cy", 90)
	fouled.Fouled = "B"
	assigned := res(3, 1, "dee", 0)
	assigned.Assigned = 60
	scored, err := Score([]Result{res(3, 1, "ann", 100), res(3, 1, "bob", 80), fouled, assigned}, 4)
	if err != nil {
		t.Fatal(err)
	}
	for i, w := range []struct{ mp, pct, datum float64 }{{5, 83.33, 20}, {1, 16.67, -20}, {3, 50, 0}, {3.6, 60, 0}} {
		if s := scored[i]; !near(s.Matchpoints, w.mp) || s.Percent != w.pct || !near(s.Datum, w.datum) || s.Top != 6 {
			t.Errorf("%s: %+v; want %v matchpoints of 6, %v%%, datum %v", s.Side, s, w.mp, w.pct, w.datum)
		}
	}
	if _, err := Score([]Result{{Board: 1, Direction: 1, Side: "ann", Assigned: 120}}, 0); err == nil || !strings.Contains(err.Error(), "0 to 100") {
		t.Errorf("an assigned score of 120 %%: %v", err)
	}
	// The board still has four results: four expected is not too few.
	if _, err := Score([]Result{res(3, 1, "ann", 100), res(3, 1, "bob", 80), fouled, assigned}, 3); err == nil {
		t.Errorf("three results expected on a board of four, fouled and assigned ones among them, was taken")
	}
}

// TestResultsThatCannotBeCompared are refused naming what is wrong.
func TestResultsThatCannotBeCompared(t *testing.T) {
	for _, tc := range []struct {
		results  []Result
		expected int
		want     string
	}{
		{[]Result{res(1, 1, "ann", 3), res(1, 1, "ann", 4)}, 0, "ann has two results"},
		{[]Result{res(1, 0, "ann", 3)}, 0, "direction 0"},
		{[]Result{res(1, 1, "ann", 3), res(1, 1, "bob", 4), res(1, 1, "cy", 5)}, 2, "2 results expected on a board, where one has 3"},
	} {
		if _, err := Score(tc.results, tc.expected); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v expecting %d: %v, want %q", tc.results, tc.expected, err, tc.want)
		}
	}
	// A board played once has nothing to beat: no top, no percentage, no datum.
	s, err := Score([]Result{res(1, 1, "ann", 3)}, 0)
	if err != nil || s[0].Top != 0 || s[0].Percent != 0 || s[0].Datum != 0 {
		t.Errorf("a board played once: %+v, %v", s, err)
	}
}

func near(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }

func res(board, direction int, side string, score int) Result {
	return Result{Board: board, Direction: direction, Side: side, Score: score}
}

// FuzzScore: any results are scored or refused, never a panic; among results compared as
// often as expected, the matchpoints share out 2 for every pair of results (each pair gives 2
// to the better, or 1 to each); every result's, Neuberg's factor and all, from 0 to the top; and the datum sums to 0 (each result's
// difference from the others' mean, summed, cancels), fouled and assigned results among them.
func FuzzScore(f *testing.F) {
	f.Add([]byte{1, 1, 0, 30, 1, 1, 1, 25, 1, 1, 2, 25, 2, 1, 0, 10}, uint8(0))
	f.Add([]byte{1, 2, 0, 5}, uint8(3))
	f.Fuzz(func(t *testing.T, data []byte, expected uint8) {
		var results []Result
		for i := 0; i+3 < len(data); i += 4 {
			r := res(int(data[i]%4), int(data[i+1]%3), string(rune('a'+data[i+2]%8)), int(int8(data[i+3])))
			r.Fouled = []string{"", "", "", "B"}[data[i]>>6]
			if data[i+1]&0x80 != 0 {
				r.Assigned = int(data[i+3] % 101)
			}
			results = append(results, r)
		}
		scored, err := Score(results, int(expected%8))
		if err != nil {
			return
		}
		Standings(scored)
		type key struct {
			board, direction int
			fouled           string
		}
		mp, datum, n := map[key]float64{}, map[key]float64{}, map[key]int{}
		for _, s := range scored {
			if s.Matchpoints < -1e-9 || s.Matchpoints > s.Top+1e-9 {
				t.Fatalf("%+v: matchpoints outside 0 to the top", s)
			}
			if s.Assigned != 0 {
				continue
			}
			k := key{s.Board, s.Direction, s.Fouled}
			mp[k] += s.Matchpoints
			datum[k] += s.Datum
			n[k]++
		}
		for k, played := range n {
			if scored[0].Expected == played && !near(mp[k], float64(played*(played-1))) {
				t.Fatalf("%+v: %v matchpoints among %d results, want %d", k, mp[k], played, played*(played-1))
			}
			if d := datum[k]; d > 1e-6 || d < -1e-6 {
				t.Fatalf("%+v: the datum sums to %v", k, d)
			}
		}
	})
}
