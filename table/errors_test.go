package table

import (
	"database/sql"
	"path/filepath"
	"strings"
	"testing"

	_ "modernc.org/sqlite"
)

// TestABusyFileIsTheCoresOwnError: SQLite's "database is locked" becomes the application's
// Busy, in its own words, which each face maps once; other errors pass as they are.
func TestABusyFileIsTheCoresOwnError(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	holder, err := sql.Open("sqlite", "file:"+path+"?_txlock=immediate")
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	tx, err := holder.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if _, err := tx.Exec(`CREATE TABLE t (x)`); err != nil {
		t.Fatal(err)
	}
	other, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(0)")
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	_, busy := other.Exec(`CREATE TABLE u (y)`)
	if busy == nil {
		t.Fatal("a second writer was not kept out")
	}
	err = Explain(busy)
	if CodeOf(busy) != Busy || CodeOf(err) != Busy || !strings.Contains(err.Error(), "the file is busy") || HintOf(busy) == "" {
		t.Errorf("%v became %v (code %q)", busy, err, CodeOf(err))
	}
	if plain := sql.ErrNoRows; Explain(plain) != plain || CodeOf(plain) != "" {
		t.Errorf("another error was changed: %v", Explain(plain))
	}
}
