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

// verifyRows runs checks, queries that each return (game, seq, reason) for every row that
// breaks a rule the store keeps, and names the game ids missing between games (idGaps).
func (s *sqlLog) verifyRows(ctx context.Context, checks []string) ([]events.Broken, error) {
	var broken []events.Broken
	for _, q := range checks {
		found, err := s.findings(ctx, q)
		if err != nil {
			return nil, err
		}
		broken = append(broken, found...)
	}
	gaps, err := s.idGaps(ctx)
	if err != nil {
		return nil, err
	}
	return append(broken, gaps...), nil
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

// movedChecks hold where imported games came from to what an import writes, in SQL both
// databases read: the number the chain covers, the import and the number in its file are kept
// together or not at all, and no two games are the same game of one file.
var movedChecks = []string{
	`SELECT id, 0, 'the games row says only in part where the game was imported from: the row was changed behind the log''s back'
	FROM games WHERE (origin IS NULL) <> (import_batch IS NULL) OR (origin IS NULL) <> (import_game IS NULL) OR origin < 1`,
	`SELECT max(id), 0, 'two games say they are game ' || import_game || ' of the same imported file (also game ' || min(id)
		|| '): a games row was changed behind the log''s back'
	FROM games WHERE import_batch IS NOT NULL GROUP BY import_batch, import_game HAVING count(*) > 1`,
}

func (s *sqlLog) findings(ctx context.Context, query string) ([]events.Broken, error) {
	rows, err := s.query(ctx, query)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var found []events.Broken
	for rows.Next() {
		var b events.Broken
		if err := rows.Scan(&b.Game, &b.Seq, &b.Reason); err != nil {
			return nil, err
		}
		found = append(found, b)
	}
	return found, rows.Err()
}

// idGaps names the games missing between two games of the file: ids are handed out in turn and
// a game is never deleted, so a gap is a game removed.
func (s *sqlLog) idGaps(ctx context.Context) ([]events.Broken, error) {
	rows, err := s.query(ctx, `SELECT id, next FROM (SELECT id, lead(id) OVER (ORDER BY id) AS next FROM games) AS g
		WHERE next > id + 1`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var found []events.Broken
	// Games are numbered from 1: a file whose first game is not game 1 lost its first games.
	var first sql.NullInt64
	if err := s.queryRow(ctx, `SELECT min(id) FROM games`).Scan(&first); err != nil {
		return nil, err
	}
	if first.Int64 > 1 {
		what := "missing, before game 2: a game is never deleted"
		if first.Int64 > 2 {
			what = fmt.Sprintf("missing, with every game to %d, before game %d: a game is never deleted", first.Int64-1, first.Int64)
		}
		found = append(found, events.Broken{Game: 1, Reason: what})
	}
	for rows.Next() {
		var id, next int64
		if err := rows.Scan(&id, &next); err != nil {
			return nil, err
		}
		what := fmt.Sprintf("missing between games %d and %d: a game is never deleted", id, next)
		if next > id+2 {
			what = fmt.Sprintf("missing, with every game to %d, between games %d and %d: a game is never deleted", next-1, id, next)
		}
		found = append(found, events.Broken{Game: id + 1, Reason: what})
	}
	return found, rows.Err()
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

// protects says what a missing or changed trigger no longer guards.
func protects(o schemaObject) string {
	if o.kind != "trigger" {
		return ""
	}
	return ": the file no longer refuses what it refused (" + o.name + "); any SQLite tool may have changed the log since"
}

// endsQuery steps from game to game through the events' key (each next game is one lookup)
// and reads each one's last event: a few lookups a game, where grouping the events would read
// every one of them, which cost `games` an eighth of its time on a large file.
const endsQuery = `WITH RECURSIVE g(game) AS (
		SELECT min(game) FROM events
		UNION ALL SELECT (SELECT min(game) FROM events WHERE game > g.game) FROM g WHERE g.game IS NOT NULL)
	SELECT e.game, e.seq, e.hash FROM g
	JOIN events e ON e.game = g.game AND e.seq = (SELECT max(seq) FROM events WHERE game = g.game)
	ORDER BY e.game`

// Ends reads where every game's log ends, in game order: what the file's seal is made of
// (events.FileSeal). It reads the log itself, not the games rows, since the log is the record.
func (s *sqlLog) Ends(ctx context.Context) ([]events.Head, error) {
	rows, err := s.query(ctx, endsQuery)
	if err != nil {
		return nil, fmt.Errorf("the games' last events: %w", err)
	}
	defer rows.Close()
	var heads []events.Head
	for rows.Next() {
		var h events.Head
		if err := rows.Scan(&h.Game, &h.Events, &h.Hash); err != nil {
			return nil, fmt.Errorf("the games' last events: %w", err)
		}
		heads = append(heads, h)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("the games' last events: %w", err)
	}
	return heads, nil
}
