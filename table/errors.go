package table

import (
	"errors"
	"fmt"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/table/internal/store"
)

// Explain returns err as an *Error where the failure has a code, so that a face shows the
// application's words and not the store's: a busy file or game becomes Busy, a database gone
// Unavailable. Any other error is returned as it is.
func Explain(err error) error {
	var e *play.Error
	if err == nil || errors.As(err, &e) {
		return err
	}
	if store.IsDamaged(err) {
		return damaged("the database", err)
	}
	switch store.TroubleOf(err) {
	case store.FileBusy:
		return &play.Error{Code: play.Busy, Err: err,
			Message: "the file is busy: another program has been writing to it for more than 5 seconds; nothing was recorded",
			Hint:    "try again in a moment; if it stays busy, close the other program that has the file open"}
	case store.LockWait:
		return &play.Error{Code: play.Busy, Err: err,
			Message: "the game is busy: another writer has held it in the database for more than 5 seconds; nothing was recorded",
			Hint:    "try again in a moment"}
	case store.Unreachable:
		return &play.Error{Code: play.Unavailable, Err: err,
			Message: "the database is not answering; nothing was recorded",
			Hint:    "try again in a moment; if it goes on, tell whoever runs the league's database"}
	case store.InDoubt:
		return &play.Error{Code: play.Unavailable, Err: err,
			Message: "the database stopped answering as the entry was being saved: it may or may not have been recorded",
			Hint:    "look at the game before entering it again: it may already be there"}
	}
	return err
}

// notStored is the error for what (the move, the correction, the new game) when the database
// answered that it wrote it but kept it out (store.ErrNotStored: a rule or a trigger on its
// tables), and err unchanged otherwise. Nothing was recorded, and trying again meets the same
// rule, so the hint sends the organiser to verify, which names it.
func notStored(err error, what string) error {
	if !errors.Is(err, store.ErrNotStored) {
		return err
	}
	return &play.Error{Code: play.Unavailable, Err: err,
		Message: fmt.Sprintf("the database did not store %s; nothing was recorded", what),
		Hint:    "something on the database's tables keeps what is written out: tableside verify names it; tell whoever runs the database"}
}

// damaged is the error for a database file SQLite cannot read, named by what: whatever
// command met it, nothing was written.
func damaged(what string, err error) *play.Error {
	return &play.Error{Code: play.Damaged, Err: err,
		Message: fmt.Sprintf("%s is damaged: SQLite cannot read it (%v); nothing was written to it", what, sqliteWords(err)),
		Hint:    "keep the damaged file as it is; copy back a backup of it, or import the last export of its games into a new database, then verify it against the seals written down"}
}

// sqliteWords is what SQLite itself said, without the store's words around it.
func sqliteWords(err error) error {
	for {
		switch e := err.(type) {
		case interface{ Unwrap() []error }:
			errs := e.Unwrap()
			err = errs[len(errs)-1]
		case interface{ Unwrap() error }:
			if e.Unwrap() == nil {
				return err
			}
			err = e.Unwrap()
		default:
			return err
		}
	}
}

// Problem is a failure as a program reads it: the body of every failed API call
// (docs/api.md), and what `record --format json` writes when an entry fails.
type Problem struct {
	Error play.ProblemDetail `json:"error"`
	// Game is the game as it stands now, when the failure is about its state.
	Game *play.View `json:"game,omitempty"`
	// Round is the round of a tournament a pairing found paired already.
	Round *RoundView `json:"round,omitempty"`
}

// ProblemOf is err as a Problem under code, the face's name for the failure, with hint, the
// face's advice, or when it has none the application error's own.
func ProblemOf(err error, code, hint string) Problem {
	p := Problem{Error: play.DetailOf(err, code, hint)}
	var e *play.Error
	if errors.As(err, &e) && e.Game != nil {
		v := e.Game.View()
		p.Game = &v
	}
	var paired *RoundPaired
	if errors.As(err, &paired) {
		p.Round = paired.Round
	}
	return p
}

// CodeOf returns the code of an application error, or "" for any other error (a failure of the
// store or the machine).
func CodeOf(err error) play.Code { return play.CodeOf(Explain(err)) }

// HintOf returns the hint of an application error, or "".
func HintOf(err error) string {
	var e *play.Error
	if errors.As(Explain(err), &e) {
		return e.Hint
	}
	return ""
}

// RoundPaired is the cause of the Conflict that refuses to pair a round paired already: the round
// as it stands. It is ErrPairedAlready to errors.Is.
type RoundPaired struct{ Round *RoundView }

func (p *RoundPaired) Error() string { return ErrPairedAlready.Error() }

func (p *RoundPaired) Unwrap() error { return ErrPairedAlready }
