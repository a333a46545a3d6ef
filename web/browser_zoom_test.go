package web

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/tableside/tableside/table"
)

// TestBrowserPagesAtTwiceTheSize: a laptop's 1280 × 720 screen at 200 % zoom is 640 × 360 CSS
// pixels. There, nothing on the director's pages sticks out past the right edge, where it
// would be cut off: the club page, the organiser's page mid-round, a game's page, the forms.
func TestBrowserPagesAtTwiceTheSize(t *testing.T) {
	c := openClub(t, false)
	zoomed := screen{640, 360, false}
	game, _ := c.newGame(t, table.Setup{Kind: "pinochle", Players: []string{"ann", "bob"}, Opener: "ann"})
	id := c.newTournament(t, clubNight).Tournament.Game
	apiPost[table.RoundView](t, c, fmt.Sprintf("/api/tournaments/%d/pair", id))
	d := directorScreen(t, startChromium(t), c.http.URL, zoomed)
	for _, path := range []string{"/", fmt.Sprintf("/tournaments/%d", id), fmt.Sprintf("/games/%d", game), "/games/new", "/tournaments/new?kind=capture", "/stats"} {
		cdpSubmit(t, d, chromedp.Navigate(c.http.URL+path))
		if bad := overflow(t, d, zoomed); len(bad) > 0 {
			t.Errorf("%s at 200%% (%v px): %v", path, zoomed, bad)
		}
	}
}

// TestBrowserThePrintsFitTheScreens: the director's prints, opened on a 360 px phone and a
// 1920 × 1080 screen rather than printed, are no wider than the screen: the crosstable
// scrolls within its box on the phone.
func TestBrowserThePrintsFitTheScreens(t *testing.T) {
	c := openClub(t, false)
	id := c.newTournament(t, clubNight).Tournament.Game
	apiPost[table.RoundView](t, c, fmt.Sprintf("/api/tournaments/%d/pair", id))
	root := startChromium(t)
	for _, s := range []screen{phoneScreen, wallScreen} {
		d := directorScreen(t, root, c.http.URL, s)
		for _, kind := range []string{"pairings", "results", "crosstable", "standings"} {
			cdpSubmit(t, d, chromedp.Navigate(fmt.Sprintf("%s/tournaments/%d/print/%s", c.http.URL, id, kind)))
			if wide := cdpEval[int](t, d, `document.documentElement.scrollWidth`); wide > int(s.width) {
				t.Errorf("the print of the %s at %v px is %d px wide", kind, s, wide)
			}
		}
	}
}
