package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

// Watch tells a long-running reader (the server) when the file has changed, whoever changed it:
// the same process, or a terminal recording from the command line. It holds one connection of
// its own, because SQLite's data_version counts the commits of every connection but the one
// asking.
type sqliteWatch struct {
	conn    *sql.Conn
	version int64
}

// Watch starts watching the file. Close it when done: it holds a connection.
func (s *SQLite) Watch(ctx context.Context) (Watcher, error) {
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("watch the file: %w", err)
	}
	w := &sqliteWatch{conn: conn}
	if _, err := w.Changed(ctx); err != nil {
		conn.Close()
		return nil, err
	}
	return w, nil
}

// Changed reports whether anything was committed to the file since the last call (or since
// Watch). It reads one number and no table.
func (w *sqliteWatch) Changed(ctx context.Context) (bool, error) {
	var v int64
	if err := w.conn.QueryRowContext(ctx, `PRAGMA data_version`).Scan(&v); err != nil {
		return false, fmt.Errorf("watch the file: %w", err)
	}
	changed := v != w.version
	w.version = v
	return changed, nil
}

// Close lets the watch's connection go.
func (w *sqliteWatch) Close() error { return w.conn.Close() }

// Heads returns the seq of the last event of each of games, by game; a game with no events is
// left out. Each is one search of the primary key, however long the log.
func (s *sqlLog) Heads(ctx context.Context, games []int64) (map[int64]int64, error) {
	heads := make(map[int64]int64, len(games))
	if len(games) == 0 {
		return heads, nil
	}
	args := make([]any, len(games))
	for i, g := range games {
		args[i] = g
	}
	q := `SELECT g.id, (SELECT max(seq) FROM events WHERE game = g.id) FROM games g WHERE g.id IN (?` +
		strings.Repeat(",?", len(games)-1) + `)`
	rows, err := s.query(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("last events: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var seq sql.NullInt64
		if err := rows.Scan(&id, &seq); err != nil {
			return nil, fmt.Errorf("last events: %w", err)
		}
		if seq.Valid {
			heads[id] = seq.Int64
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("last events: %w", err)
	}
	return heads, nil
}

// GamesSince lists the games created at or after since (Unix ms), in id order: the games of a
// club night.
func (s *sqlLog) GamesSince(ctx context.Context, since int64) ([]GameInfo, error) {
	games, err := s.listGames(ctx, gamesQuery+` WHERE g.created_at >= ? ORDER BY g.id`, since)
	if err != nil {
		return nil, fmt.Errorf("list games since %d: %w", since, err)
	}
	return games, nil
}
