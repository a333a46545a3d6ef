package web

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tableside/tableside/render"
	"github.com/tableside/tableside/table"
)

// The screens of issue 35: the wall on a projector across the room, and a phone whose first
// screen is 800 px tall.
var (
	wallScreen     = screen{1920, 1080, false}
	phoneScreen800 = screen{360, 800, true}
)

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
	root := startChromium(t, 60*time.Second)
	wall := directorScreen(t, root, counting.URL, wallScreen)
	cdpSubmit(t, wall, chromedp.Click(chromedp.CSS(`header nav a[href="/wall"]`)))

	// The wall has asked twice for the ladders: the first answer was handled before the second
	// question.
	for deadline := time.Now().Add(10 * time.Second); ladders.Load() < 2; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the wall asked for the ladders %d times in 10 s", ladders.Load())
		}
	}
	if showing := cdpEval[string](t, wall, `document.body.dataset.showing ?? "night"`); showing != "night" || cdpEval[bool](t, wall, `document.getElementById("live").hidden`) {
		t.Errorf("with no game played to its end the wall turned to %q:\n%s", showing, cdpEval[string](t, wall, `document.body.innerText`))
	}

	c.playSeason(t, 12)
	cdpSubmit(t, wall, chromedp.Reload())
	// The wall turns every 100 ms now: each view is read when it shows, its charts drawn.
	drawn := map[string]string{"night": "#live .match svg.chart", "season": "#ladder svg.chart"}
	for seen, deadline := map[string]bool{}, time.Now().Add(10*time.Second); len(seen) < 2; {
		if time.Now().After(deadline) {
			t.Fatalf("in 10 s the wall showed only %v with its charts", seen)
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
	waitPage(t, wall, 10*time.Second, "the wall turned to the ladders", `document.body.dataset.showing === "season"`)
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
	rep, err := c.srv.stats(t.Context(), table.StatsFilter{})
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
	root := startChromium(t, 40*time.Second)
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
