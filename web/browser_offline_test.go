package web

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/url"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/table"
)

// cable is a phone's network: a TCP relay from an address of its own to the server, which the
// test can cut (every connection dropped, every new one closed at once, as when the club's
// Wi-Fi goes) and mend. The server runs on throughout: only this phone loses it.
type cable struct {
	ln     net.Listener
	target string
	mu     sync.Mutex
	cut    bool
	conns  map[net.Conn]bool
}

// layCable relays a new address on loopback to the server at target, until the test ends.
func layCable(t testing.TB, target string) *cable {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	c := &cable{ln: ln, target: target, conns: map[net.Conn]bool{}}
	t.Cleanup(func() {
		ln.Close()
		c.setCut(true)
	})
	go c.relay()
	return c
}

// retarget sends the cable's new connections to another server, as a club's address would
// lead to a server started again elsewhere.
func (c *cable) retarget(target string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.target = target
}

// url is the server's address as the phone on this cable opens it.
func (c *cable) url() string { return "http://" + c.ln.Addr().String() }

func (c *cable) relay() {
	for {
		in, err := c.ln.Accept()
		if err != nil {
			return
		}
		if !c.keep(in) {
			in.Close()
			continue
		}
		c.mu.Lock()
		target := c.target
		c.mu.Unlock()
		go func() {
			defer c.drop(in)
			out, err := net.Dial("tcp", target)
			if err != nil {
				return
			}
			if !c.keep(out) {
				out.Close()
				return
			}
			defer c.drop(out)
			done := make(chan struct{}, 2)
			pipe := func(to, from net.Conn) {
				_, _ = io.Copy(to, from)
				done <- struct{}{}
			}
			go pipe(out, in)
			go pipe(in, out)
			<-done
		}()
	}
}

// keep holds conn while the cable is whole, and says whether it is.
func (c *cable) keep(conn net.Conn) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cut {
		return false
	}
	c.conns[conn] = true
	return true
}

func (c *cable) drop(conn net.Conn) {
	c.mu.Lock()
	delete(c.conns, conn)
	c.mu.Unlock()
	conn.Close()
}

// setCut cuts the cable, closing every connection through it, or mends it.
func (c *cable) setCut(cut bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.cut = cut
	if cut {
		for conn := range c.conns {
			conn.Close()
		}
	}
}

// typeMove types words into a phone's move box and records them, and waits until the phone
// has judged them (online or not). It reports whether the phone took the move.
func typeMove(t testing.TB, ctx context.Context, words string) bool {
	t.Helper()
	before := cdpEval[int](t, ctx, `Number(document.body.dataset.judged || 0)`)
	cdpEval[bool](t, ctx, fmt.Sprintf(`(() => {
		const box = document.querySelector("form.entry input[name=move]");
		box.value = %q;
		box.form.requestSubmit();
		return true;
	})()`, words))
	waitPage(t, ctx, "the phone to judge "+words, fmt.Sprintf(`Number(document.body.dataset.judged || 0) > %d`, before))
	return cdpEval[string](t, ctx, `document.body.dataset.took`) == "taken"
}

// keptForOffline is the condition that a page is served by the phone's worker, which keeps it
// for a reload offline: each poll looks in the worker's caches, and reads what the poll before
// found there.
const keptForOffline = `(() => {
	caches.match(location.pathname).then((m) => { window.keptForOffline = m !== undefined; });
	return navigator.serviceWorker.controller !== null && window.keptForOffline === true;
})()`

// waiting is the condition that a phone shows n moves waiting to be sent, and says so.
func waiting(n int) string {
	said := ""
	switch n {
	case 0:
	case 1:
		said = "1 move waiting to be sent."
	default:
		said = fmt.Sprintf("%d moves waiting to be sent.", n)
	}
	return fmt.Sprintf(`document.body.dataset.referee === "phone" && document.body.dataset.waiting === "%d" && document.getElementById("offline-status").textContent.includes(%q)`, n, said)
}

// TestBrowserPhonesRefereeOffline: two phones at one table and a third at another play on with
// the network gone. The first phone at the table records about ten minutes of play (at the
// test's speed), with a reload of its page halfway, which keeps the moves waiting; the other
// phone at the table records the table's next move too, and then one of its own; the third
// phone records its own game's moves. The network comes back to each in turn: the database
// then holds every move the phones made, once each, in order, its chains verify, and the
// second phone's own move, judged again on top of what the first phone stored, is recorded or
// refused as the server would, and the phone says which.
func TestBrowserPhonesRefereeOffline(t *testing.T) {
	c := openClub(t, false)
	target := strings.TrimPrefix(c.http.URL, "http://")
	idA, codeA := c.newGame(t, table.Setup{Kind: "pinochle", Players: []string{"ann", "bob"}, Opener: "ann"})
	idB, codeB := c.newGame(t, table.Setup{Kind: "pinochle", Players: []string{"cy", "dee"}, Opener: "cy"})
	movesOf := func(id int64, seed uint64) []string {
		view := apiGet[play.View](t, c, "/api/games/%d", id)
		words, err := seededGame(rand.New(rand.NewPCG(seed, seed)), view)
		if err != nil {
			t.Fatal(err)
		}
		return words
	}
	movesA, movesB := movesOf(idA, 1), movesOf(idB, 2)
	const online, offline = 3, 80 // moves made before the network goes, and while it is gone
	if len(movesA) < online+offline+1 || len(movesB) < offline {
		t.Fatalf("the seeded games are %d and %d moves long", len(movesA), len(movesB))
	}

	root := startChromium(t)
	join := func(w *cable, id int64, code string) context.Context {
		return joinPhone(t, root, w.url(), id, code)
	}
	wireA1, wireA2, wireB := layCable(t, target), layCable(t, target), layCable(t, target)
	a1, a2, b := join(wireA1, idA, codeA), join(wireA2, idA, codeA), join(wireB, idB, codeB)
	for _, m := range movesA[:online] {
		if !typeMove(t, a1, m) {
			t.Fatalf("online, the phone refused %q", m)
		}
		waitPage(t, a1, "the move sent", waiting(0))
	}
	waitPage(t, a2, "the other phone at the table, live", showsUpTo(online+1, ""))
	// Each phone's worker keeps its page: it has been controlled and kept before the cut.
	for _, p := range []context.Context{a1, a2, b} {
		waitPage(t, p, "the page kept for use offline", keptForOffline)
	}
	atCut, err := c.app.Game(t.Context(), idA)
	if err != nil {
		t.Fatal(err)
	}

	for _, w := range []*cable{wireA1, wireA2, wireB} {
		w.setCut(true)
	}
	waitPage(t, a1, "the phone to see the network gone", `document.getElementById("live-status").textContent.startsWith("Connection lost")`)

	// The other phone at table A records the table's next move as the first does, and then a
	// move of its own where the first records another.
	next := movesA[online]
	if !typeMove(t, a2, next) {
		t.Fatalf("offline, the other phone refused the table's next move %q", next)
	}
	afterNext, err := atCut.Judge(mustWords(t, atCut, next), false, 0)
	if err != nil {
		t.Fatal(err)
	}
	own := ""
	for _, choice := range afterNext.Game.Buttons() {
		if choice.Move != movesA[online+1] {
			own = choice.Move
			break
		}
	}
	if own == "" || !typeMove(t, a2, own) {
		t.Fatalf("offline, the other phone refused a move of its own, %q", own)
	}
	waitPage(t, a2, "the other phone's two moves waiting", waiting(2))

	// The first phone and the other table play on; the first phone's page is reloaded halfway.
	for i := range offline {
		if !typeMove(t, a1, movesA[online+i]) {
			t.Fatalf("offline, table A's phone refused move %d, %q: %s", online+i+1, movesA[online+i], cdpEval[string](t, a1, `document.getElementById("offline-notes").innerText`))
		}
		if !typeMove(t, b, movesB[i]) {
			t.Fatalf("offline, table B's phone refused move %d, %q", i+1, movesB[i])
		}
		if i == offline/2 {
			waitPage(t, a1, "the moves waiting before the reload", waiting(i+1))
			cdpDo(t, a1, chromedp.Reload())
			markLoaded(t, a1)
			waitPage(t, a1, "the moves waiting after a reload offline", waiting(i+1))
		}
	}
	waitPage(t, a1, "table A's moves waiting", waiting(offline))
	waitPage(t, a1, "the phone saying what waits for the network", `document.getElementById("offline-status").textContent.startsWith("Offline: this phone judges the moves")`)
	if got, want := cdpEval[string](t, a1, `document.querySelector("#live .now").dataset.last`), fmt.Sprint(atCut.Last()+offline); got != want {
		t.Errorf("offline, table A's phone shows the game up to event %s, want %s", got, want)
	}
	// The page is no wider than the phone: the sheet scrolls in its own box.
	if w := cdpEval[int](t, a1, `document.documentElement.scrollWidth`); w > 360 {
		t.Errorf("offline at 360 px the page is %d px wide", w)
	}
	saveView(t, a1, "offline-waiting-360x740")
	saveShot(t, a1, "offline-waiting-360")
	if stored, err := c.app.Game(t.Context(), idA); err != nil || stored.Last() != atCut.Last() {
		t.Fatalf("the server stored table A's moves while the phones were cut off: %v %d", err, stored.Last())
	}

	// The network comes back: to table A's first phone, the other table, then the other phone.
	wireA1.setCut(false)
	waitPage(t, a1, "table A's moves sent", waiting(0))
	wireB.setCut(false)
	waitPage(t, b, "table B's moves sent", waiting(0))
	saveView(t, a1, "offline-caught-up-360x740")

	// The log of each game is what its phones made: nothing lost, nothing doubled, in order.
	want := c.holdsJustThese(t, idA, atCut, movesA[online:online+offline])
	startB, err := table.Replay(idB, atStart(t, c, idB))
	if err != nil {
		t.Fatal(err)
	}
	c.holdsJustThese(t, idB, startB, movesB[:offline])

	// The other phone at table A: its copy of the table's next move is the one stored; its own
	// move is judged again on top of all the first phone stored, as the server judges a move
	// that lost a race (docs/rules.md), and the phone says what became of it.
	wireA2.setCut(false)
	waitPage(t, a2, "the other phone caught up", waiting(0)+fmt.Sprintf(` && Number(document.querySelector("#live .now").dataset.last) >= %d`, atCut.Last()+offline))
	final, err := c.app.Game(t.Context(), idA)
	if err != nil {
		t.Fatal(err)
	}
	notes := cdpEval[string](t, a2, `document.getElementById("offline-notes").innerText`)
	if _, err := want.Judge(mustWords(t, want, own), false, 0); err != nil {
		var te *play.Error
		if !errors.As(err, &te) {
			t.Fatal(err)
		}
		if final.Last() != want.Last() {
			t.Errorf("the other phone's own move, refused now, was stored: the log has %d events, want %d", final.Last(), want.Last())
		}
		t.Logf("the other phone's own move %q is refused now: %s", own, te.Message)
		if !strings.Contains(notes, "Not recorded:") || !strings.Contains(notes, te.Message) {
			t.Errorf("the other phone does not say its move %q is now refused (%s):\n%s", own, te.Message, notes)
		}
	} else {
		if final.Last() != want.Last()+1 || final.Log()[want.Last()].Actor == "" {
			t.Errorf("the other phone's own move, legal still, was not stored once: the log has %d events, want %d", final.Last(), want.Last()+1)
		}
		t.Logf("the other phone's own move %q is recorded after the first phone's", own)
		if !strings.Contains(notes, "Recorded: ") {
			t.Errorf("the other phone does not say its move %q was recorded:\n%s", own, notes)
		}
	}
	saveView(t, a2, "offline-conflict-360x740")

	verified, err := c.app.Verify(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(verified.Broken) > 0 {
		t.Errorf("verify finds %d broken chains: %+v", len(verified.Broken), verified.Broken)
	}
}

// holdsJustThese checks that game id's log is from's, then moves, each once, in order, and
// returns the game they make.
func (c *testClub) holdsJustThese(t *testing.T, id int64, from *play.Game, moves []string) *play.Game {
	t.Helper()
	got, err := c.app.Game(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	if want := int(from.Last()) + len(moves); got.Len() != want {
		t.Fatalf("game %d's log holds %d events, want %d", id, got.Len(), want)
	}
	g := from
	for _, m := range moves {
		rec, err := g.Judge(mustWords(t, g, m), false, 0)
		if err != nil {
			t.Fatal(err)
		}
		if stored := got.Log()[rec.Event.Seq-1]; !play.SameMove(stored, rec.Event) {
			t.Fatalf("game %d's event %d is %s %s %s, want %q", id, stored.Seq, stored.Actor, stored.Type, stored.Payload, m)
		}
		g = rec.Game
	}
	return g
}

// atStart is game id's log as it was made, before any move.
func atStart(t *testing.T, c *testClub, id int64) []play.Event {
	t.Helper()
	g, err := c.app.Game(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	return g.Log()[:1]
}

// mustWords is a move's words as g reads them.
func mustWords(t *testing.T, g *play.Game, move string) []string {
	t.Helper()
	words, err := g.MoveWords(move)
	if err != nil {
		t.Fatal(err)
	}
	return words
}

// BenchmarkPhoneFirstButtons is how soon a phone at a table can tap a move: the game page's
// first paint, with the server's buttons, and the moment the phone's own referee has drawn
// them (the engine downloaded, compiled and run, the log read), on a cold phone (nothing kept),
// a warm one (the page opened before, the worker holding the engine) and a warm one with the
// network gone. A Pinochle game of 200 events.
//
//	go test ./web -run '^$' -bench PhoneFirstButtons -benchtime 5x
func BenchmarkPhoneFirstButtons(b *testing.B) {
	c := openClub(b, false)
	id, code, _ := seededPinochle(b, c, 199)
	root := startChromium(b)
	paint := `(performance.getEntriesByName("first-contentful-paint")[0] || {startTime: 0}).startTime`
	open := func(w *cable) (context.Context, float64, float64) {
		ctx := joinPhone(b, root, w.url(), id, code)
		return ctx, cdpEval[float64](b, ctx, paint), cdpEval[float64](b, ctx, `Number(document.body.dataset.refereeAfter)`)
	}
	reload := func(ctx context.Context) (float64, float64) {
		cdpDo(b, ctx, chromedp.Reload())
		waitPage(b, ctx, "the phone's own referee", refereesHere)
		return cdpEval[float64](b, ctx, paint), cdpEval[float64](b, ctx, `Number(document.body.dataset.refereeAfter)`)
	}
	var coldPaint, coldReferee, warmPaint, warmReferee, offPaint, offReferee float64
	for b.Loop() {
		w := layCable(b, strings.TrimPrefix(c.http.URL, "http://"))
		ctx, p, r := open(w)
		coldPaint, coldReferee = coldPaint+p, coldReferee+r
		waitPage(b, ctx, "the page kept", keptForOffline)
		p, r = reload(ctx)
		warmPaint, warmReferee = warmPaint+p, warmReferee+r
		w.setCut(true)
		p, r = reload(ctx)
		offPaint, offReferee = offPaint+p, offReferee+r
	}
	n := float64(b.N)
	b.ReportMetric(coldPaint/n, "cold-paint-ms")
	b.ReportMetric(coldReferee/n, "cold-referee-ms")
	b.ReportMetric(warmPaint/n, "warm-paint-ms")
	b.ReportMetric(warmReferee/n, "warm-referee-ms")
	b.ReportMetric(offPaint/n, "offline-paint-ms")
	b.ReportMetric(offReferee/n, "offline-referee-ms")
}

// TestBrowserTwoPagesOfAGameOnOnePhone: a phone with its table's game open in two pages (the
// QR code scanned twice) keeps the moves of both with the network gone: each page judges its
// move on top of the other's, and once the network is back the log holds every move once, in
// the order they were made.
func TestBrowserTwoPagesOfAGameOnOnePhone(t *testing.T) {
	c := openClub(t, false)
	id, code := c.newGame(t, table.Setup{Kind: "pinochle", Players: []string{"ann", "bob"}, Opener: "ann"})
	view := apiGet[play.View](t, c, "/api/games/%d", id)
	words, err := seededGame(rand.New(rand.NewPCG(4, 4)), view)
	if err != nil {
		t.Fatal(err)
	}
	start, err := c.app.Game(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	root := startChromium(t)
	wire := layCable(t, strings.TrimPrefix(c.http.URL, "http://"))
	first := joinPhone(t, root, wire.url(), id, code)
	second, cancel := chromedp.NewContext(first) // a second page of the same phone
	t.Cleanup(cancel)
	cdpDo(t, second, chromedp.EmulateViewport(360, 740, chromedp.EmulateMobile, chromedp.EmulateTouch), chromedp.Navigate(fmt.Sprintf("%s/games/%d", wire.url(), id)))
	for _, p := range []context.Context{first, second} {
		waitPage(t, p, "the page's own referee", refereesHere+` && `+keptForOffline)
	}

	wire.setCut(true)
	for i, p := range []context.Context{first, second, first, second} {
		if !typeMove(t, p, words[i]) {
			t.Fatalf("offline, page %d refused %q: %s", i%2+1, words[i], cdpEval[string](t, p, `document.getElementById("offline-notes").innerText`))
		}
		waitPage(t, p, "the moves of both pages waiting", waiting(i+1))
	}
	wire.setCut(false)
	waitPage(t, first, "the moves sent", waiting(0)+` && document.querySelector("#live .now").dataset.last === "5"`)
	c.holdsJustThese(t, id, start, words[:4])
}

// phoneOnACable starts a club with a Pinochle game of ann and bob, the words of a seeded game
// of it, and a phone joined to it through a cable the test can cut.
func phoneOnACable(t *testing.T) (c *testClub, id int64, words []string, wire *cable, phone context.Context) {
	t.Helper()
	c = openClub(t, false)
	id, code := c.newGame(t, table.Setup{Kind: "pinochle", Players: []string{"ann", "bob"}, Opener: "ann"})
	view := apiGet[play.View](t, c, "/api/games/%d", id)
	words, err := seededGame(rand.New(rand.NewPCG(6, 6)), view)
	if err != nil {
		t.Fatal(err)
	}
	wire = layCable(t, strings.TrimPrefix(c.http.URL, "http://"))
	return c, id, words, wire, joinPhone(t, startChromium(t), wire.url(), id, code)
}

// TestBrowserAPhoneOutlivesARestoredFile: the club's file is lost and the server started again
// over a copy taken earlier in the night, while a phone kept moves waiting. The phone finds the
// server's record shorter than what it saw stored, says so, and sends again the moves the copy
// lacks, then its own: the restored file ends up holding every move the table made.
func TestBrowserAPhoneOutlivesARestoredFile(t *testing.T) {
	c, id, words, wire, phone := phoneOnACable(t)
	play := func(moves []string) {
		for _, m := range moves {
			if !typeMove(t, phone, m) {
				t.Fatalf("the phone refused %q", m)
			}
		}
	}
	play(words[:3])
	waitPage(t, phone, "the first moves stored", waiting(0))
	copyPath := backupOf(t, c.path)
	play(words[3:6])
	waitPage(t, phone, "three more moves stored", waiting(0))

	wire.setCut(true)
	play(words[6:7])
	waitPage(t, phone, "a move waiting", waiting(1))
	restored := serveStore(t, copyPath, false)
	start, err := restored.app.Game(t.Context(), id)
	if err != nil || start.Last() != 4 {
		t.Fatalf("the copy holds game %d up to event %d (%v), want 4", id, start.Last(), err)
	}
	start, err = table.Replay(id, start.Log()[:1])
	if err != nil {
		t.Fatal(err)
	}
	wire.retarget(strings.TrimPrefix(restored.http.URL, "http://"))
	wire.setCut(false)

	waitPage(t, phone, "the phone caught up with the restored server", waiting(0)+` && document.querySelector("#live .now").dataset.last === "8"`)
	restored.holdsJustThese(t, id, start, words[:7])
	if notes := cdpEval[string](t, phone, `document.getElementById("offline-notes").innerText`); !strings.Contains(notes, "now ends at event 4") {
		t.Errorf("the phone does not say the server's record went back:\n%s", notes)
	}
	saveView(t, phone, "offline-restored-360x740")
}

// TestBrowserARestoredFileGetsNoMoveTakenBack: the phone saw a move stored, then the table's
// undo of it, then the move really played in its place; the server is then started again over
// a copy taken before those moves. The phone sends again what stands of what it saw: the move
// taken back is left out with its undo, and the move played in its place is recorded where the
// table played it.
func TestBrowserARestoredFileGetsNoMoveTakenBack(t *testing.T) {
	c, id, words, wire, phone := phoneOnACable(t)
	play := func(moves ...string) {
		for _, m := range moves {
			if !typeMove(t, phone, m) {
				t.Fatalf("the phone refused %q: %s", m, cdpEval[string](t, phone, `document.getElementById("offline-notes").innerText`))
			}
			waitPage(t, phone, "the move stored", waiting(0))
		}
	}
	play(words[:3]...)
	copyPath := backupOf(t, c.path)

	// Two moves stored, the table's undo of the second, and another move in its place.
	play(words[3:5]...)
	// Found and tapped in one step: the phone draws the game again as the server's stream says
	// it moved.
	if status := cdpSubmit(t, phone, clickNow(`form.undo button`)); status != 200 {
		t.Fatalf("undo: status %d", status)
	}
	waitPage(t, phone, "the phone's own referee after the undo", refereesHere)
	start, err := table.Replay(id, atStart(t, c, id))
	if err != nil {
		t.Fatal(err)
	}
	beforeUndone := start
	for _, m := range words[:4] {
		rec, err := beforeUndone.Judge(mustWords(t, beforeUndone, m), false, 0)
		if err != nil {
			t.Fatal(err)
		}
		beforeUndone = rec.Game
	}
	instead := ""
	for _, choice := range beforeUndone.Buttons() {
		if choice.Move != words[4] {
			instead = choice.Move
			break
		}
	}
	if instead == "" {
		t.Fatalf("no other move than %q after %q", words[4], words[:4])
	}
	play(instead)
	waitPage(t, phone, "the phone showing the game to event 8", `document.querySelector("#live .now").dataset.last === "8"`)

	wire.setCut(true)
	restored := serveStore(t, copyPath, false)
	wire.retarget(strings.TrimPrefix(restored.http.URL, "http://"))
	wire.setCut(false)

	waitPage(t, phone, "the phone caught up with the restored server", waiting(0)+` && document.querySelector("#live .now").dataset.last === "6"`)
	restored.holdsJustThese(t, id, start, append(slices.Clone(words[:4]), instead))
	if notes := cdpEval[string](t, phone, `document.getElementById("offline-notes").innerText`); !strings.Contains(notes, "leaving out 2 that the table took back") {
		t.Errorf("the phone does not say it left out the move taken back:\n%s", notes)
	}
}

// clickNow clicks the element sel names as one step in the page, with no time between finding
// it and clicking it for the page to draw it anew.
func clickNow(sel string) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := chromedp.Evaluate[bool](fmt.Sprintf(`(document.querySelector(%q).click(), true)`, sel))(ctx, tg)
		return chromedp.Void{}, err
	}
}

// TestBrowserAMoveMadeOfflineKeepsWhenItWasPlayed: a move a phone made with the network gone
// reaches the server when the network is back, and is stored with both times: when it was
// stored, and when the table played it, by the server's clock, also on a phone whose own clock
// is ten minutes slow. A phone whose clock was set back ten minutes while the network was gone
// sends a time the server refuses: its move is recorded all the same, stamped when stored.
func TestBrowserAMoveMadeOfflineKeepsWhenItWasPlayed(t *testing.T) {
	c := openClub(t, false)
	root := startChromium(t)
	for _, clock := range []struct {
		what            string
		behind, setBack time.Duration
	}{{"on time", 0, 0}, {"ten minutes slow", 10 * time.Minute, 0}, {"set back ten minutes offline", 0, 10 * time.Minute}} {
		behind := clock.behind + clock.setBack
		id, code := c.newGame(t, table.Setup{Kind: "pinochle", Players: []string{"ann", "bob"}, Opener: "ann"})
		view := apiGet[play.View](t, c, "/api/games/%d", id)
		wire := layCable(t, strings.TrimPrefix(c.http.URL, "http://"))
		phone := joinPhoneWithClock(t, root, wire.url(), id, code, clock.behind)
		waitPage(t, phone, "the page kept for use offline", keptForOffline)

		wire.setCut(true)
		cdpEval[bool](t, phone, fmt.Sprintf(`(window.clockBehind = %d, true)`, behind.Milliseconds()))
		beforeMove := time.Now().UnixMilli()
		if !typeMove(t, phone, view.Legal[0]) {
			t.Fatalf("offline, the phone %s refused %q", clock.what, view.Legal[0])
		}
		afterMove := time.Now().UnixMilli()
		waitPage(t, phone, "the move waiting", waiting(1))
		for time.Now().UnixMilli() <= afterMove { // the network comes back after the move, by the clock
			runtime.Gosched()
		}
		back := time.Now().UnixMilli()
		wire.setCut(false)
		waitPage(t, phone, "the move sent", waiting(0))

		g, err := c.app.Game(t.Context(), id)
		if err != nil {
			t.Fatal(err)
		}
		if g.Len() != 2 {
			t.Fatalf("the phone %s: the log holds %d events, want 2: %s", clock.what, g.Len(), cdpEval[string](t, phone, `document.getElementById("offline-notes").innerText`))
		}
		e := g.Entries()[1]
		if e.At < back {
			t.Errorf("the phone %s: the move is stamped %d, before the network came back at %d", clock.what, e.At, back)
		}
		if clock.setBack != 0 {
			if e.PlayedAt != 0 {
				t.Errorf("the phone %s: the move says it was played at %d, a time the server refuses", clock.what, e.PlayedAt)
			}
			continue
		}
		// The phone reads the server's clock in whole seconds.
		if e.PlayedAt < beforeMove-1000 || e.PlayedAt > afterMove+1000 {
			t.Errorf("the phone %s: the move says it was played at %d, want the time it was made, %d to %d (payload %s)", clock.what, e.PlayedAt, beforeMove, afterMove, e.Payload)
		}
	}
}

// joinPhoneWithClock joins a phone as joinPhone does, its clock behind the server's by behind.
func joinPhoneWithClock(t *testing.T, root context.Context, base string, id int64, code string, behind time.Duration) context.Context {
	t.Helper()
	ctx, cancel := chromedp.NewContext(root, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	clock := fmt.Sprintf(`{ const now = Date.now; window.clockBehind = %d; Date.now = () => now() - window.clockBehind; }`, behind.Milliseconds())
	cdpDo(t, ctx,
		chromedp.EmulateViewport(phoneScreen.width, phoneScreen.height, chromedp.EmulateMobile, chromedp.EmulateTouch),
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: clock})
			return err
		}),
		chromedp.Navigate(fmt.Sprintf("%s/join?game=%d&code=%s", base, id, url.QueryEscape(code))))
	markLoaded(t, ctx)
	waitPage(t, ctx, "the live stream", `document.getElementById("live-status").textContent.startsWith("Live:")`)
	waitPage(t, ctx, "the phone's own referee", refereesHere)
	return ctx
}

// TestAMoveSaysWhenItWasPlayed: a move sent with played_at keeps it beside the time it was
// stored; a played_at after the server's clock is refused, naming it, and nothing is recorded.
func TestAMoveSaysWhenItWasPlayed(t *testing.T) {
	c := openClub(t, false)
	id, code := c.newGame(t, pinochle)
	moves := fmt.Sprintf("/api/games/%d/moves", id)
	status, body := c.call(t, "POST", moves, code, move{Move: "ann bid 10", Expect: 1, PlayedAt: time.Now().Add(time.Hour).UnixMilli()})
	if e := apiFailure(t, body); status != 400 || e.Error.Field != "played_at" {
		t.Errorf("a move played an hour from now: %d %s, want 400 naming played_at", status, body)
	}
	if g, err := c.app.Game(t.Context(), id); err != nil || g.Last() != 1 {
		t.Fatalf("a move played an hour from now was recorded: %v", err)
	}
	played := time.Now().Add(-30 * time.Second).UnixMilli()
	status, body = c.call(t, "POST", moves, code, move{Move: "ann bid 10", Expect: 1, PlayedAt: played})
	var got play.Entered
	if err := json.Unmarshal(body, &got); status != 201 || err != nil {
		t.Fatalf("a move played half a minute ago: %d %s", status, body)
	}
	if play.PlayedAt(got.Event) != played || got.Event.At <= played {
		t.Errorf("the move is stored at %d as played at %d, want played at %d: %s", got.Event.At, play.PlayedAt(got.Event), played, got.Event.Payload)
	}
	if log := apiGet[[]play.Entry](t, c, "/api/games/%d/log", id); log[1].PlayedAt != played {
		t.Errorf("the log lists the move as played at %d, want %d", log[1].PlayedAt, played)
	}
}

// backupOf copies the file at path as a backup would, while the server runs, and returns where.
func backupOf(t *testing.T, path string) string {
	t.Helper()
	copyPath := filepath.Join(t.TempDir(), "copy.db")
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.ExecContext(t.Context(), "VACUUM INTO ?", copyPath); err != nil {
		t.Fatal(err)
	}
	return copyPath
}

// seededPinochle is a seeded Pinochle game on c with its first stored moves recorded: its id,
// its table code, and the moves after them.
func seededPinochle(b *testing.B, c *testClub, stored int) (id int64, code string, next []string) {
	b.Helper()
	id, code = c.newGame(b, table.Setup{Kind: "pinochle", Players: []string{"ann", "bob"}, Opener: "ann"})
	view := apiGet[play.View](b, c, "/api/games/%d", id)
	words, err := seededGame(rand.New(rand.NewPCG(3, 3)), view)
	if err != nil {
		b.Fatal(err)
	}
	stored = min(len(words), stored)
	for _, m := range words[:stored] {
		c.recordAPI(b, id, m)
	}
	return id, code, words[stored:]
}

// TestBrowserAMoveWaitingWhenTheRoundEnds: a table's phone keeps a move while its network is
// gone, and the director ends the round meanwhile (T16). When the network is back, the server
// refuses the move and the phone says so, drops it, draws its game without the table's
// buttons, and refuses the next tap itself; the server holds only what was stored before.
func TestBrowserAMoveWaitingWhenTheRoundEnds(t *testing.T) {
	c := openClub(t, false)
	night := c.newTournament(t, clubNight)
	id := night.Tournament.Game
	game := apiPost[table.RoundView](t, c, fmt.Sprintf("/api/tournaments/%d/pair", id)).Tables[0].Game
	words, err := seededGame(rand.New(rand.NewPCG(5, 1)), apiGet[play.View](t, c, "/api/games/%d", game))
	if err != nil {
		t.Fatal(err)
	}
	wire := layCable(t, strings.TrimPrefix(c.http.URL, "http://"))
	// The phone joins by the table's card, which leads it to the table's game.
	phone := openTab(t, startChromium(t), fmt.Sprintf("%s/join?tournament=%d&table=1&code=%s", wire.url(), id, url.QueryEscape(night.Tables[0].Code)))
	waitPage(t, phone, "the table's game, refereed here", refereesHere+fmt.Sprintf(` && location.pathname === "/games/%d"`, game))
	if !typeMove(t, phone, words[0]) {
		t.Fatalf("the phone refused %q", words[0])
	}
	waitPage(t, phone, "the first move stored", waiting(0))
	wire.setCut(true)
	if !typeMove(t, phone, words[1]) {
		t.Fatalf("the phone refused %q offline", words[1])
	}
	waitPage(t, phone, "a move waiting", waiting(1))
	if status, body := c.call(t, "POST", fmt.Sprintf("/api/games/%d/moves", id), testKey, move{Move: "end 1"}); status != 201 {
		t.Fatalf("the director ends round 1: %d %s", status, body)
	}
	wire.setCut(false)
	waitPage(t, phone, "the phone told the round is over", waiting(0)+
		` && document.querySelector("#live [data-locked]") !== null && document.querySelector("#live form") === null`+
		` && document.getElementById("offline-notes").innerText.includes("Not recorded")`)
	if notes := cdpEval[string](t, phone, `document.getElementById("offline-notes").innerText`); !strings.Contains(notes, "round 1 of club night is over") {
		t.Errorf("the phone's notes do not say why the move was refused:\n%s", notes)
	}
	if typeMove(t, phone, words[1]) {
		t.Errorf("the phone took a move in a game its round locked")
	}
	if g, err := c.srv.app.Game(t.Context(), game); err != nil || g.Last() != 2 {
		t.Errorf("the server holds game %d up to event %d (%v), want 2: the move before the end only", game, g.Last(), err)
	}
	saveView(t, phone, "offline-round-over-360x740")
}
