package web

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// slowPhone is how much slower than this machine's the CPU of a club's cheapest phone is
// taken to be: DevTools' own "4× slowdown".
const slowPhone = 4

// BenchmarkPhoneSlowCPU is the phone's referee on a club's cheapest phone: Chromium with its CPU
// slowed slowPhone times, beside the same page on this machine's CPU in the same run. Each
// round opens a cold phone (nothing kept) on a Pinochle game of 370 events, reads when the
// phone's own referee drew the buttons, and then taps two moves, each measured by the page from
// the tap to the part redrawn and laid out (tap-ms, the mean of the two).
//
//	go test ./web -run '^$' -bench PhoneSlowCPU -benchtime 3x
func BenchmarkPhoneSlowCPU(b *testing.B) {
	c := openClub(b, false)
	const stored, taps = 370, 2
	id, code, next := seededPinochle(b, c, stored)
	root := startChromium(b)
	var referee, tap [2]float64 // [plain, slowed]
	for b.Loop() {
		for i, rate := range []float64{1, slowPhone} {
			w := layCable(b, strings.TrimPrefix(c.http.URL, "http://"))
			ctx := joinSlowedPhone(b, root, fmt.Sprintf("%s/join?game=%d&code=%s", w.url(), id, code), rate)
			referee[i] += cdpEval[float64](b, ctx, `Number(document.body.dataset.refereeAfter)`)
			if len(next) < taps {
				b.Fatalf("the seeded game has %d moves after the %d stored: too few for %d rounds", len(next), stored, b.N)
			}
			for range taps {
				waitPage(b, ctx, "the page still", still)
				if !typeMove(b, ctx, next[0]) {
					b.Fatalf("the phone refused %q", next[0])
				}
				tap[i] += cdpEval[float64](b, ctx, `Number(document.body.dataset.tapMs)`)
				next = next[1:]
			}
		}
	}
	n := float64(b.N)
	b.ReportMetric(referee[0]/n, "cold-referee-ms")
	b.ReportMetric(referee[1]/n, "slow-cold-referee-ms")
	b.ReportMetric(tap[0]/n/taps, "tap-ms")
	b.ReportMetric(tap[1]/n/taps, "slow-tap-ms")
}

// still is the condition that a phone's page has nothing waiting to be sent and nothing under
// way: a tap then is judged at once.
const still = `document.body.dataset.waiting === "0" && (document.body.dataset.turns || "0") === "0"`

// joinSlowedPhone is joinPhone on a phone whose CPU is rate times slower, slowed before the
// page is asked for.
func joinSlowedPhone(t testing.TB, root context.Context, join string, rate float64) context.Context {
	t.Helper()
	ctx, cancel := chromedp.NewContext(root, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	cdpDo(t, ctx,
		chromedp.EmulateViewport(phoneScreen.width, phoneScreen.height, chromedp.EmulateMobile, chromedp.EmulateTouch),
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: rate})
			return err
		}),
		chromedp.Navigate(join))
	markLoaded(t, ctx)
	waitPage(t, ctx, "the phone's own referee", refereesHere)
	return ctx
}
