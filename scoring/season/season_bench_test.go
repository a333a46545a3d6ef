package season

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"
)

// clubGames are n games of a club of 40 players, fifty a night, half of them Pinochle
// (Glicko-2, two players) and half Capture (Weng–Lin, two to six), handed over shuffled, as a
// season imported in any order is. Each game has its own night string, as a walk's games do.
func clubGames(n int) []Game {
	rng := rand.New(rand.NewPCG(35, 2))
	names := make([]string, 40)
	for i := range names {
		names[i] = fmt.Sprintf("player %02d", i)
	}
	games := make([]Game, n)
	for i := range games {
		kind, seats := "pinochle", 2
		if i%2 == 1 {
			kind, seats = "capture", 2+rng.IntN(5)
		}
		g := Game{ID: int64(i + 1), Kind: kind, Night: fmt.Sprintf("2026-%02d-%02d", 1+i/50/28%12, 1+i/50%28),
			Begun: int64(i) * 60_000, Digest: rng.Uint64(), Totals: map[string]int{}}
		for _, p := range rng.Perm(len(names))[:seats] {
			g.Players = append(g.Players, names[p])
			g.Totals[names[p]] = rng.IntN(100)
		}
		g.Winners = g.Players[:1]
		games[i] = g
	}
	rng.Shuffle(n, func(a, b int) { games[a], games[b] = games[b], games[a] })
	return games
}

// heap is the bytes in use on the heap after a collection.
func heap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// BenchmarkSeason hands a season of 100,000 games over in shuffled order and reports on it: what
// the season keeps a game once they are all in (the heap after a collection, less the heap
// before the first was added), the time a game takes to add and to rate in the report, and the
// report's share of it (where every game is sorted into the order of play and rated).
func BenchmarkSeason(b *testing.B) {
	const n = 100_000
	games := clubGames(n)
	var kept uint64
	var reporting time.Duration
	for b.Loop() {
		b.StopTimer()
		before := heap()
		b.StartTimer()
		s := New(method)
		for _, g := range games {
			s.Add(g)
		}
		b.StopTimer()
		kept = heap() - before
		b.StartTimer()
		start := time.Now()
		if r := s.Report(); r.Games != n {
			b.Fatalf("%d games reported, want %d", r.Games, n)
		}
		reporting += time.Since(start)
	}
	b.ReportMetric(float64(kept)/n, "bytes/game")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n*b.N), "ns/game")
	b.ReportMetric(reporting.Seconds()*1000/float64(b.N), "report-ms")
}
