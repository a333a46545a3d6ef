package play

import (
	"slices"
	"strings"

	"github.com/tableside/tableside/referee"
)

// Rulebook is everything the referee of one kind of game applies, as a table reads it: the
// players it is for, its options, how its moves are typed, and every ruling it cites, the
// game's own and then the log's (corrections, forced moves, confirmations).
type Rulebook struct {
	Kind    string `json:"kind"`
	Name    string `json:"name"`
	Ruleset string `json:"ruleset"`
	Players [2]int `json:"players"` // the fewest and the most
	// Seating is what a setup names about the seats besides the players: a new game's form
	// asks for it.
	Seating Seating          `json:"-"`
	Options []referee.Option `json:"options"`
	Grammar []string         `json:"grammar"`
	Rulings []referee.Ruling `json:"rulings"`
}

// RulebookOf is the rulebook of a kind of game.
func RulebookOf(kind string) (*Rulebook, error) {
	r, err := RulesOf(kind)
	if err != nil {
		return nil, err
	}
	return RulebookFor(r), nil
}

// Rulebook is the rulebook of the game's kind.
func (g *Game) Rulebook() *Rulebook { return RulebookFor(g.rules) }

// RulebookFor is the rulebook of r's kind.
func RulebookFor(r referee.Rules) *Rulebook {
	least, most := r.Players()
	return &Rulebook{Kind: r.Kind(), Name: r.Name(), Ruleset: r.Ruleset(), Players: [2]int{least, most}, Seating: r.Seating(),
		Options: slices.Clone(r.Options()), Grammar: slices.Clone(r.Grammar()),
		Rulings: append(slices.Clone(r.Rulings()), referee.LogRulings...)}
}

// SplitForm parts a line of a Grammar at its first run of two spaces or more: how a move is
// typed, and what it does. A note, or a line of a table (which starts with a space), has no
// such parting.
func SplitForm(line string) (form, what string, ok bool) {
	i := strings.Index(line, "  ")
	if i <= 0 {
		return "", "", false
	}
	return line[:i], strings.TrimSpace(line[i:]), true
}
