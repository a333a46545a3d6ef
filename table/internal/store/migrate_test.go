package store_test

import (
	"bytes"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tableside/tableside/table/internal/store"
)

// copyV1 copies the repository's version-1 database, made by the tableside of that version,
// into a temporary directory, so that no test changes the original.
func copyV1(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../../../testdata/schema-v1.db")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "v1.db")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// eventRows reads every event row as SQLite stores it, each column as the driver returns it.
func eventRows(t *testing.T, db *sql.DB) [][]any {
	t.Helper()
	rows, err := db.Query(`SELECT game, seq, type, actor, payload, at, hash FROM events ORDER BY game, seq`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var all [][]any
	for rows.Next() {
		row := make([]any, 7)
		ptrs := make([]any, len(row))
		for i := range row {
			ptrs[i] = &row[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		all = append(all, row)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return all
}

func pragmaInt(t *testing.T, db *sql.DB, name string) int64 {
	t.Helper()
	var n int64
	if err := db.QueryRow(`SELECT * FROM pragma_` + name + `()`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestMigrateV1: what the suite cannot see of a migration (storetest's MigratesAnOlderSchema
// checks the events, listings, guards and verify of this file migrated): the file's rows are
// left as they were stored, each column as the driver returns it, and opening it again changes
// nothing in its schema.
func TestMigrateV1(t *testing.T) {
	path := copyV1(t)
	db := rawDB(t, path)
	if v := pragmaInt(t, db, "user_version"); v != 1 {
		t.Fatalf("the fixture is at schema version %d, want 1", v)
	}
	before := eventRows(t, db)
	if len(before) != 191 {
		t.Fatalf("the fixture holds %d events, want 191", len(before))
	}

	s, err := store.Open(t.Context(), path, testSchema(t))
	if err != nil {
		t.Fatal(err)
	}
	if v := pragmaInt(t, db, "user_version"); v != store.SchemaVersion {
		t.Fatalf("user_version %d after migrating, want %d", v, store.SchemaVersion)
	}
	if after := eventRows(t, db); !reflect.DeepEqual(after, before) {
		t.Fatal("migrating changed the events")
	}

	// Opened again, the file is current: nothing is migrated twice (which would change the
	// schema, and fail on the column that is already there).
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	schemaVersion := pragmaInt(t, db, "schema_version")
	s = openStoreAt(t, path)
	if _, err := s.Load(t.Context(), 1); err != nil {
		t.Fatal(err)
	}
	if v := pragmaInt(t, db, "schema_version"); v != schemaVersion {
		t.Fatalf("reopening changed the schema (schema_version %d, was %d)", v, schemaVersion)
	}
}

// A migrated file is the database schema.sql makes: the same columns in the same order, and
// the same indexes and triggers, word for word.
func TestMigratedSchemaMatchesNew(t *testing.T) {
	migrated := copyV1(t)
	openStoreAt(t, migrated)
	fresh := filepath.Join(t.TempDir(), "new.db")
	openStoreAt(t, fresh)
	got, err := store.DescribeSchema(t.Context(), rawDB(t, migrated))
	if err != nil {
		t.Fatal(err)
	}
	want, err := store.DescribeSchema(t.Context(), rawDB(t, fresh))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("migrated:\n%v\n\nnew:\n%v", got, want)
	}
	if !slices.Contains(want["table games"], "column match TEXT notnull=1 default='' pk=0") {
		t.Fatalf("a new file has no match column:\n%v", want)
	}
}

// TestMigrateRefusesNewerFile: a newer file is refused (as the suite checks of every store) with
// not a byte of it changed, not even its journal mode, which only a file can show.
func TestMigrateRefusesNewerFile(t *testing.T) {
	path := copyV1(t)
	db := rawDB(t, path)
	if _, err := db.Exec(fmt.Sprintf(`PRAGMA user_version = %d`, store.SchemaVersion+1)); err != nil {
		t.Fatal(err)
	}
	db.Close()
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.Open(t.Context(), path, testSchema(t)); !errors.Is(err, store.ErrTooNew) {
		t.Fatalf("err = %v, want ErrTooNew", err)
	}
	if after, err := os.ReadFile(path); err != nil || !bytes.Equal(after, before) {
		t.Fatalf("Open changed a file it refused (%v)", err)
	}
}

// A migration that fails part way leaves the file at the version it had: here the last game's
// first event, written past the CHECK constraint, is not JSON, so json_extract fails after the
// column was added and the trigger dropped.
func TestMigrateAllOrNothing(t *testing.T) {
	path := copyV1(t)
	db, err := sql.Open("sqlite", store.DSN(path, "_pragma=ignore_check_constraints(1)"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range []string{
		`INSERT INTO games (id, kind, created_at) VALUES (8, 'candidate', 1795426230000)`,
		`INSERT INTO events VALUES (8, 1, 'game.created', '', '{"kind":"candidate","match":', 1795426230000, '` +
			strings.Repeat("0", 64) + `')`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	before := eventRows(t, db)
	beforeSchema, err := store.DescribeSchema(t.Context(), db)
	if err != nil {
		t.Fatal(err)
	}

	_, err = store.Open(t.Context(), path, testSchema(t))
	if err == nil || !strings.Contains(err.Error(), "migrate to schema version 2") || !strings.Contains(err.Error(), "JSON") {
		t.Fatalf("err = %v, want the migration failing on the JSON", err)
	}
	if v := pragmaInt(t, db, "user_version"); v != 1 {
		t.Fatalf("user_version %d after a failed migration, want 1", v)
	}
	if got, err := store.DescribeSchema(t.Context(), db); err != nil || !reflect.DeepEqual(got, beforeSchema) {
		t.Fatalf("a failed migration changed the schema (%v):\n%v", err, got)
	}
	if !reflect.DeepEqual(eventRows(t, db), before) {
		t.Fatal("a failed migration changed the events")
	}
}
