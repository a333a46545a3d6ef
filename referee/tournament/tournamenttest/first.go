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

// dueFirst is who is first at a table by docs/rules.md's order, and why. At a table of 2: a
// player first in each of their last two games is not first when the other was not; else the
// one first fewer times; else the one not first in their latest game (a player with no game
// has no latest game); else the higher in the standings. At a larger table the same without
// the first clause.
func (f *field) dueFirst(table []int) (int, string) {
	if len(table) == 2 {
		a, b := min(table[0], table[1]), max(table[0], table[1])
		twiceA, twiceB := f.firstTwiceRunning(a), f.firstTwiceRunning(b)
		if twiceA != twiceB {
			due, other := a, b
			if twiceA {
				due, other = b, a
			}
			return due, fmt.Sprintf("%s was first in each of their last two games and %s was not", f.name[other], f.name[due])
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

func (f *field) firstTwiceRunning(a int) bool {
	games := f.first[a]
	return len(games) >= 2 && games[len(games)-1] && games[len(games)-2]
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
