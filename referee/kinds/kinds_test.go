package kinds

import (
	"math/rand/v2"
	"regexp"
	"testing"

	"github.com/tableside/tableside/referee/refereetest"
)

// gendered are the words that would make a player he or she: the referee speaks of "the
// player", "the bidder", or a name.
var gendered = regexp.MustCompile(`(?i)\b(he|him|his|himself|she|her|hers|herself)\b`)

// TestWordsAreNeutral plays seeded random games of every kind and reads every hint and status
// line the referee gives along the way.
func TestWordsAreNeutral(t *testing.T) {
	for kind, r := range All() {
		for seed := range uint64(20) {
			setup, moves := r.Playout(rand.New(rand.NewPCG(seed, 3)), refereetest.Names)
			g, err := r.New(setup)
			if err != nil {
				t.Fatalf("%s seed %d: %v", kind, seed, err)
			}
			for i, m := range moves {
				said := []string{g.Hint()}
				for _, f := range g.Status() {
					said = append(said, f.Label+": "+f.Value)
				}
				for _, s := range said {
					if w := gendered.FindString(s); w != "" {
						t.Fatalf("%s seed %d, before move %d: %q says %q", kind, seed, i+2, s, w)
					}
				}
				g.Apply(int64(i+2), m)
			}
		}
	}
}
