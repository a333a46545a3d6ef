package rating

import "math"

// Tau is the Glicko-2 system constant τ the program rates with: it bounds how far the volatility
// moves in a rating period. Glickman advises 0.3 to 1.2, smaller values keeping a few improbable
// results from swinging a rating; 0.5 is the value of his worked example, and card games, where
// the deal makes upsets common, argue against the top of the range.
const Tau = 0.5

const (
	glickoCentre = 1500     // a new player's rating, and the zero of the Glicko-2 scale
	glickoScale  = 173.7178 // Glicko points per unit of the Glicko-2 scale (step 2)
	// glickoMaxDeviation is a new player's deviation and the most a deviation grows to.
	glickoMaxDeviation = 350
	glickoTolerance    = 0.000001 // ε, where step 5 stops iterating
)

// Glicko is a player's Glicko-2 rating on the Glicko scale: Rating 1500, Deviation 350, Volatility 0.06
// for a new player.
type Glicko struct {
	Rating, Deviation, Volatility float64
}

// NewGlicko is the rating of a player who has not played.
func NewGlicko() Glicko {
	return Glicko{Rating: glickoCentre, Deviation: glickoMaxDeviation, Volatility: 0.06}
}

// Outcome is one game of a rating period: the opponent's rating as it stood at the start of the
// period, and the score (1 win, 0.5 draw, 0 loss).
type Outcome struct {
	Opponent Glicko
	Score    float64
}

// Period is p's rating after a rating period of these games, with system constant tau
// (Glickman's example uses 0.5). With no games only the deviation grows, and never past a new
// player's 350. A tau that is not positive leaves the volatility as it was, the limit of a tau
// shrinking to zero.
func (p Glicko) Period(games []Outcome, tau float64) Glicko {
	mu := (p.Rating - glickoCentre) / glickoScale
	phi := p.Deviation / glickoScale
	if len(games) == 0 {
		// A rating left unplayed for long is never less certain than no rating at all: the
		// original Glicko caps RD at 350 (its step 1). A period with games follows the
		// Glicko-2 paper, which has no cap, to the letter.
		return Glicko{Rating: p.Rating, Deviation: min(glickoScale*glickoPrePeriod(phi, p.Volatility), glickoMaxDeviation), Volatility: p.Volatility}
	}
	v, delta := glickoEstimate(mu, games)
	sigma := glickoVolatility(phi, p.Volatility, v, delta, tau)
	phiStar := glickoPrePeriod(phi, sigma)
	newPhi := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	// Step 7 adds φ'²·Σ g(φj)(sj − Ej), which is φ'²·Δ/v.
	newMu := mu + newPhi*newPhi*delta/v
	return Glicko{Rating: glickoScale*newMu + glickoCentre, Deviation: glickoScale * newPhi, Volatility: sigma}
}

// glickoPrePeriod is step 6 on the Glicko-2 scale, the deviation grown by a period's volatility.
func glickoPrePeriod(phi, sigma float64) float64 { return math.Sqrt(phi*phi + sigma*sigma) }

// glickoEstimate is steps 3 and 4: v, the variance of the rating estimated from the games alone,
// and Δ, the improvement the games suggest.
func glickoEstimate(mu float64, games []Outcome) (v, delta float64) {
	var information, improvement float64
	for _, game := range games {
		muJ := (game.Opponent.Rating - glickoCentre) / glickoScale
		phiJ := game.Opponent.Deviation / glickoScale
		g := 1 / math.Sqrt(1+3*phiJ*phiJ/(math.Pi*math.Pi))
		expected := 1 / (1 + math.Exp(-g*(mu-muJ)))
		information += g * g * expected * (1 - expected)
		improvement += g * (game.Score - expected)
	}
	v = 1 / information
	return v, v * improvement
}

// glickoVolatility is step 5, the new volatility σ', found by the Illinois algorithm on
// x = ln σ'² with the paper's own bracket and stopping rule.
func glickoVolatility(phi, sigma, v, delta, tau float64) float64 {
	if !(tau > 0) {
		return sigma
	}
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for math.Abs(B-A) > glickoTolerance {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}
