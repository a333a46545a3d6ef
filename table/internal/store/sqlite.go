package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// pragmas are set on every pooled connection. They live in the DSN, not in an Exec after
// opening, because database/sql keeps a pool and an Exec reaches only one connection of it.
// _txlock=immediate makes every transaction BEGIN IMMEDIATE: the writer takes the lock before
// it reads the last seq, so in WAL mode it waits (busy_timeout) instead of failing with a
// snapshot error when another terminal commits first.
//
// WAL is not among them: journal_mode=WAL is a property of the file, written once when the
// schema is applied (setUp) and kept by SQLite from then on. Set in the DSN it would run on
// connecting, before Open has looked at the file, and turn another program's database to WAL.
const pragmas = "_pragma=busy_timeout(5000)&_pragma=foreign_keys(1)" +
	"&_pragma=synchronous(NORMAL)&_pragma=journal_size_limit(4194304)&_txlock=immediate"

// driverName is the SQLite driver with the store's connection hook, which keeps the -wal and
// -shm files when the last connection closes (SQLITE_FCNTL_PERSIST_WAL). Every command is a
// short process that opens and closes the file; without this each one would create and delete
// both files, which on some file systems costs more than the rest of recording a move. The
// database file itself is complete after every close, checkpointed as usual, and
// journal_size_limit (in pragmas) truncates the kept WAL.
const driverName = "tableside-sqlite"

func init() {
	drv := &sqlite.Driver{}
	drv.RegisterConnectionHook(func(conn sqlite.ExecQuerierContext, _ string) error {
		if fc, ok := conn.(sqlite.FileControl); ok {
			_, err := fc.FileControlPersistWAL("main", 1)
			return err
		}
		return nil
	})
	sql.Register(driverName, drv)
}

// SQLite keeps the contract.
var _ Store = (*SQLite)(nil)

// SQLite is the store in one SQLite file, the embedded default: the games and their event logs. It is safe for concurrent use,
// and several processes may use the same file at once.
type SQLite struct {
	sqlLog        // what it does as the PostgreSQL store does, over the same queries
	path   string // the file's absolute path
	schema string // schema.sql, which VerifyFile holds the file's tables, indexes and triggers to
}

// Open opens the tableside database at path, creating it when the file does not exist or is
// empty. schema is the text of schema.sql, applied to a new file. The directory must exist.
//
// Open refuses, without writing to it, a file that is not SQLite or is another program's SQLite
// database (ErrNotDatabase) and a database made by a newer tableside (ErrTooNew). ctx bounds
// the opening only, waiting for a busy file included; the Store does not keep it.
func Open(ctx context.Context, path, schema string) (*SQLite, error) {
	if strings.TrimSpace(schema) == "" {
		return nil, fmt.Errorf("open %s: empty schema", path)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	fi, err := os.Stat(abs)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		dir := filepath.Dir(abs)
		if _, err := os.Stat(dir); err != nil {
			return nil, fmt.Errorf("open %s: directory %s: %w", path, dir, err)
		}
	case err != nil:
		return nil, fmt.Errorf("open %s: %w", path, err)
	case fi.IsDir():
		return nil, fmt.Errorf("open %s: is a directory", path)
	case fi.Size() > 0:
		// Look before SQLite touches the file: SQLite takes a file shorter than a page for an
		// empty database, and would write the schema over somebody's notes.
		if err := checkHeader(abs); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}

	db, err := Connect(abs)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	// A server keeps its connections (and their prepared statements) between requests: a
	// club night's phones have a few dozen queries in flight at once, and each connection made
	// again opens the file, sets the pragmas and prepares its statements anew. They go after a
	// quiet minute.
	db.SetMaxIdleConns(64)
	db.SetConnMaxIdleTime(time.Minute)
	s := &SQLite{path: abs, schema: schema}
	// SQLite lets one writer in at a time: the others wait their turn in the process, and the
	// transaction is immediate (the DSN), so it takes the file's lock before it reads.
	s.sqlLog = sqlLog{db: db, writers: make(chan struct{}, 1), newGame: sqliteNewGame, statements: &statements{},
		guard: logGuard{row: "''", held: sqliteGuardToken, upTo: sqliteGuardToken, check: s.guardsAt}}
	s.readsAsText(formattedRow)
	// Reading the file's identity writes nothing, so opening an up-to-date database does not
	// wait behind another terminal that is recording; only a new or older file is written.
	var current bool
	if err := retryBusy(ctx, func() (err error) { current, err = s.current(ctx); return err }); err != nil {
		db.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if !current {
		if err := retryBusy(ctx, func() error { return s.setUp(ctx, schema) }); err != nil {
			db.Close()
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	return s, nil
}

// Path is the database file's absolute path.
func (s *SQLite) Path() string { return s.path }

// dsn builds a SQLite URI for the absolute path abs. The path is escaped so that '?', '#', '%'
// and spaces in a file name stay part of the name instead of starting the query.
func dsn(abs, query string) string {
	p := filepath.ToSlash(abs)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // a Windows drive letter: file:///C:/…
	}
	u := url.URL{Scheme: "file", Path: p, RawQuery: query}
	return u.String()
}

// checkHeader reports ErrNotDatabase unless the file starts like a SQLite database.
func checkHeader(abs string) error {
	f, err := os.Open(abs)
	if err != nil {
		return err
	}
	defer f.Close()
	const magic = "SQLite format 3\x00"
	var b [len(magic)]byte
	if _, err := io.ReadFull(f, b[:]); err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
			return fmt.Errorf("%w: the file is not a SQLite database", ErrNotDatabase)
		}
		return err
	}
	if string(b[:]) != magic {
		return fmt.Errorf("%w: the file is not a SQLite database", ErrNotDatabase)
	}
	return nil
}

// retryBusy runs op again while it fails with SQLITE_BUSY, for as long as the busy timeout.
// SQLite returns BUSY without waiting in a few WAL cases, notably while another connection is
// turning a new file into a WAL database; that happens when two terminals create the same
// database at once, and the second should simply wait for the first. It stops waiting when ctx
// is done.
func retryBusy(ctx context.Context, op func() error) error {
	deadline := time.Now().Add(busyTimeout)
	pause := time.Millisecond
	for {
		err := op()
		if !IsBusy(err) || time.Now().After(deadline) {
			return err
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("%w while waiting for a busy database (%v)", ctx.Err(), err)
		case <-time.After(pause):
		}
		pause = min(2*pause, 50*time.Millisecond)
	}
}

// IsBusy reports whether err is SQLite's "database is locked": another process held the file
// for longer than the busy timeout. Trying again later may succeed.
func IsBusy(err error) bool {
	var se *sqlite.Error
	return errors.As(err, &se) && se.Code()&0xff == sqlite3.SQLITE_BUSY
}

// IsDamaged reports whether err is SQLite finding a file damaged: its header or its pages
// cannot be read ("database disk image is malformed"). A file that is not SQLite's at all is
// refused before SQLite reads it (checkHeader), so this is a SQLite file gone bad.
func IsDamaged(err error) bool {
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return false
	}
	code := se.Code() & 0xff
	return code == sqlite3.SQLITE_CORRUPT || code == sqlite3.SQLITE_NOTADB
}

// Close closes the database.
func (s *SQLite) Close() error {
	return s.db.Close()
}

// sqliteNewGame adds a games row and returns its id: INTEGER PRIMARY KEY hands out one more than
// the highest.
const sqliteNewGame = `INSERT INTO games (kind, created_at, match, origin, import_batch, import_game)
	VALUES (?, ?, ?, ?, ?, ?) RETURNING id`

// Connect opens the database file at path with the store's driver and pragmas, checking and
// creating nothing. Open connects this way once it has looked at the file; a program that
// measures what the store adds to SQLite connects this way too, so that both pay the same.
func Connect(path string) (*sql.DB, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	return sql.Open(driverName, dsn(abs, pragmas))
}
