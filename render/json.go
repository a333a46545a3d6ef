package render

import (
	"encoding/json"
	"io"

	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/scoring"
)

// sheetDoc is the JSON form: the sheet's own fields at the top level, and the flags beside them.
type sheetDoc struct {
	scoring.Sheet
	Flags []referee.Flag `json:"flags"`
}

// sheetJSON writes the sheet for scripts. Lists are always arrays and maps always objects, never
// null, so a script can loop without checking; winner is null until somebody has won.
func sheetJSON(w io.Writer, s *scoring.Sheet, flags []referee.Flag) error {
	doc := sheetDoc{Sheet: *s, Flags: flags}
	d := &doc.Sheet
	if d.Players == nil {
		d.Players = []string{}
	}
	if d.Columns == nil {
		d.Columns = []scoring.Column{}
	}
	if d.Rounds == nil {
		d.Rounds = []scoring.Round{}
	}
	if d.Winners == nil {
		d.Winners = []string{}
	}
	if d.Adjustments == nil {
		d.Adjustments = []scoring.Adjustment{}
	}
	if d.Totals == nil {
		d.Totals = map[string]int{}
	}
	breakdown := make(map[string][]scoring.Line, len(d.Breakdown))
	for p, lines := range d.Breakdown {
		if lines == nil {
			lines = []scoring.Line{}
		}
		breakdown[p] = lines
	}
	d.Breakdown = breakdown
	if doc.Flags == nil {
		doc.Flags = []referee.Flag{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(doc)
}
