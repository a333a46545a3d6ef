package web

import (
	"database/sql"
	"fmt"
	"net/http"
	"path/filepath"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib"

	"github.com/tableside/tableside/internal/needs"
)

// TestAMoveTheDatabaseKeptOutIsToldAsSuch: the database's owner makes every insert into a game's
// log write nothing and succeed (SQLite's trigger that raises IGNORE, PostgreSQL's rule DO
// INSTEAD NOTHING). A move, a correction and a new game are answered 503 saying that the
// database did not store them, not as a failure of the server, and nothing is recorded.
func TestAMoveTheDatabaseKeptOutIsToldAsSuch(t *testing.T) {
	for name, open := range map[string]func(t *testing.T) (c *testClub, driver, dsn, quiet string){
		"sqlite": func(t *testing.T) (*testClub, string, string, string) {
			path := filepath.Join(t.TempDir(), "club.db")
			return serveStore(t, path, false), "sqlite", "file:" + path,
				`CREATE TRIGGER quiet BEFORE INSERT ON events BEGIN SELECT RAISE(IGNORE); END`
		},
		"postgres": func(t *testing.T) (*testClub, string, string, string) {
			dsn := needs.Postgres(t).Database(t)
			return serveStore(t, dsn, false), "pgx", dsn, `CREATE RULE quiet AS ON INSERT TO events DO INSTEAD NOTHING`
		},
	} {
		t.Run(name, func(t *testing.T) {
			c, driver, dsn, quiet := open(t)
			game, code := c.newGame(t, pinochle)
			db, err := sql.Open(driver, dsn) // the owner, in a program of their own
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			if _, err := db.ExecContext(t.Context(), quiet); err != nil {
				t.Fatal(err)
			}
			for _, try := range []struct {
				what, path, bearer string
				body               any
			}{
				{"the move", fmt.Sprintf("/api/games/%d/moves", game), code, move{Move: "ann bid 10"}},
				{"the correction", fmt.Sprintf("/api/games/%d/corrections", game), testKey, correction{Verb: "abandon", Note: "the hall closed"}},
				{"the new game", "/api/games", testKey, pinochle},
			} {
				status, body := c.call(t, "POST", try.path, try.bearer, try.body)
				e := apiFailure(t, body)
				want := "the database did not store " + try.what + "; nothing was recorded"
				if status != http.StatusServiceUnavailable || e.Error.Code != "unavailable" || e.Error.Message != want {
					t.Errorf("%s kept out: %d %s, want 503 saying %q", try.what, status, body, want)
				}
			}
			if g, err := c.app.Game(t.Context(), game); err != nil || g.Last() != 1 {
				t.Errorf("the log has %d events (%v), want 1", g.Last(), err)
			}
		})
	}
}
