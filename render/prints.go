package render

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/tableside/tableside/referee/tournament"
	"github.com/tableside/tableside/render/scoresheet"
	"github.com/tableside/tableside/scoring"
)

//go:embed prints.html.tmpl
var printsTemplateText string

var printsTemplate = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("prints").Funcs(template.FuncMap{"cssString": scoresheet.CSSString, "crossCell": crossCellText, "points": Points}).Parse(printsTemplateText))
})

// PrintKinds are the director's prints of a tournament, each one page for a night of 40: the
// round's pairings by name, a result slip a table, the crosstable, and the standings.
var PrintKinds = []string{"pairings", "results", "crosstable", "standings"}

// Print is what a director's print of a tournament shows: the latest round (its slip), the
// crosstable, the standings, and, once the night is over, who won.
type Print struct {
	Slip      scoring.Slip
	Cross     scoring.Crosstable
	Standings Standings
	Winner    string
}

// PrintHTML writes print kind (one of PrintKinds) of p as one printable page with the
// tournament's seal. html/template escapes every name.
func PrintHTML(w io.Writer, kind string, p Print) error {
	if !slices.Contains(PrintKinds, kind) {
		return fmt.Errorf("no print %q: the prints are %s", kind, strings.Join(PrintKinds, ", "))
	}
	titles := map[string]string{
		"pairings":   fmt.Sprintf("%s — round %d, by name", p.Slip.Name, p.Slip.Round),
		"results":    fmt.Sprintf("%s — round %d, result slips", p.Slip.Name, p.Slip.Round),
		"crosstable": fmt.Sprintf("%s — crosstable", p.Slip.Name),
		"standings":  fmt.Sprintf("%s — standings", p.Slip.Name),
	}
	foot := p.Slip.Foot
	if kind == "crosstable" || kind == "standings" {
		foot = p.Cross.Foot
	}
	rounds := make([]int, p.Cross.Rounds)
	for i := range rounds {
		rounds[i] = i + 1
	}
	return printsTemplate().ExecuteTemplate(w, kind, struct {
		Print
		Title, Foot  string
		ByName       []pairingLine
		RoundNumbers []int
	}{p, titles[kind], foot, byName(p.Slip), rounds})
}

// pairingLine is a player's line of the pairings by name: their table (0 for the bye), whom
// they meet, and whether they are first there.
type pairingLine struct {
	Name      string
	Table     int
	Opponents []string
	First     bool
}

// byName is the slip's round as a list of its players by name.
func byName(s scoring.Slip) []pairingLine {
	var lines []pairingLine
	for _, t := range s.Tables {
		for i, p := range t.Players {
			lines = append(lines, pairingLine{Name: p, Table: t.Table, First: i == 0,
				Opponents: slices.DeleteFunc(slices.Clone(t.Players), func(q string) bool { return q == p })})
		}
	}
	for _, b := range s.Byes {
		lines = append(lines, pairingLine{Name: b, Opponents: []string{"the bye"}})
	}
	slices.SortFunc(lines, func(a, b pairingLine) int { return strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)) })
	return lines
}

// crossCellText is a round of a crosstable's row as it prints: at a table of 2 the row met and
// the points ("7 1", "12 ½"), at a larger one the table and the place of how many ("T3 2/4"),
// and the rounds not played as such.
func crossCellText(c scoring.CrossCell) string {
	opponents := make([]string, len(c.Opponents))
	for i, o := range c.Opponents {
		opponents[i] = strconv.Itoa(o)
	}
	met := strings.Join(opponents, ",")
	switch c.Kind {
	case "bye":
		return "bye " + halves(c.Points)
	case "asked":
		return "asked " + halves(c.Points)
	case "forfeit-won":
		return met + " +"
	case "forfeit-lost":
		return met + " −"
	case "playing":
		return met + " …"
	case "game":
		if c.Of > 2 {
			return fmt.Sprintf("T%d %d/%d", c.Table, c.Place, c.Of)
		}
		return met + " " + halves(c.Points)
	}
	return ""
}

// halves writes points as a crosstable does: ½ for a half.
func halves(p float64) string {
	whole := int(p)
	switch {
	case p == float64(whole):
		return strconv.Itoa(whole)
	case p-float64(whole) == 0.5 && whole == 0:
		return "½"
	case p-float64(whole) == 0.5:
		return strconv.Itoa(whole) + "½"
	}
	return Points(p)
}

// NewPrint is a tournament's prints from its latest round's slip, its crosstable, and its
// standings with the tie-breaks; finished, closed and winners say who won once it is over.
func NewPrint(slip scoring.Slip, cross scoring.Crosstable, tieBreaks []string, standings []tournament.Standing, finished, closed bool, winners []string) Print {
	return Print{Slip: slip, Cross: cross, Standings: TournamentStandings(tieBreaks, standings, Whole),
		Winner: Capitalize(WinnerLine(finished, closed, winners, standings))}
}
