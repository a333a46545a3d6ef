package tournamenttest_test

import (
	"math"
	"reflect"
	"slices"
	"testing"

	"github.com/tableside/tableside/referee/tournament"
	"github.com/tableside/tableside/referee/tournament/tournamenttest"
)

// A pairer that minds none of the rulings is caught breaking each of T3–T7.
func TestNaivePairerBreaksTheRulings(t *testing.T) {
	rules := map[string]int{}
	for seed := range uint64(200) {
		report, err := tournamenttest.Play(seed, naive)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range report.Breaches {
			if b.Seed != seed || b.Round < 1 || b.Round > report.Paired {
				t.Errorf("%v: not the seed and round that replay it", b)
			}
			rules[b.Rule]++
		}
	}
	t.Log(rules)
	for _, rule := range []string{"T3", "T4", "T5", "T6", "T7"} {
		if rules[rule] == 0 {
			t.Errorf("no breach of %s found in 200 tournaments paired in list order", rule)
		}
	}
	for _, rule := range []string{"T1", "T2", "input"} {
		if rules[rule] > 0 {
			t.Errorf("%d breaches of %s: the naive pairer seats everyone at T2's tables", rules[rule], rule)
		}
	}
}

// A pairer that tries every pairing, written from docs/rules.md apart from the checker, breaks
// none: the checker and the generator read the rulings as it does.
func TestIdealPairerBreaksNone(t *testing.T) {
	small := tournamenttest.Generator{MostPlayers: 10, MostRoundRobin: 10}
	var tally tournamenttest.Tally
	for seed := range uint64(300) {
		report, err := small.Play(seed, ideal)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range report.Breaches {
			t.Error(b)
		}
		if report.Paired != report.Rounds {
			t.Errorf("%v: not every round paired", report)
		}
		if report.Fewest > report.Repeats {
			t.Errorf("%v: fewer repeats than the least possible", report)
		}
		tally.Add(report)
	}
	t.Log(tally, tally.Formats)
	if len(tally.Formats) != 3*2+2*2 || tally.Exhaustive < 500 || tally.Repeats == 0 || tally.Repeats != tally.Fewest {
		t.Errorf("the tournaments do not cover every kind and format, or the exhaustive checks: %v", tally)
	}
}

func TestPlayIsReplayedByItsSeed(t *testing.T) {
	for seed := range uint64(20) {
		var first, again []tournament.Input
		a, _ := tournamenttest.Play(seed, recording(&first))
		b, _ := tournamenttest.Play(seed, recording(&again))
		if !reflect.DeepEqual(a, b) || !reflect.DeepEqual(first, again) {
			t.Fatalf("seed %d plays differently twice", seed)
		}
	}
}

func recording(inputs *[]tournament.Input) tournamenttest.Pairer {
	return func(in tournament.Input) (tournament.Output, error) {
		*inputs = append(*inputs, in)
		return naive(in)
	}
}

// Each round's input follows from the last round's pairing as the contract says: points by
// T8, everyone met once a meeting, byes, a first entry a game; late arrivals with nothing; a
// round robin with its entrants and numbers, joined by nobody after round 1.
func TestPlayBuildsEachInputFromTheHistory(t *testing.T) {
	arrivals, drops, shared := 0, 0, 0
	for seed := range uint64(300) {
		var ins []tournament.Input
		var outs []tournament.Output
		pair := func(in tournament.Input) (tournament.Output, error) {
			out, err := naive(in)
			ins, outs = append(ins, in), append(outs, out)
			return out, err
		}
		report, err := tournamenttest.Play(seed, pair)
		if err != nil {
			t.Fatal(err)
		}
		for r := 1; r < len(ins); r++ {
			before, after := byName(ins[r-1]), byName(ins[r])
			if ins[r].Round != r+1 || ins[r].Format != report.Format || ins[r].Kind != report.Kind || ins[r].TableSize != report.TableSize {
				t.Fatalf("seed %d: round %d's input is not the tournament's", seed, r+1)
			}
			for name, p := range after {
				q, was := before[name]
				if !was {
					arrivals++
					if report.Format == tournament.RoundRobin || p.Points != 0 || len(p.Opponents) > 0 || len(p.First) > 0 || p.Byes > 0 {
						t.Fatalf("seed %d round %d: %s arrives late with %+v", seed, r+1, name, p)
					}
					continue
				}
				gained := math.Round((p.Points - q.Points) * 120)
				if slices.Contains(outs[r-1].Byes, name) {
					if gained != 120 || p.Byes != q.Byes+1 || len(p.First) != len(q.First) {
						t.Fatalf("seed %d round %d: %s's bye gave %v/120 points, %d byes", seed, r+1, name, gained, p.Byes)
					}
				}
			}
			drops += len(before) - len(after) + countNew(before, after)
			for _, table := range outs[r-1].Tables {
				size := len(table.Players)
				var sum float64
				points := map[float64]int{}
				for _, name := range table.Players {
					p, q := after[name], before[name]
					if p.Name == "" {
						continue // dropped since
					}
					gained := math.Round((p.Points - q.Points) * 120)
					sum += gained
					points[gained]++
					if gained < 0 || gained > 120 || len(p.First) != len(q.First)+1 || p.First[len(p.First)-1] != (name == table.First) ||
						len(p.Opponents) != len(q.Opponents)+size-1 {
						t.Fatalf("seed %d round %d: %s's game at table %d is not in their history: %+v then %+v", seed, r+1, name, table.Table, q, p)
					}
				}
				if len(points) < size && size > 2 {
					shared++
				}
				if allPresent(table.Players, after) && sum != float64(60*size) {
					t.Fatalf("seed %d round %d: table %d of %d scored %v/120 points, not %d (T8)", seed, r+1, table.Table, size, sum, 60*size)
				}
			}
			if report.Format == tournament.RoundRobin && ins[r].Entrants != len(ins[0].Players) {
				t.Fatalf("seed %d: a round robin's entrants changed", seed)
			}
		}
	}
	t.Log(arrivals, "late arrivals,", drops, "drops,", shared, "tables with a shared place")
	if arrivals == 0 || drops == 0 || shared == 0 {
		t.Error("the tournaments have no late arrivals, no drops or no shared places")
	}
}

func byName(in tournament.Input) map[string]tournament.Player {
	players := map[string]tournament.Player{}
	for _, p := range in.Players {
		players[p.Name] = p
	}
	return players
}

func countNew(before, after map[string]tournament.Player) int {
	n := 0
	for name := range after {
		if _, was := before[name]; !was {
			n++
		}
	}
	return n
}

func allPresent(names []string, players map[string]tournament.Player) bool {
	for _, name := range names {
		if _, ok := players[name]; !ok {
			return false
		}
	}
	return true
}

// BenchmarkPlay is the cost of generating and checking a tournament of the field, with a
// pairer that costs nothing.
func BenchmarkPlay(b *testing.B) {
	var tally tournamenttest.Tally
	for i := range b.N {
		report, err := tournamenttest.Play(uint64(i), naive)
		if err != nil {
			b.Fatal(err)
		}
		tally.Add(report)
	}
	b.ReportMetric(float64(tally.Rounds)/float64(b.N), "rounds/op")
}
