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
		{1, 1, "ann", 300}, {1, 1, "bob", 250}, {1, 1, "cy", 250}, {1, 1, "dee", 100},
		{1, 2, "wes", 50}, {1, 2, "xia", 50}, {1, 2, "yul", 60}, {1, 2, "zed", 10},
		{2, 1, "ann", 200}, {2, 1, "bob", 400}, {2, 1, "cy", 200},
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

// TestResultsThatCannotBeCompared are refused naming what is wrong.
func TestResultsThatCannotBeCompared(t *testing.T) {
	for _, tc := range []struct {
		results  []Result
		expected int
		want     string
	}{
		{[]Result{{1, 1, "ann", 3}, {1, 1, "ann", 4}}, 0, "ann has two results"},
		{[]Result{{1, 0, "ann", 3}}, 0, "direction 0"},
		{[]Result{{1, 1, "ann", 3}, {1, 1, "bob", 4}, {1, 1, "cy", 5}}, 2, "2 results expected on a board, where one has 3"},
	} {
		if _, err := Score(tc.results, tc.expected); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v expecting %d: %v, want %q", tc.results, tc.expected, err, tc.want)
		}
	}
	// A board played once has nothing to beat: no top, no percentage, no datum.
	s, err := Score([]Result{{1, 1, "ann", 3}}, 0)
	if err != nil || s[0].Top != 0 || s[0].Percent != 0 || s[0].Datum != 0 {
		t.Errorf("a board played once: %+v, %v", s, err)
	}
}

func near(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }

// FuzzScore: any results are scored or refused, never a panic; on a board and direction
// played as often as expected, the matchpoints share out 2 for every pair of results (each
// pair gives 2 to the better, or 1 to each), each between 0 and the top, and the datum sums
// to 0 (each result's difference from the others' mean, summed, cancels).
func FuzzScore(f *testing.F) {
	f.Add([]byte{1, 1, 0, 30, 1, 1, 1, 25, 1, 1, 2, 25, 2, 1, 0, 10}, uint8(0))
	f.Add([]byte{1, 2, 0, 5}, uint8(3))
	f.Fuzz(func(t *testing.T, data []byte, expected uint8) {
		var results []Result
		for i := 0; i+3 < len(data); i += 4 {
			results = append(results, Result{Board: int(data[i] % 4), Direction: int(data[i+1] % 3), Side: string(rune('a' + data[i+2]%8)), Score: int(int8(data[i+3]))})
		}
		scored, err := Score(results, int(expected%8))
		if err != nil {
			return
		}
		Standings(scored)
		type key struct{ board, direction int }
		mp, datum, n := map[key]float64{}, map[key]float64{}, map[key]int{}
		for _, s := range scored {
			k := key{s.Board, s.Direction}
			mp[k] += s.Matchpoints
			datum[k] += s.Datum
			n[k]++
			if s.Played == s.Expected && (s.Matchpoints < 0 || s.Matchpoints > s.Top) {
				t.Fatalf("%+v: matchpoints outside 0 to the top", s)
			}
		}
		for k, played := range n {
			if scored[0].Expected == played && !near(mp[k], float64(played*(played-1))) {
				t.Fatalf("board %d, direction %d: %v matchpoints among %d results, want %d", k.board, k.direction, mp[k], played, played*(played-1))
			}
			if d := datum[k]; d > 1e-6 || d < -1e-6 {
				t.Fatalf("board %d, direction %d: the datum sums to %v", k.board, k.direction, d)
			}
		}
	})
}
