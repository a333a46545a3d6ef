package tournament

import (
	"fmt"
	"slices"
	"testing"

	"github.com/tableside/tableside/referee"
)

// TestTheSmallerTablesInTurn is TR4: 14 players of Capture in a rotation at tables of 4 sit
// at tables of 3 in turn over four rounds, where the seatings left it to chance before (three
// sat there three times and one never); a seating that gives the smaller tables to those who
// sat there already, with no fewer repeats, is flagged.
func TestTheSmallerTablesInTurn(t *testing.T) {
	var names []string
	for i := range 14 {
		names = append(names, fmt.Sprintf("p%02d", i+1))
	}
	b := newNightLog(t, map[string]string{"game": "capture", "format": Rotation, "table_size": "4", "rounds": "4"}, names...)
	small := map[string]int{}
	for round := 1; round <= 4; round++ {
		out, flags := b.pair(nil)
		noFlag(t, fmt.Sprintf("round %d", round), flags)
		for _, tb := range out.Tables {
			if len(tb.Players) == 3 {
				for _, p := range tb.Players {
					small[p]++
				}
			}
		}
		b.typed("end")
	}
	// 24 seats at tables of 3 for 14 players: once or twice each would be even, but T6 comes
	// first, and in round 2 no seating without a repeat gives the tables of 3 to six who have
	// not sat at one (eight such players came from two tables of 4). Nobody is left out, and
	// nobody sits there more than once beyond the others.
	least, most := 4, 0
	for _, p := range names {
		least, most = min(least, small[p]), max(most, small[p])
	}
	if least < 1 || most-least > 2 {
		t.Errorf("turns at a table of 3 in four rounds from %d to %d, want every player once at least and no more than 2 apart: %v", least, most, small)
	}
	// Seven at tables of 4 with nobody met: the table of 3 goes to three of the four who never
	// sat at one; given to the three who did, the same repeats (none), it is flagged.
	in := Input{Format: Rotation, Kind: "capture", Round: 2, TableSize: 4, Seed: 3}
	for i := range 7 {
		p := Player{Name: fmt.Sprintf("q%d", i+1), Opponents: []string{}, First: []bool{false}}
		if i < 3 {
			p.Small = 1
		}
		in.Players = append(in.Players, p)
	}
	best, err := Pair(in)
	if err != nil {
		t.Fatal(err)
	}
	for _, tb := range best.Tables {
		if len(tb.Players) == 3 && slices.ContainsFunc(tb.Players, func(n string) bool { return n <= "q3" }) {
			t.Errorf("the table of 3 seats one who sat at one before: %+v", best)
		}
	}
	worst := Output{Round: 2, Tables: []Table{{Table: 1, Players: []string{"q4", "q5", "q6", "q7"}, First: "q4"}, {Table: 2, Players: []string{"q1", "q2", "q3"}, First: "q1"}}}
	if !slices.ContainsFunc(JudgePairing(in, worst), func(f referee.Flag) bool { return f.Rule == "TR4" }) {
		t.Errorf("the table of 3 given to those who sat at one: %+v, want TR4", JudgePairing(in, worst))
	}
}
