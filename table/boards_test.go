package table

import (
	"slices"
	"strings"
	"testing"

	"github.com/tableside/tableside/cards"
	"github.com/tableside/tableside/referee/article2"
)

// TestPinochleBoards: a seed deals the same boards on every call, board 3 alike whether dealt
// alone or with the first two; a board is two hands of twelve, each sorted by suit and rank,
// of the double deck (no card more than twice); another seed deals other boards. What cannot
// be dealt is refused, saying why.
func TestPinochleBoards(t *testing.T) {
	three, err := Boards("pinochle", 7, 1, 3, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	alone, err := Boards("pinochle", 7, 3, 1, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.EqualFunc(three[2].Piles, alone[0].Piles, func(a, b Pile) bool { return a.Name == b.Name && slices.Equal(a.Cards, b.Cards) }) || alone[0].Number != 3 {
		t.Errorf("board 3 dealt with two others %+v, alone %+v", three[2], alone[0])
	}
	for _, b := range three {
		if len(b.Piles) != 2 || b.Seed != 7 || b.Kind != "pinochle" {
			t.Fatalf("board %d: %+v", b.Number, b)
		}
		count := map[string]int{}
		for _, p := range b.Piles {
			if len(p.Cards) != 12 || p.Ordered {
				t.Errorf("board %d, %s: %d cards %v", b.Number, p.Name, len(p.Cards), p.Cards)
			}
			var held []cards.Card
			for _, w := range p.Cards {
				c, err := cards.Parse(w)
				if err != nil || c.Rank < 9 && c.Rank != cards.Ace {
					t.Fatalf("board %d, %s: %q is no Pinochle card (%v)", b.Number, p.Name, w, err)
				}
				held = append(held, c)
				count[w]++
			}
			if !slices.IsSortedFunc(held, func(a, c cards.Card) int { return int(a.Suit) - int(c.Suit) }) {
				t.Errorf("board %d, %s: not sorted by suit: %v", b.Number, p.Name, p.Cards)
			}
		}
		for w, n := range count {
			if n > 2 {
				t.Errorf("board %d holds %s %d times", b.Number, w, n)
			}
		}
	}
	other, _ := Boards("pinochle", 8, 1, 1, 2, nil)
	if slices.Equal(other[0].Piles[0].Cards, three[0].Piles[0].Cards) {
		t.Errorf("seeds 7 and 8 deal board 1 alike")
	}
	for _, bad := range []struct {
		kind             string
		first, n, seated int
		want             string
	}{
		{"tournament", 1, 1, 2, `unknown game "tournament"`},
		{"pinochle", 1, 1, 3, "Pinochle is played by 2 players, not 3"},
		{"pinochle", 0, 1, 2, "give boards from 1"},
		{"pinochle", 1, 1001, 2, "at most 1000"},
		{"chess", 1, 1, 2, "chess"},
	} {
		if _, err := Boards(bad.kind, 1, bad.first, bad.n, bad.seated, nil); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%+v: %v, want %q", bad, err, bad.want)
		}
	}
}

// TestCaptureBoards: a Capture board is one hand's deal from the deck of the table's size
// (U2: a Galaxy a player), each seat's cards sorted from the highest down (nine each at a table
// of 4, U3), the extra hand with extra=on (U12), and the stack in order, every card once.
func TestCaptureBoards(t *testing.T) {
	for _, tc := range []struct {
		players int
		extra   string
		piles   []int // the cards of each pile
	}{
		{4, "off", []int{9, 9, 9, 9, 58 - 36}},
		{3, "on", []int{13, 13, 13, 13, 57 - 52}},
		{6, "off", []int{9, 9, 9, 9, 9, 9, 60 - 54}},
	} {
		boards, err := Boards("capture", 11, 1, 2, tc.players, map[string]string{"extra": tc.extra})
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range boards {
			var sizes []int
			seen := map[string]bool{}
			for i, p := range b.Piles {
				sizes = append(sizes, len(p.Cards))
				if p.Ordered != (i == len(b.Piles)-1) {
					t.Errorf("%d players, board %d: %s ordered %v", tc.players, b.Number, p.Name, p.Ordered)
				}
				for _, c := range p.Cards {
					if seen[c] {
						t.Errorf("%d players, board %d: %s dealt twice", tc.players, b.Number, c)
					}
					seen[c] = true
				}
			}
			galaxies := 0
			for c := range seen {
				if strings.HasPrefix(c, "G") {
					galaxies++
				}
			}
			if !slices.Equal(sizes, tc.piles) || galaxies != tc.players {
				t.Errorf("%d players, extra %s, board %d: piles of %v cards, %d Galaxies; want %v, %d", tc.players, tc.extra, b.Number, sizes, galaxies, tc.piles, tc.players)
			}
		}
	}
	for _, bad := range []struct {
		players int
		options map[string]string
		want    string
	}{
		{6, map[string]string{"extra": "on"}, "the extra hand is for 2 to 5 players (U12)"},
		{7, nil, "Capture is played by 2 to 6 players, not 7"},
		{4, map[string]string{"extra": "maybe"}, "option extra takes off or on"},
		{4, map[string]string{"spare": "on"}, `Capture has no option "spare"`},
	} {
		if _, err := Boards("capture", 1, 1, 1, bad.players, bad.options); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%+v: %v, want %q", bad, err, bad.want)
		}
	}
}

// TestAdvantageBoards: an Advantage board is the whole deck as a deal lays it out, every card
// once: the centre's three piles and the stock in order, the two hands of three sorted.
func TestAdvantageBoards(t *testing.T) {
	boards, err := Boards("advantage", 5, 1, 3, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range boards {
		var sizes []int
		var ordered []bool
		seen := map[string]bool{}
		for _, p := range b.Piles {
			sizes, ordered = append(sizes, len(p.Cards)), append(ordered, p.Ordered)
			for _, c := range p.Cards {
				if _, err := cards.Parse(c); err != nil || seen[c] {
					t.Errorf("board %d: %s is no card, or dealt twice (%v)", b.Number, c, err)
				}
				seen[c] = true
			}
		}
		if !slices.Equal(sizes, []int{3, 3, 3, 43}) || !slices.Equal(ordered, []bool{true, false, false, true}) || len(seen) != 52 {
			t.Errorf("board %d: piles of %v cards, ordered %v, %d cards", b.Number, sizes, ordered, len(seen))
		}
	}
	if _, err := Boards("advantage", 5, 1, 1, 3, nil); err == nil || !strings.Contains(err.Error(), "Advantage is played by 2 players, not 3") {
		t.Errorf("advantage at a table of 3: %v", err)
	}
}

// TestCandidateBoards: a Candidate board is the twelve seats' piles (C5), each one suit's
// thirteen cards, two faction hands of five and three candidates in order; every suit three
// times, and with decks=1 once in each block of four seats.
func TestCandidateBoards(t *testing.T) {
	for _, decks := range []string{"3", "1"} {
		boards, err := Boards("candidate", 9, 1, 2, 2, map[string]string{"decks": decks})
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range boards {
			if len(b.Piles) != 36 {
				t.Fatalf("decks=%s, board %d: %d piles, want 36", decks, b.Number, len(b.Piles))
			}
			uses := map[cards.Suit]int{}
			for seat := range 12 {
				piles := b.Piles[3*seat : 3*seat+3]
				var suit cards.Suit
				held := map[string]bool{}
				for i, p := range piles {
					if len(p.Cards) != []int{5, 5, 3}[i] || p.Ordered != (i == 2) {
						t.Errorf("decks=%s, board %d, %s: %d cards, ordered %v", decks, b.Number, p.Name, len(p.Cards), p.Ordered)
					}
					for _, w := range p.Cards {
						c, err := cards.Parse(w)
						if err != nil {
							t.Fatal(err)
						}
						suit = c.Suit
						held[w] = true
					}
				}
				if len(held) != 13 {
					t.Errorf("decks=%s, board %d, seat %d: %d cards of one suit, want 13", decks, b.Number, seat+1, len(held))
				}
				uses[suit]++
				if decks == "1" && seat%4 == 3 {
					if len(uses) != 4 || slices.ContainsFunc([]cards.Suit{cards.Spades, cards.Hearts, cards.Diamonds, cards.Clubs}, func(s cards.Suit) bool { return uses[s] != (seat+1)/4 }) {
						t.Errorf("decks=1, board %d: seats to %d use the suits %v, each once a block of four", b.Number, seat+1, uses)
					}
				}
			}
			for s, n := range uses {
				if n != 3 {
					t.Errorf("decks=%s, board %d: %v is used %d times, want 3", decks, b.Number, s, n)
				}
			}
		}
	}
}

// TestArticle2Boards: an Article II board is what each seat draws in each phase, seven cards a
// phase from the one deck (E1, E4): at a table of 4 the whole deck, each kind as often as the
// deck holds it; the party variant only at a table of 4 (E8).
func TestArticle2Boards(t *testing.T) {
	boards, err := Boards("article2", 4, 1, 2, 4, map[string]string{"parties": "on"})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range boards {
		count := map[string]int{}
		if len(b.Piles) != 8 {
			t.Fatalf("board %d: %d piles, want 8", b.Number, len(b.Piles))
		}
		for _, p := range b.Piles {
			if len(p.Cards) != 7 || p.Ordered {
				t.Errorf("board %d, %s: %v", b.Number, p.Name, p.Cards)
			}
			for _, c := range p.Cards {
				count[c]++
			}
		}
		for _, c := range article2.Deck() {
			if count[c.Key] != c.Count {
				t.Errorf("board %d deals %s %d times, the deck holds %d", b.Number, c.Key, count[c.Key], c.Count)
			}
		}
	}
	if _, err := Boards("article2", 4, 1, 1, 3, map[string]string{"parties": "on"}); err == nil || !strings.Contains(err.Error(), "four players (E8)") {
		t.Errorf("the party variant at a table of 3: %v", err)
	}
}
