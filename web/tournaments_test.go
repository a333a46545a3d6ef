package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

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
	var v table.View
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
		var v table.View
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
