package web

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// callRaw sends body as it is, with a bearer credential: a client's bytes, which json.Marshal
// would have mended.
func (c *testClub) callRaw(t *testing.T, method, path, bearer, body string) (int, []byte) {
	t.Helper()
	return c.send(t, method, path, bearer, strings.NewReader(body))
}

// TestTextThatIsNotUTF8IsRefused: a body whose strings hold bytes that are no character (a
// Latin-1 "é", here) is refused naming the field they are in, as the command line refuses such
// a name or note, whether the field is a list, a map or a note; nothing is recorded. Decoded as
// JSON, the bytes would have been kept as "�".
func TestTextThatIsNotUTF8IsRefused(t *testing.T) {
	c := openClub(t, false)
	game, _ := c.newGame(t, pinochle)
	corrections := fmt.Sprintf("/api/games/%d/corrections", game)
	for _, try := range []struct{ path, body, field string }{
		{"/api/games", `{"kind": "pinochle", "players": ["ann", "renée"], "dealer": "ann"}`, "players"},
		{"/api/games", `{"kind": "pinochle", "players": ["ann", "bob"], "dealer": "ann", "match": "café night"}`, "match"},
		{"/api/games", `{"kind": "pinochle", "players": ["ann", "bob", "cy", "dee"], "dealer": "ann", "teams": {"red": ["ann", "cy"], "bléu": ["bob", "dee"]}}`, "teams"},
		{corrections, `{"verb": "adjust", "args": ["ann", "-10"], "note": "a card shown to the café"}`, "note"},
		{corrections, `{"verb": "adjust", "args": ["anné", "-10"], "note": "shown"}`, "args"},
	} {
		// Each é is sent as Latin-1 writes it: one byte, no character of UTF-8.
		status, body := c.callRaw(t, "POST", try.path, testKey, strings.ReplaceAll(try.body, "é", "\xe9"))
		e := apiFailure(t, body)
		if status != http.StatusBadRequest || e.Error.Field != try.field || !strings.Contains(e.Error.Message, "not UTF-8") {
			t.Errorf("%q: %d %s, want 400 naming %s", try.body, status, body, try.field)
		}
	}
	if g, _ := c.app.Game(t.Context(), game); g.Last() != 1 {
		t.Errorf("refused bodies recorded: the log has %d events", g.Last())
	}
	if _, body := c.call(t, "GET", "/api/games", testKey, nil); strings.Contains(string(body), "\uFFFD") {
		t.Errorf("a game was made with a replaced character: %s", body)
	}
}

// TestAnExpectOfNullIsRefused: "expect": null is refused naming expect, for a move and a
// correction, rather than taken for no expect, which would judge the move against a record the
// client never saw; nothing is recorded.
func TestAnExpectOfNullIsRefused(t *testing.T) {
	c := openClub(t, false)
	game, code := c.newGame(t, pinochle)
	for path, body := range map[string]string{
		fmt.Sprintf("/api/games/%d/moves", game):       `{"move": "ann bid 10", "expect": null}`,
		fmt.Sprintf("/api/games/%d/corrections", game): `{"verb": "abandon", "note": "the hall closed", "expect": null}`,
	} {
		status, out := c.callRaw(t, "POST", path, testKey, body)
		if e := apiFailure(t, out); status != http.StatusBadRequest || e.Error.Field != "expect" {
			t.Errorf("%s %s: %d %s, want 400 naming expect", path, body, status, out)
		}
	}
	if g, _ := c.app.Game(t.Context(), game); g.Last() != 1 {
		t.Errorf("a body with a null expect recorded: the log has %d events", g.Last())
	}
	// Left out, expect is no guard, as docs/api.md says.
	if status, out := c.callRaw(t, "POST", fmt.Sprintf("/api/games/%d/moves", game), code, `{"move": "ann bid 10"}`); status != http.StatusCreated {
		t.Errorf("a move without expect: %d %s", status, out)
	}
}
