package referee

import "testing"

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
