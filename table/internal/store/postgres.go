package store

import (
	"context"
	"database/sql/driver"
	_ "embed"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
)

// Postgres keeps the contract.
var _ Store = (*Postgres)(nil)

// pgConns is how many connections a store holds at most, all kept open. A server's requests
// beyond it wait their turn in the process rather than each start a PostgreSQL backend: with no
// bound, and fewer kept idle than in use, a club night of 100 tables opened and closed
// connections all evening and recorded a quarter of the moves a second it does with one.
const pgConns = 8

// pgWriters is how many of them may write at once, leaving the rest to readers.
var pgWriters = 8

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
		db:          db,
		writers:     make(chan struct{}, pgWriters),
		numbered:    true,
		newGame:     postgresNewGame,
		rowsWatched: true,
		// applicationID ("TBLS") names the lock: another program's advisory locks are unlikely
		// to use it.
		lockCreate: fmt.Sprintf("SELECT pg_advisory_xact_lock(%d)", applicationID),
		lockGame:   fmt.Sprintf("SELECT pg_advisory_xact_lock(%d, (?::bigint %% 2147483648)::int)", applicationID),
		guard:      pgGuard(),
	}
	s.readsAsText(concatenatedRow)
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

// Path names the database, as postgres://user@host:port/database, without any password.
func (s *Postgres) Path() string { return s.name }

// Close closes the store's connections.
func (s *Postgres) Close() error { return s.db.Close() }

// pgLockNotAvailable is the SQLSTATE of a lock wait that outlasted lock_timeout.
const pgLockNotAvailable = "55P03"

// isLockWait reports whether err is PostgreSQL's lock wait that outlasted lock_timeout.
func isLockWait(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == pgLockNotAvailable
}

// unreachable reports whether err says the database is gone rather than that it refused: no
// connection could be made, or the one in use broke or was ended by a server shutting down. It
// knows the PostgreSQL store's errors only, so that a face's own failures (a port taken, a
// file missing, a request's body cut short) are never taken for a database's.
func unreachable(err error) bool {
	var pe *pgconn.PgError
	var ce *pgconn.ConnectError
	var le *lostError
	// pgconn's own failures of a connection (one already closed by an earlier failure, say)
	// tell whether they may be retried: answering at all is what marks them.
	var broken interface{ SafeToRetry() bool }
	switch {
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return false // the caller gave up, not the database
	case errors.As(err, &pe):
		// Class 08 is a connection exception; 57P01–57P03 a server shutting down, crashed or
		// starting; 53300 a server with no connection to spare.
		return strings.HasPrefix(pe.Code, "08") || slices.Contains([]string{"57P01", "57P02", "57P03", "53300"}, pe.Code)
	}
	return errors.As(err, &ce) || errors.As(err, &le) || errors.As(err, &broken) || errors.Is(err, driver.ErrBadConn)
}
