package web

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// FuzzAPI sends whatever a client might to the calls that change a game: the server answers
// each with a status that explains it, never a failure of its own and never a panic.
func FuzzAPI(f *testing.F) {
	c := openClub(f, false)
	c.newGame(f, pinochle)
	for _, seed := range []string{
		`{"move":"ann bid 10","expect":1}`, `{"move":"bob pass"}`, `{"move":"ann bid 10","force":true}`,
		`{"verb":"undo"}`, `{"verb":"void","args":["2"]}`, `{"verb":"amend","args":["2","ann","bid","12"]}`,
		`{"verb":"adjust","args":["ann","-2"],"note":"x"}`, `{"verb":"rule","args":["1","condone"]}`,
		`{"kind":"pinochle","players":["ann","bob"],"dealer":"bob"}`, `{"kind":"candidate","players":["a"]}`,
		`{"move":"ann bid 99999999999999999999"}`, `{"expect":-1}`, `[]`, `null`, `{"move":""}`, "\xff",
	} {
		for _, path := range []string{"/api/games/1/moves", "/api/games/1/corrections", "/api/games"} {
			f.Add(path, seed)
		}
	}
	f.Fuzz(func(t *testing.T, path, body string) {
		if !strings.HasPrefix(path, "/") {
			path = "/" + path
		}
		req, err := http.NewRequest("POST", "http://club"+path, strings.NewReader(body))
		if err != nil {
			return // not a request a client can send
		}
		req.Header.Set("Authorization", "Bearer "+testKey)
		w := httptest.NewRecorder()
		c.srv.ServeHTTP(w, req)
		if w.Code >= 500 {
			t.Errorf("POST %s %q: %d %s", path, body, w.Code, w.Body)
		}
	})
}
