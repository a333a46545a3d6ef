package scoresheet

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"html/template"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/olekukonko/tablewriter/pkg/twwidth"
)

// Chart is a line chart: one line per series over labelled x positions. It is drawn as an inline
// SVG of our own (SVG), readable printed in black and white: each series has its own dash
// pattern and marker shape as well as its colour, and a legend repeats them with the names.
type Chart struct {
	// Title says what the chart shows, to screen readers: it is not drawn, as the page's own
	// heading says it.
	Title          string
	XLabel, YLabel string
	// X are the labels of the x positions, in order: "0", "1", … for rounds, dates for nights.
	X      []string
	Series []Series
}

// Series is one line, named in the legend. Its points are in increasing order of X and need not
// cover every position: a series may start late or skip some, and its line joins the points it has.
type Series struct {
	Name   string
	Points []Point
}

// Point is a series' value Y at the position X, an index into Chart.X.
type Point struct {
	X int
	Y float64
}

// The chart's type and marks, in CSS px at the chart's full size. The type is 8.25 pt when the
// chart is printed at full size, as the printed sheet does.
const (
	chartFont    = 11.0
	chartLine    = 14.0 // a line of text
	charEm       = 0.6  // a character's width, in em: a little over Helvetica's and Arial's digits
	tickLength   = 4.0
	plotInset    = 7.0  // room inside the plot's frame for a marker on its edge
	markerSpace  = 9.0  // the least room between two markers of a line, else some are left out
	labelSpace   = 8.0  // the least room between two x labels
	tickSpace    = 22.0 // the least room between y ticks, as laid out before their rounding
	sampleWidth  = 28.0 // a legend entry's sample of the line
	sampleGap    = 6.0  // between the sample and the name
	entryGap     = 16.0 // between legend entries in a row
	legendMargin = 4.0  // under the legend, and above the plot
	// fontFamily is the page's; no font is loaded from anywhere.
	fontFamily = `"Helvetica Neue", Helvetica, Arial, sans-serif`
)

// Each series is drawn with the dash pattern, marker and colour of its place, cycling beyond:
// the first 42 series all differ in dash or marker. The colours are dark enough to print.
var (
	dashes  = []string{"", "7 3", "2 2.5", "9 3 2 3", "4 4", "12 3 2 3 2 3"}
	markers = []string{"circle", "square", "triangle", "diamond", "cross", "plus", "down"}
	colours = []string{"#1f4e99", "#a3321b", "#2a6e2a", "#6b3a8f", "#85580a", "#222222"}
)

// SVG writes the chart as an inline <svg> element, no XML prolog, width by height CSS px: its
// viewBox scales it down to a narrower box, never up. It lays the legend out above the plot in
// rows as wide as the chart (one row goes beside the y label), wrapping names too long for a
// row, and labels as many x positions as fit without overlapping. It fails, writing nothing,
// when a point is outside X, out of order or not a finite number, or when the chart is too
// small for its legend and a plot.
func (c Chart) SVG(w io.Writer, width, height int) error {
	return c.svg(w, width, height, width, height)
}

// svg writes the chart laid out in a box of width by height, its type chartFont, and shown
// shownWidth by shownHeight CSS px.
func (c Chart) svg(w io.Writer, width, height, shownWidth, shownHeight int) error {
	if err := c.check(); err != nil {
		return err
	}
	if width <= 0 || height <= 0 {
		return fmt.Errorf("chart: a size of %d×%d px", width, height)
	}
	l := c.layout(float64(width), float64(height))
	if l.plot.h < 2*plotInset+chartLine {
		return fmt.Errorf("chart: %d×%d px leaves no room for the plot under its labels and legend", width, height)
	}
	b := &svgWriter{}
	b.printf(`<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" aria-label="%s" viewBox="0 0 %d %d" width="%d" height="%d"`,
		escape(c.Title), width, height, shownWidth, shownHeight)
	b.printf(` style="display:block;max-width:100%%;height:auto" font-family="%s" font-size="%s">`, escape(fontFamily), num(chartFont))
	b.printf("\n<title>%s</title>\n", escape(c.Title))
	if d := c.description(); d != "" {
		b.printf("<desc>%s</desc>\n", escape(d))
	}
	l.axes(b, c)
	for i, s := range c.Series {
		l.series(b, i, s)
	}
	l.legend(b)
	b.printf("</svg>\n")
	_, err := w.Write(b.Bytes())
	return err
}

// ChartFont is the type of a chart drawn at its full size by SVG and SizedChart, in CSS px.
const ChartFont = chartFont

// chartHTML is the chart drawn by SVG, for a page's html/template: the SVG escaped every name.
func chartHTML(c Chart, width, height int) (template.HTML, error) {
	return ChartHTMLTyped(c, width, height, chartFont)
}

// ChartHTMLTyped is chartHTML with type of font CSS px at the chart's full size: a chart read
// from across a room is laid out for its larger type, with fewer labels, not merely magnified.
func ChartHTMLTyped(c Chart, width, height int, font float64) (template.HTML, error) {
	if font <= 0 {
		return "", fmt.Errorf("chart: type of %v px", font)
	}
	scale := chartFont / font
	var b strings.Builder
	if err := c.svg(&b, int(float64(width)*scale), int(float64(height)*scale), width, height); err != nil {
		return "", err
	}
	return template.HTML(b.String()), nil
}

func (c Chart) check() error {
	for _, s := range c.Series {
		for i, p := range s.Points {
			switch {
			case p.X < 0 || p.X >= len(c.X):
				return fmt.Errorf("chart: %s has a point at x %d, outside its %d positions", s.Name, p.X, len(c.X))
			case math.IsNaN(p.Y) || math.IsInf(p.Y, 0):
				return fmt.Errorf("chart: %s has no number at x %s", s.Name, c.X[p.X])
			case i > 0 && p.X <= s.Points[i-1].X:
				return fmt.Errorf("chart: the points of %s are not in order of x", s.Name)
			}
		}
	}
	return nil
}

// description says in words where each line ends, for a screen reader: "ann 48 at hand 25".
func (c Chart) description() string {
	var parts []string
	for _, s := range c.Series {
		if len(s.Points) == 0 {
			continue
		}
		last := s.Points[len(s.Points)-1]
		at := strings.TrimSpace(c.XLabel + " " + c.X[last.X])
		parts = append(parts, s.Name+" "+strconv.FormatFloat(last.Y, 'f', -1, 64)+" at "+at)
	}
	return strings.Join(parts, "; ")
}

type rect struct{ x, y, w, h float64 }

// chartLayout is where everything goes: the plot's frame, the scales inside it, the labels and
// the legend.
type chartLayout struct {
	width      float64
	plot       rect
	ticks      []float64 // the y ticks, lowest first, the first and last the scale's ends
	decimals   int       // of the y ticks' labels
	xStep      float64   // between x positions; 0 for a single one, drawn in the middle
	labelEvery int       // x positions labelled: every so many (see labelled)
	labelRoom  float64   // the room an x label needs
	markEvery  int       // x positions marked on a line: every so many, and each line's ends
	entries    []legendEntry
	yLabelTop  float64 // the y label's line: beside the legend where it has one row, else under it
}

type legendEntry struct {
	x, y  float64 // the top left of the entry
	lines []string
}

func (c Chart) layout(width, height float64) *chartLayout {
	l := &chartLayout{width: width}
	top := l.placeLegend(c.Series, drawnWidth(c.YLabel))
	if c.YLabel != "" {
		top = max(top, l.yLabelTop+chartLine)
	}
	top += legendMargin
	bottom := height - tickLength - chartLine - 2
	if c.XLabel != "" {
		bottom -= chartLine
	}
	inner := bottom - top - 2*plotInset
	lo, hi, integral := c.yRange()
	target := min(max(int(inner/tickSpace), 2), 8)
	step := niceStep((hi-lo)/float64(target), integral)
	first, last := math.Floor(lo/step+1e-9), math.Ceil(hi/step-1e-9)
	for k := first; k <= last; k++ {
		l.ticks = append(l.ticks, k*step)
	}
	l.decimals = max(0, -int(math.Floor(math.Log10(step)+1e-9)))

	widestY := 0.0
	for _, t := range l.ticks {
		widestY = max(widestY, drawnWidth(l.tickLabel(t)))
	}
	widestX := 0.0
	for _, x := range c.X {
		widestX = max(widestX, drawnWidth(x))
	}
	// An x label is centred on its position: the margins give the outer ones room.
	left := max(widestY+tickLength+4, widestX/2-plotInset+1)
	right := max(4, widestX/2-plotInset+1)
	l.plot = rect{left, top, width - left - right, bottom - top}
	l.labelEvery, l.markEvery = 1, 1
	if n := len(c.X); n > 1 {
		l.xStep = (l.plot.w - 2*plotInset) / float64(n-1)
		l.labelRoom = widestX + labelSpace
		l.labelEvery = niceStride(l.labelRoom / l.xStep)
		l.markEvery = niceStride(markerSpace / l.xStep)
	}
	return l
}

// placeLegend lays the legend out at the top in rows from the left, an entry after another
// while they fit the width, and returns its height. A name too long for a row wraps over lines
// of its entry. A legend of one row goes to the right, beside a y label as wide as yLabel where
// there is room; a longer one goes above the y label.
func (l *chartLayout) placeLegend(series []Series, yLabel float64) float64 {
	x, y, rowLines := 0.0, 0.0, 0
	room := int((l.width - sampleWidth - sampleGap) / (charEm * chartFont))
	for _, s := range series {
		lines := wrapName(s.Name, room)
		w := sampleWidth + sampleGap
		for _, line := range lines {
			w = max(w, sampleWidth+sampleGap+drawnWidth(line))
		}
		if x > 0 && x+w > l.width {
			x, y, rowLines = 0, y+float64(rowLines)*chartLine, 0
		}
		l.entries = append(l.entries, legendEntry{x: x, y: y, lines: lines})
		x += w + entryGap
		rowLines = max(rowLines, len(lines))
	}
	height := y + float64(rowLines)*chartLine
	if rowWidth := x - entryGap; y == 0 && (yLabel == 0 || rowWidth+entryGap+yLabel <= l.width) {
		for i := range l.entries {
			l.entries[i].x += l.width - rowWidth
		}
		return height
	}
	l.yLabelTop = height + legendMargin
	return height
}

// wrapName is a name in lines of at most room characters: broken at spaces, and a word longer
// than a line after its last hyphen that fits, else where the line ends.
func wrapName(name string, room int) []string {
	room = max(room, 1)
	var lines []string
	for _, line := range Fill(strings.Fields(name), " ", "", "", room) {
		for twwidth.Width(line) > room {
			cut, hyphen, w := 0, 0, 0
			for i, r := range line {
				if w += twwidth.Width(string(r)); w > room {
					cut = max(i, len(string(r)))
					break
				}
				if r == '-' {
					hyphen = i + 1
				}
			}
			if hyphen > 0 {
				cut = hyphen
			}
			lines = append(lines, line[:cut])
			line = line[cut:]
		}
		lines = append(lines, line)
	}
	return lines
}

// yRange is the range of the values, widened when they are all equal, and whether they are all
// whole numbers, which then get whole ticks. A chart without values shows 0 to 1.
func (c Chart) yRange() (lo, hi float64, integral bool) {
	lo, hi, integral = math.Inf(1), math.Inf(-1), true
	for _, s := range c.Series {
		for _, p := range s.Points {
			lo, hi = min(lo, p.Y), max(hi, p.Y)
			integral = integral && p.Y == math.Trunc(p.Y)
		}
	}
	switch {
	case lo > hi:
		return 0, 1, true
	case lo == hi:
		return lo - 1, hi + 1, integral
	}
	return lo, hi, integral
}

// niceStep is the least step of 1, 2 or 5 times a power of ten that is at least rough; at least
// 1 for whole numbers.
func niceStep(rough float64, integral bool) float64 {
	if integral && rough <= 1 {
		return 1
	}
	base := math.Pow(10, math.Floor(math.Log10(rough)))
	for _, m := range []float64{1, 2, 5} {
		if m*base >= rough*(1-1e-9) {
			return m * base
		}
	}
	return 10 * base
}

// niceStride is the least of 1, 2, 5, 10, 20, … that is at least rough.
func niceStride(rough float64) int {
	for base := 1; ; base *= 10 {
		for _, m := range []int{1, 2, 5} {
			if float64(m*base) >= rough {
				return m * base
			}
		}
	}
}

func (l *chartLayout) tickLabel(t float64) string {
	return strconv.FormatFloat(t+0, 'f', l.decimals, 64) // +0 makes -0 a 0
}

// labelled reports whether x position i of n is labelled: every labelEvery-th, and the last,
// which reads where the lines end, in place of the one before it where the two would overlap.
func (l *chartLayout) labelled(i, n int) bool {
	switch last := n - 1; {
	case i == last:
		return true
	case i%l.labelEvery != 0:
		return false
	default:
		return i+l.labelEvery <= last || float64(last-i)*l.xStep >= l.labelRoom
	}
}

// at is where the value y at position x is drawn.
func (l *chartLayout) at(x int, y float64) (float64, float64) {
	px := l.plot.x + l.plot.w/2
	if l.xStep > 0 {
		px = l.plot.x + plotInset + float64(x)*l.xStep
	}
	lo, hi := l.ticks[0], l.ticks[len(l.ticks)-1]
	inner := l.plot.h - 2*plotInset
	return px, l.plot.y + l.plot.h - plotInset - (y-lo)/(hi-lo)*inner
}

// axes draws the grid, the zero line where the scale crosses zero, the plot's frame, the ticks
// and their labels, and the axes' labels.
func (l *chartLayout) axes(b *svgWriter, c Chart) {
	p := l.plot
	b.printf(`<g class="grid" stroke="#d4d4d4" stroke-width="1">`)
	for _, t := range l.ticks {
		_, y := l.at(0, t)
		b.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s"/>`, num(p.x), num(y), num(p.x+p.w), num(y))
	}
	b.printf("</g>\n")
	if lo, hi := l.ticks[0], l.ticks[len(l.ticks)-1]; lo < 0 && hi > 0 {
		_, y := l.at(0, 0)
		b.printf(`<line class="zero" x1="%s" y1="%s" x2="%s" y2="%s" stroke="#555555" stroke-width="1.2"/>`+"\n", num(p.x), num(y), num(p.x+p.w), num(y))
	}
	b.printf(`<rect class="plot" x="%s" y="%s" width="%s" height="%s" fill="none" stroke="#777777" stroke-width="1"/>`+"\n", num(p.x), num(p.y), num(p.w), num(p.h))

	b.printf(`<g class="ticks" stroke="#777777" stroke-width="1">`)
	for _, t := range l.ticks {
		_, y := l.at(0, t)
		b.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s"/>`, num(p.x-tickLength), num(y), num(p.x), num(y))
	}
	for i := range c.X {
		x, _ := l.at(i, 0)
		length := tickLength / 2
		if l.labelled(i, len(c.X)) {
			length = tickLength
		}
		if length == tickLength || l.xStep >= 3 {
			b.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s"/>`, num(x), num(p.y+p.h), num(x), num(p.y+p.h+length))
		}
	}
	b.printf("</g>\n")

	b.printf(`<g class="labels" fill="#222222">`)
	for _, t := range l.ticks {
		_, y := l.at(0, t)
		b.printf(`<text x="%s" y="%s" dy="0.35em" text-anchor="end">%s</text>`, num(p.x-tickLength-3), num(y), l.tickLabel(t))
	}
	labelY := p.y + p.h + tickLength + 2 + chartFont
	for i, x := range c.X {
		if l.labelled(i, len(c.X)) {
			px, _ := l.at(i, 0)
			b.printf(`<text x="%s" y="%s" text-anchor="middle">%s</text>`, num(px), num(labelY), escape(x))
		}
	}
	if c.XLabel != "" {
		b.printf(`<text class="xlabel" x="%s" y="%s" text-anchor="middle">%s</text>`, num(p.x+p.w/2), num(labelY+chartLine), escape(c.XLabel))
	}
	if c.YLabel != "" {
		b.printf(`<text class="ylabel" x="0" y="%s">%s</text>`, num(l.yLabelTop+chartFont), escape(c.YLabel))
	}
	if len(c.Series) == 0 {
		b.printf(`<text x="%s" y="%s" dy="0.35em" text-anchor="middle">nothing to show yet</text>`, num(p.x+p.w/2), num(p.y+p.h/2))
	}
	b.printf("</g>\n")
}

// series draws the i-th series: its line in its dash pattern, and its marker on every
// markEvery-th position and at both ends, so that crowded points stay apart.
func (l *chartLayout) series(b *svgWriter, i int, s Series) {
	colour := colours[i%len(colours)]
	b.printf(`<g class="series" stroke="%s" fill="%s">`, colour, colour)
	if len(s.Points) > 1 {
		var d strings.Builder
		for j, pt := range s.Points {
			x, y := l.at(pt.X, pt.Y)
			if j > 0 {
				d.WriteString(" L")
			} else {
				d.WriteString("M")
			}
			d.WriteString(num(x) + " " + num(y))
		}
		b.printf(`<path class="line" d="%s" fill="none" stroke-width="1.6" stroke-linejoin="round"%s/>`, d.String(), dashAttr(i))
	}
	for j, pt := range s.Points {
		if pt.X%l.markEvery == 0 || j == 0 || j == len(s.Points)-1 {
			x, y := l.at(pt.X, pt.Y)
			marker(b, i, x, y)
		}
	}
	b.printf("</g>\n")
}

func dashAttr(i int) string {
	if d := dashes[i%len(dashes)]; d != "" {
		return ` stroke-dasharray="` + d + `"`
	}
	return ""
}

// marker draws the i-th series' marker centred on x, y: no mark reaches further than 5 px.
func marker(b *svgWriter, i int, x, y float64) {
	pt := func(dx, dy float64) string { return num(x+dx) + " " + num(y+dy) }
	switch markers[i%len(markers)] {
	case "circle":
		b.printf(`<circle class="marker" cx="%s" cy="%s" r="3.5" stroke="none"/>`, num(x), num(y))
	case "square":
		b.printf(`<path class="marker" d="M%s L%s L%s L%s Z" stroke="none"/>`, pt(-3.2, -3.2), pt(3.2, -3.2), pt(3.2, 3.2), pt(-3.2, 3.2))
	case "triangle":
		b.printf(`<path class="marker" d="M%s L%s L%s Z" stroke="none"/>`, pt(0, -4.6), pt(4.2, 3), pt(-4.2, 3))
	case "diamond":
		b.printf(`<path class="marker" d="M%s L%s L%s L%s Z" stroke="none"/>`, pt(0, -4.6), pt(4.6, 0), pt(0, 4.6), pt(-4.6, 0))
	case "cross":
		b.printf(`<path class="marker" d="M%s L%s M%s L%s" fill="none" stroke-width="1.8"/>`, pt(-3.4, -3.4), pt(3.4, 3.4), pt(-3.4, 3.4), pt(3.4, -3.4))
	case "plus":
		b.printf(`<path class="marker" d="M%s L%s M%s L%s" fill="none" stroke-width="1.8"/>`, pt(-4.4, 0), pt(4.4, 0), pt(0, -4.4), pt(0, 4.4))
	case "down":
		b.printf(`<path class="marker" d="M%s L%s L%s Z" stroke="none"/>`, pt(0, 4.6), pt(4.2, -3), pt(-4.2, -3))
	}
}

// legend draws each series' sample, its line and marker, and its name beside it.
func (l *chartLayout) legend(b *svgWriter) {
	if len(l.entries) == 0 {
		return
	}
	b.printf(`<g class="legend">` + "\n")
	for i, e := range l.entries {
		colour := colours[i%len(colours)]
		mid := e.y + chartLine/2
		b.printf(`<g class="entry" stroke="%s" fill="%s">`, colour, colour)
		b.printf(`<path class="line" d="M%s %s L%s %s" fill="none" stroke-width="1.6"%s/>`, num(e.x), num(mid), num(e.x+sampleWidth), num(mid), dashAttr(i))
		marker(b, i, e.x+sampleWidth/2, mid)
		b.printf(`<text x="%s" y="%s" fill="#222222" stroke="none">`, num(e.x+sampleWidth+sampleGap), num(e.y+chartFont))
		for j, line := range e.lines {
			if j == 0 {
				b.printf(`<tspan>%s</tspan>`, escape(line))
			} else {
				b.printf(`<tspan x="%s" dy="%s">%s</tspan>`, num(e.x+sampleWidth+sampleGap), num(chartLine), escape(line))
			}
		}
		b.printf("</text></g>\n")
	}
	b.printf("</g>\n")
}

// drawnWidth is about how wide text is drawn in the chart's type, a little over.
func drawnWidth(text string) float64 { return float64(twwidth.Width(text)) * charEm * chartFont }

// num is a coordinate to a tenth of a pixel, written the same way every time.
func num(x float64) string { return strconv.FormatFloat(math.Round(x*10)/10+0, 'f', -1, 64) }

// escape is s as XML text or an attribute's value: names may hold markup, quotes, or
// characters XML does not allow, which become U+FFFD.
func escape(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s)) // a strings.Builder does not fail
	return b.String()
}

// svgWriter gathers the chart, to write it whole or not at all.
type svgWriter struct{ bytes.Buffer }

func (b *svgWriter) printf(format string, args ...any) { fmt.Fprintf(b, format, args...) }
