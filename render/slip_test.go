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
	"github.com/tableside/tableside/scoring"
)

// nightSlip is the slip of a Swiss of 24 players on 12 tables with every tie-break: the
// largest field a club room's notice board takes on one page.
func nightSlip() scoring.Slip {
	s := scoring.Slip{Name: "autumn <swiss>", Kind: "pinochle", Date: "2026-11-27", Round: 5, FirstWord: "opens", After: 4,
		TieBreaks: []string{"buchholz", "buchholz-cut1", "sonneborn-berger", "game-scores", "direct", "rating"},
		Foot:      "autumn <swiss>, round 5 · tournament 1 · seal 612:7KQ3-M2XD-9FHA"}
	for i := range 12 {
		s.Tables = append(s.Tables, scoring.SlipTable{Table: i + 1, Players: []string{fmt.Sprintf("player%02d", 2*i), fmt.Sprintf("player%02d", 2*i+1)}, Game: int64(50 + i)})
	}
	for i := range 24 {
		s.Standings = append(s.Standings, scoring.SlipStanding{Place: i + 1, Name: fmt.Sprintf("player%02d", i), Points: 3.5,
			TieBreaks: []float64{12.5, 11, 8.75, 1204, 0.5, 1850}})
	}
	return s
}

// TestSlipEscapesNames: a name is text, never markup.
func TestSlipEscapesNames(t *testing.T) {
	var b bytes.Buffer
	if err := SlipHTML(&b, nightSlip()); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "<swiss>") || !strings.Contains(b.String(), "autumn &lt;swiss&gt; — round 5") {
		t.Errorf("the name is not escaped:\n%s", b.String())
	}
	if got := strings.Count(b.String(), `<td class="n">`); got < 24+12 {
		t.Errorf("%d numeric cells", got)
	}
}

// TestSlipPrintsOnOnePage prints the slip of 24 players to PDF in Chromium on A4 and US Letter:
// one page each.
func TestSlipPrintsOnOnePage(t *testing.T) {
	chromium := needs.Program(t, "chromium", "to print the round slips", "apt-get install chromium")
	var b bytes.Buffer
	if err := SlipHTML(&b, nightSlip()); err != nil {
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
