package needs

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// endingIn is a test whose Deadline comes in a given time.
type endingIn struct {
	testing.TB
	left time.Duration
}

func (e endingIn) Deadline() (time.Time, bool) { return time.Now().Add(afterTheTest + e.left), true }

// TestOutputKillsAProgramThatHangs: a program that has not ended at its test's deadline is
// killed, with the process it started, and the error names it and says that the test's
// deadline ran out.
func TestOutputKillsAProgramThatHangs(t *testing.T) {
	sh := Program(t, "sh", "to stand for a program that hangs", "apt-get install dash")
	pidFile := filepath.Join(t.TempDir(), "pid")
	// The program is given longer each time until it has started the process it leaves
	// waiting, which a busy machine may take a while to do.
	left := 100 * time.Millisecond
	for {
		_, err := Output(endingIn{t, left}, exec.Command(sh, "-c", "sleep 600 & echo $! > "+pidFile+"; wait"))
		var late *DeadlineError
		if !errors.As(err, &late) || late.Program != "sh" || late.Ran < left ||
			!strings.Contains(err.Error(), "sh had run "+late.Ran.String()+" and not ended, so it was killed: the test's deadline ran out (go test -timeout ") {
			t.Fatalf("a program that hangs: %v, want it named and killed at the deadline", err)
		}
		if _, err := os.Stat(pidFile); err == nil {
			break
		}
		left *= 2
	}
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatalf("the program never started the process it leaves waiting: %v", err)
	}
	child, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	Wait(t, fmt.Sprintf("the process %d the program started to end with it", child), func() bool {
		state, _, ok := procStat(child)
		return !ok || state == "Z"
	})
}

// TestOutputOfAProgramThatLeavesAHelper: a program that ends well is answered with what it
// wrote, though a process it left behind still holds its output open.
func TestOutputOfAProgramThatLeavesAHelper(t *testing.T) {
	sh := Program(t, "sh", "to stand for a program that leaves a helper", "apt-get install dash")
	lingering = 100 * time.Millisecond
	t.Cleanup(func() { lingering = 10 * time.Second })
	out, err := Output(t, exec.Command(sh, "-c", "sleep 5 & echo done"))
	if err != nil || string(out) != "done\n" {
		t.Fatalf("%q, %v; want done", out, err)
	}
	out, err = Output(t, exec.Command(sh, "-c", "echo said; echo wrong >&2; exit 3"))
	if err == nil || string(out) != "said\n" || !strings.Contains(err.Error(), "exit status 3\nwrong") {
		t.Fatalf("a program that fails: %q, %v; want its standard error in the error", out, err)
	}
}

// noDeadline is a test run with go test -timeout 0.
type noDeadline struct{ testing.TB }

func (noDeadline) Deadline() (time.Time, bool) { return time.Time{}, false }

// TestOutputUnderNoTimeout: under go test -timeout 0 a program has no deadline and runs to its
// end; a wait has none either.
func TestOutputUnderNoTimeout(t *testing.T) {
	sh := Program(t, "sh", "to stand for a slow program", "apt-get install dash")
	out, err := Output(noDeadline{t}, exec.Command(sh, "-c", "sleep 0.2; echo done"))
	if err != nil || string(out) != "done\n" {
		t.Fatalf("%q, %v; want done", out, err)
	}
	if end, ok := Deadline(noDeadline{t}); ok {
		t.Errorf("a deadline %v under -timeout 0", end)
	}
}

// TestWaitEndsAtTheDeadline: a wait whose condition never holds fails its test at the test's
// deadline, naming what it waited for; one whose condition comes to hold returns.
func TestWaitEndsAtTheDeadline(t *testing.T) {
	soon := &failingSoon{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		Wait(soon, "nothing", func() bool { return false })
	}()
	<-done
	if !strings.HasPrefix(soon.msg, "waiting for nothing: the test's deadline ran out (go test -timeout ") {
		t.Errorf("a wait that never ends: %q", soon.msg)
	}
	n := 0
	Wait(t, "three looks", func() bool { n++; return n == 3 })
}
