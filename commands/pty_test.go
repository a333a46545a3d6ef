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
	// Say what the terminal is, whatever the test's own environment says: without TERM (a
	// shell started with env -i, some CI runners) the line editor rightly falls back to
	// reading plain lines, and there are no keys to test.
	cmd.Env = append(cmd.Env, "TERM=xterm")
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

// TestProgressShowsOnlyOnATerminal walks the store with standard error on a terminal and
// standard output in a pipe: the bar is drawn on the terminal, no wider than it, and wiped at
// the end, while the output is what it is with no terminal at all. Under --format json the
// terminal sees nothing.
func TestProgressShowsOnlyOnATerminal(t *testing.T) {
	dir := t.TempDir()
	for range 3 {
		run(t, dir, "new", "pinochle", "--players", "ann,bob", "--opener", "ann")
	}
	for _, format := range []string{"text", "json"} {
		piped := run(t, dir, "check", "--all", "--format", format)

		ptmx, tty, err := pty.Open()
		if err != nil {
			t.Fatal(err)
		}
		if err := pty.Setsize(ptmx, &pty.Winsize{Rows: 24, Cols: 60}); err != nil {
			t.Fatal(err)
		}
		cmd := tablesideCmd(t, dir, "check", "--all", "--format", format)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, tty
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		tty.Close()
		var s screen
		copied := make(chan struct{})
		go func() {
			io.Copy(&s, ptmx) // ends when the program has gone and the terminal closes
			close(copied)
		}()
		if err := cmd.Wait(); err != nil {
			t.Fatalf("check --all: %v\n%s", err, s.String())
		}
		<-copied
		ptmx.Close()

		if out.String() != piped {
			t.Errorf("%s: the output changed with a terminal on standard error:\n%s\nwant:\n%s", format, out.String(), piped)
		}
		shown := s.String()
		if format == "json" {
			if shown != "" {
				t.Errorf("json: the terminal shows %q, want nothing", shown)
			}
			continue
		}
		if !strings.Contains(shown, "checking ") || !strings.Contains(shown, "/3 games [") {
			t.Errorf("no bar on the terminal: %q", shown)
		}
		for _, line := range strings.Split(shown, "\r") {
			if len(line) > 60 {
				t.Errorf("a bar line is %d columns on a 60-column terminal: %q", len(line), line)
			}
		}
		last := shown[strings.LastIndex(shown, "\r")+1:]
		if strings.Trim(strings.NewReplacer("\x1b[0m", "", "\x1b[K", "").Replace(last), " ") != "" {
			t.Errorf("the bar is left on the screen: %q", shown)
		}
	}
}
