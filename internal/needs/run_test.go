package needs

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestOutputKillsAProgramThatHangs: a program that has not ended in its time is killed, with
// the process it started, and the error names it and its time.
func TestOutputKillsAProgramThatHangs(t *testing.T) {
	sh := Program(t, "sh", "to stand for a program that hangs", "apt-get install dash")
	pidFile := filepath.Join(t.TempDir(), "pid")
	// The program is given longer each time until it has started the process it leaves
	// waiting, which a busy machine may take a while to do.
	limit := 100 * time.Millisecond
	for {
		_, err := Output(t, limit, exec.Command(sh, "-c", "sleep 600 & echo $! > "+pidFile+"; wait"))
		var tooLong *TooLongError
		if !errors.As(err, &tooLong) || tooLong.Program != "sh" || tooLong.Limit != limit || tooLong.TestDeadline ||
			!strings.Contains(err.Error(), "sh did not end within "+limit.String()+", so it was killed") {
			t.Fatalf("a program that hangs: %v, want it named and killed at %v", err, limit)
		}
		if _, err := os.Stat(pidFile); err == nil || limit > time.Minute {
			break
		}
		limit *= 2
	}
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatalf("the program never started the process it leaves waiting: %v", err)
	}
	child, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(10 * time.Millisecond) {
		if state, _, ok := procStat(child); !ok || state == "Z" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the process %d the program started outlived it by a minute", child)
		}
	}
}

// TestOutputOfAProgramThatLeavesAHelper: a program that ends well is answered with what it
// wrote, though a process it left behind still holds its output open.
func TestOutputOfAProgramThatLeavesAHelper(t *testing.T) {
	sh := Program(t, "sh", "to stand for a program that leaves a helper", "apt-get install dash")
	lingering = 100 * time.Millisecond
	t.Cleanup(func() { lingering = 10 * time.Second })
	out, err := Output(t, time.Minute, exec.Command(sh, "-c", "sleep 5 & echo done"))
	if err != nil || string(out) != "done\n" {
		t.Fatalf("%q, %v; want done", out, err)
	}
	out, err = Output(t, time.Minute, exec.Command(sh, "-c", "echo said; echo wrong >&2; exit 3"))
	if err == nil || string(out) != "said\n" || !strings.Contains(err.Error(), "exit status 3\nwrong") {
		t.Fatalf("a program that fails: %q, %v; want its standard error in the error", out, err)
	}
}

// endingSoon is a test whose go test -timeout comes in a moment.
type endingSoon struct{ testing.TB }

func (endingSoon) Deadline() (time.Time, bool) { return time.Now().Add(afterTheTest), true }

// TestOutputKeepsToTheTestsDeadline: a program run near the test's deadline is given only what
// the test has left, and the error says that it was all the test had left.
func TestOutputKeepsToTheTestsDeadline(t *testing.T) {
	sh := Program(t, "sh", "to stand for a program that hangs", "apt-get install dash")
	_, err := Output(endingSoon{t}, time.Minute, exec.Command(sh, "-c", "sleep 600"))
	var tooLong *TooLongError
	if !errors.As(err, &tooLong) || !tooLong.TestDeadline || tooLong.Limit != time.Second ||
		!strings.Contains(err.Error(), "sh did not end within 1s, all the test had left before go test's -timeout") {
		t.Fatalf("a program run as the test's time runs out: %v", err)
	}
}
