package commands

import (
	"bytes"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"
)

// screen collects what a program writes to its terminal.
type screen struct {
	mu  sync.Mutex
	out bytes.Buffer
}

func (s *screen) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.out.Write(p)
}

func (s *screen) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.out.String()
}

// waitFor waits until the screen shows want. The limit is generous: it only keeps a broken
// prompt from hanging the test.
func (s *screen) waitFor(t *testing.T, want string) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if strings.Contains(s.String(), want) {
			return
		}
	}
	t.Fatalf("the screen never showed %q:\n%s", want, s.String())
}

// TestPlayPromptEditsLines types at the play prompt on a real terminal (a pseudo-terminal):
// Up recalls a refused move to be mended, and Tab completes a legal move.
func TestPlayPromptEditsLines(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, "new", "pinochle", "--players", "ann,bob", "--opener", "ann")
	cmd := tablesideCmd(t, dir, "play", "1")
	tty, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 40, Cols: 100})
	if err != nil {
		t.Fatal(err)
	}
	defer tty.Close()
	var s screen
	copied := make(chan struct{})
	go func() {
		io.Copy(&s, tty) // ends when the program has gone and the terminal closes
		close(copied)
	}()
	typeIn := func(keys string) {
		t.Helper()
		if _, err := tty.Write([]byte(keys)); err != nil {
			t.Fatal(err)
		}
	}

	s.waitFor(t, "> ")
	typeIn("ann bid 10\r")
	s.waitFor(t, "2: ann bids 10")
	typeIn("bob bid 9\r")
	s.waitFor(t, "must")     // refused: a bid must beat 10
	typeIn("\x1b[A\x7f11\r") // Up brings back "bob bid 9"; Backspace, then 11
	s.waitFor(t, "3: bob bids 11")
	typeIn("ann pa\t\r") // Tab completes the only legal move that begins so
	s.waitFor(t, "4: ann passes")
	typeIn("quit\r")
	if err := cmd.Wait(); err != nil {
		t.Fatalf("play: %v\n%s", err, s.String())
	}
	tty.Close()
	<-copied
	if strings.Contains(s.String(), `"\x1b`) {
		t.Errorf("an arrow key was read as a move:\n%s", s.String())
	}
	log := run(t, dir, "log", "1")
	for _, want := range []string{"ann bids 10", "bob bids 11", "ann passes"} {
		if !strings.Contains(log, want) {
			t.Errorf("the log has no %q:\n%s", want, log)
		}
	}
	if strings.Contains(log, "bids 9") {
		t.Errorf("the refused bid was recorded:\n%s", log)
	}
}
