package web

import (
	"database/sql"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"testing"
	"time"

	"github.com/tableside/tableside/table"
)

// TestACredentialIsCountedBeforeTheStoreIsRead: a tournament table's cookie is checked against
// the table its name names, by the key alone: with the store closed under the server, a
// made-up table's cookie is answered 401 and spends a try. What the core remembers of a game
// is held to the store, so a code only the store can check (a wrong code, which might be the
// code of the table that made the game, or a real table's code, which opens the game if its
// table made it) fails as the store does, and spends none: it was no guess.
func TestACredentialIsCountedBeforeTheStoreIsRead(t *testing.T) {
	c := openClub(t, false)
	clock := time.Date(2026, 12, 2, 19, 0, 0, 0, time.UTC)
	c.srv.guard.now = func() time.Time { return clock } // no try comes back while the test runs
	game, _ := c.newGame(t, pinochle)
	path := fmt.Sprintf("/api/games/%d", game)
	if status, body := c.call(t, "GET", path, "K7Q-M3X", nil); status != http.StatusUnauthorized {
		t.Fatalf("a wrong code: %d %s", status, body)
	}
	keys, err := table.NewKeys(testKey)
	if err != nil {
		t.Fatal(err)
	}
	tries := func() float64 {
		c.srv.guard.mu.Lock()
		defer c.srv.guard.mu.Unlock()
		return c.srv.guard.level("127.0.0.1").tokens
	}
	c.app.Close()
	for _, try := range []struct {
		what, bearer, cookie, code string
		status                     int
		spent                      float64
	}{
		{"a made-up table's cookie", "", tournamentTableCookie(1, "1"), "K7QM3X", http.StatusUnauthorized, 1},
		{"a wrong code again", "K7Q-M3X", "", "", http.StatusInternalServerError, 0},
		{"a real table's code that opens another game", "", tournamentTableCookie(1, "2"), keys.TournamentTableCode(1, 2), http.StatusInternalServerError, 0},
	} {
		req, err := http.NewRequestWithContext(t.Context(), "GET", c.http.URL+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		if try.bearer != "" {
			req.Header.Set("Authorization", "Bearer "+try.bearer)
		}
		if try.cookie != "" {
			req.AddCookie(&http.Cookie{Name: try.cookie, Value: try.code})
		}
		before := tries()
		res, err := c.http.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != try.status {
			t.Errorf("%s: %d %s, want %d", try.what, res.StatusCode, body, try.status)
		}
		if spent := before - tries(); spent != try.spent {
			t.Errorf("%s: %v tries spent, want %v", try.what, spent, try.spent)
		}
	}
}

// TestARememberedTableFollowsTheStore: a table's code opens the game its table made, and the
// core remembers which table that is; when the database's owner edits the game's first event to
// seat it at the other table, leaving the hash as it was, the other table's code opens it and
// the first one's no longer does, as a server started afresh would judge.
func TestARememberedTableFollowsTheStore(t *testing.T) {
	c := openClub(t, false)
	night := c.newTournament(t, clubNight)
	round := apiPost[table.RoundView](t, c, fmt.Sprintf("/api/tournaments/%d/pair", night.Tournament.Game))
	game := round.Tables[0].Game
	path := fmt.Sprintf("/api/games/%d", game)
	code := map[int]string{1: night.Tables[0].Code, 2: night.Tables[1].Code}
	opens := func(n int) bool {
		t.Helper()
		status, body := c.call(t, "GET", path, code[n], nil)
		if status != http.StatusOK && status != http.StatusUnauthorized {
			t.Fatalf("table %d's code: %d %s", n, status, body)
		}
		return status == http.StatusOK
	}
	if !opens(1) || opens(2) {
		t.Fatalf("before the edit: table 1's code opens table 1's game %v, table 2's %v", opens(1), opens(2))
	}
	db, err := sql.Open("sqlite", "file:"+c.path+"?_pragma=busy_timeout(5000)") // the owner, in a program of their own
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range []string{`DROP TRIGGER IF EXISTS events_no_update`,
		fmt.Sprintf(`UPDATE events SET payload = replace(payload, '"table":1,', '"table":2,') WHERE game = %d AND seq = 1`, game)} {
		if _, err := db.ExecContext(t.Context(), q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	if at, ok, err := c.app.TableOf(t.Context(), game); err != nil || !ok || at.Table != 2 {
		t.Fatalf("the edit seats the game at %+v (%v, %v), want table 2", at, ok, err)
	}
	c.srv.guard = newLimiter()
	if opens(1) || !opens(2) {
		t.Errorf("after the edit: table 1's code opens the game %v, table 2's %v; want table 2's alone", opens(1), opens(2))
	}
}

// TestCredentialsAreReadFromTheRequestAlone: what a request carries is read from it, without a
// key or a store: the Bearer credential trimmed, and the cookies of its route alone, a
// tournament table's with the table its name names; an empty cookie is none.
func TestCredentialsAreReadFromTheRequestAlone(t *testing.T) {
	cookies := []*http.Cookie{
		{Name: directorCookie, Value: "login"},
		{Name: tableCookie + "7", Value: "code7"},
		{Name: tableCookie + "8", Value: "code8"},
		{Name: tournamentTableCookie(3, "2"), Value: "t3n2"},
		{Name: tournamentTableCookie(4, "1"), Value: "t4n1"},
		{Name: tournamentTableCookie(4, "2"), Value: ""},
		{Name: tournamentTableCookie(3, "x"), Value: "t3nx"},
		{Name: wallCookie, Value: "wall"},
	}
	login := heldCookie{name: directorCookie, value: "login"}
	t3n2 := heldCookie{tournamentTableCookie(3, "2"), "t3n2", table.TournamentTable{Tournament: 3, Table: 2}}
	t4n1 := heldCookie{tournamentTableCookie(4, "1"), "t4n1", table.TournamentTable{Tournament: 4, Table: 1}}
	for _, tc := range []struct {
		what          string
		authorization string
		caller        caller
		n             string
		want          credentials
		carried       int
	}{
		{"a game's route", "Bearer  K7Q-M3X ", caller{game: 7, need: player}, "",
			credentials{bearer: "K7Q-M3X", bearing: true, login: login, code: heldCookie{name: tableCookie + "7", value: "code7"},
				tables: []heldCookie{t3n2, t4n1}, wallKey: heldCookie{}}, 5},
		{"the wall", "", caller{need: wall}, "",
			credentials{login: login, wallKey: heldCookie{name: wallCookie, value: "wall"}}, 2},
		{"a tournament's view", "Bearer ", caller{game: 4, tournament: true, need: wall}, "",
			credentials{bearing: true, login: login, tables: []heldCookie{t4n1}, wallKey: heldCookie{name: wallCookie, value: "wall"}}, 4},
		{"a tournament's table", "Basic abc", caller{game: 3, tournament: true, need: player}, "2",
			credentials{login: login, tables: []heldCookie{t3n2}}, 2},
		{"a table of no number", "", caller{game: 3, tournament: true, need: player}, "x",
			credentials{login: login, tables: []heldCookie{{tournamentTableCookie(3, "x"), "t3nx", table.TournamentTable{Tournament: 3}}}}, 2},
	} {
		r := httptest.NewRequest("GET", "/", nil)
		if tc.authorization != "" {
			r.Header.Set("Authorization", tc.authorization)
		}
		for _, ck := range cookies {
			r.AddCookie(ck)
		}
		r.SetPathValue("n", tc.n)
		got := credentialsOf(r, &tc.caller, tc.caller.need)
		if tc.want.login.name == "" {
			tc.want.login.name = directorCookie
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: read\n%+v\nwant\n%+v", tc.what, got, tc.want)
		}
		if got.carried() != tc.carried {
			t.Errorf("%s: %d credentials carried, want %d", tc.what, got.carried(), tc.carried)
		}
	}
}

// TestTheJudgementIsWhatTheCredentialsOpen: who is let in, and why not, follows from what the
// credentials opened and what testing them found alone.
func TestTheJudgementIsWhatTheCredentialsOpen(t *testing.T) {
	for _, tc := range []struct {
		what   string
		need   right
		public bool
		opened caller
		found  tested
		want   error
	}{
		{"the director, beside a wrong code", director, false, caller{director: true}, tested{carried: 2, wrong: 1}, nil},
		{"anyone reads a public server", reader, true, caller{}, tested{}, nil},
		{"a table's code records", player, false, caller{table: true}, tested{carried: 1}, nil},
		{"a table's code opens the wall", wall, false, caller{table: true}, tested{carried: 1}, nil},
		{"a table's code beside a wrong one", player, false, caller{table: true}, tested{carried: 2, wrong: 1}, nil},
		{"a public server does not record", player, true, caller{}, tested{}, errNoCredential},
		{"a wrong code", player, false, caller{}, tested{carried: 1, wrong: 1}, errWrongCredential},
		{"nothing, on the wall", wall, false, caller{}, tested{}, errNoWallKey},
		{"a code of a table elsewhere, on the wall", wall, false, caller{}, tested{carried: 1, elsewhere: true}, errNoWallKey},
		{"a code of a table elsewhere", reader, false, caller{}, tested{carried: 1, elsewhere: true}, errDirectorOnly},
		{"a table's code, for the director's page", director, false, caller{table: true}, tested{carried: 1}, errDirectorOnly},
		{"the wall key, on a game", reader, false, caller{}, tested{carried: 1}, errWrongCredential},
		{"nothing", reader, false, caller{}, tested{}, errNoCredential},
	} {
		if got := judge(tc.need, tc.public, &tc.opened, tc.found); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.what, got, tc.want)
		}
	}
}
