package scoresheet

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tableside/tableside/render/internal/sheettest"
)

func TestHTMLEscapes(t *testing.T) {
	s := sheettest.Candidate()
	evil := "<script>alert(1)</script>"
	s.Players[1] = evil
	s.Rounds[0].Players[evil] = s.Rounds[0].Players["bob"]
	s.Totals[evil] = 4
	s.Breakdown[evil] = s.Breakdown["bob"]
	s.Adjustments[0].Player = evil
	s.Adjustments[0].Note = `said "&<>" aloud`
	flags := sheettest.Flags()
	flags[0].Message = `<img src=x onerror=alert(2)>`
	var buf bytes.Buffer
	if err := Page(&buf, New(s, flags)); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, bad := range []string{"<script>", "<img", `"&<>"`} {
		if strings.Contains(out, bad) {
			t.Errorf("output holds %q unescaped", bad)
		}
	}
	for _, want := range []string{"&lt;script&gt;alert(1)&lt;/script&gt;", "&#34;&amp;&lt;&gt;&#34;", "&lt;img src=x"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	for _, want := range []string{"@page { margin: 12mm }", "@media print"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	for _, external := range []string{"<link", "<script", "src=\"http", "@import", "url("} {
		if strings.Contains(out, external) {
			t.Errorf("page is not self-contained: it holds %q", external)
		}
	}
}

// TestPrintedPages: a sheet too long for a page breaks between hands, each page but the last
// ending with the totals so far as the running total has them; the totals, result, flags and
// seal keep together. A short sheet has no breaks. Every page's foot names the game and its
// seal and numbers the page.
func TestPrintedPages(t *testing.T) {
	for _, tt := range []struct{ hands, breaks int }{{25, 0}, {70, 1}} {
		out := sheetPage(t, sheettest.Hands(tt.hands))
		breaks := strings.Count(out, `<tbody class="break">`) + strings.Count(out, `class="totals break"`)
		if breaks < tt.breaks || tt.breaks == 0 && breaks > 0 {
			t.Errorf("%d hands: %d page breaks, want %d or more", tt.hands, breaks, tt.breaks)
		}
		if carried := strings.Count(out, `<tr class="carry">`); carried != breaks {
			t.Errorf("%d hands: %d pages end with the totals so far, want %d", tt.hands, carried, breaks)
		}
		if m := regexp.MustCompile(`totals after hand (\d+): ann (\d+) · bob (\d+)`).FindStringSubmatch(out); m != nil {
			hand, _ := strconv.Atoi(m[1])
			if want := fmt.Sprintf("ann %d · bob %d", 3*hand, 4*hand); !strings.Contains(m[0], want) {
				t.Errorf("%d hands: %q, want %s", tt.hands, m[0], want)
			}
		} else if tt.breaks > 0 {
			t.Errorf("%d hands: no totals so far", tt.hands)
		}
		if !strings.Contains(out, `content: "Pinochle \2014  game 7 \b7  seal 152\3a 7KQ3\2d M2XD\2d 9FHA"`) ||
			!strings.Contains(out, `counter(page) " of " counter(pages)`) {
			t.Errorf("%d hands: the page's foot does not name the game, its seal and the page", tt.hands)
		}
	}
	// A game's page on a phone is one page, with a row a player.
	var buf bytes.Buffer
	if err := Content(&buf, sheettest.Hands(70), nil); err != nil {
		t.Fatal(err)
	}
	if out := buf.String(); strings.Contains(out, `class="break"`) || strings.Contains(out, "totals break") ||
		strings.Contains(out, `class="carry"`) || !strings.Contains(out, "<th>player</th>") {
		t.Errorf("the sheet within a page is laid out for print:\n%s", out)
	}
}

// TestSpokenCards: a screen reader is given each card by its name, not its glyph.
func TestSpokenCards(t *testing.T) {
	for text, want := range map[string]string{
		"ann plays Q♠":      "ann plays queen of spades",
		"bob plays 10♥":     "bob plays 10 of hearts",
		"ann meld A♦ K♣ 9♣": "ann meld ace of diamonds king of clubs 9 of clubs",
		"trump ♥":           "trump hearts",
		"ann plays 3 Mars":  "",
		"pass":              "",
	} {
		if got := Spoken(text); got != want {
			t.Errorf("Spoken(%q) = %q, want %q", text, got, want)
		}
	}
}
