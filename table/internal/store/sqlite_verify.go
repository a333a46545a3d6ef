package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"github.com/tableside/tableside/events"
)

// VerifyFile checks the file apart from the games' hash chains, which the application walks
// on every core (events.CheckChain a game at a time, read by ScanGames with hashes):
//
//   - the tables, indexes and triggers against schema.sql: one dropped or changed no longer
//     protects the log;
//   - every games row against its game's first event (kind, time, match);
//   - games with no events, events with no game, and game ids missing between two games (a
//     game is never deleted).
func (s *SQLite) VerifyFile(ctx context.Context) ([]events.Broken, error) {
	broken, err := s.verifySchema(ctx)
	if err != nil {
		return nil, fmt.Errorf("verify: %w", err)
	}
	found, err := s.verifyRows(ctx, slices.Concat(fileChecks, movedChecks))
	if err != nil {
		return nil, fmt.Errorf("verify: %w", err)
	}
	return append(broken, found...), nil
}

// fileChecks are queries that each return (game, seq, reason) for every row of the file that
// breaks a rule the store keeps.
var fileChecks = []string{
	// A games row is a copy of its game's first event.
	`SELECT g.id, 1, 'the games row says kind ' || quote(g.kind) || ' where the first event says '
		|| quote(json_extract(e.payload, '$.kind')) || ': the row was changed behind the log''s back'
	FROM games g JOIN events e ON e.game = g.id AND e.seq = 1
	WHERE g.kind IS NOT json_extract(e.payload, '$.kind')`,
	`SELECT g.id, 1, 'the games row says created at ' || g.created_at || ' where the first event was recorded at '
		|| e.at || ': the row was changed behind the log''s back'
	FROM games g JOIN events e ON e.game = g.id AND e.seq = 1
	WHERE g.created_at IS NOT e.at`,
	`SELECT g.id, 1, 'the games row says match ' || quote(g.match) || ' where the first event says '
		|| quote(coalesce(json_extract(e.payload, '$.match'), '')) || ': the row was changed behind the log''s back'
	FROM games g JOIN events e ON e.game = g.id AND e.seq = 1
	WHERE g.match IS NOT coalesce(json_extract(e.payload, '$.match'), '')`,
	`SELECT id, 0, 'the game has no events' FROM games
	WHERE NOT EXISTS (SELECT 1 FROM events WHERE game = games.id)`,
	`SELECT game, min(seq), 'events of a game that has no games row' FROM events
	WHERE game NOT IN (SELECT id FROM games) GROUP BY game`,
}

// schemaQuery describes a database's tables, indexes and triggers, one line each: every column
// as SQLite sees it, and the text of every index and trigger.
const schemaQuery = `SELECT m.type, m.name, 'column ' || c.name || ' ' || c.type || ' notnull=' || c."notnull"
		|| ' default=' || coalesce(c.dflt_value, 'none') || ' pk=' || c.pk
	FROM sqlite_schema m, pragma_table_xinfo(m.name) c WHERE m.type = 'table'
	UNION ALL
	SELECT m.type, m.name, m.sql FROM sqlite_schema m WHERE m.type IN ('index', 'trigger') AND m.sql IS NOT NULL
	ORDER BY 1, 2, 3`

type schemaObject struct{ kind, name string }

// describeSchema reads schemaQuery: for each table, index and trigger, its lines.
func describeSchema(ctx context.Context, db *sql.DB) (map[schemaObject][]string, error) {
	rows, err := db.QueryContext(ctx, schemaQuery)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	objects := map[schemaObject][]string{}
	for rows.Next() {
		var o schemaObject
		var line string
		if err := rows.Scan(&o.kind, &o.name, &line); err != nil {
			return nil, err
		}
		objects[o] = append(objects[o], line)
	}
	return objects, rows.Err()
}

// verifySchema holds the file's tables, indexes and triggers against those schema.sql makes in
// an empty database in memory, and names each one missing, changed or added.
func (s *SQLite) verifySchema(ctx context.Context) ([]events.Broken, error) {
	ref, err := sql.Open("sqlite", "file:verify?mode=memory") // the plain driver: WAL means nothing in memory
	if err != nil {
		return nil, err
	}
	defer ref.Close()
	ref.SetMaxOpenConns(1)
	if _, err := ref.ExecContext(ctx, s.schema); err != nil {
		return nil, fmt.Errorf("schema.sql: %w", err)
	}
	want, err := describeSchema(ctx, ref)
	if err != nil {
		return nil, err
	}
	got, err := describeSchema(ctx, s.db)
	if err != nil {
		return nil, err
	}
	var found []events.Broken
	for o, lines := range want {
		switch have, ok := got[o]; {
		case !ok:
			found = append(found, events.Broken{Reason: fmt.Sprintf("the %s %s is missing%s", o.kind, o.name, protects(o))})
		case !slices.Equal(have, lines):
			found = append(found, events.Broken{Reason: fmt.Sprintf("the %s %s is not as tableside made it%s", o.kind, o.name, protects(o))})
		}
	}
	for o := range got {
		if _, ok := want[o]; !ok {
			found = append(found, events.Broken{Reason: fmt.Sprintf("the %s %s was not made by tableside", o.kind, o.name)})
		}
	}
	slices.SortFunc(found, func(a, b events.Broken) int { return strings.Compare(a.Reason, b.Reason) })
	return found, nil
}

// sqliteGuardToken is the file's schema_version, which SQLite adds one to at every change of
// the schema: a trigger dropped, made again, or changed.
const sqliteGuardToken = `(SELECT schema_version FROM pragma_schema_version)`

// guardsAt reports whether the file's schema, at the schema_version token, is schema.sql's, as
// verify finds it: every trigger there and as made, so that no row of the log can have
// changed while the version stands. The version is read before and after the schema, so that
// a change between the two is not taken for the schema at token.
func (s *SQLite) guardsAt(ctx context.Context, token string) (bool, error) {
	version := func() (string, error) {
		var v string
		err := s.db.QueryRowContext(ctx, `SELECT `+sqliteGuardToken).Scan(&v)
		return v, err
	}
	before, err := version()
	if err != nil || before != token {
		return false, err
	}
	broken, err := s.verifySchema(ctx)
	if err != nil || len(broken) > 0 {
		return false, err
	}
	after, err := version()
	return after == token, err
}

// protects says what a missing or changed trigger no longer guards.
func protects(o schemaObject) string {
	if o.kind != "trigger" {
		return ""
	}
	return ": the file no longer refuses what it refused (" + o.name + "); any SQLite tool may have changed the log since"
}
