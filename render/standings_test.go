package render

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/tableside/tableside/referee/tournament"
	"github.com/tableside/tableside/scoring"
)

// TestTournamentStandingsLayout: whole standings have the games and byes a column each; brief
// ones name the tie-breaks short, keep their full names for the cells' labels, and leave the
// games and byes out; the rows keep the standings' order and each cell is under its head.
func TestTournamentStandingsLayout(t *testing.T) {
	tieBreaks := []string{"buchholz", "direct"}
	standings := []tournament.Standing{
		{Place: 1, Name: "eve", Points: 1.5, TieBreaks: map[string]float64{"buchholz": 2.25, "direct": 0}, Games: 1, Byes: 1},
		{Place: 2, Name: "ann", Points: 1, TieBreaks: map[string]float64{"buchholz": 1.5, "direct": 1}, Games: 2},
	}
	for _, c := range []struct {
		detail      Detail
		heads, name []string
		rows        [][]string
	}{
		{Whole, []string{"place", "player", "points", "buchholz", "direct", "games", "byes"}, []string{"place", "player", "points", "buchholz", "direct", "games", "byes"},
			[][]string{{"1", "eve", "1.5", "2.25", "0", "1", "1"}, {"2", "ann", "1", "1.5", "1", "2", "0"}}},
		{Brief, []string{"place", "player", "points", "BH", "direct"}, []string{"place", "player", "points", "buchholz", "direct"},
			[][]string{{"1", "eve", "1.5", "2.25", "0"}, {"2", "ann", "1", "1.5", "1"}}},
	} {
		s := TournamentStandings(tieBreaks, standings, c.detail)
		var names []string
		for _, col := range s.Columns {
			names = append(names, col.Name)
			if col.Numeric != (col.Name != "player") {
				t.Errorf("detail %d: column %s numeric %t", c.detail, col.Name, col.Numeric)
			}
		}
		if !slices.Equal(s.Heads(), c.heads) || !slices.Equal(names, c.name) || !slices.EqualFunc(s.Rows, c.rows, slices.Equal) {
			t.Errorf("detail %d: heads %q names %q rows %q, want %q %q %q", c.detail, s.Heads(), names, s.Rows, c.heads, c.name, c.rows)
		}
	}
	if got, want := TieBreakLegend(tieBreaks), "BH: Buchholz · the direct encounter — in this order, they part players equal on points."; got != want {
		t.Errorf("the legend: %q, want %q", got, want)
	}
}

// TestMatchStandingsLayout: whole, a match has a column a game, blank for a player not in it
// and headed "(in play)" while it is played, then the sum and the wins; brief, the sum and
// the wins, then the games counted. Written as CSV, the cells are those laid out.
func TestMatchStandingsLayout(t *testing.T) {
	m := &scoring.MatchStandings{Match: "autumn", Kind: "candidate",
		Standings: []scoring.MatchStanding{{Player: "cy", Rank: 1, Points: 9, Wins: 1, Games: 1}, {Player: "ann", Rank: 2, Points: 5, Wins: 1, Games: 2}, {Player: "bob", Rank: 3, Points: 2, Games: 1}},
		Played:    []scoring.MatchGame{{Game: 4, Finished: true, Totals: map[string]int{"ann": 3, "bob": 2}}, {Game: 7, Totals: map[string]int{"ann": 2, "cy": 9}}}}
	whole := MatchStandings(m, Whole)
	if want := []string{"rank", "player", "game 4", "game 7 (in play)", "points", "wins"}; !slices.Equal(whole.Heads(), want) {
		t.Errorf("whole: heads %q, want %q", whole.Heads(), want)
	}
	if want := [][]string{{"1", "cy", "", "9", "9", "1"}, {"2", "ann", "3", "2", "5", "1"}, {"3", "bob", "2", "", "2", "0"}}; !slices.EqualFunc(whole.Rows, want, slices.Equal) {
		t.Errorf("whole: rows %q, want %q", whole.Rows, want)
	}
	brief := MatchStandings(m, Brief)
	if want := []string{"rank", "player", "points", "wins", "games"}; !slices.Equal(brief.Heads(), want) {
		t.Errorf("brief: heads %q, want %q", brief.Heads(), want)
	}
	if want := [][]string{{"1", "cy", "9", "1", "1"}, {"2", "ann", "5", "1", "2"}, {"3", "bob", "2", "0", "1"}}; !slices.EqualFunc(brief.Rows, want, slices.Equal) {
		t.Errorf("brief: rows %q, want %q", brief.Rows, want)
	}
	var b bytes.Buffer
	if err := whole.Write(&b, "csv"); err != nil {
		t.Fatal(err)
	}
	if want := "rank,player,game 4,game 7 (in play),points,wins\n1,cy,,9,9,1\n2,ann,3,2,5,1\n3,bob,2,,2,0\n"; strings.TrimPrefix(strings.ReplaceAll(b.String(), "\r\n", "\n"), "\ufeff") != want {
		t.Errorf("as CSV:\n%s\nwant:\n%s", b.String(), want)
	}
}
