package tournamenttest

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"

	"github.com/tableside/tableside/referee/tournament"
)

// Pairer pairs a round: tableside's pairing, or any other held to the same rulings.
type Pairer func(tournament.Input) (tournament.Output, error)

// Generator plays random tournaments. Play uses Default; a smaller field lets a slow pairer
// (an exhaustive one, in the tests) keep up.
type Generator struct {
	// MostPlayers bounds the players present in a Swiss or a rotation; MostRoundRobin in a
	// round robin.
	MostPlayers, MostRoundRobin int
}

// Default is the field: 3 to 60 players, a round robin of at most 20.
var Default = Generator{MostPlayers: 60, MostRoundRobin: 20}

// Report is one random tournament: what it was, what it measured, and every breach Check
// found, each with the seed and round that replay it.
type Report struct {
	Seed      uint64
	Kind      string
	Format    string
	TableSize int
	Double    bool
	// Rounds is the rounds the tournament was to have; Paired those paired and checked (fewer
	// when a round's pairing left players out or seated them at the wrong tables, which stops
	// the tournament: its results could not be played).
	Rounds, Paired int
	// Entered is every player who played, late arrivals too; MostPresent the largest round.
	Entered, MostPresent int
	// Exhaustive counts the rounds whose T5 or T6 was confirmed by exhaustive search.
	Exhaustive int
	// Repeats are the pairs seated together again at tables of more than two, over the rounds
	// of up to 12 players, and Fewest their least possible count, found by searching every
	// seating; RepeatsBeyond and Bound are those of the larger rounds, and the sum of their
	// LowerBoundRepeats.
	Repeats, Fewest      int
	RepeatsBeyond, Bound int
	Breaches             []Found
}

// Found is a breach in one round of one tournament.
type Found struct {
	Seed  uint64
	Round int
	Breach
}

func (f Found) String() string {
	return fmt.Sprintf("seed %d, round %d: %s", f.Seed, f.Round, f.Breach)
}

func (r Report) String() string {
	double := ""
	if r.Double {
		double = " double"
	}
	return fmt.Sprintf("seed %d: %s%s %s at %d, %d of %d rounds, %d players (%d at most), %d searched exhaustively, repeat pairs %d (fewest %d), beyond 12 players %d (bound %d), %d breaches",
		r.Seed, r.Kind, double, r.Format, r.TableSize, r.Paired, r.Rounds, r.Entered, r.MostPresent, r.Exhaustive, r.Repeats, r.Fewest, r.RepeatsBeyond, r.Bound, len(r.Breaches))
}

// Play plays one random tournament of Default's field; see Generator.Play.
func Play(seed uint64, pair Pairer) (Report, error) { return Default.Play(seed, pair) }

// Play plays one random tournament from its seed: a kind, a format it has (Swiss or round
// robin at tables of 2, Swiss or rotation at a table size a many-player kind allows), players
// with ratings or none, 2 to 9 rounds (a round robin: all its rounds, or fewer), late arrivals
// and drops between rounds (none join a round robin after round 1), and random results scored
// by T8. Each round's input is built from the history as the contract says, paired by pair,
// and held to the rulings by Check. An error is pair's own: it refused a valid input.
func (g Generator) Play(seed uint64, pair Pairer) (Report, error) {
	rng := rand.New(rand.NewPCG(seed, 0x7ab1e51de))
	night := &night{rng: rng}
	kinds := make([]string, 0, len(seats))
	for kind := range seats {
		kinds = append(kinds, kind)
	}
	sort.Strings(kinds)
	kind := kinds[rng.IntN(len(kinds))]
	report := Report{Seed: seed, Kind: kind, TableSize: 2}
	least, most := seats[kind][0], seats[kind][1]
	var players int
	if most == 2 {
		report.Format = tournament.Swiss
		if rng.IntN(2) == 0 {
			report.Format = tournament.RoundRobin
		}
	} else {
		report.Format = tournament.Swiss
		if rng.IntN(2) == 0 {
			report.Format = tournament.Rotation
		}
		report.TableSize = least + rng.IntN(most-least+1)
	}
	if report.Format == tournament.RoundRobin {
		players = 3 + rng.IntN(g.MostRoundRobin-2)
		report.Double = rng.IntN(4) == 0
		cycle := players + players%2 - 1
		report.Rounds = cycle
		if report.Double {
			report.Rounds *= 2
		}
		if rng.IntN(2) == 0 {
			report.Rounds = 2 + rng.IntN(report.Rounds-1)
		}
	} else {
		players = 3 + rng.IntN(g.MostPlayers-2)
		report.Rounds = 2 + rng.IntN(8)
	}
	rated := rng.IntN(2) == 0
	for range players {
		night.arrive(rated)
	}
	entrants := players
	for round := 1; round <= report.Rounds; round++ {
		if round > 1 {
			night.comeAndGo(report.Format != tournament.RoundRobin, g.MostPlayers, max(2, least), rated)
		}
		in := night.input(report, round, entrants)
		out, err := pair(in)
		if err != nil {
			return report, fmt.Errorf("seed %d, round %d: %w", seed, round, err)
		}
		breaches, fig := check(in, out)
		report.Paired++
		report.MostPresent = max(report.MostPresent, len(in.Players))
		if fig.exhaustive {
			report.Exhaustive++
		}
		if fig.exhaustive {
			report.Repeats += fig.repeats
			report.Fewest += fig.fewest
		} else {
			report.RepeatsBeyond += fig.repeats
			report.Bound += fig.fewest
		}
		stop := false
		for _, b := range breaches {
			report.Breaches = append(report.Breaches, Found{seed, round, b})
			stop = stop || b.Rule == "T1" || b.Rule == "T2" || b.Rule == "input"
		}
		if stop {
			break
		}
		night.play(out)
	}
	report.Entered = len(night.players)
	return report, nil
}

// entrant is a player's night so far.
type entrant struct {
	name    string
	number  int
	rating  int
	present bool
	points  int64 // 120ths
	met     []string
	byes    int
	first   []bool
}

type night struct {
	rng     *rand.Rand
	players []*entrant
	byName  map[string]*entrant
}

func (n *night) arrive(rated bool) {
	number := len(n.players) + 1
	e := &entrant{name: fmt.Sprintf("p%02d", number), number: number, present: true}
	if rated {
		// A coarse scale, so that equal ratings happen.
		e.rating = 1000 + 50*n.rng.IntN(29)
	}
	if n.byName == nil {
		n.byName = map[string]*entrant{}
	}
	n.players = append(n.players, e)
	n.byName[e.name] = e
}

// comeAndGo drops a few players between rounds, never below least present, and, where joining
// is allowed, brings a few late ones, never above most present.
func (n *night) comeAndGo(join bool, most, least int, rated bool) {
	present := 0
	for _, e := range n.players {
		if e.present {
			present++
		}
	}
	for _, e := range n.players {
		if e.present && present > least && n.rng.IntN(20) == 0 {
			e.present = false
			present--
		}
	}
	if join && n.rng.IntN(3) == 0 {
		for late := 1 + n.rng.IntN(3); late > 0 && present < most; late-- {
			n.arrive(rated)
			present++
		}
	}
}

// input is the round's input: the players present in standings order (points, then rating,
// then number), everyone they met once a meeting (players since dropped too, whom Dropped
// names), their byes and who was first in each game.
func (n *night) input(r Report, round, entrants int) tournament.Input {
	in := tournament.Input{Format: r.Format, Kind: r.Kind, Round: round, TableSize: r.TableSize, Seed: n.rng.Uint64(), Double: r.Double}
	if r.Format == tournament.RoundRobin {
		in.Entrants = entrants
	}
	var present []*entrant
	for _, e := range n.players {
		if e.present {
			present = append(present, e)
		} else {
			in.Dropped = append(in.Dropped, e.name)
		}
	}
	sort.SliceStable(present, func(a, b int) bool {
		x, y := present[a], present[b]
		if x.points != y.points {
			return x.points > y.points
		}
		if x.rating != y.rating {
			return x.rating > y.rating
		}
		return x.number < y.number
	})
	for _, e := range present {
		in.Players = append(in.Players, tournament.Player{
			Name: e.name, Number: e.number, Points: float64(e.points) / 120, Rating: e.rating,
			Opponents: slices.Clone(e.met), Byes: e.byes, First: slices.Clone(e.first),
		})
	}
	return in
}

// play plays a round's games with random results, scored by T8: at tables of 2 a win, a draw
// or a loss; at larger tables random places, now and then shared.
func (n *night) play(out tournament.Output) {
	for _, name := range out.Byes {
		e := n.byName[name]
		e.byes++
		e.points += 120
	}
	for _, t := range out.Tables {
		table := make([]*entrant, len(t.Players))
		for i, name := range t.Players {
			table[i] = n.byName[name]
		}
		for _, e := range table {
			e.first = append(e.first, e.name == t.First)
			for _, o := range table {
				if o != e {
					e.met = append(e.met, o.name)
				}
			}
		}
		// A score each, from a small range so that places are shared now and then; the
		// places' points are 120ths, even spaced from 1 to 0, shared places their mean.
		size := len(table)
		score := make([]int, size)
		for i := range score {
			score[i] = n.rng.IntN(3 * size)
		}
		if size == 2 && n.rng.IntN(5) == 0 {
			score[0], score[1] = 0, 0 // a draw
		} else if size == 2 && score[0] == score[1] {
			score[0]++
		}
		order := make([]int, size)
		for i := range order {
			order[i] = i
		}
		sort.SliceStable(order, func(a, b int) bool { return score[order[a]] > score[order[b]] })
		for at := 0; at < size; {
			next := at
			var sum int64
			for ; next < size && score[order[next]] == score[order[at]]; next++ {
				sum += placePoints(next, size)
			}
			for _, i := range order[at:next] {
				table[i].points += sum / int64(next-at)
			}
			at = next
		}
	}
}

// placePoints are the points of a place (from 0) at a table, in 120ths (T8): the first 1, the
// last 0, the places between evenly spaced.
func placePoints(place, size int) int64 {
	if size < 2 {
		return 120
	}
	return int64(120 * (size - 1 - place) / (size - 1))
}

// Tally adds up the reports of many tournaments, for a test's closing figures.
type Tally struct {
	Tournaments, Rounds, Exhaustive int
	// Repeats and Fewest are the repeat pairs at larger tables of up to 12 players and their
	// least possible count; RepeatsBeyond and Bound those of larger rounds and a lower bound.
	Repeats, Fewest, RepeatsBeyond, Bound int
	Breaches                              int
	// Formats counts the tournaments by kind and format ("capture rotation").
	Formats map[string]int
}

// Add counts a tournament in.
func (t *Tally) Add(r Report) {
	if t.Formats == nil {
		t.Formats = map[string]int{}
	}
	t.Tournaments++
	t.Rounds += r.Paired
	t.Exhaustive += r.Exhaustive
	t.Repeats += r.Repeats
	t.Fewest += r.Fewest
	t.RepeatsBeyond += r.RepeatsBeyond
	t.Bound += r.Bound
	t.Breaches += len(r.Breaches)
	t.Formats[r.Kind+" "+r.Format]++
}

func (t Tally) String() string {
	return fmt.Sprintf("%d tournaments, %d rounds, %d breaches; %d rounds searched exhaustively; at larger tables of up to 12 players %d repeat pairs, %d the least possible; beyond, %d against a lower bound of %d",
		t.Tournaments, t.Rounds, t.Breaches, t.Exhaustive, t.Repeats, t.Fewest, t.RepeatsBeyond, t.Bound)
}
