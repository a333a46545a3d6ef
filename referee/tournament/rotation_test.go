package tournament

import (
	"fmt"
	"testing"
)

// metPairs counts, over tables, the pairs at one table who met before in met, and adds every
// pair of every table to met.
func metPairs(met map[[2]string]bool, tables [][]string) int {
	repeats := 0
	for _, t := range tables {
		for i, a := range t {
			for _, b := range t[i+1:] {
				key := [2]string{min(a, b), max(a, b)}
				if met[key] {
					repeats++
				}
				met[key] = true
			}
		}
	}
	return repeats
}

// fewestRepeats is the least count of pairs who met before that any seating of names at tables
// of sizes (larger first) seats together: every seating is tried.
func fewestRepeats(met map[[2]string]bool, names []string, sizes []int) int {
	best := len(names) * len(names)
	var seat func(left []string, k, repeats int)
	seat = func(left []string, k, repeats int) {
		if repeats >= best {
			return
		}
		if k == len(sizes) {
			best = repeats
			return
		}
		var chosen []string
		var pick func(from int)
		pick = func(from int) {
			if len(chosen) == sizes[k] {
				var rest []string
				for _, n := range left {
					if !contains(chosen, n) {
						rest = append(rest, n)
					}
				}
				added := 0
				for i, a := range chosen {
					for _, b := range chosen[i+1:] {
						if met[[2]string{min(a, b), max(a, b)}] {
							added++
						}
					}
				}
				seat(rest, k+1, repeats+added)
				return
			}
			for i := from; i < len(left); i++ {
				// Of tables of one size, each seating is tried once: the first holds the
				// earliest player left when every table left is of its size.
				if len(chosen) == 0 && i > 0 && sizes[k] == sizes[len(sizes)-1] {
					return
				}
				chosen = append(chosen, left[i])
				pick(i + 1)
				chosen = chosen[:len(chosen)-1]
			}
		}
		pick(0)
	}
	seat(names, 0, 0)
	return best
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// TestCaptureRotationNight: 14 players of Capture at tables of 4, 4, 3, 3 over 4 rounds. Every
// round seats the fewest pairs who met before that any seating of that round could (checked
// by trying every seating, beyond the 12 players Pair itself searches whole): 0, 0, 0 and 2,
// so 2 over the night. The night as a whole could have none: the schedule below, found by a
// search over all four rounds at once, repeats no pair. T6 asks each round for its fewest,
// and a round cannot know the rounds after it.
func TestCaptureRotationNight(t *testing.T) {
	in := Input{Format: Rotation, Kind: "capture", TableSize: 4, Seed: 7}
	var names []string
	for i := range 14 {
		names = append(names, fmt.Sprintf("p%02d", i))
		in.Players = append(in.Players, Player{Name: names[i], Opponents: []string{}, First: []bool{}})
	}
	met := map[[2]string]bool{}
	night := 0
	for round := 1; round <= 4; round++ {
		in.Round = round
		out, err := Pair(in)
		if err != nil {
			t.Fatal(err)
		}
		var tables [][]string
		var sizes []int
		for _, tb := range out.Tables {
			tables = append(tables, tb.Players)
			sizes = append(sizes, len(tb.Players))
		}
		if fmt.Sprint(sizes) != "[4 4 3 3]" {
			t.Fatalf("round %d: tables of %v, want 4, 4, 3, 3", round, sizes)
		}
		fewest := fewestRepeats(met, names, sizes)
		repeats := metPairs(met, tables)
		if repeats != fewest {
			t.Errorf("round %d seats %d pairs who met before; a seating of %d exists", round, repeats, fewest)
		}
		night += repeats
		t.Logf("round %d: %v, %d pairs who met before (fewest possible %d)", round, tables, repeats, fewest)
		at := map[string]*Player{}
		for i := range in.Players {
			at[in.Players[i].Name] = &in.Players[i]
		}
		for _, tb := range out.Tables {
			for _, a := range tb.Players {
				for _, b := range tb.Players {
					if a != b {
						at[a].Opponents = append(at[a].Opponents, b)
					}
				}
				at[a].First = append(at[a].First, a == tb.First)
			}
		}
	}
	if night != 2 {
		t.Errorf("%d pairs met again over the night, want 2", night)
	}
	best := [][][]int{
		{{11, 8, 7, 6}, {1, 10, 12, 4}, {0, 5, 9}, {3, 13, 2}},
		{{6, 10, 9, 13}, {4, 3, 5, 8}, {12, 11, 2}, {1, 7, 0}},
		{{6, 12, 0, 3}, {7, 4, 2, 9}, {5, 11, 10}, {13, 1, 8}},
		{{13, 11, 0, 4}, {5, 1, 2, 6}, {3, 10, 7}, {8, 9, 12}},
	}
	met = map[[2]string]bool{}
	again := 0
	for _, round := range best {
		var tables [][]string
		seated := map[int]bool{}
		for _, tb := range round {
			var t []string
			for _, p := range tb {
				seated[p] = true
				t = append(t, names[p])
			}
			tables = append(tables, t)
		}
		if len(seated) != 14 {
			t.Fatalf("the schedule seats %d players in a round", len(seated))
		}
		again += metPairs(met, tables)
	}
	if again != 0 {
		t.Errorf("the schedule meant to repeat nobody repeats %d pairs", again)
	}
}
