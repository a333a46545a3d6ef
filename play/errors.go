package play

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/tableside/tableside/referee"
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
	// Err is the cause, for errors.Is: the store's ErrConflict or ErrNoGame, referee.ErrMove …
	Err error
}

func (e *Error) Error() string { return e.Message }

func (e *Error) Unwrap() error { return e.Err }

// ProblemDetail says what failed, in the words a person is told.
type ProblemDetail struct {
	Code     string         `json:"code"`
	Message  string         `json:"message"`
	Hint     string         `json:"hint,omitempty"`
	Field    string         `json:"field,omitempty"`
	Flags    []referee.Flag `json:"flags,omitempty"`
	Rejudged int            `json:"rejudged,omitempty"`
}

// DetailOf is what err says under code, the face's name for the failure, with hint, the face's
// advice, or when it has none the error's own.
func DetailOf(err error, code, hint string) ProblemDetail {
	d := ProblemDetail{Code: code, Message: err.Error(), Hint: hint}
	var e *Error
	if errors.As(err, &e) {
		d.Field, d.Flags, d.Rejudged = e.Field, e.Flags, e.Rejudged
		if d.Hint == "" {
			d.Hint = e.Hint
		}
	}
	return d
}

// CodeOf returns the code of an *Error, or "" for any other error.
func CodeOf(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

// Invalidf is an Invalid error wrapping cause (which may be nil), its message clipped to a length
// a person reads (a huge word typed by mistake keeps its start and its end).
func Invalidf(cause error, hint, format string, args ...any) *Error {
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
