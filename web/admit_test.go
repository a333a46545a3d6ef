package web

import (
	"fmt"
	"io"
	"net/http"
	"testing"

	"github.com/tableside/tableside/table"
)

// TestACredentialIsCountedBeforeTheStoreIsRead: a tournament table's cookie is checked against
// the table its name names, by the key alone, and a game's answer to which table made it, none
// included, is remembered. So once the server has asked the store about a game, no credential
// on that game reads the store again: with the store closed under the server, a made-up
// table's cookie, a wrong code and a real table's code that opens another game are each
// answered 401, where a read of the store would fail the request.
func TestACredentialIsCountedBeforeTheStoreIsRead(t *testing.T) {
	c := openClub(t, false)
	game, _ := c.newGame(t, pinochle)
	path := fmt.Sprintf("/api/games/%d", game)
	if status, body := c.call(t, "GET", path, "K7Q-M3X", nil); status != http.StatusUnauthorized {
		t.Fatalf("a wrong code: %d %s", status, body)
	}
	keys, err := table.NewKeys(testKey)
	if err != nil {
		t.Fatal(err)
	}
	c.app.Close()
	for _, try := range []struct {
		what, bearer, cookie, code string
	}{
		{"a made-up table's cookie", "", tournamentTableCookie(1, "1"), "K7QM3X"},
		{"a wrong code again", "K7Q-M3X", "", ""},
		{"a real table's code that opens another game", "", tournamentTableCookie(1, "2"), keys.TournamentTableCode(1, 2)},
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
		res, err := c.http.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusUnauthorized {
			t.Errorf("%s: %d %s, want 401 without reading the store", try.what, res.StatusCode, body)
		}
	}
}
