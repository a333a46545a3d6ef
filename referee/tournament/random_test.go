package tournament_test

import (
	"runtime"
	"sync"
	"testing"

	"github.com/tableside/tableside/referee/tournament"
	"github.com/tableside/tableside/referee/tournament/tournamenttest"
)

// TestRandomTournaments: 5,000 seeded random tournaments (250 under -short) of 3–60 players
// and 2–9 rounds, of every kind and format, with random results, late arrivals and drops,
// paired by Pair and held to T1–T7 by the checker written apart from it. It finds no breach; up to 16 players T5, and
// up to 12 at larger tables T6, are confirmed by exhaustive search.
func TestRandomTournaments(t *testing.T) {
	tournaments := 5000
	if testing.Short() {
		tournaments = 250 // the quick run's share: every format, in seconds
	}
	reports := make([]tournamenttest.Report, tournaments)
	errs := make([]error, tournaments)
	var wg sync.WaitGroup
	seeds := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range seeds {
				reports[i], errs[i] = tournamenttest.Play(uint64(i), tournament.Pair)
			}
		})
	}
	for i := range tournaments {
		seeds <- i
	}
	close(seeds)
	wg.Wait()
	var tally tournamenttest.Tally
	shown := 0
	for i, r := range reports {
		if errs[i] != nil {
			t.Errorf("Pair refused a valid input: %v", errs[i])
			continue
		}
		tally.Add(r)
		for _, b := range r.Breaches {
			if shown++; shown <= 20 {
				t.Errorf("%s", b)
			}
		}
	}
	t.Logf("%d tournaments, %d rounds, %d confirmed exhaustively; repeat pairs at larger tables %d (least %d) up to 12 players, %d (bound %d) beyond; %d breaches",
		tally.Tournaments, tally.Rounds, tally.Exhaustive, tally.Repeats, tally.Fewest, tally.RepeatsBeyond, tally.Bound, tally.Breaches)
	for _, f := range []string{"capture rotation", "capture swiss", "pinochle round-robin", "candidate swiss"} {
		if tally.Formats[f] == 0 {
			t.Errorf("no %s among the tournaments: %v", f, tally.Formats)
		}
	}
	if tally.Breaches != 0 {
		t.Errorf("%d breaches", tally.Breaches)
	}
}
