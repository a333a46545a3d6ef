package web

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tableside/tableside/table"
)

// testKey is the director's key of every test server.
const testKey = "the test club's own key"

// club is a running test server over a fresh database: the application, the server and its
// address.
type testClub struct {
	app  *table.App
	srv  *Server
	http *httptest.Server
	path string // the database: a file, or a league's database's URL
}

// openClub starts a server on loopback over a new database, polling the file often so that
// live tests are quick.
func openClub(t testing.TB, public bool, opts ...table.OpenOption) *testClub {
	t.Helper()
	return serveStore(t, filepath.Join(t.TempDir(), "club.db"), public, opts...)
}

// serveStore starts a server on loopback with an application of its own over the store db
// names (a file, or a league's database), set up with the repository's schema, keeping what
// tableside serve keeps unless opts say otherwise.
func serveStore(t testing.TB, db string, public bool, opts ...table.OpenOption) *testClub {
	t.Helper()
	schema, err := os.ReadFile("../schema.sql")
	if err != nil {
		t.Fatal(err)
	}
	app, err := table.Open(t.Context(), db, string(schema), append([]table.OpenOption{table.Keep(1000, 256<<20)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := New(app, Config{DirectorKey: testKey, Public: public, Poll: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv)
	hs.Config.RegisterOnShutdown(srv.Close)
	t.Cleanup(func() {
		srv.Close()
		hs.Close()
		app.Close()
	})
	return &testClub{app: app, srv: srv, http: hs, path: db}
}

// call sends a request to the club with a bearer credential ("" for none) and a JSON body
// (nil for none), and returns the status and the body.
func (c *testClub) call(t testing.TB, method, path, bearer string, body any) (int, []byte) {
	t.Helper()
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		r = strings.NewReader(string(b))
	}
	return c.send(t, method, path, bearer, r)
}

// send sends a request to the club with a bearer credential ("" for none) and body as it is
// (nil for none), and returns the status and the body.
func (c *testClub) send(t testing.TB, method, path, bearer string, body io.Reader) (int, []byte) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), method, c.http.URL+path, body)
	if err != nil {
		t.Fatal(err)
	}
	if bearer != "" {
		req.Header.Set("Authorization", "Bearer "+bearer)
	}
	res, err := c.http.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	out, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, out
}

// newGame creates a game through the API as the director and returns its id and table code.
func (c *testClub) newGame(t testing.TB, g table.Setup) (int64, string) {
	t.Helper()
	status, body := c.call(t, "POST", "/api/games", testKey, g)
	if status != http.StatusCreated {
		t.Fatalf("new game: %d %s", status, body)
	}
	var made created
	if err := json.Unmarshal(body, &made); err != nil {
		t.Fatal(err)
	}
	return made.Game.Game, made.Code
}
