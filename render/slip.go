package render

import (
	_ "embed"
	"html/template"
	"io"
	"strconv"
	"sync"
)

// Slip is a tournament round's slip, as the room's notice board shows it: where each table
// sits, the first named first, and the standings the round was paired from.
type Slip struct {
	Name  string
	Kind  string
	Date  string
	Round int
	// FirstWord says what the first at a table does: "opens", "deals".
	FirstWord string
	Tables    []SlipTable
	Byes      []string
	// After is the round the standings are after; 0 before any has ended.
	After     int
	TieBreaks []string
	Standings []SlipStanding
	// Foot names the tournament and its seal, on every page.
	Foot string
}

// SlipTable is one table of a round: its players, the first first, and its game's number.
type SlipTable struct {
	Table   int
	Players []string
	Game    int64
}

// SlipStanding is one line of the standings, its figures written as people write them.
type SlipStanding struct {
	Place     int
	Name      string
	Points    string
	TieBreaks []string
}

//go:embed slip.html.tmpl
var slipTemplateText string

var slipTemplate = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("slip").Funcs(template.FuncMap{"cssString": cssString}).Parse(slipTemplateText))
})

// SlipHTML writes a round's slip as one printable page. html/template escapes every name.
func SlipHTML(w io.Writer, s Slip) error { return slipTemplate().Execute(w, s) }

// Points writes a tournament's points as people write them: whole and half points exactly, the
// thirds and fifths of larger tables to two places.
func Points(p float64) string {
	if p*2 == float64(int64(p*2)) {
		return strconv.FormatFloat(p, 'f', -1, 64)
	}
	return strconv.FormatFloat(p, 'f', 2, 64)
}
