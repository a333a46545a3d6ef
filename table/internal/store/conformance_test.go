package store_test

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "modernc.org/sqlite"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/table/internal/store"
	"github.com/tableside/tableside/table/internal/store/storetest"
)

// sqliteFile is a store in a new file of its own.
type sqliteFile struct {
	path   string
	schema string
}

func (f sqliteFile) Open(t *testing.T) (store.Store, error) {
	t.Helper()
	s, err := store.Open(t.Context(), f.path, f.schema)
	if err != nil {
		return nil, err
	}
	t.Cleanup(func() { s.Close() })
	return s, nil
}

// raw opens the file with the plain driver, as another SQLite tool would. Close it when done.
func (f sqliteFile) raw(t *testing.T) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", f.path+"?_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	return db
}

// Hold begins a write transaction on the file with the plain driver and keeps it open.
func (f sqliteFile) Hold(t *testing.T) func() {
	t.Helper()
	return hold(t, f.raw(t), `BEGIN IMMEDIATE`)
}

// hold takes a lock on db with begin, on a connection kept for it, and returns what lets it go.
func hold(t *testing.T, db *sql.DB, begin ...string) func() {
	t.Helper()
	conn, err := db.Conn(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	for _, stmt := range begin {
		if _, err := conn.ExecContext(t.Context(), stmt); err != nil {
			t.Fatal(err)
		}
	}
	return func() {
		conn.ExecContext(context.Background(), `ROLLBACK`)
		conn.Close()
		db.Close()
	}
}

func (f sqliteFile) Exec(t *testing.T, statement string) error {
	t.Helper()
	db := f.raw(t)
	defer db.Close()
	_, err := db.ExecContext(t.Context(), statement)
	return err
}

// Forge drops every trigger, runs the statements, and makes the triggers again from their own
// text in the file, so that the schema reads as it did. (The plain driver leaves foreign keys
// unchecked, as SQLite does by default.)
func (f sqliteFile) Forge(t *testing.T, statements ...string) {
	t.Helper()
	db := f.raw(t)
	defer db.Close()
	rows, err := db.QueryContext(t.Context(), `SELECT name, sql FROM sqlite_schema WHERE type = 'trigger'`)
	if err != nil {
		t.Fatal(err)
	}
	var lift, restore []string
	for rows.Next() {
		var name, text string
		if err := rows.Scan(&name, &text); err != nil {
			t.Fatal(err)
		}
		lift = append(lift, "DROP TRIGGER "+name)
		restore = append(restore, text)
	}
	if err := rows.Close(); err != nil {
		t.Fatal(err)
	}
	for _, stmt := range append(append(lift, statements...), restore...) {
		if _, err := db.ExecContext(t.Context(), stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
}

// LiftGuard drops the trigger: SQLite has no way to disable one.
func (f sqliteFile) LiftGuard(t *testing.T, trigger string) {
	t.Helper()
	if err := f.Exec(t, "DROP TRIGGER "+trigger); err != nil {
		t.Fatal(err)
	}
}

// Sideline makes the trigger again from its own text with a condition that never holds: it
// keeps its name and no longer fires (SQLite has no firing modes).
func (f sqliteFile) Sideline(t *testing.T, trigger string) {
	t.Helper()
	db := f.raw(t)
	defer db.Close()
	var text string
	if err := db.QueryRowContext(t.Context(), `SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = ?`, trigger).Scan(&text); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(text, "\nWHEN ") {
		text = strings.Replace(text, "\nWHEN ", "\nWHEN 0 AND ", 1)
	} else {
		text = strings.Replace(text, "\nBEGIN", " WHEN 0\nBEGIN", 1)
	}
	for _, stmt := range []string{"DROP TRIGGER " + trigger, text} {
		if _, err := db.ExecContext(t.Context(), stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
}

// Quiet adds a trigger that skips every insert into the game's events without an error.
func (f sqliteFile) Quiet(t *testing.T, game int64) string {
	t.Helper()
	if err := f.Exec(t, fmt.Sprintf(`CREATE TRIGGER quiet BEFORE INSERT ON events WHEN NEW.game = %d BEGIN SELECT RAISE(IGNORE); END`, game)); err != nil {
		t.Fatal(err)
	}
	return "quiet"
}

// Version reads PRAGMA user_version, where the file keeps its schema's version.
func (f sqliteFile) Version(t *testing.T) int64 {
	t.Helper()
	db := f.raw(t)
	defer db.Close()
	var v int64
	if err := db.QueryRowContext(t.Context(), `SELECT user_version FROM pragma_user_version()`).Scan(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

func (f sqliteFile) SetVersion(t *testing.T, version int64) {
	t.Helper()
	if err := f.Exec(t, fmt.Sprintf("PRAGMA user_version = %d", version)); err != nil {
		t.Fatal(err)
	}
}

// Older is the repository's file of schema version 1, made by the tableside of that version.
func (f sqliteFile) Older(t *testing.T) (int64, []events.Event) {
	t.Helper()
	b, err := os.ReadFile("../../../testdata/schema-v1.db")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(f.path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	db := f.raw(t)
	defer db.Close()
	rows, err := db.QueryContext(t.Context(), `SELECT game, seq, type, actor, payload, at, hash FROM events ORDER BY game, seq`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var log []events.Event
	for rows.Next() {
		var e events.Event
		if err := rows.Scan(&e.Game, &e.Seq, &e.Type, &e.Actor, (*[]byte)(&e.Payload), &e.At, &e.Hash); err != nil {
			t.Fatal(err)
		}
		log = append(log, e)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return f.Version(t), log
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
