package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tableside/tableside/internal/needs"
	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/table"
)

// clubNight is a Swiss of four at Pinochle over two rounds: two tables.
var clubNight = table.TournamentSetup{Name: "club night", Game: "pinochle", Rounds: 2,
	Players: []string{"ann", "bob", "cy", "dee"}}

// newTournament starts a tournament through the API, as the director.
func (c *testClub) newTournament(t testing.TB, s table.TournamentSetup) tournamentCreated {
	t.Helper()
	status, body := c.call(t, "POST", "/api/tournaments", testKey, s)
	var made tournamentCreated
	if err := json.Unmarshal(body, &made); status != http.StatusCreated || err != nil {
		t.Fatalf("new tournament: %d %s", status, body)
	}
	return made
}

// getAs reads path with bearer's credential into v, and says the status.
func getAs(t testing.TB, c *testClub, bearer, path string, v any) int {
	t.Helper()
	status, body := c.call(t, "GET", path, bearer, nil)
	if status == http.StatusOK {
		if err := json.Unmarshal(body, v); err != nil {
			t.Fatalf("GET %s: %v: %s", path, err, body)
		}
	}
	return status
}

// firstLegal records the first legal move of game with bearer's credential, and says the
// status.
func firstLegal(t *testing.T, c *testClub, bearer string, game int64) int {
	t.Helper()
	var v play.View
	if status := getAs(t, c, testKey, fmt.Sprintf("/api/games/%d", game), &v); status != http.StatusOK || len(v.Legal) == 0 {
		t.Fatalf("game %d: %d, legal %v", game, status, v.Legal)
	}
	status, _ := c.call(t, "POST", fmt.Sprintf("/api/games/%d/moves", game), bearer, move{Move: v.Legal[0], Expect: v.Last})
	return status
}

// TestATableCodeFollowsItsTable: each table of a tournament has one code, which opens its
// table's games in round 1 and in round 2, what the table plays now and the tournament's
// view, and no other table's game or code, nor a game outside the tournament; only the
// director pairs, and only when the round is over; a phone follows its table to round 2's
// game by asking what it plays now.
func TestATableCodeFollowsItsTable(t *testing.T) {
	c := openClub(t, false)
	outside, _ := c.newGame(t, pinochle)
	night := c.newTournament(t, clubNight)
	id := night.Tournament.Game
	if len(night.Tables) != 2 || night.Tables[0].Code == night.Tables[1].Code {
		t.Fatalf("four players at tables of 2: codes %v", night.Tables)
	}
	code := map[int]string{1: night.Tables[0].Code, 2: night.Tables[1].Code}
	for n, want := range code {
		if got := table.ShowCode(c.srv.keys.TournamentTableCode(id, n)); got != want {
			t.Errorf("table %d's code is %s, the key makes %s", n, want, got)
		}
	}
	pair := fmt.Sprintf("/api/tournaments/%d/pair", id)
	if status, _ := c.call(t, "POST", pair, code[1], nil); status != http.StatusForbidden {
		t.Errorf("a table pairs: %d, want 403", status)
	}
	tablePath := func(n int) string { return fmt.Sprintf("/api/tournaments/%d/tables/%d", id, n) }
	var before table.TableNow
	if status := getAs(t, c, code[1], tablePath(1), &before); status != http.StatusOK || before.Round != 0 || before.Game != nil {
		t.Errorf("table 1 before round 1: %d %+v", status, before)
	}

	games := map[int][]int64{} // each table's game, round by round
	for round := 1; round <= 2; round++ {
		status, body := c.call(t, "POST", pair, testKey, nil)
		var paired table.RoundView
		if err := json.Unmarshal(body, &paired); status != http.StatusCreated || err != nil || paired.Round != round {
			t.Fatalf("pairing round %d: %d %s", round, status, body)
		}
		for n := 1; n <= 2; n++ {
			// The phone asks what its table plays now, with its code, and finds the new game.
			var now table.TableNow
			if status := getAs(t, c, code[n], tablePath(n), &now); status != http.StatusOK || now.Round != round || now.Game == nil {
				t.Fatalf("table %d in round %d: %d %+v", n, round, status, now)
			}
			if now.Game.Game != paired.Tables[n-1].Game || !strings.HasPrefix(now.Text, fmt.Sprintf("round %d, table %d: ", round, n)) {
				t.Errorf("table %d now: %+v, paired %+v", n, now, paired.Tables[n-1])
			}
			games[n] = append(games[n], now.Game.Game)
		}
		// Each code records in its own table's game, and not in the other's.
		for n, other := range map[int]int{1: 2, 2: 1} {
			if status := firstLegal(t, c, code[n], games[n][round-1]); status != http.StatusCreated {
				t.Errorf("round %d: table %d's code in its own game: %d, want 201", round, n, status)
			}
			if status := firstLegal(t, c, code[n], games[other][round-1]); status != http.StatusUnauthorized {
				t.Errorf("round %d: table %d's code in table %d's game: %d, want 401", round, n, other, status)
			}
			if status, _ := c.call(t, "GET", tablePath(other), code[n], nil); status != http.StatusUnauthorized {
				t.Errorf("table %d's code asks what table %d plays: %d, want 401", n, other, status)
			}
			c.srv.guard = newLimiter()
		}
		if status, _ := c.call(t, "POST", pair, testKey, nil); status != http.StatusConflict {
			t.Errorf("round %d paired again while it is played: %d, want 409", round, status)
		}
		for n := 1; n <= 2; n++ {
			status, body := c.call(t, "POST", fmt.Sprintf("/api/games/%d/corrections", games[n][round-1]), testKey, correction{Verb: "abandon", Note: "time"})
			if status != http.StatusCreated {
				t.Fatalf("ending table %d's game: %d %s", n, status, body)
			}
		}
	}
	// Round 1's games stay open to their table's code, and a game outside the tournament never.
	for n := 1; n <= 2; n++ {
		var v play.View
		if status := getAs(t, c, code[n], fmt.Sprintf("/api/games/%d", games[n][0]), &v); status != http.StatusOK {
			t.Errorf("table %d's round-1 game with its code in round 2: %d", n, status)
		}
	}
	if status := firstLegal(t, c, code[1], outside); status != http.StatusUnauthorized {
		t.Errorf("a table's code in a game outside the tournament: %d, want 401", status)
	}

	// The tournament's view: the director's, the wall's and each table's; not a game's code.
	for who, bearer := range map[string]string{"director": testKey, "wall": c.srv.keys.WallKey(), "table 2": code[2]} {
		var v table.TournamentView
		if status := getAs(t, c, bearer, fmt.Sprintf("/api/tournaments/%d", id), &v); status != http.StatusOK || len(v.Played) != 2 || len(v.Standings) != 4 {
			t.Errorf("the tournament for the %s: %d %+v", who, status, v)
		}
	}
	_, gameCode := c.newGame(t, pinochle)
	if status, _ := c.call(t, "GET", fmt.Sprintf("/api/tournaments/%d", id), gameCode, nil); status != http.StatusUnauthorized {
		t.Errorf("the tournament with a game's code: %d, want 401", status)
	}
	var codes []tableCode
	if status := getAs(t, c, testKey, fmt.Sprintf("/api/tournaments/%d/codes", id), &codes); status != http.StatusOK || !slices.Equal(codes, night.Tables) {
		t.Errorf("the codes again: %d %v, given %v", status, codes, night.Tables)
	}
	if status, _ := c.call(t, "GET", fmt.Sprintf("/api/tournaments/%d", outside), testKey, nil); status != http.StatusNotFound {
		t.Errorf("a game asked as a tournament: %d, want 404", status)
	}
	// Two rounds were the tournament's: the core refuses a third.
	status, body := c.call(t, "POST", pair, testKey, nil)
	if e := apiFailure(t, body); status != http.StatusConflict || e.Error.Code != "over" {
		t.Errorf("a third round of two: %d %s", status, body)
	}
}

// TestATournamentTableCodeIsGuessedLikeAnyCode: a wrong code for a tournament's table counts
// as a guess, and a guesser is locked out of the tables as out of a game.
func TestATournamentTableCodeIsGuessedLikeAnyCode(t *testing.T) {
	c := openClub(t, false)
	night := c.newTournament(t, clubNight)
	path := fmt.Sprintf("/api/tournaments/%d/tables/1", night.Tournament.Game)
	for i := range guesses {
		wrong := night.Tables[1].Code
		if i%2 == 1 {
			wrong = fmt.Sprintf("WRONG%d", i)
		}
		if status, _ := c.call(t, "GET", path, wrong, nil); status != http.StatusUnauthorized {
			t.Fatalf("guess %d: %d, want 401", i+1, status)
		}
	}
	if status, _ := c.call(t, "GET", path, night.Tables[0].Code, nil); status != http.StatusTooManyRequests {
		t.Errorf("after %d wrong codes the right one got %d, want 429", guesses, status)
	}
}

// TestANewTournamentIsCheckedByTheCore: the API refuses a tournament the core refuses, naming
// the field, and a body that is not a tournament's.
func TestANewTournamentIsCheckedByTheCore(t *testing.T) {
	c := openClub(t, false)
	bad := clubNight
	bad.Name = " "
	status, body := c.call(t, "POST", "/api/tournaments", testKey, bad)
	if e := apiFailure(t, body); status != http.StatusBadRequest || e.Error.Field != "name" {
		t.Errorf("a tournament with no name: %d %s", status, body)
	}
	status, body = c.call(t, "POST", "/api/tournaments", testKey, map[string]any{"name": "x", "game": "pinochle", "players": []string{"ann", "bob"}, "tables": 3})
	if e := apiFailure(t, body); status != http.StatusBadRequest || !strings.Contains(e.Error.Message, "tables") {
		t.Errorf("an unknown field: %d %s", status, body)
	}
}

// phoneGet reads path with a phone's cookies, following no redirect: the status, where a
// redirect leads, and the page.
func phoneGet(t *testing.T, phone *http.Client, c *testClub, path string) (int, string, string) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), "GET", c.http.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	return answered(t, phone, req)
}

// TestAPhoneFollowsItsTable: a phone joins a tournament's table once, by its card's link. Before
// round 1 its page says so; once paired, the table's page leads to the table's game, which says
// where it is played and takes the phone's moves. When round 2 is paired, the phone's stream
// hears of the new game, and the old game's live part sends the phone on to it (the director's
// only says the table moved on). The phone opens no other table.
func TestAPhoneFollowsItsTable(t *testing.T) {
	c := openClub(t, false)
	night := c.newTournament(t, clubNight)
	id := night.Tournament.Game
	phone := cookieClient(t)
	status, to, _ := phoneGet(t, phone, c, fmt.Sprintf("/join?tournament=%d&table=1&code=%s", id, url.QueryEscape(strings.ToLower(night.Tables[0].Code))))
	if status != http.StatusSeeOther || to != tablePath(id, 1) {
		t.Fatalf("joining table 1 by its card's link: %d to %q", status, to)
	}
	if status, _, page := phoneGet(t, phone, c, to); status != http.StatusOK || !strings.Contains(page, "Table 1: round 1 is not paired yet.") ||
		!strings.Contains(page, fmt.Sprintf(`data-stream="/api/tournaments/%d/tables/1/live"`, id)) {
		t.Fatalf("table 1 before round 1: %d\n%s", status, page)
	}

	pair := func() table.RoundView {
		t.Helper()
		status, body := c.call(t, "POST", fmt.Sprintf("/api/tournaments/%d/pair", id), testKey, nil)
		var r table.RoundView
		if err := json.Unmarshal(body, &r); status != http.StatusCreated || err != nil {
			t.Fatalf("pairing: %d %s", status, body)
		}
		return r
	}
	r1 := pair()
	first := r1.Tables[0]
	status, to, _ = phoneGet(t, phone, c, tablePath(id, 1))
	if want := fmt.Sprintf("/games/%d", first.Game); status != http.StatusSeeOther || to != want {
		t.Fatalf("table 1 in round 1: %d to %q, want its game %s", status, to, want)
	}
	seat := fmt.Sprintf("Round 1, table 1: %s v %s, %s opens", first.Players[0], first.Players[1], first.First)
	status, _, page := phoneGet(t, phone, c, to)
	if status != http.StatusOK || !strings.Contains(page, seat) || !strings.Contains(page, `name="move"`) {
		t.Fatalf("table 1's game: %d, want %q and the move box:\n%s", status, seat, page)
	}
	var v play.View
	getAs(t, c, testKey, fmt.Sprintf("/api/games/%d", first.Game), &v)
	req, _ := http.NewRequestWithContext(t.Context(), "POST", fmt.Sprintf("%s/games/%d/moves", c.http.URL, first.Game),
		strings.NewReader(url.Values{"move": {v.Legal[0]}, "after": {fmt.Sprint(v.Last)}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	res, err := phone.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(res.Header.Get("Location"), fmt.Sprintf("/games/%d?done=", first.Game)) {
		t.Errorf("the phone's move in its table's game: %d to %q", res.StatusCode, res.Header.Get("Location"))
	}
	for _, path := range []string{tablePath(id, 2), fmt.Sprintf("/games/%d", r1.Tables[1].Game)} {
		if status, _, _ := phoneGet(t, phone, c, path); status != http.StatusUnauthorized {
			t.Errorf("table 1's phone opens %s: %d, want 401", path, status)
		}
	}
	c.srv.guard = newLimiter()

	// The phone's page listens to its game and to every new game.
	ctx, cancel := needs.WithDeadline(t, t.Context())
	defer cancel()
	req, _ = http.NewRequestWithContext(ctx, "GET", fmt.Sprintf("%s/api/games/%d/live", c.http.URL, first.Game), nil)
	res, err = phone.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	next := eventsOf(res.Body)
	if ev := next(); ev != "hello" {
		t.Fatalf("the stream's first event %q", ev)
	}
	for _, tb := range r1.Tables {
		if status, body := c.call(t, "POST", fmt.Sprintf("/api/games/%d/corrections", tb.Game), testKey, correction{Verb: "abandon", Note: "time"}); status != http.StatusCreated {
			t.Fatalf("ending table %d: %d %s", tb.Table, status, body)
		}
	}
	if ev := next(); ev != "moved" {
		t.Fatalf("the abandon reached the stream as %q", ev)
	}
	r2 := pair()
	if ev := next(); ev != "moved" {
		t.Fatalf("round 2's games reached the stream as %q, want moved (within 10 s)", ev)
	}
	second := r2.Tables[0]
	follow := fmt.Sprintf(`data-follow="/games/%d?from=%d"`, second.Game, first.Game)
	if status, _, part := phoneGet(t, phone, c, fmt.Sprintf("/games/%d/now", first.Game)); status != http.StatusOK || !strings.Contains(part, follow) {
		t.Errorf("round 1's game once round 2 is paired: %d, want %s:\n%s", status, follow, part)
	}
	if status, part := c.call(t, "GET", fmt.Sprintf("/games/%d/now", first.Game), testKey, nil); status != http.StatusOK ||
		strings.Contains(string(part), "data-follow") || !strings.Contains(string(part), fmt.Sprintf("Table 1 has moved on: it plays <a href=\"/games/%d\">", second.Game)) {
		t.Errorf("round 1's game for the director: %d\n%s", status, part)
	}
	seat = fmt.Sprintf("Round 2, table 1: %s v %s, %s opens", second.Players[0], second.Players[1], second.First)
	status, _, page = phoneGet(t, phone, c, fmt.Sprintf("/games/%d?from=%d", second.Game, first.Game))
	if status != http.StatusOK || !strings.Contains(page, seat+": your table&#39;s game now.") || !strings.Contains(page, `name="move"`) {
		t.Errorf("round 2's game on table 1's phone: %d, want %q and the move box:\n%s", status, seat, page)
	}
}

// TestATableThatSitsOutSaysSo: when drops leave round 2 a table short, the last table's
// round-1 game and its table's page say that round 2 seats nobody there.
func TestATableThatSitsOutSaysSo(t *testing.T) {
	c := openClub(t, false)
	night := c.newTournament(t, clubNight)
	id := night.Tournament.Game
	r1 := apiPost[table.RoundView](t, c, fmt.Sprintf("/api/tournaments/%d/pair", id))
	c.decideRound(t, r1)
	for _, gone := range r1.Tables[1].Players {
		c.recordAPI(t, id, "drop "+gone)
	}
	apiPost[table.RoundView](t, c, fmt.Sprintf("/api/tournaments/%d/pair", id))
	code := night.Tables[1].Code
	if status, part := c.call(t, "GET", fmt.Sprintf("/games/%d/now", r1.Tables[1].Game), code, nil); status != http.StatusOK ||
		!strings.Contains(string(part), "Round 2 seats nobody at table 2: the table sits this round out.") || strings.Contains(string(part), "data-follow") {
		t.Errorf("table 2's round-1 game in round 2: %d\n%s", status, part)
	}
	if status, page := c.call(t, "GET", tablePath(id, 2), code, nil); status != http.StatusOK || !strings.Contains(string(page), "Round 2 seats nobody at table 2.") {
		t.Errorf("table 2's page in round 2: %d\n%s", status, page)
	}
}

// apiPost posts to path as the director, with no body, and reads the answer, which must be 201.
func apiPost[T any](t *testing.T, c *testClub, path string) T {
	t.Helper()
	var v T
	status, body := c.call(t, "POST", path, testKey, nil)
	if err := json.Unmarshal(body, &v); status != http.StatusCreated || err != nil {
		t.Fatalf("POST %s: %d %s", path, status, body)
	}
	return v
}

// TestPairingFromTwoTabsMakesEachGameOnce: eight requests to pair round 1 of a 24-player night
// at once, four from the API and four from the organiser's page, through two servers over one
// file, make its twelve games once. Each is answered the round (201, or the page of the round
// paired), or that it is paired already or being played (409); the page says so with the round.
func TestPairingFromTwoTabsMakesEachGameOnce(t *testing.T) {
	c := openClub(t, false)
	other := serveStore(t, c.path, false)
	var players []string
	for i := range 24 {
		players = append(players, fmt.Sprintf("p%02d", i+1))
	}
	id := c.newTournament(t, table.TournamentSetup{Name: "big night", Game: "pinochle", Rounds: 3, Players: players}).Tournament.Game
	var wg sync.WaitGroup
	type answer struct {
		status int
		to     string
		body   string
		err    error
	}
	answers := make([]answer, 8)
	for i := range answers {
		club := []*testClub{c, other}[i%2]
		wg.Go(func() {
			var req *http.Request
			var err error
			if i < 4 {
				req, err = http.NewRequestWithContext(t.Context(), "POST", fmt.Sprintf("%s/api/tournaments/%d/pair", club.http.URL, id), nil)
			} else {
				req, err = http.NewRequestWithContext(t.Context(), "POST", fmt.Sprintf("%s/tournaments/%d/pair", club.http.URL, id), strings.NewReader("round=1"))
				if req != nil {
					req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				}
			}
			if err != nil {
				answers[i].err = err
				return
			}
			req.Header.Set("Authorization", "Bearer "+testKey)
			client := *club.http.Client()
			client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
			res, err := client.Do(req)
			if err != nil {
				answers[i].err = err
				return
			}
			defer res.Body.Close()
			body, err := io.ReadAll(res.Body)
			answers[i] = answer{res.StatusCode, res.Header.Get("Location"), string(body), err}
		})
	}
	wg.Wait()
	for i, a := range answers {
		switch {
		case a.err != nil:
			t.Errorf("request %d: %v", i, a.err)
		case i < 4 && a.status == http.StatusCreated && strings.Contains(a.body, `"round": 1,`):
		case i < 4 && a.status == http.StatusConflict && (strings.Contains(a.body, "is paired already") && strings.Contains(a.body, "\"round\": {\n    \"round\": 1,") ||
			strings.Contains(a.body, "round 1 is still being played")):
		case i >= 4 && a.status == http.StatusSeeOther && a.to == fmt.Sprintf("/tournaments/%d?paired=1", id):
		case i >= 4 && a.status == http.StatusConflict && strings.Contains(a.body, fmt.Sprintf("Round 1 of tournament %d is paired already", id)) && strings.Contains(a.body, "p01"):
		default:
			t.Errorf("request %d: %d %s\n%s", i, a.status, a.to, a.body)
		}
	}
	var v table.TournamentView
	if status := getAs(t, c, testKey, fmt.Sprintf("/api/tournaments/%d", id), &v); status != http.StatusOK || len(v.Played) != 1 || len(v.Played[0].Tables) != 12 {
		t.Fatalf("the tournament: %d %+v", status, v.Played)
	}
	games := 0
	if err := c.app.Games(t.Context(), func(table.Listed) error { games++; return nil }); err != nil {
		t.Fatal(err)
	}
	if games != 1+12 {
		t.Errorf("%d games for the tournament and its 12 tables", games)
	}
}

// TestATournamentsLogHasNoTableCode: the tournament's own log is the organiser's: its page
// shows the director no table code or QR code for it, and the code its number would have
// opens nothing, neither a move (a drop, a seating, the close) nor a correction, nor a join.
func TestATournamentsLogHasNoTableCode(t *testing.T) {
	c := openClub(t, false)
	night := c.newTournament(t, clubNight)
	id := night.Tournament.Game
	code := table.ShowCode(c.srv.keys.Code(id))
	status, page := c.call(t, "GET", fmt.Sprintf("/games/%d", id), testKey, nil)
	if status != http.StatusOK || strings.Contains(string(page), "Table code") || strings.Contains(string(page), "qr.svg") {
		t.Errorf("the director's page of the tournament's log: %d, with a table code:\n%s", status, page)
	}
	for _, path := range []string{fmt.Sprintf("/games/%d/qr.svg", id), fmt.Sprintf("/api/games/%d/code", id)} {
		if status, body := c.call(t, "GET", path, testKey, nil); status != http.StatusNotFound || !strings.Contains(string(body), "has no table code") {
			t.Errorf("GET %s: %d %s", path, status, body)
		}
	}
	for _, m := range []string{"drop ann", "close"} {
		if status, body := c.call(t, "POST", fmt.Sprintf("/api/games/%d/moves", id), code, move{Move: m}); status != http.StatusUnauthorized {
			t.Errorf("the log's would-be code records %q: %d %s", m, status, body)
		}
	}
	if status, _ := c.call(t, "POST", fmt.Sprintf("/api/tournaments/%d/pair", id), testKey, nil); status != http.StatusCreated {
		t.Fatalf("pairing round 1: %d", status)
	}
	if status, body := c.call(t, "POST", fmt.Sprintf("/api/games/%d/corrections", id), code, correction{Verb: "undo"}); status != http.StatusUnauthorized {
		t.Errorf("the log's would-be code undoes the pairing: %d %s", status, body)
	}
	if status, _, page := c.form(t, "/join", "", url.Values{"game": {fmt.Sprint(id)}, "code": {code}}); status != http.StatusUnauthorized {
		t.Errorf("joining the log with its would-be code: %d\n%s", status, page)
	}
	var v table.TournamentView
	if status := getAs(t, c, testKey, fmt.Sprintf("/api/tournaments/%d", id), &v); status != http.StatusOK || len(v.Played) != 1 || len(v.Entrants) != 4 || !v.Entrants[0].Present {
		t.Errorf("the tournament after: %d, %+v", status, v)
	}
	if status, body := c.call(t, "POST", fmt.Sprintf("/api/games/%d/moves", id), testKey, move{Move: "drop ann"}); status != http.StatusCreated {
		t.Errorf("the director drops a player: %d %s", status, body)
	}
}

// TestNoRoundsIsRefused: a tournament of 0 rounds, or at tables of 0, is refused on the page
// and through the API, naming the field, as the command line refuses --rounds 0; left out, each
// takes its default. Nothing is made.
func TestNoRoundsIsRefused(t *testing.T) {
	c := openClub(t, false)
	for _, field := range []string{"rounds", "table_size"} {
		body := fmt.Sprintf(`{"name": "friday", "game": "capture", "players": ["ann", "bob", "cy", "dee"], %q: 0}`, field)
		status, out := c.callRaw(t, "POST", "/api/tournaments", testKey, body)
		if e := apiFailure(t, out); status != http.StatusBadRequest || e.Error.Field != field || !strings.Contains(e.Error.Message, "one or more") {
			t.Errorf("the API's %s 0: %d %s, want 400 naming %s", field, status, out, field)
		}
		fields := url.Values{"kind": {"capture"}, "name": {"friday"}, "format": {"swiss"}, field: {"0"}, "players": {"ann\r\nbob\r\ncy\r\ndee"}}
		status, _, page := c.form(t, "/tournaments", testKey, fields)
		if want := strings.ReplaceAll(field, "_", " ") + " 0: it is one or more"; status != http.StatusBadRequest || !strings.Contains(page, want) {
			t.Errorf("the page's %s 0: %d, want the form again saying %q:\n%s", field, status, want, page)
		}
	}
	var games []json.RawMessage
	if getAs(t, c, testKey, "/api/games", &games); len(games) != 0 {
		t.Errorf("refused tournaments made %d games", len(games))
	}
	status, out := c.callRaw(t, "POST", "/api/tournaments", testKey, `{"name": "friday", "game": "capture", "players": ["ann", "bob", "cy", "dee"]}`)
	var made tournamentCreated
	if err := json.Unmarshal(out, &made); status != http.StatusCreated || err != nil || made.Tournament.Rounds != 5 {
		t.Errorf("a tournament with neither: %d %s, want 5 rounds", status, out)
	}
}

// TestAGameNeverMadeIsToldTruly: a round paired whose games were never made (its pairing came
// in a file without them) shows each table's game as still to make by pairing again while the
// round is in play, and, once the round has ended, as never made, since pairing makes no game
// for a round ended.
func TestAGameNeverMadeIsToldTruly(t *testing.T) {
	club := openClub(t, false)
	night := club.newTournament(t, clubNight)
	if status, body := club.call(t, "POST", fmt.Sprintf("/api/tournaments/%d/pair", night.Tournament.Game), testKey, nil); status != http.StatusCreated {
		t.Fatalf("pairing round 1: %d %s", status, body)
	}
	log, err := club.app.Game(t.Context(), night.Tournament.Game)
	if err != nil {
		t.Fatal(err)
	}
	var file bytes.Buffer
	if err := table.JSONL(&file, log.Log()); err != nil {
		t.Fatal(err)
	}
	c := openClub(t, false)
	var id int64
	if err := c.app.ImportLogs(t.Context(), "night.jsonl", &file, func(r table.ImportResult) error {
		if r.Err == nil {
			id = r.Game.ID()
		}
		return r.Err
	}); err != nil {
		t.Fatal(err)
	}
	page := func() string {
		t.Helper()
		status, body := c.call(t, "GET", fmt.Sprintf("/tournaments/%d", id), testKey, nil)
		if status != http.StatusOK {
			t.Fatalf("the organiser's page: %d %s", status, body)
		}
		return string(body)
	}
	if p := page(); strings.Count(p, "not made yet: pair again") != 2 {
		t.Errorf("round 1 in play with no games: want both tables to pair again:\n%s", p)
	}
	imported, err := c.app.Game(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.app.Record(t.Context(), imported, []string{"end"}, table.RecordOptions{}); err != nil {
		t.Fatal(err)
	}
	if p := page(); strings.Contains(p, "pair again") || strings.Count(p, "none: the round ended before it was made") != 2 {
		t.Errorf("round 1 ended with no games: want none made, and no pairing offered for them:\n%s", p)
	}
}

// TestAnOverRoundIsTheDirectors: once the director ends a round (or closes the night), its
// games are the director's (T16). The table's code may no longer move, undo or correct in them,
// and is told why with nothing recorded; the table's page draws the game without its buttons
// and says so, and its stream hears of the end at once. The director still may, and taking the
// end back gives the table its game again.
func TestAnOverRoundIsTheDirectors(t *testing.T) {
	c := openClub(t, false)
	night := c.newTournament(t, clubNight)
	id, code := night.Tournament.Game, night.Tables[0].Code
	phone := cookieClient(t)
	if status, _, _ := phoneGet(t, phone, c, fmt.Sprintf("/join?tournament=%d&table=1&code=%s", id, url.QueryEscape(code))); status != http.StatusSeeOther {
		t.Fatalf("joining table 1: %d", status)
	}
	r1 := apiPost[table.RoundView](t, c, fmt.Sprintf("/api/tournaments/%d/pair", id))
	game := r1.Tables[0].Game
	if status := firstLegal(t, c, code, game); status != http.StatusCreated {
		t.Fatalf("table 1's first move in round 1: %d", status)
	}
	record := func(bearer string, game int64, words string) (int, []byte) {
		t.Helper()
		return c.call(t, "POST", fmt.Sprintf("/api/games/%d/moves", game), bearer, move{Move: words})
	}
	undo := func(bearer string, game int64) (int, []byte) {
		t.Helper()
		return c.call(t, "POST", fmt.Sprintf("/api/games/%d/corrections", game), bearer, correction{Verb: "undo"})
	}
	refused := func(when string) {
		t.Helper()
		var before play.View
		getAs(t, c, testKey, fmt.Sprintf("/api/games/%d", game), &before)
		for what, try := range map[string]func() (int, []byte){
			"a move":  func() (int, []byte) { return record(code, game, before.Legal[0]) },
			"an undo": func() (int, []byte) { return undo(code, game) },
		} {
			status, body := try()
			if e := apiFailure(t, body); status != http.StatusForbidden || e.Error.Code != "round_over" ||
				!strings.Contains(e.Error.Message, "round 1 of club night is over") || !strings.Contains(e.Error.Message, "T16") {
				t.Errorf("%s: the table's code tries %s: %d %s, want 403 round_over citing T16", when, what, status, body)
			}
		}
		var after play.View
		getAs(t, c, testKey, fmt.Sprintf("/api/games/%d", game), &after)
		if after.Last != before.Last {
			t.Errorf("%s: the game went from event %d to %d on the table's refused tries", when, before.Last, after.Last)
		}
		status, _, page := phoneGet(t, phone, c, fmt.Sprintf("/games/%d", game))
		if status != http.StatusOK || !strings.Contains(page, "this phone no longer records in this game") ||
			!strings.Contains(page, "data-locked=") || strings.Contains(page, `name="move"`) {
			t.Errorf("%s: the table's page: %d, want the lock said and no move box:\n%s", when, status, page)
		}
	}

	// The table's page hears the end of the round on its game's stream.
	ctx, cancel := needs.WithDeadline(t, t.Context())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", fmt.Sprintf("%s/api/games/%d/live", c.http.URL, game), nil)
	res, err := phone.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	next := eventsOf(res.Body)
	if ev := next(); ev != "hello" {
		t.Fatalf("the stream's first event %q", ev)
	}
	if status, body := record(testKey, id, "end 1"); status != http.StatusCreated {
		t.Fatalf("the director ends round 1: %d %s", status, body)
	}
	if ev := next(); ev != "moved" {
		t.Errorf("the end of the round reached the game's stream as %q, want moved", ev)
	}
	refused("round 1 ended")

	// The director may still take the table's move back, told what it does to the standings,
	// on the game's page too; and may take the end of the round back.
	status, body := undo(testKey, game)
	var told table.CorrectionEntered
	if err := json.Unmarshal(body, &told); status != http.StatusCreated || err != nil || told.Standings == nil ||
		told.Standings.Tournament != "club night" || len(told.Standings.Before) != 4 || len(told.Standings.After) != 4 {
		t.Errorf("the director's undo in the ended round: %d %v %s", status, err, body)
	}
	if status, page := c.call(t, "GET", fmt.Sprintf("/games/%d?done=%d", game, told.Event.Seq), testKey, nil); status != http.StatusOK ||
		!strings.Contains(string(page), "The standings of club night ") {
		t.Errorf("the game's page after the director's undo: %d, want the standings' change said:\n%s", status, page)
	}
	if status, body := undo(testKey, id); status != http.StatusCreated {
		t.Fatalf("the director takes the end of round 1 back: %d %s", status, body)
	}
	if status := firstLegal(t, c, code, game); status != http.StatusCreated {
		t.Errorf("table 1's move once the end is taken back: %d, want 201", status)
	}
	if status, _, page := phoneGet(t, phone, c, fmt.Sprintf("/games/%d", game)); status != http.StatusOK || strings.Contains(page, "data-locked") || !strings.Contains(page, `name="move"`) {
		t.Errorf("the table's page once the end is taken back: %d\n%s", status, page)
	}

	// Closing the night ends the round in play with it.
	if status, body := record(testKey, id, "close"); status != http.StatusCreated {
		t.Fatalf("the director closes the tournament: %d %s", status, body)
	}
	refused("the tournament closed")
}

// TestTheEndOfTheNightIsMarked: once the last round is played out the wall and the pages say
// the tournament is over and who won, with the final standings and no seating left up; the
// organiser's page asks for the close, after which the wall no longer waits for it.
func TestTheEndOfTheNightIsMarked(t *testing.T) {
	c := openClub(t, false)
	night := c.newTournament(t, clubNight)
	id := night.Tournament.Game
	for round := 1; round <= 2; round++ {
		r := apiPost[table.RoundView](t, c, fmt.Sprintf("/api/tournaments/%d/pair", id))
		for _, tb := range r.Tables {
			if status, body := c.call(t, "POST", fmt.Sprintf("/api/games/%d/corrections", tb.Game), testKey, correction{Verb: "adjust", Args: []string{tb.First, "+5"}, Note: "won"}); status != http.StatusCreated {
				t.Fatalf("deciding table %d: %d %s", tb.Table, status, body)
			}
			if status, body := c.call(t, "POST", fmt.Sprintf("/api/games/%d/corrections", tb.Game), testKey, correction{Verb: "abandon", Note: "decided"}); status != http.StatusCreated {
				t.Fatalf("ending table %d: %d %s", tb.Table, status, body)
			}
		}
	}
	var v table.TournamentView
	getAs(t, c, testKey, fmt.Sprintf("/api/tournaments/%d", id), &v)
	if !v.Finished || v.Closed || len(v.Winners) == 0 {
		t.Fatalf("after the last round: finished %v, closed %v, winners %v", v.Finished, v.Closed, v.Winners)
	}
	_, wall := c.call(t, "GET", "/wall", c.srv.keys.WallKey(), nil)
	if !strings.Contains(string(wall), "The tournament is over: ") || !strings.Contains(string(wall), "Final standings") ||
		strings.Contains(string(wall), "where to sit") || !strings.Contains(string(wall), "until the director closes it") {
		t.Errorf("the wall after the last round:\n%s", wall)
	}
	_, organiser := c.call(t, "GET", fmt.Sprintf("/tournaments/%d", id), testKey, nil)
	if !strings.Contains(string(organiser), "Close the tournament to end the night") || !strings.Contains(string(organiser), "Final standings") {
		t.Errorf("the organiser's page after the last round:\n%s", organiser)
	}
	if status, body := c.call(t, "POST", fmt.Sprintf("/api/games/%d/moves", id), testKey, move{Move: "close"}); status != http.StatusCreated {
		t.Fatalf("closing: %d %s", status, body)
	}
	getAs(t, c, testKey, fmt.Sprintf("/api/tournaments/%d", id), &v)
	_, wall = c.call(t, "GET", "/wall", c.srv.keys.WallKey(), nil)
	if len(v.Winners) != 1 || !strings.Contains(string(wall), "The tournament is over: "+v.Winners[0]+" wins with ") || strings.Contains(string(wall), "until the director closes it") {
		t.Errorf("the wall once closed (winners %v):\n%s", v.Winners, wall)
	}
}

// TestTheDirectorSeesTheOpenFlags: a move forced at a table raises a flag; the organiser's
// page lists it with its round, table and rule and offers the rulings, and the wall says a
// flag waits at that table; once ruled on, neither shows it.
func TestTheDirectorSeesTheOpenFlags(t *testing.T) {
	c := openClub(t, false)
	id := c.newTournament(t, clubNight).Tournament.Game
	r := apiPost[table.RoundView](t, c, fmt.Sprintf("/api/tournaments/%d/pair", id))
	tb := r.Tables[1]
	status, body := c.call(t, "POST", fmt.Sprintf("/api/games/%d/moves", tb.Game), testKey, move{Move: tb.First + " bid 5", Force: true})
	if status != http.StatusCreated {
		t.Fatalf("a forced bid of 5: %d %s", status, body)
	}
	_, organiser := c.call(t, "GET", fmt.Sprintf("/tournaments/%d", id), testKey, nil)
	listed := fmt.Sprintf(`<li><strong>Round 1, table 2</strong>, <a href="/games/%d">game %d</a>, event 2: rule `, tb.Game, tb.Game)
	if !strings.Contains(string(organiser), listed) || !strings.Contains(string(organiser), `<input type="hidden" name="words" value="2 condone">`) {
		t.Errorf("the organiser's page does not list the flag with its rulings:\n%s", organiser)
	}
	_, wall := c.call(t, "GET", "/wall", c.srv.keys.WallKey(), nil)
	if !strings.Contains(string(wall), "1 open flag waits for the director's ruling: table 2 of this round.") {
		t.Errorf("the wall does not say a flag waits:\n%s", wall)
	}
	status, _, _ = c.form(t, fmt.Sprintf("/games/%d/corrections", tb.Game), testKey, url.Values{"verb": {"rule"}, "words": {"2 condone"}, "after": {"2"}})
	if status != http.StatusSeeOther {
		t.Fatalf("condoning from the organiser's page: %d", status)
	}
	_, organiser = c.call(t, "GET", fmt.Sprintf("/tournaments/%d", id), testKey, nil)
	_, wall = c.call(t, "GET", "/wall", c.srv.keys.WallKey(), nil)
	if strings.Contains(string(organiser), "Open flags") || strings.Contains(string(wall), "open flag") {
		t.Errorf("a flag ruled on is still shown")
	}
}

// TestARoundHasAClock is TR5: a tournament's round time runs from its pairing as the log
// records it; the organiser's page, the wall and the table's game page carry its end, and the
// page no longer does once the round is over. The server tells its time to any screen.
func TestARoundHasAClock(t *testing.T) {
	c := openClub(t, false)
	setup := clubNight
	setup.RoundMinutes = 45
	night := c.newTournament(t, setup)
	id := night.Tournament.Game
	r := apiPost[table.RoundView](t, c, fmt.Sprintf("/api/tournaments/%d/pair", id))
	g, err := c.app.TournamentLog(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	paired, _ := g.EventAt(g.Last())
	deadline := paired.At + 45*60_000
	var v table.TournamentView
	getAs(t, c, testKey, fmt.Sprintf("/api/tournaments/%d", id), &v)
	if v.RoundMinutes != 45 || v.Played[0].Deadline != deadline {
		t.Fatalf("the round's clock: %d minutes, deadline %d, want %d", v.RoundMinutes, v.Played[0].Deadline, deadline)
	}
	clock := fmt.Sprintf(`data-deadline="%d"`, deadline)
	for _, page := range []string{fmt.Sprintf("/tournaments/%d", id), "/wall", fmt.Sprintf("/games/%d", r.Tables[0].Game)} {
		bearer := testKey
		if page == "/wall" {
			bearer = c.srv.keys.WallKey()
		}
		if _, body := c.call(t, "GET", page, bearer, nil); !strings.Contains(string(body), clock) || !strings.Contains(string(body), `role="timer"`) {
			t.Errorf("%s has no clock of the round:\n%s", page, body)
		}
	}
	// The pages count by the server's clock, which any screen may ask, credentials or none.
	c.srv.now = func() time.Time { return time.UnixMilli(deadline - 60_000) }
	var told struct{ Now int64 }
	if status, body := c.call(t, "GET", "/api/time", "", nil); status != http.StatusOK || json.Unmarshal(body, &told) != nil || told.Now != deadline-60_000 {
		t.Errorf("the server's time: %d %s, want %d", status, body, deadline-60_000)
	}
	if status, body := c.call(t, "POST", fmt.Sprintf("/api/games/%d/moves", id), testKey, move{Move: "end 1"}); status != http.StatusCreated {
		t.Fatalf("ending round 1: %d %s", status, body)
	}
	if _, body := c.call(t, "GET", fmt.Sprintf("/games/%d", r.Tables[0].Game), testKey, nil); strings.Contains(string(body), "data-deadline") {
		t.Errorf("the game's page keeps the clock of a round over")
	}
}

// phonePost posts a form with a phone's cookies, following no redirect: the status, where a
// redirect leads, and the page.
func phonePost(t *testing.T, phone *http.Client, c *testClub, path string, form url.Values) (int, string, string) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), "POST", c.http.URL+path, strings.NewReader(form.Encode()))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return answered(t, phone, req)
}

// TestATablesPhoneAsksForItsPlayers: before round 1 a table's phone checks players in; in a
// round it asks, for the players of its own game only, a drop after the round and a bye in the
// next (T11). The organiser's page shows each as asked at that table, and refuses one by
// taking it back.
func TestATablesPhoneAsksForItsPlayers(t *testing.T) {
	c := openClub(t, false)
	setup := clubNight
	setup.Rounds = 3 // a bye in round 2, not the last (T11)
	night := c.newTournament(t, setup)
	id := night.Tournament.Game
	phone := cookieClient(t)
	if status, _, _ := phoneGet(t, phone, c, fmt.Sprintf("/join?tournament=%d&table=1&code=%s", id, url.QueryEscape(night.Tables[0].Code))); status != http.StatusSeeOther {
		t.Fatalf("joining table 1: %d", status)
	}
	ask := fmt.Sprintf("/tournaments/%d/tables/1/ask", id)
	if _, _, page := phoneGet(t, phone, c, tablePath(id, 1)); !strings.Contains(page, `<button class="secondary small">ann is here</button>`) {
		t.Fatalf("the table's page before round 1 offers no check-in:\n%s", page)
	}
	status, to, _ := phonePost(t, phone, c, ask, url.Values{"verb": {"here"}, "player": {"ann"}})
	if _, _, page := phoneGet(t, phone, c, to); status != http.StatusSeeOther || !strings.Contains(page, "Recorded: ann is here (asked at table 1).") ||
		strings.Contains(page, ">ann is here</button>") {
		t.Errorf("ann's check-in: %d to %s\n%s", status, to, page)
	}
	organiser := fmt.Sprintf("/tournaments/%d", id)
	_, page := c.call(t, "GET", organiser, testKey, nil)
	if !strings.Contains(string(page), `<span class="name">ann</span> <small>checked in</small>`) || !strings.Contains(string(page), "ann is here (asked at table 1)") {
		t.Fatalf("the organiser's page does not show the check-in:\n%s", page)
	}
	g, err := c.app.TournamentLog(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	if status, _, _ := c.form(t, organiser+"/refuse", testKey, url.Values{"seq": {fmt.Sprint(g.Last())}, "after": {fmt.Sprint(g.Last())}}); status != http.StatusSeeOther {
		t.Errorf("refusing the check-in: %d", status)
	}
	if _, page := c.call(t, "GET", organiser, testKey, nil); strings.Contains(string(page), "checked in") || strings.Contains(string(page), "Asked at the tables") {
		t.Errorf("a refused check-in still shows:\n%s", page)
	}

	r := apiPost[table.RoundView](t, c, fmt.Sprintf("/api/tournaments/%d/pair", id))
	mine, theirs := r.Tables[0], r.Tables[1]
	if _, _, page := phoneGet(t, phone, c, fmt.Sprintf("/games/%d", mine.Game)); !strings.Contains(page, mine.Players[0]+" asks for a bye in round 2</button>") {
		t.Errorf("the game's page offers the table nothing to ask:\n%s", page)
	}
	if status, _, _ := phonePost(t, phone, c, ask, url.Values{"verb": {"leave"}, "player": {theirs.Players[0]}}); status != http.StatusUnprocessableEntity {
		t.Errorf("table 1 asks for table 2's %s: %d, want 422", theirs.Players[0], status)
	}
	status, to, _ = phonePost(t, phone, c, ask, url.Values{"verb": {"bye"}, "player": {mine.Players[1]}, "back": {fmt.Sprintf("/games/%d", mine.Game)}})
	if _, _, page := phoneGet(t, phone, c, to); status != http.StatusSeeOther || !strings.Contains(page, fmt.Sprintf("Recorded: %s asks for a bye in round 2 (asked at table 1).", mine.Players[1])) {
		t.Errorf("the bye asked: %d to %s\n%s", status, to, page)
	}
	if _, page := c.call(t, "GET", organiser, testKey, nil); !strings.Contains(string(page), mine.Players[1]+" asks for a bye in round 2 (asked at table 1)") {
		t.Errorf("the organiser's page does not list the bye asked:\n%s", page)
	}
}
