package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"
)

// busyTimeout is how long a writer waits for another to finish, on either database.
const busyTimeout = 5 * time.Second

// applicationID marks a tableside database: SQLite's PRAGMA application_id ("TBLS"), so that a
// tableside file is recognised by its header and another program's SQLite file is never taken
// for an empty one, and the same number in PostgreSQL's schema table.
const applicationID = 0x54424C53

// sqlLog is what the SQLite and PostgreSQL stores do the same way: both reach their database
// through database/sql (PostgreSQL through pgx's stdlib driver), so that one body of Go
// prepares events, chains their hashes, decides a conflict, checks a match and reads the log,
// and the stores differ only where their databases do. Its queries are written with SQLite's ?
// placeholders; numbered turns them into PostgreSQL's $1, $2 ….
type sqlLog struct {
	db *sql.DB
	// writers is how many transactions of this process may write at once: the rest wait their
	// turn here, first come first served, where they would otherwise wait in the database (a
	// SQLite busy handler that retries without order) or for a connection of the pool (which
	// database/sql hands to a waiter at random, so that the unlucky wait longest).
	writers chan struct{}
	// numbered says the database wants $n placeholders.
	numbered bool
	// statements, when not nil, keeps each query run outside a transaction prepared on the
	// connections it ran on: SQLite parses a statement's text again at every run otherwise, and
	// a server's moves spent a third of their time there.
	statements *statements
	// newGame inserts a games row (kind, created_at, match) and returns its id.
	newGame string
	// lockCreate, if any, is run in the transaction before a game is created: it serializes the
	// creation of games, so that a match's kind and size are checked against every game that
	// will be there when it commits, and game ids are handed out without gaps.
	lockCreate string
	// lockGame, if any, is run with the game's id before the log's last event is read, so that
	// two appends to one game take turns and the second sees the first's events.
	lockGame string
	// rowsWatched says a cancelled context stops an event's insert in the middle. The SQLite
	// driver watches a context for each statement, at a seventh of an import's writing, for a
	// local file that does not hang: its rows are inserted uncancelled, the context heeded
	// before each game's rows and at the commit. A PostgreSQL connection can hang, and is
	// watched.
	rowsWatched bool
	// loadQuery and heldQuery read a game's rows as one text, onQuery a kept game's rows from
	// a seq on (readsAsText).
	loadQuery, heldQuery, onQuery string
	// guard is how the database vouches for a game's rows between two reads (Guard).
	guard logGuard
}

// q is query with the database's placeholders.
func (s *sqlLog) q(query string) string {
	if !s.numbered || !strings.Contains(query, "?") {
		return query
	}
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func (s *sqlLog) query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if st := s.statements.prepared(ctx, s.db, s.q(query)); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return s.db.QueryContext(ctx, s.q(query), args...)
}

func (s *sqlLog) queryRow(ctx context.Context, query string, args ...any) *sql.Row {
	if st := s.statements.prepared(ctx, s.db, s.q(query)); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return s.db.QueryRowContext(ctx, s.q(query), args...)
}

// statements are the store's queries prepared once each, up to maxStatements of them: a query
// whose text is built for its arguments (a list of games) would otherwise fill it without end.
type statements struct {
	mu      sync.Mutex
	byQuery map[string]*sql.Stmt
}

const maxStatements = 64

// prepared is query prepared on db, or nil when it is not kept (none are, or there are as many
// as are kept, or it fails to prepare: the caller then runs it unprepared and meets the error).
func (ss *statements) prepared(ctx context.Context, db *sql.DB, query string) *sql.Stmt {
	if ss == nil {
		return nil
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if st := ss.byQuery[query]; st != nil {
		return st
	}
	if len(ss.byQuery) >= maxStatements {
		return nil
	}
	st, err := db.PrepareContext(ctx, query)
	if err != nil {
		return nil
	}
	if ss.byQuery == nil {
		ss.byQuery = map[string]*sql.Stmt{}
	}
	ss.byQuery[query] = st
	return st
}

// begin starts a write transaction once it is this process's writer's turn, or ctx ends. done
// ends it, rolling back what was not committed.
func (s *sqlLog) begin(ctx context.Context) (tx *sql.Tx, done func(), err error) {
	select {
	case s.writers <- struct{}{}:
	case <-ctx.Done():
		return nil, nil, ctx.Err()
	}
	tx, err = s.db.BeginTx(ctx, nil)
	if err != nil {
		<-s.writers
		return nil, nil, err
	}
	return tx, func() { tx.Rollback(); <-s.writers }, nil
}

// commit commits tx. A connection that breaks as the commit is sent leaves its outcome unknown
// (the database may have committed before it went), which ErrInDoubt says.
func commit(tx *sql.Tx) error {
	err := tx.Commit()
	if err != nil && unreachable(err) {
		return fmt.Errorf("%w (%w)", ErrInDoubt, err)
	}
	return err
}

// queryer is what reading a database's schema version (classify, Postgres.version) needs from
// a *sql.DB or *sql.Tx.
type queryer interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}
