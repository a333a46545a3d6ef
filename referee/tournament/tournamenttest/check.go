package tournamenttest

import (
	"fmt"
	"sort"
	"strings"

	"github.com/tableside/tableside/referee/tournament"
)

// Breach is one way a pairing breaks a T ruling, or its input the contract.
type Breach struct {
	// Rule is "T1" to "T7", or "input" when the input itself breaks the contract (it is to be
	// refused, so no pairing of it is right).
	Rule string
	// Message names the players and says what is wrong.
	Message string
}

func (b Breach) String() string { return b.Rule + ": " + b.Message }

// figures are what a check measured besides its breaches, for a generator's report.
type figures struct {
	// exhaustive is true when T5 or T6 was confirmed by exhaustive search.
	exhaustive bool
	// larger is true at tables of more than two, where repeats and fewest are measured.
	larger bool
	// repeats are the pairs seated together who met before; fewest is the least possible when
	// exhaustive, else a lower bound.
	repeats, fewest int
}

// Check holds a round's pairing to T1–T7 as docs/rules.md reads them, and returns every breach
// it finds, none for a right pairing. It never panics: a malformed output is itself a breach.
func Check(in tournament.Input, out tournament.Output) []Breach {
	breaches, _ := check(in, out)
	return breaches
}

func check(in tournament.Input, out tournament.Output) ([]Breach, figures) {
	f, err := newField(in)
	if err != nil {
		return []Breach{{"input", err.Error()}}, figures{}
	}
	c := &checker{field: f, out: out}
	c.seated()
	tables := c.tables()
	if len(c.breaches) > 0 {
		// A pairing that does not seat everyone once, at the tables T2 makes, cannot be held to
		// T3–T6; who is first at each table still can, but for a round robin's, which follows
		// its tables.
		if in.Format != tournament.RoundRobin {
			c.firsts(tables)
		}
		return c.breaches, figures{}
	}
	var fig figures
	switch {
	case in.Format == tournament.RoundRobin:
		c.roundRobin(tables)
	case f.pairs:
		fig = c.pairings(tables)
		c.firsts(tables)
	default:
		fig = c.seatings(tables)
		c.firsts(tables)
	}
	return c.breaches, fig
}

type checker struct {
	*field
	out      tournament.Output
	breaches []Breach
	// given are the places of the players the output gives the bye.
	given []int
}

func (c *checker) breach(rule, format string, args ...any) {
	c.breaches = append(c.breaches, Breach{rule, fmt.Sprintf(format, args...)})
}

// seated holds the output to T1: every player present seated once or given the bye, nobody
// else, and the round the input asks for.
func (c *checker) seated() {
	if c.out.Round != c.in.Round {
		c.breach("T1", "the pairing is for round %d, not round %d", c.out.Round, c.in.Round)
	}
	where := make([][]string, c.n)
	note := func(name, at string) {
		if name == "" {
			c.breach("T1", "%s has a seat with no name", at)
			return
		}
		a, ok := c.place[name]
		if !ok {
			c.breach("T1", "%s is at %s but is not a player present for the round", name, at)
			return
		}
		where[a] = append(where[a], at)
	}
	for _, t := range c.out.Tables {
		for _, name := range t.Players {
			note(name, fmt.Sprintf("table %d", t.Table))
		}
	}
	for _, name := range c.out.Byes {
		note(name, "the byes")
	}
	for a, at := range where {
		switch {
		case len(at) == 0:
			c.breach("T1", "%s is neither seated nor given the bye", c.name[a])
		case len(at) > 1:
			c.breach("T1", "%s is paired %d times: at %s", c.name[a], len(at), strings.Join(at, " and "))
		case at[0] == "the byes":
			c.given = append(c.given, a)
		}
	}
}

// tables holds the output to T2 and gives its tables in table order, each as its players'
// places in seating order. Names T1 refused are left out.
func (c *checker) tables() [][]int {
	sorted := sortedTables(c.out.Tables)
	var numbers []string
	ordered := true
	for t, table := range sorted {
		numbers = append(numbers, fmt.Sprint(table.Table))
		ordered = ordered && table.Table == t+1
	}
	if !ordered {
		c.breach("T2", "the tables are numbered %s, not 1 to %d", strings.Join(numbers, ", "), len(sorted))
	}
	tables := make([][]int, len(sorted))
	for t, table := range sorted {
		for _, name := range table.Players {
			if a, ok := c.place[name]; ok {
				tables[t] = append(tables[t], a)
			}
		}
	}
	if c.pairs {
		for _, table := range sorted {
			if len(table.Players) != 2 {
				c.breach("T2", "table %d seats %d players, at tables of 2", table.Table, len(table.Players))
			}
		}
		return tables
	}
	sizes := tableSizes(c.n, c.in.TableSize)
	want := sizesText(sizes)
	if len(sorted) != len(sizes) {
		c.breach("T2", "%d players at tables of %d sit at %d tables (%s), not %d", c.n, c.in.TableSize, len(sizes), want, len(sorted))
	} else {
		for t, table := range sorted {
			if len(table.Players) != sizes[t] {
				c.breach("T2", "table %d seats %d players: %d at tables of %d sit %s, so table %d seats %d", table.Table, len(table.Players), c.n, c.in.TableSize, want, table.Table, sizes[t])
			}
		}
	}
	for _, table := range sorted {
		if len(table.Players) < c.least {
			c.breach("T2", "table %d seats %d: %s needs %d at a table", table.Table, len(table.Players), c.in.Kind, c.least)
		}
	}
	for _, a := range c.given {
		c.breach("T2", "%s has a bye, but there is no bye at tables of more than two", c.name[a])
	}
	return tables
}

func sizesText(sizes []int) string {
	text := make([]string, len(sizes))
	for t, s := range sizes {
		text[t] = fmt.Sprint(s)
	}
	return strings.Join(text, ", ")
}

// names lists players by place: "ann, bob and cy".
func (f *field) names(places []int) string {
	text := make([]string, len(places))
	for i, a := range places {
		text[i] = f.name[a]
	}
	if len(text) < 2 {
		return strings.Join(text, "")
	}
	return strings.Join(text[:len(text)-1], ", ") + " and " + text[len(text)-1]
}

// sortedTables are a pairing's tables by their numbers.
func sortedTables(tables []tournament.Table) []tournament.Table {
	sorted := append([]tournament.Table(nil), tables...)
	sort.SliceStable(sorted, func(a, b int) bool { return sorted[a].Table < sorted[b].Table })
	return sorted
}

func sortedPlaces(places []int) []int {
	sorted := append([]int(nil), places...)
	sort.Ints(sorted)
	return sorted
}
