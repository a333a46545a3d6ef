package render

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/render/scoresheet"
	"github.com/tableside/tableside/scoring"
)

// Sections are the parts of a score sheet that CSV writes, one rectangle per file, the first
// the default: the rounds, the totals with every line that makes them, and the flags.
var Sections = []string{"rounds", "totals", "flags"}

// SheetCSV writes one section of the score sheet as CSV: a header and rows of one value a cell,
// which a spreadsheet opens as one table.
func SheetCSV(w io.Writer, s *scoring.Sheet, flags []referee.Flag, section string) error {
	if s == nil {
		return errors.New("render: no score sheet")
	}
	v := scoresheet.New(s, flags)
	var rows [][]string
	switch section {
	case "rounds":
		rows = append([][]string{v.RoundHeader(" ")}, v.Rounds...)
	case "totals":
		// Every line that makes a player's total, adjustments included, then the total.
		rows = [][]string{{"player", "line", "points"}}
		for _, t := range v.Totals {
			text := t.Text
			if t.Total {
				text = "total"
			}
			rows = append(rows, []string{t.Who, text, strconv.Itoa(t.Points)})
		}
	case "flags":
		rows = [][]string{{"event", "severity", "rule", "status", "message"}}
		for _, f := range v.Flags {
			rows = append(rows, []string{strconv.FormatInt(f.Seq, 10), f.Severity, f.Rule, f.Status, f.Message})
		}
	default:
		return fmt.Errorf("%w: no section %q (use %s)", ErrFormat, section, strings.Join(Sections, ", "))
	}
	// The seal goes on every row, in a last column, so that a row copied out of the file still
	// names the record it came from.
	if v.Seal != "" {
		rows[0] = append(slices.Clip(rows[0]), "seal")
		for i := 1; i < len(rows); i++ {
			rows[i] = append(slices.Clip(rows[i]), v.Seal)
		}
	}
	return writeRect(w, rows)
}

// writeCSV is Table for the csv format.
func writeCSV(w io.Writer, header []string, rows [][]string) error {
	return writeRect(w, append([][]string{header}, rows...))
}

// byteOrderMark starts every CSV file: LibreOffice and Excel read a CSV file without it in the
// machine's legacy code page, and show each suit as "â™". With it, both open the file as UTF-8
// with their default import.
const byteOrderMark = "\ufeff"

// writeRect pads every record to the same number of fields, which spreadsheets and
// encoding/csv's default reader both expect, and guards text cells against being run as
// formulas. The file starts with the byte order mark.
func writeRect(w io.Writer, rows [][]string) error {
	if _, err := io.WriteString(w, byteOrderMark); err != nil {
		return err
	}
	width := 0
	for _, r := range rows {
		width = max(width, len(r))
	}
	cw := csv.NewWriter(w)
	rec := make([]string, width)
	for _, r := range rows {
		for i := range rec {
			rec[i] = ""
			if i < len(r) {
				rec[i] = defuse(r[i])
			}
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// defuse puts a quote before a text cell that a spreadsheet would read as a formula (a player
// called "=HYPERLINK(…)"); numbers, "-2" and "-0.25" included, stay numbers.
func defuse(s string) string {
	if s == "" || isDecimal(s) || !strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return s
	}
	return "'" + s
}

// isDecimal reports whether s is a number as the sheets and statistics write one: digits, with a
// sign before them and a point among them. (strconv would also take "-Inf" and "-1e9", which a
// spreadsheet reads otherwise.)
func isDecimal(s string) bool {
	digits, point := 0, false
	for i, r := range s {
		switch {
		case (r == '-' || r == '+') && i == 0:
		case r == '.' && !point && digits > 0:
			point = true
		case r >= '0' && r <= '9':
			digits++
		default:
			return false
		}
	}
	return digits > 0 && s[len(s)-1] != '.'
}
