package tournamenttest_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/tableside/tableside/referee/tournament"
	"github.com/tableside/tableside/referee/tournament/tournamenttest"
)

// merits are what the rulings rank a pairing by, as the exhaustive pairer reads them: two
// pairings of a round with the same merits are equally right.
func merits(in tournament.Input, out tournament.Output) string {
	players := map[string]*player{}
	for _, p := range readPlayers(in) {
		players[p.name] = p
	}
	byes := slices.Sorted(slices.Values(out.Byes))
	var firsts, seats []string
	repeats, difference := 0, int64(0)
	for _, t := range out.Tables {
		table := make([]*player, len(t.Players))
		for i, name := range t.Players {
			table[i] = players[name]
		}
		firsts = append(firsts, fmt.Sprint(t.First == firstAt(table)))
		var ranks []int
		for i, p := range table {
			ranks = append(ranks, p.ranking)
			for _, q := range table[i+1:] {
				if p.met[q.name] {
					repeats++
				}
			}
		}
		difference += max(table[0].points-table[1%len(table)].points, table[1%len(table)].points-table[0].points)
		sort.Ints(ranks)
		seats = append(seats, fmt.Sprint(t.Table, ranks))
	}
	switch {
	case in.Format == tournament.RoundRobin:
		// Berger's tables make one pairing, with its colours.
		var tables []string
		for _, t := range out.Tables {
			tables = append(tables, t.First+" "+strings.Join(t.Players, " "))
		}
		sort.Strings(tables)
		return fmt.Sprint(tables, byes)
	case in.TableSize == 2 && in.Format == tournament.Swiss:
		return fmt.Sprint(byes, repeats, difference, firsts)
	case in.TableSize == 2:
		return fmt.Sprint(byes, repeats, firsts)
	case in.Format == tournament.Swiss:
		sort.Strings(seats)
		return fmt.Sprint(repeats, seats, firsts)
	}
	return fmt.Sprint(repeats, firsts)
}

// Check passes a pairing exactly when it is as good as the exhaustive pairer's by the
// rulings: the pairings are the exhaustive pairer's, and those changed a little (two players
// swapped between tables or with the bye, or another player first), from real rounds.
func TestCheckAgreesWithAnExhaustiveJudge(t *testing.T) {
	small := tournamenttest.Generator{MostPlayers: 9, MostRoundRobin: 9}
	rng := rand.New(rand.NewPCG(11, 12))
	passed, caught := map[string]int{}, map[string]int{}
	for seed := range uint64(150) {
		pair := func(in tournament.Input) (tournament.Output, error) {
			right, err := ideal(in)
			if in.Round == 1 && in.Format == tournament.Swiss && in.TableSize == 2 {
				return right, err // round 1 pairs by rating, which the judge does not rank
			}
			for range 4 {
				changed := mutate(rng, right)
				breaches := tournamenttest.Check(in, changed)
				good := merits(in, changed) == merits(in, right)
				if good != (len(breaches) == 0) {
					t.Fatalf("seed %d round %d: %+v\nchanged to %+v\nthe judge says right %v, the checker %v", seed, in.Round, right, changed, good, breaches)
				}
				if good {
					passed[in.Format]++
				} else {
					caught[in.Format]++
				}
			}
			return right, err
		}
		if _, err := small.Play(seed, pair); err != nil {
			t.Fatal(err)
		}
	}
	t.Log("passed", passed, "caught", caught)
	for _, format := range []string{tournament.Swiss, tournament.Rotation, tournament.RoundRobin} {
		if passed[format] == 0 || caught[format] == 0 {
			t.Errorf("%s: %d changed pairings passed, %d caught: the test does not test both ways", format, passed[format], caught[format])
		}
	}
}

// mutate changes a pairing a little, keeping everyone seated once at tables of the same sizes.
func mutate(rng *rand.Rand, out tournament.Output) tournament.Output {
	changed := tournament.Output{Round: out.Round, Byes: slices.Clone(out.Byes)}
	for _, t := range out.Tables {
		changed.Tables = append(changed.Tables, tournament.Table{Table: t.Table, Players: slices.Clone(t.Players), First: t.First})
	}
	tables := changed.Tables
	switch rng.IntN(4) {
	case 0: // swap two players of different tables
		if len(tables) < 2 {
			break
		}
		a, b := rng.IntN(len(tables)), rng.IntN(len(tables))
		if a == b {
			break
		}
		i, j := rng.IntN(len(tables[a].Players)), rng.IntN(len(tables[b].Players))
		x, y := tables[a].Players[i], tables[b].Players[j]
		tables[a].Players[i], tables[b].Players[j] = y, x
		if tables[a].First == x {
			tables[a].First = y
		}
		if tables[b].First == y {
			tables[b].First = x
		}
	case 1: // give the bye to a seated player
		if len(changed.Byes) == 0 || len(tables) == 0 {
			break
		}
		a := rng.IntN(len(tables))
		i := rng.IntN(len(tables[a].Players))
		x := tables[a].Players[i]
		tables[a].Players[i], changed.Byes[0] = changed.Byes[0], x
		if tables[a].First == x {
			tables[a].First = tables[a].Players[i]
		}
	case 2: // another player first
		if len(tables) == 0 {
			break
		}
		a := rng.IntN(len(tables))
		tables[a].First = tables[a].Players[rng.IntN(len(tables[a].Players))]
	}
	return changed
}
