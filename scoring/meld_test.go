package scoring

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tableside/tableside/cards"
)

// meldHand reads cards in table notation, "K♠ Q♠ 10♥".
func meldHand(t testing.TB, s string) []cards.Card {
	t.Helper()
	var hand []cards.Card
	for _, f := range strings.Fields(s) {
		c, err := cards.Parse(f)
		if err != nil {
			t.Fatal(err)
		}
		hand = append(hand, c)
	}
	return hand
}

func meldSuit(t testing.TB, s string) cards.Suit {
	t.Helper()
	suit, err := cards.ParseSuit(s)
	if err != nil {
		t.Fatal(err)
	}
	return suit
}

func meldStrings(m Meld) []string {
	lines := make([]string, len(m.Melds))
	for i, l := range m.Melds {
		lines[i] = l.String()
	}
	return lines
}

func TestMeldOf(t *testing.T) {
	tests := []struct {
		name  string
		trump string
		hand  string
		total int
		lines []string
	}{
		// RULINGS P8, both examples.
		{"P8 round robin and pinochle", "♥", "K♠ Q♠ K♥ Q♥ K♦ Q♦ K♣ Q♣ 9♣ J♦ J♥ J♠", 28, []string{
			"round robin (K♠ Q♠ K♥ Q♥ K♦ Q♦ K♣ Q♣) = 24",
			"pinochle (Q♠ J♦) = 4",
		}},
		{"P8 run royal deeces pinochle", "♥", "A♥ 10♥ K♥ Q♥ J♥ K♥ Q♥ 9♥ 9♥ Q♠ J♦ A♠", 25, []string{
			"run (A♥ 10♥ K♥ Q♥ J♥) = 15",
			"royal marriage (K♥ Q♥) = 4",
			"deece ×2 (9♥ 9♥) = 2",
			"pinochle (Q♠ J♦) = 4",
		}},

		// P6: every meld alone, at its value.
		{"nothing", "♥", "9♠ 9♠ J♠ 10♠ A♠ 9♦ 10♦ A♦ 9♣ J♣ 10♣ A♣", 0, []string{}},
		{"empty hand", "♥", "", 0, []string{}},
		{"run", "♥", "A♥ 10♥ K♥ Q♥ J♥", 15, []string{"run (A♥ 10♥ K♥ Q♥ J♥) = 15"}},
		{"royal marriage", "♥", "K♥ Q♥", 4, []string{"royal marriage (K♥ Q♥) = 4"}},
		{"marriage", "♥", "K♣ Q♣", 2, []string{"marriage ♣ (K♣ Q♣) = 2"}},
		{"deece", "♥", "9♥", 1, []string{"deece (9♥) = 1"}},
		{"pinochle", "♥", "Q♠ J♦", 4, []string{"pinochle (Q♠ J♦) = 4"}},
		{"aces around", "♥", "A♠ A♥ A♦ A♣", 10, []string{"aces around (A♠ A♥ A♦ A♣) = 10"}},
		{"kings around", "♥", "K♠ K♥ K♦ K♣", 8, []string{"kings around (K♠ K♥ K♦ K♣) = 8"}},
		{"queens around", "♥", "Q♠ Q♥ Q♦ Q♣", 6, []string{"queens around (Q♠ Q♥ Q♦ Q♣) = 6"}},
		{"jacks around", "♥", "J♠ J♥ J♦ J♣", 4, []string{"jacks around (J♠ J♥ J♦ J♣) = 4"}},

		// P6: every double, which replaces the single.
		{"double run", "♥", "A♥ A♥ 10♥ 10♥ K♥ K♥ Q♥ Q♥ J♥ J♥ 9♠ 10♠", 150, []string{
			"double run (A♥ 10♥ K♥ Q♥ J♥ A♥ 10♥ K♥ Q♥ J♥) = 150",
		}},
		{"double pinochle", "♥", "Q♠ Q♠ J♦ J♦", 30, []string{"double pinochle (Q♠ J♦ Q♠ J♦) = 30"}},
		{"double aces around", "♥", "A♠ A♥ A♦ A♣ A♠ A♥ A♦ A♣", 100, []string{
			"double aces around (A♠ A♥ A♦ A♣ A♠ A♥ A♦ A♣) = 100",
		}},
		{"double kings around", "♥", "K♠ K♥ K♦ K♣ K♠ K♥ K♦ K♣", 80, []string{
			"double kings around (K♠ K♥ K♦ K♣ K♠ K♥ K♦ K♣) = 80",
		}},
		{"double queens around", "♥", "Q♠ Q♥ Q♦ Q♣ Q♠ Q♥ Q♦ Q♣", 60, []string{
			"double queens around (Q♠ Q♥ Q♦ Q♣ Q♠ Q♥ Q♦ Q♣) = 60",
		}},
		{"double jacks around", "♥", "J♠ J♥ J♦ J♣ J♠ J♥ J♦ J♣", 40, []string{
			"double jacks around (J♠ J♥ J♦ J♣ J♠ J♥ J♦ J♣) = 40",
		}},
		{"two royal marriages", "♥", "K♥ Q♥ K♥ Q♥", 8, []string{"royal marriage ×2 (K♥ Q♥ K♥ Q♥) = 8"}},
		{"one pinochle from three cards", "♥", "Q♠ Q♠ J♦", 4, []string{"pinochle (Q♠ J♦) = 4"}},
		{"single around beside a double suit", "♥", "A♠ A♠ A♥ A♥ A♦ A♦ A♣", 10, []string{
			"aces around (A♠ A♥ A♦ A♣) = 10",
		}},

		// Deeces: 0, 1, 2; only the 9 of trump counts, and never more than two.
		{"no deece", "♥", "9♠ 9♦ 9♣ 9♣", 0, []string{}},
		{"one deece", "♦", "9♦ 9♠", 1, []string{"deece (9♦) = 1"}},
		{"two deeces", "♦", "9♦ 9♦", 2, []string{"deece ×2 (9♦ 9♦) = 2"}},
		{"a third deece is not a card", "♦", "9♦ 9♦ 9♦", 2, []string{"deece ×2 (9♦ 9♦) = 2"}},

		// P7: run and marriage.
		{"run without a second trump marriage", "♥", "A♥ 10♥ K♥ Q♥ J♥ K♥ 9♠ 9♦ 10♣ A♣ J♣ 10♦", 15, []string{
			"run (A♥ 10♥ K♥ Q♥ J♥) = 15",
		}},
		{"run and royal marriage", "♥", "A♥ 10♥ K♥ Q♥ J♥ K♥ Q♥ 9♠ 9♦ 10♣ A♣ J♣", 19, []string{
			"run (A♥ 10♥ K♥ Q♥ J♥) = 15",
			"royal marriage (K♥ Q♥) = 4",
		}},
		{"run and deece", "♣", "A♣ 10♣ K♣ Q♣ J♣ 9♣", 16, []string{
			"run (A♣ 10♣ K♣ Q♣ J♣) = 15",
			"deece (9♣) = 1",
		}},
		{"run and pinochle share Q♠", "♠", "A♠ 10♠ K♠ Q♠ J♠ J♦", 19, []string{
			"run (A♠ 10♠ K♠ Q♠ J♠) = 15",
			"pinochle (Q♠ J♦) = 4",
		}},
		{"double run and deeces", "♠", "A♠ A♠ 10♠ 10♠ K♠ K♠ Q♠ Q♠ J♠ J♠ 9♠ 9♠", 152, []string{
			"double run (A♠ 10♠ K♠ Q♠ J♠ A♠ 10♠ K♠ Q♠ J♠) = 150",
			"deece ×2 (9♠ 9♠) = 2",
		}},
		{"run in a suit that is not trump", "♦", "A♥ 10♥ K♥ Q♥ J♥", 2, []string{"marriage ♥ (K♥ Q♥) = 2"}},

		// P8: the round robin is a label for its parts.
		{"round robin alone", "♦", "K♠ Q♠ K♥ Q♥ K♦ Q♦ K♣ Q♣", 24, []string{
			"round robin (K♠ Q♠ K♥ Q♥ K♦ Q♦ K♣ Q♣) = 24",
		}},
		{"round robin with run, no second trump marriage", "♥", "A♥ 10♥ K♥ Q♥ J♥ K♠ Q♠ K♦ Q♦ K♣ Q♣ 9♠", 35, []string{
			"run (A♥ 10♥ K♥ Q♥ J♥) = 15",
			"marriage ♠ (K♠ Q♠) = 2",
			"marriage ♦ (K♦ Q♦) = 2",
			"marriage ♣ (K♣ Q♣) = 2",
			"kings around (K♠ K♥ K♦ K♣) = 8",
			"queens around (Q♠ Q♥ Q♦ Q♣) = 6",
		}},
		{"round robin with run and second trump marriage", "♥", "A♥ 10♥ K♥ K♥ Q♥ Q♥ J♥ K♠ Q♠ K♦ Q♦ K♣ Q♣", 39, []string{
			"run (A♥ 10♥ K♥ Q♥ J♥) = 15",
			"round robin (K♠ Q♠ K♥ Q♥ K♦ Q♦ K♣ Q♣) = 24",
		}},
		{"round robin and a further marriage", "♠", "K♠ Q♠ K♥ Q♥ K♥ Q♥ K♦ Q♦ K♣ Q♣ 9♠ A♣", 27, []string{
			"round robin (K♠ Q♠ K♥ Q♥ K♦ Q♦ K♣ Q♣) = 24",
			"marriage ♥ (K♥ Q♥) = 2",
			"deece (9♠) = 1",
		}},
		{"round robin and a second royal marriage", "♣", "K♠ Q♠ K♥ Q♥ K♦ Q♦ K♣ Q♣ K♣ Q♣", 28, []string{
			"round robin (K♠ Q♠ K♥ Q♥ K♦ Q♦ K♣ Q♣) = 24",
			"royal marriage (K♣ Q♣) = 4",
		}},
		{"marriages in three suits without trump", "♥", "K♠ Q♠ K♦ Q♦ K♣ Q♣", 6, []string{
			"marriage ♠ (K♠ Q♠) = 2",
			"marriage ♦ (K♦ Q♦) = 2",
			"marriage ♣ (K♣ Q♣) = 2",
		}},
		{"marriages in all suits doubled", "♥", "K♠ K♠ Q♠ Q♠ K♥ K♥ Q♥ Q♥ K♦ K♦ Q♦ Q♦ K♣ K♣ Q♣ Q♣", 160, []string{
			"royal marriage ×2 (K♥ Q♥ K♥ Q♥) = 8",
			"marriage ♠ ×2 (K♠ Q♠ K♠ Q♠) = 4",
			"marriage ♦ ×2 (K♦ Q♦ K♦ Q♦) = 4",
			"marriage ♣ ×2 (K♣ Q♣ K♣ Q♣) = 4",
			"double kings around (K♠ K♥ K♦ K♣ K♠ K♥ K♦ K♣) = 80",
			"double queens around (Q♠ Q♥ Q♦ Q♣ Q♠ Q♥ Q♦ Q♣) = 60",
		}},
		{"two marriages in each of three suits", "♦", "K♠ K♠ Q♠ Q♠ K♥ K♥ Q♥ Q♥ K♣ K♣ Q♣ Q♣", 12, []string{
			"marriage ♠ ×2 (K♠ Q♠ K♠ Q♠) = 4",
			"marriage ♥ ×2 (K♥ Q♥ K♥ Q♥) = 4",
			"marriage ♣ ×2 (K♣ Q♣ K♣ Q♣) = 4",
		}},

		// One card in several classes (P5).
		{"Q♠ in a marriage, a pinochle and queens around", "♥", "K♠ Q♠ J♦ Q♥ Q♦ Q♣", 12, []string{
			"marriage ♠ (K♠ Q♠) = 2",
			"pinochle (Q♠ J♦) = 4",
			"queens around (Q♠ Q♥ Q♦ Q♣) = 6",
		}},
		{"J♦ in a pinochle and jacks around", "♥", "K♠ Q♠ J♦ Q♥ Q♦ Q♣ J♠ J♥ J♣", 16, []string{
			"marriage ♠ (K♠ Q♠) = 2",
			"pinochle (Q♠ J♦) = 4",
			"queens around (Q♠ Q♥ Q♦ Q♣) = 6",
			"jacks around (J♠ J♥ J♦ J♣) = 4",
		}},
		{"royal marriage of spades and pinochle", "♠", "K♠ Q♠ J♦", 8, []string{
			"royal marriage (K♠ Q♠) = 4",
			"pinochle (Q♠ J♦) = 4",
		}},
		{"marriage and double pinochle", "♥", "K♠ Q♠ Q♠ J♦ J♦", 32, []string{
			"marriage ♠ (K♠ Q♠) = 2",
			"double pinochle (Q♠ J♦ Q♠ J♦) = 30",
		}},

		// Cards outside the pinochle deck, and copies beyond two, count for nothing.
		{"other cards ignored", "♥", "2♥ 3♠ 8♣ 7♦ K♣ Q♣ 5♥", 2, []string{"marriage ♣ (K♣ Q♣) = 2"}},
		{"third copies ignored", "♥", "Q♠ Q♠ Q♠ J♦ J♦ J♦ K♣ K♣ K♣ Q♣", 32, []string{
			"marriage ♣ (K♣ Q♣) = 2",
			"double pinochle (Q♠ J♦ Q♠ J♦) = 30",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hand := meldHand(t, tt.hand)
			trump := meldSuit(t, tt.trump)
			m := MeldOf(hand, trump)
			checkMeld(t, hand, trump, m)
			if m.Total != tt.total {
				t.Errorf("total %d, want %d (%q)", m.Total, tt.total, meldStrings(m))
			}
			if got := meldStrings(m); !slices.Equal(got, tt.lines) {
				t.Errorf("lines\n got %q\nwant %q", got, tt.lines)
			}
		})
	}
}

// TestMeldWholeDeck counts all 48 cards: every double at once.
func TestMeldWholeDeck(t *testing.T) {
	m := MeldOf(pinochleDeck(), cards.Hearts)
	checkMeld(t, pinochleDeck(), cards.Hearts, m)
	want := []string{
		"double run (A♥ 10♥ K♥ Q♥ J♥ A♥ 10♥ K♥ Q♥ J♥) = 150",
		"marriage ♠ ×2 (K♠ Q♠ K♠ Q♠) = 4",
		"marriage ♦ ×2 (K♦ Q♦ K♦ Q♦) = 4",
		"marriage ♣ ×2 (K♣ Q♣ K♣ Q♣) = 4",
		"deece ×2 (9♥ 9♥) = 2",
		"double pinochle (Q♠ J♦ Q♠ J♦) = 30",
		"double aces around (A♠ A♥ A♦ A♣ A♠ A♥ A♦ A♣) = 100",
		"double kings around (K♠ K♥ K♦ K♣ K♠ K♥ K♦ K♣) = 80",
		"double queens around (Q♠ Q♥ Q♦ Q♣ Q♠ Q♥ Q♦ Q♣) = 60",
		"double jacks around (J♠ J♥ J♦ J♣ J♠ J♥ J♦ J♣) = 40",
	}
	if got := meldStrings(m); !slices.Equal(got, want) {
		t.Errorf("lines\n got %q\nwant %q", got, want)
	}
	if m.Total != 474 {
		t.Errorf("total %d, want 474", m.Total)
	}
}

func TestMeldOrderOfHandIrrelevant(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	hand := meldHand(t, "A♥ 10♥ K♥ K♥ Q♥ Q♥ J♥ K♠ Q♠ K♦ Q♦ K♣ Q♣ J♦ 9♥")
	want := MeldOf(hand, cards.Hearts)
	for range 50 {
		rng.Shuffle(len(hand), func(i, j int) { hand[i], hand[j] = hand[j], hand[i] })
		if got := MeldOf(hand, cards.Hearts); !reflect.DeepEqual(got, want) {
			t.Fatalf("%v: got %v, want %v", hand, got, want)
		}
	}
}

// TestMeldNoTrump checks that a trump that is not a suit makes every marriage a plain one and
// counts no run and no deece, without panicking.
func TestMeldNoTrump(t *testing.T) {
	hand := meldHand(t, "A♥ 10♥ K♥ Q♥ J♥ 9♥ K♠ Q♠ J♦")
	for _, trump := range []cards.Suit{-1, 4, 100} {
		m := MeldOf(hand, trump)
		checkMeld(t, hand, trump, m)
		want := []string{"marriage ♠ (K♠ Q♠) = 2", "marriage ♥ (K♥ Q♥) = 2", "pinochle (Q♠ J♦) = 4"}
		if got := meldStrings(m); !slices.Equal(got, want) || m.Total != 8 {
			t.Errorf("trump %v: got %q total %d, want %q total 8", trump, got, m.Total, want)
		}
	}
}

func TestMeldInvalidCards(t *testing.T) {
	hand := []cards.Card{
		{Rank: cards.King, Suit: 4}, {Rank: cards.Queen, Suit: -1}, {Rank: 0, Suit: cards.Spades},
		{Rank: -5, Suit: cards.Hearts}, {Rank: 15, Suit: cards.Clubs}, {Rank: 127, Suit: 127},
		{Rank: cards.King, Suit: cards.Clubs}, {Rank: cards.Queen, Suit: cards.Clubs},
	}
	m := MeldOf(hand, cards.Hearts)
	checkMeld(t, hand, cards.Hearts, m)
	if got := meldStrings(m); !slices.Equal(got, []string{"marriage ♣ (K♣ Q♣) = 2"}) {
		t.Errorf("got %q, want the club marriage only", got)
	}
}

func TestIsPinochleCard(t *testing.T) {
	n := 0
	for _, s := range []cards.Suit{-1, cards.Spades, cards.Hearts, cards.Diamonds, cards.Clubs, 4} {
		for r := cards.Rank(-1); r <= 16; r++ {
			c := cards.Card{Rank: r, Suit: s}
			want := s.Valid() && (r >= 9 && r <= cards.Ace)
			if got := IsPinochleCard(c); got != want {
				t.Errorf("IsPinochleCard(%d/%d) = %v, want %v", r, s, got, want)
			}
			if want {
				n++
			}
		}
	}
	if n != 24 {
		t.Errorf("%d pinochle cards, want 24 (each held twice in the deck)", n)
	}
}

// TestMeldRandomHands checks thousands of hands dealt from a shuffled pinochle deck, for every
// trump, against the reference count and the invariants of checkMeld.
func TestMeldRandomHands(t *testing.T) {
	rng := rand.New(rand.NewPCG(1948, 12))
	deck := pinochleDeck()
	hands := 5000
	if testing.Short() {
		hands = 500
	}
	var robins, runs int
	for n := range hands {
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		size := 12
		if n%5 == 4 {
			size = rng.IntN(len(deck) + 1) // any size, as shown meld is
		}
		hand := deck[:size]
		for _, trump := range cards.Suits {
			m := MeldOf(hand, trump)
			checkMeld(t, hand, trump, m)
			want, robin := referenceMeld(hand, trump)
			if m.Total != want {
				t.Fatalf("%v trump %v: total %d, reference %d (%q)", hand, trump, m.Total, want, meldStrings(m))
			}
			if got := slices.ContainsFunc(m.Melds, func(l MeldLine) bool { return l.Name == "round robin" }); got != robin {
				t.Fatalf("%v trump %v: round robin line %v, want %v (%q)", hand, trump, got, robin, meldStrings(m))
			}
			if robin {
				robins++
			}
			if slices.ContainsFunc(m.Melds, func(l MeldLine) bool { return strings.HasSuffix(l.Name, "run") }) {
				runs++
			}
		}
		if t.Failed() {
			return
		}
	}
	if robins == 0 || runs == 0 {
		t.Errorf("the deals never held a round robin (%d) or a run (%d): the test is too weak", robins, runs)
	}
}

func TestMeldJSON(t *testing.T) {
	m := MeldOf(meldHand(t, "A♥ 10♥ K♥ Q♥ J♥ K♥ Q♥ 9♥ 9♥ Q♠ J♦ A♠"), cards.Hearts)
	got, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"trump": "H", "total": 25, "melds": [
		{"name": "run", "points": 15, "cards": ["AH", "10H", "KH", "QH", "JH"], "class": "A"},
		{"name": "royal marriage", "points": 4, "cards": ["KH", "QH"], "class": "A"},
		{"name": "deece ×2", "points": 2, "cards": ["9H", "9H"], "class": "A"},
		{"name": "pinochle", "points": 4, "cards": ["QS", "JD"], "class": "B"}]}`
	var buf bytes.Buffer
	if err := json.Compact(&buf, []byte(want)); err != nil {
		t.Fatal(err)
	}
	if string(got) != buf.String() {
		t.Errorf("JSON\n got %s\nwant %s", got, buf.String())
	}

	var back Meld
	if err := json.Unmarshal(got, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, m) {
		t.Errorf("round trip: got %+v, want %+v", back, m)
	}

	empty, err := json.Marshal(MeldOf(nil, cards.Spades))
	if err != nil {
		t.Fatal(err)
	}
	if string(empty) != `{"trump":"S","total":0,"melds":[]}` {
		t.Errorf("empty hand: %s", empty)
	}
}

// TestMeldClassText: a class is stored as its letters, the round robin as both of its own.
func TestMeldClassText(t *testing.T) {
	m := MeldOf(meldHand(t, "K♠ Q♠ K♥ Q♥ K♦ Q♦ K♣ Q♣ 9♣ J♦ J♥ J♠"), cards.Hearts)
	got, err := json.Marshal(m.Melds[0])
	if err != nil || !strings.HasSuffix(string(got), `"class":"AC"}`) {
		t.Errorf("round robin: %s, %v; want class AC", got, err)
	}
	var c MeldClass
	if err := c.UnmarshalText([]byte("CA")); err != nil || c != ClassA|ClassC {
		t.Errorf("CA reads as %03b, %v", c, err)
	}
	for _, bad := range []string{"", "D", "AA", "a"} {
		if err := c.UnmarshalText([]byte(bad)); err == nil {
			t.Errorf("%q reads as a class", bad)
		}
	}
	for _, bad := range []MeldClass{0, 8} {
		if _, err := bad.MarshalText(); err == nil {
			t.Errorf("class %03b marshals", bad)
		}
	}
}

func TestMeldLines(t *testing.T) {
	m := MeldOf(meldHand(t, "K♠ Q♠ K♥ Q♥ K♦ Q♦ K♣ Q♣ 9♣ J♦ J♥ J♠"), cards.Hearts)
	want := []Line{
		{Text: "round robin (K♠ Q♠ K♥ Q♥ K♦ Q♦ K♣ Q♣) = 24", Points: 24},
		{Text: "pinochle (Q♠ J♦) = 4", Points: 4},
	}
	if got := m.Lines(); !reflect.DeepEqual(got, want) {
		t.Errorf("Lines() = %v, want %v", got, want)
	}
}

// TestMeldLineCardsIndependent checks that appending to one line's cards cannot change another's.
func TestMeldLineCardsIndependent(t *testing.T) {
	m := MeldOf(meldHand(t, "A♥ 10♥ K♥ Q♥ J♥ K♥ Q♥ 9♥ 9♥ Q♠ J♦ A♠"), cards.Hearts)
	before := meldStrings(m)
	for i := range m.Melds {
		_ = append(m.Melds[i].Cards, cards.Card{Rank: 2, Suit: cards.Clubs})
	}
	if after := meldStrings(m); !slices.Equal(after, before) {
		t.Errorf("append changed the breakdown:\n%q\n%q", before, after)
	}
}

func TestMeldAllocations(t *testing.T) {
	hand := meldHand(t, benchMeldHand)
	if n := testing.AllocsPerRun(100, func() { MeldPoints(hand, cards.Hearts) }); n != 0 {
		t.Errorf("MeldPoints allocates %v times, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { MeldOf(hand, cards.Hearts) }); n > 2 {
		t.Errorf("MeldOf allocates %v times, want at most 2", n)
	}
	if n := testing.AllocsPerRun(100, func() { MeldOf(nil, cards.Hearts) }); n != 0 {
		t.Errorf("MeldOf of no meld allocates %v times, want 0", n)
	}
}

// pinochleDeck is the 48 cards of RULINGS P1, in order.
func pinochleDeck() []cards.Card {
	deck := make([]cards.Card, 0, 48)
	for range 2 {
		for _, s := range cards.Suits {
			for _, r := range []cards.Rank{9, cards.Jack, cards.Queen, cards.King, 10, cards.Ace} {
				deck = append(deck, cards.Card{Rank: r, Suit: s})
			}
		}
	}
	return deck
}

// referenceMeld counts meld straight from the wording of RULINGS P5–P8, sharing nothing with
// MeldOf but IsPinochleCard. It also says whether the breakdown should show a round robin.
func referenceMeld(hand []cards.Card, trump cards.Suit) (total int, robin bool) {
	held := map[cards.Card]int{}
	for _, c := range hand {
		if IsPinochleCard(c) && held[c] < 2 {
			held[c]++
		}
	}
	n := func(r cards.Rank, s cards.Suit) int { return held[cards.Card{Rank: r, Suit: s}] }
	fewest := func(xs ...int) int { return slices.Min(xs) }
	worth := func(copies, single, double int) int {
		return []int{0, single, double}[copies]
	}

	royal, marriages := 0, 0
	plainIn := map[cards.Suit]int{}
	for _, s := range cards.Suits {
		kq := fewest(n(cards.King, s), n(cards.Queen, s))
		if s != trump {
			plainIn[s] = kq
			marriages += kq
			continue
		}
		runs := fewest(n(cards.Ace, s), n(10, s), n(cards.King, s), n(cards.Queen, s), n(cards.Jack, s))
		total += worth(runs, 15, 150)
		royal = kq - runs
		total += 4*royal + n(9, s)
	}
	total += 2 * marriages
	total += worth(fewest(n(cards.Queen, cards.Spades), n(cards.Jack, cards.Diamonds)), 4, 30)
	around := func(r cards.Rank) int {
		return fewest(n(r, cards.Spades), n(r, cards.Hearts), n(r, cards.Diamonds), n(r, cards.Clubs))
	}
	total += worth(around(cards.Ace), 10, 100) + worth(around(cards.King), 8, 80) +
		worth(around(cards.Queen), 6, 60) + worth(around(cards.Jack), 4, 40)

	robin = trump.Valid() && royal > 0 && around(cards.King) == 1 && around(cards.Queen) == 1
	for _, s := range cards.Suits {
		if s != trump && plainIn[s] == 0 {
			robin = false
		}
	}
	return total, robin
}

// meldName is one line name of the breakdown, with its points and meld classes (RULINGS P5:
// "A", "B", "C"; the round robin is made of class A and class C melds).
type meldName struct {
	name    string
	points  int
	classes string
}

// meldNames is every line name, in breakdown order.
var meldNames = func() []meldName {
	names := []meldName{
		{"run", 15, "A"}, {"double run", 150, "A"}, {"round robin", 24, "AC"},
		{"royal marriage", 4, "A"}, {"royal marriage ×2", 8, "A"},
	}
	for _, s := range cards.Suits {
		names = append(names, meldName{"marriage " + s.Symbol(), 2, "A"}, meldName{"marriage " + s.Symbol() + " ×2", 4, "A"})
	}
	return append(names,
		meldName{"deece", 1, "A"}, meldName{"deece ×2", 2, "A"},
		meldName{"pinochle", 4, "B"}, meldName{"double pinochle", 30, "B"},
		meldName{"aces around", 10, "C"}, meldName{"double aces around", 100, "C"},
		meldName{"kings around", 8, "C"}, meldName{"double kings around", 80, "C"},
		meldName{"queens around", 6, "C"}, meldName{"double queens around", 60, "C"},
		meldName{"jacks around", 4, "C"}, meldName{"double jacks around", 40, "C"},
	)
}()

// checkMeld checks that m is a well-formed answer for hand: known names in the documented order,
// each worth what its name says, points adding up to Total and to MeldPoints, and no card used
// in one class more often than the hand holds it (RULINGS P5).
func checkMeld(t testing.TB, hand []cards.Card, trump cards.Suit, m Meld) {
	t.Helper()
	if m.Melds == nil {
		t.Errorf("%v: Melds is nil", hand)
	}
	if m.Trump != trump {
		t.Errorf("%v: Trump %v, want %v", hand, m.Trump, trump)
	}
	held := map[cards.Card]int{}
	for _, c := range hand {
		if IsPinochleCard(c) && held[c] < 2 {
			held[c]++
		}
	}
	used := map[byte]map[cards.Card]int{'A': {}, 'B': {}, 'C': {}}
	sum, last := 0, -1
	for _, l := range m.Melds {
		sum += l.Points
		i := slices.IndexFunc(meldNames, func(e meldName) bool { return e.name == l.Name })
		if i < 0 {
			t.Errorf("%v: unknown line %q", hand, l.Name)
			continue
		}
		if i <= last {
			t.Errorf("%v: line %q out of order (%q)", hand, l.Name, meldStrings(m))
		}
		last = i
		e := meldNames[i]
		if l.Points != e.points {
			t.Errorf("%v: %q worth %d, want %d", hand, l.Name, l.Points, e.points)
		}
		if trump.Valid() && l.Name == "marriage "+trump.Symbol() {
			t.Errorf("%v: a plain marriage in trump %v", hand, trump)
		}
		var want MeldClass
		for _, class := range []byte(e.classes) {
			want |= ClassA << (class - 'A')
			for _, c := range l.Cards {
				used[class][c]++
			}
		}
		if l.Class != want {
			t.Errorf("%v: %q is of classes %03b, want %s", hand, l.Name, l.Class, e.classes)
		}
	}
	for class, u := range used {
		for c, k := range u {
			if k > held[c] {
				t.Errorf("%v: class %c uses %v %d times, hand holds %d (%q)", hand, class, c, k, held[c], meldStrings(m))
			}
		}
	}
	if sum != m.Total {
		t.Errorf("%v: lines add up to %d, total is %d", hand, sum, m.Total)
	}
	if p := MeldPoints(hand, trump); p != m.Total {
		t.Errorf("%v trump %v: MeldPoints %d, MeldOf total %d", hand, trump, p, m.Total)
	}
}

// TestMeldUses: how many copies of a card a meld is made with is decided by the lines' classes
// (RULINGS P5), whatever the lines are called.
func TestMeldUses(t *testing.T) {
	ks, qs, kh := cards.Card{Rank: cards.King, Suit: cards.Spades}, cards.Card{Rank: cards.Queen, Suit: cards.Spades}, cards.Card{Rank: cards.King, Suit: cards.Hearts}
	m := Meld{Melds: []MeldLine{
		{Name: "a", Class: ClassA | ClassC, Cards: []cards.Card{ks, qs, kh}},
		{Name: "b", Class: ClassA, Cards: []cards.Card{ks, qs}},
		{Name: "c", Class: ClassB, Cards: []cards.Card{qs}},
		{Name: "d", Class: ClassC, Cards: []cards.Card{kh}},
	}}
	for c, want := range map[cards.Card]int{ks: 2, qs: 2, kh: 2, {Rank: 9, Suit: cards.Spades}: 0} {
		if got := m.Uses(c); got != want {
			t.Errorf("Uses(%v) = %d, want %d", c, got, want)
		}
	}
	// The same lines in other classes: no class then uses a copy twice.
	m.Melds[0].Class, m.Melds[3].Class = ClassB, ClassA
	for c, want := range map[cards.Card]int{ks: 1, qs: 2, kh: 1} {
		if got := m.Uses(c); got != want {
			t.Errorf("reclassed: Uses(%v) = %d, want %d", c, got, want)
		}
	}
}

func FuzzMeld(f *testing.F) {
	// A card is one byte: rank 8…15 (8 and 15 are not pinochle ranks), suit 0…4 (4 is not a
	// suit); bytes from 240 up are negative ranks. The trump byte is taken modulo 5.
	card := func(c cards.Card) byte { return byte(int(c.Suit)*8 + int(c.Rank) - 8) }
	seed := func(s string, trump cards.Suit) {
		var b []byte
		for _, c := range meldHand(f, s) {
			b = append(b, card(c))
		}
		f.Add(b, byte(trump))
	}
	seed("K♠ Q♠ K♥ Q♥ K♦ Q♦ K♣ Q♣ 9♣ J♦ J♥ J♠", cards.Hearts)
	seed("A♥ 10♥ K♥ Q♥ J♥ K♥ Q♥ 9♥ 9♥ Q♠ J♦ A♠", cards.Hearts)
	seed("A♥ A♥ 10♥ 10♥ K♥ K♥ Q♥ Q♥ J♥ J♥ 9♥ 9♥", cards.Hearts)
	seed("Q♠ Q♠ Q♠ J♦ J♦ J♦", cards.Spades)
	f.Add([]byte{0, 7, 39, 255, 240, 100}, byte(4))
	f.Fuzz(func(t *testing.T, data []byte, tb byte) {
		if len(data) > 64 {
			data = data[:64]
		}
		hand := make([]cards.Card, len(data))
		for i, b := range data {
			hand[i] = cards.Card{Rank: cards.Rank(8 + b%8), Suit: cards.Suit(b / 8 % 5)}
			if b >= 240 {
				hand[i].Rank = cards.Rank(int8(b))
			}
		}
		trump := cards.Suit(tb % 5)
		m := MeldOf(hand, trump)
		checkMeld(t, hand, trump, m)
		if want, _ := referenceMeld(hand, trump); m.Total != want {
			t.Errorf("%v trump %v: total %d, reference %d", hand, trump, m.Total, want)
		}
		if trump.Valid() {
			if _, err := json.Marshal(m); err != nil {
				t.Errorf("%v: %v", hand, err)
			}
		}
	})
}

func ExampleMeldOf() {
	var hand []cards.Card
	for _, s := range strings.Fields("KS QS KH QH KD QD KC QC 9C JD JH JS") {
		c, _ := cards.Parse(s)
		hand = append(hand, c)
	}
	m := MeldOf(hand, cards.Hearts)
	for _, l := range m.Melds {
		fmt.Println(l)
	}
	fmt.Println("meld", m.Total)
	// Output:
	// round robin (K♠ Q♠ K♥ Q♥ K♦ Q♦ K♣ Q♣) = 24
	// pinochle (Q♠ J♦) = 4
	// meld 28
}

// benchMeldHand is a realistic dealt hand: a run, an extra trump king, a deece, a pinochle and a
// marriage.
const benchMeldHand = "A♥ 10♥ K♥ Q♥ J♥ K♥ 9♥ Q♠ J♦ A♠ K♣ Q♣"

func BenchmarkMeldPoints(b *testing.B) {
	hand := meldHand(b, benchMeldHand)
	if len(hand) != 12 {
		b.Fatalf("hand has %d cards", len(hand))
	}
	for b.Loop() {
		MeldPoints(hand, cards.Hearts)
	}
}

func BenchmarkMeldOf(b *testing.B) {
	hand := meldHand(b, benchMeldHand)
	if len(hand) != 12 {
		b.Fatalf("hand has %d cards", len(hand))
	}
	for b.Loop() {
		MeldOf(hand, cards.Hearts)
	}
}
