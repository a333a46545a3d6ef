package ucd

import (
	"errors"
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"unicode"
)

// The documented spellings (doc.go), written out here independently of the parser's tables.
var (
	docRanks = map[Rank][]string{
		1: {"1"}, 2: {"2"}, 3: {"3"}, 4: {"4"}, 5: {"5"}, 6: {"6"}, 7: {"7"},
		Moon: {"mo", "moon"}, Sun: {"su", "sun"}, Galaxy: {"g", "galaxy"},
	}
	docSuits = map[Suit][]string{
		Earth: {"e", "earth"}, Jupiter: {"j", "jupiter"}, Mars: {"m", "mars"},
		Neptune: {"n", "neptune"}, Saturn: {"s", "saturn"}, Venus: {"v", "venus"},
	}
	docSeps = []string{"", " ", " of "}
)

// spellings maps every documented spelling (lower case, single spaces) to its card and
// lists every spelling that two different cards would share.
func spellings() (map[string]Card, []string) {
	m := map[string]Card{}
	var clashes []string
	for _, c := range all60() {
		for _, r := range docRanks[c.Rank] {
			for _, sep := range docSeps {
				for _, s := range docSuits[c.Suit] {
					w := r + sep + s
					if old, ok := m[w]; ok && old != c {
						clashes = append(clashes, fmt.Sprintf("%q: %v and %v", w, old, c))
					}
					m[w] = c
				}
			}
		}
	}
	return m, clashes
}

var docSpellings, docClashes = spellings()

// normal is the form docSpellings is keyed by: ASCII lower case, words joined by one space.
func normal(s string) string { return strings.Join(strings.Fields(fold(s)), " ") }

func TestSpellingsAreUnambiguous(t *testing.T) {
	for _, c := range docClashes {
		t.Errorf("spelling shared by two cards: %s", c)
	}
	// 54 regular cards × 2 suit spellings × 3 separators, Moon/Sun doubled; 6 Galaxies × 12.
	if want := (7*6+2*6*2)*2*3 + 6*12; len(docSpellings) != want {
		t.Errorf("%d spellings, want %d", len(docSpellings), want)
	}
	// The compact words are also read one way by Parse (it would refuse an ambiguous one).
	for w := range docSpellings {
		if !strings.Contains(w, " ") && len(compact(w)) != 1 {
			t.Errorf("compact(%q) = %v", w, compact(w))
		}
	}
}

// caseVariants returns w in every mix of case when it has few letters, otherwise lower,
// upper, capitalised words, both alternations and some random mixes.
func caseVariants(w string, rng *rand.Rand) []string {
	var letters []int
	for i, r := range w {
		if unicode.IsLetter(r) {
			letters = append(letters, i)
		}
	}
	flip := func(mask func(k int) bool) string {
		b := []byte(w)
		for k, i := range letters {
			if mask(k) {
				b[i] -= 'a' - 'A'
			}
		}
		return string(b)
	}
	var out []string
	if len(letters) <= 8 {
		for m := 0; m < 1<<len(letters); m++ {
			out = append(out, flip(func(k int) bool { return m&(1<<k) != 0 }))
		}
		return out
	}
	out = append(out, w, strings.ToUpper(w), flip(func(k int) bool { return k%2 == 0 }), flip(func(k int) bool { return k%2 == 1 }))
	title := []byte(w)
	for i := range title {
		if i == 0 || title[i-1] == ' ' {
			title[i] = byte(unicode.ToUpper(rune(title[i])))
		}
	}
	out = append(out, string(title))
	for range 32 {
		out = append(out, flip(func(int) bool { return rng.Intn(2) == 0 }))
	}
	return out
}

func TestEveryAliasParses(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	n := 0
	for w, want := range docSpellings {
		for _, v := range caseVariants(w, rng) {
			for _, pad := range []string{"%s", "  %s", "%s\t", " \n%s  "} {
				in := fmt.Sprintf(pad, v)
				n++
				if got, err := Parse(in); err != nil || got != want {
					t.Fatalf("Parse(%q) = %v, %v; want %v", in, got, err, want)
				}
			}
		}
		if strings.Contains(w, " ") { // more than one space, or a tab, between the words
			in := strings.ReplaceAll(w, " ", " \t ")
			if got, err := Parse(in); err != nil || got != want {
				t.Errorf("Parse(%q) = %v, %v; want %v", in, got, err, want)
			}
		}
	}
	t.Logf("%d spellings, %d inputs", len(docSpellings), n)
}

func TestParseExamples(t *testing.T) {
	// The brief's and doc.go's examples, and the cases that need deciding.
	for in, want := range map[string]Card{
		"3N": {3, Neptune}, "7E": {7, Earth}, "1V": {1, Venus}, "1v": {1, Venus},
		"MoS": {Moon, Saturn}, "moonS": {Moon, Saturn}, "MOONs": {Moon, Saturn}, "Moon S": {Moon, Saturn},
		"SuE": {Sun, Earth}, "sunE": {Sun, Earth}, "sun e": {Sun, Earth}, "Sun of Earth": {Sun, Earth},
		"GV": {Galaxy, Venus}, "gv": {Galaxy, Venus}, "galaxyV": {Galaxy, Venus}, "Galaxy Venus": {Galaxy, Venus},
		"MoM": {Moon, Mars}, "mom": {Moon, Mars}, "MoonM": {Moon, Mars}, "Moon of Mars": {Moon, Mars},
		"SuS": {Sun, Saturn}, "GM": {Galaxy, Mars}, "GS": {Galaxy, Saturn}, "GE": {Galaxy, Earth},
		"SuM": {Sun, Mars}, "MoN": {Moon, Neptune}, "mon": {Moon, Neptune},
		"Sun": {Sun, Neptune}, "SuN": {Sun, Neptune}, "SunN": {Sun, Neptune}, "sunneptune": {Sun, Neptune},
		"3 of Neptune": {3, Neptune}, " 3n ": {3, Neptune}, "3\u00a0N": {3, Neptune},
	} {
		if got, err := Parse(in); err != nil || got != want {
			t.Errorf("Parse(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
}

func TestParseRefusals(t *testing.T) {
	tests := []struct{ in, hint string }{
		{"", "it is empty"},
		{"  \t", "it is empty"},
		{"M", "M alone is Mars, the Moon is Mo"},
		{"MM", "M alone is Mars, the Moon is Mo"},
		{"mm", "M alone is Mars, the Moon is Mo"},
		{"MS", "M alone is Mars, the Moon is Mo"},
		{"M S", "M alone is Mars, the Moon is Mo"},
		{"8E", `"8" is not a rank, the numbers run 1 to 7`},
		{"0N", `"0" is not a rank, the numbers run 1 to 7`},
		{"10N", `"10" is not a rank, the numbers run 1 to 7`},
		{"10 N", `"10" is not a rank, the numbers run 1 to 7`},
		{"GX", `"X" is not a suit`},
		{"SuX", `"X" is not a suit`},
		{"GG", `"G" is not a suit`},
		{"MoonMoon", `"Moon" is not a suit`},
		{"3♠", `"♠" is not a suit`},
		{"3N3", `"N3" is not a suit`},
		{"3-N", `"-N" is not a suit`},
		{"MoS.", `"S." is not a suit`},
		{"3ofN", `"ofN" is not a suit`},
		{"3 of", `"of" is not a suit`},
		{"of N", `"of" is not a rank`},
		{"Moo S", `"Moo" is not a rank`},
		{"3", "it has no suit"},
		{"Galaxy", "it has no suit"},
		{"galaxy", "it has no suit"},
		{"G", "it has no suit"},
		{"Moon", "it has no suit"},
		{"Mo", "it has no suit"},
		{"Su", "it has no suit"},
		{"E", "it has no rank"},
		{"Mars", "it has no rank"},
		{"N3", "write the rank first: 3N"},
		{"M3", "write the rank first: 3M"},
		{"MMo", "write the rank first: MoM"},
		{"SSu", "write the rank first: SuS"},
		{"VG", "write the rank first: GV"},
		{"Neptune 3", "write the rank first: 3N"},
		{"Venus of Galaxy", "write the rank first: GV"},
		{"SS", ""},
		{"ſuE", ""}, // the long s folds to s only with Unicode case folding, which Parse does not do
		{"3 N N", ""},
		{"Moon of of Mars", ""},
		{"Moon or Mars", ""},
		{"7♥", `"♥" is not a suit`},
		{"11E", `"11" is not a rank`},
	}
	for _, tt := range tests {
		c, err := Parse(tt.in)
		if err == nil {
			t.Errorf("Parse(%q) = %v, want a refusal", tt.in, c)
			continue
		}
		msg := err.Error()
		if !errors.Is(err, ErrCard) || c != (Card{}) ||
			!strings.HasPrefix(msg, fmt.Sprintf("%q is not a UCD card: ", tt.in)) ||
			!strings.HasSuffix(msg, "write rank then suit, as 3N, MoS (Moon), SuE (Sun) or GV (Galaxy); suits E J M N S V") ||
			!strings.Contains(msg, tt.hint) {
			t.Errorf("Parse(%q): %v; want the input, the hint %q and the card format", tt.in, msg, tt.hint)
		}
	}
	_, err := Parse("MM")
	const want = `"MM" is not a UCD card: M alone is Mars, the Moon is Mo (MoM is the Moon of Mars); write rank then suit, as 3N, MoS (Moon), SuE (Sun) or GV (Galaxy); suits E J M N S V`
	if err == nil || err.Error() != want {
		t.Errorf("Parse(\"MM\"): %v\nwant %s", err, want)
	}
}

// checkAccepted fails unless in is refused, or accepted as the card its spelling documents.
func checkAccepted(t *testing.T, in string) {
	t.Helper()
	c, err := Parse(in)
	if err != nil {
		return
	}
	want, ok := docSpellings[normal(in)]
	if !ok || c != want {
		t.Fatalf("Parse(%q) = %v, but the notation documents %q as %v (documented: %v)", in, c, normal(in), want, ok)
	}
}

// TestParseAcceptsOnlyDocumentedSpellings tries every short string over the notation's
// alphabet, and every string of up to three pieces of the notation (and near misses): what
// Parse accepts must be a documented spelling of the same card.
func TestParseAcceptsOnlyDocumentedSpellings(t *testing.T) {
	alphabet := "abcdefghijklmnopqrstuvwxyz0123456789 "
	maxLen := 4
	if testing.Short() {
		maxLen = 3
	}
	var gen func(prefix string, n int)
	gen = func(prefix string, n int) {
		checkAccepted(t, prefix)
		if n == 0 {
			return
		}
		for i := range len(alphabet) {
			gen(prefix+alphabet[i:i+1], n-1)
		}
	}
	gen("", maxLen)

	pieces := []string{" ", " of ", "of", "0", "8", "9", "10", "11", "m", "o", "n", "x", "oon", "alaxy", "un", "-", "g g"}
	for _, ws := range docRanks {
		pieces = append(pieces, ws...)
	}
	for _, ws := range docSuits {
		pieces = append(pieces, ws...)
	}
	for _, a := range pieces {
		for _, b := range pieces {
			for _, c := range pieces {
				checkAccepted(t, a+b+c)
			}
		}
	}
}

func TestParseRankAndSuit(t *testing.T) {
	for in, want := range map[string]Rank{"1": 1, "7": 7, " 3 ": 3, "mo": Moon, "MOON": Moon, "Su": Sun, "sun": Sun, "g": Galaxy, "Galaxy": Galaxy} {
		if got, err := ParseRank(in); err != nil || got != want {
			t.Errorf("ParseRank(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "0", "8", "10", "M", "S", "moo", "1E", "ſu"} {
		r, err := ParseRank(bad)
		if !errors.Is(err, ErrRank) || r != 0 || !strings.Contains(err.Error(), fmt.Sprintf("%q", bad)) {
			t.Errorf("ParseRank(%q) = %v, %v; want ErrRank naming the input", bad, r, err)
		}
	}
	if _, err := ParseRank("m"); err == nil || !strings.Contains(err.Error(), "the Moon is Mo") {
		t.Errorf("ParseRank(\"m\"): %v", err)
	}
	for _, s := range Suits {
		for _, in := range []string{s.String(), strings.ToLower(s.String()), s.Name(), strings.ToUpper(s.Name()), " " + s.Name() + " "} {
			if got, err := ParseSuit(in); err != nil || got != s {
				t.Errorf("ParseSuit(%q) = %v, %v; want %v", in, got, err, s)
			}
		}
	}
	for _, bad := range []string{"", "G", "X", "Mo", "Earthe", "♠"} {
		s, err := ParseSuit(bad)
		if !errors.Is(err, ErrSuit) || s != 0 || !strings.Contains(err.Error(), fmt.Sprintf("%q", bad)) {
			t.Errorf("ParseSuit(%q) = %v, %v; want ErrSuit naming the input", bad, s, err)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"3N", "MoS", "moonS", "SuE", "sunE", "GV", "galaxyV", "Moon of Saturn",
		"Galaxy Venus", "sun", "MM", "N3", "10N", "", " ", "ſuE", "3\u00a0n", "mo\xffs", "g of v"} {
		f.Add(s)
	}
	// Short seeds, which a fuzzer may lengthen: a huge word is TestParseHugeWord's.
	f.Add("1o1o1o1o1o")
	f.Add("3 of 1o1o1o1o1o")
	f.Fuzz(checkParse)
}

// TestParseHugeWord: a word of 64 KiB, alone or after a rank, is refused as FuzzParse would
// have it.
func TestParseHugeWord(t *testing.T) {
	huge := strings.Repeat("1o", 32<<10)
	checkParse(t, huge)
	checkParse(t, "3 of "+huge)
}

// checkParse: what Parse reads is a card that it reads back from both its notations, by a
// spelling the doc gives; what it refuses is named in an error wrapping ErrCard.
func checkParse(t *testing.T, s string) {
	c, err := Parse(s)
	if err != nil {
		if !errors.Is(err, ErrCard) || !strings.HasPrefix(err.Error(), fmt.Sprintf("%q is not a UCD card: ", s)) {
			t.Fatalf("Parse(%q): error %v does not name the input and wrap ErrCard", s, err)
		}
		return
	}
	if !c.Valid() {
		t.Fatalf("Parse(%q) = invalid card %#v", s, c)
	}
	for _, text := range []string{c.String(), c.Pretty()} {
		if back, err := Parse(text); err != nil || back != c {
			t.Fatalf("%q → %v → %q → %v, %v", s, c, text, back, err)
		}
	}
	if want, ok := docSpellings[normal(s)]; !ok || want != c {
		t.Fatalf("Parse(%q) = %v, not a documented spelling of it", s, c)
	}
}

// TestParseFirstReadsWhatPrettyWrites types every card back as the words a line splits it
// into ("3 Mars", "Moon of Saturn", "Galaxy Venus"), followed by more words, as a move or a
// list of cards left is typed.
func TestParseFirstReadsWhatPrettyWrites(t *testing.T) {
	deck, err := Deck(MaxPlayers)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range deck {
		for _, form := range []string{c.Pretty(), c.String(), strings.ToLower(c.Pretty())} {
			words := append(strings.Fields(form), "3N", "left")
			got, n, err := ParseFirst(words)
			if err != nil || got != c || n != len(strings.Fields(form)) {
				t.Errorf("ParseFirst(%q) = %v, %d, %v; want %v of %d words", words, got, n, err, c, len(strings.Fields(form)))
			}
		}
	}
	// The longest reading: "sun" alone is the Sun of Neptune, "sun earth" the Sun of Earth.
	for in, want := range map[string]struct {
		c Card
		n int
	}{
		"sun earth": {Card{Sun, Earth}, 2}, "sun 3N": {Card{Sun, Neptune}, 1}, "Sun of Earth GV": {Card{Sun, Earth}, 3},
		"3 N 4 V": {Card{3, Neptune}, 2}, "GV GS": {Card{Galaxy, Venus}, 1},
	} {
		if c, n, err := ParseFirst(strings.Fields(in)); err != nil || c != want.c || n != want.n {
			t.Errorf("ParseFirst(%q) = %v, %d, %v; want %v of %d words", in, c, n, err, want.c, want.n)
		}
	}
}

// TestParseFirstRefusals names the words that could not be read: two of them when the second
// would finish the card, else the first.
func TestParseFirstRefusals(t *testing.T) {
	for in, want := range map[string]string{
		"3 Mras":  `"3 Mras" is not a UCD card: "Mras" is not a suit`,
		"3":       `"3" is not a UCD card: it has no suit`,
		"3 4N":    `"3" is not a UCD card: it has no suit`,
		"Venus 3": `"Venus 3" is not a UCD card: write the rank first: 3V`,
		"":        `"" is not a UCD card: it is empty`,
	} {
		_, n, err := ParseFirst(strings.Fields(in))
		if err == nil || n != 0 || !errors.Is(err, ErrCard) || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("ParseFirst(%q): %d, %v; want %s…", in, n, err, want)
		}
	}
}
