// Package kinds is the register of the games tableside referees: each engine by its kind. The
// application finds a game's engine here; tests that play every kind find them here too.
package kinds

import (
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/advantage"
	"github.com/tableside/tableside/referee/article2"
	"github.com/tableside/tableside/referee/candidate"
	"github.com/tableside/tableside/referee/capture"
	"github.com/tableside/tableside/referee/pinochle"
)

// All is every engine, by kind: a new map each call, which the caller may change.
func All() map[string]referee.Rules {
	return map[string]referee.Rules{
		"advantage": advantage.Rules{},
		"article2":  article2.Rules{},
		"candidate": candidate.Rules{},
		"capture":   capture.Rules{},
		"pinochle":  pinochle.Rules{},
	}
}
