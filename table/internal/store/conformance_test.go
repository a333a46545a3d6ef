package store_test

import (
	"database/sql"
	"os"
	"path/filepath"
	"testing"

	_ "modernc.org/sqlite"

	"github.com/tableside/tableside/table/internal/store"
	"github.com/tableside/tableside/table/internal/store/storetest"
)

// sqliteFile is a store in a new file of its own.
type sqliteFile struct {
	path   string
	schema string
}

func (f sqliteFile) Open(t *testing.T) store.Store {
	t.Helper()
	s, err := store.Open(t.Context(), f.path, f.schema)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// Exec opens the file with the plain driver, as another SQLite tool would.
func (f sqliteFile) Exec(t *testing.T, statement string) error {
	t.Helper()
	db, err := sql.Open("sqlite", f.path+"?_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	_, err = db.ExecContext(t.Context(), statement)
	return err
}

// TestSQLiteKeepsTheContract: the embedded default passes the store's conformance suite.
func TestSQLiteKeepsTheContract(t *testing.T) {
	schema, err := os.ReadFile("../../../schema.sql")
	if err != nil {
		t.Fatal(err)
	}
	storetest.Run(t, func(t *testing.T) storetest.Place {
		return sqliteFile{path: filepath.Join(t.TempDir(), "tableside.db"), schema: string(schema)}
	})
}
