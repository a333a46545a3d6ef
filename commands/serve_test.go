package commands

import (
	"bufio"
	"bytes"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/tableside/tableside/internal/needs"
	"github.com/tableside/tableside/table"
	"github.com/tableside/tableside/web/webtest"
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

// served is `tableside serve` running as a process over a new database.
type served struct {
	bin, db, base string
	cmd           *exec.Cmd
	said          strings.Builder // what it wrote on stdout
	stderr        bytes.Buffer
	read          chan struct{} // closed when its stdout ends
}

// serveKey is the director's key of a served process.
const serveKey = "the organiser's own long key"

// startServe builds tableside and serves a new database with it on a free loopback port.
func startServe(t *testing.T) *served {
	t.Helper()
	return startServeOn(t, buildTableside(t), filepath.Join(t.TempDir(), "club.db"))
}

// built is tableside as a user builds it, built once for every test of the package that runs
// it (a build takes longer than most tests), in a directory TestMain removes.
var built struct {
	sync.Mutex
	dir, bin string
	err      error // why it could not be built; the tests after the first fail with it too
}

// buildTableside builds tableside as a user builds it (no cgo), the first time a test asks,
// and returns the program's path.
func buildTableside(t testing.TB) string {
	t.Helper()
	built.Lock()
	defer built.Unlock()
	if built.bin == "" && built.err == nil {
		built.err = func() error {
			dir, err := os.MkdirTemp("", "tableside-build-")
			if err != nil {
				return err
			}
			built.dir = dir
			bin := filepath.Join(dir, "tableside")
			build := exec.Command("go", "build", "-o", bin, "github.com/tableside/tableside")
			build.Env = append(os.Environ(), "CGO_ENABLED=0")
			if out, err := needs.CombinedOutput(t, build); err != nil {
				return fmt.Errorf("%w\n%s", err, out)
			}
			built.bin = bin
			return nil
		}()
	}
	if built.err != nil {
		t.Fatalf("building tableside: %v", built.err)
	}
	return built.bin
}

// TestTablesideIsBuiltOnce: the tests that run tableside as a user does share one build.
func TestTablesideIsBuiltOnce(t *testing.T) {
	first := buildTableside(t)
	t.Run("another test", func(t *testing.T) {
		if again := buildTableside(t); again != first {
			t.Errorf("a second test built tableside again, as %s; the first has %s", again, first)
		}
	})
	if _, err := os.Stat(first); err != nil {
		t.Errorf("the build is gone when its first test ends: %v", err)
	}
}

// startServeOn serves db (a file, or a league's database) with the program bin on a free
// loopback port, with serve's flags flags.
func startServeOn(t testing.TB, bin, db string, flags ...string) *served {
	t.Helper()
	s := &served{bin: bin, db: db, read: make(chan struct{})}
	s.cmd = exec.Command(s.bin, append([]string{"--db", s.db, "serve", "--addr", "127.0.0.1:0"}, flags...)...)
	s.cmd.Env = append(os.Environ(), directorKeyEnv+"="+serveKey)
	stdout, err := s.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	s.cmd.Stderr = &s.stderr
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if s.cmd.ProcessState == nil {
			s.cmd.Process.Kill()
			s.cmd.Wait()
		}
	})
	// The server says where it listens on its first line; the rest is kept for messages.
	url := make(chan string, 1)
	go func() {
		defer close(s.read)
		lines := bufio.NewScanner(stdout)
		for lines.Scan() {
			s.said.WriteString(lines.Text() + "\n")
			if rest, ok := strings.CutPrefix(lines.Text(), "serving on "); ok {
				url <- strings.Fields(rest)[0]
			}
		}
	}()
	select {
	case s.base = <-url:
	case <-s.read:
		s.cmd.Wait()
		t.Fatalf("tableside serve ended before serving: %v\n%s%s", s.cmd.ProcessState, s.said.String(), s.stderr.String())
	}
	return s
}

// ask sends the server a request as the director, with body ("" for none).
func (s *served) ask(t testing.TB, method, path, body string) *http.Response {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), method, s.base+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+serveKey)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// wait waits for the process to end, its output read.
func (s *served) wait() {
	<-s.read
	s.cmd.Wait()
}

// playUntilSignal serves a new database, has the phones of servedTables tables race each other
// through their moves, and sends the server sig once signalAfter moves have been acknowledged.
// It returns when the phones have stopped and the process has ended.
func playUntilSignal(t *testing.T, sig syscall.Signal) *servedNight {
	t.Helper()
	s := startServe(t)
	n := &servedNight{bin: s.bin, db: s.db, moves: servedTables * servedMoves}
	tables, err := webtest.Tables(rand.New(rand.NewPCG(11, 0x5E4E)), servedTables, servedMoves)
	if err != nil {
		t.Fatal(err)
	}
	var signal sync.Once
	club := &webtest.Club{URL: s.base, Key: serveKey, OnAck: func(total int) {
		if total >= signalAfter {
			signal.Do(func() {
				if err := s.cmd.Process.Signal(sig); err != nil {
					t.Errorf("signal the server: %v", err)
				}
			})
		}
	}}
	ctx, cancel := needs.WithDeadline(t, t.Context())
	defer cancel()
	games, err := club.Seat(ctx, tables)
	if err != nil {
		t.Fatal(err)
	}
	if n.result = club.Play(ctx, games); ctx.Err() != nil {
		t.Fatalf("the night: %s", needs.OutOfTime())
	}
	s.wait()
	n.state, n.stdout, n.stderr = s.cmd.ProcessState, s.said.String(), s.stderr.String()
	return n
}

// TestServeShowsTheCommandLinesMoves: a move recorded with `tableside record` in another
// process, on the file the server serves, reaches the game's live stream.
func TestServeShowsTheCommandLinesMoves(t *testing.T) {
	s := startServe(t)
	res := s.ask(t, "POST", "/api/games", `{"kind":"pinochle","players":["ann","bob"],"dealer":"bob"}`)
	res.Body.Close()
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("new game: %d", res.StatusCode)
	}
	stream := s.ask(t, "GET", "/api/games/1/live", "")
	defer stream.Body.Close()
	events := make(chan string, 4)
	go func() {
		lines := bufio.NewScanner(stream.Body)
		for lines.Scan() {
			if ev, ok := strings.CutPrefix(lines.Text(), "event: "); ok {
				events <- ev
			}
		}
	}()
	if ev := <-events; ev != "hello" {
		t.Fatalf("the stream began with %q", ev)
	}
	if out, err := needs.CombinedOutput(t, exec.Command(s.bin, "--db", s.db, "record", "1", "ann", "bid", "10")); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	ctx, cancel := needs.WithDeadline(t, t.Context())
	defer cancel()
	select {
	case ev := <-events:
		if ev != "moved" {
			t.Errorf("after the command line's move the stream said %q", ev)
		}
	case <-ctx.Done():
		t.Fatalf("waiting for the command line's move on the page's stream: %s", needs.OutOfTime())
	}
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
	stored := checkStored(t, n.bin, n.db, r, false)
	t.Logf("%d moves acknowledged, %d stored, %d conflicts, %d requests unanswered after the signal; p99 %v, slowest %v", r.Acked, stored, r.Conflicts, r.Unreached, r.Latency(0.99), r.Latency(1))
}

// checkStored fails t unless `verify` finds the store db whole and every game's stored log is
// its table's moves in order (all of them, if whole), holding every move a phone saw
// acknowledged at its seq; it returns how many moves are stored.
func checkStored(t *testing.T, bin, db string, r *webtest.Result, whole bool) int {
	t.Helper()
	if out, err := needs.CombinedOutput(t, exec.Command(bin, "--db", db, "verify")); err != nil {
		t.Errorf("%v\n%s", err, out)
	}
	app, err := table.Open(t.Context(), db, testSchema(t))
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
		if err := g.Check(got.Log(), whole); err != nil {
			t.Error(err)
		}
		stored += got.Len() - 1
	}
	return stored
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
