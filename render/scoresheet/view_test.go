package scoresheet

import (
	"testing"

	"github.com/tableside/tableside/scoring"
)

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
