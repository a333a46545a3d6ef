package referee_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tableside/tableside/cards"
	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/advantage"
	"github.com/tableside/tableside/referee/article2"
	"github.com/tableside/tableside/referee/candidate"
	"github.com/tableside/tableside/referee/capture"
	"github.com/tableside/tableside/referee/pinochle"
	"github.com/tableside/tableside/referee/refereetest"
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

// fullDistance is the edit distance with a swap of two letters counted as one, every cell of
// the table filled: the plain form of the rule that distance computes in a band.
func fullDistance(a, b []rune) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

// TestDistanceInItsBand: the banded distance is the full one wherever that is at most two, and
// above two wherever it is.
func TestDistanceInItsBand(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	word := func() []rune {
		w := make([]rune, rng.IntN(9))
		for i := range w {
			w[i] = rune('a' + rng.IntN(3))
		}
		return w
	}
	for range 20000 {
		a, b := word(), word()
		got, want := referee.Distance(a, b), fullDistance(a, b)
		if got != want && (got < 3 || want < 3) {
			t.Fatalf("distance(%q, %q) = %d, want %d", string(a), string(b), got, want)
		}
	}
}

// hugeWords are words of 64 KiB, as a paste gone wrong might type: digits, a suit letter, a
// player's name over and over, and "1o" (ten as it is mistyped) over and over, which a card's
// guess could split in the most ways. The engines' fuzz targets start from short inputs: a
// seed of 64 KiB would have their fuzzers spend their time on it.
var hugeWords = []string{strings.Repeat("1", 64<<10), strings.Repeat("h", 64<<10), strings.Repeat("bob", 64<<10/3), strings.Repeat("1o", 32<<10)}

// TestDistanceOfHugeWords: two words of 64 KiB cost their length, not its square.
func TestDistanceOfHugeWords(t *testing.T) {
	a := []rune(hugeWords[1])
	b := append([]rune("x"), a[1:]...)
	before := referee.DistanceCells()
	if d := referee.Distance(a, b); d != 1 {
		t.Errorf("one letter changed: distance %d", d)
	}
	if cells := referee.DistanceCells() - before; cells > 5*int64(len(a)) {
		t.Errorf("two words of %d letters filled %d cells, want at most 5 a letter", len(a), cells)
	}
	if got := referee.DidYouMean(string(b), []string{"ann", string(a)}); got != "; did you mean "+string(a)+"?" {
		t.Errorf("a huge name one letter off is not suggested")
	}
}

// TestHugeWordsRefusedCheaply: a word of 64 KiB in any place of any move of any game is refused,
// and the suggestion its refusal offers costs no more cells of edit distance than it has
// letters. (The card guess it also reaches is bounded in package cards.)
func TestHugeWordsRefusedCheaply(t *testing.T) {
	for _, r := range []referee.Rules{advantage.Rules{}, article2.Rules{}, candidate.Rules{}, capture.Rules{}, pinochle.Rules{}} {
		setup, moves := r.Playout(rand.New(rand.NewPCG(1, 5)), refereetest.Names)
		g, err := r.New(setup)
		if err != nil {
			t.Fatal(err)
		}
		tried := map[string]bool{}
		for i, m := range moves {
			if !tried[m.Type] {
				tried[m.Type] = true
				words := strings.Fields(g.Notation(m))
				for k := range words {
					for _, huge := range hugeWords {
						typed := append(append(append([]string(nil), words[:k]...), huge), words[k+1:]...)
						before := referee.DistanceCells()
						if _, err := g.Parse(typed); err == nil {
							t.Errorf("%s: %s with word %d a huge one was read as a move", r.Kind(), g.Notation(m), k+1)
						}
						if cells := referee.DistanceCells() - before; cells > int64(len(huge)) {
							t.Errorf("%s: %s with word %d a huge one filled %d cells", r.Kind(), g.Notation(m), k+1, cells)
						}
					}
				}
			}
			g.Apply(int64(i+2), m)
		}
	}
}
