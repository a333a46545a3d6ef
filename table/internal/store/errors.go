package store

import (
	"errors"
	"fmt"
)

// Errors the store returns. Callers test them with errors.Is.
var (
	// ErrConflict: another writer appended the sequence number this one expected to write.
	ErrConflict = errors.New("someone else recorded a move in this game first")
	// ErrMovedOn: the other log an append was made while (AppendWhile) moved on first.
	ErrMovedOn = errors.New("another log the entry depends on moved on first")
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

// ErrGameMade: a tournament's seating has made the game of that table already. Create
// returns it as a *GameMadeError.
var ErrGameMade = errors.New("the table's game is made already")

// GameMadeError refuses a tournament's game whose table the same seating made already: Game.
type GameMadeError struct {
	Tournament   string
	Round, Table int
	Game         int64
}

func (e *GameMadeError) Error() string {
	return fmt.Sprintf("table %d of round %d of tournament %q has its game already: game %d", e.Table, e.Round, e.Tournament, e.Game)
}

func (e *GameMadeError) Unwrap() error { return ErrGameMade }

// ErrTournamentStored: the store holds the tournament's log already (the same file imported
// twice). Create returns it as a *TournamentStoredError.
var ErrTournamentStored = errors.New("the tournament is stored already")

// TournamentStoredError refuses a second log of one tournament: Game is the one stored.
type TournamentStoredError struct {
	Tournament string
	Game       int64
}

func (e *TournamentStoredError) Error() string {
	return fmt.Sprintf("tournament %q is game %d here already", e.Tournament, e.Game)
}

func (e *TournamentStoredError) Unwrap() error { return ErrTournamentStored }

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
	switch {
	case err == nil:
		return NoTrouble
	case errors.Is(err, ErrInDoubt):
		return InDoubt
	case IsBusy(err):
		return FileBusy
	case isLockWait(err):
		return LockWait
	case unreachable(err):
		return Unreachable
	}
	return NoTrouble
}
