package rating

import (
	"fmt"
	"math"
	"slices"
)

// OpenSkill's defaults for the Plackett–Luce model.
const (
	skillMu    = 25.0
	skillSigma = 25.0 / 3
	skillBeta  = 25.0 / 6 // the spread of one game's performance about a player's skill
	skillKappa = 0.0001   // the least fraction of its variance a sigma keeps in one game
	// skillTau is OpenSkill's additive dynamics factor: before each game every sigma becomes
	// sqrt(sigma² + tau²), so that a player of many games still moves with their form.
	skillTau = 25.0 / 300
)

// Skill is a player's Weng–Lin skill: Mu the estimate, Sigma its uncertainty.
type Skill struct {
	Mu, Sigma float64
}

// NewSkill is the skill of a player who has not played: Mu 25, Sigma 25/3.
func NewSkill() Skill {
	return Skill{Mu: skillMu, Sigma: skillSigma}
}

// Ordinal is the figure the ladder shows, Mu − 3·Sigma: a skill the player's true skill almost
// surely exceeds, so a newcomer starts at 0 and climbs as games make the estimate surer.
func (s Skill) Ordinal() float64 {
	return s.Mu - 3*s.Sigma
}

// Rate is the skills after one game of these teams (each a list of players' skills), ranks[i] the
// place of teams[i] (1 is first; equal ranks share a place). It returns new skills in the same
// shape and never changes its arguments.
//
// As OpenSkill's rate does by default, every sigma first grows by the dynamics factor tau = 25/300,
// so a sigma that has become small can end a game slightly larger than it began; OpenSkill's
// limit_sigma, off by default, is not offered. Unlike a Glicko deviation, a sigma does not grow
// while a player sits out. Teams with no players take no part; if fewer than two teams have
// players, no game is rated and the skills come back unchanged. Rate panics if ranks and teams
// differ in length.
func Rate(teams [][]Skill, ranks []int) [][]Skill {
	return rate(teams, ranks, skillTau)
}

// rate is Rate with the dynamics factor tau as a parameter; tau 0 is Algorithm 4 alone.
func rate(teams [][]Skill, ranks []int, tau float64) [][]Skill {
	if len(ranks) != len(teams) {
		panic(fmt.Sprintf("rating: %d ranks for %d teams", len(ranks), len(teams)))
	}
	rated := make([][]Skill, len(teams))
	var playing []int
	for i, team := range teams {
		rated[i] = slices.Clone(team)
		if len(team) > 0 {
			playing = append(playing, i)
		}
	}
	if len(playing) < 2 {
		return rated
	}

	n := len(playing)
	teamMu := make([]float64, n)
	teamVar := make([]float64, n)
	rank := make([]int, n)
	cSquared := 0.0
	for t, i := range playing {
		for j := range rated[i] {
			s := &rated[i][j]
			s.Sigma = math.Sqrt(s.Sigma*s.Sigma + tau*tau)
			teamMu[t] += s.Mu
			teamVar[t] += s.Sigma * s.Sigma
		}
		rank[t] = ranks[i]
		cSquared += teamVar[t] + skillBeta*skillBeta
	}
	c := math.Sqrt(cSquared)

	// strength[t] is exp(teamMu[t]/c) over exp(max teamMu/c): only its ratios enter the model,
	// and dividing by the largest keeps exp from overflowing however high the skills run.
	strength := make([]float64, n)
	topMu := slices.Max(teamMu)
	for t := range n {
		strength[t] = math.Exp((teamMu[t] - topMu) / c)
	}
	// For each team q, the strength of every team that placed no better than q (the set C_q of
	// the paper), and how many teams share q's place (A_q).
	below := make([]float64, n)
	sharing := make([]float64, n)
	for q := range n {
		for s := range n {
			if rank[s] >= rank[q] {
				below[q] += strength[s]
			}
			if rank[s] == rank[q] {
				sharing[q]++
			}
		}
	}

	for t, i := range playing {
		var omega, delta float64
		for q := range n {
			if rank[q] > rank[t] {
				continue
			}
			p := strength[t] / below[q]
			delta += p * (1 - p) / sharing[q]
			if q == t {
				omega += (1 - p) / sharing[q]
			} else {
				omega -= p / sharing[q]
			}
		}
		gamma := math.Sqrt(teamVar[t]) / c
		omega *= teamVar[t] / c
		delta *= gamma * teamVar[t] / (c * c)
		for j := range rated[i] {
			s := &rated[i][j]
			share := s.Sigma * s.Sigma / teamVar[t]
			s.Mu += share * omega
			s.Sigma *= math.Sqrt(math.Max(1-share*delta, skillKappa))
		}
	}
	return rated
}
