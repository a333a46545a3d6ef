package render

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/olekukonko/tablewriter/pkg/twwidth"

	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/scoring"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// sampleSheet is a short finished Candidate game: two players, two seats, one adjustment.
func sampleSheet() *scoring.Sheet {
	ann := "ann"
	return &scoring.Sheet{
		Game:      3,
		Kind:      "candidate",
		Players:   []string{"ann", "bob"},
		Options:   map[string]string{"wrap": "on", "decks": "3"},
		RoundName: "seat",
		Columns: []scoring.Column{
			{Key: "suit", Title: "suit"},
			{Key: "captured", Title: "captured", PerPlayer: true},
			{Key: "so_far", Title: "so far", PerPlayer: true},
		},
		Rounds: []scoring.Round{
			{Number: 1, Values: map[string]any{"suit": "♥"}, Players: map[string]map[string]any{
				"ann": {"captured": []string{"Q", "K"}, "so_far": 8},
				"bob": {"captured": []string{"3"}, "so_far": 1},
			}},
			{Number: 2, Values: map[string]any{"suit": "♠"}, Players: map[string]map[string]any{
				"ann": {"captured": []string{"A"}, "so_far": 18},
				"bob": {"captured": []string{"J", "J"}, "so_far": 5},
			}},
		},
		Breakdown: map[string][]scoring.Line{
			"ann": {{Text: "Q-K-A run of three ×3 = 18", Points: 18}},
			"bob": {
				{Text: "J single = 2", Points: 2},
				{Text: "J single = 2", Points: 2},
				{Text: "3 single = 1", Points: 1},
				{Text: "adjustment #9", Points: -1},
			},
		},
		Adjustments: []scoring.Adjustment{{Seq: 9, Player: "bob", Points: -1, Note: "looked at the stock"}},
		Totals:      map[string]int{"ann": 18, "bob": 4},
		Finished:    true,
		Winner:      &ann,
		Winners:     []string{"ann"},
	}
}

func sampleFlags() []referee.Flag {
	return []referee.Flag{
		{Seq: 5, Rule: "C7", Severity: referee.Illegal, Message: "a bid must beat the high bid (J♥)",
			Hint: "legal bids: Q♥ K♥ A♥, or pass"},
		{Seq: 7, Rule: "C10", Severity: referee.Impossible, Message: "Q♠ was already bid in this seat",
			RevealedBy: 8, Settled: "condone"},
	}
}

func TestSheetGolden(t *testing.T) {
	ext := map[string]string{"table": "txt", "md": "md", "csv": "csv", "json": "json", "html": "html"}
	for _, format := range Formats {
		t.Run(format, func(t *testing.T) {
			var buf bytes.Buffer
			if err := Sheet(&buf, format, sampleSheet(), sampleFlags()); err != nil {
				t.Fatal(err)
			}
			golden(t, filepath.Join("testdata", "sheet."+ext[format]), buf.Bytes())
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
			golden(t, filepath.Join("testdata", "games."+ext[format]), buf.Bytes())
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

func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (run go test -update if the change is right)\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

func TestUnknownFormat(t *testing.T) {
	err := Sheet(&bytes.Buffer{}, "xml", sampleSheet(), nil)
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

func TestHTMLEscapes(t *testing.T) {
	s := sampleSheet()
	evil := "<script>alert(1)</script>"
	s.Players[1] = evil
	s.Rounds[0].Players[evil] = s.Rounds[0].Players["bob"]
	s.Totals[evil] = 4
	s.Breakdown[evil] = s.Breakdown["bob"]
	s.Adjustments[0].Player = evil
	s.Adjustments[0].Note = `said "&<>" aloud`
	flags := sampleFlags()
	flags[0].Message = `<img src=x onerror=alert(2)>`
	var buf bytes.Buffer
	if err := Sheet(&buf, "html", s, flags); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, bad := range []string{"<script>", "<img", `"&<>"`} {
		if strings.Contains(out, bad) {
			t.Errorf("output holds %q unescaped", bad)
		}
	}
	for _, want := range []string{"&lt;script&gt;alert(1)&lt;/script&gt;", "&#34;&amp;&lt;&gt;&#34;", "&lt;img src=x"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	for _, want := range []string{"@page { margin: 12mm }", "@media print"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	for _, external := range []string{"<link", "<script", "src=\"http", "@import", "url("} {
		if strings.Contains(out, external) {
			t.Errorf("page is not self-contained: it holds %q", external)
		}
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
		if err := Sheet(&buf, "json", sampleSheet(), sampleFlags()); err != nil {
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
		if err := SheetCSV(&buf, sampleSheet(), sampleFlags(), section); err != nil {
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
	if err := Sheet(&buf, "csv", sampleSheet(), sampleFlags()); err != nil {
		t.Fatal(err)
	}
	recs, _ := csv.NewReader(&buf).ReadAll()
	if got := strings.Join(recs[1], ","); got != "1,♥,Q K,8,3,1" || len(recs) != 3 {
		t.Errorf("the default section is the rounds: %q", recs)
	}
	if err := SheetCSV(&buf, sampleSheet(), nil, "everything"); !errors.Is(err, ErrFormat) {
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

func TestResult(t *testing.T) {
	ann := "ann"
	tests := []struct {
		s    scoring.Sheet
		want string
	}{
		{scoring.Sheet{Players: []string{"ann", "bob"}, Totals: map[string]int{"ann": 48, "bob": 40}}, "in progress"},
		{scoring.Sheet{Players: []string{"ann", "bob"}, Totals: map[string]int{"ann": 48, "bob": 40}, Finished: true, Winner: &ann}, "ann wins 48 to 40"},
		{scoring.Sheet{Players: []string{"ann", "bob"}, Totals: map[string]int{"ann": 40, "bob": 40}, Finished: true, Draw: true}, "draw at 40"},
		{scoring.Sheet{Players: []string{"ann", "bob", "cat"}, Totals: map[string]int{"ann": 48, "bob": 40, "cat": 35}, Finished: true, Winner: &ann}, "ann wins 48 to bob 40, cat 35"},
		{scoring.Sheet{Players: []string{"ann", "bob", "cat"}, Totals: map[string]int{"ann": 40, "bob": 30, "cat": 40}, Finished: true, Draw: true}, "draw at 40 (ann, cat)"},
		{scoring.Sheet{Players: []string{"ann", "bob", "cat"}, Totals: map[string]int{"ann": 40, "bob": 30, "cat": 40}, Finished: true, Winners: []string{"ann", "cat"}}, "ann and cat share first place with 40, then bob 30"},
		{scoring.Sheet{Players: []string{"ann", "bob"}, Finished: true}, "finished, no winner"},
		{scoring.Sheet{Players: []string{"ann", "bob"}, Totals: map[string]int{"ann": 110, "bob": 110}, Finished: true, Winner: &ann, Decided: "equal totals: ann, the bidder of the last hand, wins (P13)"},
			"ann wins 110 to 110 — equal totals: ann, the bidder of the last hand, wins (P13)"},
	}
	for _, tt := range tests {
		if got := result(&tt.s); got != tt.want {
			t.Errorf("result = %q, want %q", got, tt.want)
		}
	}
}

// TestTerminalWidth keeps a two-player sheet readable in an 80-column terminal.
func TestTerminalWidth(t *testing.T) {
	var buf bytes.Buffer
	if err := Sheet(&buf, "table", sampleSheet(), nil); err != nil {
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
	s := sampleSheet()
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
	if err := Sheet(&buf, "table", sixPlayers(), sampleFlags()); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(buf.String(), "\n") {
		if n := len([]rune(line)); n > 80 {
			t.Errorf("line is %d columns wide: %s", n, line)
		}
	}
	golden(t, filepath.Join("testdata", "sheet6.txt"), buf.Bytes())
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

func TestCellText(t *testing.T) {
	tests := []struct {
		v    any
		want string
	}{
		{nil, ""}, {"♥", "♥"}, {7, "7"}, {-2, "-2"}, {[]string{"Q", "K", "A"}, "Q K A"},
		{float64(18), "18"}, {[]any{"J", float64(2)}, "J 2"}, {int64(5), "5"},
		{[]string{"9♥ on 2♦", "3♥ on 8♦"}, "9♥ on 2♦, 3♥ on 8♦"}, {[]any{"8♦ (4♦)", "5♦ (free)"}, "8♦ (4♦), 5♦ (free)"},
	}
	for _, tt := range tests {
		if got := cellText(tt.v); got != tt.want {
			t.Errorf("cellText(%#v) = %q, want %q", tt.v, got, tt.want)
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
		if err := Sheet(w, "table", sampleSheet(), nil); err != nil {
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
	s := sampleSheet()
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

// TestFill: pairs stay whole on a line with the separator's mark at its end, and only a pair
// too long for a line breaks, at its spaces.
func TestFill(t *testing.T) {
	got := fill([]string{"opener ann", "bidder ann", "bid 12", "result set: made 6 of 10 (P12)"}, ", ", "", "", 20)
	want := []string{"opener ann,", "bidder ann, bid 12,", "result set: made 6", "of 10 (P12)"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	for _, l := range got {
		if twwidth.Width(l) > 20 {
			t.Errorf("%q is wider than 20", l)
		}
	}
}

// Every format prints the stored log's seal at the sheet's foot, and says so plainly when the
// record was changed outside tableside; a sheet without a record (one built in a test, or read
// back from an older JSON) prints neither.
func TestSheetCarriesItsSeal(t *testing.T) {
	const seal = "152:7KQ3-M2XD-9FHA"
	for _, intact := range []bool{true, false} {
		s := sampleSheet()
		s.Record = &scoring.Record{Seal: seal, Intact: intact}
		if !intact {
			s.Record.BrokenAt, s.Record.Problem = 7, "the event does not match its hash"
		}
		for _, format := range Formats {
			var buf bytes.Buffer
			if err := Sheet(&buf, format, s, sampleFlags()); err != nil {
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
		if err := SheetCSV(&buf, s, sampleFlags(), "totals"); err != nil {
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
		if err := Sheet(&buf, format, sampleSheet(), sampleFlags()); err != nil {
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

// handsSheet is a game of Pinochle's shape, n hands long: five values of the hand's own, five a
// player, the last a running total.
func handsSheet(n int) *scoring.Sheet {
	s := &scoring.Sheet{
		Game: 7, Kind: "pinochle", Title: "Pinochle", Players: []string{"ann", "bob"}, RoundName: "hand",
		Columns: []scoring.Column{
			{Key: "opener", Title: "opener"}, {Key: "bidder", Title: "bidder"}, {Key: "bid", Title: "bid"},
			{Key: "trump", Title: "trump"}, {Key: "result", Title: "result"},
			{Key: "meld", Title: "meld", PerPlayer: true}, {Key: "count", Title: "count", PerPlayer: true},
			{Key: "tricks", Title: "tricks", PerPlayer: true}, {Key: "score", Title: "score", PerPlayer: true},
			{Key: "total", Title: "total", PerPlayer: true, Running: true},
		},
		Breakdown: map[string][]scoring.Line{}, Totals: map[string]int{},
		Record: &scoring.Record{Seal: "152:7KQ3-M2XD-9FHA", Intact: true},
	}
	for i := 1; i <= n; i++ {
		result, bidder := "made", []string{"ann", "bob"}[i%2]
		if i%3 == 0 {
			result = fmt.Sprintf("set: made %d of 14 (P12)", i%14)
		}
		r := scoring.Round{Number: i, Values: map[string]any{"opener": []string{"bob", "ann"}[i%2], "bidder": bidder, "bid": 14,
			"trump": "♥", "result": result}, Players: map[string]map[string]any{}}
		for p, name := range s.Players {
			score := 3 + p
			s.Totals[name] += score
			s.Breakdown[name] = append(s.Breakdown[name], scoring.Line{Text: fmt.Sprintf("hand %d: meld %d + count 3", i, p), Points: score})
			r.Players[name] = map[string]any{"meld": p, "count": 3, "tricks": 4, "score": score, "total": s.Totals[name]}
		}
		s.Rounds = append(s.Rounds, r)
	}
	return s
}

// TestHandsInTwoLines: in 80 columns, a hand of two players takes two lines, the players side by
// side and the hand's details under them, with a rule between hands.
func TestHandsInTwoLines(t *testing.T) {
	var buf bytes.Buffer
	if err := Sheet(&buf, "table", handsSheet(3), nil); err != nil {
		t.Fatal(err)
	}
	golden(t, filepath.Join("testdata", "hands.txt"), buf.Bytes())
}

// TestPrintedPages: a sheet too long for a page breaks between hands, each page but the last
// ending with the totals so far as the running total has them; the totals, result, flags and
// seal keep together. A short sheet has no breaks. Every page's foot names the game and its
// seal and numbers the page.
func TestPrintedPages(t *testing.T) {
	for _, tt := range []struct{ hands, breaks int }{{25, 0}, {70, 1}} {
		var buf bytes.Buffer
		if err := Sheet(&buf, "html", handsSheet(tt.hands), nil); err != nil {
			t.Fatal(err)
		}
		out := buf.String()
		breaks := strings.Count(out, `<tbody class="break">`) + strings.Count(out, `class="totals break"`)
		if breaks < tt.breaks || tt.breaks == 0 && breaks > 0 {
			t.Errorf("%d hands: %d page breaks, want %d or more", tt.hands, breaks, tt.breaks)
		}
		if carried := strings.Count(out, `<tr class="carry">`); carried != breaks {
			t.Errorf("%d hands: %d pages end with the totals so far, want %d", tt.hands, carried, breaks)
		}
		if m := regexp.MustCompile(`totals after hand (\d+): ann (\d+) · bob (\d+)`).FindStringSubmatch(out); m != nil {
			hand, _ := strconv.Atoi(m[1])
			if want := fmt.Sprintf("ann %d · bob %d", 3*hand, 4*hand); !strings.Contains(m[0], want) {
				t.Errorf("%d hands: %q, want %s", tt.hands, m[0], want)
			}
		} else if tt.breaks > 0 {
			t.Errorf("%d hands: no totals so far", tt.hands)
		}
		if !strings.Contains(out, `content: "Pinochle \2014  game 7 \b7  seal 152\3a 7KQ3\2d M2XD\2d 9FHA"`) ||
			!strings.Contains(out, `counter(page) " of " counter(pages)`) {
			t.Errorf("%d hands: the page's foot does not name the game, its seal and the page", tt.hands)
		}
	}
	// A game's page on a phone is one page, with a row a player.
	var buf bytes.Buffer
	if err := SheetContent(&buf, handsSheet(70), nil); err != nil {
		t.Fatal(err)
	}
	if out := buf.String(); strings.Contains(out, `class="break"`) || strings.Contains(out, "totals break") ||
		strings.Contains(out, `class="carry"`) || !strings.Contains(out, "<th>player</th>") {
		t.Errorf("the sheet within a page is laid out for print:\n%s", out)
	}
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
	s := handsSheet(3)
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
	if err := Sheet(&buf, "table", handsSheet(3), nil); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), "confirmed") {
		t.Errorf("a game without confirmations has a confirmed column:\n%s", buf.String())
	}
}
