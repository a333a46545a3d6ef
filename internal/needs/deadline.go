package needs

import (
	"context"
	"flag"
	"fmt"
	"testing"
	"time"
)

// A test gives what it runs or waits for no time limit of its own: any would be a guess at how
// fast the machine is, and a newcomer's busy laptop is slower than the guess. The one limit is
// go test's own (-timeout, 10 minutes by default, none with -timeout 0), which t.Deadline
// reports; Deadline keeps back from it the time for the failure, so that what ran out fails its
// own test, named, rather than the package's whole run with a panic.

// afterTheTest is kept back from go test's deadline for what follows a wait or a program that
// did not end: the test's failure, its cleanups, and the report.
const afterTheTest = 30 * time.Second

// Deadline is when what t runs or waits for must have ended: go test's deadline less
// afterTheTest. ok is false where there is none (go test -timeout 0).
func Deadline(t testing.TB) (_ time.Time, ok bool) {
	end, ok := testDeadline(t)
	if !ok {
		return time.Time{}, false
	}
	return end.Add(-afterTheTest), true
}

// WithDeadline is parent ending at Deadline(t) too, for a wait on a channel or a call that
// takes a context. Where ctx.Err() is set once it returns, fail t with OutOfTime.
func WithDeadline(t testing.TB, parent context.Context) (context.Context, context.CancelFunc) {
	if end, ok := Deadline(t); ok {
		return context.WithDeadline(parent, end)
	}
	return context.WithCancel(parent)
}

// Wait waits until cond holds, looking every 10ms, and fails t at Deadline(t) naming what it
// waited for.
func Wait(t testing.TB, what string, cond func() bool) {
	t.Helper()
	end, ok := Deadline(t)
	for !cond() {
		if ok && time.Now().After(end) {
			t.Fatalf("waiting for %s: %s", what, OutOfTime())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// OutOfTime says that the test's deadline ran out, and how to give it longer.
func OutOfTime() string {
	timeout := "-timeout"
	if f := flag.Lookup("test.timeout"); f != nil {
		timeout += " " + f.Value.String()
	}
	return fmt.Sprintf("the test's deadline ran out (go test %s, less %v kept for the report); "+
		"a busy machine may need a longer -timeout, or -timeout 0 for none", timeout, afterTheTest)
}

// testDeadline is when t must end, if go test set a -timeout.
func testDeadline(t testing.TB) (time.Time, bool) {
	d, ok := t.(interface{ Deadline() (time.Time, bool) })
	if !ok {
		return time.Time{}, false
	}
	return d.Deadline()
}
