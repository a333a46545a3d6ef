package store

import (
	"context"
	"database/sql"
	_ "embed"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"

	"github.com/tableside/tableside/events"
)

// PostgresSchemaVersion is the version of postgres.sql, kept in the one row of the table
// tableside_schema. A database with a higher version was made by a newer tableside and is
// refused with ErrTooNew rather than misread.
const PostgresSchemaVersion = 2

// PostgresSchema is postgres.sql, which OpenPostgres applies to a database without tableside's
// tables.
//
//go:embed postgres.sql
var PostgresSchema string

// pgConns is how many connections a store holds at most, all kept open. A server's requests
// beyond it wait their turn in the process rather than each start a PostgreSQL backend: with no
// bound, and fewer kept idle than in use, a club night of 100 tables opened and closed
// connections all evening and recorded a quarter of the moves a second it does with one.
const pgConns = 8

// pgWriters is how many of them may write at once, leaving the rest to readers.
var pgWriters = 8

// notifyChannel is the channel postgres.sql's trigger notifies when events are committed.
const notifyChannel = "tableside_events"

// Postgres is the store in a PostgreSQL database, for a league whose servers share one log. It
// keeps the contract as SQLite does, with the same Go: it reaches PostgreSQL through pgx's
// database/sql driver (pgx/v5/stdlib) rather than pgxpool, so that sqlLog's code — preparing
// events, chaining hashes, deciding a conflict, checking a match, every read — serves both
// stores, and only the SQL that differs is written twice. The watch alone holds a native pgx
// connection, since LISTEN needs one connection kept to itself.
//
// Writers run at READ COMMITTED and take advisory locks where SQLite's immediate
// transaction takes the file's write lock:
//
//   - Append takes a transaction-scoped advisory lock on the game before reading the log's last
//     event, so two appends to one game take turns and the second, reading after the first
//     committed, sees its events and returns ErrConflict. A lock on the game's row (SELECT …
//     FOR UPDATE) would do the same, but asks for UPDATE on games, which the role a league's
//     server connects as has not (postgres.sql). The lock's two keys (the application's id and
//     the game's, modulo 2³¹) are a space of their own, apart from the creations' one key;
//     two games sharing a key after 2³¹ games would only take turns;
//   - creating a game takes a transaction-scoped advisory lock (pg_advisory_xact_lock) that all
//     creations share: the match's kind and size are checked against every game committed
//     before, so two servers cannot both start a match with different kinds or overfill it,
//     and a game's id is one more than the highest, never a sequence's, which would skip the
//     id of a transaction that rolled back (and a gap reads as a game deleted).
//
// It is safe for concurrent use, by any number of processes.
type Postgres struct {
	sqlLog
	cfg  *pgx.ConnConfig
	name string // where the log is kept, without a password
}

// postgresNewGame adds a games row with the next id; lockCreate makes "next" safe.
const postgresNewGame = `INSERT INTO games (id, kind, created_at, match, origin, import_batch, import_game)
	VALUES ((SELECT coalesce(max(id), 0) + 1 FROM games), ?, ?, ?, ?, ?, ?) RETURNING id`

// postgresMigrations are the steps between postgres.sql's versions, as migrations are SQLite's:
// postgresMigrations[v] brings version v to v+1. Version 2 added where an imported game came
// from.
var postgresMigrations = map[int64]string{
	1: `ALTER TABLE games ADD COLUMN origin BIGINT, ADD COLUMN import_batch BIGINT, ADD COLUMN import_game BIGINT`,
}

// OpenPostgres opens the tableside store in the PostgreSQL database dsn names (a postgres://
// URL or key=value pairs, as pgx reads them), applying postgres.sql to a database that has none
// of tableside's tables yet. It refuses a database whose tables games or events are another
// program's (ErrNotDatabase) and one made by a newer tableside (ErrTooNew), writing nothing.
// ctx bounds the opening only.
func OpenPostgres(ctx context.Context, dsn string) (*Postgres, error) {
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("open PostgreSQL: %w", err)
	}
	name := postgresName(cfg)
	// A writer waits for another's lock as long as SQLite's waits for the file, then fails
	// with LockWait rather than hang a table's phone; a DSN may choose its own wait.
	if _, ok := cfg.RuntimeParams["lock_timeout"]; !ok {
		cfg.RuntimeParams["lock_timeout"] = strconv.Itoa(int(busyTimeout.Milliseconds()))
	}
	dial := cfg.DialFunc
	cfg.DialFunc = func(ctx context.Context, network, addr string) (net.Conn, error) {
		conn, err := dial(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		return markedConn{conn}, nil
	}
	db := stdlib.OpenDB(*cfg)
	db.SetMaxOpenConns(pgConns)
	db.SetMaxIdleConns(pgConns)
	s := &Postgres{cfg: cfg, name: name}
	s.sqlLog = sqlLog{
		db:       db,
		writers:  make(chan struct{}, pgWriters),
		numbered: true,
		newGame:  postgresNewGame,
		// applicationID ("TBLS") names the lock: another program's advisory locks are unlikely
		// to use it.
		lockCreate: fmt.Sprintf("SELECT pg_advisory_xact_lock(%d)", applicationID),
		lockGame:   fmt.Sprintf("SELECT pg_advisory_xact_lock(%d, (?::bigint %% 2147483648)::int)", applicationID),
	}
	if err := s.setUp(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return s, nil
}

// markedConn is a connection to the database whose failures say so (lostError): pgx passes a
// broken socket's error up as it is, and an error of the machine's network (a port a server
// cannot listen on) must not be taken for a database gone.
type markedConn struct{ net.Conn }

func (c markedConn) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	return n, lost(err)
}

func (c markedConn) Write(b []byte) (int, error) {
	n, err := c.Conn.Write(b)
	return n, lost(err)
}

// lost marks err as the connection's loss, but for a deadline, which is how pgx interrupts a
// read for a context done. The end of the stream is a loss too: the server closed the socket.
func lost(err error) error {
	if err == nil || errors.Is(err, os.ErrDeadlineExceeded) {
		return err
	}
	return &lostError{err}
}

// lostError is a read or write on the database's connection that failed.
type lostError struct{ err error }

func (e *lostError) Error() string { return e.err.Error() }
func (e *lostError) Unwrap() error { return e.err }

// postgresName is the address of the database cfg reaches, as a postgres:// URL without the
// password: a Unix socket's directory goes in the query, as host=.
func postgresName(cfg *pgx.ConnConfig) string {
	u := url.URL{Scheme: "postgres", User: url.User(cfg.User), Path: "/" + cfg.Database}
	port := strconv.Itoa(int(cfg.Port))
	if strings.HasPrefix(cfg.Host, "/") {
		u.RawQuery = url.Values{"host": {cfg.Host}, "port": {port}}.Encode()
	} else {
		u.Host = net.JoinHostPort(cfg.Host, port)
	}
	return u.String()
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

// Path names the database, as postgres://user@host:port/database, without any password.
func (s *Postgres) Path() string { return s.name }

// Close closes the store's connections.
func (s *Postgres) Close() error { return s.db.Close() }

// postgresChecks are verify.go's fileChecks in PostgreSQL's SQL: each returns (game, seq,
// reason) for every row that breaks a rule the store keeps.
var postgresChecks = []string{
	`SELECT g.id, 1, 'the games row says kind ' || quote_nullable(g.kind) || ' where the first event says '
		|| quote_nullable(e.payload::json ->> 'kind') || ': the row was changed behind the log''s back'
	FROM games g JOIN events e ON e.game = g.id AND e.seq = 1
	WHERE g.kind IS DISTINCT FROM e.payload::json ->> 'kind'`,
	`SELECT g.id, 1, 'the games row says created at ' || g.created_at || ' where the first event was recorded at '
		|| e.at || ': the row was changed behind the log''s back'
	FROM games g JOIN events e ON e.game = g.id AND e.seq = 1
	WHERE g.created_at IS DISTINCT FROM e.at`,
	`SELECT g.id, 1, 'the games row says match ' || quote_nullable(g.match) || ' where the first event says '
		|| quote_nullable(coalesce(e.payload::json ->> 'match', '')) || ': the row was changed behind the log''s back'
	FROM games g JOIN events e ON e.game = g.id AND e.seq = 1
	WHERE g.match IS DISTINCT FROM coalesce(e.payload::json ->> 'match', '')`,
	`SELECT id, 0, 'the game has no events' FROM games
	WHERE NOT EXISTS (SELECT 1 FROM events WHERE game = games.id)`,
	`SELECT game, min(seq), 'events of a game that has no games row' FROM events
	WHERE game NOT IN (SELECT id FROM games) GROUP BY game`,
}

// VerifyFile checks the database apart from the games' hash chains, which the application walks:
//
//   - every trigger and function postgres.sql makes, there, enabled and as it made them, and
//     no other trigger on its tables (verifyGuards);
//   - every games row against its game's first event (kind, time, match);
//   - games with no events, events with no game, and game ids missing between two games.
func (s *Postgres) VerifyFile(ctx context.Context) ([]events.Broken, error) {
	broken, err := s.verifyGuards(ctx)
	if err != nil {
		return nil, fmt.Errorf("verify: %w", err)
	}
	found, err := s.verifyRows(ctx, slices.Concat(postgresChecks, movedChecks))
	if err != nil {
		return nil, fmt.Errorf("verify: %w", err)
	}
	return append(broken, found...), nil
}

// Watch listens on tableside_events on a connection of its own, which postgres.sql's trigger
// notifies whenever events are committed, by this process or any other. A connection lost (the
// database restarted) is made again, every watchRetry, for as long as the watch is open: a
// server outlives its database's restart. Close it when done.
func (s *Postgres) Watch(ctx context.Context) (Watcher, error) {
	conn, err := s.listen(ctx)
	if err != nil {
		return nil, fmt.Errorf("watch the database: %w", err)
	}
	listen, stop := context.WithCancel(context.Background())
	w := &pgWatch{stop: stop}
	w.wg.Go(func() { w.run(listen, conn, s.listen) })
	return w, nil
}

// listen opens a connection that listens on tableside_events.
func (s *Postgres) listen(ctx context.Context) (*pgx.Conn, error) {
	conn, err := pgx.ConnectConfig(ctx, s.cfg)
	if err != nil {
		return nil, err
	}
	if _, err := conn.Exec(ctx, "LISTEN "+notifyChannel); err != nil {
		conn.Close(context.Background())
		return nil, err
	}
	return conn, nil
}

// watchRetry is how often a watch whose connection was lost tries to make it again.
const watchRetry = 250 * time.Millisecond

// pgWatch waits for notifications in a goroutine of its own, so that Changed never waits.
type pgWatch struct {
	stop    context.CancelFunc
	wg      sync.WaitGroup
	changed atomic.Bool
	mu      sync.Mutex
	err     error // why the watch cannot hear, while it cannot
}

// run hears notifications on conn until ctx ends, making the connection again whenever it is
// lost. Commits made while it was away were not heard, so a connection made again counts as a
// change.
func (w *pgWatch) run(ctx context.Context, conn *pgx.Conn, connect func(context.Context) (*pgx.Conn, error)) {
	for conn != nil {
		err := w.hear(ctx, conn)
		conn.Close(context.Background())
		w.setErr(err)
		if conn = w.reconnect(ctx, connect); conn != nil {
			w.setErr(nil)
			w.changed.Store(true)
		}
	}
}

// hear notes each notification on conn until the connection fails or ctx ends, and says why.
func (w *pgWatch) hear(ctx context.Context, conn *pgx.Conn) error {
	for {
		if _, err := conn.WaitForNotification(ctx); err != nil {
			return err
		}
		w.changed.Store(true)
	}
}

// reconnect tries connect every watchRetry until it succeeds, or returns nil once ctx ends.
func (w *pgWatch) reconnect(ctx context.Context, connect func(context.Context) (*pgx.Conn, error)) *pgx.Conn {
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(watchRetry):
		}
		conn, err := connect(ctx)
		if err == nil {
			return conn
		}
		w.setErr(err)
	}
}

func (w *pgWatch) setErr(err error) {
	w.mu.Lock()
	w.err = err
	w.mu.Unlock()
}

// Changed reports whether a commit was notified since the last call (or since Watch). The
// notification arrives just after the commit, so a commit is heard a moment after it is made.
// While the connection is lost it says why.
func (w *pgWatch) Changed(ctx context.Context) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, err
	}
	changed := w.changed.Swap(false)
	w.mu.Lock()
	err := w.err
	w.mu.Unlock()
	if err != nil && !changed {
		return false, fmt.Errorf("watch the database: %w", err)
	}
	return changed, nil
}

// Close stops listening and closes the watch's connection.
func (w *pgWatch) Close() error {
	w.stop()
	w.wg.Wait()
	return nil
}
