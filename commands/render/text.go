package render

import (
	"bufio"
	"fmt"
	"io"
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
	fmt.Fprintf(bw, "%s — game %d\n%s\n\n", v.Title, v.Game, v.heading())
	if len(v.Rounds) == 0 {
		fmt.Fprintf(bw, "no %ss yet\n", v.RoundName)
	} else {
		header, rows, numeric := v.roundHeader("\n"), v.Rounds, v.Numeric
		if tableWidth(columnWidths(header, rows)) > width && len(v.PlayerCols) > 0 && len(v.Players) > 1 {
			header, rows, numeric = v.longRounds()
		}
		if err := table(bw, false, header, rows, numeric, -1, width); err != nil {
			return err
		}
	}

	fmt.Fprint(bw, "\nTotals\n")
	if err := table(bw, false, totalsHeader, v.totalRows(), nil, 1, width); err != nil {
		return err
	}
	if len(v.Adjust) > 0 {
		fmt.Fprint(bw, "\nAdjustments\n")
		if err := table(bw, false, adjustHeader, v.adjustRows(), nil, 3, width); err != nil {
			return err
		}
	}
	fmt.Fprintf(bw, "\nResult: %s\n\n%s\n", v.Result, v.flagsTitle())
	if len(v.Flags) > 0 {
		if err := table(bw, false, flagsHeader, v.flagRows(), nil, 3, width); err != nil {
			return err
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
	} else if err := table(bw, true, v.roundHeader(" "), v.Rounds, v.Numeric, -1, 0); err != nil {
		return err
	}

	fmt.Fprint(bw, "\n## Totals\n\n")
	if err := table(bw, true, totalsHeader, v.totalRows(), nil, 1, 0); err != nil {
		return err
	}
	if len(v.Adjust) > 0 {
		fmt.Fprint(bw, "\n## Adjustments\n\n")
		if err := table(bw, true, adjustHeader, v.adjustRows(), nil, 3, 0); err != nil {
			return err
		}
	}
	fmt.Fprintf(bw, "\n## Result\n\n%s\n\n## %s\n", mdEscape(v.Result), v.flagsTitle())
	if len(v.Flags) > 0 {
		fmt.Fprintln(bw)
		if err := table(bw, true, flagsHeader, v.flagRows(), nil, 3, 0); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// writeTable is Table for the table and md formats. In the terminal the widest column is the one
// that wraps when the table is too wide.
func writeTable(w io.Writer, md bool, header []string, rows [][]string) error {
	width := Columns(w)
	bw := bufio.NewWriter(w)
	widths := columnWidths(header, rows)
	widest := -1
	for i, w := range widths {
		if widest < 0 || w > widths[widest] {
			widest = i
		}
	}
	if err := table(bw, md, header, rows, nil, widest, width); err != nil {
		return err
	}
	return bw.Flush()
}

// table renders one table through tablewriter. Columns flagged numeric (worked out from the rows
// when numeric is nil) are aligned right. Headers are shown as given: tablewriter would otherwise
// upper-case them and turn "so_far" into "SO FAR", and a player's name is not ours to change.
//
// In the terminal, when the table would be wider than width columns, column wrapCol (the free
// text: a message, a note; -1 for none) is wrapped at word boundaries to make it fit.
func table(w io.Writer, md bool, header []string, rows [][]string, numeric []bool, wrapCol, width int) error {
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
	if limit := wrapWidth(header, rows, wrapCol, width); !md && limit > 0 {
		t.Configure(func(cfg *tablewriter.Config) {
			cfg.Row.Formatting.AutoWrap = tw.WrapNormal
			// The limit counts the cell's padding, one space each side.
			cfg.Row.ColMaxWidths.PerColumn = tw.NewMapper[int, int]().Set(wrapCol, limit+2)
		})
	}
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
const minWrap = 24

// wrapWidth is the content width column col must wrap at for the table to fit in width
// columns, or 0 when it fits as it is.
func wrapWidth(header []string, rows [][]string, col, width int) int {
	if col < 0 || col >= len(header) {
		return 0
	}
	widths := columnWidths(header, rows)
	total := tableWidth(widths)
	if total <= width {
		return 0
	}
	return max(widths[col]-(total-width), minWrap)
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
