package commands

import (
	"bytes"
	"testing"
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
