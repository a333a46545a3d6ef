package web

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tableside/tableside/internal/needs"
	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/render"
	"github.com/tableside/tableside/table"
)

// The screens of issue 35: the wall on a projector across the room, and a phone whose first
// screen is 800 px tall.
var (
	wallScreen     = screen{1920, 1080, false}
	phoneScreen800 = screen{360, 800, true}
)

// saveView saves what a tab shows on its first screen as $TABLESIDE_SHOTS/NAME.png, as
// saveShot does the whole page.
func saveView(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("TABLESIDE_SHOTS")
	if dir == "" {
		return
	}
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// smallType is what the page is showing (the wall's night or season) and the words it shows
// in under px CSS pixels, an SVG chart's at the size it is drawn, each with its size: read at
// one moment, whenever the wall turns.
func smallType(t *testing.T, ctx context.Context, px float64) (showing string, small []string) {
	t.Helper()
	got := cdpEval[[]string](t, ctx, fmt.Sprintf(`(() => {
		const small = [], walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
		for (let n = walk.nextNode(); n; n = walk.nextNode()) {
			const e = n.parentElement;
			if (n.textContent.trim() === "" || e.closest("title, desc, script, style") || !e.checkVisibility()) continue;
			let size = parseFloat(getComputedStyle(e).fontSize);
			if (e instanceof SVGElement) {
				const m = e.getScreenCTM();
				size *= Math.hypot(m.a, m.b);
			}
			if (size < %g - 0.01) small.push(size.toFixed(1) + " px: " + n.textContent.trim().slice(0, 40));
		}
		return [document.body.dataset.showing ?? "night", ...small];
	})()`, px))
	return got[0], got[1:]
}

// TestBrowserWallReadAcrossTheRoom: on a club's first night the wall stays on the night rather
// than turn to empty ladders; once games are played to their end it turns to them, says what
// each rating is, and at 1920×1080 shows no word under 24 px, on the night or the ladders,
// charts included.
func TestBrowserWallReadAcrossTheRoom(t *testing.T) {
	c := openClub(t, false)
	c.srv.cfg.Turn = 100 * time.Millisecond
	var ladders atomic.Int64
	counting := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/wall/ladder" {
			ladders.Add(1)
		}
		c.srv.ServeHTTP(w, r)
	}))
	t.Cleanup(func() { counting.CloseClientConnections(); counting.Close() })
	id, _ := c.newGame(t, pinochle)
	c.recordAPI(t, id, "ann bid 12")
	root := startChromium(t)
	wall := directorScreen(t, root, counting.URL, wallScreen)
	cdpSubmit(t, wall, chromedp.Click(chromedp.CSS(`header nav a[href="/wall"]`)))

	// The wall has asked three times for the ladders, a turn apart: the first answer has been
	// handled by the time of the third question.
	needs.Wait(t, "the wall to ask for the ladders three times", func() bool { return ladders.Load() >= 3 })
	if showing := cdpEval[string](t, wall, `document.body.dataset.showing ?? "night"`); showing != "night" || cdpEval[bool](t, wall, `document.getElementById("live").hidden`) {
		t.Errorf("with no game played to its end the wall turned to %q:\n%s", showing, cdpEval[string](t, wall, `document.body.innerText`))
	}

	c.playSeason(t, 12)
	cdpSubmit(t, wall, chromedp.Reload())
	// The wall turns every 100 ms now: each view is read when it shows, its charts drawn.
	drawn := map[string]string{"night": "#live .match svg.chart", "season": "#ladder svg.chart"}
	end, bounded := needs.Deadline(t)
	for seen := map[string]bool{}; len(seen) < 2; {
		if bounded && time.Now().After(end) {
			t.Fatalf("the wall showed only %v with its charts: %s", seen, needs.OutOfTime())
		}
		showing, small := smallType(t, wall, wallFont)
		if seen[showing] || cdpEval[int](t, wall, fmt.Sprintf(`document.querySelectorAll(%q).length`, drawn[showing])) == 0 {
			continue
		}
		seen[showing] = true
		if len(small) > 0 {
			t.Errorf("the wall's %s shows words under %d px: %q", showing, wallFont, small)
		}
		saveShot(t, wall, "wall-"+showing+"-1920")
	}
	waitPage(t, wall, "the wall turned to the ladders", `document.body.dataset.showing === "season"`)
	text := cdpEval[string](t, wall, `document.getElementById("ladder").innerText`)
	for _, want := range []string{"Glicko-2 rating, for two players: everyone starts at 1500", "Weng–Lin rating, for games of more players: μ − 3σ", "RATING (Μ − 3Σ)"} {
		if !strings.Contains(strings.ToUpper(text), strings.ToUpper(want)) {
			t.Errorf("the ladders do not say %q:\n%s", want, text)
		}
	}
	if bad := overflow(t, wall, wallScreen); len(bad) > 0 {
		t.Errorf("past the right edge of the wall's ladders: %v", bad)
	}
}

// TestBrowserStatsFileFitsAPhone: the page `stats --format html` writes fits a phone as the
// server's statistics page does, each row of its tables a card, and on a laptop shows tables.
func TestBrowserStatsFileFitsAPhone(t *testing.T) {
	c := openClub(t, false)
	c.playSeason(t, 12)
	rep, err := c.app.KeptStats(t.Context(), table.StatsFilter{})
	if err != nil {
		t.Fatal(err)
	}
	var page bytes.Buffer
	if err := render.Stats(&page, "html", rep, ""); err != nil {
		t.Fatal(err)
	}
	file := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(page.Bytes())
	}))
	t.Cleanup(file.Close)
	root := startChromium(t)
	tables := `[...new Set([...document.querySelectorAll("main table, body.stats table")].map(e => getComputedStyle(e).display))].join(" ")`
	for _, tc := range []struct {
		screen
		tables string
	}{{phoneScreen800, "block"}, {wideScreen, "table"}} {
		for name, p := range map[string]context.Context{
			"the file":          openScreen(t, root, file.URL, tc.screen, true),
			"the server's page": directorScreen(t, root, c.http.URL, tc.screen),
		} {
			if name == "the server's page" {
				cdpSubmit(t, p, chromedp.Navigate(c.http.URL+"/stats"))
			}
			if bad := overflow(t, p, tc.screen); len(bad) > 0 {
				t.Errorf("at %v px, past the right edge of %s: %v", tc.screen, name, bad)
			}
			if got := cdpEval[string](t, p, tables); got != tc.tables {
				t.Errorf("at %v px %s shows its tables as %q, want %q", tc.screen, name, got, tc.tables)
			}
			if name == "the file" {
				saveShot(t, p, "stats-file-"+tc.screen.String())
			}
		}
	}
}

// firstMove is the condition that the page's first move button is wholly on its first screen,
// height px tall.
func firstMove(height int64) string {
	return fmt.Sprintf(`(() => {
		const b = document.querySelector(".choices > form button, .choices > details > summary");
		return b !== null && b.getBoundingClientRect().bottom <= %d;
	})()`, height)
}

// TestBrowserArticle2MovesOnTheFirstScreen: on a phone 800 px tall the first of Article II's
// moves is on the first screen, above the game's status, in a game of four well under way.
func TestBrowserArticle2MovesOnTheFirstScreen(t *testing.T) {
	c := openClub(t, false)
	id, code := c.newGame(t, table.Setup{Kind: "article2", Players: []string{"ann", "bob", "cy", "dee"}})
	// Three rounds of the Primary: each player has cards in play, which the status lists.
	c.recordAPI(t, id, "start ann")
	for range 12 {
		legal := apiGet[play.View](t, c, "/api/games/%d", id).Legal
		c.recordAPI(t, id, legal[slices.IndexFunc(legal, func(m string) bool { return !strings.Contains(m, "adhd") })])
	}
	root := startChromium(t)
	p := openScreen(t, root, fmt.Sprintf("%s/join?game=%d&code=%s", c.http.URL, id, url.QueryEscape(code)), phoneScreen800, true)
	saveView(t, p, "article2-first-screen-360x800")
	if !cdpEval[bool](t, p, firstMove(phoneScreen800.height)) {
		t.Errorf("the first move is below the first screen:\n%s", cdpEval[string](t, p, `document.querySelector("main").innerText.slice(0, 600)`))
	}
	if !cdpEval[bool](t, p, `document.querySelector(".choices").compareDocumentPosition(document.querySelector("dl.status")) === Node.DOCUMENT_POSITION_FOLLOWING`) {
		t.Error("the status comes before the moves")
	}
}

// TestBrowserPinochleWordsOnAPhone: on a phone, an empty Record asks for a move of the player to
// act; hearts and diamonds are red; the warning of revokes keeps the Next heading short.
func TestBrowserPinochleWordsOnAPhone(t *testing.T) {
	c := openClub(t, false)
	id, code := c.newGame(t, table.Setup{Kind: "pinochle", Players: []string{"ann", "bob"}, Opener: "ann", Options: map[string]string{"limit": "1000000"}})
	c.recordAPI(t, id, "ann bid 10")
	root := startChromium(t)
	p := openScreen(t, root, fmt.Sprintf("%s/join?game=%d&code=%s", c.http.URL, id, url.QueryEscape(code)), phoneScreen800, true)

	example := apiGet[play.View](t, c, "/api/games/%d", id).Legal[0]
	if !strings.HasPrefix(example, "bob ") {
		t.Fatalf("bob is not the player to act: %s", example)
	}
	waitPage(t, p, "the phone's own referee", refereesHere)
	tapMove(t, p, chromedp.Tap(chromedp.CSS("form.entry button")))
	if got := cdpEval[string](t, p, `document.querySelector(".refusal strong")?.textContent ?? ""`); got != "what move? ("+example+")" {
		t.Errorf("an empty Record on bob's turn to bid says %q, want %q", got, "what move? ("+example+")")
	}

	moves := strings.Split("bob pass|ann trump S|bob meld none|ann meld none|ann play 9C|bob play AH|ann play AC|bob play 9C|ann play AD|bob play 10C|"+
		"ann play AS|bob play 10C|ann play KS|bob play QC|ann play JS|bob play JC|ann play JH|bob play KC|ann play JH|bob play QC|ann play AH|"+
		"bob play JC|ann play 10D|bob play KC|ann play QS|bob play AC|ann play 9H", "|")
	for _, m := range moves {
		c.recordAPI(t, id, m)
	}
	waitPage(t, p, "the last play", showsUpTo(int64(len(moves))+2, "ann plays 9"))
	saveView(t, p, "pinochle-revokes-360x800")
	// The heading is the trick and whom to follow, three lines at 360 px, and that a ♠, ♥ or ♦
	// shows revokes: one line more, however many revokes (nine here, in three suits).
	if lines := cdpEval[float64](t, p, `(() => { const e = document.querySelector("#live .turn"), s = getComputedStyle(e);
		return e.getBoundingClientRect().height / parseFloat(s.lineHeight); })()`); lines > 4.01 {
		t.Errorf("the Next heading is %.1f lines: %q", lines, cdpEval[string](t, p, `document.querySelector("#live .turn").textContent`))
	}
	// Every ♥ and ♦ on the page is red, and on the rules page; ♠ and ♣ are not.
	suitColours := `(() => {
		const out = [], walk = document.createTreeWalker(document.querySelector("main"), NodeFilter.SHOW_TEXT);
		for (let n = walk.nextNode(); n; n = walk.nextNode()) {
			for (const suit of ["♥", "♦", "♠", "♣"]) if (n.textContent.includes(suit) && n.parentElement.checkVisibility()) out.push(suit + " " + getComputedStyle(n.parentElement).color);
		}
		return [...new Set(out)].sort();
	})()`
	for _, tc := range []struct {
		page string
		want []string
	}{
		{"game", []string{"♠ rgb(17, 17, 17)", "♣ rgb(17, 17, 17)", "♥ rgb(204, 0, 0)", "♦ rgb(204, 0, 0)"}},
		{"rules", []string{"♠ rgb(17, 17, 17)", "♥ rgb(204, 0, 0)", "♦ rgb(204, 0, 0)"}},
	} {
		page, want := tc.page, tc.want
		if page == "rules" {
			cdpSubmit(t, p, chromedp.Navigate(fmt.Sprintf("%s/games/%d/rules", c.http.URL, id)))
		}
		colours := cdpEval[[]string](t, p, suitColours)
		for _, w := range want {
			if !slices.Contains(colours, w) {
				t.Errorf("the %s page's suits are %q, want among them %q", page, colours, w)
			}
		}
		for _, got := range colours {
			if red := strings.HasPrefix(got, "♥") || strings.HasPrefix(got, "♦"); red != strings.HasSuffix(got, "rgb(204, 0, 0)") {
				t.Errorf("on the %s page a suit in the wrong colour: %s", page, got)
			}
		}
	}
}

// TestBrowserTableCardsCodeOnOneLine: a table card's code is on one line, on a phone and on
// paper's width, and the card fits.
func TestBrowserTableCardsCodeOnOneLine(t *testing.T) {
	c := openClub(t, false)
	c.newGame(t, pinochle)
	root := startChromium(t)
	for _, s := range []screen{phoneScreen800, wideScreen} {
		d := directorScreen(t, root, c.http.URL, s)
		cdpSubmit(t, d, chromedp.Navigate(c.http.URL+"/cards"))
		waitPage(t, d, "the QR code", `document.querySelector(".tablecard img.qr").complete`)
		saveView(t, d, "cards-"+s.String())
		if n := cdpEval[int](t, d, `document.querySelector(".tablecard .code").getClientRects().length`); n != 1 {
			t.Errorf("at %v px the code is on %d lines", s, n)
		}
		if bad := overflow(t, d, s); len(bad) > 0 {
			t.Errorf("at %v px, past the right edge of the cards: %v", s, bad)
		}
	}
}
