package render

import (
	"encoding/csv"
	"io"
	"strconv"
	"strings"
)

// sheetCSV writes the layout described in the package comment: the rounds as a rectangle a
// spreadsheet can sum, a blank row, then one record per total, breakdown line, adjustment,
// result and flag, each named by its first cell.
func sheetCSV(w io.Writer, v *view) error {
	rows := [][]string{v.roundHeader(" ")}
	rows = append(rows, v.Rounds...)
	rows = append(rows, nil) // the blank row between the rounds and the rest
	for _, t := range v.Totals {
		if t.Total {
			rows = append(rows, []string{"total", t.Who, strconv.Itoa(t.Points)})
		} else {
			rows = append(rows, []string{"line", t.Who, strconv.Itoa(t.Points), t.Text})
		}
	}
	for _, a := range v.Adjust {
		rows = append(rows, []string{"adjustment", a.Player, strconv.Itoa(a.Points), a.Note, strconv.FormatInt(a.Seq, 10)})
	}
	rows = append(rows, []string{"result", v.Result})
	for _, f := range v.Flags {
		rows = append(rows, []string{"flag", strconv.FormatInt(f.Seq, 10), f.Severity, f.Rule, f.Status, f.Message})
	}
	return writeRect(w, rows)
}

// writeCSV is Table for the csv format.
func writeCSV(w io.Writer, header []string, rows [][]string) error {
	return writeRect(w, append([][]string{header}, rows...))
}

// writeRect pads every record to the same number of fields, which spreadsheets and
// encoding/csv's default reader both expect, and guards text cells against being run as
// formulas.
func writeRect(w io.Writer, rows [][]string) error {
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
// called "=HYPERLINK(…)"); numbers, "-2" included, stay numbers.
func defuse(s string) string {
	if s == "" || isInt(s) || !strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return s
	}
	return "'" + s
}
