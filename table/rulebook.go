package table

import (
	"strings"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee/tournament"
)

// TournamentKind is the kind of a tournament's own log, beside the kinds of game (play.Kinds).
const TournamentKind = tournament.Kind

// RulebookOf is the rulebook of a kind of game, or, for "tournament", of a tournament's
// referee (T1–T9, and how the log is judged).
func RulebookOf(kind string) (*play.Rulebook, error) {
	if strings.EqualFold(kind, tournament.Kind) {
		return play.RulebookFor(tournament.Rules{}), nil
	}
	return play.RulebookOf(kind)
}
