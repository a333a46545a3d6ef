package web

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tableside/tableside/web/webtest"
)

// seatClubNight deals tables tables of moves moves each from seed, and creates their games.
func seatClubNight(tb testing.TB, c *testClub, tables, moves int, seed uint64) (*webtest.Club, []*webtest.Game) {
	tb.Helper()
	dealt, err := webtest.Tables(rand.New(rand.NewPCG(seed, 0xC1AB)), tables, moves)
	if err != nil {
		tb.Fatal(err)
	}
	club := &webtest.Club{URL: c.http.URL, Key: testKey}
	games, err := club.Seat(tb.Context(), dealt)
	if err != nil {
		tb.Fatal(err)
	}
	return club, games
}

// checkClubNight fails tb unless every request was answered with 201 or 409, every move was
// acknowledged once, and every stored log is its table's moves exactly, in order.
func checkClubNight(tb testing.TB, c *testClub, r *webtest.Result) {
	tb.Helper()
	if r.Other != 0 || r.Unreached != 0 {
		tb.Fatalf("%d answers other than 201 and 409, %d requests unanswered:\n%s", r.Other, r.Unreached, strings.Join(append(r.Failures, r.Dropped...), "\n"))
	}
	want := 0
	for _, g := range r.Games {
		want += len(g.Moves)
		stored, err := c.app.Game(tb.Context(), g.ID)
		if err != nil {
			tb.Fatal(err)
		}
		if err := g.Check(stored.Log, true); err != nil {
			tb.Error(err)
		}
	}
	if r.Acked != want {
		tb.Errorf("%d moves acknowledged, the tables made %d", r.Acked, want)
	}
	// Both phones send the first move after the creation: one of them must be told it lost.
	if r.Conflicts < len(r.Games) {
		tb.Errorf("%d conflicts over %d games: each game's first move alone makes one", r.Conflicts, len(r.Games))
	}
}

// TestClubNightLosesNothing has fifty tables' phones race each other over loopback: every
// move is recorded exactly once, in order, and every phone that lost a race is told so with
// 409.
func TestClubNightLosesNothing(t *testing.T) {
	c := openClub(t, false)
	club, games := seatClubNight(t, c, 50, 20, 1)
	r := club.Play(t.Context(), games)
	checkClubNight(t, c, r)
	t.Logf("%d moves, %d conflicts, %.0f moves/s, p50 %v, p99 %v, slowest %v", r.Acked, r.Conflicts, r.MovesPerSecond(), r.Latency(0.5), r.Latency(0.99), r.Latency(1))
}

// BenchmarkClubNight times fifty tables of two racing phones each entering thirty moves over
// loopback, as one club night:
//
//	go test ./web -run '^$' -bench ClubNight -benchtime 1x
func BenchmarkClubNight(b *testing.B) {
	c := openClub(b, false)
	var acked, conflicts int
	var elapsed time.Duration
	var latencies []time.Duration
	seed := uint64(0)
	for b.Loop() {
		b.StopTimer()
		seed++
		club, games := seatClubNight(b, c, 50, 30, seed)
		b.StartTimer()
		r := club.Play(b.Context(), games)
		b.StopTimer()
		checkClubNight(b, c, r)
		acked, conflicts, elapsed = acked+r.Acked, conflicts+r.Conflicts, elapsed+r.Elapsed
		latencies = append(latencies, r.Latencies...)
		b.StartTimer()
	}
	slices.Sort(latencies)
	all := webtest.Result{Acked: acked, Elapsed: elapsed, Latencies: latencies}
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	b.ReportMetric(all.MovesPerSecond(), "moves/s")
	b.ReportMetric(ms(all.Latency(0.5)), "p50-ms")
	b.ReportMetric(ms(all.Latency(0.99)), "p99-ms")
	b.ReportMetric(float64(conflicts)/float64(b.N), "conflicts")
}
