package web

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tableside/tableside/internal/needs"
	"github.com/tableside/tableside/web/webtest"
)

// seatClubNight deals tables tables of moves moves each from seed, and creates their games.
// The phones play through c and the others, a league's other servers on c's database.
func seatClubNight(tb testing.TB, c *testClub, tables, moves int, seed uint64, others ...*testClub) (*webtest.Club, []*webtest.Game) {
	tb.Helper()
	dealt, err := webtest.Tables(rand.New(rand.NewPCG(seed, 0xC1AB)), tables, moves)
	if err != nil {
		tb.Fatal(err)
	}
	club := &webtest.Club{URL: c.http.URL, Key: testKey}
	for _, o := range others {
		club.Others = append(club.Others, o.http.URL)
	}
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
	if r.Other != 0 || r.Unreached != 0 || r.Waited != 0 {
		tb.Fatalf("%d answers other than 201 and 409, %d answered 503, %d requests unanswered:\n%s",
			r.Other, r.Waited, r.Unreached, strings.Join(append(r.Failures, r.Dropped...), "\n"))
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

// BenchmarkClubNight times club nights over loopback, two racing phones at every table
// entering thirty moves: fifty tables and a hundred on one server over a SQLite file, and a
// hundred over two servers sharing one PostgreSQL database, a table's two phones on different
// servers, the cluster on this machine and waiting for the disk as a league's does:
//
//	go test ./web -run '^$' -bench ClubNight -benchtime 1x
func BenchmarkClubNight(b *testing.B) {
	for _, tables := range []int{50, 100} {
		b.Run(fmt.Sprintf("sqlite/tables=%d", tables), func(b *testing.B) {
			playClubNights(b, tables, openClub(b, false))
		})
	}
	b.Run("postgres/servers=2/tables=100", func(b *testing.B) {
		playClubNights(b, 100, openLeague(b, needs.DurablePostgres(b), 2)...)
	})
}

// playClubNights plays a night of tables tables for each of b's iterations, through the
// servers, and reports the moves acknowledged a second and the answers' p50 and p99.
func playClubNights(b *testing.B, tables int, servers ...*testClub) {
	var acked, conflicts int
	var elapsed time.Duration
	var latencies []time.Duration
	seed := uint64(0)
	for b.Loop() {
		b.StopTimer()
		seed++
		club, games := seatClubNight(b, servers[0], tables, 30, seed, servers[1:]...)
		b.StartTimer()
		r := club.Play(b.Context(), games)
		b.StopTimer()
		checkClubNight(b, servers[0], r)
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
