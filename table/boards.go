package table

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee"
)

// Board is a deal as data (D1), as a face lists it: the piles of cards a hand record deals.
type (
	Board = referee.Board
	Pile  = referee.Pile
)

// Boards deals boards first to first+n−1 of kind for tables of players under the games'
// options from seed (D1): board b from the seed's own stream for b, so that a board is the same
// however many are dealt with it, on every machine.
func Boards(kind string, seed uint64, first, n, players int, options map[string]string) ([]Board, error) {
	rules, err := play.RulesOf(kind)
	if err != nil {
		return nil, err
	}
	if first < 1 || n < 1 || n > maxBoards {
		return nil, play.Invalidf(nil, "", "boards %d to %d: give boards from 1, at most %d at once", first, first+n-1, maxBoards)
	}
	if least, most := rules.Players(); players < least || players > most {
		by := fmt.Sprintf("%d to %d", least, most)
		if least == most {
			by = fmt.Sprint(least)
		}
		return nil, play.Invalidf(nil, "", "%s is played by %s players, not %d", rules.Name(), by, players)
	}
	if err := knownOptions(rules, options); err != nil {
		return nil, err
	}
	out := make([]Board, 0, n)
	for b := first; b < first+n; b++ {
		piles, err := rules.Deal(rand.New(rand.NewPCG(seed, uint64(b))), players, options)
		if err != nil {
			return nil, play.Invalidf(err, "", "%v", err)
		}
		out = append(out, Board{Kind: rules.Kind(), Number: b, Seed: seed, Players: players, Options: options, Piles: piles})
	}
	return out, nil
}

// knownOptions refuses an option the kind does not have, or a value it does not take.
func knownOptions(rules referee.Rules, options map[string]string) error {
	for name, value := range options {
		i := slices.IndexFunc(rules.Options(), func(o referee.Option) bool { return o.Name == name })
		if i < 0 {
			return play.Invalidf(nil, "", "%s has no option %q (tableside rules %s lists them)", rules.Name(), name, rules.Kind())
		}
		if o := rules.Options()[i]; !o.Numeric && !o.List && len(o.Values) > 0 && !slices.Contains(o.Values, value) {
			return play.Invalidf(nil, "", "option %s takes %s, not %q", name, strings.Join(o.Values, " or "), value)
		}
	}
	return nil
}

// maxBoards bounds one deal of boards: a night plays a few dozen.
const maxBoards = 1000
