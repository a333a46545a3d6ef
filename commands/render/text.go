package render

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/pkg/twwidth"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
)

// sheetText is the terminal form: the rounds with a two-line header (player, then column), so
// that two players fit in 80 columns; then totals, adjustments, the result and the flags.
func sheetText(w io.Writer, v *view) error {
	width := Columns(w)
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%s — game %d\n%s\n\n", v.Title, v.Game, strings.Join(fill(v.headingParts(), headingSep, "", "", width), "\n"))
	if len(v.Rounds) == 0 {
		fmt.Fprintf(bw, "no %ss yet\n", v.RoundName)
	} else {
		// Wide sheets step down: a row per player, then the round's own columns folded into
		// one, then text columns wrapped. A player's name never wraps.
		header, rows, numeric := v.roundHeader("\n"), v.Rounds, v.Numeric
		names := -1
		tooWide := func() bool { return tableWidth(columnWidths(header, rows)) > width }
		if tooWide() && len(v.PlayerCols) > 0 && len(v.Players) > 1 {
			header, rows, numeric = v.longRounds()
			names = 1 + len(v.RoundCols)
		}
		if tooWide() && len(v.RoundCols) > 1 {
			if names > 0 {
				names = 2 // after the round and its folded details
			}
			header, rows = v.foldRounds(header, rows, names, width)
			numeric = numericColumns(len(header), rows)
		}
		if err := table(bw, false, header, rows, numeric, textColumns(numeric, 0, names), width); err != nil {
			return err
		}
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
	fmt.Fprintf(bw, "\nResult: %s\n\n%s\n", v.Result, v.flagsTitle())
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
func sheetMarkdown(w io.Writer, v *view) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# %s — game %d\n\n%s\n\n", mdEscape(v.Title), v.Game, mdEscape(v.heading()))
	fmt.Fprintf(bw, "## %s\n\n", mdEscape(capitalize(v.RoundName)+"s"))
	if len(v.Rounds) == 0 {
		fmt.Fprintf(bw, "No %ss yet.\n", mdEscape(v.RoundName))
	} else if err := table(bw, true, v.roundHeader(" "), v.Rounds, v.Numeric, nil, 0); err != nil {
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
	fmt.Fprintf(bw, "\n## Result\n\n%s\n\n## %s\n", mdEscape(v.Result), v.flagsTitle())
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

// writeTable is Table for the table and md formats. In the terminal the text columns wrap when
// the table is too wide.
func writeTable(w io.Writer, md bool, header []string, rows [][]string) error {
	bw := bufio.NewWriter(w)
	numeric := numericColumns(len(header), rows)
	if err := table(bw, md, header, rows, numeric, textColumns(numeric, -1, -1), Columns(w)); err != nil {
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
		numeric = numericColumns(len(header), rows)
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

// textColumns are the columns that are not numeric, less first and names (-1 for none).
func textColumns(numeric []bool, first, names int) []int {
	var cols []int
	for i, n := range numeric {
		if !n && i != first && i != names {
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

// longRounds lays the rounds out one row per round and player, for when there are too many
// players to give each their own columns: the round's own values show on its first row only.
func (v *view) longRounds() (header []string, rows [][]string, numeric []bool) {
	header = append(append([]string{v.RoundName}, v.RoundCols...), "player")
	header = append(header, v.PlayerCols...)
	base, k := 1+len(v.RoundCols), len(v.PlayerCols)
	for _, r := range v.Rounds {
		for i, p := range v.Players {
			row := make([]string, base, len(header))
			if i == 0 {
				copy(row, r[:base])
			}
			row = append(row, p)
			row = append(row, r[base+i*k:base+(i+1)*k]...)
			rows = append(rows, row)
		}
	}
	return header, rows, numericColumns(len(header), rows)
}

// foldRounds puts the round's own columns of a rounds table (either layout) into one column of
// "title value" pairs, for a table still too wide for the terminal. The pairs wrap to fit, a
// pair kept whole, and their lines are spread over the round's rows, so a round takes no more
// rows than it must.
func (v *view) foldRounds(header []string, rows [][]string, names, width int) ([]string, [][]string) {
	n := len(v.RoundCols)
	header = append([]string{header[0], "details"}, header[1+n:]...)
	folded, details := make([][]string, len(rows)), make([][]string, len(rows))
	for i, r := range rows {
		var parts []string
		for j, c := range r[1 : 1+n] {
			if c != "" {
				parts = append(parts, v.RoundCols[j]+" "+c)
			}
		}
		details[i] = parts
		folded[i] = append([]string{r[0], strings.Join(parts, ", ")}, r[1+n:]...)
	}
	widths := columnWidths(header, folded)
	limit := wrapLimits(header, folded, textColumns(numericColumns(len(header), folded), 0, names), width)[1]
	if limit >= widths[1] {
		return header, folded
	}
	for i := 0; i < len(folded); i++ {
		// A round's first row holds its details; the rows after it with no round number are
		// its other players.
		last := i
		for last+1 < len(folded) && folded[last+1][0] == "" {
			last++
		}
		lines := fill(details[i], ", ", "", "", limit)
		for j := i; j <= last; j++ {
			switch {
			case j-i >= len(lines):
				folded[j][1] = ""
			case j == last:
				folded[j][1] = strings.Join(lines[j-i:], "\n")
			default:
				folded[j][1] = lines[j-i]
			}
		}
		i = last
	}
	return header, folded
}

// Wrap breaks text longer than width columns into lines at spaces, the first line indented by
// first and the others by rest. A word longer than a line stays whole.
func Wrap(text, first, rest string, width int) string {
	if twwidth.Width(first+text) <= width {
		return first + text // as written, spacing and all
	}
	return strings.Join(fill(strings.Fields(text), " ", first, rest, width), "\n")
}

// fill lays out words joined by sep in lines of at most width columns, the first line indented
// by first and the others by rest. A word with spaces in it (a pair) breaks at them only when
// it is too long for a line of its own; a word with none that is too long stays whole.
func fill(words []string, sep, first, rest string, width int) []string {
	// A line that breaks ends with the separator's mark (the comma of ", "), so leave it room.
	trail := strings.TrimRight(sep, " ")
	width -= twwidth.Width(trail)
	var lines []string
	line, indent := first, first
	for _, word := range words {
		if line != indent && twwidth.Width(line+sep+word) > width {
			lines = append(lines, line+trail)
			line, indent = rest, rest
		}
		if line != indent {
			line += sep
		}
		line += word
		for twwidth.Width(line) > width {
			cut := breakAt(line, len(indent), width)
			if cut < 0 {
				break
			}
			lines = append(lines, line[:cut])
			line, indent = rest+line[cut+1:], rest
		}
	}
	return append(lines, line)
}

// breakAt is the last space in line after from where it can break to fit width columns, else
// the first space after from, or -1 when there is none.
func breakAt(line string, from, width int) int {
	fits := -1
	for i := from; i < len(line); i++ {
		if line[i] != ' ' {
			continue
		}
		if twwidth.Width(line[:i]) > width {
			if fits < 0 {
				return i
			}
			break
		}
		fits = i
	}
	return fits
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

func capitalize(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}
