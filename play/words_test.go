package play

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee/refereetest"
)

func TestQuote(t *testing.T) {
	for in, want := range map[string]string{
		"ann":        "ann",
		"#x":         `"#x"`,
		"x#":         "x#",
		"--":         `"--"`,
		"--x":        "--x",
		"club night": `"club night"`,
		`say "hi"`:   `"say \"hi\""`,
		"":           `""`,
		"tab\there":  `"tab\there"`,
		"zoë":        "zoë",
		"a=b,c":      "a=b,c",
	} {
		if got := Quote(in); got != want {
			t.Errorf("Quote(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestWords(t *testing.T) {
	for _, tt := range []struct {
		line  string
		words []string
		note  string
		has   bool
	}{
		{"ann bid 9H", []string{"ann", "bid", "9H"}, "", false},
		{`  "#x"   bid  9H `, []string{"#x", "bid", "9H"}, "", false},
		{`new candidate --match "club night" --team "red team=ann,cy"`, []string{"new", "candidate", "--match", "club night", "--team", "red team=ann,cy"}, "", false},
		{"adjust ann +1 -- kept the score -- neatly", []string{"adjust", "ann", "+1"}, "kept the score -- neatly", true},
		{`void 5 -- "two\nlines"`, []string{"void", "5"}, "two\nlines", true},
		{`void 5 --`, []string{"void", "5"}, "", true},
		{`"--" bid 9H`, []string{"--", "bid", "9H"}, "", false},
		{`a"b c`, []string{`a"b`, "c"}, "", false},
	} {
		words, note, has, err := Words(tt.line)
		if err != nil || !slices.Equal(words, tt.words) || note != tt.note || has != tt.has {
			t.Errorf("Words(%q) = %q, %q, %v, %v; want %q, %q, %v", tt.line, words, note, has, err, tt.words, tt.note, tt.has)
		}
	}
	for _, bad := range []string{`"unclosed`, `"a"b`, `void 5 -- "x" y`} {
		if _, _, _, err := Words(bad); err == nil {
			t.Errorf("Words(%q) read a malformed line", bad)
		}
	}
}

// awkward makes words a typist could produce: quotes, hashes, dashes, spaces, escapes, other
// scripts, control characters.
func awkward(rng *rand.Rand) string {
	parts := []string{"a", "#", "-", "--", `"`, `\`, " ", "\t", "\n", "é", "♥", "=", ",", "\x00", "\u00a0", "x"}
	var b strings.Builder
	for range rng.IntN(6) {
		b.WriteString(parts[rng.IntN(len(parts))])
	}
	return b.String()
}

// TestLineRoundTrip: any words, and any note, written by Line and noteText read back the same.
func TestLineRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		words := make([]string, 1+rng.IntN(4))
		for i := range words {
			words[i] = awkward(rng)
		}
		note := awkward(rng)
		line := Line(words...)
		if note != "" {
			line += " " + noteMark + " " + noteText(note)
		}
		if strings.ContainsAny(line, "\n\r") {
			t.Fatalf("%q is written on more than one line: %q", words, line)
		}
		got, gotNote, has, err := Words(line)
		if err != nil || !slices.Equal(got, words) || gotNote != note || has != (note != "") {
			t.Fatalf("%q with note %q wrote %s, read back %q, %q, %v, %v", words, note, line, got, gotNote, has, err)
		}
		if strings.HasPrefix(strings.TrimSpace(line), "#") {
			t.Fatalf("%q wrote a line a reader takes for a comment: %s", words, line)
		}
	}
}

func FuzzWords(f *testing.F) {
	for _, s := range []string{`ann bid 9H`, `"#x" bid`, `void 5 -- "a\nb"`, `"\u00e9" -- x`, `""`, `"`, `-- --`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		words, note, has, err := Words(line)
		if err != nil {
			return
		}
		// What was read writes back to a line that reads the same.
		again := Line(words...)
		if has {
			again += " " + noteMark + " " + noteText(note)
		}
		w2, n2, h2, err := Words(again)
		if err != nil || !slices.Equal(w2, words) || n2 != note || h2 != has {
			t.Fatalf("%q read as %q %q %v; written %q reads %q %q %v %v", line, words, note, has, again, w2, n2, h2, err)
		}
	})
}

// TestHugeWordIsClipped: a move of one enormous word is refused with a message of sane length
// that still shows how the word starts and ends.
func TestHugeWordIsClipped(t *testing.T) {
	g, err := Replay(1, refereetest.Log(t, events.Created{Kind: "candidate", Players: []string{"ann", "bob"}, Dealer: "bob"}, nil))
	if err != nil {
		t.Fatal(err)
	}
	word := "Q" + strings.Repeat("é", 1<<20) + "Z"
	_, err = g.Judge([]string{"seat", word}, false, 0)
	if CodeOf(err) != Invalid || len(err.Error()) > 2*maxMessage || !strings.Contains(err.Error(), "bytes left out") || !utf8.ValidString(err.Error()) {
		t.Fatalf("error of %d bytes: %.200s", len(err.Error()), err)
	}
}
