package store

import (
	"context"
	"database/sql"
	"fmt"
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
