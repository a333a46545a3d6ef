package render

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tableside/tableside/internal/needs"
	"github.com/tableside/tableside/referee/tournament"
	"github.com/tableside/tableside/scoring"
)

// nightSlip is the slip of a Swiss of 24 players on 12 tables with every tie-break, and its
// standings laid out whole: the largest field a club room's notice board takes on one page.
func nightSlip() (scoring.Slip, Standings) {
	s := scoring.Slip{Name: "autumn <swiss>", Kind: "pinochle", Date: "2026-11-27", Round: 5, FirstWord: "opens", After: 4,
		Foot: "autumn <swiss>, round 5 · tournament 1 · seal 612:7KQ3-M2XD-9FHA"}
	for i := range 12 {
		s.Tables = append(s.Tables, scoring.SlipTable{Table: i + 1, Players: []string{fmt.Sprintf("player%02d", 2*i), fmt.Sprintf("player%02d", 2*i+1)}, Game: int64(50 + i)})
	}
	tieBreaks := []string{"buchholz", "buchholz-cut1", "sonneborn-berger", "game-scores", "direct", "rating"}
	var standings []tournament.Standing
	for i := range 24 {
		standings = append(standings, tournament.Standing{Place: i + 1, Name: fmt.Sprintf("player%02d", i), Points: 3.5, Games: 4, Byes: 0,
			TieBreaks: map[string]float64{"buchholz": 12.5, "buchholz-cut1": 11, "sonneborn-berger": 8.75, "game-scores": 1204, "direct": 0.5, "rating": 1850}})
	}
	return s, TournamentStandings(tieBreaks, standings, Whole)
}

// TestSlipEscapesNames: a name is text, never markup.
func TestSlipEscapesNames(t *testing.T) {
	var b bytes.Buffer
	slip, standings := nightSlip()
	if err := SlipHTML(&b, slip, standings); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "<swiss>") || !strings.Contains(b.String(), "autumn &lt;swiss&gt; — round 5") {
		t.Errorf("the name is not escaped:\n%s", b.String())
	}
	if got := strings.Count(b.String(), `<td class="n">`); got < 24*10+12 {
		t.Errorf("%d numeric cells, want a place, points, six tie-breaks, games and byes a player", got)
	}
	if !strings.Contains(b.String(), `<th class="n">sonneborn-berger</th><th class="n">game-scores</th>`) || !strings.Contains(b.String(), `<th class="n">byes</th>`) {
		t.Errorf("the slip's standings are not laid out as the terminal's:\n%s", b.String())
	}
}

// TestSlipPrintsOnOnePage prints the slip of 24 players to PDF in Chromium on A4 and US Letter:
// one page each.
func TestSlipPrintsOnOnePage(t *testing.T) {
	chromium := needs.Program(t, "chromium", "to print the round slips", "apt-get install chromium")
	var b bytes.Buffer
	slip, standings := nightSlip()
	if err := SlipHTML(&b, slip, standings); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for paper, css := range map[string]string{"letter": "@page { size: letter; margin: 12mm }", "a4": "@page { size: A4; margin: 12mm }"} {
		file := filepath.Join(dir, paper+".html")
		if err := os.WriteFile(file, []byte(strings.Replace(b.String(), "</style>", css+"\n</style>", 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		pdf := filepath.Join(dir, paper+".pdf")
		needs.Headless(t, chromium, "--no-pdf-header-footer", "--print-to-pdf="+pdf, "file://"+file)
		data, err := os.ReadFile(pdf)
		if err != nil {
			t.Fatal(err)
		}
		if m := regexp.MustCompile(`/Count (\d+)`).FindSubmatch(data); m == nil || string(m[1]) != "1" {
			t.Errorf("the slip of 24 players on %s: %q pages, want 1", paper, m)
		}
	}
}

// TestPointsAsPeopleWriteThem: whole and half points exactly, thirds to two places.
func TestPointsAsPeopleWriteThem(t *testing.T) {
	for p, want := range map[float64]string{0: "0", 2: "2", 1.5: "1.5", 1.0 / 3: "0.33", 2.0 / 3: "0.67", 0.4: "0.40"} {
		if got := Points(p); got != want {
			t.Errorf("Points(%v) = %q, want %q", p, got, want)
		}
	}
}
