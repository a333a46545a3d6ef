package web

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tableside/tableside/internal/needs"
	"github.com/tableside/tableside/table"
	"github.com/tableside/tableside/web/webtest"
)

// dealing deals a night's tables (webtest.Tables, webtest.PinochleTables).
type dealing func(rng *rand.Rand, tables, moves int) ([]webtest.Table, error)

// seatClubNight deals tables tables of moves moves each from seed, and creates their games.
// The phones play through c and the others, a league's other servers on c's database.
func seatClubNight(tb testing.TB, deal dealing, c *testClub, tables, moves int, seed uint64, others ...*testClub) (*webtest.Club, []*webtest.Game) {
	tb.Helper()
	dealt, err := deal(rand.New(rand.NewPCG(seed, 0xC1AB)), tables, moves)
	if err != nil {
		tb.Fatal(err)
	}
	club := &webtest.Club{URL: c.http.URL, Key: testKey}
	for _, o := range others {
		club.Others = append(club.Others, o.http.URL)
	}
	ctx, cancel := needs.WithDeadline(tb, tb.Context())
	defer cancel()
	games, err := club.Seat(ctx, dealt)
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
		if err := g.Check(stored.Log(), true); err != nil {
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
	club, games := seatClubNight(t, webtest.Tables, c, 50, 20, 1)
	ctx, cancel := needs.WithDeadline(t, t.Context())
	defer cancel()
	r := club.Play(ctx, games)
	if ctx.Err() != nil {
		t.Fatalf("the night: %s", needs.OutOfTime())
	}
	checkClubNight(t, c, r)
	t.Logf("%d moves, %d conflicts, %.0f moves/s, p50 %v, p99 %v, slowest %v", r.Acked, r.Conflicts, r.MovesPerSecond(), r.Latency(0.5), r.Latency(0.99), r.Latency(1))
}

// BenchmarkClubNight times club nights over loopback, two racing phones at every table:
//
//   - thirty moves a table, of the kinds in turn: fifty tables and a hundred on one server
//     over a SQLite file, and a hundred over two servers sharing one PostgreSQL database, a
//     table's two phones on different servers, the cluster on this machine and waiting for the
//     disk as a league's does;
//   - twenty Pinochle tables, a night of short games (20 moves) and one of long games (300
//     moves) in each iteration, on SQLite and on the two PostgreSQL servers: the long night's
//     moves a second as a fraction of the short night's (long/short) is what a long game costs,
//     with the servers keeping the games in play (kept) and keeping none (none).
//
// Run it with:
//
//	go test ./web -run '^$' -bench ClubNight -benchtime 1x
//
// A night of short games is over in a fraction of a second: its figure is steadier over a few
// nights (-benchtime 3x), whose moves and times the ratio sums.
func BenchmarkClubNight(b *testing.B) {
	for _, tables := range []int{50, 100} {
		b.Run(fmt.Sprintf("sqlite/tables=%d", tables), func(b *testing.B) {
			n := &clubNights{b: b, deal: webtest.Tables, tables: tables, moves: 30, servers: []*testClub{openClub(b, false)}}
			for b.Loop() {
				n.play()
			}
			n.report()
		})
	}
	b.Run("postgres/servers=2/tables=100", func(b *testing.B) {
		n := &clubNights{b: b, deal: webtest.Tables, tables: 100, moves: 30, servers: openLeague(b, needs.DurablePostgres(b), 2)}
		for b.Loop() {
			n.play()
		}
		n.report()
	})
	lengths := func(b *testing.B, servers func() []*testClub) {
		short := &clubNights{b: b, deal: webtest.PinochleTables, tables: 20, moves: 20, servers: servers()}
		long := &clubNights{b: b, deal: webtest.PinochleTables, tables: 20, moves: 300, servers: servers()}
		for b.Loop() {
			short.play()
			long.play()
		}
		shortRate, longRate := short.movesPerSecond(), long.movesPerSecond()
		b.ReportMetric(shortRate, "short-moves/s")
		b.ReportMetric(longRate, "long-moves/s")
		b.ReportMetric(longRate/shortRate, "long/short")
	}
	// Servers that keep the games in play, as serve does, against servers that keep none and
	// read and replay a game whole at each move, as they did before.
	for _, keep := range []string{"kept", "none"} {
		var opts []table.OpenOption
		if keep == "none" {
			opts = append(opts, table.Keep(0, 0))
		}
		b.Run("sqlite/pinochle=20-vs-300/"+keep, func(b *testing.B) {
			lengths(b, func() []*testClub { return []*testClub{openClub(b, false, opts...)} })
		})
		b.Run("postgres/servers=2/pinochle=20-vs-300/"+keep, func(b *testing.B) {
			cluster := needs.DurablePostgres(b)
			lengths(b, func() []*testClub { return openLeague(b, cluster, 2, opts...) })
		})
	}
}

// clubNights are nights of tables tables of moves moves each, dealt by deal and played
// through servers, one a call of play; the benchmark's timer runs only while the phones play.
type clubNights struct {
	b       *testing.B
	deal    dealing
	tables  int
	moves   int
	servers []*testClub

	seed                   uint64
	acked, conflicts, held int
	elapsed                time.Duration
	latencies              []time.Duration
}

// movesPerSecond is the moves acknowledged a second over all the nights played.
func (n *clubNights) movesPerSecond() float64 {
	all := webtest.Result{Acked: n.acked, Elapsed: n.elapsed}
	return all.MovesPerSecond()
}

// play plays a night.
func (n *clubNights) play() {
	b := n.b
	b.StopTimer()
	n.seed++
	club, games := seatClubNight(b, n.deal, n.servers[0], n.tables, n.moves, n.seed, n.servers[1:]...)
	b.StartTimer()
	r := club.Play(b.Context(), games)
	b.StopTimer()
	checkClubNight(b, n.servers[0], r)
	n.acked, n.conflicts, n.elapsed, n.held = n.acked+r.Acked, n.conflicts+r.Conflicts, n.elapsed+r.Elapsed, n.held+1
	n.latencies = append(n.latencies, r.Latencies...)
	b.StartTimer()
}

// report reports the nights' moves acknowledged a second, the answers' p50 and p99, and the
// conflicts a night.
func (n *clubNights) report() {
	slices.Sort(n.latencies)
	all := webtest.Result{Acked: n.acked, Elapsed: n.elapsed, Latencies: n.latencies}
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	n.b.ReportMetric(n.movesPerSecond(), "moves/s")
	n.b.ReportMetric(ms(all.Latency(0.5)), "p50-ms")
	n.b.ReportMetric(ms(all.Latency(0.99)), "p99-ms")
	n.b.ReportMetric(float64(n.conflicts)/float64(n.held), "conflicts")
}
