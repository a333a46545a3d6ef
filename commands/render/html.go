package render

import (
	_ "embed"
	"html/template"
	"io"
)

// sheetHTML writes one printable page. html/template escapes every name, note and message; the
// page loads nothing from anywhere, so it prints the same offline and years later.
func sheetHTML(w io.Writer, v *view) error {
	return sheetTemplate.Execute(w, v)
}

//go:embed sheet.html.tmpl
var sheetTemplateText string

var sheetTemplate = template.Must(template.New("sheet").Funcs(template.FuncMap{
	"signed":     signed,
	"capitalize": capitalize,
}).Parse(sheetTemplateText))

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
