package tournamenttest

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/tableside/tableside/referee/tournament"
)

// exhaustiveSeats is the largest field whose T6 is confirmed by searching every seating.
const exhaustiveSeats = 12

// seatings holds tables of more than two to T6: as few pairs seated together who met before as
// any seating of T2's sizes; in a Swiss, among those, the leaders together (table 1 holds the
// best-placed players it can, then table 2, and so on). Up to 12 players both are searched
// exhaustively; beyond, the repeats are measured against LowerBoundRepeats.
func (c *checker) seatings(tables [][]int) figures {
	fig := figures{larger: true}
	var again []string
	for t, table := range tables {
		for i, a := range table {
			for _, b := range table[i+1:] {
				if c.met(a, b) {
					again = append(again, fmt.Sprintf("%s and %s at table %d", c.name[a], c.name[b], t+1))
				}
			}
		}
	}
	fig.repeats = len(again)
	if c.n > exhaustiveSeats {
		fig.fewest = c.lowerBound()
		c.exchangeSeats(tables)
		return fig
	}
	s := c.newSearch()
	fig.exhaustive = true
	fig.fewest = s.fewest(0)
	if fig.repeats > fig.fewest {
		c.breach("T6", "%d %s again (%s), though a seating with %d exists", fig.repeats, verb(fig.repeats, "pair meets", "pairs meet"), strings.Join(again, ", "), fig.fewest)
		return fig
	}
	if c.in.Format != tournament.Swiss {
		return fig
	}
	var seated uint32
	for t, table := range tables {
		got := setOf(table)
		due := s.leaders(seated)
		if got != due {
			c.breach("T6", "table %d seats %s, but with as few repeat pairs the leaders together seat %s there", t+1, c.names(sortedPlaces(table)), c.names(placesOf(due)))
			return fig
		}
		seated |= got
	}
	return fig
}

// exchangeSeats holds a seating of more than 12 players to what T6 needs of any two players at
// different tables: exchanging them does not seat fewer pairs who met before, nor, in a Swiss,
// as few with the better-placed of them at the earlier table (the leaders closer together). It
// is a part of T6, not all of it, and what it finds is a breach for sure.
func (c *checker) exchangeSeats(tables [][]int) {
	// metAt counts whom a player has met among a table's players but one.
	metAt := func(a int, table []int, but int) int {
		n := 0
		for _, b := range table {
			if b != but && b != a && c.met(a, b) {
				n++
			}
		}
		return n
	}
	for i, t := range tables {
		for j := i + 1; j < len(tables); j++ {
			u := tables[j]
			for _, x := range t {
				for _, y := range u {
					now := metAt(x, t, x) + metAt(y, u, y)
					then := metAt(y, t, x) + metAt(x, u, y)
					switch {
					case then < now:
						c.breach("T6", "exchanging %s (table %d) and %s (table %d) seats %d fewer %s who met before", c.name[x], i+1, c.name[y], j+1, now-then, verb(now-then, "pair", "pairs"))
						return
					case then == now && y < x && c.in.Format == tournament.Swiss:
						c.breach("T6", "exchanging %s (table %d) and %s (table %d) seats the leaders closer together with as few pairs who met before", c.name[x], i+1, c.name[y], j+1)
						return
					}
				}
			}
		}
	}
}

// search walks the seatings of up to 12 players (by place, a bit each) at T2's tables, filled
// in table order.
type search struct {
	field *field
	sizes []int
	// table says which table a count of players seated fills next.
	table map[int]int
	met   []uint32
	memo  map[uint32]int
	// everyone is the set of all the players.
	everyone uint32
}

func (f *field) newSearch() *search {
	s := &search{field: f, sizes: tableSizes(f.n, f.in.TableSize), table: map[int]int{}, met: make([]uint32, f.n), memo: map[uint32]int{}, everyone: 1<<f.n - 1}
	seated := 0
	for t, size := range s.sizes {
		s.table[seated] = t
		seated += size
	}
	for a := range f.n {
		for b := range f.n {
			if f.met(a, b) {
				s.met[a] |= 1 << b
			}
		}
	}
	return s
}

// repeats counts the pairs of a table who met before.
func (s *search) repeats(table uint32) int {
	n := 0
	for rest := table; rest != 0; rest &= rest - 1 {
		n += bits.OnesCount32(s.met[bits.TrailingZeros32(rest)] & table)
	}
	return n / 2
}

// fewest is the least count of repeat pairs over the seatings of everyone not yet seated.
func (s *search) fewest(seated uint32) int {
	free := s.everyone &^ seated
	if free == 0 {
		return 0
	}
	if n, ok := s.memo[seated]; ok {
		return n
	}
	best := -1
	eachTable(free, s.sizes[s.table[bits.OnesCount32(seated)]], func(table uint32) {
		n := s.repeats(table) + s.fewest(seated|table)
		if best < 0 || n < best {
			best = n
		}
	})
	s.memo[seated] = best
	return best
}

// leaders is the next table of the leaders-together seating: of the tables that keep the
// repeats fewest, the one whose best-placed player is the best, then its next, and so on.
func (s *search) leaders(seated uint32) uint32 {
	free := s.everyone &^ seated
	var best uint32
	eachTable(free, s.sizes[s.table[bits.OnesCount32(seated)]], func(table uint32) {
		if s.repeats(table)+s.fewest(seated|table) != s.fewest(seated) {
			return
		}
		// Bits are places, the leader lowest: the better set holds the lowest place they differ in.
		if differ := best ^ table; best == 0 || table&differ&-differ != 0 {
			best = table
		}
	})
	return best
}

// eachTable calls seat with every set of size players among free.
func eachTable(free uint32, size int, seat func(uint32)) {
	var pick func(rest uint32, chosen uint32, left int)
	pick = func(rest, chosen uint32, left int) {
		if left == 0 {
			seat(chosen)
			return
		}
		if bits.OnesCount32(rest) < left {
			return
		}
		low := rest & -rest
		pick(rest&^low, chosen|low, left-1)
		pick(rest&^low, chosen, left)
	}
	pick(free, 0, size)
}

func setOf(places []int) uint32 {
	var set uint32
	for _, a := range places {
		set |= 1 << a
	}
	return set
}

func placesOf(set uint32) []int {
	var places []int
	for ; set != 0; set &= set - 1 {
		places = append(places, bits.TrailingZeros32(set))
	}
	return places
}

// LowerBoundRepeats is a lower bound on the pairs who met before that any seating of the
// round's tables of more than two must seat together (0 for an input that breaks the contract
// or is played at tables of 2). It is the larger of two counts, each of distinct pairs:
//
//   - by players: a player who has not met f of the others meets at least s−1−f again at a
//     table of s, and each repeat pair is counted by both its players. The smaller tables of
//     T2 are given to the players with fewest unmet first.
//   - by groups who have all met each other (found greedily, apart): a group of g spread over
//     the round's k tables as evenly as can be still sits C(⌈g/k⌉, 2) pairs together at the
//     fuller tables.
func LowerBoundRepeats(in tournament.Input) int {
	f, err := newField(in)
	if err != nil || f.pairs {
		return 0
	}
	return f.lowerBound()
}

func (f *field) lowerBound() int {
	sizes := tableSizes(f.n, f.in.TableSize)
	small := sizes[len(sizes)-1]
	larger := 0
	for _, size := range sizes {
		if size > small {
			larger += size
		}
	}
	unmet := make([]int, f.n)
	for a := range f.n {
		for b := range f.n {
			if a != b && !f.met(a, b) {
				unmet[a]++
			}
		}
	}
	// Ends of repeat pairs, two to a pair.
	ends, roomy := 0, 0
	for _, u := range unmet {
		ends += max(0, small-1-u)
		if u >= small {
			roomy++ // can take a larger table's extra seat with no further repeat
		}
	}
	ends += max(0, larger-roomy)
	byPlayers := (ends + 1) / 2

	byGroups := 0
	grouped := make([]bool, f.n)
	for a := range f.n {
		if grouped[a] {
			continue
		}
		group := []int{a}
		grouped[a] = true
		for b := a + 1; b < f.n; b++ {
			if grouped[b] {
				continue
			}
			all := true
			for _, g := range group {
				all = all && f.met(g, b)
			}
			if all {
				group = append(group, b)
				grouped[b] = true
			}
		}
		k := len(sizes)
		g := len(group)
		each, fuller := g/k, g%k
		byGroups += fuller*pairsOf(each+1) + (k-fuller)*pairsOf(each)
	}
	return max(byPlayers, byGroups)
}

func pairsOf(n int) int { return n * (n - 1) / 2 }
