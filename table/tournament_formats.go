package table

import (
	"strings"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee/tournament"
)

// RoundRobin is the format in which every pair meets (twice when double), in as many rounds
// as that takes (T4).
const RoundRobin = tournament.RoundRobin

// TournamentFormats are the formats a tournament of kind may be played in (swiss,
// round-robin, rotation), as the tournament's referee judges a tournament's settings: what a
// face offers for the kind, so that it offers only what a pairing takes.
func TournamentFormats(kind string) ([]string, error) {
	if _, err := play.RulesOf(kind); err != nil {
		return nil, err
	}
	return tournament.Formats(strings.ToLower(kind))
}
