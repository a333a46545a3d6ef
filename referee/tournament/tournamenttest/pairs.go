package tournamenttest

import (
	"fmt"
	"sort"
	"strings"

	"github.com/tableside/tableside/referee/tournament"
)

// exhaustivePairs is the largest field whose T5 is confirmed by searching every pairing.
const exhaustivePairs = 16

// pairings holds tables of 2 (a Swiss, or a rotation at size 2) to T3, T4 and, in a Swiss, T5.
func (c *checker) pairings(tables [][]int) figures {
	if !c.bye() {
		return figures{}
	}
	seated := make([]int, 0, c.n)
	var rematches []string
	var unequal []string
	var difference int64
	for _, t := range tables {
		a, b := t[0], t[1]
		seated = append(seated, a, b)
		if c.met(a, b) {
			rematches = append(rematches, c.name[a]+" and "+c.name[b])
		}
		if c.points[a] != c.points[b] {
			difference += abs(c.points[a] - c.points[b])
			unequal = append(unequal, fmt.Sprintf("%s (%s) v %s (%s)", c.name[a], formatPoints(c.points[a]), c.name[b], formatPoints(c.points[b])))
		}
	}
	withBye := ""
	if len(c.given) == 1 {
		withBye = fmt.Sprintf(" with %s's bye", c.name[c.given[0]])
	}
	var fig figures
	var fewest int
	var least int64
	if c.n <= exhaustivePairs {
		fewest, least = c.closest(seated)
		fig.exhaustive = c.in.Format == tournament.Swiss
	} else {
		fewest = len(seated)/2 - c.freshMatching(seated)
	}
	if len(rematches) > fewest {
		if fewest == 0 {
			c.breach("T4", "%s meet again, though a pairing%s without a rematch exists", strings.Join(rematches, ", "), withBye)
		} else {
			c.breach("T4", "%s meet again (%d pairs), though a pairing%s has only %d", strings.Join(rematches, ", "), len(rematches), withBye, fewest)
		}
		return fig
	}
	if c.in.Format != tournament.Swiss {
		return fig
	}
	if !fig.exhaustive {
		c.exchangeOpponents(tables)
	}
	if fig.exhaustive && difference > least {
		with := "with as few rematches"
		if len(c.given) == 1 {
			with = fmt.Sprintf("with %s's bye and as few rematches", c.name[c.given[0]])
		}
		c.breach("T5", "the differences in points add up to %s (%s); the least, %s, is %s", formatPoints(difference), strings.Join(unequal, ", "), with, formatPoints(least))
	}
	if c.in.Round == 1 {
		c.firstRound(tables)
	}
	return fig
}

// exchangeOpponents holds a Swiss of more than 16 players to what T5 needs of any two tables:
// that no exchange of opponents between them gives the same rematches or fewer and a smaller
// total difference. It is a part of T5, not all of it, and what it finds is a breach for sure.
func (c *checker) exchangeOpponents(tables [][]int) {
	cost := func(a, b int) (rematch int, difference int64) {
		if c.met(a, b) {
			rematch = 1
		}
		return rematch, abs(c.points[a] - c.points[b])
	}
	for i, t := range tables {
		for _, u := range tables[i+1:] {
			a, b, x, y := t[0], t[1], u[0], u[1]
			r1, d1 := cost(a, b)
			r2, d2 := cost(x, y)
			for _, other := range [2][2]int{{x, y}, {y, x}} {
				r3, d3 := cost(a, other[0])
				r4, d4 := cost(b, other[1])
				if r3+r4 <= r1+r2 && d3+d4 < d1+d2 {
					c.breach("T5", "pairing %s with %s and %s with %s, instead of %s with %s and %s with %s, makes the total difference in points %s smaller with no more rematches",
						c.name[a], c.name[other[0]], c.name[b], c.name[other[1]], c.name[a], c.name[b], c.name[x], c.name[y], formatPoints(d1+d2-d3-d4))
					return
				}
			}
		}
	}
}

// bye holds the bye at tables of 2 to T3, and says whether the rest can be checked: an even
// count has none; an odd count gives it to one player, of those with the fewest byes the lowest
// in the standings for whom the others can be paired with the fewest rematches (T4).
func (c *checker) bye() bool {
	if c.n%2 == 0 {
		if len(c.given) > 0 {
			c.breach("T3", "%d players present is an even count, with no bye, but %s %s the bye", c.n, c.names(c.given), verb(len(c.given), "has", "have"))
			return false
		}
		return true
	}
	if len(c.given) != 1 {
		c.breach("T3", "%d players present is an odd count, with one bye, but %s have the bye", c.n, c.names(c.given))
		return false
	}
	least := c.byesHad[0]
	for _, had := range c.byesHad {
		least = min(least, had)
	}
	// due is the lowest of those leaving the others the most fresh pairs; the search stops at
	// one who leaves no rematch.
	due, mostFresh, clean := -1, -1, false
	for a := c.n - 1; a >= 0 && !clean; a-- {
		if c.byesHad[a] != least {
			continue
		}
		rest := make([]int, 0, c.n-1)
		for b := range c.n {
			if b != a {
				rest = append(rest, b)
			}
		}
		if fresh := c.freshMatching(rest); fresh > mostFresh {
			due, mostFresh, clean = a, fresh, fresh == len(rest)/2
		}
	}
	got := c.given[0]
	switch {
	case got == due:
	case c.byesHad[got] > least:
		c.breach("T3", "the bye goes to %s, who has had %s, while %s has had %s", c.name[got], count(c.byesHad[got], "bye"), c.name[due], count(least, "bye"))
	case !clean:
		c.breach("T3", "the bye goes to %s, but %s is the lowest in the standings with as few byes for whom the others pair with the fewest rematches (%d)", c.name[got], c.name[due], (c.n-1)/2-mostFresh)
	case got < due:
		c.breach("T3", "the bye goes to %s, but %s, lower in the standings with as few byes, can have it with the others paired without a rematch", c.name[got], c.name[due])
	default:
		c.breach("T3", "the bye goes to %s, but then the others cannot be paired without a rematch; %s is the lowest with as few byes for whom they can", c.name[got], c.name[due])
	}
	return true
}

// firstRound holds round 1 of a Swiss to T5's pairing of the top half against the bottom half
// (1 v n/2+1, …) in an order by rating, highest first: any order of equal ratings, which a
// shuffle from the seed decides, is accepted. Pairs of equal ratings are compared as multisets:
// the pairing agrees when the ratings its tables join are those the halves join.
func (c *checker) firstRound(tables [][]int) {
	var ratings []int
	for _, t := range tables {
		ratings = append(ratings, c.rating[t[0]], c.rating[t[1]])
	}
	sort.Sort(sort.Reverse(sort.IntSlice(ratings)))
	half := len(ratings) / 2
	type join struct{ high, low int }
	want := map[join]int{}
	for i := range half {
		want[join{ratings[i], ratings[i+half]}]++
	}
	for t, table := range tables {
		a, b := table[0], table[1]
		j := join{max(c.rating[a], c.rating[b]), min(c.rating[a], c.rating[b])}
		if want[j] == 0 {
			c.breach("T5", "round 1 pairs the top half by rating against the bottom half, but table %d pairs %s (%d) with %s (%d)", t+1, c.name[a], c.rating[a], c.name[b], c.rating[b])
			return
		}
		want[j]--
	}
}

func verb(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	if n == 0 {
		return "no " + noun + "s"
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
