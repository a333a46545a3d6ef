package cards

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Rank is a card's rank, 2…14 with the ace high (14), because every game we referee that orders
// ranks puts the ace on top; games that also let the ace sit below the 2 say so themselves.
type Rank int8

// The named ranks.
const (
	Jack  Rank = 11
	Queen Rank = 12
	King  Rank = 13
	Ace   Rank = 14
)

// MinRank and MaxRank bound the valid ranks.
const (
	MinRank Rank = 2
	MaxRank Rank = Ace
)

// Valid reports whether r is one of the thirteen ranks.
func (r Rank) Valid() bool { return r >= MinRank && r <= MaxRank }

// String is the canonical notation: "A", "2" … "10", "J", "Q", "K".
func (r Rank) String() string {
	switch r {
	case Jack:
		return "J"
	case Queen:
		return "Q"
	case King:
		return "K"
	case Ace:
		return "A"
	}
	if r.Valid() {
		return rankDigits[r]
	}
	return fmt.Sprintf("Rank(%d)", int(r))
}

// rankDigits are the ranks written as numbers, made once: a replay writes a card's name at
// every trick.
var rankDigits = [...]string{2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10"}

// Suit is one of the four suits.
type Suit int8

// The suits, in the order the notation lists them.
const (
	Spades Suit = iota
	Hearts
	Diamonds
	Clubs
)

// Suits lists the four suits in notation order.
var Suits = [4]Suit{Spades, Hearts, Diamonds, Clubs}

// Valid reports whether s is one of the four suits.
func (s Suit) Valid() bool { return s >= Spades && s <= Clubs }

// String is the stored letter: S, H, D or C.
func (s Suit) String() string {
	if s.Valid() {
		return string("SHDC"[s])
	}
	return fmt.Sprintf("Suit(%d)", int(s))
}

// Symbol is the suit sign a player reads: ♠ ♥ ♦ ♣.
func (s Suit) Symbol() string {
	if s.Valid() {
		return []string{"♠", "♥", "♦", "♣"}[s]
	}
	return s.String()
}

// Card is one card of the standard deck.
type Card struct {
	Rank Rank
	Suit Suit
}

// String is the canonical stored form, "10H", "QS".
func (c Card) String() string { return c.Rank.String() + c.Suit.String() }

// Pretty is the form shown to players, "10♥", "Q♠".
func (c Card) Pretty() string {
	if c.Rank.Valid() && c.Suit.Valid() {
		return pretty[c.Suit][c.Rank]
	}
	return c.Rank.String() + c.Suit.Symbol()
}

// pretty holds every card's Pretty form, made once: a replay names cards in its flags and
// hints, and each name was two allocations.
var pretty = func() (p [4][MaxRank + 1]string) {
	for _, s := range Suits {
		for r := MinRank; r <= MaxRank; r++ {
			p[s][r] = r.String() + s.Symbol()
		}
	}
	return p
}()

// Parse errors wrap these sentinels so callers can tell a bad rank from a bad suit.
var (
	ErrRank = errors.New("not a rank (use A 2…10 J Q K, T for 10)")
	ErrSuit = errors.New("not a suit (use S H D C or ♠ ♥ ♦ ♣)")
	ErrCard = errors.New("not a card (write rank then suit, e.g. 9H, T♣, QS)")
)

// ParseRank reads a rank in any case: A, 2…10, T (10), J, Q, K.
func ParseRank(s string) (Rank, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	switch t {
	case "A":
		return Ace, nil
	case "K":
		return King, nil
	case "Q":
		return Queen, nil
	case "J":
		return Jack, nil
	case "T", "10":
		return 10, nil
	case "2", "3", "4", "5", "6", "7", "8", "9":
		return Rank(t[0] - '0'), nil
	}
	return 0, fmt.Errorf("%q: %w", s, ErrRank)
}

// ParseSuit reads a suit letter in any case or a suit symbol (filled or outlined).
func ParseSuit(s string) (Suit, error) {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "S", "♠", "♤":
		return Spades, nil
	case "H", "♥", "♡":
		return Hearts, nil
	case "D", "♦", "♢":
		return Diamonds, nil
	case "C", "♣", "♧":
		return Clubs, nil
	}
	return 0, fmt.Errorf("%q: %w", s, ErrSuit)
}

// Parse reads a card: a rank followed by a suit, as in "9H", "10♥", "t♣", "qs".
func Parse(s string) (Card, error) {
	if c, ok := parseLetters(s); ok {
		return c, nil
	}
	t := strings.TrimSpace(s)
	if t == "" {
		return Card{}, fmt.Errorf("%q: %w", s, ErrCard)
	}
	// The suit is the last rune: a letter or a (multi-byte) symbol.
	r := []rune(t)
	if len(r) < 2 {
		return Card{}, fmt.Errorf("%q: %w", s, ErrCard)
	}
	rank, err := ParseRank(string(r[:len(r)-1]))
	if err != nil {
		return Card{}, fmt.Errorf("%q: %w", s, ErrCard)
	}
	suit, err := ParseSuit(string(r[len(r)-1]))
	if err != nil {
		return Card{}, fmt.Errorf("%q: %w", s, ErrCard)
	}
	return Card{rank, suit}, nil
}

// parseLetters reads a card written in letters and digits alone, a rank of one letter or digit
// (or 10) and a suit letter, in either case: the form every stored move has, read without the
// allocations of Parse's general path. Anything else is left to that path, which alone writes
// the errors.
func parseLetters(s string) (Card, bool) {
	var rank Rank
	switch {
	case len(s) == 3 && s[0] == '1' && s[1] == '0':
		rank = 10
	case len(s) == 2:
		switch s[0] {
		case 'A', 'a':
			rank = Ace
		case 'K', 'k':
			rank = King
		case 'Q', 'q':
			rank = Queen
		case 'J', 'j':
			rank = Jack
		case 'T', 't':
			rank = 10
		case '2', '3', '4', '5', '6', '7', '8', '9':
			rank = Rank(s[0] - '0')
		default:
			return Card{}, false
		}
	default:
		return Card{}, false
	}
	switch s[len(s)-1] {
	case 'S', 's':
		return Card{rank, Spades}, true
	case 'H', 'h':
		return Card{rank, Hearts}, true
	case 'D', 'd':
		return Card{rank, Diamonds}, true
	case 'C', 'c':
		return Card{rank, Clubs}, true
	}
	return Card{}, false
}

// MarshalText stores a rank in its canonical notation, so JSON shows "Q", not 12.
func (r Rank) MarshalText() ([]byte, error) {
	if !r.Valid() {
		return nil, fmt.Errorf("rank %d: %w", int(r), ErrRank)
	}
	return []byte(r.String()), nil
}

// UnmarshalText reads any notation ParseRank accepts.
func (r *Rank) UnmarshalText(b []byte) error {
	v, err := ParseRank(string(b))
	*r = v
	return err
}

// MarshalText stores a suit as its letter.
func (s Suit) MarshalText() ([]byte, error) {
	if !s.Valid() {
		return nil, fmt.Errorf("suit %d: %w", int(s), ErrSuit)
	}
	return []byte(s.String()), nil
}

// UnmarshalText reads any notation ParseSuit accepts.
func (s *Suit) UnmarshalText(b []byte) error {
	v, err := ParseSuit(string(b))
	*s = v
	return err
}

// MarshalText stores a card in its canonical notation, "10H".
func (c Card) MarshalText() ([]byte, error) {
	if !c.Rank.Valid() || !c.Suit.Valid() {
		return nil, fmt.Errorf("card %d/%d: %w", int(c.Rank), int(c.Suit), ErrCard)
	}
	return []byte(c.String()), nil
}

// UnmarshalText reads any notation Parse accepts.
func (c *Card) UnmarshalText(b []byte) error {
	if v, ok := parseLetters(string(b)); ok {
		*c = v
		return nil
	}
	v, err := Parse(string(b))
	*c = v
	return err
}

// suitNames are the suits' English names, which a typist may spell out (or begin to).
var suitNames = map[Suit]string{Spades: "spades", Hearts: "hearts", Diamonds: "diamonds", Clubs: "clubs"}

// Guess is the card a word that Parse refused most likely meant, when there is one: the rank
// and suit swapped ("H10", "♥Q"), a 10 missing its 0 or written with a letter O ("1H", "1OH"), a
// suit letter doubled ("10HH") or a suit spelt out ("10hearts", "Q of spades"). A word that
// could mean more than one card, or that is longer than any of these spellings, has no guess.
func Guess(word string) (Card, bool) {
	c, ok, _ := guess(word)
	return c, ok
}

// longestGuess is the longest word Guess reads, spaces left out: a two-letter rank, "of" and
// the longest suit name ("1o of diamonds"). Guess tries every split of a word in two, each
// split reading the whole word, so a longer word is refused before that work starts: a typo of
// any length then costs no more than reading it.
const longestGuess = len("1o" + "of" + "diamonds")

// guess is Guess, and counts the bytes its splits read, so that a test can bound its work.
func guess(word string) (c Card, ok bool, steps int) {
	w := strings.ToLower(strings.Join(strings.Fields(word), ""))
	if len(w) > longestGuess {
		return Card{}, false, 0
	}
	w = strings.Replace(w, "of", "", 1)
	if c, err := Parse(w); err == nil {
		return c, true, 0
	}
	var guesses []Card
	for i := 1; i < len(w); i++ {
		steps += 2 * len(w) // rank then suit, and suit then rank
		if r, s, ok := guessParts(w[:i], w[i:]); ok {
			guesses = append(guesses, Card{r, s})
		}
		if r, s, ok := guessParts(w[i:], w[:i]); ok {
			guesses = append(guesses, Card{r, s})
		}
	}
	if len(guesses) == 0 || slices.ContainsFunc(guesses, func(c Card) bool { return c != guesses[0] }) {
		return Card{}, false, steps
	}
	return guesses[0], true, steps
}

// guessParts reads a rank then a suit, forgiving the slips Guess names.
func guessParts(rank, suit string) (Rank, Suit, bool) {
	switch rank {
	case "1", "1o":
		rank = "10"
	}
	r, err := ParseRank(rank)
	if err != nil {
		return 0, 0, false
	}
	s, ok := GuessSuit(suit)
	return r, s, ok
}

// GuessSuit reads a suit's letter or symbol, repeated, or the start of its name.
func GuessSuit(w string) (Suit, bool) {
	if s, err := ParseSuit(w); err == nil {
		return s, true
	}
	if rs := []rune(w); len(rs) > 1 && strings.Count(w, string(rs[0])) == len(rs) {
		if s, err := ParseSuit(string(rs[0])); err == nil {
			return s, true
		}
	}
	for s, name := range suitNames {
		if len(w) >= 2 && strings.HasPrefix(name, w) {
			return s, true
		}
	}
	return 0, false
}
