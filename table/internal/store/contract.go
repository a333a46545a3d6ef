package store

import (
	"context"

	"github.com/tableside/tableside/events"
)

// Store is the contract every store of the log keeps, whatever keeps it: SQLite's file, the
// embedded default, or a league's database. The application holds a Store and nothing more;
// storetest.Run is the suite that every store passes, written once. Each method is documented
// where it is implemented: most once for both stores (sqlLog, sqllog*.go), the rest by each
// store. What a store cannot do the same way (how a busy database shows) is named in
// storetest's doc.
type Store interface {
	// Path names where the log is kept, for messages: a file's absolute path, or a database's
	// postgres:// address without its password.
	Path() string
	Close() error

	// Create stores a new game's events, the first a game.created, all or nothing.
	Create(ctx context.Context, evs []events.Event) (game int64, stored []events.Event, err error)
	// CreateInMatch is Create for a game whose match holds at most most games (0: any).
	CreateInMatch(ctx context.Context, evs []events.Event, most int) (game int64, stored []events.Event, err error)
	// CreateMany stores many games, each all or nothing, in as few transactions as it can.
	CreateMany(ctx context.Context, games []NewGame) ([]CreateResult, error)
	// Append stores evs after event after, which must still be the game's last (ErrConflict).
	Append(ctx context.Context, game, after int64, evs []events.Event) ([]events.Event, error)
	// AppendSummarized is Append keeping the game's summary, made of the events as stored, in
	// the same transaction.
	AppendSummarized(ctx context.Context, game, after int64, evs []events.Event, summarize func(stored []events.Event) Summary) ([]events.Event, error)
	// AppendWhile is AppendSummarized while another game's log ends where while says, or
	// ErrMovedOn and nothing written: the store decides, in the writing transaction, so that
	// an append to that game is before this one or after it, never between the look and the
	// write.
	AppendWhile(ctx context.Context, game, after int64, evs []events.Event, summarize func(stored []events.Event) Summary, while Unmoved) ([]events.Event, error)
	// Summaries hands each game of a span its current summary of a version, or nil; Summarize
	// writes summaries made from logs as read, each whose log has not moved on since.
	Summaries(ctx context.Context, version string, from, to int64, fn func(game int64, body []byte) error) error
	Summarize(ctx context.Context, sums []Summarized) (int, error)

	// Load and LoadAfter read a game's events, all or those after a seq, in seq order.
	Load(ctx context.Context, game int64) ([]events.Event, error)
	LoadAfter(ctx context.Context, game, after int64) ([]events.Event, error)
	// First reads a game's first event alone, however long its log.
	First(ctx context.Context, game int64) (events.Event, error)
	// LoadOn reads a game's events for a reader that holds its log as read before: whether the
	// store still holds every event held as held has it, the events stored after them, and a
	// Guard by which the database vouches for the rows held (none when it cannot). LoadFrom
	// reads, while the guard's token stands, only the rows from its seq on (tail, the reader's
	// events from there), held to tail, and the events after them, with a guard of them all.
	LoadOn(ctx context.Context, game int64, held []events.Event) (more []events.Event, guard Guard, same bool, err error)
	LoadFrom(ctx context.Context, game int64, tail []events.Event, guard Guard) (more []events.Event, now Guard, same bool, err error)
	// Scan and ScanGames walk the events of every game, or of a span of games, in order.
	Scan(ctx context.Context, fn func(events.Event) error) error
	ScanGames(ctx context.Context, from, to int64, withHash bool, fn func([]events.Event) error) error

	// The games: their span, ids and number, those of a match or a night, and the matches.
	GameSpan(ctx context.Context) (lo, hi int64, err error)
	GameIDs(ctx context.Context) ([]int64, error)
	CountGames(ctx context.Context) (int, error)
	CountEvents(ctx context.Context) (int, error)
	MatchGames(ctx context.Context, match string) ([]GameInfo, error)
	Matches(ctx context.Context) ([]MatchInfo, error)
	GamesSince(ctx context.Context, since int64) ([]GameInfo, error)

	// Heads and Ends say where games' logs end: some games', or every game's.
	Heads(ctx context.Context, games []int64) (map[int64]int64, error)
	Ends(ctx context.Context) ([]events.Head, error)
	// MovedGames lists the games imported with their hash chains and where they came from;
	// HashesAt reads event seq of every game that has one, to find a sheet from its seal.
	MovedGames(ctx context.Context) ([]MovedGame, error)
	HashesAt(ctx context.Context, seq int64) ([]events.Head, error)
	// VerifyFile checks the store against its schema and every games row against its log.
	VerifyFile(ctx context.Context) ([]events.Broken, error)
	// Watch tells a long-running reader when anything was committed, by anyone.
	Watch(ctx context.Context) (Watcher, error)
}

// Watcher says when the store has changed since it last looked. Close it when done.
type Watcher interface {
	Changed(ctx context.Context) (bool, error)
	Close() error
}
