package render

import (
	_ "embed"
	"errors"
	"fmt"
	"html/template"
	"io"
	"sync"

	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/scoring"
)

// sheetHTML writes one printable page. html/template escapes every name, note and message; the
// page loads nothing from anywhere, so it prints the same offline and years later.
func sheetHTML(w io.Writer, v *view) error {
	return sheetTemplate().Execute(w, v)
}

// SheetContent writes the score sheet as HTML without its page: the headings, tables, flags and
// seal that a printable sheet holds, for a page of one's own (the server's game page) that
// styles them.
func SheetContent(w io.Writer, s *scoring.Sheet, flags []referee.Flag) error {
	if s == nil {
		return errors.New("render: no score sheet")
	}
	return sheetTemplate().ExecuteTemplate(w, "content", newView(s, flags))
}

//go:embed sheet.html.tmpl
var sheetTemplateText string

// sheetTemplate is parsed when a page is first printed, not when the program starts: a move
// recorded from the command line never prints one.
var sheetTemplate = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("sheet").Funcs(template.FuncMap{
		"signed":     signed,
		"capitalize": capitalize,
	}).Parse(sheetTemplateText))
})

// PlayerSpan is how many columns each player's name spans in the two-row header.
func (v *view) PlayerSpan() int { return len(v.PlayerCols) }

// RoundCells splits a rounds row into its cells with their alignment, for the template.
func (v *view) RoundCells(row []string) []htmlCell {
	cells := make([]htmlCell, len(row))
	for i, c := range row {
		cells[i] = htmlCell{Text: c, Num: i < len(v.Numeric) && v.Numeric[i]}
	}
	return cells
}

type htmlCell struct {
	Text string
	Num  bool
}

// FlagsTitle is flagsTitle for the template.
func (v *view) FlagsTitle() string { return v.flagsTitle() }

// Heading is heading for the template.
func (v *view) Heading() string { return v.heading() }

// wideColumns is the most per-player columns, over all players, that the printed rounds table
// shows side by side; a wider sheet has a row per player instead, so that it fits the page.
const wideColumns = 6

// longTable is the number of printed rounds rows above which the sheet prints smaller.
const longTable = 40

// Long reports whether the printed rounds table is long enough to print smaller.
func (v *view) Long() bool {
	rows := len(v.Rounds)
	if v.ByPlayer() {
		rows *= len(v.Players)
	}
	return rows > longTable
}

// ByPlayer reports whether the printed rounds table has a row per player.
func (v *view) ByPlayer() bool { return len(v.Players)*len(v.PlayerCols) > wideColumns }

// LongTable is the rounds table with a row per player, for the template.
func (v *view) LongTable() htmlTable {
	header, rows, numeric := v.longRounds()
	t := htmlTable{Header: header}
	for _, r := range rows {
		cells := make([]htmlCell, len(r))
		for i, c := range r {
			cells[i] = htmlCell{Text: c, Num: numeric[i]}
		}
		t.Rows = append(t.Rows, cells)
	}
	return t
}

type htmlTable struct {
	Header []string
	Rows   [][]htmlCell
}

// PlayerTotals is the totals section with a row per player: the lines that make the total in
// one cell, so that the printed sheet stays short.
func (v *view) PlayerTotals() []playerTotal {
	var out []playerTotal
	for _, t := range v.Totals {
		if len(out) == 0 || out[len(out)-1].Player != t.Who {
			out = append(out, playerTotal{Player: t.Who})
		}
		pt := &out[len(out)-1]
		if t.Total {
			pt.Total = t.Points
		} else {
			pt.Lines = append(pt.Lines, fmt.Sprintf("%s (%s)", t.Text, signed(t.Points)))
		}
	}
	return out
}

type playerTotal struct {
	Player string
	Lines  []string
	Total  int
}
