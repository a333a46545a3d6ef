package scoresheet

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tableside/tableside/render/internal/sheettest"
	"github.com/tableside/tableside/scoring"
)

// node is an element of a drawn chart, read back with encoding/xml.
type node struct {
	XMLName xml.Name
	Attrs   []xml.Attr `xml:",any,attr"`
	Text    string     `xml:",chardata"`
	Nodes   []node     `xml:",any"`
}

func (n *node) attr(name string) string {
	for _, a := range n.Attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

func (n *node) num(t *testing.T, name string) float64 {
	t.Helper()
	f, err := strconv.ParseFloat(n.attr(name), 64)
	if err != nil {
		t.Fatalf("<%s %s=%q>: %v", n.XMLName.Local, name, n.attr(name), err)
	}
	return f
}

// all are the elements under n, n itself first, that keep takes.
func (n *node) all(keep func(*node) bool) []*node {
	var found []*node
	if keep(n) {
		found = append(found, n)
	}
	for i := range n.Nodes {
		found = append(found, n.Nodes[i].all(keep)...)
	}
	return found
}

func classed(class string) func(*node) bool {
	return func(n *node) bool { return n.attr("class") == class }
}

// text is the text of n and the elements under it, as a reader hears it.
func (n *node) text() string {
	var b strings.Builder
	b.WriteString(n.Text)
	for i := range n.Nodes {
		b.WriteString(n.Nodes[i].text())
	}
	return b.String()
}

// drawChart is c drawn width by height px and read back: the whole output is one well-formed svg
// element and nothing else.
func drawChart(t *testing.T, c Chart, width, height int) (*node, []byte) {
	t.Helper()
	var b bytes.Buffer
	if err := c.SVG(&b, width, height); err != nil {
		t.Fatal(err)
	}
	d := xml.NewDecoder(bytes.NewReader(b.Bytes()))
	depth, roots := 0, 0
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, b.Bytes())
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if depth == 0 {
				roots++
			}
			depth++
		case xml.EndElement:
			depth--
		case xml.CharData:
			if depth == 0 && len(bytes.TrimSpace(tok)) > 0 {
				t.Fatalf("text outside the svg element: %q", tok)
			}
		case xml.ProcInst, xml.Directive:
			t.Fatalf("a prolog or directive: %v", tok)
		}
	}
	if roots != 1 {
		t.Fatalf("%d elements at the top, want the one svg", roots)
	}
	var root node
	if err := xml.Unmarshal(b.Bytes(), &root); err != nil {
		t.Fatal(err)
	}
	if root.XMLName.Local != "svg" || root.XMLName.Space != "http://www.w3.org/2000/svg" {
		t.Fatalf("root %v, want svg", root.XMLName)
	}
	return &root, b.Bytes()
}

func positions(n int) []string {
	x := make([]string, n)
	for i := range x {
		x[i] = strconv.Itoa(i)
	}
	return x
}

// line is a series over every position, valued by f.
func line(name string, n int, f func(i int) float64) Series {
	s := Series{Name: name}
	for i := range n {
		s.Points = append(s.Points, Point{X: i, Y: f(i)})
	}
	return s
}

// sixSeries is six players' running totals over n rounds, some below zero, one name long.
func sixSeries(n int) Chart {
	c := Chart{Title: "Running totals by round", XLabel: "round", YLabel: "total", X: positions(n + 1)}
	for p, name := range []string{"ann", "bob", "Catherine of Aragon", "dan", "Évariste", "fay"} {
		total := 0.0
		c.Series = append(c.Series, line(name, n+1, func(i int) float64 {
			if i > 0 {
				total += float64((i*(p+3)+p)%11 - 3 - p/2)
			}
			return total
		}))
	}
	return c
}

// ratings is a club's ratings over so many weekly nights: players who join late, miss nights,
// come once, or stop coming; ratings in halves.
func ratings(nights int) Chart {
	c := Chart{Title: "Ratings by night", XLabel: "night", YLabel: "rating"}
	for i := range nights {
		c.X = append(c.X, time.Date(2026, 1, 6+7*i, 0, 0, 0, 0, time.UTC).Format(time.DateOnly))
	}
	walk := func(name string, from, to, every int, seed int) Series {
		s, r := Series{Name: name}, 1500.0
		for i := from; i < to; i += every {
			r += float64((i*seed)%17-8) / 2
			s.Points = append(s.Points, Point{X: i, Y: r})
		}
		return s
	}
	c.Series = []Series{
		walk("ann", 0, nights, 1, 7),
		walk("bob", 12, nights, 1, 5),
		walk("cy", 30, nights, 3, 11),
		walk("dee", 45, 46, 1, 3),
		walk("eve", 0, 20, 1, 13),
	}
	return c
}

// edgeCharts are the charts at the edges of what a chart is given.
func edgeCharts() map[string]Chart {
	long := Chart{Title: "Names", X: positions(4)}
	for i, name := range []string{
		"Bartholomew Featherstonehaugh-Cholmondeley the Third of Little Snoring", "Anna-Maria-Josefina-Magdalena-Theresia-Konstanze",
		"<script>alert(1)</script>", `Zoë & "Ölaf"`, "李小龍", "x",
	} {
		long.Series = append(long.Series, line(name, 4, func(j int) float64 { return float64(i * j) }))
	}
	return map[string]Chart{
		"nothing":     {Title: "Nothing"},
		"no series":   {Title: "No series", X: positions(5)},
		"one point":   {Title: "One point", X: []string{"1"}, Series: []Series{{Name: "ann", Points: []Point{{0, 12}}}}},
		"all equal":   {Title: "All equal", X: positions(6), Series: []Series{line("ann", 6, func(int) float64 { return 40 }), line("bob", 6, func(int) float64 { return 40 })}},
		"all zero":    {Title: "All zero", X: positions(2), Series: []Series{line("ann", 2, func(int) float64 { return 0 })}},
		"negative":    {Title: "Negative", X: positions(11), Series: []Series{line("ann", 11, func(i int) float64 { return float64(-12 * i) }), line("bob", 11, func(i int) float64 { return float64(3*i - 5) })}},
		"one series":  {Title: "One series", X: positions(4), Series: []Series{line("ann", 4, func(i int) float64 { return float64(i * i) })}},
		"late start":  {Title: "Late start", X: positions(21), Series: []Series{line("ann", 21, func(i int) float64 { return float64(i) }), {Name: "bob", Points: []Point{{10, 3}, {14, 8}, {20, 2}}}}},
		"many x":      {Title: "Many", X: positions(200), Series: []Series{line("ann", 200, func(i int) float64 { return float64(i % 37) }), line("bob", 200, func(i int) float64 { return -float64(i % 23) })}},
		"fractions":   {Title: "Fractions", X: positions(3), Series: []Series{line("ann", 3, func(i int) float64 { return 0.001 * float64(i*i) })}},
		"long names":  long,
		"six players": sixSeries(25),
		"ratings":     ratings(60),
	}
}

// sizes are the sizes charts are drawn at: the printed page's, the shrunk printed one, a phone's.
var sizes = [][2]int{{700, 240}, {700, chartMinHeight}, {340, 220}}

// TestChartIsSVG: every chart, at every size, is one well-formed svg element with no prolog,
// which a screen reader names by its title, sized by its viewBox.
func TestChartIsSVG(t *testing.T) {
	for name, c := range edgeCharts() {
		for _, size := range sizes {
			svg, _ := drawChart(t, c, size[0], size[1])
			if svg.attr("role") != "img" || svg.attr("aria-label") != c.Title {
				t.Errorf("%s: role %q, aria-label %q", name, svg.attr("role"), svg.attr("aria-label"))
			}
			if len(svg.Nodes) == 0 || svg.Nodes[0].XMLName.Local != "title" || svg.Nodes[0].Text != c.Title {
				t.Errorf("%s: the first element is not its title", name)
			}
			if got, want := svg.attr("viewBox"), fmt.Sprintf("0 0 %d %d", size[0], size[1]); got != want {
				t.Errorf("%s: viewBox %q, want %q", name, got, want)
			}
			if entries := len(svg.all(classed("entry"))); entries != len(c.Series) {
				t.Errorf("%s: %d legend entries for %d series", name, entries, len(c.Series))
			}
		}
	}
}

// TestChartTypedForAWall: a chart drawn with larger type is laid out in a box smaller by as
// much and shown at the size asked, so that its type is drawn at the size asked; a laid out
// chart is the same as one drawn at the smaller size.
func TestChartTypedForAWall(t *testing.T) {
	c := ratings(60)
	typed, err := ChartHTMLTyped(c, 1000, 440, 22)
	if err != nil {
		t.Fatal(err)
	}
	small, err := chartHTML(c, 500, 220)
	if err != nil {
		t.Fatal(err)
	}
	if want := strings.Replace(string(small), `width="500" height="220"`, `width="1000" height="440"`, 1); string(typed) != want {
		t.Errorf("typed at 22 px:\n%s\nwant the chart of 500×220 shown at 1000×440:\n%s", typed, want)
	}
	if _, err := ChartHTMLTyped(c, 1000, 440, 0); err == nil {
		t.Error("type of 0 px drew a chart")
	}
}

// TestChartEscapes: names, labels and the title are text, whatever they hold; characters XML
// does not allow become U+FFFD rather than spoil the page.
func TestChartEscapes(t *testing.T) {
	evil := "<script>alert(1)</script>"
	c := Chart{Title: `<b>"x"</b> & 'y'`, XLabel: "<i>x</i>", YLabel: "a\x01b", X: []string{"<x>", "&amp;"},
		Series: []Series{line(evil, 2, func(i int) float64 { return float64(i) }), line("ann\x00", 2, func(int) float64 { return 1 })}}
	svg, out := drawChart(t, c, 700, 240)
	for _, bad := range []string{"<script", "<b>", "<i>", "<x>", "\x01", "\x00"} {
		if bytes.Contains(out, []byte(bad)) {
			t.Errorf("output holds %q", bad)
		}
	}
	names := svg.all(classed("entry"))
	if len(names) != 2 || names[0].text() != evil || names[1].text() != "ann\uFFFD" {
		t.Errorf("the legend reads %q", func() (s []string) {
			for _, n := range names {
				s = append(s, n.text())
			}
			return
		}())
	}
	if svg.attr("aria-label") != c.Title || svg.all(classed("ylabel"))[0].text() != "a\uFFFDb" || svg.all(classed("xlabel"))[0].text() != c.XLabel {
		t.Errorf("title %q, labels read back wrong:\n%s", svg.attr("aria-label"), out)
	}
	if !strings.Contains(svg.all(func(n *node) bool { return n.XMLName.Local == "desc" })[0].Text, evil+" 1 at <i>x</i> &amp;") {
		t.Errorf("the description does not say where the lines end:\n%s", out)
	}
}

// look is how a series is drawn: its dash pattern and its marker's shape.
type look struct {
	dash   string
	marker *node
}

// sameShape reports whether two markers are the same shape, wherever they are: the same element
// and the same outline, less where it starts (to the tenth of a pixel each is rounded to).
func sameShape(t *testing.T, a, b *node) bool {
	if a.XMLName.Local != b.XMLName.Local {
		return false
	}
	if a.XMLName.Local == "circle" {
		return a.attr("r") == b.attr("r")
	}
	na, nb := outline(t, a.attr("d")), outline(t, b.attr("d"))
	if len(na) != len(nb) || a.attr("d")[0] != b.attr("d")[0] || strings.Count(a.attr("d"), "M") != strings.Count(b.attr("d"), "M") {
		return false
	}
	for i := range na {
		if math.Abs(na[i]-na[i%2]-(nb[i]-nb[i%2])) > 0.21 {
			return false
		}
	}
	return true
}

func outline(t *testing.T, d string) []float64 {
	var ns []float64
	for _, f := range regexp.MustCompile(`-?[\d.]+`).FindAllString(d, -1) {
		n, err := strconv.ParseFloat(f, 64)
		if err != nil {
			t.Fatal(err)
		}
		ns = append(ns, n)
	}
	return ns
}

// TestChartSeriesLookApart: in black and white, each of six series has a dash pattern and a
// marker of its own, the legend shows each series as its line is drawn, and each of the first
// 42 series differs from every other in one of the two.
func TestChartSeriesLookApart(t *testing.T) {
	c := sixSeries(10)
	for i := len(c.Series); i < 42; i++ {
		c.Series = append(c.Series, line(fmt.Sprint("player ", i), 11, func(j int) float64 { return float64(i * j) }))
	}
	svg, _ := drawChart(t, c, 700, 600)
	series, entries := svg.all(classed("series")), svg.all(classed("entry"))
	if len(series) != 42 || len(entries) != 42 {
		t.Fatalf("%d series, %d legend entries", len(series), len(entries))
	}
	lookOf := func(g *node) look {
		var l look
		for _, n := range g.all(classed("line")) {
			l.dash = cmpOr(n.attr("stroke-dasharray"), "solid")
		}
		if ms := g.all(classed("marker")); len(ms) > 0 {
			l.marker = ms[0]
		}
		return l
	}
	var looks []look
	for i := range series {
		drawn, shown := lookOf(series[i]), lookOf(entries[i])
		for _, m := range series[i].all(classed("marker")) {
			if !sameShape(t, m, drawn.marker) {
				t.Errorf("series %d has markers of two shapes", i)
				break
			}
		}
		if drawn.dash != shown.dash || !sameShape(t, drawn.marker, shown.marker) {
			t.Errorf("series %d: drawn %s, the legend shows %s", i, drawn.dash, shown.dash)
		}
		looks = append(looks, drawn)
	}
	for i := range looks {
		for j := range i {
			sameDash, sameMarker := looks[i].dash == looks[j].dash, sameShape(t, looks[i].marker, looks[j].marker)
			if i < 6 && (sameDash || sameMarker) || sameDash && sameMarker {
				t.Errorf("series %d and %d: same dash %v, same marker %v", j, i, sameDash, sameMarker)
			}
		}
	}
}

func cmpOr(s, or string) string {
	if s == "" {
		return or
	}
	return s
}

// yTicks are the chart's y ticks, lowest first: each label's value and where it is drawn.
func yTicks(t *testing.T, svg *node) (values, at []float64) {
	for _, n := range svg.all(func(n *node) bool { return n.XMLName.Local == "text" && n.attr("text-anchor") == "end" }) {
		v, err := strconv.ParseFloat(n.Text, 64)
		if err != nil {
			t.Fatalf("a y tick labelled %q", n.Text)
		}
		values, at = append(values, v), append(at, n.num(t, "y"))
	}
	return values, at
}

// vertices are the points a series' line passes through.
func vertices(t *testing.T, g *node) [][2]float64 {
	var vs [][2]float64
	for _, l := range g.all(classed("line")) {
		ns := outline(t, l.attr("d"))
		for i := 0; i+1 < len(ns); i += 2 {
			vs = append(vs, [2]float64{ns[i], ns[i+1]})
		}
	}
	return vs
}

// TestChartTicks: the y ticks step by 1, 2 or 5 times a power of ten, whole numbers for whole
// values, evenly spaced, from at or below the lowest value to at or above the highest, and a
// value is drawn where its ticks say. Where the scale crosses zero a zero line is drawn.
func TestChartTicks(t *testing.T) {
	for name, c := range edgeCharts() {
		svg, out := drawChart(t, c, 700, 240)
		values, at := yTicks(t, svg)
		if len(values) < 2 || len(values) > 10 {
			t.Errorf("%s: %d ticks: %v", name, len(values), values)
			continue
		}
		step := values[1] - values[0]
		mantissa := step / math.Pow(10, math.Floor(math.Log10(step)+1e-9))
		if !slices.ContainsFunc([]float64{1, 2, 5}, func(m float64) bool { return math.Abs(m-mantissa) < 1e-6 }) {
			t.Errorf("%s: ticks step by %v: %v", name, step, values)
		}
		integral := true
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, s := range c.Series {
			for _, p := range s.Points {
				lo, hi = min(lo, p.Y), max(hi, p.Y)
				integral = integral && p.Y == math.Trunc(p.Y)
			}
		}
		if integral && step < 1 {
			t.Errorf("%s: whole values, ticks %v", name, values)
		}
		for i := 1; i < len(values); i++ {
			if math.Abs(values[i]-values[i-1]-step) > step*1e-6 || math.Abs(at[i-1]-at[i]-(at[0]-at[1])) > 0.15 {
				t.Errorf("%s: ticks unevenly spaced: %v at %v", name, values, at)
			}
		}
		if len(c.Series) > 0 && (values[0] > lo || values[len(values)-1] < hi) {
			t.Errorf("%s: ticks %v do not cover %v to %v", name, values, lo, hi)
		}
		// A value is drawn as high as the ticks say.
		last := len(values) - 1
		height := func(v float64) float64 { return at[0] + (at[last]-at[0])*(v-values[0])/(values[last]-values[0]) }
		zero := svg.all(classed("zero"))
		if crosses := values[0] < 0 && values[last] > 0; crosses != (len(zero) == 1) {
			t.Errorf("%s: ticks %v, %d zero lines", name, values, len(zero))
		} else if crosses && math.Abs(zero[0].num(t, "y1")-height(0)) > 0.15 {
			t.Errorf("%s: the zero line is not at 0:\n%s", name, out)
		}
		for i, g := range svg.all(classed("series")) {
			s := c.Series[i]
			for j, v := range vertices(t, g) {
				want := height(s.Points[j].Y)
				if math.Abs(v[1]-want) > 0.15 {
					t.Errorf("%s: %s's value %v drawn at y %v, want %v", name, s.Name, s.Points[j].Y, v[1], want)
				}
			}
		}
	}
}

// xLabels are the labels of the x positions: their text and where each is centred.
func xLabels(t *testing.T, svg *node) (labels []string, at []float64) {
	for _, n := range svg.all(func(n *node) bool {
		return n.XMLName.Local == "text" && n.attr("text-anchor") == "middle" && n.attr("class") == "" && n.attr("dy") == ""
	}) {
		labels, at = append(labels, n.Text), append(at, n.num(t, "x"))
	}
	return labels, at
}

// TestChartThinsXLabels: where the positions are too close for every label, every second,
// fifth, tenth… is labelled from the first, and the last, where the lines end, in place of the
// one before it if that is too close; none is over its neighbour, and no fewer are labelled than
// fit: 26 rounds on a printed page are all labelled, on a phone every other.
func TestChartThinsXLabels(t *testing.T) {
	for _, tt := range []struct {
		name          string
		c             Chart
		width, height int
		every         int
	}{
		{"26 rounds printed", sixSeries(25), 700, 240, 1},
		{"26 rounds on a phone", sixSeries(25), 340, 220, 2},
		{"60 nights printed", ratings(60), 700, 240, 10},
		{"60 nights on a phone", ratings(60), 340, 220, 20},
		{"200 rounds", edgeCharts()["many x"], 700, 240, 10},
	} {
		svg, _ := drawChart(t, tt.c, tt.width, tt.height)
		labels, at := xLabels(t, svg)
		var want []string
		last := len(tt.c.X) - 1
		for i := 0; i < last; i += tt.every {
			if i+tt.every <= last || last-i >= tt.every/2+1 {
				want = append(want, tt.c.X[i])
			}
		}
		want = append(want, tt.c.X[last])
		if !slices.Equal(labels, want) {
			t.Errorf("%s: labels %q, want every %d: %q", tt.name, labels, tt.every, want)
		}
		for i := 1; i < len(at); i++ {
			if gap := at[i] - at[i-1] - drawnWidth(labels[i])/2 - drawnWidth(labels[i-1])/2; gap < labelSpace-0.2 {
				t.Errorf("%s: labels %q and %q %v px apart", tt.name, labels[i-1], labels[i], gap)
			}
		}
	}
}

// TestChartEdges: what a chart draws at the edges of what it is given.
func TestChartEdges(t *testing.T) {
	charts := edgeCharts()
	markers := func(g *node) int { return len(g.all(classed("marker"))) }
	t.Run("nothing to show", func(t *testing.T) {
		for _, name := range []string{"nothing", "no series"} {
			svg, out := drawChart(t, charts[name], 340, 220)
			if len(svg.all(classed("series"))) > 0 || !bytes.Contains(out, []byte("nothing to show yet")) {
				t.Errorf("%s:\n%s", name, out)
			}
			if values, _ := yTicks(t, svg); !slices.Equal(values, []float64{0, 1}) {
				t.Errorf("%s: ticks %v, want 0 and 1", name, values)
			}
		}
	})
	t.Run("one point", func(t *testing.T) {
		svg, out := drawChart(t, charts["one point"], 340, 220)
		g := svg.all(classed("series"))[0]
		plot := svg.all(classed("plot"))[0]
		m := g.all(classed("marker"))
		if len(m) != 1 || len(g.all(classed("line"))) != 0 || math.Abs(m[0].num(t, "cx")-(plot.num(t, "x")+plot.num(t, "width")/2)) > 0.15 {
			t.Errorf("one point is not a lone marker in the middle:\n%s", out)
		}
	})
	t.Run("all equal", func(t *testing.T) {
		svg, _ := drawChart(t, charts["all equal"], 340, 220)
		if values, _ := yTicks(t, svg); !slices.Equal(values, []float64{39, 40, 41}) {
			t.Errorf("ticks %v, want 39 to 41", values)
		}
	})
	t.Run("late start", func(t *testing.T) {
		svg, _ := drawChart(t, charts["late start"], 700, 240)
		g := svg.all(classed("series"))
		ann, bob := vertices(t, g[0]), vertices(t, g[1])
		if len(bob) != 3 || math.Abs(bob[0][0]-ann[10][0]) > 0.15 || math.Abs(bob[1][0]-ann[14][0]) > 0.15 || markers(g[1]) != 3 {
			t.Errorf("bob's three points from position 10 are drawn at %v; ann's at %v", bob, ann)
		}
	})
	t.Run("many positions", func(t *testing.T) {
		svg, _ := drawChart(t, charts["many x"], 700, 240)
		for _, g := range svg.all(classed("series")) {
			ms := g.all(classed("marker"))
			if len(ms) >= 200 || len(ms) < 20 || len(vertices(t, g)) != 200 {
				t.Errorf("%d markers and %d points of 200", len(ms), len(vertices(t, g)))
			}
		}
	})
	t.Run("long names", func(t *testing.T) {
		svg, out := drawChart(t, charts["long names"], 340, 300)
		for i, e := range svg.all(classed("entry")) {
			name := charts["long names"].Series[i].Name
			if lines := e.all(func(n *node) bool { return n.XMLName.Local == "tspan" }); i == 1 {
				for _, l := range lines[:len(lines)-1] {
					if !strings.HasSuffix(l.Text, "-") {
						t.Errorf("%q is broken within a part of it: %q", name, l.Text)
					}
				}
			}
			if got := strings.Join(strings.Fields(strings.ReplaceAll(e.text(), "\n", "")), ""); got != strings.Join(strings.Fields(name), "") {
				t.Errorf("legend entry %d reads %q, want all of %q", i, e.text(), name)
			}
			for _, line := range e.all(func(n *node) bool { return n.XMLName.Local == "tspan" }) {
				if x := e.all(func(n *node) bool { return n.XMLName.Local == "text" })[0].num(t, "x"); x+drawnWidth(line.Text) > 340 {
					t.Errorf("a line of %q runs out of the chart:\n%s", name, out)
				}
			}
		}
		if rows := len(svg.all(func(n *node) bool { return n.XMLName.Local == "tspan" })); rows <= 6 {
			t.Errorf("the longest names are not wrapped: %d lines", rows)
		}
	})
}

// TestChartRefuses: a point out of place, a value that is no number, points out of order, or a
// size too small for the legend and a plot is an error, and nothing is written.
func TestChartRefuses(t *testing.T) {
	two := positions(2)
	for name, tt := range map[string]struct {
		c             Chart
		width, height int
	}{
		"x past the end": {Chart{X: two, Series: []Series{{Name: "ann", Points: []Point{{2, 1}}}}}, 340, 220},
		"x negative":     {Chart{X: two, Series: []Series{{Name: "ann", Points: []Point{{-1, 1}}}}}, 340, 220},
		"not a number":   {Chart{X: two, Series: []Series{{Name: "ann", Points: []Point{{0, math.NaN()}}}}}, 340, 220},
		"infinite":       {Chart{X: two, Series: []Series{{Name: "ann", Points: []Point{{0, math.Inf(1)}}}}}, 340, 220},
		"out of order":   {Chart{X: two, Series: []Series{{Name: "ann", Points: []Point{{1, 1}, {0, 2}}}}}, 340, 220},
		"too small":      {sixSeries(3), 340, 80},
		"no size":        {sixSeries(3), 0, 220},
	} {
		var b bytes.Buffer
		if err := tt.c.SVG(&b, tt.width, tt.height); err == nil || b.Len() > 0 {
			t.Errorf("%s: err %v, wrote %d bytes", name, err, b.Len())
		}
	}
}

// TestChartBytes: a chart is drawn the same, byte for byte, every time, its numbers to a tenth
// of a pixel at most, never in exponents.
func TestChartBytes(t *testing.T) {
	_, first := drawChart(t, sixSeries(25), 700, 240)
	for range 3 {
		if _, again := drawChart(t, sixSeries(25), 700, 240); !bytes.Equal(first, again) {
			t.Fatal("drawn differently the second time")
		}
	}
	for name, c := range edgeCharts() {
		_, out := drawChart(t, c, 340, 220)
		for _, m := range regexp.MustCompile(`\s(?:[xy][12]?|c[xy]|d|width|height)="([^"]*)"`).FindAllSubmatch(out, -1) {
			if regexp.MustCompile(`\d\.\d\d|e[-+]?\d|-0(?:[^.\d]|$)`).Match(m[1]) {
				t.Errorf("%s: a number written %q", name, m[1])
			}
		}
	}
	sheettest.Golden(t, filepath.Join("testdata", "chart.svg"), first)
}

// TestChartWriteError: a writer's failure is the chart's.
func TestChartWriteError(t *testing.T) {
	if err := sixSeries(3).SVG(failing{}, 340, 220); !errors.Is(err, errFailing) {
		t.Errorf("err %v", err)
	}
}

var errFailing = errors.New("disk full")

type failing struct{}

func (failing) Write([]byte) (int, error) { return 0, errFailing }

// TestFitChart: the printed chart keeps its full height where the last page has room for it,
// takes all the room there is down to its least height, and below that is left off the paper.
func TestFitChart(t *testing.T) {
	room := func(height int) float64 { return headingHeight + chartSlack + float64(height)*pointsPerPixel }
	for _, tt := range []struct {
		room       float64
		height     int
		screenOnly bool
	}{
		{room(chartHeight) + 300, chartHeight, false},
		{room(chartHeight), chartHeight, false},
		{room(200) + 0.5, 200, false},
		{room(chartMinHeight), chartMinHeight, false},
		{room(chartMinHeight) - 0.5, chartHeight, true},
		{-40, chartHeight, true},
	} {
		p := &printedSheet{Chart: &SizedChart{Height: chartHeight}}
		p.fitChart(tt.room)
		if p.Chart.Height != tt.height || p.Chart.ScreenOnly != tt.screenOnly {
			t.Errorf("room %v pt: height %d px, screen only %v; want %d, %v", tt.room, p.Chart.Height, p.Chart.ScreenOnly, tt.height, tt.screenOnly)
		}
	}
}

// TestChartKeepsThePages: sheets of 1 to 80 hands break into the same pages with the chart as
// without it, and the chart prints at full height, shrunk, or not at all as the last page has
// room, whether the totals follow the last rounds or have a page of their own.
func TestChartKeepsThePages(t *testing.T) {
	seen := map[string]bool{}
	for n := 1; n <= 80; n++ {
		with, without := New(swingingHands(n), nil).printed(paper), New(swingingHands(n), nil).printed(paper)
		without.Chart = nil
		with.paginate()
		without.paginate()
		same := func(a, b htmlRound) bool { return a.Break == b.Break && a.Carry == b.Carry }
		if with.NewPage != without.NewPage || !slices.EqualFunc(with.Table.Rounds, without.Table.Rounds, same) {
			t.Errorf("%d hands: the chart moves a page break", n)
		}
		page := map[bool]string{false: " under the rounds", true: " on a page of their own"}[with.NewPage]
		switch c := with.Chart; {
		case c.ScreenOnly:
			seen["off the paper"+page] = true
		case c.Height == chartHeight:
			seen["full"+page] = true
		case c.Height >= chartMinHeight:
			seen["shrunk"+page] = true
		default:
			t.Errorf("%d hands: a chart of %d px", n, c.Height)
		}
	}
	if len(seen) != 6 {
		t.Errorf("the charts of 1 to 80 hands print only %v", seen)
	}
}

// chartIn is the chart a page holds, read back; nil when it holds none.
func chartIn(t *testing.T, page string) *node {
	t.Helper()
	start := strings.Index(page, "<svg")
	if start < 0 {
		return nil
	}
	end := strings.Index(page[start:], "</svg>")
	var root node
	if err := xml.Unmarshal([]byte(page[start:start+end+len("</svg>")]), &root); err != nil {
		t.Fatal(err)
	}
	if strings.Count(page, "<svg") > 1 {
		t.Errorf("%d charts on the page", strings.Count(page, "<svg"))
	}
	return &root
}

// TestRunningChart: the printed sheet and the phone's sheet chart each player's running total,
// from 0 before the first hand to the last scored hand; a hand not yet scored is left out. A
// sheet with no running total, or no scored round, has no chart.
func TestRunningChart(t *testing.T) {
	s := swingingHands(12)
	s.Rounds[11].Scored = false
	for face, page := range map[string]func() string{
		"paper": func() string { return sheetPage(t, s) },
		"phone": func() string {
			var b bytes.Buffer
			if err := Content(&b, s, nil); err != nil {
				t.Fatal(err)
			}
			return b.String()
		},
	} {
		out := page()
		svg := chartIn(t, out)
		if svg == nil {
			t.Fatalf("%s: no chart:\n%s", face, out)
		}
		if !strings.Contains(out, "<h2>Running totals</h2>\n<svg") || strings.Index(out, "Running totals") > strings.Index(out, "<h2>Totals</h2>") {
			t.Errorf("%s: the chart is not under its heading before the totals", face)
		}
		width := map[string]string{"paper": "700", "phone": "340"}[face]
		if svg.attr("width") != width || svg.attr("aria-label") != "Running totals by hand" {
			t.Errorf("%s: width %s, label %q", face, svg.attr("width"), svg.attr("aria-label"))
		}
		labels, _ := xLabels(t, svg)
		if labels[0] != "0" || labels[len(labels)-1] != "11" {
			t.Errorf("%s: hands labelled %q, want 0 to 11", face, labels)
		}
		var names []string
		for _, e := range svg.all(classed("entry")) {
			names = append(names, e.text())
		}
		series := svg.all(classed("series"))
		if !slices.Equal(names, []string{"ann", "bob"}) || len(series) != 2 || len(vertices(t, series[0])) != 12 {
			t.Errorf("%s: legend %q, %d series", face, names, len(series))
		}
		totals := func(hand int) string {
			p := s.Rounds[hand-1].Players
			return fmt.Sprintf("ann %d at hand %d; bob %d at hand %d", p["ann"]["total"], hand, p["bob"]["total"], hand)
		}
		if desc := svg.all(func(n *node) bool { return n.XMLName.Local == "desc" })[0].Text; desc != totals(11) {
			t.Errorf("%s: the chart ends %q, want %q", face, desc, totals(11))
		}
		if values, _ := yTicks(t, svg); values[0] > -40 || values[len(values)-1] < 20 {
			t.Errorf("%s: ticks %v do not reach ann's lows", face, values)
		}
	}
	unscored := swingingHands(3)
	for i := range unscored.Rounds {
		unscored.Rounds[i].Scored = false
	}
	noRunning := sheettest.Candidate()
	for name, s := range map[string]*scoring.Sheet{"no running total": noRunning, "no scored hand": unscored, "no hand": sheettest.Hands(0)} {
		if out := sheetPage(t, s); chartIn(t, out) != nil || strings.Contains(out, "Running totals") {
			t.Errorf("%s: a chart", name)
		}
	}
}

// TestRunningChartEscapes: a player's name is text in the chart, as everywhere in the sheet.
func TestRunningChartEscapes(t *testing.T) {
	evil := "<script>alert(1)</script>"
	s := swingingHands(3)
	for _, r := range s.Rounds {
		r.Players[evil] = r.Players["bob"]
	}
	s.Players[1] = evil
	out := sheetPage(t, s)
	if strings.Contains(out, "<script") {
		t.Errorf("the page holds %q unescaped", evil)
	}
	if svg := chartIn(t, out); svg == nil || svg.all(classed("entry"))[1].text() != evil {
		t.Errorf("the legend does not name %q", evil)
	}
}
