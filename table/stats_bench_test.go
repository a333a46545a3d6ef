package table

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/table/internal/store"
)

// statsSeasonFile is a season of n games for the statistics: the games of the 10,000-game
// seasonFile over and over, fifty a night (each game's date rewritten, so that Glicko-2 has
// its rating periods), built on first use and kept as seasonFile keeps its own.
func statsSeasonFile(b *testing.B, n int) string {
	source := seasonFile(b, 10_000)
	return cachedFile(b, fmt.Sprintf("tableside-stats-%d-v1.db", n), func(add func([]events.Event)) {
		ctx := context.Background()
		st, err := store.Open(ctx, source, testSchema(b))
		if err != nil {
			b.Fatal(err)
		}
		defer st.Close()
		first := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
		errEnough := errors.New("enough games")
		for i := 0; i < n; {
			err := st.ScanGames(ctx, 0, maxGame, false, func(log []events.Event) error {
				if i == n {
					return errEnough
				}
				var c events.Created
				if err := json.Unmarshal(log[0].Payload, &c); err != nil {
					return err
				}
				c.Date = first.AddDate(0, 0, i/50).Format(dateLayout)
				copied := make([]events.Event, len(log))
				for j, e := range log {
					e.Payload = bytes.Clone(e.Payload) // the scanner may reuse its buffers
					copied[j] = e
				}
				var err error
				if copied[0].Payload, err = json.Marshal(c); err != nil {
					return err
				}
				add(copied)
				i++
				return nil
			})
			if err != nil && !errors.Is(err, errEnough) {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkStats measures `stats` (Stats: a walk of the whole file, every game's summary read
// and counted, on every core) against `check --all` on the same file (EachGame, each game
// replayed and its Checked, on every core), one after the other in each iteration, and reports
// the ratio of their times and games/s; first-stats/check is the first walk of a file without
// summaries, which replays every game and writes them. In the same iterations it times `games`
// (every game listed) against the same `check --all`, and the newest 100 games listed (a page
// of `GET /api/games`). After the timed loop it walks the file once
// more, measuring the heap every 1,000 games after a collection: the peak, and what the walk
// holds a game when the last game comes (the season keeps a little of every game, to
// rate them in the order of play), which should stay at a few hundred bytes.
func BenchmarkStats(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		b.Run(fmt.Sprintf("games=%d", n), func(b *testing.B) {
			path := statsSeasonFile(b, n)
			a, err := Open(context.Background(), path, testSchema(b))
			if err != nil {
				b.Fatal(err)
			}
			defer a.Close()
			var check, stats time.Duration
			counted := func(step func()) {
				r, err := a.Stats(context.Background(), StatsFilter{}, Walk{}, step)
				if err != nil || r.Games+r.Abandoned+r.Unfinished != n {
					b.Fatal(err, r.Games, r.Abandoned, r.Unfinished)
				}
			}
			// The file as an older tableside made it, with no summaries (an earlier run's taken
			// away): the first walk replays every game and writes their summaries.
			forger(b, "sqlite", "file:"+path+"?_pragma=busy_timeout(5000)")(`DELETE FROM summaries`)
			t0 := time.Now()
			audit(b, a, 0, n)
			t1 := time.Now()
			counted(nil)
			first := time.Since(t1).Seconds() / t1.Sub(t0).Seconds()
			if kept := keptSummaries(b, a); kept != n {
				b.Fatalf("%d games summarized after the first walk, want %d", kept, n)
			}
			var games, page time.Duration
			for b.Loop() {
				t0 := time.Now()
				audit(b, a, 0, n)
				t1 := time.Now()
				counted(nil)
				t2 := time.Now()
				listed := 0
				if err := a.Games(context.Background(), func(Listed) error { listed++; return nil }); err != nil || listed != n {
					b.Fatal(err, listed)
				}
				t3 := time.Now()
				listed = 0
				if err := a.ListGames(context.Background(), GamesFilter{Limit: 100}, func(Listed) error { listed++; return nil }); err != nil || listed != 100 {
					b.Fatal(err, listed)
				}
				t4 := time.Now()
				check, stats, games, page = check+t1.Sub(t0), stats+t2.Sub(t1), games+t3.Sub(t2), page+t4.Sub(t3)
			}
			b.ReportMetric(stats.Seconds()/check.Seconds(), "stats/check")
			b.ReportMetric(games.Seconds()/check.Seconds(), "games/check")
			b.ReportMetric(page.Seconds()*1000/float64(b.N), "newest-100-ms")
			b.ReportMetric(first, "first-stats/check") // after the loop, which drops what is reported before it
			b.ReportMetric(float64(n*b.N)/stats.Seconds(), "stats-games/s")
			b.ReportMetric(float64(n*b.N)/check.Seconds(), "check-games/s")
			b.StopTimer()
			heap := func() uint64 {
				runtime.GC()
				var m runtime.MemStats
				runtime.ReadMemStats(&m)
				return m.HeapAlloc
			}
			before := heap()
			var peak, last uint64
			walked := 0
			counted(func() {
				if walked++; walked%1000 == 0 || walked == n {
					last = heap()
					peak = max(peak, last)
				}
			})
			b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
			b.ReportMetric((float64(last)-float64(before))/float64(n), "held-bytes/game")
		})
	}
}
