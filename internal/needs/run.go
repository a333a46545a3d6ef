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

// ProgramLimit is how long one run of an outside program a test starts may take: minutes
// more than any takes on a machine busy with other work, and well within go test's own limit,
// so that a program that hangs fails its own test, named, rather than the package's whole run.
const ProgramLimit = 2 * time.Minute

// afterTheTest is kept back from a test's deadline for what follows a program's run that did
// not end: the test's failure, its cleanups, and the report.
const afterTheTest = 30 * time.Second

// Output runs cmd, a program from outside Go, and returns what it wrote on its standard output.
// Where the program fails, the error holds what it wrote on its standard error. Where it has
// not ended within limit, or before t's own deadline, it is killed with every process it
// started, and the error names it and the time it was given.
func Output(t testing.TB, limit time.Duration, cmd *exec.Cmd) ([]byte, error) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := run(t, limit, cmd)
	if err != nil && stderr.Len() > 0 {
		err = fmt.Errorf("%w\n%s", err, bytes.TrimSpace(stderr.Bytes()))
	}
	return stdout.Bytes(), err
}

// CombinedOutput is Output with the standard error written in with the standard output.
func CombinedOutput(t testing.TB, limit time.Duration, cmd *exec.Cmd) ([]byte, error) {
	t.Helper()
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := run(t, limit, cmd)
	return out.Bytes(), err
}

// lingering is how long a program's output is awaited once it has ended: a process it
// started and left behind may hold its output open, as a browser's helpers can.
var lingering = 10 * time.Second

func run(t testing.TB, limit time.Duration, cmd *exec.Cmd) error {
	t.Helper()
	limit, cut := within(t, limit)
	ownGroup(cmd)
	cmd.WaitDelay = lingering
	name := filepath.Base(cmd.Path)
	if err := cmd.Start(); err != nil {
		return err
	}
	// Killed from a timer rather than through a context, so that the whole group goes: a
	// helper left holding the output would keep Wait from returning.
	timer := time.AfterFunc(limit, func() { killGroup(cmd.Process) })
	err := cmd.Wait()
	if !timer.Stop() {
		err = &TooLongError{Program: name, Limit: limit, TestDeadline: cut}
	} else if errors.Is(err, exec.ErrWaitDelay) && cmd.ProcessState.Success() {
		err = nil // it ended well; what it left running is no part of its answer
	}
	if err != nil {
		return fmt.Errorf("%s %s: %w", name, strings.Join(cmd.Args[1:], " "), err)
	}
	return nil
}

// TooLongError is a program's run that had not ended when its time was up, and was killed.
type TooLongError struct {
	Program string
	Limit   time.Duration
	// TestDeadline: the time was what the test had left before go test's -timeout.
	TestDeadline bool
}

func (e *TooLongError) Error() string {
	if e.TestDeadline {
		return fmt.Sprintf("%s did not end within %v, all the test had left before go test's -timeout, so it was killed", e.Program, e.Limit)
	}
	return fmt.Sprintf("%s did not end within %v, so it was killed", e.Program, e.Limit)
}

// within is limit, or less where t must end sooner (cut), keeping back afterTheTest.
func within(t testing.TB, limit time.Duration) (_ time.Duration, cut bool) {
	end, ok := deadline(t)
	if !ok {
		return limit, false
	}
	if left := time.Until(end) - afterTheTest; left < limit {
		return max(left, time.Second), true
	}
	return limit, false
}
