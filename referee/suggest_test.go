package referee_test

import (
	"strings"
	"testing"

	"github.com/tableside/tableside/cards"
	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/advantage"
	"github.com/tableside/tableside/referee/candidate"
	"github.com/tableside/tableside/referee/capture"
	"github.com/tableside/tableside/referee/pinochle"
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
		if got := referee.DidYouMean(word, players, moves); got != want {
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
		if got := referee.DidYouMeanCard(tc.word, tc.fits); got != tc.want {
			t.Errorf("%q: %q, want %q", tc.word, got, tc.want)
		}
	}
	if got := referee.DidYouMeanSuit("Clubs"); got != "; did you mean C?" {
		t.Errorf("Clubs: %q", got)
	}
}

// TestMovesSuggestedAreListed: a word a game does not understand is answered with a move that
// `tableside rules KIND` lists, never with an alias the list leaves out (clear is not "lead").
func TestMovesSuggestedAreListed(t *testing.T) {
	players := []string{"ann", "bob", "cy"}
	for _, tc := range []struct {
		rules referee.Rules
		word  string
		want  string // the suggestion, or "" for none
	}{
		{capture.Rules{}, "clear", ""}, // not lead
		{capture.Rules{}, "ad", ""},    // not add
		{capture.Rules{}, "noply", "noplay"},
		{pinochle.Rules{}, "shw", ""}, // not show
		{pinochle.Rules{}, "trmp", "trump"},
		{candidate.Rules{}, "leftovr", ""}, // not leftover
		{candidate.Rules{}, "revael", "reveal"},
		{advantage.Rules{}, "stp", ""}, // not stop
		{advantage.Rules{}, "drpo", "drop"},
	} {
		lo, _ := tc.rules.Players()
		setup := events.Created{Kind: tc.rules.Kind(), Ruleset: tc.rules.Ruleset(), Players: players[:lo], Dealer: "bob", Opener: "ann", Date: "2026-11-20"}
		g, err := tc.rules.New(setup)
		if err != nil {
			t.Fatalf("%s: %v", tc.rules.Kind(), err)
		}
		_, err = g.Parse([]string{tc.word})
		if err == nil {
			t.Fatalf("%s: %q was read as a move", tc.rules.Kind(), tc.word)
		}
		_, got, _ := strings.Cut(err.Error(), "did you mean ")
		got = strings.TrimSuffix(got, "?")
		if got != tc.want {
			t.Errorf("%s: %q is answered %q, want the suggestion %q", tc.rules.Kind(), tc.word, err, tc.want)
		}
	}
}
