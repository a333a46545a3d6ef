package render

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/render/scoresheet"
	"github.com/tableside/tableside/scoring"
)

// Formats are the formats Sheet writes, the first the default.
var Formats = []string{"table", "md", "csv", "json", "html"}

// TableFormats are the formats Table writes; a list as JSON is the caller's own shape.
var TableFormats = []string{"table", "md", "csv"}

// ErrFormat is wrapped by the error for a format this package does not write, so that a command
// can treat it as a usage mistake.
var ErrFormat = errors.New("unknown format")

func formatError(format string, valid []string) error {
	return fmt.Errorf("%w %q (use %s)", ErrFormat, format, strings.Join(valid, ", "))
}

// Sheet writes the score sheet s and the referee's flags about the game in format, one of
// Formats. Settled flags are shown as settled; pass only the open ones to hide them.
func Sheet(w io.Writer, format string, s *scoring.Sheet, flags []referee.Flag) error {
	if s == nil {
		return errors.New("render: no score sheet")
	}
	switch format {
	case "table":
		return sheetText(w, textSheet{scoresheet.New(s, flags)})
	case "md":
		return sheetMarkdown(w, textSheet{scoresheet.New(s, flags)})
	case "csv":
		return SheetCSV(w, s, flags, Sections[0])
	case "json":
		return sheetJSON(w, s, flags)
	case "html":
		return scoresheet.Page(w, scoresheet.New(s, flags))
	}
	return formatError(format, Formats)
}

// Table writes a plain list (games, events, rules) with its header in format, one of
// TableFormats. Columns holding only integers are aligned right.
func Table(w io.Writer, format string, header []string, rows [][]string) error {
	return TableKeeping(w, format, header, rows, nil)
}

// TableKeeping is Table with the columns in keep kept whole in a terminal too narrow for the
// list, as long as wrapping its other text columns makes it fit: a state such as "in progress"
// reads badly broken over two lines, a list of players does not.
func TableKeeping(w io.Writer, format string, header []string, rows [][]string, keep []int) error {
	switch format {
	case "table":
		return writeTable(w, false, header, rows, keep)
	case "md":
		return writeTable(w, true, header, rows, nil)
	case "csv":
		return writeCSV(w, header, rows)
	}
	return formatError(format, TableFormats)
}
