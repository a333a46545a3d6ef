package rating

import (
	"math"
	"testing"
)

// glickmanExample is the worked example of Glickman's "Example of the Glicko-2 system"
// (glicko.net/glicko/glicko2.pdf): a player of 1500, RD 200, σ 0.06 plays three games in a period.
var glickmanExample = struct {
	player Glicko
	games  []Outcome
}{
	player: Glicko{Rating: 1500, Deviation: 200, Volatility: 0.06},
	games: []Outcome{
		{Opponent: Glicko{Rating: 1400, Deviation: 30, Volatility: 0.06}, Score: 1},
		{Opponent: Glicko{Rating: 1550, Deviation: 100, Volatility: 0.06}, Score: 0},
		{Opponent: Glicko{Rating: 1700, Deviation: 300, Volatility: 0.06}, Score: 0},
	},
}

func near(t *testing.T, name string, got, want, tolerance float64) {
	t.Helper()
	if math.Abs(got-want) > tolerance || math.IsNaN(got) {
		t.Errorf("%s = %.10g, want %g ± %g", name, got, want, tolerance)
	}
}

// Steps 3 to 5 against the figures the paper prints. The paper works v and Δ from E rounded to
// three places, which moves both in the fourth (unrounded, v is 1.77898 and Δ −0.48393), so they
// are held to 0.001. Step 5 is also run on the paper's own v, Δ and φ (1.1513): it prints σ' cut,
// not rounded, to 0.05999 (unrounded 0.059996 either way).
func TestGlickoPaperSteps(t *testing.T) {
	p := glickmanExample.player
	mu := (p.Rating - glickoCentre) / glickoScale
	phi := p.Deviation / glickoScale
	near(t, "φ", phi, 1.1513, 0.00005)
	v, delta := glickoEstimate(mu, glickmanExample.games)
	near(t, "v", v, 1.7785, 0.001)
	near(t, "Δ", delta, -0.4834, 0.001)
	for _, sigma := range []float64{
		glickoVolatility(phi, p.Volatility, v, delta, 0.5),
		glickoVolatility(1.1513, 0.06, 1.7785, -0.4834, 0.5),
	} {
		if sigma < 0.05999 || sigma >= 0.06 {
			t.Errorf("σ' = %.10g, want 0.05999…", sigma)
		}
	}
}

// The paper's result, r' 1464.06, RD' 151.52, σ' 0.05999 (μ' −0.2069, φ' 0.8722), to its printed
// precision. It reaches 1464.06 as 173.7178 × (−0.2069) + 1500, from μ' rounded to four places;
// unrounded, μ' is −0.20694 and r' 1464.0507, so r' is held to what four places of μ' carry
// (173.7178 × 0.00005 ≈ 0.009). The unrounded figures are those other implementations publish
// for this example, e.g. Prillan/haskell-glicko, test/Spec.hs, and mrdimosthenis/glicko2,
// shared/src/test/scala/dimos/glicko2/PlayerSuite.scala ("afterPeriod player"):
// 1464.0506705393013, 151.51652412385727, 0.059995984286488495.
func TestGlickoPaperResult(t *testing.T) {
	got := glickmanExample.player.Period(glickmanExample.games, 0.5)
	near(t, "μ'", (got.Rating-glickoCentre)/glickoScale, -0.2069, 0.00005)
	near(t, "φ'", got.Deviation/glickoScale, 0.8722, 0.00005)
	near(t, "r'", got.Rating, 1464.06, 0.01)
	near(t, "RD'", got.Deviation, 151.52, 0.005)
	if got.Volatility < 0.05999 || got.Volatility >= 0.06 {
		t.Errorf("σ' = %.10g, want 0.05999…", got.Volatility)
	}

	near(t, "r' unrounded", got.Rating, 1464.0506705393013, 1e-7)
	near(t, "RD' unrounded", got.Deviation, 151.51652412385727, 1e-7)
	near(t, "σ' unrounded", got.Volatility, 0.059995984286488495, 1e-10)
}

// Sitting out a period leaves rating and volatility and grows the deviation by step 6 alone:
// φ' = sqrt(φ² + σ²).
func TestGlickoPeriodWithoutGames(t *testing.T) {
	p := glickmanExample.player
	for _, games := range [][]Outcome{nil, {}} {
		got := p.Period(games, Tau)
		want := glickoScale * math.Sqrt(math.Pow(200/glickoScale, 2)+0.06*0.06)
		if got.Rating != p.Rating || got.Volatility != p.Volatility {
			t.Errorf("sitting out moved %+v to %+v", p, got)
		}
		near(t, "RD'", got.Deviation, want, 1e-9)
		if got.Deviation <= p.Deviation {
			t.Errorf("sitting out left RD %g at %g", p.Deviation, got.Deviation)
		}
	}
}

func TestGlickoDeviationStopsAtANewPlayers(t *testing.T) {
	p := NewGlicko()
	for range 100 {
		p = p.Period(nil, Tau)
		if p.Deviation > 350 {
			t.Fatalf("RD grew to %g", p.Deviation)
		}
	}
	if p != NewGlicko() {
		t.Errorf("a new player who sits out became %+v", p)
	}

	long := Glicko{Rating: 1700, Deviation: 60, Volatility: 0.06}
	for range 10000 {
		long = long.Period(nil, Tau)
	}
	near(t, "RD after long absence", long.Deviation, 350, 1e-9)
	if long.Rating != 1700 {
		t.Errorf("absence moved the rating to %g", long.Rating)
	}
}

// TestGlickoFirstGameUncapped: two new players' first game follows the paper's steps with no
// cap, though the pre-period deviation (step 6) grows a little past 350. The figures were worked
// through steps 1–8 by hand (with a calculator for the exponentials): the winner 1662.31, RD
// 290.32; the loser 1337.69.
func TestGlickoFirstGameUncapped(t *testing.T) {
	fresh := NewGlicko()
	won := fresh.Period([]Outcome{{Opponent: fresh, Score: 1}}, Tau)
	lost := fresh.Period([]Outcome{{Opponent: fresh, Score: 0}}, Tau)
	near(t, "winner's rating", won.Rating, 1662.3109, 0.0005)
	near(t, "loser's rating", lost.Rating, 1337.6891, 0.0005)
	near(t, "RD", won.Deviation, 290.3190, 0.0005)
}

func TestGlickoWinRaisesLossLowers(t *testing.T) {
	a, b := NewGlicko(), NewGlicko()
	won := a.Period([]Outcome{{Opponent: b, Score: 1}}, Tau)
	lost := b.Period([]Outcome{{Opponent: a, Score: 0}}, Tau)
	drew := a.Period([]Outcome{{Opponent: b, Score: 0.5}}, Tau)
	if won.Rating <= 1500 || lost.Rating >= 1500 {
		t.Errorf("win %g, loss %g from 1500", won.Rating, lost.Rating)
	}
	near(t, "winner's gain less loser's loss", won.Rating-1500, 1500-lost.Rating, 1e-9)
	near(t, "rating after a draw between equals", drew.Rating, 1500, 1e-9)
	if won.Deviation >= 350 {
		t.Errorf("a game left RD at %g", won.Deviation)
	}
}

// τ is the bound on the volatility's move, so a τ of zero or less moves it not at all, and
// ends; the iteration never divides by it.
func TestGlickoTauNotPositive(t *testing.T) {
	for _, tau := range []float64{0, -0.5, math.NaN()} {
		got := glickmanExample.player.Period(glickmanExample.games, tau)
		if got.Volatility != 0.06 {
			t.Errorf("τ %g: volatility %g", tau, got.Volatility)
		}
		if math.IsNaN(got.Rating) || math.IsNaN(got.Deviation) {
			t.Errorf("τ %g: %+v", tau, got)
		}
	}
}
