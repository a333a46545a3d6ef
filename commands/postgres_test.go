package commands

import (
	"errors"
	"math/rand/v2"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/tableside/tableside/internal/needs"
	"github.com/tableside/tableside/web/webtest"
)

// TestDBPostgres: --db with a postgres:// URL keeps the games in PostgreSQL, across processes,
// and demo does not tell anyone to delete a file.
func TestDBPostgres(t *testing.T) {
	db := needs.Postgres(t).Database(t)
	dir := t.TempDir()
	out := run(t, dir, "--db", db, "demo")
	if !strings.Contains(out, "game 1 is saved in postgres://") || strings.Contains(out, "delete the file") {
		t.Errorf("demo on PostgreSQL says:\n%s", out)
	}
	if out := run(t, dir, "--db", db, "verify"); !strings.Contains(out, "verified 1 game") {
		t.Errorf("verify on PostgreSQL says:\n%s", out)
	}
	if out := run(t, dir, "--db", db, "games"); !strings.Contains(out, "over: bob won") {
		t.Errorf("games on PostgreSQL says:\n%s", out)
	}
}

// The league's night that TestLeagueOutlivesAServerAndItsDatabase plays: a hundred tables, one
// server killed at a third of the moves and the database at two thirds.
const (
	leagueTables         = 100
	leagueMoves          = 30
	killServerAfter      = leagueTables * leagueMoves / 3
	killDatabaseAfter    = 2 * leagueTables * leagueMoves / 3
	databaseDownAtLeast  = time.Second
	leagueWatchRecovered = "watching for moves again"
)

// TestLeagueOutlivesAServerAndItsDatabase: two `tableside serve` processes share one
// PostgreSQL database, which waits for the disk as a league's does, and a hundred tables'
// phones play through them, a table's two phones on different servers. One server is killed
// with SIGKILL a third of the way through the night, and its phones go on through the other,
// as a load balancer would send them; at two thirds PostgreSQL itself is killed with SIGKILL,
// left down a second and started again, and the phones wait through it. Every table's game is
// then whole, every move a phone saw acknowledged is stored once at the seq it was told, and
// `verify` finds the database clean.
func TestLeagueOutlivesAServerAndItsDatabase(t *testing.T) {
	needs.Long(t, "plays a hundred tables' night through two servers")
	cluster := needs.DurablePostgres(t)
	db := cluster.Database(t)
	bin := buildTableside(t)
	doomed, survivor := startServeOn(t, bin, db), startServeOn(t, bin, db)
	tables, err := webtest.Tables(rand.New(rand.NewPCG(29, 0x1EA6)), leagueTables, leagueMoves)
	if err != nil {
		t.Fatal(err)
	}
	var killServer, databaseDue sync.Once
	killDatabase := make(chan struct{})
	var ackedAtKill int
	club := &webtest.Club{URL: doomed.base, Others: []string{survivor.base}, Key: serveKey, OnAck: func(total int) {
		if total >= killServerAfter {
			killServer.Do(func() {
				ackedAtKill = total
				if err := doomed.cmd.Process.Kill(); err != nil {
					t.Errorf("kill a server: %v", err)
				}
			})
		}
		if total >= killDatabaseAfter {
			databaseDue.Do(func() { close(killDatabase) })
		}
	}}
	night, cancel := needs.WithDeadline(t, t.Context())
	defer cancel()
	games, err := club.Seat(night, tables)
	if err != nil {
		t.Fatal(err)
	}
	played := make(chan *webtest.Result, 1)
	go func() { played <- club.Play(night, games) }()
	select {
	case <-killDatabase:
	case r := <-played:
		t.Fatalf("the night ended with %d moves acknowledged, before the database was to be killed", r.Acked)
	}
	cluster.Kill(t)
	down := time.Now()
	time.Sleep(databaseDownAtLeast)
	cluster.Start(t)
	outage := time.Since(down)
	r := <-played
	if night.Err() != nil {
		t.Fatalf("the night: %s", needs.OutOfTime())
	}
	doomed.wait()

	if ws, ok := doomed.cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
		t.Errorf("the first server ended %v, not killed", doomed.cmd.ProcessState)
	}
	if r.Failovers == 0 || r.Waited == 0 {
		t.Errorf("%d phones went on through the other server and %d answers said wait: the kills did not fall in the night", r.Failovers, r.Waited)
	}
	checkStored(t, bin, db, r, true)
	if r.Acked > leagueTables*leagueMoves {
		t.Errorf("%d moves acknowledged of the %d the tables made", r.Acked, leagueTables*leagueMoves)
	}
	// The survivor said once that it lost its watch of the database, and once that it had it
	// again: the pages on it were told of moves again.
	if err := survivor.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	survivor.wait()
	if r.Other != 0 {
		t.Errorf("%d answers other than 201, 409 and 503:\n%s\nthe surviving server said:\n%s", r.Other, strings.Join(r.Failures, "\n"), survivor.stderr.String())
	}
	if logged := survivor.stderr.String(); strings.Count(logged, leagueWatchRecovered) != 1 {
		t.Errorf("the surviving server's log, after the database came back:\n%s", logged)
	}
	t.Logf("%d moves acknowledged (%d when the server was killed), %d conflicts, %.0f moves/s over the night; p50 %v, p99 %v, slowest %v; %d requests unanswered, %d phones went on through the other server; the database was down %v, during which %d answers said wait",
		r.Acked, ackedAtKill, r.Conflicts, r.MovesPerSecond(), r.Latency(0.5), r.Latency(0.99), r.Latency(1),
		r.Unreached, r.Failovers, outage.Round(time.Millisecond), r.Waited)
}

// TestADatabaseGoneIsSaidTwice: a league's database that does not answer is said in the
// table's words, exit 1, and then in the database's, which name it and why.
func TestADatabaseGoneIsSaidTwice(t *testing.T) {
	dir := t.TempDir()
	out, err := needs.CombinedOutput(t, tablesideCmd(t, dir, "--db", "postgres://ann@/league?host="+dir, "games"))
	if ee := (*exec.ExitError)(nil); !errors.As(err, &ee) || ee.ExitCode() != 1 {
		t.Errorf("tableside ended %v, want exit 1", err)
	}
	for _, want := range []string{
		"tableside: error: the database is not answering; nothing was recorded\n",
		"tableside: the database said: postgres://ann@/league?host=",
		"connect: no such file or directory",
		"tableside: hint: try again in a moment",
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("tableside says:\n%s\nwithout %q", out, want)
		}
	}
}
