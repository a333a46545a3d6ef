package commands

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/olekukonko/tablewriter/pkg/twwidth"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/internal/needs"
	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/kinds"
	"github.com/tableside/tableside/referee/refereetest"
	"github.com/tableside/tableside/referee/tournament"
	"github.com/tableside/tableside/render"
	"github.com/tableside/tableside/scoring"
	"github.com/tableside/tableside/table"
)

// fullTables are random complete games of a kind at the most players it takes, seed by seed,
// with their setups; each sheet carries a seal, as a stored game's does.
func fullTables(t *testing.T, kind string) iter.Seq2[events.Created, *scoring.Sheet] {
	return func(yield func(events.Created, *scoring.Sheet) bool) {
		r, ok := kinds.All()[kind]
		if !ok {
			t.Fatalf("no engine of %s", kind)
		}
		_, most := r.Players()
		seated := false
		for seed := range 400 {
			setup, moves := r.Playout(rand.New(rand.NewPCG(uint64(seed), 5)), refereetest.Names)
			if len(setup.Players) != most {
				continue
			}
			seated = true
			setup.Date, setup.Match = "2026-11-20", "club night"
			s := refereetest.Replay(t, r, refereetest.Log(t, setup, moves)).Sheet()
			s.Game, s.Options, s.Title, s.Date, s.Match, s.Teams = 1, setup.Options, r.Name(), setup.Date, setup.Match, setup.Teams
			s.Record = &scoring.Record{Seal: "152:7KQ3-M2XD-9FHA", Intact: true}
			if !yield(setup, s) {
				return
			}
		}
		if !seated {
			t.Fatalf("no playout of %s seats %d players", kind, most)
		}
	}
}

// widest is, for each kind, a complete random game of the most players it takes.
func widest(t *testing.T, kind string) *scoring.Sheet {
	for _, s := range fullTables(t, kind) {
		return s
	}
	return nil
}

// longest is, of the full tables of a kind that keep takes, the longest: the most rounds, then
// the most text.
func longest(t *testing.T, kind string, keep func(setup events.Created, s *scoring.Sheet) bool) *scoring.Sheet {
	var best *scoring.Sheet
	size := func(s *scoring.Sheet) []int {
		b, _ := json.Marshal(s)
		return []int{len(s.Rounds), len(b)}
	}
	for setup, s := range fullTables(t, kind) {
		if keep(setup, s) && (best == nil || slices.Compare(size(s), size(best)) > 0) {
			best = s
		}
	}
	if best == nil {
		t.Fatalf("no game of %s to keep", kind)
	}
	return best
}

func anyGame(events.Created, *scoring.Sheet) bool { return true }

// longSheets are the longest sheets a table prints: of every kind, the longest of its games
// (Pinochle's a game to 100 of 25 hands, the most a game to 100 normally runs), and a game of
// Pinochle to 150 as long as the playouts make them, which no page holds.
func longSheets(t *testing.T) map[string]*scoring.Sheet {
	sheets := map[string]*scoring.Sheet{}
	for _, kind := range play.Kinds() {
		keep := anyGame
		if kind == "pinochle" {
			keep = func(setup events.Created, s *scoring.Sheet) bool {
				return setup.Options["limit"] == "100" && len(s.Rounds) <= 25
			}
		}
		sheets[kind] = longest(t, kind, keep)
	}
	sheets["pinochle to 150"] = longest(t, "pinochle", anyGame)
	return sheets
}

// printCheck is a script added to a copy of the page: it applies the page's print rules, lays
// the page out at the printable width of the paper, and writes into the page what would not print
// well: a table wider than the page, a cell whose words stick out of it, type smaller than 8 pt,
// a line of the totals that takes more than a line, or a chart of the running totals printed
// where it was laid out to be left off (or the other way round), printed at another height than
// the pages were laid out for, or sticking out of the page or out of its own box.
const printCheck = `<script>
for (const sheet of document.styleSheets) for (const rule of sheet.cssRules) {
  if (rule.media && rule.media.mediaText === "print") rule.media.mediaText = "all";
}
document.body.style.width = "%WIDTH%px";
const out = [], left = document.body.getBoundingClientRect().left;
for (const el of document.querySelectorAll("table, th, td")) {
  if (el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > %WIDTH% + left + 1) {
    out.push("too wide: " + el.tagName + " " + el.textContent.slice(0, 60));
  }
}
for (const el of document.body.querySelectorAll("*")) {
  const size = parseFloat(getComputedStyle(el).fontSize) * 72 / 96;
  if (el.offsetParent && el.textContent.trim() && size < 7.99) out.push("type of " + size + " pt: " + el.textContent.slice(0, 60));
}
for (const td of document.querySelectorAll("table.breakdown td:first-child")) {
  if (td.getBoundingClientRect().height > 1.5 * parseFloat(getComputedStyle(td).lineHeight)) out.push("a line of the totals wraps: " + td.textContent);
}
for (const div of document.querySelectorAll("div.chart")) {
  const svg = div.querySelector("svg"), r = svg.getBoundingClientRect();
  if ((getComputedStyle(div).display === "none") !== div.classList.contains("noprint")) out.push("the chart is not printed as laid out");
  if (div.classList.contains("noprint")) continue;
  if (Math.abs(r.height - svg.height.baseVal.value) > 0.5) out.push("the chart prints " + r.height + " px high, laid out for " + svg.height.baseVal.value);
  if (r.left < left - 0.5 || r.right > %WIDTH% + left + 0.5) out.push("the chart sticks out of the page: " + r.left + " to " + r.right);
  for (const el of svg.querySelectorAll("*")) {
    const b = el.getBoundingClientRect();
    if (el.tagName !== "title" && el.tagName !== "desc" && (b.left < r.left - 0.5 || b.right > r.right + 0.5 || b.top < r.top - 0.5 || b.bottom > r.bottom + 0.5)) out.push("the chart's " + el.tagName + " sticks out of it: " + el.textContent);
  }
  for (const text of svg.querySelectorAll("text")) {
    const size = parseFloat(getComputedStyle(text).fontSize) * r.width / svg.viewBox.baseVal.width * 72 / 96;
    if (size < 7.99) out.push("the chart's type of " + size + " pt: " + text.textContent);
  }
}
if (out.length > 5) out.splice(5, out.length, "and " + (out.length - 5) + " more");
const p = document.createElement("pre"); p.id = "check"; p.textContent = "[" + out.join(" | ") + "]";
document.body.appendChild(p);
</script>`

// TestSheetsPrintInWholePages prints the longest sheet of every kind to PDF in a real headless
// Chromium, on A4 and on US Letter. Each prints on the pages it was laid out for, on its paper:
// no page runs over onto another, so every page ends where the sheet says (a page of rounds with
// the totals so far, the last with the totals, flags and seal together, and the chart of the
// running totals where it fits), and the browser numbers them in their foot. A game to 100 of 25
// hands, Candidate and Article II print on one page. Nothing sticks out of the page, no type is
// under 8 pt, and the totals have a line each. Every sheet with a running total has its chart.
//
// One browser prints them all, a tab a sheet, the sheets side by side: a Chromium
// started for each of the 24 prints and checks took minutes on a busy machine.
func TestSheetsPrintInWholePages(t *testing.T) {
	chromium := needs.Program(t, "chromium", "to print the sheets", "apt-get install chromium")
	browser := needs.Browser(t, chromium)
	dir := t.TempDir()
	flags := []referee.Flag{
		{Seq: 7, Rule: "L2", Severity: referee.Illegal, Message: "a move out of turn", Hint: "the player to act is ann"},
		{Seq: 9, Rule: "L2", Severity: referee.Warning, Message: "a move out of turn", Settled: "condone"},
	}
	onePage := []string{"pinochle", "candidate", "article2"}
	for name, s := range longSheets(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var page bytes.Buffer
			if err := render.Sheet(&page, "html", s, flags); err != nil {
				t.Fatal(err)
			}
			breaks := strings.Count(page.String(), `<tbody class="break">`) + strings.Count(page.String(), `class="totals break"`)
			if carried := strings.Count(page.String(), `<tr class="carry">`); carried != breaks {
				t.Errorf("%s: %d pages end with the totals so far, want %d", name, carried, breaks)
			}
			if slices.Contains(onePage, name) && breaks > 0 {
				t.Errorf("%s: %d rounds laid out on %d pages, want one", name, len(s.Rounds), breaks+1)
			}
			if !strings.Contains(page.String(), `counter(page) " of " counter(pages)`) || !strings.Contains(page.String(), `seal 152\3a 7KQ3`) {
				t.Errorf("%s: the page's foot lacks its number or the seal", name)
			}
			running := slices.ContainsFunc(s.Columns, func(c scoring.Column) bool { return c.Running })
			chart := regexp.MustCompile(`<div class="chart( noprint)?">\n<h2>Running totals</h2>\n<svg [^>]* height="(\d+)"`).FindAllStringSubmatch(page.String(), -1)
			switch {
			case len(chart) != map[bool]int{true: 1, false: 0}[running]:
				t.Errorf("%s: %d charts of the running totals", name, len(chart))
			case running && chart[0][1] != "":
				t.Logf("%s: the chart is left off the paper, which has no room for it", name)
			case running:
				t.Logf("%s: the chart prints %s px high", name, chart[0][2])
			}
			printOnPapers(t, browser, dir, name, page.String(), breaks+1)
		})
	}
}

// TestTerminalSheetsFit renders the longest sheet of every kind as the terminal sheet, 80
// columns wide: no line is wider, and the rounds, parted by rules, take a line each where the
// players fit side by side, else no more than a line a player and one for the round's details:
// Pinochle's 25 hands two lines each.
func TestTerminalSheetsFit(t *testing.T) {
	for name, s := range longSheets(t) {
		var out bytes.Buffer
		if err := render.Sheet(&out, "table", s, nil); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(out.String(), "\n")
		for _, line := range lines {
			if n := twwidth.Width(line); n > 80 {
				t.Errorf("%s: a line is %d columns wide: %s", name, n, line)
			}
		}
		// The rounds table: its header ends at the first rule, each round at the next.
		top := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "┌") })
		end := top + slices.IndexFunc(lines[top:], func(l string) bool { return strings.HasPrefix(l, "└") })
		var rounds []int
		for _, line := range lines[top+1 : end] {
			switch {
			case strings.HasPrefix(line, "├"):
				rounds = append(rounds, 0)
			case len(rounds) > 0:
				rounds[len(rounds)-1]++
			}
		}
		most := len(s.Players) + 1 // a line a player, and one for the round's details
		switch name {
		case "pinochle":
			most = 2 // the players side by side, and the details
		case "advantage":
			most = 2*len(s.Players) + 1 // a player's drops, pick and pairs may fill two lines
		}
		switch {
		case len(rounds) == 1 && rounds[0] == len(s.Rounds):
			// a line a round, needing no rules between them
		case len(rounds) != len(s.Rounds):
			t.Errorf("%s: %d rounds parted by rules into %d:\n%s", name, len(s.Rounds), len(rounds), out.String())
		default:
			for i, n := range rounds {
				if n > most {
					t.Errorf("%s: round %d takes %d lines, want at most %d:\n%s", name, i+1, n, most, out.String())
					break
				}
			}
		}
		hist := map[int]int{}
		for _, n := range rounds {
			hist[n]++
		}
		t.Logf("%s: %d rounds in %d lines (%v); the sheet %d lines", name, len(s.Rounds), end-top+1, hist, len(lines))
	}
}

// printPapers are the papers a print is held to: its printable width in CSS pixels (the paper
// less 2 × 12 mm), and the paper in points.
var printPapers = map[string]struct {
	css        string
	width      int
	wide, high float64
}{
	"letter": {"@page { size: letter; margin: 12mm }", 725, 612, 792},
	"a4":     {"@page { size: A4; margin: 12mm }", 703, 595.28, 841.89},
}

// printOnPapers prints page, named name, to PDF in browser on each of printPapers, as
// Chromium's --print-to-pdf prints (the paper the page's @page asks for, and no header or
// footer of the browser's own), and fails unless it prints on pages pages of that paper with
// nothing sticking out and no type under 8 pt (printCheck).
func printOnPapers(t *testing.T, browser context.Context, dir, name, page string, pages int) {
	t.Helper()
	pdfs, checks := map[string][]byte{}, map[string]*string{}
	needs.InTab(t, browser, name, func(tab context.Context) (err error) {
		for paper, p := range printPapers {
			html := strings.Replace(page, "</style>", p.css+"\n</style>", 1)
			checked := strings.Replace(html, "</body>", strings.ReplaceAll(printCheck, "%WIDTH%", strconv.Itoa(p.width))+"</body>", 1)
			file, checkFile := filepath.Join(dir, name+"-"+paper+".html"), filepath.Join(dir, name+"-"+paper+"-check.html")
			if err := os.WriteFile(file, []byte(html), 0o644); err != nil {
				return err
			}
			if err := os.WriteFile(checkFile, []byte(checked), 0o644); err != nil {
				return err
			}
			if err = chromedp.Do(tab, chromedp.Navigate("file://"+file)); err != nil {
				return err
			}
			if pdfs[paper], err = chromedp.Run(tab, chromedp.PrintToPDF(chromedp.PDFPreferCSSPageSize())); err != nil {
				return err
			}
			if err = chromedp.Do(tab, chromedp.Navigate("file://"+checkFile)); err != nil {
				return err
			}
			if checks[paper], err = chromedp.Run(tab, chromedp.Evaluate[*string](`document.getElementById("check")?.textContent`)); err != nil {
				return err
			}
		}
		return nil
	})
	for paper, p := range printPapers {
		pdf, check := pdfs[paper], checks[paper]
		if m := regexp.MustCompile(`/Count (\d+)`).FindSubmatch(pdf); m == nil || string(m[1]) != strconv.Itoa(pages) {
			t.Errorf("%s on %s: pages %q, laid out for %d", name, paper, m, pages)
		}
		boxes := regexp.MustCompile(`/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]`).FindAllSubmatch(pdf, -1)
		if len(boxes) == 0 {
			t.Errorf("%s on %s: the PDF gives no size of page", name, paper)
		}
		for _, box := range boxes {
			wide, _ := strconv.ParseFloat(string(box[1]), 64)
			high, _ := strconv.ParseFloat(string(box[2]), 64)
			if math.Abs(wide-p.wide) > 1 || math.Abs(high-p.high) > 1 {
				t.Errorf("%s on %s: a page of %s × %s pt, want %v × %v", name, paper, box[1], box[2], p.wide, p.high)
			}
		}
		switch {
		case check == nil:
			t.Errorf("%s on %s: the check of the print wrote nothing", name, paper)
		case *check != "[]":
			t.Errorf("%s on %s: does not print well: %s", name, paper, *check)
		}
	}
}

// TestTournamentPrintsFitOnePage prints each of a director's prints of a night of 40 players
// over 9 rounds (long names, four tie-breaks, a note), in Chromium, on A4 and on US Letter:
// each on one page, nothing sticking out, no type under 8 pt.
func TestTournamentPrintsFitOnePage(t *testing.T) {
	chromium := needs.Program(t, "chromium", "to print the tournament's pages", "apt-get install chromium")
	browser := needs.Browser(t, chromium)
	dir := t.TempDir()
	names := make([]string, 40)
	for i := range names {
		names[i] = fmt.Sprintf("maximiliana%02d", i+1)
	}
	slip := scoring.Slip{Name: "the autumn open of the club", Kind: "pinochle", Date: "2026-12-04", Round: 9, FirstWord: "opens", After: 8,
		Foot: "the autumn open of the club, round 9 · tournament 1 · seal 2000:ABCD-EFGH-JKLM", Notes: []string{"the tie-breaks were changed after round 1 was paired, from buchholz to direct (event 9, T14)"}}
	for i := 0; i < 40; i += 2 {
		slip.Tables = append(slip.Tables, scoring.SlipTable{Table: i/2 + 1, Players: []string{names[i], names[i+1]}, Game: int64(1000 + i)})
	}
	cross := scoring.Crosstable{Name: slip.Name, Kind: slip.Kind, Rounds: 9, Foot: "the autumn open of the club, crosstable after round 9 · tournament 1 · seal 2000:ABCD-EFGH-JKLM"}
	var standings []tournament.Standing
	for i, n := range names {
		row := scoring.CrossRow{Number: i + 1, Place: i + 1, Name: n, Points: 4.5}
		for r := range 9 {
			cell := scoring.CrossCell{Kind: "game", Table: 20, Opponents: []int{(i+r+1)%40 + 1}, Place: 1, Of: 2, Points: 0.5}
			if r == 4 {
				cell = scoring.CrossCell{Kind: "forfeit-won", Opponents: []int{40}, Points: 1}
			}
			row.Cells = append(row.Cells, cell)
		}
		cross.Rows = append(cross.Rows, row)
		standings = append(standings, tournament.Standing{Place: i + 1, Name: n, Points: 4.5, Games: 9,
			TieBreaks: map[string]float64{"buchholz": 40.5, "buchholz-cut1": 38.5, "sonneborn-berger": 20.25, "direct": 0}})
	}
	p := render.NewPrint(slip, cross, []string{"buchholz", "buchholz-cut1", "sonneborn-berger", "direct"}, standings, true, true, []string{names[0]})
	pages := map[string]string{}
	for _, kind := range render.PrintKinds {
		var b bytes.Buffer
		if err := render.PrintHTML(&b, kind, p); err != nil {
			t.Fatal(err)
		}
		pages[kind] = b.String()
	}
	for kind, page := range pages {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			if !strings.Contains(page, `seal 2000\3a ABCD`) {
				t.Errorf("%s: the page's foot lacks the seal", kind)
			}
			printOnPapers(t, browser, dir, kind, page, 1)
		})
	}
}

// TestHandRecordsPrintABoardAPage prints two boards of every kind as hand records (calc boards
// --format html), in Chromium, on A4 and on US Letter: a board a page, nothing sticking out,
// no type under 8 pt; Candidate's twelve seats and Capture's stack among them.
func TestHandRecordsPrintABoardAPage(t *testing.T) {
	chromium := needs.Program(t, "chromium", "to print the hand records", "apt-get install chromium")
	browser := needs.Browser(t, chromium)
	dir := t.TempDir()
	for _, deal := range []struct {
		kind    string
		players int
		options map[string]string
	}{
		{"pinochle", 2, nil}, {"advantage", 2, nil}, {"candidate", 2, map[string]string{"decks": "1"}},
		{"capture", 3, map[string]string{"extra": "on"}}, {"capture", 6, nil}, {"article2", 4, nil},
	} {
		name := fmt.Sprintf("%s-%d", deal.kind, deal.players)
		t.Run(name, func(t *testing.T) {
			boards, err := table.Boards(deal.kind, 7, 1, 2, deal.players, deal.options)
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			if err := render.HandRecordsHTML(&b, boards); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(b.String(), "seed 7") || strings.Count(b.String(), "<section") != 2 {
				t.Fatalf("%s: the hand records do not hold two boards of seed 7:\n%s", name, b.String())
			}
			printOnPapers(t, browser, dir, name, b.String(), 2)
		})
	}
}
