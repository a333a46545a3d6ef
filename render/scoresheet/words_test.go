package scoresheet

import (
	"slices"
	"testing"

	"github.com/olekukonko/tablewriter/pkg/twwidth"
)

// TestFill: pairs stay whole on a line with the separator's mark at its end, and only a pair
// too long for a line breaks, at its spaces.
func TestFill(t *testing.T) {
	got := Fill([]string{"opener ann", "bidder ann", "bid 12", "result set: made 6 of 10 (P12)"}, ", ", "", "", 20)
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
