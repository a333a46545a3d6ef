package render

import (
	"bytes"
	"encoding/csv"
	"errors"
	"strings"
	"testing"

	"github.com/tableside/tableside/scoring/season"
)

// sampleSeason is a report of two kinds: one two play, where no place is counted, and one of
// four, where it is; bob, the second kind's player, is called by a formula.
func sampleSeason() season.Report {
	place := 1.75
	return season.Report{Games: 3, Unfinished: 1, Kinds: []season.KindReport{
		{Kind: "pinochle", Title: "Pinochle", Method: season.Glicko2, Games: 2,
			Players: []season.Figures{{Player: "ann", Games: 2, Wins: 1, WinRate: 0.5, Average: 101.25, Best: 120, Worst: 82, Margin: -0.25}},
			Ladder: []season.Rated{{Rank: 1, Player: "ann", Rating: 1662.31, Deviation: 290.32, Volatility: 0.059999, Rated: 1,
				History: []season.Point{{Night: "2026-11-03", Rating: 1500}, {Night: "2026-11-10", Rating: 1662.31}}}}},
		{Kind: "capture", Title: "Capture", Method: season.WengLin, Games: 1,
			Players: []season.Figures{{Player: "=bob()", Games: 1, Average: 30, Best: 30, Worst: 30, Margin: -5, Place: &place, Placed: 1}},
			Ladder: []season.Rated{{Rank: 1, Player: "=bob()", Rating: 1.5, Deviation: 7.9, Mu: 25.2, Rated: 1,
				History: []season.Point{{Night: "2026-11-10", Rating: 1.5}}}}},
	}}
}

func TestStatsTextShowsWhatEachKindHas(t *testing.T) {
	var b bytes.Buffer
	if err := Stats(&b, "md", sampleSeason(), StatsSections[0]); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	pinochle, capture, _ := strings.Cut(out, "## Capture")
	if !strings.HasPrefix(out, "3 games counted; left out: 1 still in play\n") {
		t.Errorf("the summary:\n%s", out)
	}
	if strings.Contains(pinochle, "place") || !strings.Contains(capture, "| place |") {
		t.Errorf("a place column where no place was counted, or none where it was:\n%s", out)
	}
	// People read 101.25 as 101.3 and -0.25 as -0.3: a half is rounded away from zero.
	for _, want := range []string{" 101.3 |", " -0.3 |", " 50% |", " 1662.3 |", " 0.06000 |", " 1.75 |", "rating (μ − 3σ)"} {
		if !strings.Contains(out, want) {
			t.Errorf("the Markdown lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "Latest results") {
		t.Error("the latest results are listed without --player")
	}
}

func TestStatsCSVIsOneTableOfNumbers(t *testing.T) {
	var b bytes.Buffer
	if err := Stats(&b, "csv", sampleSeason(), "players"); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(afterByteOrderMark(t, b.Bytes())).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"kind", "player", "games", "wins", "win rate", "average", "best", "worst", "margin", "place", "forced", "flagged"},
		{"pinochle", "ann", "2", "1", "0.5000", "101.25", "120", "82", "-0.25", "", "0", "0"},
		{"capture", "'=bob()", "1", "0", "0.0000", "30.00", "30", "30", "-5.00", "1.75", "0", "0"},
	}
	if strings.Join(flat(recs), "|") != strings.Join(flat(want), "|") {
		t.Errorf("got  %q\nwant %q", recs, want)
	}
	b.Reset()
	if err := Stats(&b, "csv", sampleSeason(), "ladder"); err != nil {
		t.Fatal(err)
	}
	if lines := strings.Split(b.String(), "\n"); lines[1] != "pinochle,1,ann,glicko-2,1662.31,290.32,0.059999,,1" || lines[2] != "capture,1,'=bob(),weng-lin,1.50,7.90,,25.20,1" {
		t.Errorf("the ladder, each method's own figures and a blank for the other's:\n%s", b.String())
	}
	if err := Stats(&b, "csv", sampleSeason(), "nights"); !errors.Is(err, ErrFormat) {
		t.Errorf("an unknown section: %v", err)
	}
	if err := Stats(&b, "pdf", sampleSeason(), "players"); !errors.Is(err, ErrFormat) {
		t.Errorf("an unknown format: %v", err)
	}
}

func flat(rows [][]string) []string {
	var out []string
	for _, r := range rows {
		out = append(out, strings.Join(r, ","))
	}
	return out
}

func TestStatsHTMLDrawsTheRatings(t *testing.T) {
	var b bytes.Buffer
	if err := Stats(&b, "html", sampleSeason(), ""); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	// Pinochle's ann has a history of two nights, Capture's bob of one, which is not charted.
	if n := strings.Count(out, "<svg"); n != 1 || !strings.Contains(out, "<h3>Ratings over the nights</h3>") {
		t.Errorf("%d charts, want Pinochle's:\n%s", n, out)
	}
	if strings.Contains(out, "<td>=bob()") || !strings.Contains(out, "=bob()") {
		t.Error("a name is not escaped, or is missing")
	}
	b.Reset()
	link := func(header, text string) string {
		if header == "player" {
			return "/p/" + text
		}
		return ""
	}
	if err := StatsContent(&b, sampleSeason().Of("ann"), link); err != nil {
		t.Fatal(err)
	}
	if out := b.String(); !strings.Contains(out, `<a href="/p/ann">ann</a>`) || strings.Contains(out, "<html") || !strings.Contains(out, "Rating of ann") {
		t.Errorf("ann's content:\n%s", out)
	}
}

func TestStatsOfNoGameSaysSo(t *testing.T) {
	var b bytes.Buffer
	if err := Stats(&b, "table", season.Report{Unfinished: 2, Kinds: []season.KindReport{}}, ""); err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != "0 games counted; left out: 2 still in play: no game has been played to its end yet\n" {
		t.Errorf("got %q", got)
	}
}
