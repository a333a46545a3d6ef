package web

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	_ "modernc.org/sqlite"

	"github.com/tableside/tableside/internal/needs"
	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/table"
)

// pinochle is a two-hand game whose first moves are bids.
var pinochle = table.Setup{Kind: "pinochle", Players: []string{"ann", "bob"}, Dealer: "bob", Match: "autumn",
	Options: map[string]string{"deal": "automatic"}}

// statePath fills a route's pattern with game.
func statePath(pattern string, game int64) (method, path string) {
	method, path, _ = strings.Cut(pattern, " ")
	return method, strings.NewReplacer("{id}", fmt.Sprint(game), "{n}", "1").Replace(path)
}

// TestEveryChangeNeedsItsCredential walks the server's own list of routes, so that a route
// added later without a check fails here.
func TestEveryChangeNeedsItsCredential(t *testing.T) {
	c := openClub(t, true)
	game, gameCode := c.newGame(t, pinochle)
	_, otherCode := c.newGame(t, pinochle)
	night := c.newTournament(t, clubNight)
	for _, rt := range c.srv.routes() {
		// A tournament's routes name the tournament, and its own code is one of its tables'.
		id, code := game, gameCode
		if strings.Contains(rt.pattern, "/tournaments/{id}") {
			id, code = night.Tournament.Game, night.Tables[0].Code
		}
		method, path := statePath(rt.pattern, id)
		if method == "GET" || rt.need == anyone {
			continue
		}
		t.Run(rt.pattern, func(t *testing.T) {
			// A table's code on a route of no game tests nothing, and is only refused
			// (TestATableCodeIsNotAGuessWhereNoGameIsNamed).
			codeElsewhere := http.StatusUnauthorized
			if !strings.Contains(rt.pattern, "{id}") {
				codeElsewhere = http.StatusForbidden
			}
			// Each case comes from an address of its own, so that the guesses of one do not
			// lock out the next.
			for _, try := range []struct {
				name, bearer string
				want         int
			}{
				{"none", "", http.StatusUnauthorized},
				{"wrong key", "not-the-key-at-all", http.StatusUnauthorized},
				{"another game's code", otherCode, codeElsewhere},
			} {
				status, body := c.call(t, method, path, try.bearer, map[string]any{})
				if status != try.want {
					t.Errorf("%s: status %d, want %d: %s", try.name, status, try.want, body)
				}
				c.srv.guard = newLimiter()
			}
			// A code belongs to its game: elsewhere it is no credential at all (the cases above).
			if rt.need == director && strings.Contains(rt.pattern, "{id}") {
				status, body := c.call(t, method, path, code, map[string]any{})
				if status != http.StatusForbidden {
					t.Errorf("the table's own code: status %d, want 403: %s", status, body)
				}
			}
		})
	}
	log, _ := c.app.Game(t.Context(), game)
	if log.Last() != 1 {
		t.Errorf("refused calls recorded: the log has %d events", log.Last())
	}
}

// TestCrossSitePostsAreRefused: a form on another site cannot make a phone's browser record,
// correct, create or log in, whatever cookies it holds.
func TestCrossSitePostsAreRefused(t *testing.T) {
	c := openClub(t, true)
	game, _ := c.newGame(t, pinochle)
	for _, rt := range c.srv.routes() {
		method, path := statePath(rt.pattern, game)
		if method == "GET" {
			continue
		}
		req, _ := http.NewRequest(method, c.http.URL+path, strings.NewReader("move=ann+bid+10&key="+testKey))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Sec-Fetch-Site", "cross-site")
		req.Header.Set("Origin", "https://evil.example")
		req.Header.Set("Authorization", "Bearer "+testKey)
		res, err := c.http.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusForbidden {
			t.Errorf("%s: cross-site post answered %d, want 403", rt.pattern, res.StatusCode)
		}
	}
	if g, _ := c.app.Game(t.Context(), game); g.Last() != 1 {
		t.Errorf("a cross-site post recorded: the log has %d events", g.Last())
	}
}

func TestATableCodeOpensOnlyItsGame(t *testing.T) {
	c := openClub(t, false)
	one, code1 := c.newGame(t, pinochle)
	two, code2 := c.newGame(t, pinochle)
	if code1 == code2 {
		t.Fatalf("two games share the code %s", code1)
	}
	if status, body := c.call(t, "GET", fmt.Sprintf("/api/games/%d", one), code1, nil); status != http.StatusOK {
		t.Errorf("own game: %d %s", status, body)
	}
	if status, _ := c.call(t, "GET", fmt.Sprintf("/api/games/%d", two), code1, nil); status != http.StatusUnauthorized {
		t.Errorf("another game read with game %d's code: %d, want 401", one, status)
	}
	if status, _ := c.call(t, "POST", fmt.Sprintf("/api/games/%d/moves", two), code1, move{Move: "ann bid 10"}); status != http.StatusUnauthorized {
		t.Errorf("another game recorded with game %d's code: %d, want 401", one, status)
	}
	// Codes are read as people copy them.
	sloppy := strings.ToLower(strings.ReplaceAll(code1, "-", " "))
	if status, body := c.call(t, "POST", fmt.Sprintf("/api/games/%d/moves", one), sloppy, move{Move: "ann bid 10"}); status != http.StatusCreated {
		t.Errorf("own code typed %q: %d %s", sloppy, status, body)
	}
	// Without --public, reading needs a credential, and the club page is the director's.
	for _, path := range []string{"/", "/api/games", "/api/matches", fmt.Sprintf("/games/%d", one)} {
		if status, _ := c.call(t, "GET", path, "", nil); status != http.StatusUnauthorized {
			t.Errorf("GET %s without a credential: %d, want 401", path, status)
		}
	}
	if status, _ := c.call(t, "GET", "/", testKey, nil); status != http.StatusOK {
		t.Errorf("club page for the director: %d", status)
	}
}

func TestGuessingIsLimited(t *testing.T) {
	c := openClub(t, false)
	game, code := c.newGame(t, pinochle)
	path := fmt.Sprintf("/api/games/%d", game)
	for i := range guesses {
		if status, _ := c.call(t, "GET", path, fmt.Sprintf("WRONG%d", i), nil); status != http.StatusUnauthorized {
			t.Fatalf("guess %d: %d, want 401", i+1, status)
		}
	}
	// Out of guesses: even the right code waits, so guessing gains nothing.
	status, _ := c.call(t, "GET", path, code, nil)
	if status != http.StatusTooManyRequests {
		t.Fatalf("after %d wrong codes the right one got %d, want 429", guesses, status)
	}
	// The join form counts the same guesses.
	form := url.Values{"game": {fmt.Sprint(game)}, "code": {code}}
	res, err := c.http.Client().PostForm(c.http.URL+"/join", form)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusTooManyRequests {
		t.Errorf("join while locked out: %d, want 429", res.StatusCode)
	}
	// Time restores the tries.
	c.srv.guard.now = func() time.Time { return time.Now().Add(lockout) }
	if status, body := c.call(t, "GET", path, code, nil); status != http.StatusOK {
		t.Errorf("after waiting: %d %s", status, body)
	}
}

// apiFailure reads a failed call's body.
func apiFailure(t *testing.T, body []byte) apiError {
	t.Helper()
	var e apiError
	if err := json.Unmarshal(body, &e); err != nil {
		t.Fatalf("error body %s: %v", body, err)
	}
	return e
}

func TestMovesAreJudgedAndRaced(t *testing.T) {
	c := openClub(t, false)
	game, code := c.newGame(t, pinochle)
	moves := fmt.Sprintf("/api/games/%d/moves", game)

	status, body := c.call(t, "POST", moves, code, move{Move: "ann bid 10", Expect: 1})
	if status != http.StatusCreated {
		t.Fatalf("legal bid: %d %s", status, body)
	}
	var rec play.Entered
	if err := json.Unmarshal(body, &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Event.Seq != 2 || rec.Game.Last != 2 || rec.Text != "ann bids 10" || !rec.Recorded {
		t.Errorf("recorded %+v", rec)
	}

	// A move typed on a phone is read as the prompt reads it: a quoted word is one word, and a
	// note after a move is refused.
	status, body = c.call(t, "POST", moves, code, move{Move: `"bob" pass -- why not`, Expect: 2})
	if e := apiFailure(t, body); status != http.StatusBadRequest || !strings.Contains(e.Error.Message, "only a correction takes a note") {
		t.Errorf("a move with a note: %d %s", status, body)
	}

	// A phone that saw event 1 only is told the game moved on, and shown it.
	status, body = c.call(t, "POST", moves, code, move{Move: "bob pass", Expect: 1})
	e := apiFailure(t, body)
	if status != http.StatusConflict || e.Error.Code != "conflict" || e.Game == nil || e.Game.Last != 2 {
		t.Errorf("stale move: %d %s", status, body)
	}

	// An illegal move is refused with its rule and what is legal instead.
	status, body = c.call(t, "POST", moves, code, move{Move: "bob bid 10", Expect: 2})
	e = apiFailure(t, body)
	if status != http.StatusUnprocessableEntity || e.Error.Code != "refused" || e.Error.Flags == nil || !strings.Contains(e.Error.Hint, "bob may bid 11") {
		t.Errorf("illegal bid: %d %s", status, body)
	}
	// Forced, it is recorded with its flag open.
	status, body = c.call(t, "POST", moves, code, move{Move: "bob bid 10", Expect: 2, Force: true})
	if err := json.Unmarshal(body, &rec); err != nil || status != http.StatusCreated || len(rec.Game.Flags) != 1 {
		t.Errorf("forced bid: %d %s", status, body)
	}
	// A stale view is told it is stale before its words are read: they were meant for a game
	// that has moved on.
	if status, body := c.call(t, "POST", moves, code, move{Move: "bob sings", Expect: 1}); status != http.StatusConflict {
		t.Errorf("stale unreadable move: %d %s", status, body)
	}
	// Words that are no move are a bad request.
	if status, body := c.call(t, "POST", moves, code, move{Move: "bob sings"}); status != http.StatusBadRequest {
		t.Errorf("unreadable move: %d %s", status, body)
	}
	if status, body := c.call(t, "POST", moves, code, map[string]any{"mvoe": "bob pass"}); status != http.StatusBadRequest || !strings.Contains(string(body), "mvoe") {
		t.Errorf("misspelt field: %d %s", status, body)
	}
	if status, _ := c.call(t, "POST", "/api/games/99/moves", testKey, move{Move: "ann bid 10"}); status != http.StatusNotFound {
		t.Errorf("no such game: %d", status)
	}
	big := move{Move: strings.Repeat("x", maxBody)}
	if status, _ := c.call(t, "POST", moves, code, big); status != http.StatusRequestEntityTooLarge {
		t.Errorf("huge body: %d, want 413", status)
	}
	if g, _ := c.app.Game(t.Context(), game); g.Last() != 3 {
		t.Errorf("the log has %d events, want 3", g.Last())
	}
}

func TestCorrections(t *testing.T) {
	c := openClub(t, false)
	game, code := c.newGame(t, pinochle)
	path := fmt.Sprintf("/api/games/%d/corrections", game)
	c.call(t, "POST", fmt.Sprintf("/api/games/%d/moves", game), code, move{Move: "ann bid 10"})

	// The table takes back its own latest move; the rest is the director's.
	if status, body := c.call(t, "POST", path, code, correction{Verb: "void", Args: []string{"2"}}); status != http.StatusForbidden {
		t.Errorf("void by a table: %d %s", status, body)
	}
	if status, body := c.call(t, "POST", path, code, correction{Verb: "undo", Expect: 1}); status != http.StatusConflict {
		t.Errorf("undo of a state not seen: %d %s", status, body)
	}
	status, body := c.call(t, "POST", path, code, correction{Verb: "undo", Expect: 2})
	var rec play.Entered
	if err := json.Unmarshal(body, &rec); err != nil || status != http.StatusCreated || rec.Event.Type != "void" || rec.Game.Last != 3 {
		t.Errorf("undo: %d %s", status, body)
	}
	status, body = c.call(t, "POST", path, testKey, correction{Verb: "adjust", Args: []string{"ann", "-2"}, Note: "slow play", DryRun: true})
	if status != http.StatusOK || !strings.Contains(string(body), `"to": -2`) {
		t.Errorf("dry-run adjust: %d %s", status, body)
	}
	status, body = c.call(t, "POST", path, testKey, correction{Verb: "adjust", Args: []string{"ann", "-2"}, Note: "slow play"})
	if status != http.StatusCreated {
		t.Errorf("adjust: %d %s", status, body)
	}
	if status, body := c.call(t, "POST", path, testKey, correction{Verb: "adjust", Args: []string{"zed", "-2"}, Note: "x"}); status != http.StatusBadRequest {
		t.Errorf("adjust of nobody: %d %s", status, body)
	}
	if g, _ := c.app.Game(t.Context(), game); g.Last() != 4 || g.Sheet().Totals["ann"] != -2 {
		t.Errorf("after the corrections: %d events, ann %d", g.Last(), g.Sheet().Totals["ann"])
	}
	// The wall screen shows the score as it now stands.
	if _, page := c.call(t, "GET", "/club/now", testKey, nil); !strings.Contains(string(page), "ann -2 · bob 0") {
		t.Errorf("the club page does not show the adjusted score:\n%s", page)
	}
}

func TestReads(t *testing.T) {
	c := openClub(t, false)
	game, code := c.newGame(t, pinochle)
	c.call(t, "POST", fmt.Sprintf("/api/games/%d/moves", game), code, move{Move: "ann bid 10"})
	for _, tc := range []struct{ path, mediaType, holds string }{
		{"/score", "application/json", `"totals"`},
		{"/score?format=csv", "text/csv", "seal"},
		{"/score?format=md", "text/markdown", "| hand"},
		{"/score?format=table", "text/plain", "Totals"},
		{"/score?format=html", "text/html", "<!DOCTYPE html>"},
		{"/export", "application/jsonl", `"pinochle.bid"`},
		{"/export?format=transcript", "text/plain", "ann bid 10"},
		{"/log", "application/json", `"ann bids 10"`},
		{"/check", "application/json", `"open": 0`},
		{"", "application/json", `"legal"`},
	} {
		req, _ := http.NewRequest("GET", fmt.Sprintf("%s/api/games/%d%s", c.http.URL, game, tc.path), nil)
		req.Header.Set("Authorization", "Bearer "+code)
		res, err := c.http.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		bufio.NewReader(res.Body).WriteTo(&b)
		res.Body.Close()
		if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), tc.mediaType) || !strings.Contains(b.String(), tc.holds) {
			t.Errorf("%s: %d %s, want %s holding %q:\n%.300s", tc.path, res.StatusCode, res.Header.Get("Content-Type"), tc.mediaType, tc.holds, b.String())
		}
	}
	if status, body := c.call(t, "GET", fmt.Sprintf("/api/games/%d/score?format=pdf", game), code, nil); status != http.StatusBadRequest || !strings.Contains(string(body), "html") {
		t.Errorf("unknown format: %d %s", status, body)
	}
	status, body := c.call(t, "GET", "/api/matches/autumn", testKey, nil)
	var st table.Standings
	if err := json.Unmarshal(body, &st); err != nil || status != http.StatusOK || st.Games != 1 || len(st.Standings) != 2 {
		t.Errorf("match: %d %s", status, body)
	}
	if status, _ := c.call(t, "GET", "/api/matches/spring", testKey, nil); status != http.StatusNotFound {
		t.Errorf("no such match: %d", status)
	}
}

// cookieClient is a client that keeps cookies and does not follow redirects, as a phone's browser
// would be seen by the server.
func cookieClient(t *testing.T) *http.Client {
	t.Helper()
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

func TestJoiningAndLoggingIn(t *testing.T) {
	c := openClub(t, false)
	game, code := c.newGame(t, pinochle)
	phone := cookieClient(t)
	res, err := phone.Get(fmt.Sprintf("%s/join?game=%d&code=%s", c.http.URL, game, url.QueryEscape(code)))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != fmt.Sprintf("/games/%d", game) {
		t.Fatalf("join: %d to %q", res.StatusCode, res.Header.Get("Location"))
	}
	ck := res.Cookies()[0]
	if !ck.HttpOnly || ck.SameSite != http.SameSiteLaxMode {
		t.Errorf("table cookie %+v: want HttpOnly and SameSite=Lax", ck)
	}
	// The phone records with its cookie, from the page's form.
	res, err = phone.PostForm(fmt.Sprintf("%s/games/%d/moves", c.http.URL, game), url.Values{"move": {"ann bid 10"}, "after": {"1"}})
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusSeeOther {
		t.Errorf("move from the page: %d", res.StatusCode)
	}
	// It may not correct.
	res, _ = phone.PostForm(fmt.Sprintf("%s/games/%d/corrections", c.http.URL, game), url.Values{"verb": {"void"}, "words": {"2"}})
	res.Body.Close()
	if res.StatusCode != http.StatusForbidden {
		t.Errorf("correction from a table's phone: %d, want 403", res.StatusCode)
	}

	director := cookieClient(t)
	res, _ = director.PostForm(c.http.URL+"/login", url.Values{"key": {"guess"}})
	res.Body.Close()
	if res.StatusCode != http.StatusUnauthorized {
		t.Errorf("wrong key: %d", res.StatusCode)
	}
	res, _ = director.PostForm(c.http.URL+"/login", url.Values{"key": {testKey}, "next": {"//evil.example/"}})
	res.Body.Close()
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/" {
		t.Errorf("login: %d to %q", res.StatusCode, res.Header.Get("Location"))
	}
	if ck := res.Cookies()[0]; !ck.HttpOnly || strings.Contains(ck.Value, testKey) {
		t.Errorf("director cookie %+v: want HttpOnly, without the key", ck)
	}
	res, _ = director.PostForm(fmt.Sprintf("%s/games/%d/corrections", c.http.URL, game), url.Values{"verb": {"void"}, "words": {"2"}, "note": {"misheard"}})
	res.Body.Close()
	if res.StatusCode != http.StatusSeeOther {
		t.Errorf("correction by the director: %d", res.StatusCode)
	}
	res, _ = director.Get(fmt.Sprintf("%s/games/%d/qr.svg", c.http.URL, game))
	var svg strings.Builder
	bufio.NewReader(res.Body).WriteTo(&svg)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || !strings.HasPrefix(svg.String(), "<svg") || strings.Count(svg.String(), "h1v1") < 100 {
		t.Errorf("QR code: %d %.100s", res.StatusCode, svg.String())
	}
	if g, _ := c.app.Game(t.Context(), game); g.Last() != 3 {
		t.Errorf("log has %d events, want 3", g.Last())
	}
}

// TestNamesAreEscaped: whatever a player is called, the pages show it as text.
func TestNamesAreEscaped(t *testing.T) {
	c := openClub(t, true)
	evil := `<script>alert(1)</script>`
	game, _ := c.newGame(t, table.Setup{Kind: "pinochle", Players: []string{evil, "bob"}, Dealer: "bob", Match: "<b>night</b>"})
	for _, path := range []string{"/", fmt.Sprintf("/games/%d", game), "/club/now", fmt.Sprintf("/games/%d/now", game)} {
		status, body := c.call(t, "GET", path, "", nil)
		if status != http.StatusOK || strings.Contains(string(body), "<script>alert") || strings.Contains(string(body), "<b>night") {
			t.Errorf("%s: %d, a name is not escaped", path, status)
		}
		if !strings.Contains(string(body), "&lt;script&gt;alert(1)") {
			t.Errorf("%s: the name is missing", path)
		}
	}
}

// eventsOf reads a live stream: each call returns the name of its next event, "" once it ends.
func eventsOf(body io.Reader) func() string {
	lines := bufio.NewScanner(body)
	return func() string {
		for lines.Scan() {
			if ev, ok := strings.CutPrefix(lines.Text(), "event: "); ok {
				return ev
			}
		}
		return ""
	}
}

// TestPagesFollowTheCommandLine: a move recorded by another process on the same file (here,
// the application itself, as `tableside record` would) reaches a page's live stream.
func TestPagesFollowTheCommandLine(t *testing.T) {
	c := openClub(t, true)
	game, _ := c.newGame(t, pinochle)
	req, _ := http.NewRequestWithContext(t.Context(), "GET", fmt.Sprintf("%s/api/games/%d/live", c.http.URL, game), nil)
	res, err := c.http.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if ct := res.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("stream content type %q", ct)
	}
	next := eventsOf(res.Body)
	if ev := next(); ev != "hello" {
		t.Fatalf("first event %q, want hello", ev)
	}
	g, _ := c.app.Game(t.Context(), game)
	if _, err := c.app.Record(t.Context(), g, []string{"ann", "bid", "10"}, table.RecordOptions{}); err != nil {
		t.Fatal(err)
	}
	got := make(chan string, 1)
	go func() { got <- next() }()
	ctx, cancel := needs.WithDeadline(t, t.Context())
	defer cancel()
	select {
	case ev := <-got:
		if ev != "moved" {
			t.Errorf("event %q, want moved", ev)
		}
	case <-ctx.Done():
		t.Fatalf("waiting for the move on the stream: %s", needs.OutOfTime())
	}
	// Closing the server ends the stream, so a graceful shutdown does not wait for phones.
	c.srv.Close()
	done := make(chan struct{})
	go func() { next(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
		t.Fatalf("waiting for the stream to end with the server: %s", needs.OutOfTime())
	}
}

func TestNewGameFromThePage(t *testing.T) {
	c := openClub(t, false)
	director := cookieClient(t)
	res, _ := director.PostForm(c.http.URL+"/login", url.Values{"key": {testKey}})
	res.Body.Close()
	res, _ = director.PostForm(c.http.URL+"/games", url.Values{"kind": {"pinochle"}, "player": {"ann", ""}})
	var page strings.Builder
	bufio.NewReader(res.Body).WriteTo(&page)
	res.Body.Close()
	if res.StatusCode != http.StatusBadRequest || !strings.Contains(page.String(), "refusal") {
		t.Errorf("one player: %d", res.StatusCode)
	}
	res, _ = director.PostForm(c.http.URL+"/games", url.Values{"kind": {"pinochle"}, "player": {"ann", "bob"}, "dealer": {"2"}, "match": {"autumn"}})
	res.Body.Close()
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/games/1" {
		t.Fatalf("new game: %d to %q", res.StatusCode, res.Header.Get("Location"))
	}
	res, _ = director.Get(c.http.URL + "/games/1")
	page.Reset()
	bufio.NewReader(res.Body).WriteTo(&page)
	res.Body.Close()
	if !strings.Contains(page.String(), table.ShowCode(c.srv.keys.Code(1))) || !strings.Contains(page.String(), "qr.svg") {
		t.Errorf("the director's game page shows no code and QR")
	}
	if strings.Contains(page.String(), `class="undo"`) {
		t.Errorf("a game with no move offers to undo one")
	}
}

// TestAStaleCookieIsTakenBack: a phone that kept a table's cookie from a night with another key
// can still read a public page, and loses the cookie, so it is counted as a guess once.
func TestAStaleCookieIsTakenBack(t *testing.T) {
	c := openClub(t, true)
	game, _ := c.newGame(t, pinochle)
	req, _ := http.NewRequest("GET", fmt.Sprintf("%s/games/%d", c.http.URL, game), nil)
	req.AddCookie(&http.Cookie{Name: fmt.Sprintf("%s%d", tableCookie, game), Value: "ABCDEF"})
	res, err := c.http.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Errorf("public page with a stale cookie: %d", res.StatusCode)
	}
	if cks := res.Cookies(); len(cks) != 1 || cks[0].MaxAge >= 0 {
		t.Errorf("the stale cookie is kept: %+v", cks)
	}
	if left := c.srv.guard.level("127.0.0.1").tokens; left >= guesses-0.5 {
		t.Errorf("the stale cookie was not counted as a guess: %v tries left", left)
	}
}

// TestOnlyTheDirectorSeesTableCodes: the club page lists each game's code for the director
// who hands them out, and never for the room, even with --public.
func TestOnlyTheDirectorSeesTableCodes(t *testing.T) {
	c := openClub(t, true)
	game, code := c.newGame(t, pinochle)
	for _, path := range []string{"/", "/club/now", fmt.Sprintf("/games/%d", game), fmt.Sprintf("/games/%d/now", game), fmt.Sprintf("/api/games/%d", game)} {
		_, room := c.call(t, "GET", path, "", nil)
		if strings.Contains(string(room), code) || strings.Contains(string(room), c.srv.keys.Code(game)) {
			t.Errorf("%s shows the table code to anyone", path)
		}
	}
	_, director := c.call(t, "GET", "/", testKey, nil)
	if !strings.Contains(string(director), code) {
		t.Errorf("the director's club page does not list the code %s", code)
	}
}

// TestABusyFileIsToldAsSuch: while another program holds the file past the busy timeout, a move
// is answered 503 with Retry-After, nothing recorded, not as a failure of the server.
func TestABusyFileIsToldAsSuch(t *testing.T) {
	c := openClub(t, false)
	game, code := c.newGame(t, pinochle)
	db, err := sql.Open("sqlite", "file:"+c.path+"?_txlock=immediate") // another program
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	other, err := db.BeginTx(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := other.Exec(`INSERT INTO games (kind, created_at) VALUES ('pinochle', 1)`); err != nil {
		t.Fatal(err)
	}
	status, body := c.call(t, "POST", fmt.Sprintf("/api/games/%d/moves", game), code, move{Move: "ann bid 10"})
	other.Rollback()
	if e := apiFailure(t, body); status != http.StatusServiceUnavailable || e.Error.Code != "busy" {
		t.Errorf("move into a busy file: %d %s", status, body)
	}
	if g, _ := c.app.Game(t.Context(), game); g.Last() != 1 {
		t.Errorf("the log has %d events", g.Last())
	}
}

// TestTableCards: the director prints a card for each game in play, with its QR code and code.
func TestTableCards(t *testing.T) {
	c := openClub(t, true)
	one, code1 := c.newGame(t, pinochle)
	two, _ := c.newGame(t, pinochle)
	c.call(t, "POST", fmt.Sprintf("/api/games/%d/corrections", two), testKey, correction{Verb: "abandon", Note: "went home"})
	if status, _ := c.call(t, "GET", "/cards", "", nil); status != http.StatusUnauthorized {
		t.Errorf("cards for the room: %d, want 401", status)
	}
	status, page := c.call(t, "GET", "/cards", testKey, nil)
	if status != http.StatusOK || !strings.Contains(string(page), code1) || !strings.Contains(string(page), fmt.Sprintf("/games/%d/qr.svg", one)) {
		t.Errorf("cards: %d, no card for game %d", status, one)
	}
	if strings.Contains(string(page), fmt.Sprintf("/games/%d/qr.svg", two)) {
		t.Errorf("a card for the abandoned game %d", two)
	}
}

// TestAMisspeltMatchGetsAGuess: the server guesses a misspelt match as the command line does.
func TestAMisspeltMatchGetsAGuess(t *testing.T) {
	c := openClub(t, false)
	c.newGame(t, pinochle) // in match "autumn"
	status, body := c.call(t, "GET", "/api/matches/autunm", testKey, nil)
	if e := apiFailure(t, body); status != http.StatusNotFound || e.Error.Hint != "did you mean autumn?" {
		t.Errorf("%d %s", status, body)
	}
}

// TestATableCodeIsNotAGuessWhereNoGameIsNamed: a phone that sends its own code to a route of no
// game (the club page, a new game) is told only the director may, and is not counted as
// guessing: it cannot lock itself out of its own game.
func TestATableCodeIsNotAGuessWhereNoGameIsNamed(t *testing.T) {
	c := openClub(t, false)
	game, code := c.newGame(t, pinochle)
	routes := [][2]string{{"POST", "/api/games"}, {"GET", "/cards"}, {"GET", "/games/new"}, {"GET", "/"}, {"GET", "/api/matches"}, {"POST", "/games"}}
	for i := range guesses + len(routes) {
		rt := routes[i%len(routes)]
		status, body := c.call(t, rt[0], rt[1], code, pinochle)
		if status != http.StatusForbidden {
			t.Fatalf("%s %s with a table's code: %d %s, want 403", rt[0], rt[1], status, body)
		}
	}
	// The wall's own stream asks for the wall key, and does not count the table's code either.
	if status, body := c.call(t, "GET", "/wall", code, nil); status != http.StatusUnauthorized || !strings.Contains(string(body), "wall key") {
		t.Errorf("the wall with a table's code: %d %.200s", status, body)
	}
	if status, body := c.call(t, "GET", fmt.Sprintf("/api/games/%d", game), code, nil); status != http.StatusOK {
		t.Errorf("the table's own game after %d calls elsewhere: %d %s", guesses+len(routes)+1, status, body)
	}
}

// TestEveryCodeTestedIsCounted: a request that carries a code both as a Bearer credential and
// as the table's cookie tests two codes, and counts as two guesses.
func TestEveryCodeTestedIsCounted(t *testing.T) {
	c := openClub(t, false)
	game, code := c.newGame(t, pinochle)
	path := fmt.Sprintf("/api/games/%d", game)
	for i := range (guesses + 1) / 2 {
		req, err := http.NewRequestWithContext(t.Context(), "GET", c.http.URL+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", fmt.Sprintf("Bearer WRONG%d", i))
		req.AddCookie(&http.Cookie{Name: fmt.Sprintf("tableside_table_%d", game), Value: fmt.Sprintf("BAD%03d", i)})
		res, err := c.http.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusUnauthorized {
			t.Fatalf("request %d: %d, want 401", i+1, res.StatusCode)
		}
	}
	if status, _ := c.call(t, "GET", path, code, nil); status != http.StatusTooManyRequests {
		t.Errorf("after %d requests of two wrong codes each, the right code got %d, want 429", (guesses+1)/2, status)
	}
}

// TestOneBodyIsOneValue: a body of two JSON values back to back is refused, not read as its
// first.
func TestOneBodyIsOneValue(t *testing.T) {
	c := openClub(t, false)
	game, code := c.newGame(t, pinochle)
	req, err := http.NewRequestWithContext(t.Context(), "POST", fmt.Sprintf("%s/api/games/%d/moves", c.http.URL, game),
		strings.NewReader(`{"move": "ann bid 10"} {"move": "ann bid 50"}`))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+code)
	req.Header.Set("Content-Type", "application/json")
	res, err := c.http.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusBadRequest {
		t.Errorf("two values: %d, want 400", res.StatusCode)
	}
	if g, _ := c.app.Game(t.Context(), game); g.Last() != 1 {
		t.Errorf("the log has %d events, want 1", g.Last())
	}
}

// TestARequestNeedsATryForEveryGuess: a request that carries two credentials is let in only
// while its address has two tries left, so that a guesser who sends two codes a request tests
// no more codes a minute than one who sends one.
func TestARequestNeedsATryForEveryGuess(t *testing.T) {
	c := openClub(t, false)
	game, code := c.newGame(t, pinochle)
	path := fmt.Sprintf("/api/games/%d", game)
	now := time.Now()
	c.srv.guard.now = func() time.Time { return now }
	twice := func(bearer, cookie string) int {
		req, err := http.NewRequestWithContext(t.Context(), "GET", c.http.URL+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+bearer)
		req.AddCookie(&http.Cookie{Name: fmt.Sprintf("%s%d", tableCookie, game), Value: cookie})
		res, err := c.http.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	for i := range guesses - 1 {
		if status, _ := c.call(t, "GET", path, fmt.Sprintf("WRONG%d", i), nil); status != http.StatusUnauthorized {
			t.Fatalf("guess %d: %d, want 401", i+1, status)
		}
	}
	// One try left: a wrong code with the right one beside it would test both.
	if status := twice("WRONG0", code); status != http.StatusTooManyRequests {
		t.Errorf("two codes on one try left: %d, want 429", status)
	}
	// The right code alone costs nothing, and two tries let two codes in.
	if status, body := c.call(t, "GET", path, code, nil); status != http.StatusOK {
		t.Errorf("the right code on one try left: %d %s", status, body)
	}
	now = now.Add(lockout)
	if status := twice("WRONG1", code); status != http.StatusOK {
		t.Errorf("two codes on two tries left: %d, want 200", status)
	}
	if left := c.srv.guard.level("127.0.0.1").tokens; left != 1 {
		t.Errorf("after one wrong code of two: %v tries left, want 1", left)
	}
}

// TestAClientThatLeftIsNoError: a request whose client went away while it was answered (a
// phone that left the page) is not logged as an error, and nothing is written to it.
func TestAClientThatLeftIsNoError(t *testing.T) {
	c := openClub(t, false)
	c.newGame(t, pinochle)
	var logged bytes.Buffer
	c.srv.log = slog.New(slog.NewTextHandler(&logged, nil))
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	req := httptest.NewRequestWithContext(ctx, "GET", "/api/games", nil)
	req.Header.Set("Authorization", "Bearer "+testKey)
	res := httptest.NewRecorder()
	c.srv.ServeHTTP(res, req)
	if logged.Len() != 0 {
		t.Errorf("a client gone is logged:\n%s", logged.String())
	}
	if res.Body.Len() != 0 {
		t.Errorf("an answer was written to a client gone: %d %s", res.Code, res.Body)
	}
}

// TestFormsTakeTheirTryBeforeTheyTest: the join, login and wall-key forms take their one try
// before they test, in one step, so that requests sent at once on an address's last try test
// no more guesses than the one try and the overdraw between them (limiter), and every guess
// tested is paid for with a lockout; a right credential gives its try back.
func TestFormsTakeTheirTryBeforeTheyTest(t *testing.T) {
	c := openClub(t, false)
	game, code := c.newGame(t, pinochle)
	now := time.Now()
	c.srv.guard.now = func() time.Time { return now }
	client := *c.http.Client()
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	post := func(path string, form url.Values) int {
		res, err := client.PostForm(c.http.URL+path, form)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	wrongJoin := url.Values{"game": {strconv.FormatInt(game, 10)}, "code": {"WRONG"}}
	for _, form := range []struct {
		path  string
		wrong url.Values
		right url.Values
	}{
		{"/join", wrongJoin, url.Values{"game": {strconv.FormatInt(game, 10)}, "code": {code}}},
		{"/login", url.Values{"key": {"guess"}}, url.Values{"key": {testKey}}},
	} {
		now = now.Add(guesses * lockout) // a full bucket
		for range guesses - 1 {
			if status := post(form.path, form.wrong); status != http.StatusUnauthorized {
				t.Fatalf("%s: a wrong guess: %d, want 401", form.path, status)
			}
		}
		// One try left, and more guesses sent at once than the overdraw: how many are tested
		// depends on how many the server checks at once, but never more than the try and the
		// overdraw, and each is spent.
		var wg sync.WaitGroup
		var tested atomic.Int32
		for range 2 * overdraw {
			wg.Go(func() {
				if post(form.path, form.wrong) == http.StatusUnauthorized {
					tested.Add(1)
				}
			})
		}
		wg.Wait()
		n := int(tested.Load())
		if n < 1 || n > 1+overdraw {
			t.Errorf("%s: %d guesses at once on the last try were tested, want 1 to %d", form.path, n, 1+overdraw)
		}
		if b := c.srv.guard.level("127.0.0.1"); b.tokens != float64(1-n) || b.held != 0 {
			t.Errorf("%s: after %d guesses on the last try the address has %+v, want %d tries", form.path, n, b, 1-n)
		}
		if status := post(form.path, form.right); status != http.StatusTooManyRequests {
			t.Errorf("%s: the right credential before the guesses are paid for: %d, want 429", form.path, status)
		}
		now = now.Add(time.Duration(n) * lockout)
		if status := post(form.path, form.right); status != http.StatusSeeOther {
			t.Errorf("%s: the right credential on one try: %d, want 303", form.path, status)
		}
		if left := c.srv.guard.level("127.0.0.1").tokens; left != 1 {
			t.Errorf("%s: a right credential spent a try: %v left, want 1", form.path, left)
		}
	}
}

// TestManyRightCredentialsAtOnce: requests from one address whose credentials are all right may
// be checked many at once — a club's phones behind one address, on a loaded machine — beyond
// the address's tries; wrong ones at once reach past its tries by overdraw at most, are each
// spent, and lock the address out; a locked-out address is refused even a right one.
func TestManyRightCredentialsAtOnce(t *testing.T) {
	now := time.Now()
	l := newLimiter()
	l.now = func() time.Time { return now }
	const addr = "10.0.0.7"
	// Right credentials being checked at once, more than the address has tries: each is held.
	for i := range guesses + overdraw {
		if !l.take(addr, 1) {
			t.Fatalf("right credential %d checked at once refused", i+1)
		}
	}
	if l.take(addr, 1) {
		t.Fatalf("%d credentials held at once, past the overdraw", guesses+overdraw+1)
	}
	for range guesses + overdraw {
		l.settle(addr, 1, 0)
	}
	if b := l.level(addr); b.tokens != guesses || b.held != 0 {
		t.Fatalf("after the right ones: %+v, want every try back", b)
	}
	// A burst of wrong guesses at once: as many as the tries and the overdraw, each spent.
	tested := 0
	for l.take(addr, 1) {
		tested++
	}
	for range tested {
		l.settle(addr, 1, 1)
	}
	if tested != guesses+overdraw {
		t.Errorf("a burst tested %d guesses, want %d", tested, guesses+overdraw)
	}
	if l.take(addr, 1) || l.try(addr, func() bool { return true }) {
		t.Error("a locked-out address was let test a credential")
	}
	// It pays for every guess: it is locked out until its tries come back one a lockout.
	now = now.Add(time.Duration(overdraw) * lockout)
	if l.take(addr, 1) {
		t.Errorf("let in %v after the burst, before its %d guesses were paid for", time.Duration(overdraw)*lockout, guesses+overdraw)
	}
	now = now.Add(lockout)
	if !l.try(addr, func() bool { return true }) {
		t.Errorf("refused once every guess was paid for")
	}
}
