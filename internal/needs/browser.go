package needs

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Browser starts the Chromium at path headless for t, to be driven through chromedp, and
// returns its context: a test that loads many pages starts the browser once rather than a
// Chromium a page, each paying a cold start. The browser is closed when t ends, and killed
// when limit has passed (0: no limit of its own) or at t's deadline less afterTheTest,
// whichever comes first, so that a hung page fails its test and leaves the others their time.
// A headless browser in a container now and then dies at start, so it is started up to three
// times.
func Browser(t testing.TB, path string, limit time.Duration) context.Context {
	t.Helper()
	// Not under t.Context(): that ends before the cleanups, and the browser is to be closed
	// gracefully, before its profile directory is removed.
	ctx, cancel := context.Background(), context.CancelFunc(func() {})
	end, ok := deadline(t)
	if ok {
		end = end.Add(-afterTheTest)
	}
	if by := time.Now().Add(limit); limit > 0 && (!ok || by.Before(end)) {
		end, ok = by, true
	}
	if ok {
		ctx, cancel = context.WithDeadline(ctx, end)
	}
	t.Cleanup(cancel)
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path), chromedp.NoSandbox,
		chromedp.DisableGPU, chromedp.Flag("disable-quic", true), chromedp.Flag("disable-component-update", true))
	for try := 1; ; try++ {
		alloc, stopAlloc := chromedp.NewExecAllocator(ctx, append(opts, chromedp.UserDataDir(t.TempDir()))...)
		root, stopRoot := chromedp.NewContext(alloc)
		err := chromedp.Do(root)
		if err == nil {
			t.Cleanup(func() { _ = chromedp.Cancel(root); stopRoot(); stopAlloc() })
			return root
		}
		stopRoot()
		stopAlloc()
		if try == 3 {
			t.Fatalf("starting chromium: %v", err)
		}
	}
}

// InTab runs do in a new tab of the browser root that Browser started, and closes the tab. do
// has ProgramLimit, as a run of Chromium would, or less where t must end sooner: past it, or
// where do fails, the test fails naming what it was doing (what) and the time it had.
func InTab(t testing.TB, root context.Context, what string, do func(tab context.Context) error) {
	t.Helper()
	tab, closeTab := chromedp.NewContext(root)
	defer closeTab()
	if err := chromedp.Do(tab); err != nil { // opens the tab, under the browser's own deadline
		t.Fatalf("%s: opening a tab: %v", what, err)
	}
	limit, _ := within(t, ProgramLimit)
	ctx, cancel := context.WithTimeout(tab, limit)
	defer cancel()
	if err := do(ctx); err != nil {
		if ctx.Err() != nil {
			t.Fatalf("%s: chromium did not end it within %v: %v", what, limit, err)
		}
		t.Fatalf("%s: %v", what, err)
	}
}

// deadline is when t must end, if go test set a -timeout.
func deadline(t testing.TB) (time.Time, bool) {
	d, ok := t.(interface{ Deadline() (time.Time, bool) })
	if !ok {
		return time.Time{}, false
	}
	return d.Deadline()
}
