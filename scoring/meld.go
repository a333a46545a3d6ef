package scoring

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tableside/tableside/cards"
)

// MeldLine is one line of a Pinochle meld breakdown: a meld, what it is worth, and the cards that
// make it. A line worth two of the same meld ("marriage ♣ ×2", "double run") lists the cards of
// one copy, then of the other. Names are stored in JSON, so they never change; see MeldOf for
// the full list. Names are for people: what a line is, to a program, is its Class.
type MeldLine struct {
	Name   string       `json:"name"`
	Points int          `json:"points"`
	Cards  []cards.Card `json:"cards"`
	Class  MeldClass    `json:"class"`
}

// MeldClass is the set of meld classes (RULINGS P5) a line's cards count in. A card counts at
// most once in each class, and may count in several.
type MeldClass uint8

// The classes of P5. Every line is of one class but the round robin, a label for melds of
// class A and of class C (P8), which is of both.
const (
	ClassA MeldClass = 1 << iota // runs, marriages, deeces
	ClassB                       // pinochles
	ClassC                       // arounds
)

// classLetters are the classes' letters in P5, which JSON stores: "A", "AC".
const classLetters = "ABC"

// MarshalText writes the letters of the classes in order, "AC" for the round robin.
func (c MeldClass) MarshalText() ([]byte, error) {
	if c == 0 || c >= 1<<len(classLetters) {
		return nil, fmt.Errorf("meld class %03b: not a set of the classes A, B and C", uint8(c))
	}
	var b []byte
	for i := range len(classLetters) {
		if c&(1<<i) != 0 {
			b = append(b, classLetters[i])
		}
	}
	return b, nil
}

// UnmarshalText reads the letters MarshalText writes.
func (c *MeldClass) UnmarshalText(b []byte) error {
	var v MeldClass
	for _, r := range string(b) {
		i := strings.IndexRune(classLetters, r)
		if i < 0 || v&(1<<i) != 0 {
			return fmt.Errorf("meld class %q: write each of A, B and C at most once", b)
		}
		v |= 1 << i
	}
	if v == 0 {
		return fmt.Errorf("meld class %q: name at least one of A, B and C", b)
	}
	*c = v
	return nil
}

// String is the breakdown line a player checks by hand: "run (A♥ 10♥ K♥ Q♥ J♥) = 15",
// "deece ×2 (9♥ 9♥) = 2".
func (l MeldLine) String() string {
	var b strings.Builder
	b.WriteString(l.Name)
	b.WriteString(" (")
	for i, c := range l.Cards {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(c.Pretty())
	}
	b.WriteString(") = ")
	b.WriteString(strconv.Itoa(l.Points))
	return b.String()
}

// Meld is the meld of a hand for one trump suit (RULINGS P5–P8) and how it is made. Total is
// the sum of the lines' points.
type Meld struct {
	Trump cards.Suit `json:"trump"`
	Total int        `json:"total"`
	Melds []MeldLine `json:"melds"`
}

// Uses is how many copies of c the meld is made with: a copy counts once in each class (P5),
// so as many as the class that uses c most often uses.
func (m Meld) Uses(c cards.Card) int {
	most := 0
	for _, class := range [...]MeldClass{ClassA, ClassB, ClassC} {
		n := 0
		for _, l := range m.Melds {
			if l.Class&class != 0 {
				for _, x := range l.Cards {
					if x == c {
						n++
					}
				}
			}
		}
		most = max(most, n)
	}
	return most
}

// Lines turns the meld into score-sheet breakdown lines.
func (m Meld) Lines() []Line {
	lines := make([]Line, len(m.Melds))
	for i, l := range m.Melds {
		lines[i] = Line{Text: l.String(), Points: l.Points}
	}
	return lines
}

// IsPinochleCard reports whether c belongs to the 48-card pinochle deck: a 9, J, Q, K, 10 or A
// of one of the four suits (RULINGS P1).
func IsPinochleCard(c cards.Card) bool {
	return c.Suit.Valid() && pinIndex(c.Rank) >= 0
}

// The six pinochle ranks as indexes of a meldCounts row, low to high (RULINGS P1).
const (
	pin9 = iota
	pinJ
	pinQ
	pinK
	pin10
	pinA
)

// pinRanks is the rank at each index.
var pinRanks = [6]cards.Rank{9, cards.Jack, cards.Queen, cards.King, 10, cards.Ace}

// pinIndex is r's index in pinRanks, or -1 when r is not a pinochle rank.
func pinIndex(r cards.Rank) int {
	switch r {
	case 9:
		return pin9
	case cards.Jack:
		return pinJ
	case cards.Queen:
		return pinQ
	case cards.King:
		return pinK
	case 10:
		return pin10
	case cards.Ace:
		return pinA
	}
	return -1
}

// meldCounts holds how many copies of each pinochle card a hand holds, by suit and pinochle
// rank index. No card exists more than twice (RULINGS P2), so counts stop at 2.
type meldCounts [4][6]uint8

func countMeld(hand []cards.Card) meldCounts {
	var cnt meldCounts
	for _, c := range hand {
		if !c.Suit.Valid() {
			continue
		}
		i := pinIndex(c.Rank)
		if i < 0 {
			continue
		}
		if n := &cnt[c.Suit][i]; *n < 2 {
			*n++
		}
	}
	return cnt
}

// The arounds, in breakdown order: the pinochle rank index and the worth of one around; a
// double around is worth ten times as much (RULINGS P6).
var arounds = [4]struct {
	rank   int
	points int
	single string
	double string
}{
	{pinA, 10, "aces around", "double aces around"},
	{pinK, aroundKingsPoints, "kings around", "double kings around"},
	{pinQ, aroundQueensPoints, "queens around", "double queens around"},
	{pinJ, 4, "jacks around", "double jacks around"},
}

const (
	aroundKings  = 1 // index of kings in arounds
	aroundQueens = 2
)

// Meld values (RULINGS P6, P8).
const (
	runPoints            = 15
	doubleRunPoints      = 150
	royalPoints          = 4
	marriagePoints       = 2
	deecePoints          = 1
	pinochlePoints       = 4
	doublePinochlePoints = 30
	aroundKingsPoints    = 8
	aroundQueensPoints   = 6
	roundRobinPoints     = aroundKingsPoints + aroundQueensPoints + 3*marriagePoints + royalPoints
)

// Line names that carry a count are fixed strings, so a breakdown allocates no names.
var (
	royalNames    = [3]string{"", "royal marriage", "royal marriage ×2"}
	deeceNames    = [3]string{"", "deece", "deece ×2"}
	marriageNames = func() (n [4][3]string) {
		for _, s := range cards.Suits {
			n[s][1] = "marriage " + s.Symbol()
			n[s][2] = "marriage " + s.Symbol() + " ×2"
		}
		return n
	}()
)

// meldPlan is the meld of a hand as counts: how many of each meld it holds, each 0, 1 or 2.
// When the round robin label applies, its parts (one royal marriage, one marriage in each other
// suit, kings and queens around) are taken out of the other fields.
type meldPlan struct {
	trump     int // the trump suit, or -1 when trump is not a suit
	runs      uint8
	robin     bool
	royals    uint8    // royal marriages beside the runs
	marriages [4]uint8 // plain marriages per suit; 0 for trump
	deeces    uint8
	pinochles uint8
	around    [4]uint8 // per entry of arounds: 0, single or double
}

func planMeld(cnt *meldCounts, trump cards.Suit) meldPlan {
	p := meldPlan{trump: -1}
	if trump.Valid() {
		p.trump = int(trump)
	}
	// Class A: runs, marriages, deeces. The K and Q of a run are not also a marriage (P7).
	for s := range cnt {
		row := &cnt[s]
		kq := min(row[pinK], row[pinQ])
		if s != p.trump {
			p.marriages[s] = kq
			continue
		}
		p.runs = min(row[pinA], row[pin10], row[pinK], row[pinQ], row[pinJ])
		p.royals = kq - p.runs
		p.deeces = row[pin9]
	}
	// Class B: pinochles.
	p.pinochles = min(cnt[cards.Spades][pinQ], cnt[cards.Diamonds][pinJ])
	// Class C: arounds.
	for i, a := range arounds {
		p.around[i] = min(cnt[0][a.rank], cnt[1][a.rank], cnt[2][a.rank], cnt[3][a.rank])
	}
	// P8: the round robin is a label for parts already counted, never added on top.
	if p.royals > 0 && p.around[aroundKings] == 1 && p.around[aroundQueens] == 1 {
		robin := true
		for s := range p.marriages {
			if s != p.trump && p.marriages[s] == 0 {
				robin = false
			}
		}
		if robin {
			p.robin = true
			p.royals--
			for s := range p.marriages {
				if s != p.trump {
					p.marriages[s]--
				}
			}
			p.around[aroundKings] = 0
			p.around[aroundQueens] = 0
		}
	}
	return p
}

// points is what the plan is worth: the same sum MeldOf's lines add up to.
func (p *meldPlan) points() int {
	n := int(p.royals)*royalPoints + int(p.deeces)*deecePoints
	switch p.runs {
	case 1:
		n += runPoints
	case 2:
		n += doubleRunPoints
	}
	if p.robin {
		n += roundRobinPoints
	}
	for _, m := range p.marriages {
		n += int(m) * marriagePoints
	}
	switch p.pinochles {
	case 1:
		n += pinochlePoints
	case 2:
		n += doublePinochlePoints
	}
	for i, a := range p.around {
		switch a {
		case 1:
			n += arounds[i].points
		case 2:
			n += 10 * arounds[i].points
		}
	}
	return n
}

// MeldOf is the meld of hand with trump named (RULINGS P5–P8), line by line.
//
// A card counts at most once within each class — A: runs, marriages, deeces; B: pinochles;
// C: arounds — and may count in several classes. A double meld replaces the single: two
// pinochles are a double pinochle worth 30, two of every ace are double aces around worth 100,
// and a double run is worth 150 in all, with no marriage made from its kings and queens. The K
// and Q inside a run are not also a royal marriage; a second trump K Q beside it is. A round
// robin (a marriage in each suit, worth 24) is only a name for single kings around, single
// queens around, a royal marriage and a marriage in each other suit: when the breakdown holds
// all of those, they are shown as the one line "round robin", and any further marriage stays on
// its own line. With a run and no second trump K Q there is no royal marriage, so no round robin.
//
// The lines come in this fixed order, each at most once:
//
//	"run" 15 or "double run" 150
//	"round robin" 24
//	"royal marriage" 4 or "royal marriage ×2" 8
//	"marriage ♠" 2 or "marriage ♠ ×2" 4, then ♥ ♦ ♣, the trump suit skipped
//	"deece" 1 or "deece ×2" 2
//	"pinochle" 4 or "double pinochle" 30
//	"aces around" 10 or "double aces around" 100
//	"kings around" 8 or "double kings around" 80
//	"queens around" 6 or "double queens around" 60
//	"jacks around" 4 or "double jacks around" 40
//
// The cards of a line are in a fixed order too: a run A 10 K Q J, marriages K Q, pinochle Q♠ J♦,
// arounds and the round robin in suit order ♠ ♥ ♦ ♣.
//
// Any hand is accepted, of any size, so that the meld a player shows can be counted as well as
// a whole hand: cards outside the pinochle deck and copies of a card beyond two are left out,
// and deciding whether the hand is legal is the referee's business. A trump that is not a suit
// makes no suit trump (no run, royal marriage or deece); such a Meld does not marshal to JSON.
// Melds is never nil.
func MeldOf(hand []cards.Card, trump cards.Suit) Meld {
	cnt := countMeld(hand)
	p := planMeld(&cnt, trump)
	return p.build(trump)
}

// MeldPoints is MeldOf(hand, trump).Total without the breakdown, and without allocating.
func MeldPoints(hand []cards.Card, trump cards.Suit) int {
	cnt := countMeld(hand)
	p := planMeld(&cnt, trump)
	return p.points()
}

// meldBuilder fills a breakdown from buffers sized in advance, so MeldOf allocates twice at most.
type meldBuilder struct {
	m   Meld
	buf []cards.Card
}

// add appends a line of class worth points made of copies times group.
func (b *meldBuilder) add(name string, class MeldClass, points int, copies uint8, group ...cards.Card) {
	start := len(b.buf)
	for range copies {
		b.buf = append(b.buf, group...)
	}
	end := len(b.buf)
	b.m.Melds = append(b.m.Melds, MeldLine{Name: name, Points: points, Cards: b.buf[start:end:end], Class: class})
	b.m.Total += points
}

func (p *meldPlan) build(trump cards.Suit) Meld {
	// Size the lines and their cards first.
	nlines, ncards := 0, 0
	count := func(copies uint8, size int) {
		if copies > 0 {
			nlines++
			ncards += int(copies) * size
		}
	}
	count(p.runs, 5)
	if p.robin {
		count(1, 8)
	}
	count(p.royals, 2)
	for _, m := range p.marriages {
		count(m, 2)
	}
	count(p.deeces, 1)
	count(p.pinochles, 2)
	for _, a := range p.around {
		count(a, 4)
	}

	b := meldBuilder{m: Meld{Trump: trump, Melds: make([]MeldLine, 0, nlines)}}
	if ncards > 0 {
		b.buf = make([]cards.Card, 0, ncards)
	}
	t := cards.Suit(p.trump)
	switch p.runs {
	case 1:
		b.add("run", ClassA, runPoints, 1, cards.Card{Rank: cards.Ace, Suit: t}, cards.Card{Rank: 10, Suit: t},
			cards.Card{Rank: cards.King, Suit: t}, cards.Card{Rank: cards.Queen, Suit: t}, cards.Card{Rank: cards.Jack, Suit: t})
	case 2:
		b.add("double run", ClassA, doubleRunPoints, 2, cards.Card{Rank: cards.Ace, Suit: t}, cards.Card{Rank: 10, Suit: t},
			cards.Card{Rank: cards.King, Suit: t}, cards.Card{Rank: cards.Queen, Suit: t}, cards.Card{Rank: cards.Jack, Suit: t})
	}
	if p.robin {
		b.add("round robin", ClassA|ClassC, roundRobinPoints, 1,
			cards.Card{Rank: cards.King, Suit: cards.Spades}, cards.Card{Rank: cards.Queen, Suit: cards.Spades},
			cards.Card{Rank: cards.King, Suit: cards.Hearts}, cards.Card{Rank: cards.Queen, Suit: cards.Hearts},
			cards.Card{Rank: cards.King, Suit: cards.Diamonds}, cards.Card{Rank: cards.Queen, Suit: cards.Diamonds},
			cards.Card{Rank: cards.King, Suit: cards.Clubs}, cards.Card{Rank: cards.Queen, Suit: cards.Clubs})
	}
	if p.royals > 0 {
		b.add(royalNames[p.royals], ClassA, int(p.royals)*royalPoints, p.royals,
			cards.Card{Rank: cards.King, Suit: t}, cards.Card{Rank: cards.Queen, Suit: t})
	}
	for s, m := range p.marriages {
		if m > 0 {
			b.add(marriageNames[s][m], ClassA, int(m)*marriagePoints, m,
				cards.Card{Rank: cards.King, Suit: cards.Suit(s)}, cards.Card{Rank: cards.Queen, Suit: cards.Suit(s)})
		}
	}
	if p.deeces > 0 {
		b.add(deeceNames[p.deeces], ClassA, int(p.deeces)*deecePoints, p.deeces, cards.Card{Rank: 9, Suit: t})
	}
	switch p.pinochles {
	case 1:
		b.add("pinochle", ClassB, pinochlePoints, 1,
			cards.Card{Rank: cards.Queen, Suit: cards.Spades}, cards.Card{Rank: cards.Jack, Suit: cards.Diamonds})
	case 2:
		b.add("double pinochle", ClassB, doublePinochlePoints, 2,
			cards.Card{Rank: cards.Queen, Suit: cards.Spades}, cards.Card{Rank: cards.Jack, Suit: cards.Diamonds})
	}
	for i, n := range p.around {
		if n == 0 {
			continue
		}
		a := arounds[i]
		name, points := a.single, a.points
		if n == 2 {
			name, points = a.double, 10*a.points
		}
		r := pinRanks[a.rank]
		b.add(name, ClassC, points, n, cards.Card{Rank: r, Suit: cards.Spades}, cards.Card{Rank: r, Suit: cards.Hearts},
			cards.Card{Rank: r, Suit: cards.Diamonds}, cards.Card{Rank: r, Suit: cards.Clubs})
	}
	return b.m
}
