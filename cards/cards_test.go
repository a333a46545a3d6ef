package cards

import (
	"errors"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		want Card
	}{
		{"9H", Card{9, Hearts}}, {"10♥", Card{10, Hearts}}, {"t♣", Card{10, Clubs}}, {"qs", Card{Queen, Spades}},
		{"A♢", Card{Ace, Diamonds}}, {" 2c ", Card{2, Clubs}}, {"Kd", Card{King, Diamonds}}, {"j♤", Card{Jack, Spades}},
	}
	for _, tt := range tests {
		got, err := Parse(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("Parse(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{"", "9", "H", "1H", "11H", "9X", "10", "♥9", "99H", "AHH"} {
		if c, err := Parse(bad); !errors.Is(err, ErrCard) {
			t.Errorf("Parse(%q) = %v, %v; want ErrCard", bad, c, err)
		}
	}
}

func TestNotationRoundTrip(t *testing.T) {
	for _, s := range Suits {
		for r := MinRank; r <= MaxRank; r++ {
			c := Card{r, s}
			for _, text := range []string{c.String(), c.Pretty()} {
				back, err := Parse(text)
				if err != nil || back != c {
					t.Errorf("%v → %q → %v, %v", c, text, back, err)
				}
			}
			b, err := c.MarshalText()
			if err != nil {
				t.Fatal(err)
			}
			var back Card
			if err := back.UnmarshalText(b); err != nil || back != c {
				t.Errorf("text %s → %v, %v", b, back, err)
			}
		}
	}
	if _, err := (Card{Rank: 1, Suit: Hearts}).MarshalText(); !errors.Is(err, ErrCard) {
		t.Errorf("an invalid card marshalled: %v", err)
	}
}

func TestParseRank(t *testing.T) {
	for in, want := range map[string]Rank{"a": Ace, "K": King, "q": Queen, "J": Jack, "T": 10, "10": 10, "2": 2, "9": 9} {
		if got, err := ParseRank(in); err != nil || got != want {
			t.Errorf("ParseRank(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, bad := range []string{"1", "0", "11", "X", "", "AA"} {
		if _, err := ParseRank(bad); !errors.Is(err, ErrRank) {
			t.Errorf("ParseRank(%q): want ErrRank, got %v", bad, err)
		}
	}
}

func FuzzParse(f *testing.F) {
	// Short seeds, which a fuzzer may lengthen: a huge word is TestParseHugeWord's.
	for _, s := range []string{"9H", "10♥", "t♣", "", "♥", "1\xff", "10", "1o1o1o1o1o"} {
		f.Add(s)
	}
	f.Fuzz(checkParse)
}

// TestParseHugeWord: a word of 64 KiB is refused as FuzzParse would have it.
func TestParseHugeWord(t *testing.T) { checkParse(t, strings.Repeat("1o", 32<<10)) }

// checkParse: what Guess guesses is a card, and what Parse reads is one that it reads back
// from its notation; what it refuses wraps ErrCard.
func checkParse(t *testing.T, s string) {
	if g, ok := Guess(s); ok && (!g.Rank.Valid() || !g.Suit.Valid()) {
		t.Fatalf("Guess(%q) = invalid card %#v", s, g)
	}
	c, err := Parse(s)
	if err != nil {
		if !errors.Is(err, ErrCard) {
			t.Fatalf("Parse(%q): error %v does not wrap ErrCard", s, err)
		}
		return
	}
	if !c.Rank.Valid() || !c.Suit.Valid() {
		t.Fatalf("Parse(%q) = invalid card %#v", s, c)
	}
	if back, err := Parse(c.String()); err != nil || back != c {
		t.Fatalf("%q → %v → %v, %v", s, c, back, err)
	}
}

// TestGuessLongWord: a word longer than any spelling Guess reads costs no split at all, so that
// the did-you-mean of a huge typo is no more work than reading it; the longest spelling costs a
// few hundred bytes read.
func TestGuessLongWord(t *testing.T) {
	for _, word := range []string{strings.Repeat("1", 64<<10), strings.Repeat("h", 64<<10), "1" + strings.Repeat("o", 64<<10) + "fhearts"} {
		if c, ok, steps := guess(word); ok || steps > 0 {
			t.Errorf("a word of %d bytes: guessed %v (%v) after reading %d bytes, want no guess and nothing read", len(word), ok, c, steps)
		}
	}
	if _, ok, steps := guess("diamonds of 1o"); !ok || steps > 2*longestGuess*longestGuess {
		t.Errorf("the longest spelling: guessed %v after reading %d bytes, want a guess within %d", ok, steps, 2*longestGuess*longestGuess)
	}
}

func TestGuess(t *testing.T) {
	for word, want := range map[string]string{
		"1h": "10H", "1OH": "10H", "10hh": "10H", "h10": "10H", "♥Q": "QH", "10hearts": "10H",
		"Q of spades": "QS", "kdiam": "KD", "ac": "AC", "9 club": "9C",
		"1o of diamonds": "10D", "diamonds of 1o": "10D", // the longest spellings
	} {
		c, ok := Guess(word)
		if !ok || c.String() != want {
			t.Errorf("Guess(%q) = %v %v, want %s", word, c, ok, want)
		}
	}
	for _, word := range []string{"", "x", "KX", "1", "hearts", "11h", "zz", "Q of", "10s10s", "10 of diamondss"} {
		if c, ok := Guess(word); ok {
			t.Errorf("Guess(%q) = %v, want no guess", word, c)
		}
	}
}
