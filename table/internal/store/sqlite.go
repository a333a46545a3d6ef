package store

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/tableside/tableside/events"
)

// SchemaVersion is the version of schema.sql, stored in the file's PRAGMA user_version. A file
// with a higher version was written by a newer tableside and is refused with ErrTooNew rather
// than misread.
const SchemaVersion = 3

// applicationID is stored in PRAGMA application_id ("TBLS") so that a tableside database is
// recognised by its header, and another program's SQLite file is never taken for an empty one.
const applicationID = 0x54424C53

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

// busyTimeout is how long a writer waits for another to finish, as in pragmas.
const busyTimeout = 5 * time.Second

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
}

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

// SQLite is the store in one SQLite file, the embedded default: the games and their event logs. It is safe for concurrent use,
// and several processes may use the same file at once.
type SQLite struct {
	sqlLog        // what it does as the PostgreSQL store does, over the same queries
	path   string // the file's absolute path
	schema string // schema.sql, which Verify holds the file's tables, indexes and triggers to
}

// GameInfo summarises a game for listing.
type GameInfo struct {
	ID        int64
	Kind      string
	Match     string   // the match the game belongs to, empty for none
	Players   []string // in seating order, from the game.created payload
	CreatedAt int64    // Unix ms of the first event
	LastAt    int64    // Unix ms of the last event
	Events    int      // how many events the log holds
}

// MatchInfo summarises a match: a name that games share in their game.created payload.
type MatchInfo struct {
	Name  string
	Kind  string // the kind of its first game, and so of all its games
	Games int
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
	// A server keeps its connections (and their prepared statements) between requests.
	db.SetMaxIdleConns(8)
	s := &SQLite{path: abs, schema: schema}
	// SQLite lets one writer in at a time: the others wait their turn in the process, and the
	// transaction is immediate (the DSN), so it takes the file's lock before it reads.
	s.sqlLog = sqlLog{db: db, writers: make(chan struct{}, 1), newGame: sqliteNewGame}
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

// current reports whether the file already holds this version of the schema in WAL mode, and
// refuses a file that is not ours (ErrNotDatabase) or is newer (ErrTooNew).
func (s *SQLite) current(ctx context.Context) (bool, error) {
	empty, version, mode, err := classify(ctx, s.db)
	if err != nil || empty || version != SchemaVersion {
		return false, err
	}
	return mode == "wal", nil
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

// queryer is what classify needs from a *sql.DB or *sql.Tx.
type queryer interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
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

// Close closes the database.
func (s *SQLite) Close() error {
	return s.db.Close()
}

// Create starts a new game with the events evs, of which the first must be game.created with a
// Created payload naming the kind. It assigns the game id, the seqs 1…n and the hashes, keeps
// each event's At, and writes the game and all its events in one transaction. It returns the
// game id and the events as stored.
//
// A match holds games of one kind: a game whose match already holds a game of another kind is
// refused with a *MatchKindError, and nothing is written. The check is made in the writing
// transaction, so two terminals cannot both start a match with different kinds.
func (s *sqlLog) Create(ctx context.Context, evs []events.Event) (game int64, stored []events.Event, err error) {
	return s.CreateInMatch(ctx, evs, 0)
}

// CreateInMatch is Create for a game whose match holds at most most games (0: any number): a
// game that would be one too many is refused with a *MatchFullError, checked in the writing
// transaction like the match's kind.
func (s *sqlLog) CreateInMatch(ctx context.Context, evs []events.Event, most int) (game int64, stored []events.Event, err error) {
	stored, c, err := prepareGame(evs)
	if err != nil {
		return 0, nil, fmt.Errorf("create game: %w", err)
	}
	tx, done, err := s.begin(ctx)
	if err != nil {
		return 0, nil, fmt.Errorf("create game: %w", err)
	}
	defer done()
	if game, err = s.insertGame(ctx, tx, stored, c, most, nil); err != nil {
		return 0, nil, err
	}
	if err := commit(tx); err != nil {
		return 0, nil, fmt.Errorf("create game: %w", err)
	}
	return game, stored, nil
}

// NewGame is one game for CreateMany: its events, the most games its match may hold (0: any
// number), and where it came from when it is imported with its hash chain.
type NewGame struct {
	Events []events.Event
	Most   int
	Moved  *Moved
}

// Moved is where an imported game came from. Its events are stored with the hashes they had
// there: their chain covers Origin, not the number the game gets here.
type Moved struct {
	// Origin is the number the game's hash chain covers: the one it was first recorded under.
	Origin int64
	// Batch names the import: the games of one file share it, so that the file's seal can be
	// held against them later (FileSeal numbers them as Number).
	Batch int64
	// Number is the game's number in the file it was imported from.
	Number int64
}

// CreateResult is what became of one game of CreateMany: its id and events as stored, or why
// it was refused.
type CreateResult struct {
	Game   int64
	Events []events.Event
	Err    error
}

// CreateMany stores many games in one transaction, the way a season is imported: much faster
// than a transaction a game, and still all or nothing for each game. A game refused (its events
// are bad, its match holds another kind or is full) is refused before any of it is written and
// has its Err; the others are stored. The error is for the transaction as a whole (the disk,
// a constraint no check foresaw): then nothing was stored.
func (s *sqlLog) CreateMany(ctx context.Context, games []NewGame) ([]CreateResult, error) {
	tx, done, err := s.begin(ctx)
	if err != nil {
		return nil, fmt.Errorf("create games: %w", err)
	}
	defer done()
	out := make([]CreateResult, len(games))
	for i, ng := range games {
		stored, c, err := prepareGame(ng.Events)
		if err != nil {
			out[i].Err = fmt.Errorf("create game: %w", err)
			continue
		}
		game, err := s.insertGame(ctx, tx, stored, c, ng.Most, ng.Moved)
		var refused refusal
		switch {
		case errors.As(err, &refused):
			out[i].Err = err
		case err != nil:
			return nil, fmt.Errorf("create games: %w", err)
		default:
			out[i] = CreateResult{Game: game, Events: stored}
		}
	}
	if err := commit(tx); err != nil {
		return nil, fmt.Errorf("create games: %w", err)
	}
	return out, nil
}

// refusal is an error of a game refused for its match, found before any of it was written.
type refusal interface{ refused() }

func (*MatchKindError) refused() {}
func (*MatchFullError) refused() {}

// prepareGame checks a new game's events (prepare) and reads its setup.
func prepareGame(evs []events.Event) ([]events.Event, events.Created, error) {
	var c events.Created
	if len(evs) == 0 {
		return nil, c, errors.New("no events")
	}
	if evs[0].Type != events.TypeCreated {
		return nil, c, fmt.Errorf("first event is %q, want %q", evs[0].Type, events.TypeCreated)
	}
	stored, err := prepare(evs)
	if err != nil {
		return nil, c, err
	}
	if err := json.Unmarshal(stored[0].Payload, &c); err != nil {
		return nil, c, fmt.Errorf("%s payload: %w", events.TypeCreated, err)
	}
	if c.Kind == "" {
		return nil, c, fmt.Errorf("%s payload has no kind", events.TypeCreated)
	}
	return stored, c, nil
}

// insertGame writes a prepared game in tx after checking its match (see CreateInMatch), filling
// in the events' Game, Seq and Hash (and Origin, for a game moved from where it began), and
// returns its id. A refusal for the match comes before anything is written.
func (s *sqlLog) insertGame(ctx context.Context, tx *sql.Tx, stored []events.Event, c events.Created, most int, moved *Moved) (int64, error) {
	if s.lockCreate != "" {
		if _, err := tx.ExecContext(ctx, s.lockCreate); err != nil {
			return 0, fmt.Errorf("create game: %w", err)
		}
	}
	if c.Match != "" {
		var kind string
		err := s.txRow(ctx, tx, matchKindQuery, c.Match).Scan(&kind)
		switch {
		case errors.Is(err, sql.ErrNoRows): // the match's first game
		case err != nil:
			return 0, fmt.Errorf("create game: match %q: %w", c.Match, err)
		case kind != c.Kind:
			return 0, &MatchKindError{Match: c.Match, Kind: kind, Refused: c.Kind}
		}
		if most > 0 {
			var n int
			if err := s.txRow(ctx, tx, `SELECT count(*) FROM games WHERE match = ? AND match <> ''`, c.Match).Scan(&n); err != nil {
				return 0, fmt.Errorf("create game: match %q: %w", c.Match, err)
			}
			if n >= most {
				return 0, &MatchFullError{Match: c.Match, Games: n}
			}
		}
	}
	var origin, batch, number sql.NullInt64
	if moved != nil {
		origin = sql.NullInt64{Int64: moved.Origin, Valid: true}
		batch = sql.NullInt64{Int64: moved.Batch, Valid: true}
		number = sql.NullInt64{Int64: moved.Number, Valid: true}
	}
	var game int64
	err := s.txRow(ctx, tx, s.newGame, c.Kind, stored[0].At, c.Match, origin, batch, number).Scan(&game)
	if errors.Is(err, sql.ErrNoRows) {
		err = fmt.Errorf("%w: the games row was kept out", ErrNotStored)
	}
	if err != nil {
		return 0, fmt.Errorf("create game: %w", err)
	}
	if origin.Int64 != game {
		for i := range stored {
			stored[i].Origin = origin.Int64
		}
	}
	if err := s.insert(ctx, tx, game, 0, "", stored); err != nil {
		return 0, fmt.Errorf("create game: %w", err)
	}
	return game, nil
}

// matchKindQuery reads the kind of a match's first game, which every later game must share.
// It repeats the condition of the partial index games_match (a match name is not empty) so
// that SQLite uses the index.
const matchKindQuery = `SELECT kind FROM games WHERE match = ? AND match <> '' ORDER BY id LIMIT 1`

// sqliteNewGame adds a games row and returns its id: INTEGER PRIMARY KEY hands out one more than
// the highest.
const sqliteNewGame = `INSERT INTO games (kind, created_at, match, origin, import_batch, import_game)
	VALUES (?, ?, ?, ?, ?, ?) RETURNING id`

// Append records evs at the end of game's log. after is the seq of the last event the caller
// saw: if anyone has recorded since, Append writes nothing and returns an error wrapping
// ErrConflict, and the caller reloads, decides again and retries. The check and the writes are
// one transaction that no other writer of the game shares (SQLite's immediate transaction holds
// the file; PostgreSQL's takes a lock on the game first, lockGame), so two writers can never both
// follow the same event. It returns
// ErrNoGame for an unknown game, and the events as stored (Game, Seq and Hash assigned).
func (s *sqlLog) Append(ctx context.Context, game, after int64, evs []events.Event) ([]events.Event, error) {
	if len(evs) == 0 {
		return nil, fmt.Errorf("game %d: no events to append", game)
	}
	for i, e := range evs {
		if e.Type == events.TypeCreated {
			return nil, fmt.Errorf("game %d: event %d: %s only starts a game", game, i+1, events.TypeCreated)
		}
		if e.Game != 0 && e.Game != game {
			return nil, fmt.Errorf("game %d: event %d belongs to game %d", game, i+1, e.Game)
		}
	}
	stored, err := prepare(evs)
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", game, err)
	}

	tx, done, err := s.begin(ctx)
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", game, err)
	}
	defer done()
	if s.lockGame != "" {
		if _, err := tx.ExecContext(ctx, s.q(s.lockGame), game); err != nil {
			return nil, fmt.Errorf("game %d: %w", game, err)
		}
	}
	var last, origin int64
	var prev string
	err = s.txRow(ctx, tx, `SELECT seq, hash, coalesce((SELECT nullif(origin, id) FROM games WHERE id = ?), 0)
		FROM events WHERE game = ? ORDER BY seq DESC LIMIT 1`, game, game).Scan(&last, &prev, &origin)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil, fmt.Errorf("game %d: %w", game, ErrNoGame)
	case err != nil:
		return nil, fmt.Errorf("game %d: %w", game, err)
	case last < after:
		return nil, fmt.Errorf("game %d: cannot follow event %d, the log ends at event %d", game, after, last)
	case last != after:
		return nil, fmt.Errorf("game %d: %w (you saw up to event %d, the log is now at event %d)",
			game, ErrConflict, after, last)
	}
	for i := range stored {
		stored[i].Origin = origin
	}
	if err := s.insert(ctx, tx, game, after, prev, stored); err != nil {
		return nil, fmt.Errorf("game %d: %w", game, err)
	}
	if err := commit(tx); err != nil {
		return nil, fmt.Errorf("game %d: %w", game, err)
	}
	return stored, nil
}

// prepare copies evs, checks each and compacts its payload, so that the bytes hashed are the
// bytes stored.
func prepare(evs []events.Event) ([]events.Event, error) {
	out := make([]events.Event, len(evs))
	for i, e := range evs {
		if e.Type == "" {
			return nil, fmt.Errorf("event %d has no type", i+1)
		}
		if len(bytes.TrimSpace(e.Payload)) == 0 {
			return nil, fmt.Errorf("event %d (%s) has no payload", i+1, e.Type)
		}
		var buf bytes.Buffer
		if err := json.Compact(&buf, e.Payload); err != nil {
			return nil, fmt.Errorf("event %d (%s): payload is not valid JSON: %w", i+1, e.Type, err)
		}
		e.Payload = json.RawMessage(buf.Bytes())
		out[i] = e
	}
	return out, nil
}

// insert writes evs after event after of game, whose stored hash is prev, filling in their
// Game, Seq and Hash (their Origin is the caller's).
//
// Whoever owns the database can make an insert write nothing and still succeed (a PostgreSQL
// rule DO INSTEAD NOTHING, a SQLite trigger that RAISEs IGNORE), or write another row than the
// one given. So each insert must have written one row, and the log must end, once they are
// all written, with the last one as given: a write the database did not make is never
// acknowledged (ErrNotStored), and the transaction writes nothing.
func (s *sqlLog) insert(ctx context.Context, tx *sql.Tx, game, after int64, prev string, evs []events.Event) error {
	stmt, err := tx.PrepareContext(ctx, s.q(`INSERT INTO events (game, seq, type, actor, payload, at, hash)
		VALUES (?, ?, ?, ?, ?, ?, ?)`))
	if err != nil {
		return err
	}
	defer stmt.Close()
	for i := range evs {
		e := &evs[i]
		e.Game = game
		e.Seq = after + int64(i) + 1
		e.Hash = events.Hash(prev, *e)
		prev = e.Hash
		res, err := stmt.ExecContext(ctx, e.Game, e.Seq, e.Type, e.Actor, string(e.Payload), e.At, e.Hash)
		if err != nil {
			return fmt.Errorf("event %d: %w", e.Seq, err)
		}
		n, err := res.RowsAffected()
		switch {
		case err != nil:
			return fmt.Errorf("event %d: %w", e.Seq, err)
		case n != 1:
			return fmt.Errorf("event %d: %w: the database wrote %d rows for it", e.Seq, ErrNotStored, n)
		}
	}
	// A failure to read is the connection's, not the rows': only rows read tell.
	last := evs[len(evs)-1]
	var seq int64
	var hash string
	err = s.txRow(ctx, tx, `SELECT seq, hash FROM events WHERE game = ? ORDER BY seq DESC LIMIT 1`, game).Scan(&seq, &hash)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return fmt.Errorf("event %d: %w: the game's log is empty once written", last.Seq, ErrNotStored)
	case err != nil:
		return fmt.Errorf("event %d: %w", last.Seq, err)
	case seq != last.Seq || hash != last.Hash:
		return fmt.Errorf("event %d: %w: the log does not end with it once written", last.Seq, ErrNotStored)
	}
	return nil
}

// Load returns game's events in seq order, or ErrNoGame.
func (s *sqlLog) Load(ctx context.Context, game int64) ([]events.Event, error) {
	return s.LoadAfter(ctx, game, 0)
}

// loadAfterQuery starts at (game, after+1) on the primary key, so reading the last few events
// of a long game costs no more than reading those of a short one.
// The number the game's chain covers is read once, by a subquery of no row of events: joined to
// every event it cost a read of 300 events a fifth more.
const loadAfterQuery = `SELECT game, seq, type, actor, payload, at, hash,
		coalesce((SELECT nullif(origin, id) FROM games WHERE id = ?), 0)
	FROM events WHERE game = ? AND seq > ? ORDER BY seq`

// LoadAfter returns game's events that follow event after, in seq order: what a page showing a
// game live needs to catch up. It returns nil when nothing follows after yet, ErrNoGame for an
// unknown game, and an error for a negative after.
func (s *sqlLog) LoadAfter(ctx context.Context, game, after int64) ([]events.Event, error) {
	if after < 0 {
		return nil, fmt.Errorf("game %d: no event %d to load after: events are numbered from 1", game, after)
	}
	rows, err := s.query(ctx, loadAfterQuery, game, game, after)
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", game, err)
	}
	defer rows.Close()
	var evs []events.Event
	sc := newEventScanner(true)
	for rows.Next() {
		e, err := sc.scan(rows)
		if err != nil {
			return nil, fmt.Errorf("game %d: %w", game, err)
		}
		evs = append(evs, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("game %d: %w", game, err)
	}
	if len(evs) > 0 {
		return evs, nil
	}
	// Nothing follows after: either the game is up to date or there is no such game. A game
	// whose events are all gone counts as none, as it does for Append.
	var exists bool
	if err := s.queryRow(ctx, `SELECT EXISTS (SELECT 1 FROM events WHERE game = ?)`, game).
		Scan(&exists); err != nil {
		return nil, fmt.Errorf("game %d: %w", game, err)
	}
	if !exists {
		return nil, fmt.Errorf("game %d: %w", game, ErrNoGame)
	}
	return nil, nil
}

// eventScanner reads rows of game, seq, type, actor, payload, at and, with hashes, hash and the
// number the chain covers when it is not the game's (origin, 0 for none). It
// scans every row into the same destinations: a walk reads millions of rows, and a new event
// and list of destinations for each would cost an allocation a row.
type eventScanner struct {
	e    events.Event
	dest []any
}

func newEventScanner(withHash bool) *eventScanner {
	s := &eventScanner{}
	s.dest = []any{&s.e.Game, &s.e.Seq, &s.e.Type, &s.e.Actor, (*[]byte)(&s.e.Payload), &s.e.At, &s.e.Hash, &s.e.Origin}
	if !withHash {
		s.dest = s.dest[:6]
	}
	return s
}

// scan reads the row rows is at. The event is the caller's: Scan gives each row a new payload.
func (s *eventScanner) scan(rows *sql.Rows) (events.Event, error) {
	err := rows.Scan(s.dest...)
	return s.e, err
}

// gamesQuery selects a GameInfo's fields; Games and MatchGames add the WHERE and ORDER BY.
const gamesQuery = `SELECT g.id, g.kind, g.match, g.created_at, f.payload, l.at, l.seq
	FROM games g
	LEFT JOIN events f ON f.game = g.id AND f.seq = 1
	LEFT JOIN events l ON l.game = g.id
		AND l.seq = (SELECT max(seq) FROM events WHERE game = g.id)`

// matchGamesQuery finds a match's games through the partial index games_match, which SQLite
// uses only when the query repeats the index's condition (a match name is not empty). The
// index keeps each match's games in id order, so they are not sorted again.
const matchGamesQuery = gamesQuery + ` WHERE g.match = ? AND g.match <> '' ORDER BY g.id`

// MatchGames lists the games of match in id order, reading no other match's games. A match
// nobody has played has none; the name "" is refused, since it stands for no match.
func (s *sqlLog) MatchGames(ctx context.Context, match string) ([]GameInfo, error) {
	if match == "" {
		return nil, errors.New("list games of a match: no match named")
	}
	games, err := s.listGames(ctx, matchGamesQuery, match)
	if err != nil {
		return nil, fmt.Errorf("list games of match %q: %w", match, err)
	}
	return games, nil
}

func (s *sqlLog) listGames(ctx context.Context, query string, args ...any) ([]GameInfo, error) {
	rows, err := s.query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var games []GameInfo
	for rows.Next() {
		var g GameInfo
		var payload []byte
		var lastAt, count sql.NullInt64
		if err := rows.Scan(&g.ID, &g.Kind, &g.Match, &g.CreatedAt, &payload, &lastAt, &count); err != nil {
			return nil, err
		}
		g.LastAt, g.Events = lastAt.Int64, int(count.Int64)
		if payload != nil {
			var c events.Created
			if err := json.Unmarshal(payload, &c); err != nil {
				return nil, fmt.Errorf("game %d: %s payload: %w", g.ID, events.TypeCreated, err)
			}
			g.Players = c.Players
		}
		games = append(games, g)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return games, nil
}

// Matches lists every match in name order, with its number of games and the kind of its first.
func (s *sqlLog) Matches(ctx context.Context) ([]MatchInfo, error) {
	rows, err := s.query(ctx, `SELECT g.match, count(*),
			(SELECT kind FROM games f WHERE f.match = g.match AND f.match <> '' ORDER BY f.id LIMIT 1)
		FROM games g WHERE g.match <> '' GROUP BY g.match ORDER BY g.match`)
	if err != nil {
		return nil, fmt.Errorf("list matches: %w", err)
	}
	defer rows.Close()
	var matches []MatchInfo
	for rows.Next() {
		var m MatchInfo
		if err := rows.Scan(&m.Name, &m.Games, &m.Kind); err != nil {
			return nil, fmt.Errorf("list matches: %w", err)
		}
		matches = append(matches, m)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list matches: %w", err)
	}
	return matches, nil
}

// ScanQuery is the query ScanGames reads the games whose id is in [?1, ?2) with when it reads
// no hashes, as a walk of the file for a replay does. A program that measures the walk against
// a plain read of the same rows runs this very query.
const ScanQuery = `SELECT game, seq, type, actor, payload, at` + scanRange

// scanHashQuery is ScanQuery with each event's hash and the number its chain covers.
const scanHashQuery = `SELECT e.game, e.seq, e.type, e.actor, e.payload, e.at, e.hash, coalesce(nullif(g.origin, e.game), 0)
	FROM events e LEFT JOIN games g ON g.id = e.game WHERE e.game >= ? AND e.game < ? ORDER BY e.game, e.seq`

// scanRange is the rest of both: the games' events in the order a walk takes them.
const scanRange = ` FROM events WHERE game >= ? AND game < ? ORDER BY game, seq`

// Scan calls fn with every event of every game, ordered by game then seq, reading one row at a
// time, without its hash: the read a walk of the file for a replay makes. It stops at the first
// error fn returns and returns that error unchanged.
func (s *sqlLog) Scan(ctx context.Context, fn func(events.Event) error) error {
	return s.scan(ctx, false, 0, math.MaxInt64, fn)
}

// ScanGames calls fn with the events of each game whose id is in [from, to), a game at a time in
// game order, in one pass over that part of the file: a walk holds one game's events at a time,
// and fn owns the slice it is given. Without withHash the hash column is not read and Hash is
// "" (a replay does not need it). A game with no events is not visited (Verify names it).
// Each call is one read transaction, so it sees the games as they were when it began.
func (s *sqlLog) ScanGames(ctx context.Context, from, to int64, withHash bool, fn func([]events.Event) error) error {
	// A game's events gather in buf, kept from game to game, and each game is handed on in a
	// slice of its own size: games differ in length, and a slice grown event by event is
	// allocated and copied several times over.
	var buf []events.Event
	err := s.scan(ctx, withHash, from, to, func(e events.Event) error {
		if len(buf) > 0 && e.Game != buf[0].Game {
			if err := fn(slices.Clone(buf)); err != nil {
				return err
			}
			buf = buf[:0]
		}
		buf = append(buf, e)
		return nil
	})
	if err != nil || len(buf) == 0 {
		return err
	}
	return fn(slices.Clone(buf))
}

// scan reads the events of the games whose id is in [from, to) in game and seq order.
func (s *sqlLog) scan(ctx context.Context, withHash bool, from, to int64, fn func(events.Event) error) error {
	query := ScanQuery
	if withHash {
		query = scanHashQuery
	}
	rows, err := s.query(ctx, query, from, to)
	if err != nil {
		return fmt.Errorf("scan events: %w", err)
	}
	defer rows.Close()
	sc := newEventScanner(withHash)
	for rows.Next() {
		e, err := sc.scan(rows)
		if err != nil {
			return fmt.Errorf("scan events: %w", err)
		}
		if err := fn(e); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("scan events: %w", err)
	}
	return nil
}

// GameSpan is the lowest and highest game id in the file, (0, 0) when it has none.
func (s *sqlLog) GameSpan(ctx context.Context) (lo, hi int64, err error) {
	var l, h sql.NullInt64
	if err := s.queryRow(ctx, `SELECT min(id), max(id) FROM games`).Scan(&l, &h); err != nil {
		return 0, 0, fmt.Errorf("game ids: %w", err)
	}
	return l.Int64, h.Int64, nil
}

// GameIDs lists every game's id in order, from the games table alone.
func (s *sqlLog) GameIDs(ctx context.Context) ([]int64, error) {
	rows, err := s.query(ctx, `SELECT id FROM games ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("game ids: %w", err)
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("game ids: %w", err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("game ids: %w", err)
	}
	return ids, nil
}

// CountGames is the number of games in the file, for a walk's progress.
func (s *sqlLog) CountGames(ctx context.Context) (int, error) {
	var n int
	if err := s.queryRow(ctx, `SELECT count(*) FROM games`).Scan(&n); err != nil {
		return 0, fmt.Errorf("count games: %w", err)
	}
	return n, nil
}

// CountEvents is the number of events in the file.
func (s *sqlLog) CountEvents(ctx context.Context) (int, error) {
	var n int
	if err := s.queryRow(ctx, `SELECT count(*) FROM events`).Scan(&n); err != nil {
		return 0, fmt.Errorf("count events: %w", err)
	}
	return n, nil
}

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
