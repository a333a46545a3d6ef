package table

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/tournament"
	"github.com/tableside/tableside/table/internal/store"
)

// App is tableside's application over one database: what every face (the command line, the
// server) does with games — create, record, correct, import, export, score, match — with the
// rules of the log written once. It neither prints nor parses command lines.
type App struct {
	store store.Store
	now   func() time.Time
	// What the App keeps between requests (Keep); nil keeps none.
	kept   *keptGames // the games in play, replayed
	tables *keptTables
	tally  *keptTally
	// What the App's reads of tournaments found of their pairings, whatever it keeps.
	judgements *keptJudgements
}

// Open opens the database at path, creating it when it does not exist. schema is the text of
// schema.sql.
//
// A path that is a postgres:// or postgresql:// URL names a PostgreSQL database instead, a
// league's shared log: it is set up with the store's own PostgreSQL schema when it has none, and
// schema is not used. opts say what the App keeps between requests (Keep).
func Open(ctx context.Context, path, schema string, opts ...OpenOption) (*App, error) {
	var st store.Store
	var err error
	if IsPostgres(path) {
		st, err = store.OpenPostgres(ctx, path)
	} else {
		st, err = store.Open(ctx, path, schema)
	}
	if store.IsDamaged(err) {
		return nil, damaged(path, err)
	}
	if err != nil {
		return nil, err
	}
	a := &App{store: st, now: time.Now, judgements: newKeptJudgements()}
	for _, o := range opts {
		o.apply(a)
	}
	return a, nil
}

// ErrNoDatabase: a database named to be read is not there, or is an empty file.
var ErrNoDatabase = errors.New("no database")

// OpenExisting opens the database at path like Open, but never makes a file: for what only
// reads a database, or records into a game it must already hold, a mistyped name is an error
// and not a new empty database. A league's database is set up as Open sets it up: its owner
// creates it, and the first open fills it.
func OpenExisting(ctx context.Context, path, schema string, opts ...OpenOption) (*App, error) {
	if !IsPostgres(path) {
		fi, err := os.Stat(path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return nil, &play.Error{Code: play.NotFound, Err: ErrNoDatabase, Message: fmt.Sprintf("no database %s: there is no such file", path)}
		case err == nil && fi.Mode().IsRegular() && fi.Size() == 0:
			return nil, &play.Error{Code: play.NotFound, Err: ErrNoDatabase, Message: fmt.Sprintf("no database %s: the file is empty", path)}
		}
	}
	return Open(ctx, path, schema, opts...)
}

// IsPostgres reports whether path is a PostgreSQL URL (postgres:// or postgresql://) rather
// than a file's path.
func IsPostgres(path string) bool {
	return strings.HasPrefix(path, "postgres://") || strings.HasPrefix(path, "postgresql://")
}

// Close closes the database.
func (a *App) Close() error { return a.store.Close() }

// Path is the database file's absolute path, for telling people where their games are.
func (a *App) Path() string { return a.store.Path() }

// DefaultPath is the database used when none is named: tableside.db in the user's data
// directory ($XDG_DATA_HOME/tableside, else ~/.local/share/tableside), which it makes.
func DefaultPath() (string, error) {
	dir := os.Getenv("XDG_DATA_HOME")
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("no database given and no home directory to keep one in: name one (%v)", err)
		}
		dir = filepath.Join(home, ".local", "share")
	}
	dir = filepath.Join(dir, "tableside")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("cannot make the data directory: %w", err)
	}
	return filepath.Join(dir, "tableside.db"), nil
}

// stamp wraps a move or a correction in an envelope for the store, stamped now.
func (a *App) stamp(typ, actor string, payload []byte) events.Event {
	return events.Event{Type: typ, Actor: actor, Payload: payload, At: a.now().UnixMilli()}
}

// Game loads and replays a game; a game kept (Keep) is brought up to date with the events
// stored since it was read.
func (a *App) Game(ctx context.Context, id int64) (*play.Game, error) {
	return a.read(ctx, id, false)
}

// read is Game, or with shown a read that shows no flag: a tournament's pairings are not
// judged (replayShown). Such a read takes a kept game judged or not; a read with the flags
// takes only a judged one, and replaces an unjudged one with its own.
func (a *App) read(ctx context.Context, id int64, shown bool) (*play.Game, error) {
	if k := a.kept.get(id); k.game != nil && (shown || judged(k.game)) {
		// An error here is the store's, and reading the whole log says it as Game says it.
		f, guard, ok, err := a.upToDate(ctx, k)
		if err == nil && ok {
			a.kept.keep(f, guard)
			return f, nil
		}
		if err == nil {
			a.kept.drop(id) // not the store's game any more: the one read now takes its place
		}
	}
	log, err := a.load(ctx, id)
	if err != nil {
		return nil, err
	}
	replay := a.replay
	if shown {
		replay = replayShown
	}
	g, err := replay(id, log)
	if err != nil {
		return nil, err
	}
	a.kept.keep(g, store.Guard{})
	return g, nil
}

// load reads a game's whole log, hashes included.
func (a *App) load(ctx context.Context, id int64) ([]events.Event, error) {
	log, err := a.store.Load(ctx, id)
	if errors.Is(err, store.ErrNoGame) {
		return nil, noGame(id, err)
	}
	return log, err
}

// first is id's first event, which says what the game is: a kept game's, or read alone, at the
// same cost on a game of any length.
func (a *App) first(ctx context.Context, id int64) (events.Event, error) {
	if k := a.kept.get(id); k.game != nil && k.guard.Token != "" {
		// The store vouched for the game's rows at its last read, so its first event was the
		// store's then; had it changed since, the game's own read, which follows any question
		// of its first event, holds every row to the store's.
		return k.game.First(), nil
	}
	e, err := a.store.First(ctx, id)
	if errors.Is(err, store.ErrNoGame) {
		return e, noGame(id, err)
	}
	return e, err
}

// noGame says that the store holds no game id.
func noGame(id int64, err error) error {
	return &play.Error{Code: play.NotFound, Message: fmt.Sprintf("no game %d in this database", id), Err: err}
}

// EventsAfter is game id's events stored after event after, as stored, read without replaying
// the game: what a phone that holds the log up to after reads to catch up. A log that does not
// reach after (a file restored from an older copy, say) is a Conflict: the phone reads it from
// the start.
func (a *App) EventsAfter(ctx context.Context, id, after int64) ([]events.Event, error) {
	// Read from the phone's last event itself, so that one query says whether the log reaches it.
	log, err := a.store.LoadAfter(ctx, id, max(after-1, 0))
	switch {
	case errors.Is(err, store.ErrNoGame):
		return nil, &play.Error{Code: play.NotFound, Message: fmt.Sprintf("no game %d in this database", id), Err: err}
	case err != nil:
		return nil, err
	case after == 0:
		return log, nil
	case len(log) == 0 || log[0].Seq != after:
		return nil, &play.Error{Code: play.Conflict, Message: fmt.Sprintf("game %d has no event %d: read it from the start", id, after)}
	}
	return log[1:], nil
}

// Replay replays game id's log through its engine: a game's, or a tournament's referee.
func Replay(id int64, log []events.Event) (*play.Game, error) {
	return play.ReplayBy(engineOf, id, log)
}

// engineOf finds the engine of a stored log's kind: a game's, or a tournament's referee.
func engineOf(kind string) (referee.Rules, error) { return enginesWith(tournament.Rules{})(kind) }

// rulesOf finds the engine of a stored log by its first event.
func rulesOf(first events.Event) (referee.Rules, error) {
	c, err := play.CreatedOf(first)
	if err != nil {
		return nil, err
	}
	return engineOf(c.Kind)
}
