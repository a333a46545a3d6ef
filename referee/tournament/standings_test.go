package tournament

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tableside/tableside/scoring"
)

// line writes a standing as "2 ann 1.5 [4.5 2.5]".
func line(s Standing, tieBreaks []string) string {
	var tbs []string
	for _, tb := range tieBreaks {
		tbs = append(tbs, fmt.Sprint(s.TieBreaks[tb]))
	}
	return fmt.Sprintf("%d %s %v [%s]", s.Place, s.Name, s.Points, strings.Join(tbs, " "))
}

// TestStandingsByHand: four players, three rounds, worked out on paper.
//
//	round 1: ann beats bob, cy and dee draw
//	round 2: ann and cy draw, bob beats dee
//	round 3: dee beats ann, bob beats cy
//
// Points: bob 2, ann 1.5, dee 1.5, cy 1. Buchholz: ann 2+1+1.5 = 4.5, dee 1+2+1.5 = 4.5,
// bob 1.5+1.5+1 = 4, cy 1.5+1.5+2 = 5; cut 1 takes each one's least. Sonneborn–Berger: ann
// beat bob (2) and drew cy (½ × 1) = 2.5; dee drew cy (0.5) and beat ann (1.5) = 2; bob beat
// dee and cy, 1.5 + 1 = 2.5; cy drew dee and ann, 0.75 + 0.75 = 1.5. So ann is second on
// Buchholz then Sonneborn–Berger; on the direct encounter dee, who beat her, is.
func TestStandingsByHand(t *testing.T) {
	entrants := []Entrant{{Name: "ann", Rating: 1500}, {Name: "bob"}, {Name: "cy"}, {Name: "dee", Rating: 1600}}
	results := []Result{
		{Round: 1, Players: []string{"ann", "bob"}, Places: []int{1, 2}, Scores: []int{110, 90}},
		{Round: 1, Players: []string{"cy", "dee"}, Places: []int{1, 1}, Scores: []int{100, 100}},
		{Round: 2, Players: []string{"ann", "cy"}, Places: []int{1, 1}, Scores: []int{80, 80}},
		{Round: 2, Players: []string{"bob", "dee"}, Places: []int{1, 2}, Scores: []int{120, 70}},
		{Round: 3, Players: []string{"dee", "ann"}, Places: []int{1, 2}, Scores: []int{130, 60}},
		{Round: 3, Players: []string{"bob", "cy"}, Places: []int{1, 2}, Scores: []int{105, 95}},
	}
	for _, c := range []struct {
		tieBreaks []string
		want      []string
	}{
		{[]string{Buchholz, SonnebornBerger}, []string{"1 bob 2 [4 2.5]", "2 ann 1.5 [4.5 2.5]", "3 dee 1.5 [4.5 2]", "4 cy 1 [5 1.5]"}},
		{[]string{BuchholzCut1}, []string{"1 bob 2 [3]", "2 ann 1.5 [3.5]", "2 dee 1.5 [3.5]", "4 cy 1 [3.5]"}},
		{[]string{Direct}, []string{"1 bob 2 [0]", "2 dee 1.5 [1]", "3 ann 1.5 [0]", "4 cy 1 [0]"}},
		{[]string{GameScores}, []string{"1 bob 2 [315]", "2 dee 1.5 [300]", "3 ann 1.5 [250]", "4 cy 1 [275]"}},
		{[]string{Rating}, []string{"1 bob 2 [0]", "2 dee 1.5 [1600]", "3 ann 1.5 [1500]", "4 cy 1 [0]"}},
		{nil, []string{"1 bob 2 []", "2 ann 1.5 []", "2 dee 1.5 []", "4 cy 1 []"}},
	} {
		got, err := Standings(entrants, results, nil, c.tieBreaks)
		if err != nil {
			t.Fatal(err)
		}
		var lines []string
		for _, s := range got {
			lines = append(lines, line(s, c.tieBreaks))
		}
		if strings.Join(lines, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("tie-breaks %v:\n%s\nwant\n%s", c.tieBreaks, strings.Join(lines, "\n"), strings.Join(c.want, "\n"))
		}
	}
}

// TestStandingsAtLargerTables: places score as T8 spaces them, shared places share; a bye is
// a win, and counts in Buchholz as an opponent of the player's own points.
func TestStandingsAtLargerTables(t *testing.T) {
	entrants := []Entrant{{Name: "ann"}, {Name: "bob"}, {Name: "cy"}, {Name: "dee"}, {Name: "eve"}}
	results := []Result{
		// A table of 4, bob and cy sharing second: 1, (2/3 + 1/3)/2 each, 0.
		{Round: 1, Players: []string{"ann", "bob", "cy", "dee"}, Places: []int{1, 2, 2, 4}, Scores: []int{9, 5, 5, 1}},
	}
	got, err := Standings(entrants, results, []Bye{{Round: 1, Player: "eve"}}, []string{Buchholz})
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, s := range got {
		lines = append(lines, line(s, []string{Buchholz}))
	}
	want := "1 ann 1 [1]\n1 eve 1 [1]\n3 bob 0.5 [1.5]\n3 cy 0.5 [1.5]\n5 dee 0 [2]"
	if got := strings.Join(lines, "\n"); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestPointsOfPlaceAreExact(t *testing.T) {
	for _, c := range []struct {
		place  int
		places []int
		want   int64
	}{
		{1, []int{1, 2}, 120}, {1, []int{1, 1}, 60}, {2, []int{1, 2}, 0},
		{2, []int{1, 2, 3}, 60}, {2, []int{1, 2, 2}, 30},
		{2, []int{1, 2, 3, 4}, 80}, {3, []int{1, 2, 3, 4}, 40},
		{1, []int{1, 1, 3, 4, 5}, 105}, {2, []int{1, 2, 2, 2, 2, 6}, 60},
		{1, []int{1, 1, 1, 1, 1, 1}, 60},
	} {
		if got := pointsOfPlace(c.place, c.places); got != c.want {
			t.Errorf("place %d of %v: %d 120ths, want %d", c.place, c.places, got, c.want)
		}
	}
}

// TestResultOfAGame: a game's places at its table, by the one rule of places
// (scoring.SidesOf), counted in players for T8: a party shares its place as a tie does, so
// the President's party takes the points of places 1 and 2 between them; a shared win the
// points of the places it spans, whatever the winners' totals; a draw at a table of 2 is ½ each.
func TestResultOfAGame(t *testing.T) {
	for _, tt := range []struct {
		name   string
		sheet  scoring.Sheet
		places string
		points string
	}{
		{"a party game (E8)", scoring.Sheet{Players: []string{"ann", "cy", "bob", "dee"}, Teams: map[string][]string{"red": {"ann", "bob"}, "blue": {"cy", "dee"}},
			Totals: map[string]int{"ann": 3, "bob": 1, "cy": 1, "dee": 0}, Winners: []string{"ann"}},
			"[1 3 1 3]", "map[ann:0.8333333333333334 bob:0.8333333333333334 cy:0.16666666666666666 dee:0.16666666666666666]"},
		{"a shared win", scoring.Sheet{Players: []string{"ann", "bob", "cy"}, Totals: map[string]int{"ann": 4, "bob": 6, "cy": 5}, Winners: []string{"ann", "bob"}},
			"[1 1 3]", "map[ann:0.75 bob:0.75 cy:0]"},
		{"a draw", scoring.Sheet{Players: []string{"ann", "bob"}, Totals: map[string]int{"ann": 5, "bob": 0}, Draw: true},
			"[1 1]", "map[ann:0.5 bob:0.5]"},
	} {
		r := ResultOf(1, &tt.sheet)
		var entrants []Entrant
		for _, p := range r.Players {
			entrants = append(entrants, Entrant{Name: p})
		}
		standings, err := Standings(entrants, []Result{r}, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		points := map[string]float64{}
		for _, s := range standings {
			points[s.Name] = s.Points
		}
		if got := fmt.Sprint(r.Places); got != tt.places || fmt.Sprint(points) != tt.points {
			t.Errorf("%s: places %s, points %v; want %s, %s", tt.name, got, points, tt.places, tt.points)
		}
	}
}
