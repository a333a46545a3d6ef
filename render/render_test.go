package render

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/olekukonko/tablewriter/pkg/twwidth"

	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/render/internal/sheettest"
	"github.com/tableside/tableside/scoring"
)

func TestSheetGolden(t *testing.T) {
	ext := map[string]string{"table": "txt", "md": "md", "csv": "csv", "json": "json", "html": "html"}
	for _, format := range Formats {
		t.Run(format, func(t *testing.T) {
			var buf bytes.Buffer
			if err := Sheet(&buf, format, sheettest.Candidate(), sheettest.Flags()); err != nil {
				t.Fatal(err)
			}
			sheettest.Golden(t, filepath.Join("testdata", "sheet."+ext[format]), buf.Bytes())
		})
	}
}

func TestTableGolden(t *testing.T) {
	header := []string{"game", "kind", "players", "events", "state"}
	rows := [][]string{
		{"3", "candidate", "ann, bob", "41", "finished"},
		{"12", "pinochle", "cat | dan", "7", "in progress"},
	}
	ext := map[string]string{"table": "txt", "md": "md", "csv": "csv"}
	for _, format := range TableFormats {
		t.Run(format, func(t *testing.T) {
			var buf bytes.Buffer
			if err := Table(&buf, format, header, rows); err != nil {
				t.Fatal(err)
			}
			sheettest.Golden(t, filepath.Join("testdata", "games."+ext[format]), buf.Bytes())
		})
	}
}

// afterByteOrderMark reads a CSV file past the byte order mark it must start with.
func afterByteOrderMark(t *testing.T, csv []byte) io.Reader {
	t.Helper()
	rest, ok := bytes.CutPrefix(csv, []byte(byteOrderMark))
	if !ok {
		t.Errorf("the CSV does not start with a byte order mark: %.40q", csv)
	}
	return bytes.NewReader(rest)
}

func TestUnknownFormat(t *testing.T) {
	err := Sheet(&bytes.Buffer{}, "xml", sheettest.Candidate(), nil)
	if !errors.Is(err, ErrFormat) {
		t.Fatalf("Sheet: err = %v, want ErrFormat", err)
	}
	for _, want := range append([]string{`"xml"`}, Formats...) {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("Sheet error %q does not name %s", err, want)
		}
	}
	err = Table(&bytes.Buffer{}, "json", []string{"a"}, nil)
	if !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), "table, md, csv") {
		t.Errorf("Table: err = %v", err)
	}
}

// jsonContract is the shape scripts rely on (docs/json.md).
type jsonContract struct {
	Game    *int64          `json:"game"`
	Kind    *string         `json:"kind"`
	Players []string        `json:"players"`
	Rounds  json.RawMessage `json:"rounds"`
	Totals  map[string]int  `json:"totals"`
	Winner  json.RawMessage `json:"winner"`
	Winners []string        `json:"winners"`
	Flags   json.RawMessage `json:"flags"`
}

func TestJSONContract(t *testing.T) {
	t.Run("finished", func(t *testing.T) {
		var buf bytes.Buffer
		if err := Sheet(&buf, "json", sheettest.Candidate(), sheettest.Flags()); err != nil {
			t.Fatal(err)
		}
		if !bytes.HasSuffix(buf.Bytes(), []byte("}\n")) || !bytes.Contains(buf.Bytes(), []byte("\n  \"game\"")) {
			t.Errorf("want indented JSON with a trailing newline:\n%s", buf.Bytes())
		}
		var c jsonContract
		decodeStrict(t, buf.Bytes(), &c)
		if c.Game == nil || *c.Game != 3 || c.Kind == nil || *c.Kind != "candidate" {
			t.Errorf("game/kind: %s", buf.Bytes())
		}
		if strings.Join(c.Players, ",") != "ann,bob" || c.Totals["ann"] != 18 || c.Totals["bob"] != 4 {
			t.Errorf("players/totals: %+v %+v", c.Players, c.Totals)
		}
		if string(c.Winner) != `"ann"` || !slices.Equal(c.Winners, []string{"ann"}) {
			t.Errorf("winner = %s, winners = %q, want ann", c.Winner, c.Winners)
		}
		var rounds []scoring.Round
		if err := json.Unmarshal(c.Rounds, &rounds); err != nil || len(rounds) != 2 {
			t.Errorf("rounds = %s (%v)", c.Rounds, err)
		}
		var flags []referee.Flag
		if err := json.Unmarshal(c.Flags, &flags); err != nil {
			t.Fatal(err)
		}
		if len(flags) != 2 || flags[0].Seq != 5 || flags[0].Rule != "C7" || flags[0].Severity != referee.Illegal ||
			flags[0].Message == "" || flags[1].Settled != "condone" {
			t.Errorf("flags = %+v", flags)
		}
	})
	t.Run("unfinished", func(t *testing.T) {
		var buf bytes.Buffer
		s := &scoring.Sheet{Game: 4, Kind: "candidate", Players: []string{"ann", "bob"}}
		if err := Sheet(&buf, "json", s, nil); err != nil {
			t.Fatal(err)
		}
		var c jsonContract
		decodeStrict(t, buf.Bytes(), &c)
		if string(c.Winner) != "null" {
			t.Errorf("winner = %s, want null", c.Winner)
		}
		if c.Winners == nil || len(c.Winners) != 0 {
			t.Errorf("winners = %#v, want []", c.Winners)
		}
		for name, raw := range map[string]json.RawMessage{"flags": c.Flags, "rounds": c.Rounds} {
			if string(raw) != "[]" {
				t.Errorf("%s = %s, want []", name, raw)
			}
		}
		var all map[string]json.RawMessage
		decodeStrict(t, buf.Bytes(), &all)
		for _, k := range []string{"adjustments", "columns"} {
			if string(all[k]) != "[]" {
				t.Errorf("%s = %s, want []", k, all[k])
			}
		}
		for _, k := range []string{"totals", "breakdown"} {
			if string(all[k]) != "{}" {
				t.Errorf("%s = %s, want {}", k, all[k])
			}
		}
	})
}

// decodeStrict decodes and checks that every key the contract names is present.
func decodeStrict(t *testing.T, data []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(data, &keys); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"game", "kind", "players", "rounds", "totals", "winner", "winners", "flags"} {
		if _, ok := keys[k]; !ok {
			t.Errorf("JSON lacks %q", k)
		}
	}
}

func TestCSVParses(t *testing.T) {
	sections := map[string]struct {
		rows int
		head string
	}{
		"rounds": {1 + 2, "seat,suit,ann captured,ann so far,bob captured,bob so far"},
		"totals": {1 + 2 + 5, "player,line,points"}, // ann: a line and her total; bob: four and his
		"flags":  {1 + 2, "event,severity,rule,status,message"},
	}
	for section, want := range sections {
		var buf bytes.Buffer
		if err := SheetCSV(&buf, sheettest.Candidate(), sheettest.Flags(), section); err != nil {
			t.Fatal(err)
		}
		r := csv.NewReader(afterByteOrderMark(t, buf.Bytes()))
		r.FieldsPerRecord = 0 // every record as wide as the header: one rectangle
		recs, err := r.ReadAll()
		if err != nil {
			t.Fatalf("%s: %v", section, err)
		}
		if len(recs) != want.rows || strings.Join(recs[0], ",") != want.head {
			t.Errorf("%s: %d records, header %q:\n%q", section, len(recs), strings.Join(recs[0], ","), recs)
		}
	}
	var buf bytes.Buffer
	if err := Sheet(&buf, "csv", sheettest.Candidate(), sheettest.Flags()); err != nil {
		t.Fatal(err)
	}
	recs, _ := csv.NewReader(&buf).ReadAll()
	if got := strings.Join(recs[1], ","); got != "1,♥,Q K,8,3,1" || len(recs) != 3 {
		t.Errorf("the default section is the rounds: %q", recs)
	}
	if err := SheetCSV(&buf, sheettest.Candidate(), nil, "everything"); !errors.Is(err, ErrFormat) {
		t.Errorf("an unknown section: %v", err)
	}
}

func TestCSVDefusesFormulas(t *testing.T) {
	var buf bytes.Buffer
	rows := [][]string{{"=HYPERLINK(\"x\")", "-2", "+3", "@sum", "plain", "-0.25", "-Inf", "-1e9", "-", "+.5", "-3."}}
	if err := Table(&buf, "csv", []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"}, rows); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(recs[1], "|"); got != `'=HYPERLINK("x")|-2|+3|'@sum|plain|-0.25|'-Inf|'-1e9|'-|'+.5|'-3.` {
		t.Errorf("got %s", got)
	}
}

// TestTerminalWidth keeps a two-player sheet readable in an 80-column terminal.
func TestTerminalWidth(t *testing.T) {
	var buf bytes.Buffer
	if err := Sheet(&buf, "table", sheettest.Candidate(), nil); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(buf.String(), "\n") {
		if n := len([]rune(line)); n > 80 {
			t.Errorf("line is %d columns wide: %s", n, line)
		}
	}
}

// sixPlayers is sampleSheet with four more players, too many for a column each in 80 columns.
func sixPlayers() *scoring.Sheet {
	s := sheettest.Candidate()
	s.Players = []string{"ann", "bob", "cat", "dan", "eve", "fay"}
	for i, p := range s.Players[2:] {
		s.Rounds[0].Players[p] = map[string]any{"captured": []string{"2"}, "so_far": 1}
		s.Rounds[1].Players[p] = map[string]any{"captured": []string{"Q", "K", "A"}, "so_far": 19}
		s.Breakdown[p] = []scoring.Line{{Text: "Q-K-A run of three ×3 = 18", Points: 18}, {Text: "2 single = 1", Points: 1}}
		s.Totals[p] = 19 - i
	}
	s.Finished, s.Winner = false, nil
	return s
}

// TestTerminalWidthSix checks that six players still fit: the rounds turn to one row per player.
func TestTerminalWidthSix(t *testing.T) {
	var buf bytes.Buffer
	if err := Sheet(&buf, "table", sixPlayers(), sheettest.Flags()); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(buf.String(), "\n") {
		if n := len([]rune(line)); n > 80 {
			t.Errorf("line is %d columns wide: %s", n, line)
		}
	}
	sheettest.Golden(t, filepath.Join("testdata", "sheet6.txt"), buf.Bytes())
}

func TestMarkdownEscapes(t *testing.T) {
	var buf bytes.Buffer
	if err := Table(&buf, "md", []string{"name"}, [][]string{{"a|b <i>x</i>"}}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `a\|b \<i\>x\</i\>`) {
		t.Errorf("not escaped:\n%s", buf.String())
	}
}

func TestEmptySheet(t *testing.T) {
	s := &scoring.Sheet{Game: 1, Kind: "candidate", Players: []string{"ann", "bob"}}
	for _, format := range Formats {
		var buf bytes.Buffer
		if err := Sheet(&buf, format, s, nil); err != nil {
			t.Errorf("%s: %v", format, err)
		}
		if buf.Len() == 0 {
			t.Errorf("%s: no output", format)
		}
	}
}

// sized is a writer of a given width, as a terminal is.
type sized struct {
	bytes.Buffer
	columns int
}

func (s *sized) Columns() int { return s.columns }

// TestSheetFitsTheTerminal: the rounds are laid out a row per player when the terminal is too
// narrow for a column per player, and side by side when it is wide enough.
func TestSheetFitsTheTerminal(t *testing.T) {
	narrow, wide := &sized{columns: 30}, &sized{columns: 200}
	for _, w := range []*sized{narrow, wide} {
		if err := Sheet(w, "table", sheettest.Candidate(), nil); err != nil {
			t.Fatal(err)
		}
	}
	if long := "│ seat │ player │"; !strings.Contains(narrow.String(), long) || strings.Contains(wide.String(), long) {
		t.Errorf("narrow:\n%s\nwide:\n%s", narrow.String(), wide.String())
	}
}

// TestHeading: a sheet is titled with the game's proper name, and says when it was played, in
// which match, and the teams.
func TestHeading(t *testing.T) {
	s := sheettest.Candidate()
	s.Title, s.Date, s.Match = "Article II", "2026-11-20", "club night"
	s.Teams = map[string][]string{"red": {"ann"}, "blue": {"bob"}}
	for _, format := range []string{"table", "md", "html"} {
		buf := &sized{columns: 200} // the heading on one line
		if err := Sheet(buf, format, s, nil); err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"Article II — game 3", "teams blue: bob; red: ann · played 2026-11-20 · match club night"} {
			if !strings.Contains(buf.String(), want) {
				t.Errorf("%s: no %q in\n%s", format, want, buf.String())
			}
		}
	}
}

// Every format prints the stored log's seal at the sheet's foot, and says so plainly when the
// record was changed outside tableside; a sheet without a record (one built in a test, or read
// back from an older JSON) prints neither.
func TestSheetCarriesItsSeal(t *testing.T) {
	const seal = "152:7KQ3-M2XD-9FHA"
	for _, intact := range []bool{true, false} {
		s := sheettest.Candidate()
		s.Record = &scoring.Record{Seal: seal, Intact: intact}
		if !intact {
			s.Record.BrokenAt, s.Record.Problem = 7, "the event does not match its hash"
		}
		for _, format := range Formats {
			var buf bytes.Buffer
			if err := Sheet(&buf, format, s, sheettest.Flags()); err != nil {
				t.Fatal(err)
			}
			out := strings.Join(strings.Fields(buf.String()), " ") // as read, wrapped lines and all
			if !strings.Contains(out, seal) {
				t.Errorf("%s: no seal:\n%s", format, out)
			}
			if format == "csv" {
				continue // one table of the rounds: the seal column is all it has room for
			}
			changed := strings.Contains(out, "event 7: the event does not match its hash")
			if format == "json" {
				changed = strings.Contains(out, `"intact": false, "broken_at": 7`)
			}
			if changed == intact {
				t.Errorf("%s, intact %v: says the record changed: %v\n%s", format, intact, changed, out)
			}
		}
		var buf bytes.Buffer
		if err := SheetCSV(&buf, s, sheettest.Flags(), "totals"); err != nil {
			t.Fatal(err)
		}
		recs, err := csv.NewReader(&buf).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		for i, r := range recs {
			if want := map[bool]string{true: "seal", false: seal}[i == 0]; r[len(r)-1] != want {
				t.Errorf("csv row %d ends %q, want %q", i, r[len(r)-1], want)
			}
		}
	}
	for _, format := range Formats {
		var buf bytes.Buffer
		if err := Sheet(&buf, format, sheettest.Candidate(), sheettest.Flags()); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(buf.String(), "--seal") {
			t.Errorf("%s: a sheet with no record prints a seal:\n%s", format, buf.String())
		}
	}
}

// TestTableGivesWayToItsWords: a list too wide for the terminal even with its columns wrapped
// at minWrap wraps them further, down to their longest words, and fits; no word is broken.
func TestTableGivesWayToItsWords(t *testing.T) {
	header := []string{"game", "kind", "state", "match", "players", "events", "played"}
	rows := [][]string{
		{"1", "candidate", "over: bob won", "", "ann, bob", "152", "2026-11-23 15:18 to 16:40"},
		{"2", "pinochle", "in progress", "autumn club night", "ann, bob", "1", "2026-11-23 15:18 to 2026-11-24 09:10"},
	}
	w := &sized{columns: 80}
	if err := Table(w, "table", header, rows); err != nil {
		t.Fatal(err)
	}
	out := w.String()
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if n := twwidth.Width(line); n > 80 {
			t.Errorf("a line of %d columns:\n%s", n, out)
			break
		}
	}
	for _, word := range []string{"candidate", "progress", "autumn", "2026-11-24", "09:10", "events"} {
		if !strings.Contains(out, word) {
			t.Errorf("%q was broken or lost:\n%s", word, out)
		}
	}
}

// TestHandsInTwoLines: in 80 columns, a hand of two players takes two lines, the players side by
// side and the hand's details under them, with a rule between hands.
func TestHandsInTwoLines(t *testing.T) {
	var buf bytes.Buffer
	if err := Sheet(&buf, "table", sheettest.Hands(3), nil); err != nil {
		t.Fatal(err)
	}
	sheettest.Golden(t, filepath.Join("testdata", "hands.txt"), buf.Bytes())
}

// TestTableKeepsPhrasesWhole: the games list in 80 columns keeps each game's state on one line
// and lets the match, the players and the time wrap instead.
func TestTableKeepsPhrasesWhole(t *testing.T) {
	header := []string{"game", "kind", "state", "match", "players", "events", "played"}
	rows := [][]string{
		{"1", "candidate", "over: bob won", "", "ann, bob", "152", "2026-11-23 15:18 to 16:40"},
		{"2", "pinochle", "in progress", "autumn club night", "ann, bob, cy, dee, eve, fay", "1", "2026-11-23 15:18 to 2026-11-24 09:10"},
	}
	w := &sized{columns: 80}
	if err := TableKeeping(w, "table", header, rows, []int{1, 2}); err != nil {
		t.Fatal(err)
	}
	for _, whole := range []string{"│ over: bob won │", "│ in progress   │"} {
		if !strings.Contains(w.String(), whole) {
			t.Errorf("no %q:\n%s", whole, w.String())
		}
	}
	for _, line := range strings.Split(strings.TrimSuffix(w.String(), "\n"), "\n") {
		if n := twwidth.Width(line); n > 80 {
			t.Errorf("a line of %d columns:\n%s", n, w.String())
		}
	}
}

// TestConfirmationsAreShown: where a game has confirmations (L9), every format shows who
// confirmed each round, and a confirmation a later correction undid says so.
func TestConfirmationsAreShown(t *testing.T) {
	s := sheettest.Hands(3)
	s.Rounds[0].Confirmed = []scoring.Confirmation{{Player: "bob", Seq: 40, Stands: true}}
	s.Rounds[1].Confirmed = []scoring.Confirmation{{Player: "ann", Seq: 70}, {Player: "bob", Seq: 90, Stands: true}}
	for _, format := range []string{"table", "md", "csv", "html"} {
		var buf bytes.Buffer
		if err := Sheet(&buf, format, s, nil); err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"confirmed by", "ann (before a correction), bob"} {
			if !strings.Contains(buf.String(), want) {
				t.Errorf("%s: no %q:\n%s", format, want, buf.String())
			}
		}
	}
	var buf bytes.Buffer
	if err := Sheet(&buf, "table", sheettest.Hands(3), nil); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), "confirmed") {
		t.Errorf("a game without confirmations has a confirmed column:\n%s", buf.String())
	}
}
