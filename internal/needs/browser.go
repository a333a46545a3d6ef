package needs

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/chromedp/cdproto"
	"github.com/chromedp/chromedp"
)

// Browser starts the Chromium at path headless for t, to be driven through chromedp, and
// returns its context: a test that loads many pages starts the browser once rather than a
// Chromium a page, each paying a cold start. The browser is closed when t ends, and killed
// halfway between t's Deadline and go test's own, so that a wait that ran out at the first
// can still read the page to say what it shows, and a page that hangs fails its test rather
// than the package's run. A headless browser in a container now and then dies at start, so it
// is started up to three times. Under go test -short the test is skipped (Long).
func Browser(t testing.TB, path string) context.Context {
	t.Helper()
	Long(t, "drives Chromium")
	// Not under t.Context(): that ends before the cleanups, and the browser is to be closed
	// gracefully, before its profile directory is removed.
	ctx, cancel := context.Background(), context.CancelFunc(func() {})
	if end, ok := testDeadline(t); ok {
		ctx, cancel = context.WithDeadline(ctx, end.Add(-afterTheTest/2))
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
		if ctx.Err() != nil {
			t.Fatalf("starting chromium: %v: %s", err, OutOfTime())
		}
		if try == 3 {
			t.Fatalf("starting chromium: %v", err)
		}
	}
}

// InTab runs do in a new tab of the browser root that Browser started, and closes the tab. do
// has until t's Deadline: past it, or where do fails, the test fails naming what it was doing
// (what).
func InTab(t testing.TB, root context.Context, what string, do func(tab context.Context) error) {
	t.Helper()
	tab, closeTab := chromedp.NewContext(root)
	defer closeTab()
	if err := chromedp.Do(tab); err != nil { // opens the tab, under the browser's own deadline
		t.Fatalf("%s: opening a tab: %v", what, err)
	}
	ctx, cancel := WithDeadline(t, tab)
	defer cancel()
	if err := do(ctx); err != nil {
		if ctx.Err() != nil {
			t.Fatalf("%s: chromium had not done it: %s", what, OutOfTime())
		}
		t.Fatalf("%s: %v", what, err)
	}
}

// Afresh is action run again for as long as it fails because the page drew the node it found
// again before the action was done with it ("Could not find node with given id"): a live page
// redraws its parts whenever news comes, and chromedp's Click, Tap and SendKeys find a node
// and then act on it by its id, which a redraw makes stale. Such an action fails before it
// has sent any input, so running it again does it once.
func Afresh[T any](action chromedp.Action[T]) chromedp.Action[T] {
	return func(ctx context.Context, tg *chromedp.Target) (T, error) {
		for {
			v, err := action(ctx, tg)
			if !redrawn(err) || ctx.Err() != nil {
				return v, err
			}
		}
	}
}

// redrawn reports whether err is Chromium's answer about a node that the page has since
// removed.
func redrawn(err error) bool {
	var e *cdproto.Error
	if !errors.As(err, &e) {
		return false
	}
	for _, gone := range []string{"Could not find node with given id", "No node with given id found", "Node with given id does not belong to the document", "Node is detached from document"} {
		if strings.Contains(e.Message, gone) {
			return true
		}
	}
	return false
}
