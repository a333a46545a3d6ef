package tournamenttest

import "fmt"

// firsts holds who is first at each table to T7 (Swiss and rotation; a round robin keeps
// Berger's colours). Tables are in table order, as places.
func (c *checker) firsts(tables [][]int) {
	sorted := sortedTables(c.out.Tables)
	for t, table := range sorted {
		if len(tables[t]) != len(table.Players) || len(table.Players) == 0 {
			continue // T1 or T2 has said what is wrong with this table
		}
		got, at := c.place[table.First]
		if !at || !contains(tables[t], got) {
			c.breach("T7", "table %d names %q first, who is not at it", table.Table, table.First)
			continue
		}
		due, why := c.dueFirst(tables[t])
		if got != due {
			c.breach("T7", "at table %d %s is first, but %s should be: %s", table.Table, c.name[got], c.name[due], why)
		}
	}
}

// dueFirst is who is first at a table by docs/rules.md's order, and why. At a table of 2: the
// one whose being first makes neither player first, or second, a third time running, when the
// other's would; else the one first fewer times; else the one not first in their latest game
// (a player with no game has no latest game); else the higher in the standings. At a larger
// table the same without the first clause.
func (f *field) dueFirst(table []int) (int, string) {
	if len(table) == 2 {
		a, b := min(table[0], table[1]), max(table[0], table[1])
		whyA, whyB := f.thirdTime(a, b), f.thirdTime(b, a)
		switch {
		case whyA != "" && whyB == "":
			return b, fmt.Sprintf("with %s first %s", f.name[a], whyA)
		case whyB != "" && whyA == "":
			return a, fmt.Sprintf("with %s first %s", f.name[b], whyB)
		}
	}
	candidates := append([]int(nil), table...)
	fewest := f.timesFirst(candidates[0])
	for _, a := range candidates {
		fewest = min(fewest, f.timesFirst(a))
	}
	candidates = keep(candidates, func(a int) bool { return f.timesFirst(a) == fewest })
	if len(candidates) == 1 {
		return candidates[0], fmt.Sprintf("%s has been first %s, fewer times than the others at the table", f.name[candidates[0]], times(fewest))
	}
	if due := keep(candidates, f.secondLatest); len(due) > 0 && len(due) < len(candidates) {
		candidates = due
		if len(candidates) == 1 {
			return candidates[0], fmt.Sprintf("of those first fewest times (%s), %s alone was not first in their latest game", times(fewest), f.name[candidates[0]])
		}
	}
	best := candidates[0]
	for _, a := range candidates {
		best = min(best, a)
	}
	return best, fmt.Sprintf("%s is the highest in the standings of %s, who are otherwise alike", f.name[best], f.names(sortedPlaces(candidates)))
}

// thirdTime says who, with first first and second second, would be first or second a third
// time running; "" when nobody would.
func (f *field) thirdTime(first, second int) string {
	switch {
	case f.sameTwice(first, true):
		return fmt.Sprintf("%s would be first a third time running", f.name[first])
	case f.sameTwice(second, false):
		return fmt.Sprintf("%s would be second a third time running", f.name[second])
	}
	return ""
}

// sameTwice says the player's last two games were both first, or both not when first is false.
func (f *field) sameTwice(a int, first bool) bool {
	games := f.first[a]
	return len(games) >= 2 && games[len(games)-1] == first && games[len(games)-2] == first
}

func (f *field) timesFirst(a int) int {
	n := 0
	for _, first := range f.first[a] {
		if first {
			n++
		}
	}
	return n
}

// secondLatest says the player played a game and was not first in the latest.
func (f *field) secondLatest(a int) bool {
	games := f.first[a]
	return len(games) > 0 && !games[len(games)-1]
}

func times(n int) string {
	switch n {
	case 0:
		return "no times"
	case 1:
		return "once"
	case 2:
		return "twice"
	}
	return fmt.Sprintf("%d times", n)
}

func keep(places []int, ok func(int) bool) []int {
	var kept []int
	for _, a := range places {
		if ok(a) {
			kept = append(kept, a)
		}
	}
	return kept
}

func contains(places []int, a int) bool {
	for _, b := range places {
		if a == b {
			return true
		}
	}
	return false
}
