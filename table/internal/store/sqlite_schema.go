package store

import (
	"context"
	"errors"
	"fmt"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// SchemaVersion is the version of schema.sql, stored in the file's PRAGMA user_version. A file
// with a higher version was written by a newer tableside and is refused with ErrTooNew rather
// than misread.
const SchemaVersion = 4

// migration brings a database from schema version to-1 to version to.
type migration struct {
	to  int64
	sql string
}

// migrations lists the steps between schema versions, oldest first; version 1 was the first
// schema.sql. A schema change adds its statements here, makes the same change in schema.sql
// (which always describes a new file) and bumps SchemaVersion; Open runs the steps a file has
// not had, in one transaction, so a step that fails leaves the file as it was.
var migrations = []migration{
	{to: 2, sql: migrateMatch},
	{to: 3, sql: migrateImports},
	{to: 4, sql: migrateSummaries},
}

// migrateSummaries adds the summaries of schema version 4, empty: an older file's games are
// replayed for their lists until their next event, or `tableside summarize`, writes theirs.
const migrateSummaries = `CREATE TABLE summaries (
    game    INTEGER PRIMARY KEY REFERENCES games(id),
    seq     INTEGER NOT NULL,
    hash    TEXT    NOT NULL,
    version TEXT    NOT NULL,
    body    TEXT    NOT NULL,
    seal    TEXT    NOT NULL CHECK (length(seal) = 64)
);`

// migrateImports gives games the columns of schema version 3, where an imported game came from.
// Every game of an older file was recorded there, under the number it has: NULL in each.
const migrateImports = `ALTER TABLE games ADD COLUMN origin INTEGER;
ALTER TABLE games ADD COLUMN import_batch INTEGER;
ALTER TABLE games ADD COLUMN import_game INTEGER;`

// migrateMatch gives games the match column of schema version 2 and fills it from each game's
// first event. games_no_update forbids the UPDATE, so it is dropped for it and created again
// exactly as schema.sql has it (IF EXISTS: a file whose trigger was dropped by hand gets it back
// rather than becoming unopenable).
const migrateMatch = `ALTER TABLE games ADD COLUMN match TEXT NOT NULL DEFAULT '';
CREATE INDEX games_match ON games (match) WHERE match <> '';
DROP TRIGGER IF EXISTS games_no_update;
UPDATE games SET match = coalesce(
	(SELECT json_extract(payload, '$.match') FROM events WHERE game = games.id AND seq = 1), '');
CREATE TRIGGER games_no_update BEFORE UPDATE ON games
BEGIN
    SELECT RAISE(ABORT, 'events are append-only: a game''s kind and creation time never change');
END;`

// current reports whether the file already holds this version of the schema in WAL mode, and
// refuses a file that is not ours (ErrNotDatabase) or is newer (ErrTooNew).
func (s *SQLite) current(ctx context.Context) (bool, error) {
	empty, version, mode, err := classify(ctx, s.db)
	if err != nil || empty || version != SchemaVersion {
		return false, err
	}
	return mode == "wal", nil
}

// classify reads the file's identity: empty, or a tableside database of the given schema
// version, no newer than this package. Anything else is an error. It reads the journal mode in
// the same statement, so that opening an up-to-date file costs one query.
func classify(ctx context.Context, q queryer) (empty bool, version int64, mode string, err error) {
	var appID, objects int64
	err = q.QueryRowContext(ctx, `SELECT
		(SELECT application_id FROM pragma_application_id()),
		(SELECT user_version FROM pragma_user_version()),
		(SELECT count(*) FROM sqlite_schema),
		(SELECT journal_mode FROM pragma_journal_mode())`).Scan(&appID, &version, &objects, &mode)
	if err != nil {
		var se *sqlite.Error
		if errors.As(err, &se) {
			switch se.Code() & 0xff {
			case sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_CORRUPT:
				return false, 0, "", fmt.Errorf("%w: %w", ErrNotDatabase, err)
			}
		}
		return false, 0, "", err
	}
	switch {
	case appID == 0 && version == 0 && objects == 0:
		return true, 0, mode, nil
	case appID != applicationID:
		return false, 0, "", fmt.Errorf("%w: a SQLite database of another program", ErrNotDatabase)
	case version > SchemaVersion:
		return false, 0, "", fmt.Errorf("%w (schema version %d; this tableside knows up to version %d)",
			ErrTooNew, version, SchemaVersion)
	case version < 1:
		return false, 0, "", fmt.Errorf("%w: tableside header without a schema (version %d)", ErrNotDatabase, version)
	}
	return false, version, mode, nil
}

// setUp brings an empty or older file to the current schema and puts it in WAL mode.
func (s *SQLite) setUp(ctx context.Context, schema string) error {
	if err := s.migrate(ctx, schema); err != nil {
		return err
	}
	return s.wal(ctx)
}

// migrate applies the schema to an empty file or the missing migrations to an older one, in one
// immediate transaction, so that two processes opening a new file at once set it up only once:
// the second finds the file current and changes nothing.
func (s *SQLite) migrate(ctx context.Context, schema string) error {
	tx, done, err := s.begin(ctx)
	if err != nil {
		return err
	}
	defer done()
	empty, version, _, err := classify(ctx, tx)
	if err != nil {
		return err
	}
	switch {
	case empty:
		if _, err := tx.ExecContext(ctx, schema); err != nil {
			return fmt.Errorf("apply schema: %w", err)
		}
	case version == SchemaVersion:
		return nil
	default:
		for _, m := range migrations {
			if m.to <= version {
				continue
			}
			if _, err := tx.ExecContext(ctx, m.sql); err != nil {
				return fmt.Errorf("migrate to schema version %d: %w", m.to, err)
			}
			version = m.to
		}
		if version != SchemaVersion {
			return fmt.Errorf("no migration reaches schema version %d from %d", SchemaVersion, version)
		}
	}
	// PRAGMA takes no parameters; both values are constants of this package.
	if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA application_id = %d", applicationID)); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", SchemaVersion)); err != nil {
		return err
	}
	return commit(tx)
}

// wal puts the file in WAL mode, so that readers never wait for a writer. The mode is stored
// in the file: every later connection, of any process, uses it. It cannot change inside a
// transaction, so it follows the schema's.
func (s *SQLite) wal(ctx context.Context) error {
	var mode string
	if err := s.db.QueryRowContext(ctx, `PRAGMA journal_mode = WAL`).Scan(&mode); err != nil {
		return fmt.Errorf("journal mode: %w", err)
	}
	if mode != "wal" {
		return fmt.Errorf("journal mode: the file stays in %s mode, not wal", mode)
	}
	return nil
}
