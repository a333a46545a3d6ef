package render

import (
	"html/template"

	"github.com/tableside/tableside/render/scoresheet"
)

// The faces draw their own charts and sentences as the sheets do, through render: these are
// package scoresheet's.
type (
	Chart  = scoresheet.Chart
	Series = scoresheet.Series
	Point  = scoresheet.Point
)

// ChartFont is scoresheet.ChartFont.
const ChartFont = scoresheet.ChartFont

// ChartHTMLTyped is scoresheet.ChartHTMLTyped.
func ChartHTMLTyped(c Chart, width, height int, font float64) (template.HTML, error) {
	return scoresheet.ChartHTMLTyped(c, width, height, font)
}

// Capitalize is scoresheet.Capitalize.
func Capitalize(s string) string { return scoresheet.Capitalize(s) }
