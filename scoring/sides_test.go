package scoring

import (
	"fmt"
	"strings"
	"testing"
)

// sidesWords writes sides as "1:ann+bob=4 3:cy=2", the winners marked with a *.
func sidesWords(sides []Side) string {
	var words []string
	for _, sd := range sides {
		won := ""
		if sd.Won {
			won = "*"
		}
		words = append(words, fmt.Sprintf("%d:%s%s=%d", sd.Place, strings.Join(sd.Players, "+"), won, sd.Total))
	}
	return strings.Join(words, " ")
}

// TestWhoPlacedWhere: the one rule of places, for the standings and the ratings alike.
func TestWhoPlacedWhere(t *testing.T) {
	for _, tt := range []struct {
		name  string
		sheet Sheet
		want  string
	}{
		{"a win", Sheet{Players: []string{"ann", "bob", "cy"}, Totals: map[string]int{"ann": 9, "bob": 4, "cy": 6}, Winners: []string{"ann"}},
			"1:ann*=9 3:bob=4 2:cy=6"},
		{"a shared win: the winners share first whatever their totals, the next is third",
			Sheet{Players: []string{"ann", "bob", "cy", "dee"}, Totals: map[string]int{"ann": 7, "bob": 9, "cy": 5, "dee": 5}, Winners: []string{"ann", "bob"}},
			"1:ann*=7 1:bob*=9 3:cy=5 3:dee=5"},
		{"a winner who is not the top scorer",
			Sheet{Players: []string{"ann", "bob"}, Totals: map[string]int{"ann": 3, "bob": 8}, Winners: []string{"ann"}},
			"1:ann*=3 2:bob=8"},
		{"a party game: the President's party first, by its President (E8)",
			Sheet{Players: []string{"ann", "cy", "bob", "dee"}, Teams: map[string][]string{"red": {"ann", "bob"}, "blue": {"cy", "dee"}},
				Totals: map[string]int{"ann": 1, "bob": 1, "cy": 2, "dee": 0}, Winners: []string{"cy"}},
			"2:ann+bob=2 1:cy+dee*=2"},
		{"a draw places everyone first, whatever the totals (E7's two-player game)",
			Sheet{Players: []string{"ann", "bob"}, Totals: map[string]int{"ann": 5, "bob": 0}, Draw: true},
			"1:ann=5 1:bob=0"},
		{"a game not finished is placed by its totals",
			Sheet{Players: []string{"ann", "bob", "cy"}, Totals: map[string]int{"ann": 2, "bob": 7, "cy": 2}},
			"2:ann=2 1:bob=7 2:cy=2"},
	} {
		if got := sidesWords(tt.sheet.Sides()); got != tt.want {
			t.Errorf("%s: %s, want %s", tt.name, got, tt.want)
		}
	}
}
