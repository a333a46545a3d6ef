package store

import (
	"errors"
	"fmt"
)

// Errors the store returns. Callers test them with errors.Is.
var (
	// ErrConflict: another writer appended the sequence number this one expected to write.
	ErrConflict = errors.New("someone else recorded a move in this game first")
	// ErrNoGame: no game has that id.
	ErrNoGame = errors.New("no such game")
	// ErrNotDatabase: the file exists but is not a tableside database.
	ErrNotDatabase = errors.New("not a tableside database")
	// ErrTooNew: the file was written by a newer version of tableside.
	ErrTooNew = errors.New("database was made by a newer tableside")
	// ErrMatchKind: the game's match already holds games of another kind. Create returns it
	// as a *MatchKindError.
	ErrMatchKind = errors.New("a match holds games of one kind")
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
