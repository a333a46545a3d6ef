package store

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
)

// Errors the store returns. Callers test them with errors.Is.
var (
	// ErrConflict: another writer appended the sequence number this one expected to write.
	ErrConflict = errors.New("someone else recorded a move in this game first")
	// ErrNoGame: no game has that id.
	ErrNoGame = errors.New("no such game")
	// ErrNotDatabase: the file exists but is not a tableside database, or a PostgreSQL
	// database's tables of the store's names are another program's.
	ErrNotDatabase = errors.New("not a tableside database")
	// ErrTooNew: the file or database was written by a newer version of tableside.
	ErrTooNew = errors.New("database was made by a newer tableside")
	// ErrMatchKind: the game's match already holds games of another kind. Create returns it
	// as a *MatchKindError.
	ErrMatchKind = errors.New("a match holds games of one kind")
	// ErrNotStored: the database answered that it wrote, but did not write what it was given
	// (something on its tables, a rule or a trigger, kept the row out or changed it). Nothing
	// of the transaction was stored.
	ErrNotStored = errors.New("the database did not store what it was given, though it answered that it had; nothing was recorded, and verify names what is on its tables")
)

// MatchKindError refuses a game whose match holds games of another kind.
type MatchKindError struct{ Match, Kind, Refused string } // Kind: the match's kind; Refused: the new game's

func (e *MatchKindError) Error() string {
	return fmt.Sprintf("match %q is a match of %s, not %s", e.Match, e.Kind, e.Refused)
}

func (e *MatchKindError) Unwrap() error { return ErrMatchKind }

// MatchFullError refuses a game whose match already holds as many games as it may.
type MatchFullError struct {
	Match string
	Games int
}

func (e *MatchFullError) Error() string {
	return fmt.Sprintf("match %q is complete: it holds its %d games", e.Match, e.Games)
}

// ErrInDoubt: the database stopped answering as a write committed. The write may be stored or
// not; only reading the log again tells.
var ErrInDoubt = errors.New("the database stopped answering as it committed: the events may or may not be stored")

// Trouble is a passing failure of the database under a store, of a kind the table hears in its
// own words (table.Explain words each kind once, whichever store met it).
type Trouble int

// The troubles.
const (
	NoTrouble Trouble = iota
	// FileBusy: another program held SQLite's file for longer than the busy timeout. Nothing
	// was written.
	FileBusy
	// LockWait: another writer held a lock the write needed in PostgreSQL for longer than the
	// store's lock_timeout. Nothing was written.
	LockWait
	// Unreachable: the database could not be reached, or stopped answering before the write
	// committed. Nothing was written.
	Unreachable
	// InDoubt: the database stopped answering as the write committed (ErrInDoubt).
	InDoubt
)

// TroubleOf says which trouble err is, or NoTrouble for any other error.
func TroubleOf(err error) Trouble {
	var pe *pgconn.PgError
	switch {
	case err == nil:
		return NoTrouble
	case errors.Is(err, ErrInDoubt):
		return InDoubt
	case IsBusy(err):
		return FileBusy
	case errors.As(err, &pe) && pe.Code == pgLockNotAvailable:
		return LockWait
	case unreachable(err):
		return Unreachable
	}
	return NoTrouble
}

// pgLockNotAvailable is the SQLSTATE of a lock wait that outlasted lock_timeout.
const pgLockNotAvailable = "55P03"

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
