package render

import (
	"io"
	"slices"
	"strings"

	"github.com/olekukonko/tablewriter/pkg/twwidth"

	"github.com/tableside/tableside/render/scoresheet"
)

// grid is a table drawn with the same box rules as the other tables, whose cells may span
// columns: the terminal's rounds table, where a player's name heads that player's columns and a
// round's details run across the players. A player's own columns are parted by two spaces
// rather than a rule (gap), so that they read as one group and take less room.
type grid struct {
	widths []int
	gap    []bool // gap[k]: columns k and k+1 are parted by spaces, not a rule
	header []gridLine
	rounds []gridRound
	ruled  bool // a rule between rounds, for rounds of several lines
	// aside is the column that holds each round's gridRound.aside, -1 for none.
	aside int
	// stretch is the column, -1 for none, that grows while the table has room, for its pairs (or
	// a line of pairs across it) to take fewer lines.
	stretch int
}

// gridLine is one line of cells, covering every column once. A cell's text may hold several
// lines, and the line is then as many lines tall.
type gridLine []gridCell

type gridCell struct {
	text string
	// pairs, when set, are filled into lines as wide as the cell, kept whole where they fit.
	pairs []string
	span  int // how many columns the cell covers, at least 1
	right bool
}

// gridRound is a round's lines, and the "title value" pairs filled down the aside column beside
// them: a line of pairs a line, with more lines below when the pairs need them.
type gridRound struct {
	lines []gridLine
	aside []string
}

func cell(text string, right bool) gridCell { return gridCell{text: text, span: 1, right: right} }

func newGrid(columns int) *grid {
	return &grid{widths: make([]int, columns), gap: make([]bool, columns), aside: -1, stretch: -1}
}

// spanWidth is the room for text in a cell over columns from to to, padding and parting rules
// taken in.
func (g *grid) spanWidth(from, to int) int {
	w := -2
	for k := from; k <= to; k++ {
		w += g.widths[k] + 2
		if k < to && !g.gap[k] {
			w++
		}
	}
	return w
}

// width is how wide the grid is drawn: its borders, padding, rules and columns.
func (g *grid) width() int { return 2 + g.spanWidth(0, len(g.widths)-1) + 2 }

// measure sets each column as wide as its widest cell of one column, then widens the last
// column under a spanning cell whose text does not fit (a long player name); pairs fit any width.
func (g *grid) measure(withHeader bool) {
	clear(g.widths)
	lines := g.bodyLines()
	if withHeader {
		lines = append(lines, g.header...)
	}
	for _, spanning := range []bool{false, true} {
		for _, line := range lines {
			col := 0
			for _, c := range line {
				last := col + c.span - 1
				switch need := textWidth(c.text); {
				case c.pairs != nil:
				case !spanning && c.span == 1:
					g.widths[col] = max(g.widths[col], need)
				case spanning && c.span > 1 && need > g.spanWidth(col, last):
					g.widths[last] += need - g.spanWidth(col, last)
				}
				col = last + 1
			}
		}
	}
}

func (g *grid) bodyLines() []gridLine {
	var lines []gridLine
	for _, r := range g.rounds {
		lines = append(lines, r.lines...)
	}
	return lines
}

// fit lays the grid out for width columns: as its cells need, the header's titles wrapped at
// their spaces where the grid is too wide or the stretch column wants their room, and the
// stretch column grown, within width, until its pairs each take one line.
func (g *grid) fit(width int) {
	g.measure(true)
	if g.width()+g.grow() > width {
		g.measure(false)
		body := slices.Clone(g.widths)
		for _, line := range g.header {
			col := 0
			for i, c := range line {
				if c.span == 1 && c.pairs == nil && col != g.stretch {
					line[i].text = wrapLines(c.text, max(body[col], scoresheet.LongestWord(c.text)))
				}
				col += c.span
			}
		}
		g.measure(true)
	}
	if g.stretch >= 0 {
		g.widths[g.stretch] += max(0, min(g.grow(), width-g.width()))
	}
}

// grow is how much wider the stretch column would have its pairs each take one line.
func (g *grid) grow() int {
	grow := 0
	g.eachPairs(func(pairs []string, from, to int) {
		sep := scoresheet.PairSep(pairs)
		grow = max(grow, twwidth.Width(strings.Join(pairs, sep)+strings.TrimSpace(sep))-g.spanWidth(from, to))
	})
	return grow
}

// fits reports whether the grid, laid out, is at most width columns wide and every word of the
// pairs over its stretch column fits in its line, with the mark that ends a line of them.
func (g *grid) fits(width int) bool {
	ok := g.width() <= width
	g.eachPairs(func(pairs []string, from, to int) {
		for _, p := range pairs {
			ok = ok && scoresheet.LongestWord(p)+len(strings.TrimSpace(scoresheet.PairSep(pairs))) <= g.spanWidth(from, to)
		}
	})
	return ok
}

// eachPairs calls f with every list of pairs that covers the stretch column, and the columns it
// spans.
func (g *grid) eachPairs(f func(pairs []string, from, to int)) {
	if g.stretch < 0 {
		return
	}
	for _, r := range g.rounds {
		if g.aside == g.stretch && len(r.aside) > 0 {
			f(r.aside, g.aside, g.aside)
		}
		for _, line := range r.lines {
			col := 0
			for _, c := range line {
				if last := col + c.span - 1; c.pairs != nil && col <= g.stretch && g.stretch <= last {
					f(c.pairs, col, last)
				}
				col += c.span
			}
		}
	}
}

// drawn is a line as drawn: its cells' texts, one line each, and where cells end.
type drawn struct {
	cells []gridCell
	ends  []bool // ends[k]: a cell ends at column k
}

// draw turns a line into the lines it takes, pairs filled to their cells' width.
func (g *grid) draw(line gridLine) []drawn {
	texts := make([][]string, len(line))
	height := 1
	col := 0
	for i, c := range line {
		if c.pairs != nil {
			texts[i] = scoresheet.Fill(c.pairs, scoresheet.PairSep(c.pairs), "", "", g.spanWidth(col, col+c.span-1))
		} else {
			texts[i] = strings.Split(c.text, "\n")
		}
		height = max(height, len(texts[i]))
		col += c.span
	}
	out := make([]drawn, height)
	for j := range out {
		d := drawn{ends: make([]bool, len(g.widths))}
		col := 0
		for i, c := range line {
			text := ""
			if j < len(texts[i]) {
				text = texts[i][j]
			}
			d.cells = append(d.cells, gridCell{text: text, span: c.span, right: c.right})
			col += c.span
			d.ends[col-1] = true
		}
		out[j] = d
	}
	return out
}

// drawRound is a round's lines as drawn, with its aside pairs filled down the aside column.
func (g *grid) drawRound(r gridRound) []drawn {
	var out []drawn
	for _, line := range r.lines {
		out = append(out, g.draw(line)...)
	}
	if g.aside < 0 || len(r.aside) == 0 {
		return out
	}
	for j, text := range scoresheet.Fill(r.aside, scoresheet.PairSep(r.aside), "", "", g.widths[g.aside]) {
		if j == len(out) {
			blank := make(gridLine, len(g.widths))
			for k := range blank {
				blank[k] = cell("", false)
			}
			out = append(out, g.draw(blank)...)
		}
		col := 0
		for i, c := range out[j].cells {
			if col == g.aside {
				out[j].cells[i].text = text
			}
			col += c.span
		}
	}
	return out
}

// height is how many lines the grid takes.
func (g *grid) height() int {
	n := 3 // the top, the rule under the header, the bottom
	for _, line := range g.header {
		n += len(g.draw(line))
	}
	for i, r := range g.rounds {
		n += len(g.drawRound(r))
		if g.ruled && i > 0 {
			n++
		}
	}
	return n
}

// write draws the grid: box rules around it, under the header and, when ruled, between rounds.
func (g *grid) write(w io.Writer) error {
	var b strings.Builder
	var above *drawn
	emit := func(lines []drawn) {
		for i := range lines {
			g.writeLine(&b, lines[i])
			above = &lines[i]
		}
	}
	var header []drawn
	for _, line := range g.header {
		header = append(header, g.draw(line)...)
	}
	g.writeRule(&b, nil, &header[0])
	emit(header)
	for i, r := range g.rounds {
		lines := g.drawRound(r)
		if i == 0 || g.ruled {
			g.writeRule(&b, above, &lines[0])
		}
		emit(lines)
	}
	g.writeRule(&b, above, nil)
	_, err := io.WriteString(w, b.String())
	return err
}

func (g *grid) writeLine(b *strings.Builder, d drawn) {
	b.WriteString("│")
	col := 0
	for _, c := range d.cells {
		last := col + c.span - 1
		pad := strings.Repeat(" ", max(0, g.spanWidth(col, last)-textWidth(c.text)))
		if c.right {
			b.WriteString(" " + pad + c.text + " ")
		} else {
			b.WriteString(" " + c.text + pad + " ")
		}
		if last == len(g.widths)-1 || !g.gap[last] {
			b.WriteString("│")
		}
		col = last + 1
	}
	b.WriteString("\n")
}

// writeRule draws the rule between two lines (nil above for the top, nil below for the
// bottom), its junctions where cells end above, below or both.
func (g *grid) writeRule(b *strings.Builder, above, below *drawn) {
	ends := func(d *drawn, k int) bool { return d != nil && d.ends[k] }
	left, right := "├", "┤"
	switch {
	case above == nil:
		left, right = "┌", "┐"
	case below == nil:
		left, right = "└", "┘"
	}
	b.WriteString(left)
	for k, w := range g.widths {
		b.WriteString(strings.Repeat("─", w+2))
		switch up, down := ends(above, k), ends(below, k); {
		case k == len(g.widths)-1:
			b.WriteString(right)
		case g.gap[k]:
		case up && down:
			b.WriteString("┼")
		case down:
			b.WriteString("┬")
		case up:
			b.WriteString("┴")
		default:
			b.WriteString("─")
		}
	}
	b.WriteString("\n")
}

// textWidth is the display width of a text's widest line.
func textWidth(text string) int {
	w := 0
	for _, line := range strings.Split(text, "\n") {
		w = max(w, twwidth.Width(line))
	}
	return w
}
