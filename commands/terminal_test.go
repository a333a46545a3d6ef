package commands

import (
	"bytes"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tableside/tableside/commands/table"
	"github.com/tableside/tableside/referee"
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
	g, err := app.New(t.Context(), table.Setup{Kind: "candidate", Players: "ann,bob", Dealer: "bob"})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"seat H", "reveal 7H", "bid 9"} {
		if g, err = app.Game(t.Context(), g.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := app.Record(t.Context(), g, strings.Fields(m), table.RecordOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	if g, err = app.Game(t.Context(), g.ID); err != nil {
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
	items := []table.Checked{{Game: 1, Kind: "candidate", Flags: []referee.Flag{}}, {Game: 2, Kind: "pinochle", Open: 1, Flags: []referee.Flag{{Seq: 5, Rule: "P10"}}}}
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
