package web

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/tableside/tableside/internal/needs"
	"github.com/tableside/tableside/table"
)

// tableAtPhone opens a phone on the link of a tournament table's card, and waits for its live
// page: the table's page, or the game its table plays.
func tableAtPhone(t *testing.T, root context.Context, base string, tournament int64, n int, code string) context.Context {
	t.Helper()
	ctx := openTab(t, root, fmt.Sprintf("%s/join?tournament=%d&table=%d&code=%s", base, tournament, n, url.QueryEscape(code)))
	waitPage(t, ctx, "the live stream", `document.getElementById("live-status").textContent.startsWith("Live:")`)
	return ctx
}

// waitAcrossPages waits as waitPage does for a page that goes to another page on its own
// meanwhile, as a phone following its table does: a wait the navigation cuts short is
// begun again on the new page, until the test's deadline.
func waitAcrossPages(t *testing.T, ctx context.Context, what, cond string) {
	t.Helper()
	end, bounded := needs.Deadline(t)
	for {
		err := pollPage(t, ctx, cond)
		if err == nil {
			markLoaded(t, ctx)
			return
		}
		if bounded && time.Now().After(end) {
			t.Fatalf("waiting for %s: %v\nthe page at %s says:\n%s", what, err, cdpEval[string](t, ctx, `location.href`),
				cdpEval[string](t, ctx, `document.querySelector("main")?.innerText ?? "nothing"`))
		}
	}
}

// decideRound ends each game of round as if played: the first player at odd tables wins, the
// second at even ones, by an adjustment, and the game is stopped.
func (c *testClub) decideRound(t *testing.T, round table.RoundView) {
	t.Helper()
	for _, tb := range round.Tables {
		winner := tb.Players[(tb.Table+1)%2]
		for _, corr := range []correction{{Verb: "adjust", Args: []string{winner, "+5"}, Note: "won"}, {Verb: "abandon", Note: "decided"}} {
			if status, body := c.call(t, "POST", fmt.Sprintf("/api/games/%d/corrections", tb.Game), testKey, corr); status != http.StatusCreated {
				t.Fatalf("table %d: %s: %d %s", tb.Table, corr.Verb, status, body)
			}
		}
	}
}

// TestBrowserPhonesFollowTheirTables: 24 players at Pinochle, a Swiss on 12 tables. The phones
// of tables 1 and 2 join once, by their cards' links, before round 1 is paired; when it is,
// each shows its table's game without being touched, and takes a move. When round 2 is
// paired, each goes on to its table's new game. The organiser pairs each round with the
// page's button, and does nothing else between rounds. The wall shows each round's seating and the
// standings, live, with no word under 24 px at 1920×1080; nothing on a phone sticks out past
// 360 px.
func TestBrowserPhonesFollowTheirTables(t *testing.T) {
	c := openClub(t, false)
	players := []string{"ann", "bob", "cy", "dee", "eve", "fay", "gus", "hal", "ida", "jon", "kim", "lou",
		"max", "ned", "ola", "pat", "quin", "rex", "sam", "tia", "uma", "vic", "wes", "xia"}
	night := c.newTournament(t, table.TournamentSetup{Name: "friday swiss", Game: "pinochle", Rounds: 5, Players: players,
		TieBreaks: []string{"buchholz", "sonneborn-berger", "direct"}})
	id := night.Tournament.Game
	root := startChromium(t)
	phones := []context.Context{
		tableAtPhone(t, root, c.http.URL, id, 1, night.Tables[0].Code),
		tableAtPhone(t, root, c.http.URL, id, 2, night.Tables[1].Code),
	}
	waitPage(t, phones[0], "the table's page", `document.querySelector("#live .turn")?.textContent === "Table 1: round 1 is not paired yet."`)
	saveShot(t, phones[0], "tournament-phone-waiting-360")
	wall := directorScreen(t, root, c.http.URL, wallScreen)
	cdpSubmit(t, wall, chromedp.Navigate(c.http.URL+"/wall"))
	organiser := directorScreen(t, root, c.http.URL, wideScreen)
	cdpSubmit(t, organiser, chromedp.Navigate(fmt.Sprintf("%s/tournaments/%d", c.http.URL, id)))

	// Between rounds the organiser does nothing but press the page's button, once it offers it.
	pair := func(round int) table.RoundView {
		t.Helper()
		button := fmt.Sprintf(`form[action="/tournaments/%d/pair"] button`, id)
		waitPage(t, organiser, fmt.Sprintf("the organiser's button for round %d", round),
			fmt.Sprintf(`document.querySelector(%q)?.textContent === "Pair round %d"`, button, round))
		cdpSubmit(t, organiser, chromedp.Click(chromedp.CSS(button)))
		waitPage(t, organiser, "the round paired", fmt.Sprintf(`document.querySelector("p.notice")?.textContent.startsWith("Round %d is paired")`, round))
		v := apiGet[table.TournamentView](t, c, "/api/tournaments/%d", id)
		r := v.Played[len(v.Played)-1]
		if r.Round != round || len(r.Tables) != 12 {
			t.Fatalf("round %d paired as %+v", round, r)
		}
		return r
	}
	for round := 1; round <= 2; round++ {
		r := pair(round)
		for i, phone := range phones {
			tb := r.Tables[i]
			seat := fmt.Sprintf("Round %d, table %d: %s v %s, %s opens", round, tb.Table, tb.Players[0], tb.Players[1], tb.First)
			waitAcrossPages(t, phone, fmt.Sprintf("table %d's phone on its round %d game", tb.Table, round),
				fmt.Sprintf(`location.pathname === "/games/%d" && document.querySelector("p.seat")?.textContent.endsWith(%q)`, tb.Game, seat))
			waitPage(t, phone, "the game's live stream", `document.getElementById("live-status").textContent.startsWith("Live:")`)
			if round == 2 {
				if notice := cdpEval[string](t, phone, `document.querySelector("p.notice").textContent`); notice != seat+": your table's game now." {
					t.Errorf("table %d's phone in round 2 says %q", tb.Table, notice)
				}
			}
			// The phone takes a move: the first button the table is offered.
			waitPage(t, phone, "the phone's own referee", refereesHere)
			if !tapMove(t, phone, chromedp.Click(chromedp.CSS(".choices button"))) {
				t.Fatalf("table %d's phone refused the first button it offered", tb.Table)
			}
			waitPage(t, phone, "the move recorded", `document.querySelector("#offline-notes .notice")?.textContent.startsWith("Recorded: 2.")`)
			// The page is no wider than the phone (the sheet scrolls in its own box), and what
			// the table reads and taps is within it.
			if w := cdpEval[int](t, phone, `document.documentElement.scrollWidth`); w > 360 {
				t.Errorf("table %d's phone in round %d: the page is %d px wide", tb.Table, round, w)
			}
			if bad := cdpEval[[]string](t, phone, `[...document.querySelectorAll("p.seat, .choices button, form.entry input[name=move], form.entry button")].filter(e => {
				const r = e.getBoundingClientRect();
				return !e.checkVisibility() || r.left < 0 || r.right > 360;
			}).map(e => e.outerHTML)`); len(bad) > 0 {
				t.Errorf("table %d's phone in round %d: not within 360 px: %v", tb.Table, round, bad)
			}
			saveShot(t, phone, fmt.Sprintf("tournament-phone-table%d-round%d-360", tb.Table, round))
		}

		// The wall seats the round, and says which tables still play, live.
		waitPage(t, wall, fmt.Sprintf("the wall seating round %d", round),
			fmt.Sprintf(`document.querySelector("#live .seating h3")?.textContent === "Round %d: where to sit" && document.querySelector("#live p.roundstate")?.textContent === "Still playing: tables 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12."`, round))
		saveView(t, wall, fmt.Sprintf("tournament-wall-round%d-playing-1920", round))
		saveShot(t, organiser, fmt.Sprintf("tournament-organiser-round%d-1280", round))
		c.decideRound(t, r)
		waitPage(t, wall, "the wall's round over", fmt.Sprintf(`document.querySelector("#live p.roundstate")?.textContent === "Round %d is over: round %d is paired next."`, round, round+1))
		if _, small := smallType(t, wall, wallFont); len(small) > 0 {
			t.Errorf("the wall in round %d shows words under %d px: %q", round, wallFont, small)
		}
		if bad := overflow(t, wall, wallScreen); len(bad) > 0 {
			t.Errorf("the wall in round %d: past 1920 px: %v", round, bad)
		}
		saveView(t, wall, fmt.Sprintf("tournament-wall-round%d-over-1920", round))
	}
	// After round 2, the standings on the wall lead with a player who won both.
	standings := cdpEval[string](t, wall, `document.querySelector("#live .tournament-standings tbody tr").innerText`)
	if !strings.Contains(standings, "\t2\t") {
		t.Errorf("the wall's leader after two rounds: %q, want 2 points", standings)
	}
}

// TestBrowserTheWallKeepsTheSeatingUp: just after a round is paired the wall does not turn to
// the ladders while a table has not started its game: players are looking for their tables.
// Once every table has, it turns as before.
func TestBrowserTheWallKeepsTheSeatingUp(t *testing.T) {
	c := openClub(t, false)
	c.playSeason(t, 2)
	id := c.newTournament(t, clubNight).Tournament.Game
	r := apiPost[table.RoundView](t, c, fmt.Sprintf("/api/tournaments/%d/pair", id))
	wall := directorScreen(t, startChromium(t), c.http.URL, wideScreen)
	holdTurns(t, wall)
	cdpSubmit(t, wall, chromedp.Click(chromedp.CSS(`header nav a[href="/wall"]`)))
	waitPage(t, wall, "the seating, held up", `document.querySelector("#live [data-seating-up]") !== null`)
	turn(t, wall)
	waitPage(t, wall, "the turn held by the seating", `document.body.dataset.held === "seating" && (document.body.dataset.showing || "night") === "night"`)
	for _, tb := range r.Tables {
		if status := firstLegal(t, c, testKey, tb.Game); status != http.StatusCreated {
			t.Fatalf("table %d's first move: %d", tb.Table, status)
		}
	}
	waitPage(t, wall, "every table started", `document.querySelector("#live [data-seating-up]") === null && document.querySelector("#live .seating") !== null`)
	turn(t, wall)
	waitPage(t, wall, "the wall turned to the ladders", `document.body.dataset.showing === "season" && document.body.dataset.held === undefined`)
}

// TestBrowserTheRoundClockCountsDown: the organiser's page counts the round's time down by the
// server's clock, on a screen whose own clock is twenty minutes behind too, and once the
// server's time is past it says so and names the tables still playing (TR5).
func TestBrowserTheRoundClockCountsDown(t *testing.T) {
	c := openClub(t, false)
	setup := clubNight
	setup.RoundMinutes = 45
	id := c.newTournament(t, setup).Tournament.Game
	apiPost[table.RoundView](t, c, fmt.Sprintf("/api/tournaments/%d/pair", id))
	root := startChromium(t)
	counting := `/^Round 1: 4[45]:\d\d left\.$/.test(document.querySelector("p.clock")?.textContent)`
	organiser := directorScreen(t, root, c.http.URL, wideScreen)
	cdpSubmit(t, organiser, chromedp.Navigate(fmt.Sprintf("%s/tournaments/%d", c.http.URL, id)))
	waitPage(t, organiser, "the clock counting down", counting)

	behind := directorScreen(t, root, c.http.URL, wideScreen)
	cdpDo(t, behind, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{
			Source: `{ const now = Date.now; Date.now = () => now() - 20 * 60000; }`})
		return err
	}))
	cdpSubmit(t, behind, chromedp.Navigate(fmt.Sprintf("%s/tournaments/%d", c.http.URL, id)))
	waitPage(t, behind, "the clock counting by the server's time on a screen twenty minutes behind", counting)

	// 46 minutes on, by the server's clock.
	c.srv.now = func() time.Time { return time.Now().Add(46 * time.Minute) }
	late := directorScreen(t, root, c.http.URL, wideScreen)
	cdpSubmit(t, late, chromedp.Navigate(fmt.Sprintf("%s/tournaments/%d", c.http.URL, id)))
	waitPage(t, late, "the time up, the tables still playing named",
		`document.querySelector("p.clock")?.textContent === "Round 1: the time is up: tables 1, 2 still play." && document.querySelector("p.clock").classList.contains("out")`)
}
