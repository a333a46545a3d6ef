package needs

import (
	"bytes"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Output runs cmd, a program from outside Go, and returns what it wrote on its standard output.
// Where the program fails, the error holds what it wrote on its standard error. Where it has
// not ended at t's Deadline, it is killed with every process it started, and the error (a
// *DeadlineError) names it and says that the test's deadline ran out.
func Output(t testing.TB, cmd *exec.Cmd) ([]byte, error) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := run(t, cmd)
	if err != nil && stderr.Len() > 0 {
		err = fmt.Errorf("%w\n%s", err, bytes.TrimSpace(stderr.Bytes()))
	}
	return stdout.Bytes(), err
}

// CombinedOutput is Output with the standard error written in with the standard output.
func CombinedOutput(t testing.TB, cmd *exec.Cmd) ([]byte, error) {
	t.Helper()
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := run(t, cmd)
	return out.Bytes(), err
}

// lingering is how long a program's output is awaited once it has ended: a process it
// started and left behind may hold its output open, as a browser's helpers can.
var lingering = 10 * time.Second

func run(t testing.TB, cmd *exec.Cmd) error {
	t.Helper()
	ownGroup(cmd)
	cmd.WaitDelay = lingering
	name := filepath.Base(cmd.Path)
	started := time.Now()
	if err := cmd.Start(); err != nil {
		return err
	}
	// Killed from a timer rather than through a context, so that the whole group goes: a
	// helper left holding the output would keep Wait from returning.
	end, ok := Deadline(t)
	var timer *time.Timer
	if ok {
		timer = time.AfterFunc(time.Until(end), func() { killGroup(cmd.Process) })
	}
	err := cmd.Wait()
	if ok && !timer.Stop() {
		err = &DeadlineError{Program: name, Ran: time.Since(started).Round(time.Millisecond)}
	} else if errors.Is(err, exec.ErrWaitDelay) && cmd.ProcessState.Success() {
		err = nil // it ended well; what it left running is no part of its answer
	}
	if err != nil {
		return fmt.Errorf("%s %s: %w", name, strings.Join(cmd.Args[1:], " "), err)
	}
	return nil
}

// DeadlineError is a program's run that had not ended when its test's deadline came, and was
// killed.
type DeadlineError struct {
	Program string
	Ran     time.Duration // how long it had run
}

func (e *DeadlineError) Error() string {
	return fmt.Sprintf("%s had run %v and not ended, so it was killed: %s", e.Program, e.Ran, OutOfTime())
}
