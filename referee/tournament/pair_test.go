package tournament

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/tableside/tableside/referee"
)

// seatingOf writes a pairing as "1:ann-bob 2:cy-dee bye:eve", first player first.
func seatingOf(out Output) string {
	var parts []string
	for _, t := range out.Tables {
		if t.First != t.Players[0] {
			return fmt.Sprintf("table %d seats %s first but says %s is", t.Table, t.Players[0], t.First)
		}
		parts = append(parts, fmt.Sprintf("%d:%s", t.Table, strings.Join(t.Players, "-")))
	}
	for _, b := range out.Byes {
		parts = append(parts, "bye:"+b)
	}
	return strings.Join(parts, " ")
}

func players(spec ...string) []Player {
	var out []Player
	for _, s := range spec {
		out = append(out, Player{Name: s, Opponents: []string{}, First: []bool{}})
	}
	return out
}

func TestPairExamples(t *testing.T) {
	for _, c := range []struct {
		name string
		in   Input
		want string
	}{{
		name: "round 1 folds the list: top half against bottom half, the higher first",
		in:   Input{Format: Swiss, Kind: "pinochle", Round: 1, Players: players("a", "b", "c", "d", "e", "f")},
		want: "1:a-d 2:b-e 3:c-f",
	}, {
		name: "an odd field gives the lowest the bye",
		in:   Input{Format: Swiss, Kind: "pinochle", Round: 1, Players: players("a", "b", "c", "d", "e")},
		want: "1:a-c 2:b-d bye:e",
	}, {
		name: "round 2: winners meet winners, no rematch, the one first fewer times first",
		in: Input{Format: Swiss, Kind: "candidate", Round: 2, Players: []Player{
			{Name: "a", Points: 1, Opponents: []string{"c"}, First: []bool{true}},
			{Name: "b", Points: 1, Opponents: []string{"d"}, First: []bool{false}},
			{Name: "c", Points: 0, Opponents: []string{"a"}, First: []bool{false}},
			{Name: "d", Points: 0, Opponents: []string{"b"}, First: []bool{true}},
		}},
		want: "1:b-a 2:c-d",
	}, {
		name: "a rematch is avoided at the cost of a difference in points",
		in: Input{Format: Swiss, Kind: "pinochle", Round: 2, Players: []Player{
			{Name: "a", Points: 1, Opponents: []string{"b"}, First: []bool{true}},
			{Name: "b", Points: 1, Opponents: []string{"a"}, First: []bool{false}},
			{Name: "c", Points: 0, Opponents: []string{"d"}, First: []bool{true}},
			{Name: "d", Points: 0, Opponents: []string{"c"}, First: []bool{false}},
		}},
		want: "1:a-c 2:b-d",
	}, {
		name: "the bye goes to the lowest of those with the fewest byes",
		in: Input{Format: Swiss, Kind: "pinochle", Round: 2, Players: []Player{
			{Name: "a", Points: 1, Opponents: []string{"b"}, First: []bool{true}},
			{Name: "c", Points: 1, Byes: 1, Opponents: []string{}, First: []bool{}},
			{Name: "b", Points: 0, Opponents: []string{"a"}, First: []bool{false}},
		}},
		want: "1:c-a bye:b",
	}, {
		name: "Berger's round 2 of 4: 4-3, 1-2",
		in:   Input{Format: RoundRobin, Kind: "advantage", Round: 2, Players: players("p1", "p2", "p3", "p4")},
		want: "1:p1-p2 2:p4-p3",
	}, {
		name: "Berger's round 1 of 5: the blank's opponent has the bye",
		in:   Input{Format: RoundRobin, Kind: "advantage", Round: 1, Players: players("p1", "p2", "p3", "p4", "p5")},
		want: "1:p2-p5 2:p3-p4 bye:p1",
	}, {
		name: "a double round robin reverses who is first",
		in:   Input{Format: RoundRobin, Kind: "advantage", Round: 5, Double: true, Players: players("p1", "p2", "p3", "p4")},
		want: "1:p2-p1 2:p3-p4",
	}, {
		name: "14 at tables of 4: 4, 4, 3, 3, the leaders together",
		in:   Input{Format: Swiss, Kind: "capture", Round: 1, TableSize: 4, Players: players("a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n")},
		want: "1:a-b-c-d 2:e-f-g-h 3:i-j-k 4:l-m-n",
	}} {
		out, err := Pair(c.in)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if got := seatingOf(out); got != c.want {
			t.Errorf("%s: got %s, want %s", c.name, got, c.want)
		}
	}
}

// TestTheByeLeavesTheFewestRematches: when every bye leaves a rematch, the bye goes to the
// lowest for whom the rest pair with the fewest (T3, T4), not to the lowest of all. Here a, b,
// c and d have all met, and e, a late arrival, has met nobody: e's bye would leave two
// rematches, d's leaves one.
func TestTheByeLeavesTheFewestRematches(t *testing.T) {
	met := func(name string, all ...string) Player {
		return Player{Name: name, Points: 1.5, Opponents: slices.DeleteFunc(slices.Clone(all), func(o string) bool { return o == name }), First: []bool{true, false, true}}
	}
	in := Input{Format: Swiss, Kind: "pinochle", Round: 4, Players: []Player{
		met("a", "a", "b", "c", "d"), met("b", "a", "b", "c", "d"), met("c", "a", "b", "c", "d"), met("d", "a", "b", "c", "d"),
		{Name: "e", Opponents: []string{}, First: []bool{}},
	}}
	out, err := Pair(in)
	if err != nil {
		t.Fatal(err)
	}
	r, _ := read(in)
	if again := rematches(r.pairsOf(out.Tables)); !slices.Equal(out.Byes, []string{"d"}) || again != 1 {
		t.Errorf("%s: %d rematches; want d's bye and 1 rematch", seatingOf(out), again)
	}
}

// pairedSwiss1000 is round 5 of the 1,000-player Swiss case, and its pairing.
func pairedSwiss1000(t *testing.T) (Input, Output) {
	t.Helper()
	data, err := os.ReadFile("testdata/swiss-1000-round5.json")
	if err != nil {
		t.Fatal(err)
	}
	var in Input
	if err := json.Unmarshal(data, &in); err != nil {
		t.Fatal(err)
	}
	out, err := Pair(in)
	if err != nil {
		t.Fatal(err)
	}
	return in, out
}

// TestNoThirdTimeRunningTheOtherOrderAvoids: round 5 of a 1,000-player Swiss, found by an
// independent check, where seating the higher first made five players first, or second, a
// third time running though the other order made nobody so (T7).
func TestNoThirdTimeRunningTheOtherOrderAvoids(t *testing.T) {
	in, out := pairedSwiss1000(t)
	first := map[string][]bool{}
	for _, p := range in.Players {
		first[p.Name] = p.First
	}
	lastTwo := func(name string, was bool) bool {
		f := first[name]
		return len(f) >= 2 && f[len(f)-1] == was && f[len(f)-2] == was
	}
	third := func(first, second string) bool { return lastTwo(first, true) || lastTwo(second, false) }
	for _, tb := range out.Tables {
		a, b := tb.Players[0], tb.Players[1]
		if tb.First != a {
			t.Fatalf("table %d: %s is seated first, %s is said first", tb.Table, a, tb.First)
		}
		if third(a, b) && !third(b, a) {
			t.Errorf("table %d: %s (%v) first and %s (%v) second makes a third time running; the other order makes none",
				tb.Table, a, first[a], b, first[b])
		}
	}
}

// TestTheJudgeFlagsAThirdTimeRunning: a pairing that seats first the player the other order
// would not, making the other second a third time running, is flagged T7.
func TestTheJudgeFlagsAThirdTimeRunning(t *testing.T) {
	in, out := pairedSwiss1000(t)
	for i, tb := range out.Tables {
		if slices.Contains(tb.Players, "p0022") { // against p0392, who was second in each of their last two
			out.Tables[i] = Table{Table: tb.Table, Players: []string{"p0022", "p0392"}, First: "p0022"}
		}
	}
	flags := JudgePairing(in, out)
	if len(flags) != 1 || flags[0].Rule != "T7" || !strings.Contains(flags[0].Message, "p0022 is first, where T7 makes p0392 first") {
		t.Errorf("p0022 seated first against p0392: %v, want one T7 flag", flags)
	}
}

func TestPairRefusesABrokenContract(t *testing.T) {
	for _, c := range []struct {
		in   Input
		want string
	}{
		{Input{Format: Swiss, Kind: "pinochle", Round: 1, Players: players("ann", "bob", "ann")}, "ann is named twice"},
		{Input{Format: Swiss, Kind: "pinochle", Round: 2, Players: []Player{{Name: "ann", Opponents: []string{"zed"}}, {Name: "bob"}}}, "ann's opponent zed is neither a player nor one who dropped or is away"},
		{Input{Format: Swiss, Kind: "capture", Round: 1, TableSize: 7, Players: players("ann", "bob")}, "table_size 7: capture is played at tables of 2 to 6"},
		{Input{Format: Swiss, Kind: "pinochle", Round: 1, TableSize: 3, Players: players("ann", "bob")}, "table_size 3: pinochle is played at tables of 2"},
		{Input{Format: Rotation, Kind: "pinochle", Round: 1, Players: players("ann", "bob")}, "a rotation is for the kinds played at larger tables"},
		{Input{Format: "knockout", Kind: "pinochle", Round: 1, Players: players("ann", "bob")}, `format "knockout"`},
		{Input{Format: Swiss, Kind: "chess", Round: 1, Players: players("ann", "bob")}, `no kind "chess"`},
		{Input{Format: Swiss, Kind: "pinochle", Round: 1, Players: []Player{{Name: "ann", Points: 0.001}, {Name: "bob"}}}, "points are whole 120ths"},
		{Input{Format: RoundRobin, Kind: "pinochle", Round: 4, Players: players("ann", "bob", "cy", "dee")}, "has 3 rounds"},
		{Input{Format: Rotation, Kind: "capture", TableSize: 3, Round: 2, Players: []Player{{Name: "ann", Opponents: []string{"bob", "cy"}}, {Name: "bob", Opponents: []string{"ann"}}, {Name: "cy"}}},
			"ann lists cy among their opponents once, and cy lists ann never: a meeting is listed by both"},
		{Input{Format: Swiss, Kind: "pinochle", Round: 1, Players: players("ann", "b\xffb")}, `players[1].name "b\xffb" is not UTF-8 text`},
		{Input{Format: Swiss, Kind: "pinochle", Round: 2, Dropped: []string{"z\x00"}, Players: players("ann", "bob")}, `dropped[0] "z\x00" holds a control character (U+0000)`},
	} {
		_, err := Pair(c.in)
		if !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want an input error saying %q", c.in, err, c.want)
		}
	}
	// A player who dropped is known: meeting them is no mistake.
	in := Input{Format: Swiss, Kind: "pinochle", Round: 2, Dropped: []string{"zed"}, Players: []Player{{Name: "ann", Opponents: []string{"zed"}}, {Name: "bob"}}}
	if _, err := Pair(in); err != nil {
		t.Errorf("an opponent who dropped: %v", err)
	}
}

// TestPairTheLargestField: the most players a round pairs, far apart in points and each having
// met their neighbours, stay within the matching's exact arithmetic.
func TestPairTheLargestField(t *testing.T) {
	in := Input{Format: Swiss, Kind: "pinochle", Round: 9}
	for i := range maxPlayers - 1 {
		p := Player{Name: fmt.Sprintf("p%d", i), Points: float64(maxPlayers-i) / 4, First: []bool{}}
		for _, j := range []int{i - 2, i - 1, i + 1, i + 2} {
			if j >= 0 && j < maxPlayers-1 {
				p.Opponents = append(p.Opponents, fmt.Sprintf("p%d", j))
			}
		}
		in.Players = append(in.Players, p)
	}
	out, err := Pair(in)
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Tables) != (maxPlayers-2)/2 || len(out.Byes) != 1 {
		t.Errorf("%d tables and byes %v for %d players", len(out.Tables), out.Byes, maxPlayers-1)
	}
}

// TestWindowLosesNothing: a large field matched within its window costs what every pair as an
// edge would cost: the window never leaves out a better pairing.
func TestWindowLosesNothing(t *testing.T) {
	for _, c := range []struct{ players, rounds int }{{150, 2}, {201, 5}, {300, 8}, {120, 11}} {
		in := swissField(t, c.players, c.rounds)
		r, err := read(in)
		if err != nil {
			t.Fatal(err)
		}
		players := r.players
		if len(players)%2 == 1 {
			players = players[:len(players)-1]
		}
		order := foldOrder(players)
		windowed, err := r.match(players)
		if err != nil {
			t.Fatal(err)
		}
		every, _, err := r.matchWithin(order, len(order))
		if err != nil {
			t.Fatal(err)
		}
		if got, want := r.total(windowed, order), r.total(every, order); got != want {
			t.Errorf("%d players after %d rounds: the window's pairing costs %d, every pair's %d", c.players, c.rounds, got, want)
		}
	}
}

// total is the cost of pairs, their fold distances taken in order.
func (r *round) total(pairs [][2]*competitor, order []*competitor) int64 {
	var sum int64
	for _, pq := range pairs {
		i, j := slices.Index(order, pq[0]), slices.Index(order, pq[1])
		sum += r.cost(pq[0], pq[1], max(i-j, j-i))
	}
	return sum
}

// TestApartAndKeptTables is T13: a pair who must not meet is kept apart while a pairing with
// no more rematches does so, and meets, said, when none does; a player who must keep a table
// is seated there, the first listed where two want one; the judge flags a pairing that breaks
// what the round's own pairing keeps.
func TestApartAndKeptTables(t *testing.T) {
	four := func() Input {
		return Input{Format: Swiss, Kind: "pinochle", Round: 1, TableSize: 2, Seed: 1,
			Players: []Player{{Name: "ann", Opponents: []string{}, First: []bool{}}, {Name: "bob", Opponents: []string{}, First: []bool{}},
				{Name: "cy", Opponents: []string{}, First: []bool{}}, {Name: "dee", Opponents: []string{}, First: []bool{}}}}
	}
	meets := func(out Output, a, b string) bool {
		return slices.ContainsFunc(out.Tables, func(tb Table) bool { return slices.Contains(tb.Players, a) && slices.Contains(tb.Players, b) })
	}
	plain, err := Pair(four())
	if err != nil || !meets(plain, "ann", "cy") {
		t.Fatalf("round 1 of four folds ann against cy: %+v %v", plain, err)
	}
	in := four()
	in.Apart = [][2]string{{"cy", "ann"}}
	apart, err := Pair(in)
	if err != nil || meets(apart, "ann", "cy") || len(apart.GaveWay) != 0 {
		t.Errorf("ann and cy kept apart: %+v %v", apart, err)
	}
	if f := JudgePairing(in, plain); len(f) != 1 || f[0].Rule != "T13" {
		t.Errorf("the fold's pairing, judged with ann and cy apart: %+v, want a T13 flag", f)
	}

	// Kept apart, every pairing left would seat a rematch: T4 holds, and the pair meets.
	in = four()
	in.Round = 2
	met := map[string][]string{"ann": {"bob", "dee"}, "bob": {"ann", "cy"}, "cy": {"bob", "dee"}, "dee": {"cy", "ann"}}
	for i := range in.Players {
		in.Players[i].Opponents = met[in.Players[i].Name]
		in.Players[i].First = []bool{false, false}
	}
	in.Apart = [][2]string{{"ann", "cy"}}
	gave, err := Pair(in)
	if err != nil || !meets(gave, "ann", "cy") || len(gave.GaveWay) != 1 || !strings.Contains(gave.GaveWay[0], "ann and cy meet though they must not (T13): keeping them apart pairs 2 more rematches (T4)") {
		t.Errorf("ann and cy, apart only by rematches: %+v %v", gave, err)
	}
	two := Input{Format: Swiss, Kind: "pinochle", Round: 1, TableSize: 2, Players: []Player{{Name: "ann"}, {Name: "bob"}}, Apart: [][2]string{{"ann", "bob"}}}
	if out, err := Pair(two); err != nil || len(out.GaveWay) != 1 || !strings.Contains(out.GaveWay[0], "no pairing of the round keeps them apart") {
		t.Errorf("two players kept apart: %+v %v", out, err)
	}

	in = four()
	in.Keep = []Kept{{"ann", 2}, {"cy", 2}, {"dee", 5}}
	kept, err := Pair(in)
	if err != nil || kept.Tables[1].Table != 2 || !slices.Contains(kept.Tables[1].Players, "ann") || len(kept.GaveWay) != 2 ||
		!strings.Contains(kept.GaveWay[0], "cy keeps no table 2: ann") || !strings.Contains(kept.GaveWay[1], "dee keeps no table 5: the round has 2") {
		t.Errorf("ann keeps table 2, cy and dee cannot: %+v %v", kept, err)
	}
	if f := JudgePairing(in, plain); !slices.ContainsFunc(f, func(f referee.Flag) bool { return f.Rule == "T13" && strings.Contains(f.Message, "ann keeps table 2") }) {
		t.Errorf("a pairing seating ann at table 1, judged: %+v, want T13", f)
	}
	for _, bad := range []Input{
		{Format: Swiss, Kind: "pinochle", Round: 1, Players: []Player{{Name: "ann"}, {Name: "bob"}}, Apart: [][2]string{{"ann", "zed"}}},
		{Format: Swiss, Kind: "pinochle", Round: 1, Players: []Player{{Name: "ann"}, {Name: "bob"}}, Keep: []Kept{{"ann", 0}}},
	} {
		if _, err := Pair(bad); err == nil {
			t.Errorf("%+v is paired", bad)
		}
	}
}

// TestApartAtLargerTables is T13 at tables of more than 2: of the seatings with the fewest
// repeat pairs, the one kept seats no pair who must not meet together, in a rotation and in a
// Swiss; the judge flags a seating that seats them together with no fewer repeats.
func TestApartAtLargerTables(t *testing.T) {
	for _, format := range []string{Rotation, Swiss} {
		in := Input{Format: format, Kind: "capture", Round: 1, TableSize: 3, Seed: 4}
		for i := range 6 {
			in.Players = append(in.Players, Player{Name: fmt.Sprintf("p%d", i+1), Opponents: []string{}, First: []bool{}})
		}
		plain, err := Pair(in)
		if err != nil {
			t.Fatal(err)
		}
		together := plain.Tables[0].Players[:2]
		in.Apart = [][2]string{{together[0], together[1]}}
		apart, err := Pair(in)
		if err != nil {
			t.Fatal(err)
		}
		for _, tb := range apart.Tables {
			if slices.Contains(tb.Players, together[0]) && slices.Contains(tb.Players, together[1]) {
				t.Errorf("%s: %s and %s kept apart sit together: %+v", format, together[0], together[1], apart)
			}
		}
		if f := JudgePairing(in, plain); !slices.ContainsFunc(f, func(f referee.Flag) bool { return f.Rule == "T13" }) {
			t.Errorf("%s: the seating with them together, judged: %+v, want T13", format, f)
		}
	}
}
