package commands

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tableside/tableside/internal/needs"
	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/render"
)

// TestCSVOpensInASpreadsheet converts every CSV section of a complete game of every kind, and a
// table with hostile text, to xlsx in a real headless LibreOffice, and checks each cell: a whole
// number in the CSV is a number in the spreadsheet, any other text (suit signs included) is that
// text, and nothing is a formula; no cell mixes a number and words.
func TestCSVOpensInASpreadsheet(t *testing.T) {
	soffice := needs.Program(t, "soffice", "(LibreOffice) to open the CSV in a spreadsheet", "apt-get install libreoffice-calc-nogui")
	dir := t.TempDir()
	files := map[string][]byte{}
	flags := []referee.Flag{
		{Seq: 7, Rule: "C7", Severity: referee.Illegal, Message: "a bid must beat the high bid (9♥ by ann)"},
		{Seq: 9, Rule: "P9", Severity: referee.Warning, Message: "=1+1 is not a meld", Settled: "condone"},
	}
	for _, kind := range play.Kinds() {
		s := widest(t, kind)
		for _, section := range render.Sections {
			var b bytes.Buffer
			if err := render.SheetCSV(&b, s, flags, section); err != nil {
				t.Fatal(err)
			}
			files[kind+"-"+section] = b.Bytes()
		}
	}
	var hostile bytes.Buffer
	err := render.Table(&hostile, "csv", []string{"rank", "club night,=cmd|' /C calc'!A0,", "points"},
		[][]string{{"1", "@SUM(A1:A9)", "-2"}, {"2", "+33", "10♥"}})
	if err != nil {
		t.Fatal(err)
	}
	files["hostile"] = hostile.Bytes()

	// The charset is named, as the import dialog is told it: the byte order mark must not end
	// up in the first cell.
	convert(t, soffice, dir, "CSV:44,34,76,1", files)
	for name, data := range files {
		if !bytes.HasPrefix(data, []byte("\ufeff")) {
			t.Errorf("%s: no byte order mark, which Excel needs to read UTF-8", name)
		}
		compareCells(t, dir, name, bytes.TrimPrefix(data, []byte("\ufeff")))
	}
}

// TestASCIICSVOpensWithTheDefaultImport: LibreOffice's import with no options at all reads a
// CSV file in a legacy code page, whatever its byte order mark says, and would show a suit as
// "â™"; --ascii writes what it reads right, and no byte order mark to show as "ï»¿".
func TestASCIICSVOpensWithTheDefaultImport(t *testing.T) {
	soffice := needs.Program(t, "soffice", "(LibreOffice) to open the CSV in a spreadsheet", "apt-get install libreoffice-calc-nogui")
	dir := t.TempDir()
	flags := []referee.Flag{{Seq: 7, Rule: "C7", Severity: referee.Illegal, Message: "a bid must beat the high bid (9♥ by ann)"}}
	files := map[string][]byte{}
	for _, kind := range play.Kinds() {
		var b bytes.Buffer
		if err := render.SheetCSV(&terminal{w: &b, ascii: true}, widest(t, kind), flags, "rounds"); err != nil {
			t.Fatal(err)
		}
		files[kind] = b.Bytes()
	}
	convert(t, soffice, dir, "", files)
	for name, data := range files {
		compareCells(t, dir, name, data)
	}
}

// convert converts each CSV file to xlsx in dir in one run of LibreOffice, with the import
// options infilter (none when empty).
func convert(t *testing.T, soffice, dir, infilter string, files map[string][]byte) {
	t.Helper()
	args := []string{"--headless", "-env:UserInstallation=file://" + filepath.Join(dir, "profile")}
	if infilter != "" {
		args = append(args, "--infilter="+infilter)
	}
	args = append(args, "--convert-to", "xlsx", "--outdir", dir)
	for name, data := range files {
		file := filepath.Join(dir, name+".csv")
		if err := os.WriteFile(file, data, 0o644); err != nil {
			t.Fatal(err)
		}
		args = append(args, file)
	}
	if out, err := needs.CombinedOutput(t, exec.Command(soffice, args...)); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
}

// compareCells checks each cell of the spreadsheet made of the CSV file name against the CSV
// data: a whole number is a number, any other text (suit signs included) is that text, and
// nothing is a formula; no cell mixes a number and words.
func compareCells(t *testing.T, dir, name string, data []byte) {
	t.Helper()
	records, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	cells, err := readXLSX(filepath.Join(dir, name+".xlsx"))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	for r, rec := range records {
		for c, want := range rec {
			ref := fmt.Sprintf("%s%d", columnName(c), r+1)
			got, ok := cells[ref]
			switch {
			case !strings.HasSuffix(name, "-totals") && !strings.HasSuffix(name, "-flags") && mixed.MatchString(want):
				// (The totals' lines and the flags' messages are sentences.)
				t.Errorf("%s %s: %q mixes a number and text in one cell", name, ref, want)
			case want == "":
				if ok && got.text != "" {
					t.Errorf("%s %s: %q, want an empty cell", name, ref, got.text)
				}
			case !ok:
				t.Errorf("%s %s: missing, want %q", name, ref, want)
			case got.formula:
				t.Errorf("%s %s: %q became a formula", name, ref, want)
			case isNumber(want) != got.number:
				t.Errorf("%s %s: %q is a number: %v, want %v", name, ref, want, got.number, isNumber(want))
			case got.number && number(got.text) != number(want), !got.number && got.text != want:
				// A guarded cell keeps its quote: the spreadsheet shows it as text.
				t.Errorf("%s %s: %q, want %q", name, ref, got.text, want)
			}
		}
	}
}

// mixed matches a cell that starts with a number and goes on in words ("12 ann", "0 (in
// play)"), which a spreadsheet can neither sum nor sort.
var mixed = regexp.MustCompile(`^[+-]?[0-9]+\s`)

func isNumber(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

func number(s string) float64 {
	n, _ := strconv.ParseFloat(s, 64)
	return n
}

// columnName is a spreadsheet's name for the column at index i: A … Z, AA, AB ….
func columnName(i int) string {
	name := ""
	for i++; i > 0; i = (i - 1) / 26 {
		name = string(rune('A'+(i-1)%26)) + name
	}
	return name
}

// xlsxCell is what a spreadsheet made of a cell: its text or number, and whether it is a
// formula.
type xlsxCell struct {
	text    string
	number  bool
	formula bool
}

// readXLSX reads the first sheet of an xlsx file, cell by reference ("B2").
func readXLSX(path string) (map[string]xlsxCell, error) {
	z, err := zip.OpenReader(path)
	if err != nil {
		return nil, err
	}
	defer z.Close()
	part := func(name string, v any) error {
		f, err := z.Open(name)
		if err != nil {
			return err
		}
		defer f.Close()
		b, err := io.ReadAll(f)
		if err != nil {
			return err
		}
		return xml.Unmarshal(b, v)
	}
	var strs struct {
		Items []struct {
			Text string `xml:"t"`
			Runs []struct {
				Text string `xml:"t"`
			} `xml:"r"`
		} `xml:"si"`
	}
	if err := part("xl/sharedStrings.xml", &strs); err != nil {
		return nil, err
	}
	shared := make([]string, len(strs.Items))
	for i, it := range strs.Items {
		shared[i] = it.Text
		for _, r := range it.Runs {
			shared[i] += r.Text
		}
	}
	var sheet struct {
		Rows []struct {
			Cells []struct {
				Ref     string  `xml:"r,attr"`
				Type    string  `xml:"t,attr"`
				Value   string  `xml:"v"`
				Formula *string `xml:"f"`
			} `xml:"c"`
		} `xml:"sheetData>row"`
	}
	if err := part("xl/worksheets/sheet1.xml", &sheet); err != nil {
		return nil, err
	}
	cells := map[string]xlsxCell{}
	for _, row := range sheet.Rows {
		for _, c := range row.Cells {
			cell := xlsxCell{text: c.Value, formula: c.Formula != nil}
			switch c.Type {
			case "s":
				i, err := strconv.Atoi(c.Value)
				if err != nil || i < 0 || i >= len(shared) {
					return nil, fmt.Errorf("cell %s: bad shared string %q", c.Ref, c.Value)
				}
				cell.text = shared[i]
			case "", "n":
				cell.number = c.Value != ""
			}
			cells[c.Ref] = cell
		}
	}
	return cells, nil
}
