package tournamenttest

import (
	"fmt"
	"math"
	"sort"

	"github.com/tableside/tableside/referee/kinds"
	"github.com/tableside/tableside/referee/tournament"
)

// field is a round's input as the checker reads it: the players present in standings order
// (points, then the list's order), their points exact in 120ths, and who met whom.
type field struct {
	in      tournament.Input
	n       int
	name    []string
	place   map[string]int
	points  []int64
	byesHad []int
	first   [][]bool
	rating  []int
	// number is a player's pairing number: their own, or their place in the input's list.
	number []int
	// meetings counts how often two players present met before.
	meetings [][]int
	// pairs is true at tables of 2: the two-player kinds, or a many-player kind at size 2.
	pairs bool
	// least is the fewest players the kind allows at a table.
	least int
}

// seats is the kinds' allowed table sizes, read once from the register of engines.
var seats = func() map[string][2]int {
	m := map[string][2]int{}
	for kind, rules := range kinds.All() {
		least, most := rules.Players()
		m[kind] = [2]int{least, most}
	}
	return m
}()

// newField reads a round's input, or says how it breaks the contract: such an input is to be
// refused, so no pairing of it is right.
func newField(in tournament.Input) (*field, error) {
	size, known := seats[in.Kind]
	if !known {
		return nil, fmt.Errorf("kind %q is not one tableside pairs", in.Kind)
	}
	least, most := size[0], size[1]
	switch {
	case in.Format != tournament.Swiss && in.Format != tournament.RoundRobin && in.Format != tournament.Rotation:
		return nil, fmt.Errorf("format %q is not swiss, round-robin or rotation", in.Format)
	case most == 2 && in.Format == tournament.Rotation:
		return nil, fmt.Errorf("%s is a two-player kind: it has no rotation", in.Kind)
	case most > 2 && in.Format == tournament.RoundRobin:
		return nil, fmt.Errorf("%s is a many-player kind: it has no round robin", in.Kind)
	case most == 2 && in.TableSize != 2:
		return nil, fmt.Errorf("%s is played at tables of 2, not %d", in.Kind, in.TableSize)
	case in.TableSize < least || in.TableSize > most:
		return nil, fmt.Errorf("%s is played at tables of %d to %d, not %d", in.Kind, least, most, in.TableSize)
	case in.Round < 1:
		return nil, fmt.Errorf("round %d: rounds count from 1", in.Round)
	}
	n := len(in.Players)
	if n < 2 || n < least {
		return nil, fmt.Errorf("%d players present cannot be paired (%s needs %d at a table)", n, in.Kind, max(2, least))
	}
	f := &field{in: in, n: n, place: map[string]int{}, pairs: in.TableSize == 2, least: least}
	order := make([]int, n)
	points := make([]int64, n)
	for i, p := range in.Players {
		order[i] = i
		if p.Name == "" {
			return nil, fmt.Errorf("player %d of the list has no name", i+1)
		}
		if _, twice := f.place[p.Name]; twice {
			return nil, fmt.Errorf("%s is listed twice", p.Name)
		}
		f.place[p.Name] = i
		p120 := math.Round(p.Points * 120)
		if math.IsNaN(p.Points) || p.Points < 0 || p.Points > 1e9 || math.Abs(p.Points*120-p120) > 120e-6 {
			return nil, fmt.Errorf("%s has %v points, not a whole number of 120ths of a point", p.Name, p.Points)
		}
		points[i] = int64(p120)
		if p.Byes < 0 {
			return nil, fmt.Errorf("%s has %d byes", p.Name, p.Byes)
		}
	}
	sort.SliceStable(order, func(a, b int) bool { return points[order[a]] > points[order[b]] })
	clear(f.place)
	for place, i := range order {
		p := in.Players[i]
		f.place[p.Name] = place
		f.name = append(f.name, p.Name)
		f.points = append(f.points, points[i])
		f.byesHad = append(f.byesHad, p.Byes)
		f.first = append(f.first, p.First)
		f.rating = append(f.rating, p.Rating)
		number := p.Number
		if number == 0 {
			number = i + 1
		}
		f.number = append(f.number, number)
	}
	// A meeting is listed by both players, as often: lists that disagree break the contract.
	f.meetings = make([][]int, n)
	for a := range f.meetings {
		f.meetings[a] = make([]int, n)
	}
	for a, i := range order {
		for _, o := range in.Players[i].Opponents {
			// A dropped opponent is not present: they cannot meet again, so they do not count.
			if b, ok := f.place[o]; ok && b != a {
				f.meetings[a][b]++
			}
		}
	}
	for a := range n {
		for b := a + 1; b < n; b++ {
			if f.meetings[a][b] != f.meetings[b][a] {
				return nil, fmt.Errorf("%s lists %s as met %s, and %s lists %s %s", f.name[a], f.name[b], times(f.meetings[a][b]), f.name[b], f.name[a], times(f.meetings[b][a]))
			}
		}
	}
	if in.Format == tournament.RoundRobin {
		if err := f.checkNumbers(); err != nil {
			return nil, err
		}
	}
	return f, nil
}

func (f *field) met(a, b int) bool { return f.meetings[a][b] > 0 }

// entrants is a round robin's field at round 1, whose numbers Berger's tables are drawn for.
func (f *field) entrants() int {
	if f.in.Entrants > 0 {
		return f.in.Entrants
	}
	return f.n
}

func (f *field) checkNumbers() error {
	entrants := f.entrants()
	if entrants > 1<<20 {
		return fmt.Errorf("a round robin of %d entrants cannot be drawn", entrants)
	}
	if entrants < f.n {
		return fmt.Errorf("a round robin of %d entrants cannot have %d players present", entrants, f.n)
	}
	holder := map[int]string{}
	for a, number := range f.number {
		if number < 1 || number > entrants {
			return fmt.Errorf("%s has number %d, outside 1 to %d", f.name[a], number, entrants)
		}
		if other, taken := holder[number]; taken {
			return fmt.Errorf("%s and %s both have number %d", other, f.name[a], number)
		}
		holder[number] = f.name[a]
	}
	if f.in.Round > f.roundRobinRounds() {
		return fmt.Errorf("round %d is beyond the round robin's %d rounds", f.in.Round, f.roundRobinRounds())
	}
	return nil
}

// tableSizes are the sizes of a round's tables at tables of more than two, in table order: the
// fewest tables the table size allows, as even as can be, the larger first (T2).
func tableSizes(n, size int) []int {
	count := (n + size - 1) / size
	sizes := make([]int, count)
	for t := range sizes {
		sizes[t] = n / count
		if t < n%count {
			sizes[t]++
		}
	}
	return sizes
}

// formatPoints writes 120ths of a point exactly: "2", "1/2", "1 1/3".
func formatPoints(p120 int64) string {
	whole, part := p120/120, p120%120
	if part == 0 {
		return fmt.Sprint(whole)
	}
	d := gcd(part, 120)
	frac := fmt.Sprintf("%d/%d", part/d, 120/d)
	if whole == 0 {
		return frac
	}
	return fmt.Sprintf("%d %s", whole, frac)
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
