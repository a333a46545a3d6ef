package scoresheet

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tableside/tableside/internal/needs"
	"github.com/tableside/tableside/render/internal/sheettest"
	"github.com/tableside/tableside/scoring"
)

var chartShots = flag.String("chartshots", "", "keep screenshots of the charts drawn by Chromium in `dir`, to look at")

// swingingHands is sheettest.Hands with sets that take a player's total below zero and back, as
// Pinochle's do: ann's total crosses zero, bob's stays above it.
func swingingHands(n int) *scoring.Sheet {
	s := sheettest.Hands(n)
	totals := map[string]int{}
	for i := range s.Rounds {
		hand := i + 1
		scores := map[string]int{"ann": 4 + hand%5, "bob": 6}
		if hand%3 == 0 || hand < 8 && hand%2 == 0 {
			scores["ann"] = -15
		}
		if hand%7 == 1 {
			scores["bob"] = -14
		}
		for name, score := range scores {
			totals[name] += score
			s.Rounds[i].Players[name]["score"], s.Rounds[i].Players[name]["total"] = score, totals[name]
		}
		s.Rounds[i].Scored = true
	}
	s.Totals = totals
	return s
}

// chartCheck is a script added to a page of charts: for every chart it writes into the page
// what is drawn out of place: a line or marker outside the plot's frame, a legend entry over
// another or over the plot, two texts over each other, anything outside the chart, or type
// smaller than 8 pt as drawn.
const chartCheck = `<script>
const out = [];
const box = (el) => el.getBoundingClientRect();
const overlap = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
const inside = (a, b) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
const charts = document.querySelectorAll("svg.chart");
charts.forEach((svg, n) => {
  const name = "chart " + (n + 1) + " (" + svg.getAttribute("aria-label") + ")";
  const whole = box(svg), plot = box(svg.querySelector("rect.plot"));
  const scale = whole.width / svg.viewBox.baseVal.width;
  for (const el of svg.querySelectorAll("g.series > *")) {
    if (!inside(box(el), plot)) out.push(name + ": a series' " + el.getAttribute("class") + " outside the plot");
  }
  const entries = [...svg.querySelectorAll("g.legend > g.entry")];
  entries.forEach((e, i) => {
    if (overlap(box(e), plot)) out.push(name + ": legend entry " + i + " over the plot");
    entries.slice(i + 1).forEach((f, j) => { if (overlap(box(e), box(f))) out.push(name + ": legend entries " + i + " and " + (i + j + 1) + " overlap"); });
  });
  const texts = [...svg.querySelectorAll("text")];
  texts.forEach((a, i) => {
    if (!inside(box(a), whole)) out.push(name + ": text outside the chart: " + a.textContent);
    const size = parseFloat(getComputedStyle(a).fontSize) * scale * 72 / 96;
    if (size < 7.99) out.push(name + ": type of " + size.toFixed(2) + " pt: " + a.textContent);
    for (const b of texts.slice(i + 1)) if (overlap(box(a), box(b))) out.push(name + ": " + JSON.stringify(a.textContent) + " over " + JSON.stringify(b.textContent));
  });
  for (const el of svg.querySelectorAll("*")) {
    if (el.tagName !== "title" && el.tagName !== "desc" && !inside(box(el), whole)) out.push(name + ": " + el.tagName + " outside the chart");
  }
});
const p = document.createElement("pre"); p.id = "check"; p.textContent = charts.length + " charts [" + out.slice(0, 8).join(" | ") + (out.length > 8 ? " | and " + (out.length - 8) + " more" : "") + "]";
document.body.appendChild(p);
</script>`

// TestChartsInChromium draws charts in a real headless Chromium, as a printed sheet, a phone's
// game page 360 px wide, and a wall's page of ratings, and checks where everything lands:
// every line and marker inside the plot, the legend clear of the plot and of itself, no text
// over another or outside the chart, no type under 8 pt. With -chartshots DIR it keeps a
// screenshot of each page there.
func TestChartsInChromium(t *testing.T) {
	chromium := needs.Program(t, "chromium", "to draw the charts", "apt-get install chromium")
	dir := t.TempDir()
	if *chartShots != "" {
		dir = *chartShots
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	pages := []struct {
		name          string
		width, height int // of the window
		charts        int
		page          func() string
	}{
		{"pinochle", 900, 1400, 1, func() string { return sheetPage(t, swingingHands(25)) }},
		{"six-players", 760, 340, 1, func() string { return chartPage(t, chartAt{sixSeries(25), 700, 300}) }},
		{"phone", 360, 3300, 1, func() string {
			var b bytes.Buffer
			if err := Content(&b, swingingHands(25), nil); err != nil {
				t.Fatal(err)
			}
			return `<!DOCTYPE html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<style>body { font: 16px/1.4 sans-serif; margin: 0; padding: 0 12px } table { border-collapse: collapse }</style></head>
<body><div class="sheet">` + b.String() + `</div></body></html>`
		}},
		{"ratings", 760, 1000, 3, func() string {
			return chartPage(t, chartAt{ratings(60), 700, 320}, chartAt{ratings(60), 340, 260}, chartAt{edgeCharts()["long names"], 340, 300})
		}},
	}
	for _, pg := range pages {
		t.Run(pg.name, func(t *testing.T) {
			file := filepath.Join(dir, pg.name+".html")
			html := pg.page()
			if err := os.WriteFile(file, []byte(html), 0o644); err != nil {
				t.Fatal(err)
			}
			size := fmt.Sprintf("--window-size=%d,%d", pg.width, pg.height)
			if *chartShots != "" {
				needs.Headless(t, chromium, size, "--hide-scrollbars", "--screenshot="+filepath.Join(dir, pg.name+".png"), "file://"+file)
			}
			checked := strings.Replace(html, "</body>", chartCheck+"</body>", 1)
			if err := os.WriteFile(file, []byte(checked), 0o644); err != nil {
				t.Fatal(err)
			}
			dom := needs.Headless(t, chromium, size, "--dump-dom", "file://"+file)
			m := regexp.MustCompile(`(?s)<pre id="check">(\d+) charts \[(.*?)\]</pre>`).FindSubmatch(dom)
			if m == nil {
				t.Fatalf("the check did not run:\n%s", dom)
			}
			if string(m[1]) != fmt.Sprint(pg.charts) || len(m[2]) > 0 {
				t.Errorf("%s charts drawn, want %d: %s", m[1], pg.charts, m[2])
			}
		})
	}
}

// sheetPage is the printable page of s.
func sheetPage(t *testing.T, s *scoring.Sheet) string {
	var b bytes.Buffer
	if err := Page(&b, New(s, nil)); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// chartAt is a chart to draw width by height px.
type chartAt struct {
	Chart
	width, height int
}

// chartPage is a page of the charts, one under another.
func chartPage(t *testing.T, charts ...chartAt) string {
	var b bytes.Buffer
	b.WriteString(`<!DOCTYPE html><html><head><meta charset="utf-8"></head><body style="margin: 10px">`)
	for _, c := range charts {
		if err := c.SVG(&b, c.width, c.height); err != nil {
			t.Fatal(err)
		}
	}
	b.WriteString("</body></html>")
	return b.String()
}

// TestChartPrintsInItsPages prints sheets of 1 to 80 hands where the chart's fate changes, and
// those just before (the shortest chart of full height and the longest shrunk one, the least
// shrunk and the first left off, the same with the totals on a page of their own), to PDF in
// Chromium on US Letter and A4: each prints on as many pages as it was laid out for.
func TestChartPrintsInItsPages(t *testing.T) {
	chromium := needs.Program(t, "chromium", "to print the charts", "apt-get install chromium")
	dir := t.TempDir()
	fate := func(n int) string {
		p := New(swingingHands(n), sheettest.Flags()).printed(paper)
		p.paginate()
		switch {
		case p.Chart.ScreenOnly:
			return fmt.Sprintf("left off, totals on a page of their own %v", p.NewPage)
		case p.Chart.Height < chartHeight:
			return fmt.Sprintf("shrunk, totals on a page of their own %v", p.NewPage)
		}
		return fmt.Sprintf("full, totals on a page of their own %v", p.NewPage)
	}
	edges := map[int]bool{}
	for n := 2; n <= 80; n++ {
		if fate(n) != fate(n-1) {
			edges[n-1], edges[n] = true, true
		}
	}
	fates := map[string]bool{}
	for n := range edges {
		fates[fate(n)] = true
		var b bytes.Buffer
		if err := Page(&b, New(swingingHands(n), sheettest.Flags())); err != nil {
			t.Fatal(err)
		}
		page := b.String()
		pages := 1 + strings.Count(page, `<tbody class="break">`) + strings.Count(page, `class="totals break"`)
		for paper, css := range map[string]string{"letter": "@page { size: letter; margin: 12mm }", "a4": "@page { size: A4; margin: 12mm }"} {
			file := filepath.Join(dir, fmt.Sprintf("%d-%s.html", n, paper))
			if err := os.WriteFile(file, []byte(strings.Replace(page, "</style>", css+"\n</style>", 1)), 0o644); err != nil {
				t.Fatal(err)
			}
			pdf := strings.TrimSuffix(file, ".html") + ".pdf"
			needs.Headless(t, chromium, "--no-pdf-header-footer", "--print-to-pdf="+pdf, "file://"+file)
			data, err := os.ReadFile(pdf)
			if err != nil {
				t.Fatal(err)
			}
			if m := regexp.MustCompile(`/Count (\d+)`).FindSubmatch(data); m == nil || string(m[1]) != fmt.Sprint(pages) {
				t.Errorf("%d hands (%s) on %s: %s pages, laid out for %d", n, fate(n), paper, m[1], pages)
			}
		}
	}
	if len(fates) != 6 {
		t.Errorf("the edges show only %v", fates)
	}
	t.Logf("printed %d sheets at the edges of %v", len(edges), fates)
}
