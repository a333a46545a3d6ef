package commands

import (
	"strings"
	"testing"

	"github.com/tableside/tableside/internal/needs"
)

// TestDBPostgres: --db with a postgres:// URL keeps the games in PostgreSQL, across processes,
// and demo does not tell anyone to delete a file.
func TestDBPostgres(t *testing.T) {
	db := needs.Postgres(t).Database(t)
	dir := t.TempDir()
	out := run(t, dir, "--db", db, "demo")
	if !strings.Contains(out, "game 1 is saved in postgres://") || strings.Contains(out, "delete the file") {
		t.Errorf("demo on PostgreSQL says:\n%s", out)
	}
	if out := run(t, dir, "--db", db, "verify"); !strings.Contains(out, "verified 1 game") {
		t.Errorf("verify on PostgreSQL says:\n%s", out)
	}
	if out := run(t, dir, "--db", db, "games"); !strings.Contains(out, "over: bob won") {
		t.Errorf("games on PostgreSQL says:\n%s", out)
	}
}
