package table

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/table/internal/store"
)

// Code says what kind of failure an Error is, so that each face maps it once: the command line
// to an exit code, the server to an HTTP status.
type Code string

// The codes.
const (
	// Invalid: what was given cannot be read or does not fit the game (a move's words, a
	// player's name, a correction naming an event it cannot correct, a setup).
	Invalid Code = "invalid"
	// NotFound: no such game, or no such match.
	NotFound Code = "not_found"
	// Refused: the move breaks a rule. Flags says which and Hint what is legal instead.
	Refused Code = "refused"
	// Over: the game is over; only corrections can be recorded.
	Over Code = "over"
	// Conflict: another terminal recorded first, and the entry cannot be judged again: the
	// caller named the event it expected to follow, or the entry meant a state that is gone.
	Conflict Code = "conflict"
	// Busy: another program has held the file, or another writer the game in a league's
	// database, for longer than the store waits for it. Nothing was recorded; trying again
	// later may succeed.
	Busy Code = "busy"
	// Unavailable: a league's database cannot be reached or stopped answering. The message
	// says whether the entry was recorded, or may have been; trying again later may succeed.
	Unavailable Code = "unavailable"
	// Damaged: the database file is damaged, and SQLite cannot read it.
	Damaged Code = "damaged"
)

// Error is a failure the application explains to the table. Nothing was recorded.
type Error struct {
	Code    Code
	Message string
	// Hint says what to do instead, in the game's own terms (what is legal now).
	Hint string
	// Field is the field of a Setup the error is about ("players", "date" …), when it is about
	// one.
	Field string
	// Flags are the flags a refused entry would raise, the first leading.
	Flags []referee.Flag
	// Game is the game as it stands now when the failure is about its state (refused, over,
	// conflict), so a face can show it beside the refusal.
	Game *Game
	// Rejudged counts how often the entry was judged again because another terminal recorded
	// first.
	Rejudged int
	// Round is the round of a tournament a pairing found paired already, as it stands.
	Round *RoundView
	// Err is the cause, for errors.Is: store.ErrConflict, store.ErrNoGame, referee.ErrMove …
	Err error
}

func (e *Error) Error() string { return e.Message }

func (e *Error) Unwrap() error { return e.Err }

// Explain returns err as an *Error where the failure has a code, so that a face shows the
// application's words and not the store's: a busy file or game becomes Busy, a database gone
// Unavailable. Any other error is returned as it is.
func Explain(err error) error {
	var e *Error
	if err == nil || errors.As(err, &e) {
		return err
	}
	if store.IsDamaged(err) {
		return damaged("the database", err)
	}
	switch store.TroubleOf(err) {
	case store.FileBusy:
		return &Error{Code: Busy, Err: err,
			Message: "the file is busy: another program has been writing to it for more than 5 seconds; nothing was recorded",
			Hint:    "try again in a moment; if it stays busy, close the other program that has the file open"}
	case store.LockWait:
		return &Error{Code: Busy, Err: err,
			Message: "the game is busy: another writer has held it in the database for more than 5 seconds; nothing was recorded",
			Hint:    "try again in a moment"}
	case store.Unreachable:
		return &Error{Code: Unavailable, Err: err,
			Message: "the database is not answering; nothing was recorded",
			Hint:    "try again in a moment; if it goes on, tell whoever runs the league's database"}
	case store.InDoubt:
		return &Error{Code: Unavailable, Err: err,
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
	return &Error{Code: Unavailable, Err: err,
		Message: fmt.Sprintf("the database did not store %s; nothing was recorded", what),
		Hint:    "something on the database's tables keeps what is written out: tableside verify names it; tell whoever runs the database"}
}

// damaged is the error for a database file SQLite cannot read, named by what: whatever
// command met it, nothing was written.
func damaged(what string, err error) *Error {
	return &Error{Code: Damaged, Err: err,
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
	Error ProblemDetail `json:"error"`
	// Game is the game as it stands now, when the failure is about its state.
	Game *View `json:"game,omitempty"`
	// Round is the round of a tournament a pairing found paired already.
	Round *RoundView `json:"round,omitempty"`
}

// ProblemDetail says what failed, in the words a person is told.
type ProblemDetail struct {
	Code     string         `json:"code"`
	Message  string         `json:"message"`
	Hint     string         `json:"hint,omitempty"`
	Field    string         `json:"field,omitempty"`
	Flags    []referee.Flag `json:"flags,omitempty"`
	Rejudged int            `json:"rejudged,omitempty"`
}

// ProblemOf is err as a Problem under code, the face's name for the failure, with hint, the
// face's advice, or when it has none the application error's own.
func ProblemOf(err error, code, hint string) Problem {
	p := Problem{Error: ProblemDetail{Code: code, Message: err.Error(), Hint: hint}}
	var e *Error
	if errors.As(err, &e) {
		p.Error.Field, p.Error.Flags, p.Error.Rejudged = e.Field, e.Flags, e.Rejudged
		if p.Error.Hint == "" {
			p.Error.Hint = e.Hint
		}
		if e.Game != nil {
			v := e.Game.View()
			p.Game = &v
		}
		p.Round = e.Round
	}
	return p
}

// CodeOf returns the code of an application error, or "" for any other error (a failure of the
// store or the machine).
func CodeOf(err error) Code {
	var e *Error
	if errors.As(Explain(err), &e) {
		return e.Code
	}
	return ""
}

// HintOf returns the hint of an application error, or "".
func HintOf(err error) string {
	var e *Error
	if errors.As(Explain(err), &e) {
		return e.Hint
	}
	return ""
}

// invalid is an Invalid error wrapping cause (which may be nil).
func invalid(cause error, hint, format string, args ...any) *Error {
	return &Error{Code: Invalid, Message: clip(fmt.Sprintf(format, args...)), Hint: hint, Err: cause}
}

// maxMessage bounds an error message: one that quotes a huge word typed or imported by mistake
// keeps its start and its end, and says how much was left out.
const maxMessage = 400

func clip(msg string) string {
	if len(msg) <= maxMessage {
		return msg
	}
	head, tail := msg[:maxMessage/2], msg[len(msg)-maxMessage/4:]
	for !utf8.ValidString(head) {
		head = head[:len(head)-1]
	}
	for !utf8.ValidString(tail) {
		tail = tail[1:]
	}
	return fmt.Sprintf("%s … (%d bytes left out) … %s", head, len(msg)-len(head)-len(tail), tail)
}

// refused is the error for an entry that would raise flags on itself: the reason of every
// flag, the first leading, and that nothing was recorded.
func refused(g *Game, own []referee.Flag, hint string) *Error {
	lines := make([]string, len(own))
	for i, f := range own {
		lines[i] = f.Reason()
	}
	return &Error{Code: Refused, Message: strings.Join(lines, "\n  and ") + "; nothing was recorded", Hint: hint, Flags: own, Game: g}
}
