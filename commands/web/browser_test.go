package web

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tableside/tableside/commands/table"
	"github.com/tableside/tableside/internal/needs"
	"github.com/tableside/tableside/referee/article2"
)

// The browser tests drive the pages in a real headless Chromium, as the phones at a table and
// the wall screen use them. Every wait is on what the page shows, bounded; none is a sleep.

// startChromium starts a headless Chromium for one test, which must be done within limit, and
// returns its context.
func startChromium(t *testing.T, limit time.Duration) context.Context {
	t.Helper()
	chromium := needs.Program(t, "chromium", "to drive the pages in a browser", "apt-get install chromium")
	// Not under t.Context(): that ends before the cleanups, and the browser is to be closed
	// gracefully, before its profile directory is removed.
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	t.Cleanup(cancel)
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(chromium), chromedp.NoSandbox,
		chromedp.DisableGPU, chromedp.Flag("disable-quic", true), chromedp.Flag("disable-component-update", true))
	for try := 1; ; try++ { // a headless browser in a container now and then dies at start
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

// openTab opens addr in a tab of a browser context of its own (its own cookies: one phone or
// screen), 360×740 CSS pixels with touch, as a small phone.
func openTab(t *testing.T, root context.Context, addr string) context.Context {
	t.Helper()
	ctx, cancel := chromedp.NewContext(root, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	cdpDo(t, ctx, chromedp.EmulateViewport(360, 740, chromedp.EmulateMobile, chromedp.EmulateTouch), chromedp.Navigate(addr))
	markLoaded(t, ctx)
	return ctx
}

// joinPhone opens a phone joined to a game's table by its QR code's link, on the live game page.
func joinPhone(t *testing.T, root context.Context, base string, id int64, code string) context.Context {
	t.Helper()
	ctx := openTab(t, root, fmt.Sprintf("%s/join?game=%d&code=%s", base, id, url.QueryEscape(code)))
	waitPage(t, ctx, 10*time.Second, "the live stream", `document.getElementById("live-status").textContent.startsWith("Live:")`)
	return ctx
}

func cdpDo(t *testing.T, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatal(err)
	}
}

// cdpSubmit runs steps that post a form, waits for the page the answer leads to, and returns its
// status.
func cdpSubmit(t *testing.T, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) int64 {
	t.Helper()
	res, err := chromedp.RunResponse(ctx, steps...)
	if err != nil {
		t.Fatal(err)
	}
	markLoaded(t, ctx)
	return res.Status
}

func cdpEval[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// markLoaded marks the page now loaded, so that a wait can tell a live update from a reload.
func markLoaded(t *testing.T, ctx context.Context) { cdpEval[bool](t, ctx, `window.kept = true`) }

// waitPage waits up to within for cond to hold in the page, and fails with what the page says when
// it does not.
func waitPage(t *testing.T, ctx context.Context, within time.Duration, what, cond string) {
	t.Helper()
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingInterval(10*time.Millisecond), chromedp.WithPollingTimeout(within)))
	if err != nil {
		t.Fatalf("waiting %v for %s: %v\nthe page says:\n%s", within, what, err, cdpEval[string](t, ctx, `document.querySelector("main").innerText`))
	}
}

// showsUpTo is the condition that a page shows, without having reloaded, the game up to event seq
// with text as its latest line.
func showsUpTo(seq int64, text string) string {
	return fmt.Sprintf(`window.kept === true && (() => {
		const now = document.querySelector("#live .now"), li = now && now.querySelector("ol.log li");
		return now !== null && now.dataset.last === "%d" && li !== null && li.textContent.startsWith(%q);
	})()`, seq, text)
}

// liveWithin is how soon a page must show what another recorded: the "within a second".
const liveWithin = time.Second

// logLine is a line of a game's log, as the API gives it.
type logLine struct{ Text, Note string }

// apiGet reads what the API answers the director at path.
func apiGet[T any](t *testing.T, c *testClub, path string, args ...any) T {
	t.Helper()
	var v T
	status, body := c.call(t, "GET", fmt.Sprintf(path, args...), testKey, nil)
	if err := json.Unmarshal(body, &v); status != http.StatusOK || err != nil {
		t.Fatalf("GET %s: %d %s", path, status, body)
	}
	return v
}

// recordAPI records a move through the API, as the director.
func (c *testClub) recordAPI(t *testing.T, id int64, words string) {
	t.Helper()
	if status, body := c.call(t, "POST", fmt.Sprintf("/api/games/%d/moves", id), testKey, move{Move: words}); status != http.StatusCreated {
		t.Fatalf("record %q: %d %s", words, status, body)
	}
}

// article2Game is a new game of Article II for two: short, and with plenty of legal moves.
func (c *testClub) article2Game(t *testing.T) (int64, string) {
	return c.newGame(t, newGame{Kind: "article2", Players: []string{"ann", "bob"}})
}

// TestBrowserPhonesSeeEveryMove: a move tapped or typed on one phone, or recorded by a terminal
// on the same file, shows on the other phones at once, without a reload.
func TestBrowserPhonesSeeEveryMove(t *testing.T) {
	c := openClub(t, false)
	id, code := c.article2Game(t)
	root := startChromium(t, 30*time.Second)
	a, b := joinPhone(t, root, c.http.URL, id, code), joinPhone(t, root, c.http.URL, id, code)

	// A taps the button of a legal move.
	if status := cdpSubmit(t, a, chromedp.Tap(chromedp.CSS(`.choices form:has(input[value="start ann"]) button`))); status != http.StatusOK {
		t.Fatalf("tapping start ann: status %d", status)
	}
	waitPage(t, a, liveWithin, "the tapper's own page", showsUpTo(2, "ann starts"))
	waitPage(t, b, liveWithin, "the tap on the other phone", showsUpTo(2, "ann starts"))

	// B types a move and records it.
	if status := cdpSubmit(t, b, chromedp.SendKeys(chromedp.CSS("form.entry input[name=move]"), "ann play tack bob"), chromedp.Tap(chromedp.CSS("form.entry button"))); status != http.StatusOK {
		t.Fatalf("typing ann play tack bob: status %d", status)
	}
	text := apiGet[[]logLine](t, c, "/api/games/%d/log", id)[2].Text
	waitPage(t, b, liveWithin, "the typist's own page", showsUpTo(3, text)+` && document.querySelector(".notice").textContent.includes("Recorded: 3.")`)
	waitPage(t, a, liveWithin, "the typed move on the other phone", showsUpTo(3, text))

	// A terminal on the same file records, through an application of its own.
	schema, err := os.ReadFile("../../schema.sql")
	if err != nil {
		t.Fatal(err)
	}
	term, err := table.Open(t.Context(), c.path, string(schema))
	if err != nil {
		t.Fatal(err)
	}
	defer term.Close()
	g, err := term.Game(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := term.Record(t.Context(), g, strings.Fields("bob play toe ann"), table.RecordOptions{})
	if err != nil {
		t.Fatal(err)
	}
	text = rec.Game.Describe(rec.Event)
	waitPage(t, a, liveWithin, "the terminal's move on one phone", showsUpTo(4, text))
	waitPage(t, b, liveWithin, "the terminal's move on the other", showsUpTo(4, text))
}

// TestBrowserRefusesAnIllegalMove: a move out of turn is refused with its rule and what may be
// played, and nothing is recorded.
func TestBrowserRefusesAnIllegalMove(t *testing.T) {
	c := openClub(t, false)
	id, code := c.article2Game(t)
	c.recordAPI(t, id, "start ann")
	hint := apiGet[table.View](t, c, "/api/games/%d", id).Hint
	root := startChromium(t, 30*time.Second)
	p := joinPhone(t, root, c.http.URL, id, code)

	status := cdpSubmit(t, p, chromedp.SendKeys(chromedp.CSS("form.entry input[name=move]"), "bob play tack ann"), chromedp.Tap(chromedp.CSS("form.entry button")))
	if status != http.StatusUnprocessableEntity {
		t.Errorf("status %d, want %d", status, http.StatusUnprocessableEntity)
	}
	refusal := cdpEval[string](t, p, `document.querySelector(".refusal")?.innerText ?? ""`)
	for _, want := range []string{"rule E4: it is ann's turn, not bob's", "Rule E4 · illegal", "legal now: " + hint} {
		if !strings.Contains(refusal, want) {
			t.Errorf("the refusal does not say %q:\n%s", want, refusal)
		}
	}
	if got := cdpEval[string](t, p, `document.querySelector("form.entry input[name=move]").value`); got != "bob play tack ann" {
		t.Errorf("the text box holds %q, not the move tried", got)
	}
	if log := apiGet[[]logLine](t, c, "/api/games/%d/log", id); len(log) != 2 {
		t.Errorf("the log has %d events, want the 2 before the refused move: %+v", len(log), log)
	}
}

// TestBrowserUndo: the undo button names the latest move and takes it back, on both phones.
func TestBrowserUndo(t *testing.T) {
	c := openClub(t, false)
	id, code := c.article2Game(t)
	c.recordAPI(t, id, "start ann")
	before := apiGet[table.View](t, c, "/api/games/%d", id).Hint
	c.recordAPI(t, id, "ann play tack bob")
	root := startChromium(t, 30*time.Second)
	a, b := joinPhone(t, root, c.http.URL, id, code), joinPhone(t, root, c.http.URL, id, code)

	latest := apiGet[[]logLine](t, c, "/api/games/%d/log", id)[2].Text
	if said := cdpEval[string](t, a, `document.querySelector("form.undo button").textContent`); said != "Undo: "+latest {
		t.Errorf("the undo button says %q, want it to name %q", said, latest)
	}
	if status := cdpSubmit(t, a, chromedp.Tap(chromedp.CSS("form.undo button"))); status != http.StatusOK {
		t.Fatalf("undo: status %d", status)
	}
	v := apiGet[table.View](t, c, "/api/games/%d", id)
	if v.Last != 4 || v.Hint != before {
		t.Fatalf("after the undo the game is at event %d, %q; want 4, %q", v.Last, v.Hint, before)
	}
	if log := apiGet[[]logLine](t, c, "/api/games/%d/log", id); log[2].Note != "voided by 4" {
		t.Errorf("the move undone is noted %q", log[2].Note)
	}
	turn := fmt.Sprintf(` && document.querySelector("#live .turn").textContent === %q`, "Next: "+before)
	waitPage(t, a, liveWithin, "the undo on the phone that undid", showsUpTo(4, "void event 3")+turn)
	waitPage(t, b, liveWithin, "the undo on the other phone", showsUpTo(4, "void event 3")+turn)
}

// TestBrowserClubStandingsFollowTheMatch: the wall screen's match standings change, live, when
// a game of the match ends.
func TestBrowserClubStandingsFollowTheMatch(t *testing.T) {
	c := openClub(t, false)
	setup, moves := article2.Playout(rand.New(rand.NewPCG(2, 2)), map[string]string{"parties": "off"})
	g, err := article2.Rules{}.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	id, _ := c.newGame(t, newGame{Kind: setup.Kind, Players: setup.Players, Options: setup.Options, Match: "autumn"})
	var words []string
	for i, m := range moves { // the notation reads a move against the game before it
		words = append(words, g.Notation(m))
		g.Apply(int64(i+2), m)
	}
	for _, w := range words[:len(words)-1] {
		c.recordAPI(t, id, w)
	}

	root := startChromium(t, 30*time.Second)
	wall := openTab(t, root, c.http.URL+"/login")
	cdpSubmit(t, wall, chromedp.SendKeys(chromedp.CSS("input[name=key]"), testKey), chromedp.Click(chromedp.CSS("form.card button")))
	waitPage(t, wall, 10*time.Second, "the club page, live", `location.pathname === "/" && document.getElementById("live-status").textContent.startsWith("Live:")`)
	// The standings as the page's rows read, from the API.
	standings := func() (rows string, wins int) {
		var lines []string
		for _, s := range apiGet[table.Standings](t, c, "/api/matches/autumn").Standings {
			lines = append(lines, fmt.Sprintf("%d %s %d %d %d", s.Rank, s.Player, s.Points, s.Wins, s.Games))
			wins += s.Wins
		}
		return strings.Join(lines, "; "), wins
	}
	rows := `[...document.querySelectorAll("table.standings tbody tr")].map(r => [...r.cells].map(c => c.textContent.trim()).join(" ")).join("; ")`
	before, _ := standings()
	if got := cdpEval[string](t, wall, rows); got != before {
		t.Fatalf("the club page's standings are %q, the API's %q", got, before)
	}

	c.recordAPI(t, id, words[len(words)-1])
	after, wins := standings()
	if after == before || wins != 1 {
		t.Fatalf("the last move did not end the game with a win: standings %q, then %q", before, after)
	}
	// The club page is told at most once a second (clubEvery).
	waitPage(t, wall, 5*time.Second, "the standings after the game", fmt.Sprintf(`window.kept === true && %s === %q`, rows, after))
}

// TestBrowserFitsANarrowPhone: at 360 CSS pixels nothing sticks out sideways, and the moves, the
// text box and its button are there to tap.
func TestBrowserFitsANarrowPhone(t *testing.T) {
	c := openClub(t, false)
	id, code := c.article2Game(t)
	c.recordAPI(t, id, "start ann")
	c.recordAPI(t, id, "ann play tack bob")
	root := startChromium(t, 30*time.Second)
	p := joinPhone(t, root, c.http.URL, id, code)

	if w := cdpEval[int](t, p, `document.documentElement.scrollWidth`); w > 360 {
		t.Errorf("the page is %d px wide at 360", w)
	}
	// Each must be shown, and wholly within the width; the text box on the first screen.
	bad := cdpEval[[]string](t, p, `[...document.querySelectorAll(".choices button, form.entry input[name=move], form.entry button")].filter(e => {
		const r = e.getBoundingClientRect();
		return !e.checkVisibility() || r.width === 0 || r.height === 0 || r.left < 0 || r.right > 360 || (e.name === "move" && r.bottom > 740);
	}).map(e => e.outerHTML)`)
	if len(bad) > 0 {
		t.Errorf("not in view at 360 px: %v", bad)
	}
	legal := apiGet[table.View](t, c, "/api/games/%d", id).Legal
	if n := cdpEval[int](t, p, `document.querySelectorAll(".choices button").length`); n != len(legal) {
		t.Errorf("%d buttons for %d legal moves", n, len(legal))
	}
}

// liveCutter stands between the club and the phones and can cut the game pages' live streams, as
// a phone's Wi-Fi drops: the open streams end, and every new one fails until let through.
type liveCutter struct {
	next    http.Handler
	mu      sync.Mutex
	cut     bool
	open    []context.CancelFunc
	retried chan struct{} // closed when the first stream is refused
	once    sync.Once
}

func (k *liveCutter) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !strings.HasSuffix(r.URL.Path, "/live") {
		k.next.ServeHTTP(w, r)
		return
	}
	k.mu.Lock()
	if k.cut {
		k.mu.Unlock()
		k.once.Do(func() { close(k.retried) })
		// An error answer, as a proxy gives while the server is away: the browser gives such a
		// stream up for good, and the page must open a new one itself.
		http.Error(w, "the server is away", http.StatusServiceUnavailable)
		return
	}
	ctx, cancel := context.WithCancel(r.Context())
	k.open = append(k.open, cancel)
	k.mu.Unlock()
	k.next.ServeHTTP(w, r.WithContext(ctx))
}

func (k *liveCutter) set(cut bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.cut = cut
	for _, cancel := range k.open {
		cancel()
	}
	k.open = nil
}

// TestBrowserSaysWhenTheConnectionDrops: the page says plainly when its live connection is lost,
// and when it is back, and then shows what it missed.
func TestBrowserSaysWhenTheConnectionDrops(t *testing.T) {
	c := openClub(t, false)
	id, code := c.article2Game(t)
	k := &liveCutter{next: c.srv, retried: make(chan struct{})}
	hs := httptest.NewServer(k)
	t.Cleanup(func() { hs.CloseClientConnections(); hs.Close() })
	root := startChromium(t, 30*time.Second)
	p := joinPhone(t, root, hs.URL, id, code)

	k.set(true)
	status := `document.getElementById("live-status").textContent`
	waitPage(t, p, 5*time.Second, "the page to say the connection is lost", status+`.startsWith("Connection lost")`)
	c.recordAPI(t, id, "start bob")
	// The page retries about once a second: let one retry fail before letting it through.
	select {
	case <-k.retried:
	case <-time.After(10 * time.Second):
		t.Fatal("the page did not try to reconnect")
	}
	if got := cdpEval[string](t, p, status); !strings.HasPrefix(got, "Connection lost") {
		t.Errorf("while the connection is down the page says %q", got)
	}
	k.set(false)
	waitPage(t, p, 5*time.Second, "the page to say the connection is back, and catch up",
		status+`.startsWith("Connection back") && `+showsUpTo(2, "bob starts"))
}

// TestBrowserLetsAHiddenPageSleep: a page out of sight closes its stream, so a director with a
// tab for every table does not use up the browser's connections, and catches up when shown.
func TestBrowserLetsAHiddenPageSleep(t *testing.T) {
	c := openClub(t, false)
	id, code := c.article2Game(t)
	root := startChromium(t, 30*time.Second)
	p := joinPhone(t, root, c.http.URL, id, code)
	// Headless Chromium shows every tab; the page is told it is hidden as a browser tells it.
	visibility := func(hidden bool) {
		cdpEval[bool](t, p, fmt.Sprintf(`Object.defineProperty(document, "hidden", {configurable: true, get: () => %t});
			document.dispatchEvent(new Event("visibilitychange")); true`, hidden))
	}
	watching := func() bool { return len(c.srv.live.watched()) > 0 }
	visibility(true)
	// Bounded generously: the server learns of the closed stream when its socket closes, which
	// a busy machine may take a few seconds to pass on.
	for deadline := time.Now().Add(15 * time.Second); watching(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the hidden page kept its stream open")
		}
	}
	c.recordAPI(t, id, "start ann")
	visibility(false)
	waitPage(t, p, 5*time.Second, "the page shown again catching up", showsUpTo(2, "ann starts"))
}
