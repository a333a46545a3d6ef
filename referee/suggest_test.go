package referee

import (
	"testing"

	"github.com/tableside/tableside/cards"
)

func TestDidYouMean(t *testing.T) {
	players, moves := []string{"ann", "bob"}, []string{"bid", "pass", "seat", "reveal"}
	for word, want := range map[string]string{
		"bbo":    "; did you mean bob?", // two letters swapped
		"BBO":    "; did you mean bob?", // case does not count
		"pas":    "; did you mean pass?",
		"revael": "; did you mean reveal?",
		"xyz":    "",
		"a":      "", // one letter is too short to guess from
	} {
		if got := DidYouMean(word, players, moves); got != want {
			t.Errorf("%q: %q, want %q", word, got, want)
		}
	}
}

func TestDidYouMeanCard(t *testing.T) {
	hearts := func(c cards.Card) bool { return c.Suit == cards.Hearts }
	for _, tc := range []struct {
		word string
		fits func(cards.Card) bool
		want string
	}{
		{"1h", nil, "; did you mean 10H?"},
		{"1h", hearts, "; did you mean 10H?"},
		{"1s", hearts, ""}, // the game has no use for it
		{"kx", nil, ""},
	} {
		if got := DidYouMeanCard(tc.word, tc.fits); got != tc.want {
			t.Errorf("%q: %q, want %q", tc.word, got, tc.want)
		}
	}
	if got := DidYouMeanSuit("Clubs"); got != "; did you mean C?" {
		t.Errorf("Clubs: %q", got)
	}
}
