package tournamenttest_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/tableside/tableside/referee/tournament"
	"github.com/tableside/tableside/referee/tournament/tournamenttest"
)

// p is a player: name, points, the opponents met, byes and, a game a letter, whether first
// ("ff-" is first, first, not first).
func p(name string, points float64, met string, byes int, first string) tournament.Player {
	player := tournament.Player{Name: name, Points: points, Opponents: strings.Fields(met), Byes: byes, First: []bool{}}
	for _, f := range first {
		player.First = append(player.First, f == 'f')
	}
	return player
}

// rated is a player with a rating, at round 1.
func rated(name string, rating int) tournament.Player {
	player := p(name, 0, "", 0, "")
	player.Rating = rating
	return player
}

// numbered is a round robin's player.
func numbered(name string, number int, met string, first string) tournament.Player {
	player := p(name, 0, met, 0, first)
	player.Number = number
	return player
}

func input(format, kind string, size, round int, players ...tournament.Player) tournament.Input {
	return tournament.Input{Format: format, Kind: kind, Round: round, TableSize: size, Seed: 1, Players: players}
}

// pairing is an output: tables as "ann bob" (the first named is first), then the byes.
func pairing(round int, tables []string, byes ...string) tournament.Output {
	out := tournament.Output{Round: round, Byes: byes}
	for t, table := range tables {
		names := strings.Fields(table)
		out.Tables = append(out.Tables, tournament.Table{Table: t + 1, Players: names, First: names[0]})
	}
	return out
}

func tables(t ...string) []string { return t }

type checkCase struct {
	name string
	in   tournament.Input
	// right passes (when it is a pairing: some inputs have no right one); wrong breaks rule,
	// with a message that holds text.
	right, wrong tournament.Output
	rule, text   string
}

func TestCheck(t *testing.T) {
	four := input(tournament.Swiss, "pinochle", 2, 1, p("ann", 0, "", 0, ""), p("bob", 0, "", 0, ""), p("cy", 0, "", 0, ""), p("dee", 0, "", 0, ""))
	fourRight := pairing(1, tables("ann cy", "bob dee"))
	// Six at Capture tables of 3 who sat abc and def last round: every seating repeats two pairs.
	six := func(format string) tournament.Input {
		return input(format, "capture", 3, 2,
			p("ann", 1, "bob cy", 0, "f"), p("bob", 1/2., "ann cy", 0, "-"), p("cy", 0, "ann bob", 0, "-"),
			p("dee", 1, "eve fay", 0, "f"), p("eve", 1/2., "dee fay", 0, "-"), p("fay", 0, "dee eve", 0, "-"))
	}
	cases := []checkCase{
		{"T1 a player left out", four, fourRight, pairing(1, tables("ann cy"), "bob"), "T1", "dee is neither seated nor given the bye"},
		{"T1 a stranger", four, fourRight, pairing(1, tables("ann cy", "bob dee", "zed ann")), "T1", "zed is at table 3 but is not a player present for the round"},
		{"T1 a player twice", four, fourRight, pairing(1, tables("ann cy", "bob dee", "ann bob")), "T1", "ann is paired 2 times: at table 1 and table 3"},
		{"T1 the wrong round", four, fourRight, pairing(2, tables("ann cy", "bob dee")), "T1", "the pairing is for round 2, not round 1"},
		{"T2 a table of 4 at pinochle", four, fourRight, pairing(1, tables("ann cy bob dee")), "T2", "table 1 seats 4 players, at tables of 2"},
		{"T2 numbered with a gap", four, fourRight, func() tournament.Output {
			out := pairing(1, tables("ann cy", "bob dee"))
			out.Tables[1].Table = 3
			return out
		}(), "T2", "the tables are numbered 1, 3, not 1 to 2"},
		{"T2 fourteen at tables of 4 sit 4, 4, 3, 3",
			input(tournament.Rotation, "capture", 4, 1, players(14)...),
			pairing(1, tables("a b c d", "e f g h", "i j k", "l m n")),
			pairing(1, tables("a b c d", "e f g", "h i j k", "l m n")),
			"T2", "table 2 seats 3 players: 14 at tables of 4 sit 4, 4, 3, 3, so table 2 seats 4"},
		{"T2 no bye at larger tables",
			input(tournament.Rotation, "capture", 4, 1, players(5)...),
			pairing(1, tables("a b c", "d e")),
			pairing(1, tables("a b c d"), "e"),
			"T2", "e has a bye, but there is no bye at tables of more than two"},
		{"T3 no bye for an even count", four, fourRight, pairing(1, tables("ann cy"), "bob", "dee"), "T3", "4 players present is an even count, with no bye, but bob and dee have the bye"},
		{"T3 a second bye while someone has none",
			input(tournament.Swiss, "pinochle", 2, 3, p("ann", 2, "bob", 0, "ff"), p("bob", 1, "ann", 0, "--"), p("cy", 1, "dee", 1, "f"), p("dee", 0, "cy", 0, "-"), p("eve", 1, "", 1, "")),
			pairing(3, tables("cy ann", "bob eve"), "dee"),
			pairing(3, tables("ann bob", "dee cy"), "eve"),
			"T3", "the bye goes to eve, who has had 1 bye, while dee has had no byes"},
		{"T3 the lowest who lets the rest pair cleanly",
			// If eve sat out, ann (who has met bob, cy and dee) would meet one of them again.
			input(tournament.Swiss, "pinochle", 2, 4, p("ann", 2, "bob cy dee", 0, "f-f"), p("bob", 2, "ann", 0, "-"), p("cy", 2, "ann", 0, "f"), p("dee", 2, "ann", 0, "f"), p("eve", 2, "", 0, "")),
			pairing(4, tables("bob cy", "eve ann"), "dee"),
			pairing(4, tables("ann bob", "cy dee"), "eve"),
			"T3", "the bye goes to eve, but then the others cannot be paired without a rematch; dee is the lowest with as few byes for whom they can"},
		{"T3 the lowest who leaves the fewest rematches, when every bye leaves one",
			// ann, bob, cy and dee have all met: eve's bye leaves two rematches, dee's one.
			input(tournament.Swiss, "pinochle", 2, 4, p("ann", 1.5, "bob cy dee", 0, "f-f"), p("bob", 1.5, "ann cy dee", 0, "f-f"),
				p("cy", 1.5, "ann bob dee", 0, "f-f"), p("dee", 1.5, "ann bob cy", 0, "f-f"), p("eve", 0, "", 0, "")),
			pairing(4, tables("ann bob", "eve cy"), "dee"),
			pairing(4, tables("ann cy", "bob dee"), "eve"),
			"T3", "the bye goes to eve, but dee is the lowest in the standings with as few byes for whom the others pair with the fewest rematches (1)"},
		{"T3 not above the lowest who can have it",
			input(tournament.Swiss, "pinochle", 2, 1, p("ann", 0, "", 0, ""), p("bob", 0, "", 0, ""), p("cy", 0, "", 0, "")),
			pairing(1, tables("ann bob"), "cy"),
			pairing(1, tables("ann cy"), "bob"),
			"T3", "the bye goes to bob, but cy, lower in the standings with as few byes, can have it with the others paired without a rematch"},
		{"T4 a rematch that can be avoided",
			input(tournament.Swiss, "pinochle", 2, 2, p("ann", 1, "bob", 0, "f"), p("bob", 1, "ann", 0, "-"), p("cy", 0, "dee", 0, "f"), p("dee", 0, "cy", 0, "-")),
			pairing(2, tables("bob cy", "dee ann")),
			pairing(2, tables("bob ann", "dee cy")),
			"T4", "bob and ann, dee and cy meet again, though a pairing without a rematch exists"},
		{"T4 a rematch no pairing avoids is allowed, a second is not",
			input(tournament.Swiss, "pinochle", 2, 4, p("ann", 3, "bob cy dee", 0, "f-f"), p("bob", 1, "ann cy", 0, "-f"), p("cy", 1, "ann bob", 0, "-f"), p("dee", 1, "ann", 0, "-")),
			pairing(4, tables("bob ann", "dee cy")),
			pairing(4, tables("dee ann", "bob cy")),
			"T4", "dee and ann, bob and cy meet again (2 pairs), though a pairing has only 1"},
		{"T5 close scores",
			input(tournament.Swiss, "pinochle", 2, 3, p("ann", 2, "", 0, ""), p("bob", 2, "", 0, ""), p("cy", 1, "", 0, ""), p("dee", 1, "", 0, "")),
			pairing(3, tables("ann bob", "cy dee")),
			pairing(3, tables("ann cy", "bob dee")),
			"T5", "the differences in points add up to 2 (ann (2) v cy (1), bob (2) v dee (1)); the least, with as few rematches, is 0"},
		{"T5 close scores in thirds, with a bye",
			input(tournament.Swiss, "capture", 2, 3, p("ann", 4/3., "", 0, ""), p("bob", 1, "", 0, ""), p("cy", 2/3., "", 0, ""), p("dee", 1/3., "", 0, ""), p("eve", 0, "", 0, "")),
			pairing(3, tables("ann bob", "cy dee"), "eve"),
			pairing(3, tables("ann dee", "bob cy"), "eve"),
			"T5", "add up to 1 1/3 (ann (1 1/3) v dee (1/3), bob (1) v cy (2/3)); the least, with eve's bye and as few rematches, is 2/3"},
		{"T5 round 1 by rating, top half against bottom half",
			input(tournament.Swiss, "pinochle", 2, 1, rated("ann", 2000), rated("bob", 1900), rated("cy", 1800), rated("dee", 1700)),
			pairing(1, tables("ann cy", "bob dee")),
			pairing(1, tables("ann bob", "cy dee")),
			"T5", "round 1 pairs the top half by rating against the bottom half, but table 1 pairs ann (2000) with bob (1900)"},
		{"T6 rotation: the fewest repeat pairs", six(tournament.Rotation),
			pairing(2, tables("eve ann cy", "bob dee fay")),
			pairing(2, tables("bob ann cy", "eve dee fay")),
			"T6", "6 pairs meet again (bob and ann at table 1, bob and cy at table 1, ann and cy at table 1, eve and dee at table 2, eve and fay at table 2, dee and fay at table 2), though a seating with 2 exists"},
		{"T6 Swiss: the leaders together", six(tournament.Swiss),
			pairing(2, tables("bob ann dee", "eve cy fay")),
			pairing(2, tables("eve ann cy", "bob dee fay")),
			"T6", "table 1 seats ann, eve and cy, but with as few repeat pairs the leaders together seat ann, dee and bob there"},
		{"T7 not three times running beats fewer times first", two("--ff", "fff-"),
			pairing(5, tables("bob ann")), pairing(5, tables("ann bob")),
			"T7", "at table 1 ann is first, but bob should be: with ann first ann would be first a third time running"},
		{"T7 nor second three times running", two("f-f-", "ff--"),
			pairing(5, tables("bob ann")), pairing(5, tables("ann bob")),
			"T7", "at table 1 ann is first, but bob should be: with ann first bob would be second a third time running"},
		{"T7 the one first fewer times", two("f-", "-"),
			pairing(5, tables("bob ann")), pairing(5, tables("ann bob")),
			"T7", "bob has been first no times, fewer times than the others at the table"},
		{"T7 the one not first in their latest game", two("f-", "-f"),
			pairing(5, tables("ann bob")), pairing(5, tables("bob ann")),
			"T7", "of those first fewest times (once), ann alone was not first in their latest game"},
		{"T7 a player with no game has no latest game", two("", "-"),
			pairing(5, tables("bob ann")), pairing(5, tables("ann bob")),
			"T7", "bob alone was not first in their latest game"},
		{"T7 else the higher in the standings", two("", ""),
			pairing(5, tables("ann bob")), pairing(5, tables("bob ann")),
			"T7", "ann is the highest in the standings of ann and bob, who are otherwise alike"},
		{"T7 at a larger table",
			input(tournament.Rotation, "capture", 3, 2, p("ann", 1, "", 0, "f"), p("bob", 1, "", 0, "-"), p("cy", 1, "", 0, "-")),
			pairing(2, tables("bob ann cy")), pairing(2, tables("cy ann bob")),
			"T7", "bob is the highest in the standings of bob and cy"},
		{"T7 first names a player at the table", two("", ""),
			pairing(5, tables("ann bob")), func() tournament.Output {
				out := pairing(5, tables("ann bob"))
				out.Tables[0].First = "zed"
				return out
			}(),
			"T7", `table 1 names "zed" first, who is not at it`},
		{"round robin: Berger's row", roundRobin(0, 1, false, "", "", "", ""),
			pairing(1, tables("a1 a4", "a2 a3")), pairing(1, tables("a1 a2", "a3 a4")),
			"T4", "table 1 pairs a1 (number 1) with a2 (number 2), but row 1 of Berger's tables for 4 pairs a1 with a4 (number 4)"},
		{"round robin: Berger's colours", roundRobin(0, 2, false, "a4", "a3", "a2", "a1"),
			pairing(2, tables("a4 a3", "a1 a2")), pairing(2, tables("a3 a4", "a1 a2")),
			"T7", "at table 1 a3 is first, but Berger's tables make a4 first (white in row 2 of Berger's tables for 4)"},
		{"round robin: a dropped number's opponent has the bye", roundRobin(5, 1, false, "", "", "", ""),
			pairing(1, tables("a3 a4"), "a1", "a2"), pairing(1, tables("a1 a2", "a3 a4")),
			"T4", "table 1 pairs a1 (number 1) with a2 (number 2), but row 1 of Berger's tables for 6 gives a1 the bye"},
		{"round robin: a bye Berger's tables do not give", roundRobin(5, 1, false, "", "", "", ""),
			pairing(1, tables("a3 a4"), "a1", "a2"), pairing(1, tables("a4 a3"), "a1", "a2"),
			"T7", "at table 1 a4 is first, but Berger's tables make a3 first"},
		{"double round robin: colours reversed in the second cycle", roundRobin(0, 4, true, "a4 a3 a2", "a3 a4 a1", "a2 a1 a4", "a1 a2 a3"),
			pairing(4, tables("a4 a1", "a3 a2")), pairing(4, tables("a1 a4", "a3 a2")),
			"T7", "at table 1 a1 is first, but Berger's tables make a4 first (black in the first cycle in row 1"},
		{"double round robin: no pair meets a third time", roundRobin(0, 4, true, "a4 a4", "a3", "a2", "a1 a1"),
			tournament.Output{}, pairing(4, tables("a4 a1", "a3 a2")),
			"T4", "a4 and a1 meet for the third time, in a round robin where a pair meets twice"},
		{"T5 beyond 16 players: no exchange of opponents closes the scores",
			input(tournament.Swiss, "pinochle", 2, 2, withPoints(players(18), 1, 1, 1, 1, 1, 1, 1, 1, 1)...),
			pairing(2, tables("a b", "c d", "e f", "g h", "i j", "k l", "m n", "o p", "q r")),
			pairing(2, tables("a l", "c d", "e f", "g h", "i j", "b k", "m n", "o p", "q r")),
			"T5", "pairing a with i and l with j, instead of a with l and i with j, makes the total difference in points 2 smaller with no more rematches"},
		{"input: opponents' lists that disagree",
			input(tournament.Rotation, "capture", 3, 2, p("ann", 0, "bob cy", 0, "f"), p("bob", 0, "ann", 0, "-"), p("cy", 0, "", 0, "-")),
			tournament.Output{}, pairing(2, tables("ann bob cy")),
			"input", "ann lists cy as met once, and cy lists ann no times"},
		{"T6 beyond 12 players: no exchange seats fewer repeat pairs",
			input(tournament.Rotation, "capture", 4, 2, met(players(13), "abcd", "efg", "hij", "klm")...),
			pairing(2, tables("a e h k", "b f i", "c g l", "d j m")),
			pairing(2, tables("a b h k", "e f i", "c g l", "d j m")),
			"T6", "exchanging a (table 1) and e (table 2) seats 2 fewer pairs who met before"},
		{"T6 beyond 12 players: no exchange seats the leaders closer together",
			input(tournament.Swiss, "capture", 4, 2, withPoints(players(13), 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)...),
			pairing(2, tables("a b c d", "e f g", "h i j", "k l m")),
			pairing(2, tables("a b c e", "d f g", "h i j", "k l m")),
			"T6", "exchanging e (table 1) and d (table 2) seats the leaders closer together with as few pairs who met before"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := tournamenttest.Check(c.in, c.right); c.right.Round > 0 && len(got) > 0 {
				t.Errorf("a right pairing has breaches: %v", got)
			}
			got := tournamenttest.Check(c.in, c.wrong)
			for _, b := range got {
				if b.Rule == c.rule && strings.Contains(b.Message, c.text) {
					return
				}
			}
			t.Errorf("want %s: …%s…, got %v", c.rule, c.text, got)
		})
	}
}

// two are two players of a Swiss, level on points, and who was first in their games.
func two(ann, bob string) tournament.Input {
	return input(tournament.Swiss, "pinochle", 2, 5, p("ann", 2, "", 0, ann), p("bob", 2, "", 0, bob))
}

// roundRobin is a round robin of four numbered players, a1 to a4, and whom each has met.
func roundRobin(entrants, round int, double bool, met ...string) tournament.Input {
	var list []tournament.Player
	for i, m := range met {
		list = append(list, numbered(fmt.Sprintf("a%d", i+1), i+1, m, ""))
	}
	in := input(tournament.RoundRobin, "candidate", 2, round, list...)
	in.Entrants, in.Double = entrants, double
	return in
}

func players(n int) []tournament.Player {
	var list []tournament.Player
	for i := range n {
		list = append(list, p(string(rune('a'+i)), 0, "", 0, ""))
	}
	return list
}

// Check never panics, whatever it is given: a malformed output is a breach, and a malformed
// input one of rule "input".
func FuzzCheck(f *testing.F) {
	f.Add(`{"format":"swiss","kind":"pinochle","round":2,"table_size":2,"players":[{"name":"ann","points":1,"opponents":["bob"],"byes":0,"first":[true]},{"name":"bob","points":0,"opponents":["ann"],"byes":0,"first":[false]},{"name":"cy","points":1,"opponents":[],"byes":1,"first":[]}]}`,
		`{"round":2,"tables":[{"table":1,"players":["ann","cy"],"first":"cy"}],"byes":["bob"]}`)
	f.Add(`{"format":"round-robin","kind":"candidate","round":3,"table_size":2,"entrants":5,"double":true,"players":[{"name":"a","number":1,"points":0,"opponents":[],"byes":0,"first":[]},{"name":"b","number":4,"points":0,"opponents":[],"byes":0,"first":[]}]}`,
		`{"round":3,"tables":[{"table":1,"players":["a","b"],"first":"b"}],"byes":[]}`)
	f.Add(`{"format":"rotation","kind":"capture","round":2,"table_size":3,"players":[{"name":"a","points":0.5},{"name":"b","points":0.25,"opponents":["a"]},{"name":"c"},{"name":"d"}]}`,
		`{"round":2,"tables":[{"table":1,"players":["a","b"],"first":"a"},{"table":2,"players":["c","d"],"first":"c"}]}`)
	f.Fuzz(func(t *testing.T, input, output string) {
		var in tournament.Input
		var out tournament.Output
		if json.Unmarshal([]byte(input), &in) != nil || json.Unmarshal([]byte(output), &out) != nil || len(in.Players) > 64 {
			return
		}
		tournamenttest.Check(in, out)
		tournamenttest.LowerBoundRepeats(in)
	})
}

// withPoints gives the first players points.
func withPoints(list []tournament.Player, points ...float64) []tournament.Player {
	for i, pt := range points {
		list[i].Points = pt
	}
	return list
}

// met makes each group of players (by their one-letter names) have met each other.
func met(list []tournament.Player, groups ...string) []tournament.Player {
	for _, group := range groups {
		for _, a := range group {
			for _, b := range group {
				if a != b {
					list[a-'a'].Opponents = append(list[a-'a'].Opponents, string(b))
				}
			}
		}
	}
	return list
}
