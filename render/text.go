package render

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/pkg/twwidth"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"

	"github.com/tableside/tableside/render/scoresheet"
)

// textSheet is the sheet as the terminal and Markdown draw it.
type textSheet struct{ *scoresheet.View }

// sheetText is the terminal form: the rounds (see roundsGrid), then totals, adjustments, the
// result and the flags.
func sheetText(w io.Writer, v textSheet) error {
	width := Columns(w)
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%s — game %d\n%s\n\n", v.Title, v.Game, strings.Join(scoresheet.Fill(v.HeadingParts(), scoresheet.HeadingSep, "", "", width), "\n"))
	if len(v.Rounds) == 0 {
		fmt.Fprintf(bw, "no %ss yet\n", v.RoundName)
	} else if err := v.roundsGrid(width).write(bw); err != nil {
		return err
	}

	fmt.Fprint(bw, "\nTotals\n")
	if err := table(bw, false, totalsHeader, v.totalRows(), nil, []int{1}, width); err != nil {
		return err
	}
	if len(v.Adjust) > 0 {
		fmt.Fprint(bw, "\nAdjustments\n")
		if err := table(bw, false, adjustHeader, v.adjustRows(), nil, []int{3}, width); err != nil {
			return err
		}
	}
	fmt.Fprintf(bw, "\nResult: %s\n\n%s\n", v.Result, v.FlagsTitle())
	if len(v.Flags) > 0 {
		if err := table(bw, false, flagsHeader, v.flagRows(), nil, []int{3}, width); err != nil {
			return err
		}
	}
	if v.Seal != "" {
		for _, line := range []string{v.Changed, v.sealLine()} {
			if line != "" {
				fmt.Fprintf(bw, "\n%s\n", Wrap(line, "", "", width))
			}
		}
	}
	return bw.Flush()
}

// sheetMarkdown has the content of the terminal form as Markdown headings and tables.
func sheetMarkdown(w io.Writer, v textSheet) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# %s — game %d\n\n%s\n\n", mdEscape(v.Title), v.Game, mdEscape(v.Heading()))
	fmt.Fprintf(bw, "## %s\n\n", mdEscape(scoresheet.Capitalize(v.RoundName)+"s"))
	if len(v.Rounds) == 0 {
		fmt.Fprintf(bw, "No %ss yet.\n", mdEscape(v.RoundName))
	} else if err := table(bw, true, v.RoundHeader(" "), v.Rounds, v.Numeric, nil, 0); err != nil {
		return err
	}

	fmt.Fprint(bw, "\n## Totals\n\n")
	if err := table(bw, true, totalsHeader, v.totalRows(), nil, nil, 0); err != nil {
		return err
	}
	if len(v.Adjust) > 0 {
		fmt.Fprint(bw, "\n## Adjustments\n\n")
		if err := table(bw, true, adjustHeader, v.adjustRows(), nil, nil, 0); err != nil {
			return err
		}
	}
	fmt.Fprintf(bw, "\n## Result\n\n%s\n\n## %s\n", mdEscape(v.Result), v.FlagsTitle())
	if len(v.Flags) > 0 {
		fmt.Fprintln(bw)
		if err := table(bw, true, flagsHeader, v.flagRows(), nil, nil, 0); err != nil {
			return err
		}
	}
	if v.Seal != "" {
		fmt.Fprint(bw, "\n## Record\n\n")
		if v.Changed != "" {
			fmt.Fprintf(bw, "**%s**\n\n", mdEscape(v.Changed))
		}
		fmt.Fprintf(bw, "%s\n", v.sealLine())
	}
	return bw.Flush()
}

func (v textSheet) totalRows() [][]string {
	rows := make([][]string, len(v.Totals))
	for i, t := range v.Totals {
		rows[i] = []string{t.Player, t.Text, strconv.Itoa(t.Points)}
	}
	return rows
}

func (v textSheet) adjustRows() [][]string {
	rows := make([][]string, len(v.Adjust))
	for i, a := range v.Adjust {
		rows[i] = []string{"#" + strconv.FormatInt(a.Seq, 10), a.Player, scoresheet.Signed(a.Points), a.Note}
	}
	return rows
}

func (v textSheet) flagRows() [][]string {
	rows := make([][]string, len(v.Flags))
	for i, f := range v.Flags {
		rows[i] = []string{"#" + strconv.FormatInt(f.Seq, 10), f.Severity, f.Rule, f.Message, f.Status}
	}
	return rows
}

var (
	totalsHeader = []string{"player", "breakdown", "points"}
	adjustHeader = []string{"event", "player", "points", "note"}
	flagsHeader  = []string{"event", "severity", "rule", "message", "status"}
)

// sealLine is the foot of a sheet: its seal, and what the seal is for.
func (v textSheet) sealLine() string {
	return fmt.Sprintf("Seal %s: `tableside verify %d --seal %s` tells whether the record has changed since this sheet.", v.Seal, v.Game, v.Seal)
}

// writeTable is Table for the table and md formats. In the terminal the text columns wrap when
// the table is too wide, those in keep only when wrapping the others is not enough.
func writeTable(w io.Writer, md bool, header []string, rows [][]string, keep []int) error {
	bw := bufio.NewWriter(w)
	numeric := scoresheet.NumericColumns(len(header), rows)
	width := Columns(w)
	wrap := textColumns(numeric)
	others := slices.DeleteFunc(slices.Clone(wrap), func(c int) bool { return slices.Contains(keep, c) })
	if h, r := fit(header, rows, others, width); tableWidth(columnWidths(h, r)) <= width {
		wrap = others
	}
	if err := table(bw, md, header, rows, numeric, wrap, width); err != nil {
		return err
	}
	return bw.Flush()
}

// table renders one table through tablewriter. Columns flagged numeric (worked out from the rows
// when numeric is nil) are aligned right. Headers are shown as given: tablewriter would otherwise
// upper-case them and turn "so_far" into "SO FAR", and a player's name is not ours to change.
//
// In the terminal (not md), a table wider than width columns is made to fit (see fit), wrapping
// the columns in wrap.
func table(w io.Writer, md bool, header []string, rows [][]string, numeric []bool, wrap []int, width int) error {
	if !md {
		header, rows = fit(header, rows, wrap, width)
	}
	if numeric == nil {
		numeric = scoresheet.NumericColumns(len(header), rows)
	}
	aligns := make([]tw.Align, len(header))
	for i := range aligns {
		aligns[i] = tw.AlignLeft
		if i < len(numeric) && numeric[i] {
			aligns[i] = tw.AlignRight
		}
	}
	opts := []tablewriter.Option{
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithHeaderAlignment(tw.AlignLeft),
		tablewriter.WithRowAlignmentConfig(tw.CellAlignment{Global: tw.AlignLeft, PerColumn: aligns}),
		tablewriter.WithRowAutoWrap(tw.WrapNone),
		tablewriter.WithHeaderAutoWrap(tw.WrapNone),
	}
	if md {
		opts = append(opts, tablewriter.WithRenderer(renderer.NewMarkdown()))
		header = mdRow(header)
		esc := make([][]string, len(rows))
		for i, r := range rows {
			esc[i] = mdRow(r)
		}
		rows = esc
	}
	t := tablewriter.NewTable(w, opts...)
	t.Header(header)
	if err := t.Bulk(rows); err != nil {
		return err
	}
	return t.Render()
}

// Sized is a writer that knows how many columns wide it is: a terminal.
type Sized interface{ Columns() int }

// defaultColumns is the width text tables aim for when the writer does not say.
const defaultColumns = 80

// Columns is how wide w is, in columns: a terminal's width, else 80.
func Columns(w io.Writer) int {
	if s, ok := w.(Sized); ok && s.Columns() > 0 {
		return s.Columns()
	}
	return defaultColumns
}

// minWrap is the narrowest a wrapped column gets, however wide the others are.
const minWrap = 12

// textColumns are the columns that are not numeric.
func textColumns(numeric []bool) []int {
	var cols []int
	for i, n := range numeric {
		if !n {
			cols = append(cols, i)
		}
	}
	return cols
}

// wrapLimits is, for a table, the width each column in wrap must wrap at for the table to fit
// in width columns. Columns of sentences (a cell of three words or more) give way before
// columns of short phrases such as a date and time; among them the widest gives way first,
// none narrower than minWrap (or than it is). If that is not enough, they give way again, down
// to their longest word. Columns that need not wrap keep their width.
func wrapLimits(header []string, rows [][]string, wrap []int, width int) []int {
	limits := columnWidths(header, rows)
	longest := make([]int, len(limits)) // each column's longest word, header included
	for _, r := range append([][]string{header}, rows...) {
		for c, cell := range r {
			for _, w := range strings.Fields(cell) {
				longest[c] = max(longest[c], twwidth.Width(w))
			}
		}
	}
	var sentences []int
	for _, c := range wrap {
		for _, r := range rows {
			if c < len(r) && len(strings.Fields(r[c])) >= 3 {
				sentences = append(sentences, c)
				break
			}
		}
	}
	for pass, cols := range [][]int{sentences, wrap, wrap} {
		floor := func(c int) int { return minWrap }
		if pass == 2 {
			floor = func(c int) int { return longest[c] }
		}
		for tableWidth(limits) > width {
			widest := -1
			for _, c := range cols {
				if limits[c] > floor(c) && (widest < 0 || limits[c] > limits[widest]) {
					widest = c
				}
			}
			if widest < 0 {
				break
			}
			limits[widest]--
		}
	}
	return limits
}

// fit makes a table at most width columns wide where it can: first each header wraps at its
// spaces down to its column's cells, then the columns in wrap wrap at spaces (see wrapLimits).
// A word longer than its column stays whole.
func fit(header []string, rows [][]string, wrap []int, width int) ([]string, [][]string) {
	if width <= 0 || tableWidth(columnWidths(header, rows)) <= width {
		return header, rows
	}
	cells := columnWidths(make([]string, len(header)), rows)
	header = slices.Clone(header)
	for i := range header {
		header[i] = wrapLines(header[i], cells[i])
	}
	widths := columnWidths(header, rows)
	limits := wrapLimits(header, rows, wrap, width)
	var out [][]string
	for i, l := range limits {
		if l >= widths[i] {
			continue
		}
		if out == nil {
			out = make([][]string, len(rows))
			for j, r := range rows {
				out[j] = slices.Clone(r)
			}
		}
		header[i] = wrapLines(header[i], l)
		for _, r := range out {
			if i < len(r) {
				r[i] = wrapLines(r[i], l)
			}
		}
	}
	if out == nil {
		out = rows
	}
	return header, out
}

// wrapLines wraps each line of a cell to width columns.
func wrapLines(cell string, width int) string {
	lines := strings.Split(cell, "\n")
	for i, l := range lines {
		lines[i] = Wrap(l, "", "", width)
	}
	return strings.Join(lines, "\n")
}

// tableWidth is how wide a terminal table with columns of these widths is: a left border, and
// each column's padding and right border.
func tableWidth(widths []int) int {
	total := 1
	for _, w := range widths {
		total += w + 3
	}
	return total
}

// Wrap breaks text longer than width columns into lines at spaces, the first line indented by
// first and the others by rest. A word longer than a line stays whole.
func Wrap(text, first, rest string, width int) string {
	if twwidth.Width(first+text) <= width {
		return first + text // as written, spacing and all
	}
	return strings.Join(scoresheet.Fill(strings.Fields(text), " ", first, rest, width), "\n")
}

// columnWidths is the display width of each column's widest line.
func columnWidths(header []string, rows [][]string) []int {
	widths := make([]int, len(header))
	measure := func(cells []string) {
		for i, c := range cells {
			if i >= len(widths) {
				break
			}
			for _, line := range strings.Split(c, "\n") {
				widths[i] = max(widths[i], twwidth.Width(line))
			}
		}
	}
	measure(header)
	for _, r := range rows {
		measure(r)
	}
	return widths
}

func mdRow(cells []string) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = mdEscape(c)
	}
	return out
}

// mdEscaper keeps names and notes literal in Markdown: a "|" would end a cell, "<" would start
// HTML, "*", "_", "`" and "[" would start formatting; a newline would end the row.
var mdEscaper = strings.NewReplacer(
	`\`, `\\`, "|", `\|`, "<", `\<`, ">", `\>`, "*", `\*`, "_", `\_`, "`", "\\`",
	"[", `\[`, "]", `\]`, "\r\n", " ", "\n", " ", "\r", " ",
)

func mdEscape(s string) string { return mdEscaper.Replace(s) }

// textLayouts are the layouts a terminal tries, the better first of two that take as many
// lines.
var textLayouts = []scoresheet.Layout{
	{ByPlayer: false, Details: scoresheet.InColumns},
	{ByPlayer: false, Details: scoresheet.InColumns, Tight: true},
	{ByPlayer: false, Details: scoresheet.OnLine},
	{ByPlayer: false, Details: scoresheet.OnLine, Tight: true},
	{ByPlayer: true, Details: scoresheet.InColumns},
	{ByPlayer: true, Details: scoresheet.InColumn},
	{ByPlayer: true, Details: scoresheet.OnLine},
	{ByPlayer: true, Details: scoresheet.InColumns, Fold: true},
	{ByPlayer: true, Details: scoresheet.OnLine, Fold: true},
}

// roundsGrid lays the rounds out for a terminal width columns wide, in the layout of the fewest
// lines that fits (see textLayouts): a line a round where the players fit side by side, the round's
// details on a line of their own where only the players' values do, else a line a player. When
// none fits, a line a player with the players' text columns wrapped.
func (v textSheet) roundsGrid(width int) *grid {
	l, ok := v.ChooseLayout(textLayouts, func(l scoresheet.Layout) (int, bool) {
		g := v.layoutGrid(l, nil)
		g.fit(width)
		return g.height(), g.fits(width)
	})
	var wrapAt []int
	if !ok {
		l = scoresheet.Layout{ByPlayer: true, Details: scoresheet.OnLine}
		if len(v.RoundCols) == 0 {
			l.Details = scoresheet.InColumns
		}
		wrapAt = v.playerWrap(width)
	}
	g := v.layoutGrid(l, wrapAt)
	g.fit(width)
	return g
}

// playerWrap is the width each of PlayerCols wraps at in a table of a line a player (round,
// player, the player's columns) that fits width columns; numbers do not wrap.
func (v textSheet) playerWrap(width int) []int {
	header := append([]string{v.RoundName, "player"}, v.PlayerCols...)
	var rows [][]string
	for i := range v.Rounds {
		for p, name := range v.Players {
			rows = append(rows, append([]string{v.Rounds[i][0], name}, v.PlayerValues(i, p)...))
		}
	}
	var wrap []int
	for _, j := range v.TextPlayerCols() {
		wrap = append(wrap, 2+j)
	}
	return wrapLimits(header, rows, wrap, width)[2:]
}

// playerColumn is a column of a player's values in a rounds grid: one of PlayerCols, or several
// text columns folded into one.
type playerColumn struct {
	title   string
	cols    []int // indexes in PlayerCols
	numeric bool
}

// playerColumns are the columns of a player's values, the text ones folded into the first of
// them when fold is set.
func (v textSheet) playerColumns(fold bool) []playerColumn {
	numeric, text := v.PlayerNumeric(), v.TextPlayerCols()
	var out []playerColumn
	for j, title := range v.PlayerCols {
		switch {
		case !fold || numeric[j]:
			out = append(out, playerColumn{title: title, cols: []int{j}, numeric: numeric[j]})
		case j == text[0]:
			titles := make([]string, len(text))
			for i, t := range text {
				titles[i] = v.PlayerCols[t]
			}
			out = append(out, playerColumn{title: strings.Join(titles, ", "), cols: text})
		}
	}
	return out
}

// layoutGrid is the rounds in layout l, the players' text wrapped at wrapAt (nil: unwrapped).
func (v textSheet) layoutGrid(l scoresheet.Layout, wrapAt []int) *grid {
	pcols := v.playerColumns(l.Fold)
	var roundCols []string
	switch l.Details {
	case scoresheet.InColumns:
		roundCols = v.RoundCols
	case scoresheet.InColumn:
		roundCols = []string{"details"}
	}
	if l.ByPlayer {
		return v.linePerPlayer(l, roundCols, pcols, wrapAt)
	}
	return v.sideBySide(l, roundCols, pcols)
}

// sideBySide is the rounds with the players side by side, a player's name over their columns.
func (v textSheet) sideBySide(l scoresheet.Layout, roundCols []string, pcols []playerColumn) *grid {
	k, first := len(pcols), 1+len(roundCols)
	g := newGrid(first + len(v.Players)*k)
	g.ruled = l.Details == scoresheet.OnLine
	if g.ruled {
		g.stretch = len(g.widths) - 1
	}
	names, titles := gridLine{cell(v.RoundName, false)}, gridLine{cell("", false)}
	for _, t := range roundCols {
		names, titles = append(names, cell(t, false)), append(titles, cell("", false))
	}
	for p, name := range v.Players {
		names = append(names, gridCell{text: name, span: k})
		for j, pc := range pcols {
			titles = append(titles, cell(pc.title, false))
			g.gap[first+p*k+j] = l.Tight && j < k-1
		}
	}
	g.header = []gridLine{names, titles}
	for i, r := range v.Rounds {
		line := gridLine{cell(r[0], true)}
		if l.Details == scoresheet.InColumns {
			line = append(line, v.roundCells(i, true)...)
		}
		for p := range v.Players {
			line = append(line, v.playerCells(i, p, pcols, nil)...)
		}
		round := gridRound{lines: []gridLine{line}}
		if d := v.Details(i); l.Details == scoresheet.OnLine && len(d) > 0 {
			round.lines = append(round.lines, gridLine{{pairs: d, span: len(g.widths)}})
		}
		g.rounds = append(g.rounds, round)
	}
	return g
}

// linePerPlayer is the rounds with a line for each player, the round's own values beside the
// first (or down a details column, or under the last).
func (v textSheet) linePerPlayer(l scoresheet.Layout, roundCols []string, pcols []playerColumn, wrapAt []int) *grid {
	first := 1 + len(roundCols)
	g := newGrid(first + 1 + len(pcols))
	g.ruled = true
	header := gridLine{cell(v.RoundName, false)}
	for _, t := range append(slices.Clone(roundCols), "player") {
		header = append(header, cell(t, false))
	}
	for _, pc := range pcols {
		header = append(header, cell(pc.title, false))
	}
	g.header = []gridLine{header}
	switch {
	case l.Details == scoresheet.InColumn:
		g.aside, g.stretch = 1, 1
	case l.Fold:
		g.stretch = first + 1 + slices.IndexFunc(pcols, func(pc playerColumn) bool { return len(pc.cols) > 1 })
	case l.Details == scoresheet.OnLine:
		g.stretch = first // the players' names
	}
	for i, r := range v.Rounds {
		var round gridRound
		for p, name := range v.Players {
			line := gridLine{cell("", true)}
			if p == 0 {
				line[0].text = r[0]
			}
			switch l.Details {
			case scoresheet.InColumns:
				line = append(line, v.roundCells(i, p == 0)...)
			case scoresheet.InColumn:
				line = append(line, cell("", false))
			}
			line = append(append(line, cell(name, false)), v.playerCells(i, p, pcols, wrapAt)...)
			round.lines = append(round.lines, line)
		}
		switch d := v.Details(i); {
		case l.Details == scoresheet.InColumn:
			round.aside = d
		case l.Details == scoresheet.OnLine && len(d) > 0:
			round.lines = append(round.lines, gridLine{{pairs: d, span: len(g.widths)}})
		}
		g.rounds = append(g.rounds, round)
	}
	return g
}

// roundCells are round i's own values, a cell each, blank when shown is false.
func (v textSheet) roundCells(i int, shown bool) gridLine {
	var line gridLine
	for j, value := range v.RoundValues(i) {
		if !shown {
			value = ""
		}
		line = append(line, cell(value, v.Numeric[1+j]))
	}
	return line
}

// playerCells are player p's values in round i in the columns pcols, folded ones as pairs and
// text wrapped at wrapAt (nil: unwrapped).
func (v textSheet) playerCells(i, p int, pcols []playerColumn, wrapAt []int) gridLine {
	values := v.PlayerValues(i, p)
	var line gridLine
	for _, pc := range pcols {
		if len(pc.cols) > 1 {
			var pairs []string
			for _, j := range pc.cols {
				if values[j] != "" {
					pairs = append(pairs, v.PlayerCols[j]+" "+values[j])
				}
			}
			line = append(line, gridCell{pairs: pairs, span: 1})
			continue
		}
		value := values[pc.cols[0]]
		if wrapAt != nil && !pc.numeric {
			value = wrapLines(value, wrapAt[pc.cols[0]])
		}
		line = append(line, cell(value, pc.numeric))
	}
	return line
}
