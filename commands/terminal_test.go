package commands

import (
	"bytes"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/kinds"
	"github.com/tableside/tableside/table"
)

// TestTerminal: ASCII mode writes suit letters and plain borders, colour mode wraps the red
// suits in escape codes, and a character split between two writes comes out whole.
func TestTerminal(t *testing.T) {
	for _, tt := range []struct {
		ascii, color bool
		want         string
	}{
		{false, false, "│ 9♥ ♠ │"},
		{true, false, "| 9H S |"},
		{false, true, "│ 9\x1b[31m♥\x1b[0m ♠ │"},
		{true, true, "| 9\x1b[31mH\x1b[0m S |"},
	} {
		var buf bytes.Buffer
		term := &terminal{w: &buf, ascii: tt.ascii, color: tt.color}
		in := []byte("│ 9♥ ♠ │")
		// Split inside the ♥ (three bytes) to check that no character is cut.
		for _, part := range [][]byte{in[:6], in[6:]} {
			if n, err := term.Write(part); err != nil || n != len(part) {
				t.Fatalf("write: %d, %v", n, err)
			}
		}
		if got := buf.String(); got != tt.want {
			t.Errorf("ascii %v color %v: %q, want %q", tt.ascii, tt.color, got, tt.want)
		}
	}
}

// TestCompletions: Tab offers the legal moves, with and without the player to act, and the
// prompt's own commands, that begin with what was typed.
func TestCompletions(t *testing.T) {
	app, err := table.Open(t.Context(), filepath.Join(t.TempDir(), "t.db"), testSchema(t))
	if err != nil {
		t.Fatal(err)
	}
	defer app.Close()
	g, err := app.New(t.Context(), table.Setup{Kind: "candidate", Players: []string{"ann", "bob"}, Dealer: "bob"})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"seat H", "reveal 7H", "bid 9"} {
		if g, err = app.Game(t.Context(), g.ID()); err != nil {
			t.Fatal(err)
		}
		if _, err := app.Record(t.Context(), g, strings.Fields(m), table.RecordOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	if g, err = app.Game(t.Context(), g.ID()); err != nil {
		t.Fatal(err)
	}
	for line, want := range map[string][]string{
		"bid 1":     {"bid 10H"},
		"bob bid K": {"bob bid KH"},
		"p":         {"pass"},
		"u":         {"undo"},
		"bid 2":     nil, // not higher than 9♥
	} {
		if got := completions(g, line); !slices.Equal(got, want) {
			t.Errorf("%q: %q, want %q", line, got, want)
		}
	}
}

// TestJSONList: a list written an element at a time reads exactly as the whole slice would.
func TestJSONList(t *testing.T) {
	items := []play.Checked{{Game: 1, Kind: "candidate", Flags: []referee.Flag{}}, {Game: 2, Kind: "pinochle", Open: 1, Flags: []referee.Flag{{Seq: 5, Rule: "P10"}}}}
	for n := range len(items) + 1 {
		var whole, streamed bytes.Buffer
		if err := writeJSON(&whole, items[:n]); err != nil {
			t.Fatal(err)
		}
		list := jsonList{w: &streamed}
		for _, it := range items[:n] {
			if err := list.add(it); err != nil {
				t.Fatal(err)
			}
		}
		if err := list.close(); err != nil {
			t.Fatal(err)
		}
		if whole.String() != streamed.String() {
			t.Errorf("%d items:\n%s\nstreamed:\n%s", n, whole.String(), streamed.String())
		}
	}
}

// TestRulesAlignsItsMoves: `rules KIND` lists each game's moves in two columns at 80 columns,
// what every form does starting in the same column, beside the form or, for a form too long for
// its column, on the line below it.
func TestRulesAlignsItsMoves(t *testing.T) {
	for _, kind := range play.Kinds() {
		r, ok := kinds.All()[kind]
		if !ok {
			t.Fatalf("no engine of %s", kind)
		}
		var out, errs bytes.Buffer
		if code := Run(testSchema(t), []string{"tableside", "rules", kind}, strings.NewReader(""), &out, &errs); code != 0 {
			t.Fatalf("rules %s: exit %d: %s", kind, code, errs.String())
		}
		lines := strings.Split(out.String(), "\n")
		columns := map[int]bool{}
		for _, g := range r.Grammar() {
			form, what, ok := play.SplitForm(g)
			if !ok || strings.HasPrefix(g, " ") {
				continue
			}
			at := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "  "+form+"  ") || l == "  "+form })
			if at < 0 {
				t.Errorf("%s: no line for %q:\n%s", kind, form, out.String())
				continue
			}
			line := lines[at] // the form, then what it does
			if line == "  "+form {
				line = lines[at+1] // what it does, under the form
			}
			text := strings.TrimLeft(strings.TrimPrefix(line, "  "+form), " ")
			if !strings.HasPrefix(text, strings.Fields(what)[0]) {
				t.Errorf("%s: %q is not followed by what it does: %q", kind, form, line)
			}
			columns[len([]rune(line))-len([]rune(text))] = true
		}
		if len(columns) != 1 {
			t.Errorf("%s: what the moves do starts in columns %v:\n%s", kind, slices.Sorted(maps.Keys(columns)), out.String())
		}
		for _, line := range lines {
			if n := len([]rune(line)); n > 80 {
				t.Errorf("%s: a line of %d columns: %s", kind, n, line)
			}
		}
	}
}
