package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/tableside/tableside/internal/needs"
	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee/article2"
	"github.com/tableside/tableside/table"
)

// The browser tests drive the pages in a real headless Chromium, as the phones at a table and
// the wall screen use them. Every wait is on what the page shows, until the test's deadline
// (needs.Deadline); none is a sleep, and none has a time of its own, which would be a guess at
// the machine's speed.

// startChromium starts a headless Chromium for one test and returns its context.
func startChromium(t testing.TB) context.Context {
	t.Helper()
	chromium := needs.Program(t, "chromium", "to drive the pages in a browser", "apt-get install chromium")
	return needs.Browser(t, chromium)
}

// screen is a size the pages are looked at in, in CSS pixels.
type screen struct {
	width, height int64
	phone         bool // with touch, as a phone
}

// The screens of a club night: a small phone at a table, and the director's laptop or the wall's
// projector.
var (
	phoneScreen = screen{360, 740, true}
	wideScreen  = screen{1280, 800, false}
)

func (s screen) String() string { return fmt.Sprint(s.width) }

// openTab opens addr in a tab of a browser context of its own (its own cookies: one phone or
// screen), 360×740 CSS pixels with touch, as a small phone.
func openTab(t testing.TB, root context.Context, addr string) context.Context {
	t.Helper()
	return openScreen(t, root, addr, phoneScreen, true)
}

// openScreen opens addr as openTab does, on s; without script when script is false, as a
// browser with script turned off.
func openScreen(t testing.TB, root context.Context, addr string, s screen, script bool) context.Context {
	t.Helper()
	ctx, cancel := chromedp.NewContext(root, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	var touch []chromedp.EmulateViewportOption
	if s.phone {
		touch = []chromedp.EmulateViewportOption{chromedp.EmulateMobile, chromedp.EmulateTouch}
	}
	steps := []chromedp.Action[chromedp.Void]{chromedp.EmulateViewport(s.width, s.height, touch...)}
	if !script {
		steps = append(steps, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
			return err
		}))
	}
	cdpDo(t, ctx, append(steps, chromedp.Navigate(addr))...)
	markLoaded(t, ctx)
	return ctx
}

// directorScreen opens a screen on which the director has logged in, on the club page.
func directorScreen(t *testing.T, root context.Context, base string, s screen) context.Context {
	t.Helper()
	ctx := openScreen(t, root, base+"/login", s, true)
	cdpSubmit(t, ctx, chromedp.SendKeys(chromedp.CSS("input[name=key]"), testKey), chromedp.Click(chromedp.CSS("form.card button")))
	waitPage(t, ctx, "the club page", `location.pathname === "/"`)
	return ctx
}

// saveShot saves the whole page a tab shows as $TABLESIDE_SHOTS/NAME.png, for a person to look
// at; nothing when the variable is not set.
func saveShot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("TABLESIDE_SHOTS")
	if dir == "" {
		return
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// overflow lists what sticks out past the right edge of the screen, and the page's width when
// the page itself can be scrolled sideways.
func overflow(t *testing.T, ctx context.Context, s screen) []string {
	t.Helper()
	return cdpEval[[]string](t, ctx, fmt.Sprintf(`(() => {
		const out = [...document.querySelectorAll("main *")].filter(e => e.checkVisibility() && e.getBoundingClientRect().right > %d + 0.5)
			.map(e => e.outerHTML.slice(0, 120));
		const w = document.documentElement.scrollWidth;
		return w > %d ? ["the page is " + w + " px wide", ...out] : out;
	})()`, s.width, s.width))
}

// joinPhone opens a phone joined to a game's table by its QR code's link, on the live game page.
func joinPhone(t testing.TB, root context.Context, base string, id int64, code string) context.Context {
	t.Helper()
	ctx := openTab(t, root, fmt.Sprintf("%s/join?game=%d&code=%s", base, id, url.QueryEscape(code)))
	waitPage(t, ctx, "the live stream", `document.getElementById("live-status").textContent.startsWith("Live:")`)
	waitPage(t, ctx, "the phone's own referee", refereesHere)
	return ctx
}

// refereesHere is the condition that a phone's page judges its moves itself (offline.js), its
// copy of the game read and drawn.
const refereesHere = `document.body.dataset.referee === "phone"`

// tapMove runs steps that make a move on a phone, which judges it itself, and waits until the
// phone has judged it and, when it took it, the server has stored it. It reports whether the
// phone took it.
func tapMove(t testing.TB, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) bool {
	t.Helper()
	before := cdpEval[int](t, ctx, `Number(document.body.dataset.judged || 0)`)
	cdpDo(t, ctx, steps...)
	waitPage(t, ctx, "the phone to judge the move and the server to store it",
		fmt.Sprintf(`Number(document.body.dataset.judged || 0) > %d && document.body.dataset.waiting === "0"`, before))
	return cdpEval[string](t, ctx, `document.body.dataset.took`) == "taken"
}

// cdpDo runs steps in the page, each found afresh where the live page redraws what it acts
// on meanwhile.
func cdpDo(t testing.TB, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, afresh(steps)...); err != nil {
		t.Fatal(err)
	}
}

// cdpSubmit runs steps that post a form, waits for the page the answer leads to, and returns its
// status.
func cdpSubmit(t *testing.T, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) int64 {
	t.Helper()
	res, err := chromedp.RunResponse(ctx, afresh(steps)...)
	if err != nil {
		t.Fatal(err)
	}
	markLoaded(t, ctx)
	return res.Status
}

func cdpEval[T any](t testing.TB, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// afresh is each of steps found afresh where the page redraws its node (needs.Afresh).
func afresh(steps []chromedp.Action[chromedp.Void]) []chromedp.Action[chromedp.Void] {
	fresh := make([]chromedp.Action[chromedp.Void], len(steps))
	for i, step := range steps {
		fresh[i] = needs.Afresh(step)
	}
	return fresh
}

// markLoaded marks the page now loaded, so that a wait can tell a live update from a reload.
func markLoaded(t testing.TB, ctx context.Context) { cdpEval[bool](t, ctx, `window.kept = true`) }

// waitPage waits for cond to hold in the page, and fails with what the page says when it does
// not by the test's deadline.
func waitPage(t testing.TB, ctx context.Context, what, cond string) {
	t.Helper()
	if err := pollPage(t, ctx, cond); err != nil {
		t.Fatalf("waiting for %s: %v\nthe page says:\n%s", what, err, cdpEval[string](t, ctx, `document.querySelector("main").innerText`))
	}
}

// pollPage waits for cond to hold in the page, until the test's deadline: the page's own
// polling has no time of its own.
func pollPage(t testing.TB, ctx context.Context, cond string) error {
	waiting, cancel := needs.WithDeadline(t, ctx)
	defer cancel()
	_, err := chromedp.Run(waiting, chromedp.Poll[bool](cond, chromedp.WithPollingInterval(10*time.Millisecond), chromedp.WithPollingTimeout(0)))
	if err != nil && waiting.Err() != nil {
		return errors.New(needs.OutOfTime())
	}
	return err
}

// showsUpTo is the condition that a page shows, without having reloaded, the game up to event seq
// with text as its latest line.
func showsUpTo(seq int64, text string) string {
	return fmt.Sprintf(`window.kept === true && (() => {
		const now = document.querySelector("#live .now"), li = now && now.querySelector("ol.log li");
		return now !== null && now.dataset.last === "%d" && li !== null && li.textContent.startsWith(%q);
	})()`, seq, text)
}

// logLine is a line of a game's log, as the API gives it.
type logLine struct{ Text, Note string }

// apiGet reads what the API answers the director at path.
func apiGet[T any](t testing.TB, c *testClub, path string, args ...any) T {
	t.Helper()
	var v T
	status, body := c.call(t, "GET", fmt.Sprintf(path, args...), testKey, nil)
	if err := json.Unmarshal(body, &v); status != http.StatusOK || err != nil {
		t.Fatalf("GET %s: %d %s", path, status, body)
	}
	return v
}

// recordAPI records a move through the API, as the director.
func (c *testClub) recordAPI(t testing.TB, id int64, words string) {
	t.Helper()
	if status, body := c.call(t, "POST", fmt.Sprintf("/api/games/%d/moves", id), testKey, move{Move: words}); status != http.StatusCreated {
		t.Fatalf("record %q: %d %s", words, status, body)
	}
}

// article2Game is a new game of Article II for two: short, and with plenty of legal moves.
func (c *testClub) article2Game(t *testing.T) (int64, string) {
	return c.newGame(t, table.Setup{Kind: "article2", Players: []string{"ann", "bob"}})
}

// TestBrowserPhonesSeeEveryMove: a move tapped or typed on one phone, or recorded by a terminal
// on the same file, shows on the other phones at once, without a reload.
func TestBrowserPhonesSeeEveryMove(t *testing.T) {
	c := openClub(t, false)
	id, code := c.article2Game(t)
	root := startChromium(t)
	a, b := joinPhone(t, root, c.http.URL, id, code), joinPhone(t, root, c.http.URL, id, code)

	// A taps the button of a legal move.
	if !tapMove(t, a, chromedp.Tap(chromedp.CSS(`.choices form:has(input[value="start ann"]) button`))) {
		t.Fatalf("tapping start ann was refused")
	}
	waitPage(t, a, "the tapper's own page", showsUpTo(2, "ann starts"))
	waitPage(t, b, "the tap on the other phone", showsUpTo(2, "ann starts"))

	// B types a move and records it.
	if !tapMove(t, b, chromedp.SendKeys(chromedp.CSS("form.entry input[name=move]"), "ann play tack bob"), chromedp.Tap(chromedp.CSS("form.entry button"))) {
		t.Fatalf("typing ann play tack bob was refused")
	}
	text := apiGet[[]logLine](t, c, "/api/games/%d/log", id)[2].Text
	waitPage(t, b, "the typist's own page", showsUpTo(3, text)+` && document.querySelector("#offline-notes .notice").textContent.includes("Recorded: 3.")`)
	waitPage(t, a, "the typed move on the other phone", showsUpTo(3, text))

	// A terminal on the same file records, through an application of its own.
	schema, err := os.ReadFile("../schema.sql")
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
	waitPage(t, a, "the terminal's move on one phone", showsUpTo(4, text))
	waitPage(t, b, "the terminal's move on the other", showsUpTo(4, text))
}

// TestBrowserRefusesAnIllegalMove: a move out of turn is refused with its rule and what may be
// played, and nothing is recorded.
func TestBrowserRefusesAnIllegalMove(t *testing.T) {
	c := openClub(t, false)
	id, code := c.article2Game(t)
	c.recordAPI(t, id, "start ann")
	hint := apiGet[play.View](t, c, "/api/games/%d", id).Hint
	root := startChromium(t)
	p := joinPhone(t, root, c.http.URL, id, code)

	if tapMove(t, p, chromedp.SendKeys(chromedp.CSS("form.entry input[name=move]"), "bob play tack ann"), chromedp.Tap(chromedp.CSS("form.entry button"))) {
		t.Errorf("the phone took bob play tack ann")
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
	before := apiGet[play.View](t, c, "/api/games/%d", id).Hint
	c.recordAPI(t, id, "ann play tack bob")
	root := startChromium(t)
	a, b := joinPhone(t, root, c.http.URL, id, code), joinPhone(t, root, c.http.URL, id, code)

	latest := apiGet[[]logLine](t, c, "/api/games/%d/log", id)[2].Text
	if said := cdpEval[string](t, a, `document.querySelector("form.undo button").textContent`); said != "Undo: "+latest {
		t.Errorf("the undo button says %q, want it to name %q", said, latest)
	}
	if status := cdpSubmit(t, a, chromedp.Tap(chromedp.CSS("form.undo button"))); status != http.StatusOK {
		t.Fatalf("undo: status %d", status)
	}
	if said := cdpEval[string](t, a, `document.querySelector(".notice").textContent`); said != "Taken back: "+latest+" (event 3)." {
		t.Errorf("after the undo the phone says %q, want it to name the move taken back, %q", said, latest)
	}
	v := apiGet[play.View](t, c, "/api/games/%d", id)
	if v.Last != 4 || v.Hint != before {
		t.Fatalf("after the undo the game is at event %d, %q; want 4, %q", v.Last, v.Hint, before)
	}
	if log := apiGet[[]logLine](t, c, "/api/games/%d/log", id); log[2].Note != "voided by 4" {
		t.Errorf("the move undone is noted %q", log[2].Note)
	}
	turn := fmt.Sprintf(` && document.querySelector("#live .turn").textContent === %q`, "Next: "+before)
	waitPage(t, a, "the undo on the phone that undid", showsUpTo(4, "void event 3")+turn)
	waitPage(t, b, "the undo on the other phone", showsUpTo(4, "void event 3")+turn)
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
	id, _ := c.newGame(t, table.Setup{Kind: setup.Kind, Players: setup.Players, Options: setup.Options, Match: "autumn"})
	var words []string
	for i, m := range moves { // the notation reads a move against the game before it
		words = append(words, g.Notation(m))
		g.Apply(int64(i+2), m)
	}
	for _, w := range words[:len(words)-1] {
		c.recordAPI(t, id, w)
	}

	root := startChromium(t)
	wall := openTab(t, root, c.http.URL+"/login")
	cdpSubmit(t, wall, chromedp.SendKeys(chromedp.CSS("input[name=key]"), testKey), chromedp.Click(chromedp.CSS("form.card button")))
	waitPage(t, wall, "the club page, live", `location.pathname === "/" && document.getElementById("live-status").textContent.startsWith("Live:")`)
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
	waitPage(t, wall, "the standings after the game", fmt.Sprintf(`window.kept === true && %s === %q`, rows, after))
}

// TestBrowserFitsANarrowPhone: at 360 CSS pixels nothing sticks out sideways, and the moves, the
// text box and its button are there to tap.
func TestBrowserFitsANarrowPhone(t *testing.T) {
	c := openClub(t, false)
	id, code := c.article2Game(t)
	c.recordAPI(t, id, "start ann")
	c.recordAPI(t, id, "ann play tack bob")
	root := startChromium(t)
	p := joinPhone(t, root, c.http.URL, id, code)

	if w := cdpEval[int](t, p, `document.documentElement.scrollWidth`); w > 360 {
		t.Errorf("the page is %d px wide at 360", w)
	}
	// Each must be shown, and wholly within the width; the text box on the first screen. A move
	// aimed at a player is its card's button first (TestBrowserArticle2CardThenPlayer).
	bad := cdpEval[[]string](t, p, `[...document.querySelectorAll(".choices > form button, .choices summary, form.entry input[name=move], form.entry button")].filter(e => {
		const r = e.getBoundingClientRect();
		return !e.checkVisibility() || r.width === 0 || r.height === 0 || r.left < 0 || r.right > 360 || (e.name === "move" && r.bottom > 740);
	}).map(e => e.outerHTML)`)
	if len(bad) > 0 {
		t.Errorf("not in view at 360 px: %v", bad)
	}
	legal := apiGet[play.View](t, c, "/api/games/%d", id).Legal
	if n := cdpEval[int](t, p, `document.querySelectorAll(".choices button").length`); n != len(legal) {
		t.Errorf("%d buttons for %d legal moves", n, len(legal))
	}

	// The game's rules, Article II's table of cards included, fit the phone too.
	if status := cdpSubmit(t, p, chromedp.Click(chromedp.CSS(`a[href$="/rules"]`))); status != http.StatusOK {
		t.Fatalf("the rules page: %d", status)
	}
	saveShot(t, p, "rules-phone")
	if out := overflow(t, p, phoneScreen); len(out) > 0 {
		t.Errorf("the rules page does not fit 360 px: %v", out)
	}
	if n := cdpEval[int](t, p, `document.querySelectorAll("dl.rules dt[id]").length`); n < 10 {
		t.Errorf("the rules page lists %d rulings", n)
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
	root := startChromium(t)
	p := joinPhone(t, root, hs.URL, id, code)

	k.set(true)
	status := `document.getElementById("live-status").textContent`
	waitPage(t, p, "the page to say the connection is lost", status+`.startsWith("Connection lost")`)
	c.recordAPI(t, id, "start bob")
	// The page retries about once a second: let one retry fail before letting it through.
	ctx, cancel := needs.WithDeadline(t, t.Context())
	defer cancel()
	select {
	case <-k.retried:
	case <-ctx.Done():
		t.Fatalf("waiting for the page to try to reconnect: %s", needs.OutOfTime())
	}
	if got := cdpEval[string](t, p, status); !strings.HasPrefix(got, "Connection lost") {
		t.Errorf("while the connection is down the page says %q", got)
	}
	k.set(false)
	waitPage(t, p, "the page to say the connection is back, and catch up",
		status+`.startsWith("Connection back") && `+showsUpTo(2, "bob starts"))
}

// TestBrowserLetsAHiddenPageSleep: a page out of sight closes its stream, so a director with a
// tab for every table does not use up the browser's connections, and catches up when shown.
func TestBrowserLetsAHiddenPageSleep(t *testing.T) {
	c := openClub(t, false)
	id, code := c.article2Game(t)
	root := startChromium(t)
	p := joinPhone(t, root, c.http.URL, id, code)
	// Headless Chromium shows every tab; the page is told it is hidden as a browser tells it.
	visibility := func(hidden bool) {
		cdpEval[bool](t, p, fmt.Sprintf(`Object.defineProperty(document, "hidden", {configurable: true, get: () => %t});
			document.dispatchEvent(new Event("visibilitychange")); true`, hidden))
	}
	watching := func() bool { return len(c.srv.live.watched()) > 0 }
	visibility(true)
	// The server learns of the closed stream when its socket closes, which a busy machine may
	// take a while to pass on.
	needs.Wait(t, "the hidden page to close its stream", func() bool { return !watching() })
	c.recordAPI(t, id, "start ann")
	visibility(false)
	waitPage(t, p, "the page shown again catching up", showsUpTo(2, "ann starts"))
}

// TestBrowserDirectorSeesTheCodeFirst: the director's game page shows the table's code and its
// QR code on the first screen, on a phone and on a laptop.
func TestBrowserDirectorSeesTheCodeFirst(t *testing.T) {
	c := openClub(t, false)
	id, code := c.newGame(t, pinochle)
	c.recordAPI(t, id, "ann bid 12")
	root := startChromium(t)
	for _, s := range []screen{phoneScreen, wideScreen} {
		d := directorScreen(t, root, c.http.URL, s)
		cdpDo(t, d, chromedp.Navigate(fmt.Sprintf("%s/games/%d", c.http.URL, id)))
		waitPage(t, d, "the QR code", `document.querySelector(".join img.qr").complete`)
		saveShot(t, d, "director-game-"+s.String())
		shown := cdpEval[string](t, d, `document.querySelector(".join .code").textContent`)
		if shown != code {
			t.Errorf("at %v px the page's code is %q, want %q", s, shown, code)
		}
		bad := cdpEval[[]string](t, d, fmt.Sprintf(`[".join .code", ".join img.qr"].filter(q => {
			const e = document.querySelector(q), r = e.getBoundingClientRect();
			return e.tagName === "IMG" && e.naturalWidth === 0 || r.top < 0 || r.bottom > %d || r.right > %d;
		})`, s.height, s.width))
		if len(bad) > 0 {
			t.Errorf("at %v px not on the first screen: %v", s, bad)
		}
	}
}

// TestBrowserWall: the wall screen, opened with its key on a screen nobody logged in on or by
// the director on the projector, shows the night live, fits a phone's width, and shows no code.
func TestBrowserWall(t *testing.T) {
	c := openClub(t, false)
	var codes []string
	for _, g := range []table.Setup{
		{Kind: "pinochle", Players: []string{"ann", "bob"}, Dealer: "bob", Match: "autumn club night"},
		{Kind: "capture", Players: []string{"cy", "dee", "eve", "fay", "gus"}, Dealer: "gus", Match: "capture league"},
		{Kind: "article2", Players: []string{"hal", "ivy", "jo", "kim"}},
	} {
		_, code := c.newGame(t, g)
		codes = append(codes, code)
	}
	root := startChromium(t)
	noCode := func(ctx context.Context, s screen) {
		t.Helper()
		text := cdpEval[string](t, ctx, `document.body.innerText`)
		for _, code := range codes {
			if strings.Contains(text, code) {
				t.Errorf("at %v px the wall shows the table code %s", s, code)
			}
		}
		if cdpEval[bool](t, ctx, `document.querySelector("header nav") !== null`) {
			t.Errorf("at %v px the wall shows a menu", s)
		}
		if bad := overflow(t, ctx, s); len(bad) > 0 {
			t.Errorf("at %v px, past the right edge: %v", s, bad)
		}
	}
	events := `document.querySelector("table.games tbody tr td[data-label=events]").textContent`

	// A screen in the room, nobody logged in: the key's form, then the wall.
	wall := openScreen(t, root, c.http.URL+"/wall", phoneScreen, true)
	if h1 := cdpEval[string](t, wall, `document.querySelector("h1").textContent`); h1 != "The wall screen" {
		t.Errorf("the wall without its key is headed %q", h1)
	}
	saveShot(t, wall, "wall-key-360")
	key := strings.ToLower(table.ShowWallKey(c.srv.keys.WallKey()))
	cdpSubmit(t, wall, chromedp.SendKeys(chromedp.CSS("input[name=key]"), key), chromedp.Click(chromedp.CSS("form.card button")))
	waitPage(t, wall, "the wall, live", `location.pathname === "/wall" && location.search === "" && document.getElementById("live-status").textContent.startsWith("Live:")`)
	noCode(wall, phoneScreen)
	saveShot(t, wall, "wall-360")
	c.recordAPI(t, 1, "ann bid 10")
	waitPage(t, wall, "the move on the wall", fmt.Sprintf(`window.kept === true && %s === "2"`, events))

	// The director's own club page lists the codes, and fits a phone too.
	for _, s := range []screen{phoneScreen, wideScreen} {
		d := directorScreen(t, root, c.http.URL, s)
		if text := cdpEval[string](t, d, `document.body.innerText`); !strings.Contains(text, codes[0]) {
			t.Errorf("at %v px the director's club page does not list the code %s", s, codes[0])
		}
		if bad := overflow(t, d, s); len(bad) > 0 {
			t.Errorf("at %v px, past the right edge of the director's club page: %v", s, bad)
		}
		saveShot(t, d, "club-director-"+s.String())
		// The director puts the wall on the projector from the menu.
		cdpSubmit(t, d, chromedp.Click(chromedp.CSS(`header nav a[href="/wall"]`)))
		waitPage(t, d, "the wall, live", `location.pathname === "/wall" && document.getElementById("live-status").textContent.startsWith("Live:")`)
		noCode(d, s)
		saveShot(t, d, "wall-director-"+s.String())
	}
}

// TestBrowserNewGameForm: the new game form of Article II asks for teams once parties are on,
// and makes the game, with script and without it.
func TestBrowserNewGameForm(t *testing.T) {
	c := openClub(t, false)
	root := startChromium(t)
	for _, script := range []bool{true, false} {
		name := "new-article2-360"
		if !script {
			name = "new-article2-noscript-360"
		}
		d := directorScreen(t, root, c.http.URL, phoneScreen)
		if !script {
			d = openScreen(t, root, c.http.URL+"/login", phoneScreen, false)
			cdpSubmit(t, d, chromedp.SendKeys(chromedp.CSS("input[name=key]"), testKey), chromedp.Click(chromedp.CSS("form.card button")))
		}
		cdpSubmit(t, d, chromedp.Navigate(c.http.URL+"/games/new"))
		if script {
			saveShot(t, d, "new-kinds-360")
		}
		cdpSubmit(t, d, chromedp.Click(chromedp.CSS(`a[href="/games/new?kind=article2"]`)))
		teams := `document.querySelector("input[name=teamname]").checkVisibility()`
		if got := cdpEval[bool](t, d, teams); got == script {
			t.Errorf("script %v: the teams show %v before parties are on", script, got)
		}
		for i, p := range []string{"ann", "bob", "cy", "dee"} {
			cdpDo(t, d, chromedp.SendKeys(chromedp.CSS(fmt.Sprintf(".seat:nth-of-type(%d) input[name=player]", i+1)), p))
		}
		cdpDo(t, d, chromedp.SetValue(chromedp.CSS("select[name='option.parties']"), "on"))
		cdpEval[bool](t, d, `document.querySelector("form.setup").dispatchEvent(new Event("change")); true`) // as a choice made by hand
		if !cdpEval[bool](t, d, teams) {
			t.Errorf("script %v: the teams do not show with parties on", script)
		}
		for i, team := range []string{"1", "2", "1", "2"} {
			cdpDo(t, d, chromedp.SetValue(chromedp.CSS(fmt.Sprintf(".seat:nth-of-type(%d) select[name=team]", i+1)), team))
		}
		cdpDo(t, d, chromedp.SendKeys(chromedp.CSS("label:nth-of-type(1) > input[name=teamname]"), "red"), chromedp.SendKeys(chromedp.CSS("label:nth-of-type(2) > input[name=teamname]"), "blue"))
		if bad := overflow(t, d, phoneScreen); len(bad) > 0 {
			t.Errorf("script %v, past the right edge of the form: %v", script, bad)
		}
		saveShot(t, d, name)
		if status := cdpSubmit(t, d, chromedp.Click(chromedp.CSS("form.setup > button"))); status != http.StatusOK {
			t.Fatalf("script %v: starting the game: %d\n%s", script, status, cdpEval[string](t, d, `document.querySelector("main").innerText`))
		}
		var id int64
		fmt.Sscanf(cdpEval[string](t, d, `location.pathname`), "/games/%d", &id)
		g, err := c.app.Game(t.Context(), id)
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprint(g.Setup().Teams, g.Setup().Options); got != "map[blue:[bob dee] red:[ann cy]] map[parties:on]" {
			t.Errorf("script %v: the game has teams and options %s", script, got)
		}
	}
	// A kind with a dealer or an opener, on a wide screen.
	d := directorScreen(t, root, c.http.URL, wideScreen)
	cdpSubmit(t, d, chromedp.Navigate(c.http.URL+"/games/new?kind=pinochle"))
	cdpDo(t, d, chromedp.SendKeys(chromedp.CSS(".seat:nth-of-type(1) input[name=player]"), "ann"), chromedp.SendKeys(chromedp.CSS(".seat:nth-of-type(2) input[name=player]"), "bob"),
		chromedp.Click(chromedp.CSS(".seat:nth-of-type(1) input[name=opener]")), chromedp.SetValue(chromedp.CSS("input[name='option.limit']"), "150"))
	if bad := overflow(t, d, wideScreen); len(bad) > 0 {
		t.Errorf("past the right edge of the form: %v", bad)
	}
	saveShot(t, d, "new-pinochle-1280")
	cdpSubmit(t, d, chromedp.Click(chromedp.CSS("form.setup > button")))
	var id int64
	fmt.Sscanf(cdpEval[string](t, d, `location.pathname`), "/games/%d", &id)
	if g, err := c.app.Game(t.Context(), id); err != nil || g.Setup().Opener != "ann" || g.Setup().Options["limit"] != "150" {
		t.Errorf("the pinochle game made: %+v (%v)", g, err)
	}
}

// TestBrowserBidsOnThePhone: a bid is one tap for the usual values, in Pinochle's auction and
// in Capture's for the extra hand.
func TestBrowserBidsOnThePhone(t *testing.T) {
	c := openClub(t, false)
	pin, pinCode := c.newGame(t, pinochle)
	capture, captureCode := c.newGame(t, table.Setup{Kind: "capture", Players: []string{"ann", "bob", "cy"}, Dealer: "cy", Options: map[string]string{"extra": "on"}})
	c.recordAPI(t, capture, "up 4E")
	root := startChromium(t)

	p := joinPhone(t, root, c.http.URL, pin, pinCode)
	buttons := `[...document.querySelectorAll(".choices button")].filter(b => b.getBoundingClientRect().bottom <= 740).map(b => b.textContent)`
	if got, want := cdpEval[[]string](t, p, buttons), []string{"ann bids 10", "ann bids 11", "ann bids 12", "ann bids 13", "ann bids 14", "ann bids 15", "ann passes"}; !slices.Equal(got, want) {
		t.Fatalf("the first screen offers %q, want %q", got, want)
	}
	saveShot(t, p, "bids-pinochle-360")
	tapMove(t, p, chromedp.Tap(chromedp.CSS(`.choices form:has(input[value="ann bid 13"]) button`)))
	waitPage(t, p, "ann's bid of 13", showsUpTo(2, "ann bids 13"))
	if got, want := cdpEval[[]string](t, p, buttons), []string{"bob bids 14", "bob bids 15", "bob bids 16", "bob bids 17", "bob bids 18", "bob bids 19", "bob passes"}; !slices.Equal(got, want) {
		t.Errorf("after ann bids 13 the first screen offers %q, want %q", got, want)
	}

	p = joinPhone(t, root, c.http.URL, capture, captureCode)
	if got := cdpEval[[]string](t, p, buttons); len(got) != 7 || got[0] != "ann bids 1 for the extra hand" || got[5] != "ann bids 6 for the extra hand" {
		t.Errorf("capture's extra hand offers %q", got)
	}
	saveShot(t, p, "bids-capture-360")
}

// TestBrowserCaptureUpCardBySuit: on a phone Capture's up-card is its six suits, a short
// list, not 57 cards; a tap on a suit shows its cards, and a tap on a card records it. The lead
// that follows is one tap a card, under "ann plays" said once.
func TestBrowserCaptureUpCardBySuit(t *testing.T) {
	c := openClub(t, false)
	id, code := c.newGame(t, table.Setup{Kind: "capture", Players: []string{"ann", "bob", "cy"}, Dealer: "cy"})
	root := startChromium(t)
	p := joinPhone(t, root, c.http.URL, id, code)
	visible := `[...document.querySelectorAll(".choices summary, .choices button")].filter(e => e.checkVisibility()).map(e => e.textContent)`
	if got, want := cdpEval[[]string](t, p, visible), []string{"Venus", "Saturn", "Neptune", "Mars", "Jupiter", "Earth"}; !slices.Equal(got, want) {
		t.Fatalf("the up-card offers %q, want %q", got, want)
	}
	if h := cdpEval[float64](t, p, `document.querySelector(".choices").getBoundingClientRect().height`); h > 400 {
		t.Errorf("the up-card's suits take %.0f px", h)
	}
	nth := cdpEval[int](t, p, `[...document.querySelectorAll(".choices > details")].findIndex(d => d.querySelector("summary").textContent === "Mars") + 1`)
	cdpDo(t, p, chromedp.Click(chromedp.CSS(fmt.Sprintf(".choices > details:nth-of-type(%d) summary", nth))))
	targets := cdpEval[[]string](t, p, `[...document.querySelectorAll(".choices .targets button")].filter(b => b.checkVisibility()).map(b => b.textContent)`)
	if want := []string{"1 Mars", "2 Mars", "3 Mars", "4 Mars", "5 Mars", "6 Mars", "7 Mars", "Moon of Mars", "Sun of Mars"}; !slices.Equal(targets, want) {
		t.Errorf("Mars opens %q, want %q", targets, want)
	}
	if right := cdpEval[float64](t, p, `Math.max(...[...document.querySelectorAll(".choices *")].filter(e => e.checkVisibility()).map(e => e.getBoundingClientRect().right))`); right > 360 {
		t.Errorf("the cards stick out to %.0f px at 360", right)
	}
	saveShot(t, p, "capture-upcard-360")
	if !tapMove(t, p, chromedp.Click(chromedp.CSS(`details[open] form:has(input[name=move][value="up MoM"]) button`))) {
		t.Fatalf("tapping Moon of Mars was refused")
	}
	if log := apiGet[[]logLine](t, c, "/api/games/%d/log", id); len(log) != 2 || !strings.Contains(log[1].Text, "Moon of Mars") {
		t.Fatalf("the log ends %+v", log[len(log)-1])
	}
	if lead := cdpEval[string](t, p, `document.querySelector(".now .lead").textContent`); lead != "ann plays:" {
		t.Errorf("the lead's buttons are under %q", lead)
	}
	buttons := cdpEval[[]string](t, p, visible)
	if len(buttons) != 28 || buttons[0] != "1 Venus" || buttons[27] != "ann passes" {
		t.Errorf("the lead offers %d buttons: %q", len(buttons), buttons)
	}
	saveShot(t, p, "capture-lead-360")
}

// TestBrowserArticle2CardThenPlayer: on a phone a turn of Article II is its cards, about a
// screenful; a tap on a card shows the players it may go on, and a tap on a player records it.
// It works without script too.
func TestBrowserArticle2CardThenPlayer(t *testing.T) {
	c := openClub(t, false)
	id, code := c.newGame(t, table.Setup{Kind: "article2", Players: []string{"ann", "bob", "cy", "dee"}})
	c.recordAPI(t, id, "start ann")
	root := startChromium(t)
	visible := `[...document.querySelectorAll(".choices summary, .choices button")].filter(e => e.checkVisibility()).map(e => e.textContent)`
	seq := int64(2)
	for _, tc := range []struct {
		screen
		script      bool
		card, shots string
		player      string
	}{
		{phoneScreen, true, "Toe the Line", "article2-360", "cy"},
		{phoneScreen, false, "Gaffe", "article2-noscript-360", "dee"},
		{wideScreen, true, "Civil Debate", "article2-1280", "ann"},
	} {
		p := openScreen(t, root, fmt.Sprintf("%s/join?game=%d&code=%s", c.http.URL, id, url.QueryEscape(code)), tc.screen, tc.script)
		if tc.script {
			waitPage(t, p, "the live stream", `document.getElementById("live-status").textContent.startsWith("Live:")`)
			waitPage(t, p, "the phone's own referee", refereesHere)
		} else if said := cdpEval[string](t, p, `document.getElementById("live-status").textContent`); said != "" {
			t.Fatalf("the page's script ran: %q", said)
		}
		first := cdpEval[[]string](t, p, visible)
		legal := apiGet[play.View](t, c, "/api/games/%d", id).Legal
		// One button a kind of card left in the deck, at most: Voter ADHD's open the cards it
		// may discard.
		if len(first) > len(article2.Deck()) || len(legal) < 4*len(article2.Deck())-4 {
			t.Errorf("at %v px: %d buttons for %d moves: %q", tc.screen, len(first), len(legal), first)
		}
		nth := cdpEval[int](t, p, fmt.Sprintf(`[...document.querySelectorAll(".choices > details")].findIndex(d => d.querySelector("summary").textContent.startsWith(%q)) + 1`, tc.card))
		if nth == 0 {
			t.Fatalf("at %v px no card %s: %q", tc.screen, tc.card, first)
		}
		cdpDo(t, p, chromedp.Click(chromedp.CSS(fmt.Sprintf(".choices > details:nth-of-type(%d) summary", nth))))
		targets := cdpEval[[]string](t, p, `[...document.querySelectorAll(".choices .targets button")].filter(b => b.checkVisibility()).map(b => b.textContent)`)
		if !slices.Equal(targets, []string{"ann", "bob", "cy", "dee"}) {
			t.Errorf("at %v px %s opens %q", tc.screen, tc.card, targets)
		}
		saveShot(t, p, tc.shots)
		tap := chromedp.Click(chromedp.CSS(fmt.Sprintf(`details[open] form:has(input[name=move][value$=" %s"]) button`, tc.player)))
		took := !tc.script && cdpSubmit(t, p, tap) == http.StatusOK || tc.script && tapMove(t, p, tap)
		seq++
		log := apiGet[[]logLine](t, c, "/api/games/%d/log", id)
		if !took || len(log) != int(seq) || !strings.Contains(log[seq-1].Text, tc.card+" on "+tc.player) {
			t.Errorf("at %v px, %s on %s: taken %v, the log ends %+v", tc.screen, tc.card, tc.player, took, log[len(log)-1])
		}
	}
}

// TestBrowserConfirmsAScoredRound: the phone that records the move scoring a seat is told the
// other side confirms it; the other phone, live, is offered the confirmation and taps it (L9).
func TestBrowserConfirmsAScoredRound(t *testing.T) {
	c := openClub(t, false)
	id, code := c.newGame(t, table.Setup{Kind: "candidate", Players: []string{"ann", "bob"}, Dealer: "bob"})
	for _, m := range []string{"seat H", "reveal 7H", "ann bid 9H", "bob pass", "reveal 8H", "ann bid 2H", "bob bid 3H", "ann pass",
		"reveal 10H", "bob bid 4H", "ann bid 5H"} {
		c.recordAPI(t, id, m)
	}
	root := startChromium(t)
	entering, other := joinPhone(t, root, c.http.URL, id, code), joinPhone(t, root, c.http.URL, id, code)
	tapMove(t, entering, chromedp.SendKeys(chromedp.CSS("form.entry input[name=move]"), "bob pass"), chromedp.Click(chromedp.CSS("form.entry button")))
	waitPage(t, entering, "bob's pass", showsUpTo(13, "bob passes"))
	confirmButtons := `[...document.querySelectorAll("section.confirm button")].filter(b => b.checkVisibility()).map(b => b.textContent)`
	if got := cdpEval[[]string](t, entering, confirmButtons); len(got) != 0 || !strings.Contains(cdpEval[string](t, entering, `document.querySelector("main").innerText`), "Seat 1 is scored: the other side confirms it") {
		t.Errorf("the phone that scored the seat offers %q, or does not say who confirms", got)
	}
	waitPage(t, other, "the seat scored, live", showsUpTo(13, "bob passes"))
	if got := cdpEval[[]string](t, other, confirmButtons); !slices.Equal(got, []string{"ann", "bob"}) {
		t.Fatalf("the other phone offers %q, want to confirm as ann or bob", got)
	}
	if o := overflow(t, other, phoneScreen); len(o) > 0 {
		t.Errorf("at 360 pixels the confirmation sticks out: %v", o)
	}
	saveShot(t, other, "confirm-360")

	cdpSubmit(t, other, chromedp.Tap(chromedp.CSS(`section.confirm form:has(input[value="bob"]) button`)))
	waitPage(t, other, "bob's confirmation", showsUpTo(14, "bob confirms seat 1"))
	if got := cdpEval[[]string](t, other, confirmButtons); len(got) != 0 {
		t.Errorf("after the confirmation the phone still offers %q", got)
	}
	if sheet := cdpEval[string](t, other, `document.querySelector(".sheet").innerText`); !strings.Contains(sheet, "confirmed by") {
		t.Errorf("the sheet does not say who confirmed:\n%s", sheet)
	}
}

// TestBrowserStatsAndTheWallsLadders: the season's statistics fit a phone and a laptop, their
// charts drawn, and the wall turns from the night (each match's chart among its standings) to
// the season's ladders and back, as often as the server says, showing no table code.
func TestBrowserStatsAndTheWallsLadders(t *testing.T) {
	c := openClub(t, false)
	c.srv.cfg.Turn = 7 * time.Second
	c.playSeason(t, 12)
	_, code := c.newGame(t, pinochle)
	root := startChromium(t)
	charted := `[...document.querySelectorAll("main svg.chart")].filter(s => s.getBoundingClientRect().width > 200).length`
	for _, s := range []screen{phoneScreen, wideScreen} {
		d := directorScreen(t, root, c.http.URL, s)
		cdpSubmit(t, d, chromedp.Click(chromedp.CSS(`header nav a[href="/stats"]`)))
		if n := cdpEval[int](t, d, charted); n != 2 {
			t.Errorf("at %v px the stats page draws %d charts, want one a kind", s, n)
		}
		if bad := overflow(t, d, s); len(bad) > 0 {
			t.Errorf("at %v px, past the right edge of the stats page: %v", s, bad)
		}
		saveShot(t, d, "stats-"+s.String())
		cdpSubmit(t, d, chromedp.Click(chromedp.CSS(`main table.players a[href="/stats/players/ann"]`)))
		if h1 := cdpEval[string](t, d, `document.querySelector("main h1").textContent`); h1 != "ann: season statistics" {
			t.Errorf("at %v px the player's page is headed %q", s, h1)
		}
		if bad := overflow(t, d, s); len(bad) > 0 {
			t.Errorf("at %v px, past the right edge of ann's page: %v", s, bad)
		}
		saveShot(t, d, "player-"+s.String())
	}

	for _, s := range []screen{wideScreen, phoneScreen} {
		wall := directorScreen(t, root, c.http.URL, s)
		holdTurns(t, wall)
		cdpSubmit(t, wall, chromedp.Click(chromedp.CSS(`header nav a[href="/wall"]`)))
		if every := cdpEval[[]int64](t, wall, `window.heldTurns.map(h => h.every)`); !slices.Equal(every, []int64{c.srv.cfg.Turn.Milliseconds()}) {
			t.Fatalf("at %v px the wall turns every %v ms, want every %v", s, every, c.srv.cfg.Turn)
		}
		// The season's games were stored long ago; tonight's one match is the game in play.
		if n := cdpEval[int](t, wall, `document.querySelectorAll("#live .match svg.chart").length`); n != 1 {
			t.Errorf("at %v px the wall draws %d matches' charts, want tonight's one", s, n)
		}
		saveShot(t, wall, "wall-night-"+s.String())
		turn(t, wall)
		waitPage(t, wall, "the wall turned to the ladders",
			`document.body.dataset.showing === "season" && document.getElementById("live").hidden && document.querySelectorAll("#ladder svg.chart").length === 2`)
		if text := cdpEval[string](t, wall, `document.body.innerText`); strings.Contains(text, code) || !strings.Contains(text, "The season's ladders") {
			t.Errorf("at %v px the wall's ladders show a table code, or no heading:\n%s", s, text)
		}
		if bad := overflow(t, wall, s); len(bad) > 0 {
			t.Errorf("at %v px, past the right edge of the wall's ladders: %v", s, bad)
		}
		saveShot(t, wall, "wall-ladders-"+s.String())
		turn(t, wall)
		waitPage(t, wall, "the wall back on the night", `document.body.dataset.showing === "night" && !document.getElementById("live").hidden && document.getElementById("ladder").hidden`)
	}
}

// holdTurns keeps what the pages a tab opens from now on set to run at intervals (the wall's
// turns) from running by themselves: each is listed in window.heldTurns, with how often it
// asked to run, and runs when turn says. A test then sees the screen it checks, however slowly
// the machine runs it, and the wall's turn cannot come between a wait and a check.
func holdTurns(t *testing.T, ctx context.Context) {
	t.Helper()
	cdpDo(t, ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: `
			window.heldTurns = [];
			window.setInterval = (turn, every) => window.heldTurns.push({turn, every: Number(every)});`})
		return err
	}))
}

// turn runs what the page in a tab held by holdTurns set to run at intervals, once each.
func turn(t *testing.T, ctx context.Context) {
	t.Helper()
	if n := cdpEval[int](t, ctx, `window.heldTurns.forEach(h => h.turn()), window.heldTurns.length`); n == 0 {
		t.Fatal("the page set nothing to run at intervals")
	}
}

// TestBrowserRunningTotalsChartFollowsTheGame: the chart of running totals appears on the
// phone's page, live, once a hand is scored elsewhere.
func TestBrowserRunningTotalsChartFollowsTheGame(t *testing.T) {
	c := openClub(t, false)
	id, code := c.newGame(t, table.Setup{Kind: "pinochle", Players: []string{"ann", "bob"}, Opener: "ann", Options: map[string]string{"limit": "5"}})
	root := startChromium(t)
	phone := joinPhone(t, root, c.http.URL, id, code)
	if n := cdpEval[int](t, phone, `document.querySelectorAll("#live svg.chart").length`); n != 0 {
		t.Errorf("a chart before any hand is scored: %d", n)
	}
	for _, m := range strings.Split("ann bid 12|bob pass|ann trump H|ann meld AH TH KH QH JH 9H QS JD|bob meld KC QC KD QD|"+
		"ann play AH|bob play AC|ann play 10H|bob play 10C|ann play KH|bob play KC|ann play QH|bob play QC|ann play JH|bob play JC|"+
		"ann play 9H|bob play AD|ann play QS|bob play 9S|ann play JD|bob play 10D|bob play KD|ann play 9D|bob play QD|ann play AS|"+
		"bob play JS|ann play KS|ann play 9C|bob play 10S", "|") {
		c.recordAPI(t, id, m)
	}
	waitPage(t, phone, "the chart of the scored hand, live",
		`window.kept === true && (() => { const s = document.querySelector("#live svg.chart"); return s !== null && s.getBoundingClientRect().right <= 360; })()`)
	if out := cdpEval[[]string](t, phone, `[...document.querySelectorAll("#live svg.chart text")].filter(e => e.getBoundingClientRect().right > 360).map(e => e.textContent)`); len(out) > 0 {
		t.Errorf("the chart's words past the phone's edge: %q", out)
	}
	saveShot(t, phone, "game-chart-360")
}
