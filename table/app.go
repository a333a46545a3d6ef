package table

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/internal/tail"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/kinds"
	"github.com/tableside/tableside/referee/tournament"
	"github.com/tableside/tableside/table/internal/store"
)

// engines are the games tableside referees, by kind.
var engines = kinds.All()

// Kinds lists the games tableside referees, in name order.
func Kinds() []string {
	ks := slices.Collect(maps.Keys(engines))
	slices.Sort(ks)
	return ks
}

// rulesOfKind is the engine of a kind of game, named in any case.
func rulesOfKind(kind string) (referee.Rules, error) {
	r, ok := engines[strings.ToLower(kind)]
	if !ok {
		return nil, invalid(nil, "", "unknown game %q (kinds: %s)", kind, strings.Join(Kinds(), ", "))
	}
	return r, nil
}

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
	a := &App{store: st, now: time.Now}
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
			return nil, &Error{Code: NotFound, Err: ErrNoDatabase, Message: fmt.Sprintf("no database %s: there is no such file", path)}
		case err == nil && fi.Mode().IsRegular() && fi.Size() == 0:
			return nil, &Error{Code: NotFound, Err: ErrNoDatabase, Message: fmt.Sprintf("no database %s: the file is empty", path)}
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

// Game is one game as its log stands: the events, and what the referee made of them. Faces ask
// it their questions (the view, the legal moves, whether a move would be taken); the engine
// that answers them stays behind it.
type Game struct {
	ID    int64
	Log   []events.Event
	Setup events.Created
	// Flags are the flags on every event, open and settled, in event order.
	Flags []Flag
	// Notes says, for each event a correction touched, what happened to it ("voided by 14").
	Notes map[int64]string
	// Last is the seq of the log's last event.
	Last int64
	// Abandoned is the event that abandoned the game, when one stands (L6); 0 otherwise.
	Abandoned int64

	rules   referee.Rules
	outcome *referee.Outcome
	chain   *chainCheck
	// logTail is Log's backing array, shared with the games judged on from this one (with): a
	// move appends to it rather than copying the log, so that it costs the same at the end
	// of a long game as at its start.
	logTail *tail.Tail[events.Event]
	// The legal moves, in notation and as choices, worked out once for the game as it stands:
	// a server keeping the game answers every phone's request from them.
	legal   func() []string
	choices func() []Choice
}

// newGame is the game whose log replays to o under r.
func newGame(id int64, r referee.Rules, log []events.Event, o *referee.Outcome) *Game {
	g := &Game{ID: id, Log: log, Setup: o.Setup, Flags: o.Flags, Notes: o.Notes, Last: o.Last,
		Abandoned: o.Abandoned, rules: r, outcome: o, chain: &chainCheck{log: log}}
	g.legal, g.choices = sync.OnceValue(g.workOutLegal), sync.OnceValue(g.workOutChoices)
	return g
}

// chainCheck is where a game's hash chain breaks, worked out once, when first asked (a game's
// seal is asked at every view): for a game judged one move after another, from the check of the
// game before, by one hash, so that a phone's game of 300 moves is not hashed 300 times over.
type chainCheck struct {
	once   sync.Once
	broken *events.Broken
	log    []events.Event
	before *chainCheck // the check of the log without its last event, when known
}

func (c *chainCheck) get() *events.Broken {
	c.once.Do(func() {
		// Once worked out, the log and the games before are not needed: let them go, so that
		// a game judged move after move, and kept, does not keep every log it grew from.
		defer func() { c.log, c.before = nil, nil }()
		if c.before == nil {
			c.broken = events.CheckChain(c.log)
			return
		}
		if c.broken = c.before.get(); c.broken == nil {
			n := len(c.log)
			c.broken = events.CheckChainAfter(c.log[n-2], c.log[n-1:])
		}
	})
	return c.broken
}

// Game loads and replays a game; a game kept (Keep) is brought up to date with the events
// stored since it was read.
func (a *App) Game(ctx context.Context, id int64) (*Game, error) {
	if g := a.kept.get(id); g != nil {
		// An error here is the store's, and reading the whole log says it as Game says it.
		f, ok, err := a.upToDate(ctx, g)
		if err == nil && ok {
			a.kept.keep(f)
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
	g, err := Replay(id, log)
	if err != nil {
		return nil, err
	}
	a.kept.keep(g)
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

// first reads id's first event alone, which says what the game is, at the same cost on a game
// of any length.
func (a *App) first(ctx context.Context, id int64) (events.Event, error) {
	e, err := a.store.First(ctx, id)
	if errors.Is(err, store.ErrNoGame) {
		return e, noGame(id, err)
	}
	return e, err
}

// noGame says that the store holds no game id.
func noGame(id int64, err error) error {
	return &Error{Code: NotFound, Message: fmt.Sprintf("no game %d in this database", id), Err: err}
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
		return nil, &Error{Code: NotFound, Message: fmt.Sprintf("no game %d in this database", id), Err: err}
	case err != nil:
		return nil, err
	case after == 0:
		return log, nil
	case len(log) == 0 || log[0].Seq != after:
		return nil, &Error{Code: Conflict, Message: fmt.Sprintf("game %d has no event %d: read it from the start", id, after)}
	}
	return log[1:], nil
}

// Replay replays game id's log through its engine: the game as that log stands, wherever the
// log came from (the store, or a phone's own copy).
func Replay(id int64, log []events.Event) (*Game, error) {
	r, err := rulesOf(log[0])
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", id, err)
	}
	o, err := referee.Replay(r, log)
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", id, err)
	}
	return newGame(id, r, log, o), nil
}

// rulesOf finds the engine of a stored game by its first event.
func rulesOf(first events.Event) (referee.Rules, error) {
	c, err := createdOf(first)
	if err != nil {
		return nil, err
	}
	return engineOf(c.Kind)
}

// engineOf finds the engine of a stored log's kind: a game's, or a tournament's referee.
func engineOf(kind string) (referee.Rules, error) {
	if kind == tournament.Kind {
		return tournament.Rules{}, nil
	}
	r, ok := engines[kind]
	if !ok {
		return nil, fmt.Errorf("this tableside does not know the game %q (it knows %s)", kind, strings.Join(Kinds(), ", "))
	}
	return r, nil
}

// createdOf reads a game's first event.
func createdOf(first events.Event) (events.Created, error) {
	var c events.Created
	if first.Type != events.TypeCreated {
		return c, fmt.Errorf("a game log starts with %s, not %s", events.TypeCreated, first.Type)
	}
	if err := decode(first, &c); err != nil {
		return c, fmt.Errorf("the game's first event is unreadable: %v", err)
	}
	return c, nil
}
