package needs

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// failingSoon is a test whose go test -timeout comes in a moment, and which notes its failure
// instead of failing; Fatalf stops the caller's goroutine, as the real one does.
type failingSoon struct {
	testing.TB
	msg string
}

func (failingSoon) Deadline() (time.Time, bool) { return time.Now().Add(afterTheTest), true }
func (f *failingSoon) Fatalf(format string, args ...any) {
	f.msg = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

// TestInTabKeepsToItsTime: what a tab does that never ends fails its test at the time it has,
// naming what it was and the time, and the browser goes on serving other tabs.
func TestInTabKeepsToItsTime(t *testing.T) {
	chromium := Program(t, "chromium", "to drive a page", "apt-get install chromium")
	browser := Browser(t, chromium, 0)
	soon := &failingSoon{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		InTab(soon, browser, "waiting for ever", func(tab context.Context) error {
			_, err := chromedp.Run(tab, chromedp.Evaluate[bool](`new Promise(() => {})`, chromedp.EvalAwaitPromise))
			return err
		})
	}()
	select {
	case <-done:
	case <-time.After(ProgramLimit):
		t.Fatalf("InTab did not end what it ran within %v; it had 1s", ProgramLimit)
	}
	if !strings.HasPrefix(soon.msg, "waiting for ever: chromium did not end it within 1s: ") {
		t.Errorf("a tab that never ends: %q, want it named and its time", soon.msg)
	}
	var sum int
	InTab(t, browser, "adding", func(tab context.Context) (err error) {
		sum, err = chromedp.Run(tab, chromedp.Evaluate[int](`1 + 1`))
		return err
	})
	if sum != 2 {
		t.Errorf("1 + 1 in a later tab: %d", sum)
	}
}
