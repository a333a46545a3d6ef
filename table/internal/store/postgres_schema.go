package store

import (
	"context"
	"database/sql"
	_ "embed"
	"fmt"
)

// PostgresSchemaVersion is the version of postgres.sql, kept in the one row of the table
// tableside_schema. A database with a higher version was made by a newer tableside and is
// refused with ErrTooNew rather than misread.
const PostgresSchemaVersion = 3

// PostgresSchema is postgres.sql, which OpenPostgres applies to a database without tableside's
// tables.
//
//go:embed postgres.sql
var PostgresSchema string

// postgresMigrations are the steps between postgres.sql's versions, as migrations are SQLite's:
// postgresMigrations[v] brings version v to v+1. Version 2 added where an imported game came
// from, version 3 the games' summaries. Every append writes its game's summary, so a role that
// appends is given what it needs of summaries as the table is made: the servers' role of a
// league upgraded in place goes on recording without a new grant.
var postgresMigrations = map[int64]string{
	1: `ALTER TABLE games ADD COLUMN origin BIGINT, ADD COLUMN import_batch BIGINT, ADD COLUMN import_game BIGINT`,
	2: `CREATE TABLE summaries (
    game    BIGINT PRIMARY KEY REFERENCES games (id),
    seq     BIGINT NOT NULL,
    hash    TEXT   NOT NULL,
    version TEXT   NOT NULL,
    body    TEXT   NOT NULL,
    seal    TEXT   NOT NULL CHECK (length(seal) = 64)
);
DO $$
DECLARE r record;
BEGIN
    FOR r IN SELECT DISTINCT grantee FROM information_schema.role_table_grants
             WHERE table_schema = current_schema() AND table_name = 'events' AND privilege_type = 'INSERT'
               AND grantee <> current_user
    LOOP
        EXECUTE 'GRANT SELECT, INSERT, UPDATE ON summaries TO ' ||
            CASE WHEN r.grantee = 'PUBLIC' THEN 'PUBLIC' ELSE quote_ident(r.grantee) END;
    END LOOP;
END $$`,
}

// setUp applies the schema to a database without it, in one transaction holding the creation
// lock, so that two servers opening a new database at once set it up once, and checks the
// version of one that has it.
func (s *Postgres) setUp(ctx context.Context) error {
	version, err := s.version(ctx, s.db)
	if err != nil || version == PostgresSchemaVersion {
		return err
	}
	tx, done, err := s.begin(ctx)
	if err != nil {
		return err
	}
	defer done()
	if _, err := tx.ExecContext(ctx, s.lockCreate); err != nil {
		return err
	}
	if version, err = s.version(ctx, tx); err != nil || version == PostgresSchemaVersion {
		return err
	}
	if version != 0 {
		for ; version < PostgresSchemaVersion; version++ {
			step, ok := postgresMigrations[version]
			if !ok {
				return fmt.Errorf("no migration reaches schema version %d from %d", PostgresSchemaVersion, version)
			}
			if _, err := tx.ExecContext(ctx, step); err != nil {
				return fmt.Errorf("migrate to schema version %d: %w", version+1, err)
			}
		}
		if _, err := tx.ExecContext(ctx, `UPDATE tableside_schema SET version = $1`, PostgresSchemaVersion); err != nil {
			return fmt.Errorf("migrate: %w", err)
		}
		return commit(tx)
	}
	var theirs bool
	if err := tx.QueryRowContext(ctx, tablesQuery, []string{"games", "events"}).Scan(&theirs); err != nil {
		return err
	}
	if theirs {
		return fmt.Errorf("%w: the database has tables games or events that are not tableside's", ErrNotDatabase)
	}
	if _, err := tx.ExecContext(ctx, PostgresSchema); err != nil {
		return fmt.Errorf("apply schema: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO tableside_schema (version) VALUES ($1)`, PostgresSchemaVersion); err != nil {
		return fmt.Errorf("apply schema: %w", err)
	}
	return commit(tx)
}

// tablesQuery says whether the schema in use holds a table of one of the names given. It reads
// pg_tables, as of the statement, rather than asking to_regclass: that answers from the
// connection's cache of the catalog, which need not yet know of a table another server has
// just made (a server that waited for another's setUp would take its tables for a stranger's).
const tablesQuery = `SELECT EXISTS (SELECT 1 FROM pg_tables WHERE schemaname = current_schema() AND tablename = ANY ($1::text[]))`

// version reads the schema's version, 0 for a database without tableside's schema, and
// refuses a newer one.
func (s *Postgres) version(ctx context.Context, q queryer) (int64, error) {
	var exists bool
	if err := q.QueryRowContext(ctx, tablesQuery, []string{"tableside_schema"}).Scan(&exists); err != nil || !exists {
		return 0, err
	}
	var version sql.NullInt64
	err := q.QueryRowContext(ctx, `SELECT max(version) FROM tableside_schema`).Scan(&version)
	switch {
	case err != nil:
		return 0, err
	case !version.Valid:
		return 0, fmt.Errorf("%w: tableside's schema table holds no version", ErrNotDatabase)
	case version.Int64 > PostgresSchemaVersion:
		return 0, fmt.Errorf("%w (schema version %d; this tableside knows up to version %d)",
			ErrTooNew, version.Int64, PostgresSchemaVersion)
	}
	return version.Int64, nil
}
