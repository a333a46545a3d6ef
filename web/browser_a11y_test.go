package web

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/tableside/tableside/internal/needs"
	"github.com/tableside/tableside/table"
)

// TestBrowserPagesPassAnAccessibilityAudit: axe-core's audit at WCAG 2.1 AA finds nothing on
// the pages a club uses, as a phone and as the director's laptop see them: the club page, a
// game's page, a tournament's table page, the organiser's page, the new-game and
// new-tournament forms, the join and login pages, the wall, the statistics, a game's rules,
// and the published site's pages.
func TestBrowserPagesPassAnAccessibilityAudit(t *testing.T) {
	axePath := needs.File(t, "TABLESIDE_AXE", "(axe-core's axe.min.js) to audit the pages",
		"curl -sL https://registry.npmjs.org/axe-core/-/axe-core-4.14.1.tgz | tar xz, and set TABLESIDE_AXE=package/axe.min.js")
	axe, err := os.ReadFile(axePath)
	if err != nil {
		t.Fatal(err)
	}
	c := openClub(t, false)
	c.playSeason(t, 2)
	game, code := c.newGame(t, table.Setup{Kind: "pinochle", Players: []string{"ann", "bob"}, Opener: "ann"})
	night := c.newTournament(t, clubNight)
	id := night.Tournament.Game
	r := apiPost[table.RoundView](t, c, fmt.Sprintf("/api/tournaments/%d/pair", id))
	root := startChromium(t)
	director := directorScreen(t, root, c.http.URL, wideScreen)
	pages := []struct {
		path     string
		director bool
	}{
		{"/", true}, {fmt.Sprintf("/games/%d", game), true}, {fmt.Sprintf("/tournaments/%d", id), true},
		{"/games/new", true}, {"/tournaments/new?kind=capture", true}, {"/stats", true}, {"/games/" + fmt.Sprint(game) + "/rules", true},
		{"/wall", true}, {"/join", false}, {"/login", false},
	}
	run := func(tab context.Context, where string) {
		t.Helper()
		cdpEval[bool](t, tab, string(axe)+"\n;true")
		waitPage(t, tab, "axe-core loaded", `typeof axe === "object"`)
		cdpEval[bool](t, tab, `(window.audited = null, axe.run(document, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}}).then(r => { window.audited = r.violations.map(v => v.id + ": " + v.help + " — " + v.nodes.slice(0, 3).map(n => n.target.join(" ")).join(", ")); }), true)`)
		waitPage(t, tab, "the audit of "+where, `window.audited !== null`)
		if found := cdpEval[[]string](t, tab, `window.audited`); len(found) > 0 {
			t.Errorf("%s: %s", where, strings.Join(found, "\n  "))
		}
	}
	for _, p := range pages {
		tab := director
		if !p.director {
			tab = openScreen(t, root, c.http.URL+p.path, wideScreen, true)
		} else {
			cdpSubmit(t, tab, chromedp.Navigate(c.http.URL+p.path))
		}
		run(tab, p.path)
	}
	// As the phones see them: a game joined by its code, and a tournament table's game.
	run(joinPhone(t, root, c.http.URL, game, code), "a game's page on a phone")
	tablePhone := openTab(t, root, fmt.Sprintf("%s/join?tournament=%d&table=1&code=%s", c.http.URL, id, night.Tables[0].Code))
	waitPage(t, tablePhone, "the table's game", fmt.Sprintf(`location.pathname === "/games/%d"`, r.Tables[0].Game))
	run(tablePhone, "a tournament table's game on a phone")
	// The published site, opened from disk.
	dir, _ := publishedNight(t)
	for _, page := range []string{"index.html", "players/ann.html"} {
		run(openScreen(t, root, "file://"+filepath.Join(dir, page), phoneScreen, true), "the published "+page)
	}
	tournaments, _ := filepath.Glob(filepath.Join(dir, "tournaments", "*[0-9].html"))
	for _, page := range tournaments {
		run(openScreen(t, root, "file://"+page, phoneScreen, true), "the published "+filepath.Base(page))
	}
}
