package render

import (
	_ "embed"
	"html/template"
	"io"
	"strconv"
	"sync"

	"github.com/tableside/tableside/render/scoresheet"
	"github.com/tableside/tableside/scoring"
)

//go:embed slip.html.tmpl
var slipTemplateText string

var slipTemplate = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("slip").Funcs(template.FuncMap{"cssString": scoresheet.CSSString}).Parse(slipTemplateText))
})

// SlipHTML writes a round's slip as one printable page, with the standings it was paired from
// as they are laid out (TournamentStandings). html/template escapes every name.
func SlipHTML(w io.Writer, s scoring.Slip, standings Standings) error {
	return slipTemplate().Execute(w, struct {
		scoring.Slip
		Standings Standings
	}{s, standings})
}

// Points writes a tournament's points as people write them: whole and half points exactly, the
// thirds and fifths of larger tables to two places.
func Points(p float64) string {
	if p*2 == float64(int64(p*2)) {
		return strconv.FormatFloat(p, 'f', -1, 64)
	}
	return strconv.FormatFloat(p, 'f', 2, 64)
}
