package needs

import (
	"context"
	"fmt"
	"net/url"
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

// TestInTabKeepsToItsTime: what a tab does that never ends fails its test at the test's
// deadline, naming what it was and saying that the deadline ran out, and the browser goes on
// serving other tabs.
func TestInTabKeepsToItsTime(t *testing.T) {
	chromium := Program(t, "chromium", "to drive a page", "apt-get install chromium")
	browser := Browser(t, chromium)
	soon := &failingSoon{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		InTab(soon, browser, "waiting for ever", func(tab context.Context) error {
			_, err := chromedp.Run(tab, chromedp.Evaluate[bool](`new Promise(() => {})`, chromedp.EvalAwaitPromise))
			return err
		})
	}()
	ctx, cancel := WithDeadline(t, context.Background())
	defer cancel()
	select {
	case <-done:
	case <-ctx.Done():
		t.Fatalf("InTab did not end what it ran at its deadline: %s", OutOfTime())
	}
	if !strings.HasPrefix(soon.msg, "waiting for ever: chromium had not done it: the test's deadline ran out (go test -timeout ") {
		t.Errorf("a tab that never ends: %q, want it named and the deadline", soon.msg)
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

// redrawing is a page that draws its button again every 20 ms, as a live page does whenever
// news comes, and counts the presses on it: often enough that chromedp's Click alone fails
// within a few presses, and seldom enough that a press found afresh is not redrawn away again
// each time on a busy machine.
const redrawing = `<!DOCTYPE html><body><div id="box"></div><script>
window.presses = 0;
const draw = () => { document.getElementById("box").innerHTML = '<button onmousedown="presses++">press</button>'; };
draw();
setInterval(draw, 20);
</script></body>`

// TestAfreshPressesAButtonThePageRedraws: a button the page draws again between chromedp's
// finding it and pressing it is found afresh and pressed, once each time.
func TestAfreshPressesAButtonThePageRedraws(t *testing.T) {
	chromium := Program(t, "chromium", "to drive a page", "apt-get install chromium")
	const presses = 30
	var pressed int
	InTab(t, Browser(t, chromium), "pressing a redrawn button", func(tab context.Context) (err error) {
		if err := chromedp.Do(tab, chromedp.Navigate("data:text/html,"+url.PathEscape(redrawing))); err != nil {
			return err
		}
		for range presses {
			if err := chromedp.Do(tab, Afresh(chromedp.Click(chromedp.CSS("#box button")))); err != nil {
				return err
			}
		}
		pressed, err = chromedp.Run(tab, chromedp.Evaluate[int](`presses`))
		return err
	})
	if pressed != presses {
		t.Errorf("%d presses on the redrawn button, want %d", pressed, presses)
	}
}
