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
	_, err := Output(t, 100*time.Millisecond, exec.Command(sh, "-c", "sleep 600 & echo $! > "+pidFile+"; wait"))
	var tooLong *TooLongError
	if !errors.As(err, &tooLong) || tooLong.Program != "sh" || tooLong.Limit != 100*time.Millisecond ||
		!strings.Contains(err.Error(), "sh did not end within 100ms, so it was killed") {
		t.Fatalf("a program that hangs: %v, want it named and killed at 100ms", err)
	}
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
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
