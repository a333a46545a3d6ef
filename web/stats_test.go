package web

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"

	"github.com/tableside/tableside/internal/needs"
	"github.com/tableside/tableside/referee/kinds"
	"github.com/tableside/tableside/referee/refereetest"
	"github.com/tableside/tableside/scoring/season"
	"github.com/tableside/tableside/table"
)

// playSeason stores n whole games, Pinochle and Capture in turn, three nights of them in the
// leagues "pinochle league" and "capture league", as a terminal on the same file would.
func (c *testClub) playSeason(t testing.TB, n int) {
	t.Helper()
	for i := range n {
		kind := []string{"pinochle", "capture"}[i%2]
		r, ok := kinds.All()[kind]
		if !ok {
			t.Fatalf("no engine of %s", kind)
		}
		setup, moves := r.Playout(rand.New(rand.NewPCG(uint64(i), 3)), refereetest.Names)
		setup.Date = fmt.Sprintf("2026-11-%02d", 3+7*(i%3))
		setup.Match = kind + " league"
		var b bytes.Buffer
		if err := table.JSONL(&b, refereetest.Log(t, setup, moves)); err != nil {
			t.Fatal(err)
		}
		if _, err := c.app.Import(t.Context(), b.Bytes()); err != nil {
			t.Fatal(err)
		}
	}
}

// TestStatsPagesAndCalls: the season's statistics as JSON and as pages, for whom the club page
// is, with the filters of the command line and its errors.
func TestStatsPagesAndCalls(t *testing.T) {
	c := openClub(t, false)
	c.playSeason(t, 8)
	_, code := c.newGame(t, pinochle) // in play: left out

	all := apiGet[season.Report](t, c, "/api/stats")
	if all.Games != 8 || all.Unfinished != 1 || len(all.Kinds) != 2 {
		t.Errorf("counted %d games in %d kinds, left out %d in play; want 8 in 2, 1", all.Games, len(all.Kinds), all.Unfinished)
	}
	// Capture is played on the 10th, 3rd, 17th and 10th.
	if r := apiGet[season.Report](t, c, "/api/stats?kind=capture&since=2026-11-10"); r.Games != 3 || r.Kinds[0].Kind != "capture" {
		t.Errorf("capture since the 10th: %d games of %d kinds, want 3 of capture", r.Games, len(r.Kinds))
	}
	ann := apiGet[season.Report](t, c, "/api/stats?player=ann")
	if ann.Player != "ann" || len(ann.Kinds[0].Players) != 1 || ann.Kinds[0].Players[0].Player != "ann" {
		t.Errorf("ann's statistics: %+v", ann)
	}
	for _, tt := range []struct {
		path, field string
		status      int
	}{
		{"/api/stats?since=3+Nov", "since", http.StatusBadRequest},
		{"/api/stats?player=zed", table.FieldPlayer, http.StatusNotFound},
		{"/api/stats?kind=bridge", table.FieldKind, http.StatusBadRequest},
	} {
		status, body := c.call(t, "GET", tt.path, testKey, nil)
		if e := apiFailure(t, body); status != tt.status || e.Error.Field != tt.field {
			t.Errorf("%s: %d %s, want %d naming %s", tt.path, status, body, tt.status, tt.field)
		}
	}

	status, page := c.call(t, "GET", "/stats", testKey, nil)
	for _, want := range []string{`<svg`, `role="img"`, `href="/stats/players/ann"`, "Ladder (Glicko-2", "Ladder (Weng–Lin"} {
		if status != http.StatusOK || !strings.Contains(string(page), want) {
			t.Errorf("the stats page (%d) lacks %s", status, want)
		}
	}
	status, page = c.call(t, "GET", "/stats/players/ann", testKey, nil)
	for _, want := range []string{"Rating of ann", "Latest results", `href="/games/`, `href="/stats/players/bob"`} {
		if status != http.StatusOK || !strings.Contains(string(page), want) {
			t.Errorf("ann's page (%d) lacks %s", status, want)
		}
	}
	if status, page = c.call(t, "GET", "/stats/players/zed", testKey, nil); status != http.StatusNotFound || !strings.Contains(string(page), "finished none of the games counted") {
		t.Errorf("the page of a player who never played: %d", status)
	}

	// As the club page: the director, or anyone on a public server; a table's code is for its
	// game alone.
	for _, path := range []string{"/stats", "/stats/players/ann", "/api/stats"} {
		if status, _ := c.call(t, "GET", path, code, nil); status != http.StatusForbidden {
			t.Errorf("%s with a table's code: %d, want 403", path, status)
		}
		if status, _ := c.call(t, "GET", path, "", nil); status != http.StatusUnauthorized {
			t.Errorf("%s without a credential: %d, want 401", path, status)
		}
	}
	public := openClub(t, true)
	if status, _ := public.call(t, "GET", "/stats", "", nil); status != http.StatusOK {
		t.Errorf("a public club's stats page: %d", status)
	}
}

// TestStatsFollowTheFile: the statistics a page was given are counted again once the file
// changes, whoever changed it.
func TestStatsFollowTheFile(t *testing.T) {
	c := openClub(t, false)
	c.playSeason(t, 2)
	if r := apiGet[season.Report](t, c, "/api/stats"); r.Games != 2 {
		t.Fatalf("counted %d games, want 2", r.Games)
	}
	c.playSeason(t, 3) // the same first two again, and one more
	needs.Wait(t, "the statistics to count the 3 games more", func() bool { return apiGet[season.Report](t, c, "/api/stats").Games == 5 })
}

// TestTheWallsLadderShowsNoCode: the wall's ladders, for the room, name the players and no
// table code, and ask for the wall key like the rest of the wall.
func TestTheWallsLadderShowsNoCode(t *testing.T) {
	c := openClub(t, false)
	c.playSeason(t, 4)
	_, code := c.newGame(t, pinochle)
	status, body := c.call(t, "GET", "/wall/ladder", testKey, nil)
	if status != http.StatusOK || !strings.Contains(string(body), "The season's ladders") || !strings.Contains(string(body), "<svg") {
		t.Fatalf("the wall's ladders: %d %.300s", status, body)
	}
	if strings.Contains(string(body), code) {
		t.Errorf("the wall's ladders show the table code %s", code)
	}
	if status, _ := c.call(t, "GET", "/wall/ladder", code, nil); status != http.StatusUnauthorized {
		t.Errorf("the wall's ladders with a table's code: %d, want 401", status)
	}
}
