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

// ranksOf reads ranks in table notation, "J Q K A".
func ranksOf(t testing.TB, s string) []cards.Rank {
	t.Helper()
	var rs []cards.Rank
	for _, f := range strings.Fields(s) {
		r, err := cards.ParseRank(f)
		if err != nil {
			t.Fatal(err)
		}
		rs = append(rs, r)
	}
	return rs
}

func TestRankValue(t *testing.T) {
	for r := cards.MinRank; r <= cards.MaxRank; r++ {
		want := 1
		if r >= cards.Jack {
			want = 2
		}
		if got := RankValue(r); got != want {
			t.Errorf("RankValue(%v) = %d, want %d", r, got, want)
		}
	}
	for _, r := range []cards.Rank{0, 1, 15, -3} {
		if got := RankValue(r); got != 0 {
			t.Errorf("RankValue(%d) = %d, want 0", r, got)
		}
	}
}

func TestBestInfluenceExamples(t *testing.T) {
	tests := []struct {
		hand  string
		wrap  string // "on", "off" or "" for both
		total int
		lines []string // the breakdown, when the row pins it down
	}{
		// The examples of rules/000 and RULINGS C2–C3.
		{"9 10", "", 4, []string{"9-10 run of two ×2 = 4"}},
		{"Q K", "", 8, []string{"Q-K run of two ×2 = 8"}},
		{"7 8 9", "", 9, []string{"7-8-9 run of three ×3 = 9"}},
		{"10 J Q", "", 15, []string{"10-J-Q run of three ×3 = 15"}},
		{"J Q K A", "", 20, []string{"Q-K-A run of three ×3 = 18", "J single = 2"}},
		{"10 10 10", "", 6, []string{"10-10-10 three of a kind ×2 = 6"}},
		{"4 4 4 4", "", 12, []string{"4-4-4-4 four of a kind ×3 = 12"}},
		{"Q Q Q Q", "", 24, []string{"Q-Q-Q-Q four of a kind ×3 = 24"}},
		{"K A 2", "on", 15, []string{"K-A-2 run of three ×3 = 15"}},
		{"K A 2", "off", 9, []string{"K-A run of two ×2 = 8", "2 single = 1"}},
		// The ace sits next to the 2 and the K either way.
		{"A 2", "", 6, []string{"A-2 run of two ×2 = 6"}},
		{"A 2 3", "", 12, []string{"A-2-3 run of three ×3 = 12"}},
		{"Q K A", "", 18, []string{"Q-K-A run of three ×3 = 18"}},
		{"K A", "", 8, []string{"K-A run of two ×2 = 8"}},
		// Order of the input does not matter.
		{"A K Q J", "", 20, []string{"Q-K-A run of three ×3 = 18", "J single = 2"}},
		// Small things.
		{"", "", 0, []string{}},
		{"5", "", 1, []string{"5 single = 1"}},
		{"A", "", 2, []string{"A single = 2"}},
		{"7 7", "", 2, []string{"7 single = 1", "7 single = 1"}},
		// A run of four or more must be split; a pair is not a group.
		{"2 3 4 5", "", 10, []string{"3-4-5 run of three ×3 = 9", "2 single = 1"}},
		{"2 3 4 5 6", "", 13, []string{"4-5-6 run of three ×3 = 9", "2-3 run of two ×2 = 4"}},
		{"2 3 4 5 6 7", "", 18, []string{"2-3-4 run of three ×3 = 9", "5-6-7 run of three ×3 = 9"}},
		// Greedy is wrong: three of a kind first makes 18 here, two runs make 25.
		{"9 9 9 10 10 J J", "", 25, []string{"9-10-J run of three ×3 = 12", "9-10-J run of three ×3 = 12", "9 single = 1"}},
		{"Q Q Q K K K A A A", "", 54, nil},
		{"J J J J Q K A", "", 42, []string{"J-J-J-J four of a kind ×3 = 24", "Q-K-A run of three ×3 = 18"}},
		// Five of a kind is four of a kind and a single.
		{"A A A A A", "", 26, []string{"A-A-A-A four of a kind ×3 = 24", "A single = 2"}},
		// The whole circle once: four runs of three and the cheapest single.
		{"A 2 3 4 5 6 7 8 9 10 J Q K", "", 49, nil},
		// Twelve each of three ranks, as in a three-deck game.
		{strings.Repeat("Q K A ", 12), "", 216, nil},
		// Every card at ×3 is the most there is: runs with wrap on, fours of a kind with it off.
		{strings.Repeat("K A 2 ", 12), "", 180, nil},
	}
	for _, tt := range tests {
		for _, wrap := range []bool{true, false} {
			if tt.wrap == "on" && !wrap || tt.wrap == "off" && wrap {
				continue
			}
			name := fmt.Sprintf("%s/wrap=%v", strings.Join(strings.Fields(tt.hand), ","), wrap)
			t.Run(name, func(t *testing.T) {
				hand := ranksOf(t, tt.hand)
				in := BestInfluence(hand, wrap)
				checkInfluence(t, hand, wrap, in)
				if in.Total != tt.total {
					t.Errorf("total %d, want %d (%v)", in.Total, tt.total, in.Groups)
				}
				if tt.lines == nil {
					return
				}
				got := make([]string, len(in.Groups))
				for i, g := range in.Groups {
					got[i] = g.String()
				}
				if !slices.Equal(got, tt.lines) {
					t.Errorf("groups\n got %q\nwant %q", got, tt.lines)
				}
			})
		}
	}
}

func TestBestInfluenceJSON(t *testing.T) {
	in := BestInfluence(ranksOf(t, "J Q K A"), true)
	got, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"total": 20, "groups": [{"kind": "run3", "cards": ["Q","K","A"], "points": 18}, {"kind":"single","cards":["J"],"points":2}]}`
	var buf bytes.Buffer
	if err := json.Compact(&buf, []byte(want)); err != nil {
		t.Fatal(err)
	}
	if string(got) != buf.String() {
		t.Errorf("JSON\n got %s\nwant %s", got, buf.String())
	}

	var back Influence
	if err := json.Unmarshal(got, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, in) {
		t.Errorf("round trip: got %+v, want %+v", back, in)
	}

	empty, err := json.Marshal(BestInfluence(nil, true))
	if err != nil {
		t.Fatal(err)
	}
	if string(empty) != `{"total":0,"groups":[]}` {
		t.Errorf("empty hand: %s", empty)
	}
}

func TestInfluenceLines(t *testing.T) {
	in := BestInfluence(ranksOf(t, "4 4 4 4 9 10 A"), false)
	want := []Line{
		{Text: "4-4-4-4 four of a kind ×3 = 12", Points: 12},
		{Text: "9-10 run of two ×2 = 4", Points: 4},
		{Text: "A single = 2", Points: 2},
	}
	if got := in.Lines(); !reflect.DeepEqual(got, want) {
		t.Errorf("Lines() = %v, want %v", got, want)
	}
}

func TestBestInfluenceInvalidRanks(t *testing.T) {
	in := BestInfluence([]cards.Rank{0, cards.Queen, 15, cards.King, -1}, true)
	if in.Total != 8 || len(in.Groups) != 1 || in.Groups[0].String() != "Q-K run of two ×2 = 8" {
		t.Errorf("got %+v, want Q-K run of two only", in)
	}
}

// TestBestInfluenceDeterministic checks that the order of the captures never changes the answer,
// not even which of several equal splits is shown.
func TestBestInfluenceDeterministic(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for range 500 {
		hand := randomHand(rng, 1+rng.IntN(36))
		wrap := rng.IntN(2) == 0
		want := BestInfluence(hand, wrap)
		for range 3 {
			shuffled := slices.Clone(hand)
			rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
			if got := BestInfluence(shuffled, wrap); !reflect.DeepEqual(got, want) {
				t.Fatalf("%v wrap=%v: got %v, want %v", shuffled, wrap, got, want)
			}
		}
	}
}

// TestBestInfluenceBruteForce compares the search with a slow search over every partition of
// small hands.
func TestBestInfluenceBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(2024, 36))
	cases := 3000
	if testing.Short() {
		cases = 300
	}
	for range cases {
		hand := randomHand(rng, rng.IntN(10))
		cnt := countRanks(hand)
		for _, wrap := range []bool{true, false} {
			in := BestInfluence(hand, wrap)
			checkInfluence(t, hand, wrap, in)
			if want := exhaustive(cnt, wrap, nil); in.Total != want {
				t.Fatalf("%v wrap=%v: total %d, exhaustive search %d (%v)", hand, wrap, in.Total, want, in.Groups)
			}
		}
	}
}

// TestBestInfluenceLargeHands does the same for hands of up to 36 cards, where the exhaustive
// search needs a memo to finish.
func TestBestInfluenceLargeHands(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 12))
	cases := 300
	if testing.Short() {
		cases = 30
	}
	for range cases {
		hand := randomHand(rng, 10+rng.IntN(27))
		cnt := countRanks(hand)
		for _, wrap := range []bool{true, false} {
			in := BestInfluence(hand, wrap)
			checkInfluence(t, hand, wrap, in)
			if want := exhaustive(cnt, wrap, map[[nRanks]int8]int{}); in.Total != want {
				t.Fatalf("%v wrap=%v: total %d, exhaustive search %d", hand, wrap, in.Total, want)
			}
		}
	}
}

// randomHand draws n ranks, no rank more than 12 times, often from a narrow band of neighbouring
// ranks (across the ace too) so that runs, sets and their conflicts are common.
func randomHand(rng *rand.Rand, n int) []cards.Rank {
	width := 13
	if rng.IntN(4) > 0 {
		width = 1 + rng.IntN(6)
	}
	start := rng.IntN(13)
	var cnt [13]int
	hand := make([]cards.Rank, 0, n)
	for len(hand) < n {
		pos := (start + rng.IntN(width)) % 13
		if cnt[pos] == 12 {
			if width*12 <= len(hand) {
				break
			}
			continue
		}
		cnt[pos]++
		hand = append(hand, cards.Rank(pos)+cards.MinRank)
	}
	return hand
}

func countRanks(hand []cards.Rank) [nRanks]int8 {
	var cnt [nRanks]int8
	for _, r := range hand {
		if r.Valid() {
			cnt[r-cards.MinRank]++
		}
	}
	return cnt
}

// exhaustive is the reference: take the lowest card left, try every group that can hold it, and
// recurse. With a memo it is still exhaustive, only faster. It shares nothing with the search
// but RankValue.
func exhaustive(cnt [nRanks]int8, wrap bool, memo map[[nRanks]int8]int) int {
	low := -1
	for i, c := range cnt {
		if c > 0 {
			low = i
			break
		}
	}
	if low < 0 {
		return 0
	}
	if memo != nil {
		if v, ok := memo[cnt]; ok {
			return v
		}
	}
	rank := func(i int) cards.Rank { return cards.Rank((i+13)%13) + 2 }
	value := func(i int) int { return RankValue(rank(i)) }
	best := 0
	try := func(points int, positions ...int) {
		next := cnt
		for _, p := range positions {
			p = (p + 13) % 13
			if next[p] == 0 {
				return
			}
			next[p]--
		}
		best = max(best, points+exhaustive(next, wrap, memo))
	}
	try(value(low), low)
	try(6*value(low), low, low, low)
	try(12*value(low), low, low, low, low)
	for _, d := range []int{-1, 0} { // the lowest card first or second in a run of two
		a, b := low+d, low+d+1
		try(2*(value(a)+value(b)), a, b)
	}
	for _, d := range []int{-2, -1, 0} {
		a, b, c := low+d, low+d+1, low+d+2
		if !wrap && rank(a) == cards.King {
			continue // K-A-2
		}
		try(3*(value(a)+value(b)+value(c)), a, b, c)
	}
	if memo != nil {
		memo[cnt] = best
	}
	return best
}

// checkInfluence checks that in is a valid answer for hand: every valid card in exactly one
// legal group, points as the rules count them, total the sum, groups in breakdown order.
func checkInfluence(t testing.TB, hand []cards.Rank, wrap bool, in Influence) {
	t.Helper()
	var want, got []cards.Rank
	for _, r := range hand {
		if r.Valid() {
			want = append(want, r)
		}
	}
	if in.Groups == nil {
		t.Errorf("%v: Groups is nil", hand)
	}
	sum := 0
	for i, g := range in.Groups {
		got = append(got, g.Cards...)
		sum += g.Points
		if err := checkGroup(g, wrap); err != nil {
			t.Errorf("%v wrap=%v: group %d %v: %v", hand, wrap, i, g, err)
		}
		if i > 0 {
			prev := in.Groups[i-1]
			if prev.Points < g.Points || prev.Points == g.Points && slices.Min(prev.Cards) > slices.Min(g.Cards) {
				t.Errorf("%v: groups out of order: %v before %v", hand, prev, g)
			}
		}
	}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("groups hold %v, hand is %v", got, want)
	}
	if sum != in.Total {
		t.Errorf("%v: groups add up to %d, total is %d", hand, sum, in.Total)
	}
}

func checkGroup(g Group, wrap bool) error {
	sum := 0
	for _, r := range g.Cards {
		if !r.Valid() {
			return fmt.Errorf("invalid rank %d", r)
		}
		sum += RankValue(r)
	}
	size := map[GroupKind]int{Single: 1, Run2: 2, Run3: 3, Set3: 3, Set4: 4}[g.Kind]
	if size == 0 || len(g.Cards) != size {
		return fmt.Errorf("kind %q with %d cards", g.Kind, len(g.Cards))
	}
	circle := "2 3 4 5 6 7 8 9 10 J Q K A 2 3"
	var names []string
	for _, r := range g.Cards {
		names = append(names, r.String())
	}
	seq := strings.Join(names, " ")
	switch g.Kind {
	case Run2, Run3:
		if !strings.Contains(" "+circle+" ", " "+seq+" ") {
			return fmt.Errorf("%s is not a run", seq)
		}
		if !wrap && seq == "K A 2" {
			return fmt.Errorf("K-A-2 with wrap off")
		}
	case Set3, Set4:
		for _, r := range g.Cards {
			if r != g.Cards[0] {
				return fmt.Errorf("%s is not of a kind", seq)
			}
		}
	}
	if want := sum * map[GroupKind]int{Single: 1, Run2: 2, Run3: 3, Set3: 2, Set4: 3}[g.Kind]; g.Points != want {
		return fmt.Errorf("points %d, want %d", g.Points, want)
	}
	return nil
}

func FuzzBestInfluence(f *testing.F) {
	f.Add([]byte{11, 12, 13, 14}, true)
	f.Add([]byte{13, 14, 2}, false)
	f.Add([]byte{10, 10, 10, 0, 1, 15, 255}, true)
	f.Add(bytes.Repeat([]byte{12, 13, 14}, 12), true)
	f.Fuzz(func(t *testing.T, data []byte, wrap bool) {
		if len(data) > 48 {
			data = data[:48]
		}
		hand := make([]cards.Rank, len(data))
		for i, b := range data {
			hand[i] = cards.Rank(b % 16) // 0, 1 and 15 are not ranks: they must be left out
		}
		in := BestInfluence(hand, wrap)
		checkInfluence(t, hand, wrap, in)
		if len(data) <= 9 {
			if want := exhaustive(countRanks(hand), wrap, nil); in.Total != want {
				t.Errorf("%v wrap=%v: total %d, exhaustive search %d", hand, wrap, in.Total, want)
			}
		}
	})
}

func ExampleBestInfluence() {
	hand := []cards.Rank{cards.Jack, cards.Queen, cards.King, cards.Ace}
	in := BestInfluence(hand, true)
	for _, g := range in.Groups {
		fmt.Println(g)
	}
	fmt.Println("influence", in.Total)
	// Output:
	// Q-K-A run of three ×3 = 18
	// J single = 2
	// influence 20
}

func ExampleBestInfluence_wrap() {
	hand := []cards.Rank{cards.King, cards.Ace, 2}
	fmt.Println(BestInfluence(hand, true).Total, BestInfluence(hand, false).Total)
	// Output: 15 9
}

// benchHand18 is a realistic end-of-game capture list: 18 candidates with repeats.
const benchHand18 = "2 3 3 5 6 7 7 9 10 10 J Q Q K A A A 4"

// benchHand36 is the most a player can capture: 36 candidates from three decks.
const benchHand36 = "2 2 3 3 3 4 5 5 6 6 6 7 7 8 8 8 9 9 10 10 10 J J J Q Q Q Q K K K A A A 4 2"

func BenchmarkInfluence18(b *testing.B) {
	hand := ranksOf(b, benchHand18)
	if len(hand) != 18 {
		b.Fatalf("hand has %d cards", len(hand))
	}
	for b.Loop() {
		BestInfluence(hand, true)
	}
}

func BenchmarkInfluence36(b *testing.B) {
	hand := ranksOf(b, benchHand36)
	if len(hand) != 36 {
		b.Fatalf("hand has %d cards", len(hand))
	}
	for b.Loop() {
		BestInfluence(hand, true)
	}
}
