package tournament

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/tableside/tableside/referee/tournament/internal/matching"
)

// swissField plays rounds of a Swiss of n players with random results and returns the input
// of the next round: a field as it stands late in a club's biggest night.
func swissField(b testing.TB, n, rounds int) Input {
	rng := rand.New(rand.NewPCG(uint64(n), uint64(rounds)))
	in := Input{Format: Swiss, Kind: "pinochle", TableSize: 2}
	for i := range n {
		in.Players = append(in.Players, Player{Name: fmt.Sprintf("p%04d", i), Rating: 1000 + rng.IntN(1200), Opponents: []string{}, First: []bool{}})
	}
	for round := 1; round <= rounds; round++ {
		in.Round = round
		out, err := Pair(in)
		if err != nil {
			b.Fatal(err)
		}
		at := map[string]*Player{}
		for i := range in.Players {
			at[in.Players[i].Name] = &in.Players[i]
		}
		for _, t := range out.Tables {
			a, c := at[t.Players[0]], at[t.Players[1]]
			a.Opponents, c.Opponents = append(a.Opponents, c.Name), append(c.Opponents, a.Name)
			a.First, c.First = append(a.First, true), append(c.First, false)
			switch rng.IntN(5) {
			case 0:
				a.Points, c.Points = a.Points+0.5, c.Points+0.5
			case 1, 2:
				a.Points++
			default:
				c.Points++
			}
		}
		for _, name := range out.Byes {
			at[name].Points++
			at[name].Byes++
		}
		// The next round lists them in standings order: points, then rating.
		sortByPointsThenRating(in.Players)
	}
	in.Round = rounds + 1
	return in
}

func sortByPointsThenRating(ps []Player) {
	for i := 1; i < len(ps); i++ {
		for j := i; j > 0 && (ps[j].Points > ps[j-1].Points || ps[j].Points == ps[j-1].Points && ps[j].Rating > ps[j-1].Rating); j-- {
			ps[j], ps[j-1] = ps[j-1], ps[j]
		}
	}
}

// BenchmarkPairSwiss pairs round 5 of a Swiss of 300 to 5,000 players, the most a round pairs
// (and of 999 and 4,999, with the bye), to show how a round's time grows with the field. The
// goal is under a second on one core (-cpu 1) at 1,000, and under 2 s at 5,000. Beside them,
// "every-pair" matches the same 1,000 with every pair an edge, as a pairing without the window
// would, and "matching" is the matching alone of the 5,000's windowed graph, the part that
// grows fastest.
func BenchmarkPairSwiss(b *testing.B) {
	for _, n := range []int{300, 1000, 999, 2000, 3000, 4000, maxPlayers, maxPlayers - 1} {
		in := swissField(b, n, 4)
		b.Run(fmt.Sprintf("players=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := Pair(in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	in := swissField(b, 1000, 4)
	b.Run("players=1000/every-pair", func(b *testing.B) {
		for b.Loop() {
			r, err := read(in)
			if err != nil {
				b.Fatal(err)
			}
			order := foldOrder(r.players)
			if _, _, err := r.matchWithin(order, len(order)); err != nil {
				b.Fatal(err)
			}
		}
	})
	r, err := read(swissField(b, maxPlayers, 4))
	if err != nil {
		b.Fatal(err)
	}
	order := foldOrder(r.players)
	edges := r.edgesWithin(order, 2*4+12) // the window after 4 rounds
	b.Run(fmt.Sprintf("players=%d/matching", maxPlayers), func(b *testing.B) {
		for b.Loop() {
			if _, err := matching.MinCost(len(order), edges); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkPairTheWorstBye pairs the case the bound names as the worst at tables of 2: the
// most players a round pairs but one, the leader of whom has met everyone, so that the window
// is the whole field, the lowest's bye leaves the leader a rematch, and the bye takes the
// matching that chooses it and two more.
func BenchmarkPairTheWorstBye(b *testing.B) {
	in := swissField(b, maxPlayers-1, 4)
	leader := &in.Players[0]
	met := map[string]bool{}
	for _, o := range leader.Opponents {
		met[o] = true
	}
	for i := range in.Players[1:] {
		p := &in.Players[1+i]
		if !met[p.Name] {
			p.Opponents, p.First = append(p.Opponents, leader.Name), append(p.First, false)
			leader.Opponents, leader.First = append(leader.Opponents, p.Name), append(leader.First, true)
		}
	}
	for b.Loop() {
		if _, err := Pair(in); err != nil {
			b.Fatal(err)
		}
	}
}

// largerField is the input of round rounds+1 of a field of n at Capture tables of size, each
// round seated at random, the first seated first, places in seating order: as hard as a night
// gets for the seating's search, since no round was seated to spare the next.
func largerField(n, size, rounds int, format string) Input {
	rng := rand.New(rand.NewPCG(uint64(n), uint64(rounds)))
	in := Input{Format: format, Kind: "capture", TableSize: size, Round: rounds + 1}
	for i := range n {
		in.Players = append(in.Players, Player{Name: fmt.Sprintf("p%04d", i), Opponents: []string{}, First: []bool{}})
	}
	sizes := (&round{Input: in, players: make([]*competitor, n)}).sizes()
	for range rounds {
		seated := rng.Perm(n)
		for _, size := range sizes {
			table := seated[:size]
			seated = seated[size:]
			for place, a := range table {
				p := &in.Players[a]
				for _, b := range table {
					if a != b {
						p.Opponents = append(p.Opponents, in.Players[b].Name)
					}
				}
				p.First = append(p.First, place == 0)
				p.Points += float64(size-1-place) / float64(size-1)
			}
		}
	}
	sortByPointsThenRating(in.Players)
	return in
}

// BenchmarkPairLargerTables seats round 9 of 5,000 players, the most a round pairs, at tables
// of 6. The goal is under a second on one core (-cpu 1); the search's budget bounds it at any
// round.
func BenchmarkPairLargerTables(b *testing.B) {
	for _, format := range []string{Rotation, Swiss} {
		in := largerField(maxPlayers, 6, 8, format)
		b.Run(format, func(b *testing.B) {
			for b.Loop() {
				if _, err := Pair(in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkStandings ranks 1,000 players after 9 rounds with every tie-break. The goal is
// under 100 ms.
func BenchmarkStandings(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 9))
	var entrants []Entrant
	for i := range 1000 {
		entrants = append(entrants, Entrant{Name: fmt.Sprintf("p%04d", i), Rating: 1000 + rng.IntN(1200)})
	}
	var results []Result
	for round := 1; round <= 9; round++ {
		order := rng.Perm(len(entrants))
		for i := 0; i+1 < len(order); i += 2 {
			places := [][]int{{1, 2}, {2, 1}, {1, 1}}[rng.IntN(3)]
			results = append(results, Result{Round: round, Players: []string{entrants[order[i]].Name, entrants[order[i+1]].Name},
				Places: places, Scores: []int{rng.IntN(200), rng.IntN(200)}})
		}
	}
	for b.Loop() {
		if _, err := Standings(entrants, results, nil, TieBreaks); err != nil {
			b.Fatal(err)
		}
	}
}
