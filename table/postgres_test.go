package table

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/tableside/tableside/internal/needs"
)

// TestOpenPostgres: a postgres:// URL opens the application on a PostgreSQL database, where
// games are created, played, refused for their match and verified as in a file, and a second
// opening sees them.
func TestOpenPostgres(t *testing.T) {
	dsn := needs.Postgres(t).Database(t)
	open := func() *App {
		a, err := Open(t.Context(), dsn, testSchema(t))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { a.Close() })
		return a
	}
	a := open()
	if !strings.HasPrefix(a.Path(), "postgres://") {
		t.Errorf("the database is named %q", a.Path())
	}
	g, err := a.New(t.Context(), Setup{Kind: "pinochle", Players: []string{"ann", "bob"}, Opener: "ann", Match: "pin night"})
	if err != nil {
		t.Fatal(err)
	}
	played := play(t, a, g.ID, pinochleLead...)
	_, err = a.New(t.Context(), Setup{Kind: "candidate", Players: []string{"ann", "bob"}, Dealer: "bob", Match: "pin night"})
	if CodeOf(err) != Invalid || !strings.Contains(err.Error(), `match "pin night" is a match of pinochle, not candidate`) {
		t.Errorf("a candidate game in a pinochle match: %v (code %q)", err, CodeOf(err))
	}
	b := open()
	again, err := b.Game(t.Context(), g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Log) != len(played.Log) || again.Log[len(again.Log)-1].Hash != played.Log[len(played.Log)-1].Hash {
		t.Errorf("another handle reads %d events, want %d, ending in the same hash", len(again.Log), len(played.Log))
	}
	v, err := b.Verify(t.Context(), func() {})
	if err != nil || len(v.Broken) != 0 || v.Games != 1 {
		t.Errorf("verify: %+v (%v)", v, err)
	}
}

// TestOpenPathIsAFile: only a postgres:// or postgresql:// URL names PostgreSQL; any other
// path, one with postgres in its name included, is a SQLite file.
func TestOpenPathIsAFile(t *testing.T) {
	for _, name := range []string{"postgres.db", "postgres:", "postgresql"} {
		path := filepath.Join(t.TempDir(), name)
		a, err := Open(t.Context(), path, testSchema(t))
		if err != nil {
			t.Fatal(err)
		}
		if a.Path() != path {
			t.Errorf("%s opened as %s", path, a.Path())
		}
		a.Close()
	}
	for path, want := range map[string]bool{
		"postgres://u@h/db": true, "postgresql://h/db": true, "postgres.db": false, "./postgres://x": false, "tableside.db": false,
	} {
		if IsPostgres(path) != want {
			t.Errorf("IsPostgres(%q) = %v", path, !want)
		}
	}
}
