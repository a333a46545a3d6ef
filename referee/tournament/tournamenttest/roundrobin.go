package tournamenttest

import "fmt"

// bergerSize is the count Berger's tables are drawn for: the entrants, with a blank for an odd
// count, whose opponent has the bye.
func (f *field) bergerSize() int {
	n := f.entrants()
	return n + n%2
}

func (f *field) roundRobinRounds() int {
	rounds := f.bergerSize() - 1
	if f.in.Double {
		rounds *= 2
	}
	return rounds
}

// bergerOpponent is whom number meets in row round (from 1) of Berger's tables for an even
// size n, and whether number has white. The last number sits out of the rotation: it meets p
// with 2p ≡ round+1 (mod n−1), with white in the even rounds; the others meet where their
// numbers add up to round+1 (mod n−1), white to the one whose number less the other's is even
// (mod n−1). FIDE's tables (Handbook C.05, annex 1) read so. It costs the same for any n, so
// that a field of any size is cheap to check.
func bergerOpponent(n, round, number int) (opponent int, white bool) {
	m := n - 1
	residue := func(x int) int { // in 1..m
		return ((x-1)%m+m)%m + 1
	}
	sum := residue(round + 1)
	if number == n {
		// 2p ≡ sum, and m is odd.
		if sum%2 == 0 {
			return sum / 2, round%2 == 0
		}
		return (sum + m) / 2, round%2 == 0
	}
	opponent = residue(sum - number)
	if opponent == number {
		return n, round%2 == 1
	}
	return opponent, (number-opponent+m)%m%2 == 0
}

// roundRobin holds a round robin's round to row round of Berger's tables by number (T4), the
// opponents of numbers not present given the bye (T3), Berger's colours for who is first,
// reversed in a double round robin's second cycle (T7), and no pair meeting more often than
// the format allows (T4).
func (c *checker) roundRobin(tables [][]int) {
	size := c.bergerSize()
	row, reversed := c.in.Round, false
	if row > size-1 {
		row, reversed = row-(size-1), true
	}
	byNumber := map[int]int{}
	for a, number := range c.number {
		byNumber[number] = a
	}
	// due is each present player's opponent by the tables (-1 for the bye), first who is
	// first at their table.
	due := make([]int, c.n)
	first := make([]int, c.n)
	for i := range due {
		due[i] = -1
	}
	for a, number := range c.number {
		o, white := bergerOpponent(size, row, number)
		if reversed {
			white = !white
		}
		if b, here := byNumber[o]; here {
			due[a] = b
			first[a] = b
			if white {
				first[a] = a
			}
		}
	}
	opponent := func(a int) string {
		if due[a] < 0 {
			return "gives " + c.name[a] + " the bye"
		}
		return fmt.Sprintf("pairs %s with %s (number %d)", c.name[a], c.name[due[a]], c.number[due[a]])
	}
	rowText := fmt.Sprintf("row %d of Berger's tables for %d", row, size)
	allowed := 1
	if c.in.Double {
		allowed = 2
	}
	sorted := sortedTables(c.out.Tables)
	for t, table := range tables {
		a, b := table[0], table[1]
		if c.meetings[a][b] >= allowed {
			c.breach("T4", "%s and %s meet for the %s time, in a round robin where a pair meets %s", c.name[a], c.name[b], ordinal(c.meetings[a][b]+1), times(allowed))
		}
		if due[a] != b {
			c.breach("T4", "table %d pairs %s (number %d) with %s (number %d), but %s %s", t+1, c.name[a], c.number[a], c.name[b], c.number[b], rowText, opponent(a))
			continue
		}
		got, at := c.place[sorted[t].First]
		switch {
		case !at || got != a && got != b:
			c.breach("T7", "table %d names %q first, who is not at it", t+1, sorted[t].First)
		case got != first[a]:
			colour := "white"
			if reversed {
				colour = "black in the first cycle"
			}
			c.breach("T7", "at table %d %s is first, but Berger's tables make %s first (%s in %s)", t+1, c.name[got], c.name[first[a]], colour, rowText)
		}
	}
	for _, a := range c.given {
		if due[a] >= 0 {
			c.breach("T3", "%s (number %d) has the bye, but %s %s", c.name[a], c.number[a], rowText, opponent(a))
		}
	}
}

func ordinal(n int) string {
	switch n {
	case 1:
		return "first"
	case 2:
		return "second"
	case 3:
		return "third"
	}
	return fmt.Sprintf("%dth", n)
}
