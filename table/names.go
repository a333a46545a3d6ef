package table

import (
	"strings"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee/tournament"
)

// The game and what it answers are play's: the application builds on it. They are named here
// too, so that a face that asks the application about a game need not import two packages to
// hold what it is given.
type (
	Game          = play.Game
	View          = play.View
	Choice        = play.Choice
	Entry         = play.Entry
	Waiting       = play.Waiting
	Checked       = play.Checked
	Recorded      = play.Recorded
	Entered       = play.Entered
	Correction    = play.Correction
	Corrected     = play.Corrected
	Changes       = play.Changes
	TotalChange   = play.TotalChange
	Rulebook      = play.Rulebook
	Error         = play.Error
	Code          = play.Code
	ProblemDetail = play.ProblemDetail
	Flag          = play.Flag
	Field         = play.Field
	Option        = play.Option
	Ruling        = play.Ruling
	Seating       = play.Seating
	Event         = play.Event
	Seal          = play.Seal
)

// The codes of an Error.
const (
	Invalid     = play.Invalid
	NotFound    = play.NotFound
	Refused     = play.Refused
	Over        = play.Over
	Conflict    = play.Conflict
	Busy        = play.Busy
	Unavailable = play.Unavailable
	Damaged     = play.Damaged
)

// TournamentKind is the kind of a tournament's own log, beside the kinds of game (Kinds).
const TournamentKind = tournament.Kind

// RulebookOf is the rulebook of a kind of game, or, for "tournament", of a tournament's
// referee (T1–T9, and how the log is judged).
func RulebookOf(kind string) (*Rulebook, error) {
	if strings.EqualFold(kind, tournament.Kind) {
		return play.RulebookFor(tournament.Rules{}), nil
	}
	return play.RulebookOf(kind)
}
