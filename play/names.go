package play

import (
	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
)

// The data the core's answers carry, named here so that a face need not import the engines or the log's envelope. Each is
// plain data, defined where the log and the engines define it; what judges a move, the engine,
// is never handed out.
type (
	// Flag is a breach the referee found, or a warning, on one event, citing its rule.
	Flag = referee.Flag
	// Field is one line of the table as `show` describes it.
	Field = referee.Field
	// Option is a setting a game of a kind is created with.
	Option = referee.Option
	// Ruling is one of a kind's rulings, by its id.
	Ruling = referee.Ruling
	// Seating is what a kind's setup names about its seats.
	Seating = referee.Seating
	// Event is one stored event of a game's log.
	Event = events.Event
	// Seal names a log, or a whole file, by what it holds.
	Seal = events.Seal
)

// ParseSeal reads a seal as it is printed on a sheet or said by export and verify.
func ParseSeal(text string) (Seal, error) { return events.ParseSeal(text) }

// DidYouMean offers the candidate closest to a word that was not understood, as "; did you
// mean bob?", or "": the engines' own suggestion, for a face's words too.
func DidYouMean(word string, candidates ...[]string) string {
	return referee.DidYouMean(word, candidates...)
}

// Ordinal writes n as a place is said (1st, 2nd, 3rd), in the engines' words.
func Ordinal(n int) string { return referee.Ordinal(n) }
