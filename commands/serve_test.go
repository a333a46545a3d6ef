package commands

import (
	"bufio"
	"bytes"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/tableside/tableside/commands/table"
	"github.com/tableside/tableside/commands/web/webtest"
)

// servedNight is a club night played against `tableside serve` as a process and cut short by
// a signal to it.
type servedNight struct {
	bin, db string
	result  *webtest.Result
	// state is how the process ended; stdout and stderr are what it wrote.
	state          *os.ProcessState
	stdout, stderr string
	// moves is how many moves the tables would have made, had they all been played.
	moves int
}

// The night a signal cuts short: fifty tables, and enough moves that the signal falls well
// inside them.
const (
	servedTables = 50
	servedMoves  = 30
	// signalAfter is the count of acknowledged moves at which the server is signalled.
	signalAfter = 500
)

// playUntilSignal builds tableside, serves a new database with it, has the phones of
// servedTables tables race each other through their moves, and sends the server sig once
// signalAfter moves have been acknowledged. It returns when the phones have stopped and the
// process has ended.
func playUntilSignal(t *testing.T, sig syscall.Signal) *servedNight {
	t.Helper()
	dir := t.TempDir()
	n := &servedNight{bin: filepath.Join(dir, "tableside"), db: filepath.Join(dir, "club.db"), moves: servedTables * servedMoves}
	build := exec.Command("go", "build", "-o", n.bin, "github.com/tableside/tableside")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}

	const key = "the organiser's own long key"
	srv := exec.Command(n.bin, "--db", n.db, "serve", "--addr", "127.0.0.1:0")
	srv.Env = append(os.Environ(), directorKeyEnv+"="+key)
	stdout, err := srv.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	srv.Stderr = &stderr
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if srv.ProcessState == nil {
			srv.Process.Kill()
			srv.Wait()
		}
	})
	// The server says where it listens on its first line; the rest is kept for messages.
	url := make(chan string, 1)
	var said strings.Builder
	read := make(chan struct{})
	go func() {
		defer close(read)
		lines := bufio.NewScanner(stdout)
		for lines.Scan() {
			said.WriteString(lines.Text() + "\n")
			if rest, ok := strings.CutPrefix(lines.Text(), "serving on "); ok {
				url <- strings.Fields(rest)[0]
			}
		}
	}()
	var base string
	select {
	case base = <-url:
	case <-read:
		srv.Wait()
		t.Fatalf("tableside serve ended before serving: %v\n%s%s", srv.ProcessState, said.String(), stderr.String())
	}

	tables, err := webtest.Tables(rand.New(rand.NewPCG(11, 0x5E4E)), servedTables, servedMoves)
	if err != nil {
		t.Fatal(err)
	}
	var signal sync.Once
	club := &webtest.Club{URL: base, Key: key, OnAck: func(total int) {
		if total >= signalAfter {
			signal.Do(func() {
				if err := srv.Process.Signal(sig); err != nil {
					t.Errorf("signal the server: %v", err)
				}
			})
		}
	}}
	games, err := club.Seat(t.Context(), tables)
	if err != nil {
		t.Fatal(err)
	}
	n.result = club.Play(t.Context(), games)
	<-read
	srv.Wait()
	n.state, n.stdout, n.stderr = srv.ProcessState, said.String(), stderr.String()
	return n
}

// check fails t unless every request the server answered was answered with 201 or 409, the
// signal came in the middle of the night, `verify` finds the file whole, and every move a
// phone saw acknowledged is in the file at its seq, each log being its table's moves in order.
func (n *servedNight) check(t *testing.T) {
	t.Helper()
	r := n.result
	if r.Other != 0 {
		t.Errorf("%d answers other than 201 and 409:\n%s\nthe server said:\n%s", r.Other, strings.Join(r.Failures, "\n"), n.stderr)
	}
	if r.Acked < signalAfter || r.Acked >= n.moves {
		t.Errorf("%d of %d moves acknowledged: the signal, at %d, did not fall in the middle of the night", r.Acked, n.moves, signalAfter)
	}
	if out, err := exec.Command(n.bin, "--db", n.db, "verify").CombinedOutput(); err != nil {
		t.Errorf("tableside verify: %v\n%s", err, out)
	}
	app, err := table.Open(t.Context(), n.db, testSchema(t))
	if err != nil {
		t.Fatal(err)
	}
	defer app.Close()
	stored := 0
	for _, g := range r.Games {
		got, err := app.Game(t.Context(), g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Check(got.Log, false); err != nil {
			t.Error(err)
		}
		stored += len(got.Log) - 1
	}
	t.Logf("%d moves acknowledged, %d stored, %d conflicts, %d requests unanswered after the signal; p99 %v, slowest %v", r.Acked, stored, r.Conflicts, r.Unreached, r.Latency(0.99), r.Latency(1))
}

// TestServeKilledKeepsAcknowledgedMoves kills the server with SIGKILL in the middle of a club
// night: every move a phone was told is recorded is in the file, at the seq it was told, and
// the file verifies.
func TestServeKilledKeepsAcknowledgedMoves(t *testing.T) {
	n := playUntilSignal(t, syscall.SIGKILL)
	if ws, ok := n.state.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
		t.Errorf("the server ended %v, not killed", n.state)
	}
	n.check(t)
}

// TestServeStopsGracefully stops the server with SIGTERM in the middle of a club night: the
// moves in flight are answered, the process exits 0, and every move acknowledged is in the
// file.
func TestServeStopsGracefully(t *testing.T) {
	n := playUntilSignal(t, syscall.SIGTERM)
	if !n.state.Success() {
		t.Errorf("the server ended %v, want exit 0\n%s", n.state, n.stderr)
	}
	if !strings.Contains(n.stdout, "stopped") {
		t.Errorf("the server did not say it stopped:\n%s", n.stdout)
	}
	n.check(t)
}
