package rating

import (
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// teamsOf is teams of players all rated s, of these sizes.
func teamsOf(s Skill, sizes ...int) [][]Skill {
	teams := make([][]Skill, len(sizes))
	for i, n := range sizes {
		for range n {
			teams[i] = append(teams[i], s)
		}
	}
	return teams
}

// alike is the players of teams of these sizes all rated as the one figure given each team.
func alike(sizes []int, skills ...Skill) [][]Skill {
	teams := make([][]Skill, len(sizes))
	for i, n := range sizes {
		teams[i] = teamsOf(skills[i], n)[0]
	}
	return teams
}

func sameSkills(t *testing.T, got, want [][]Skill, tolerance float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d teams, want %d", len(got), len(want))
	}
	for i := range want {
		if len(got[i]) != len(want[i]) {
			t.Fatalf("team %d has %d players, want %d", i, len(got[i]), len(want[i]))
		}
		for j, w := range want[i] {
			g := got[i][j]
			if !(math.Abs(g.Mu-w.Mu) <= tolerance && math.Abs(g.Sigma-w.Sigma) <= tolerance) {
				t.Errorf("team %d player %d: %+v, want %+v", i, j, g, w)
			}
		}
	}
}

// Published figures of OpenSkill's Plackett–Luce model, which give every digit; they are held
// to 1e-9.
func TestRatePublished(t *testing.T) {
	// openskill.py v6.2.0, tests/models/weng_lin/test_plackett_luce.py::test_rate, figures from
	// tests/models/data/plackettluce.json (vendored verbatim into philihp/openskill.js as
	// src/__tests__/data/plackettluce.json, run by src/__tests__/parity-plackett-luce.test.ts):
	// PlackettLuce(mu, sigma) of the file's "model", so beta 25/6 and tau 25/300 as here.
	v620 := Skill{Mu: 20.35125162611535, Sigma: 8.33148112355601}
	// The same test at openskill.py commit 061f71f, whose file drew another "model".
	older := Skill{Mu: 31.321989232514305, Sigma: 11.379964801443018}
	// philihp/openskill.js src/models/__tests__/plackett-luce.test.ts calls the model itself,
	// without the rate wrapper that adds tau; intinig/go-openskill models/plackettluce_test.go
	// has the same figures.
	fresh := NewSkill()

	for _, c := range []struct {
		name  string
		tau   float64
		teams [][]Skill
		ranks []int
		want  [][]Skill
	}{
		{"openskill.py v6.2.0 normal", skillTau, teamsOf(v620, 1, 2), []int{1, 2}, alike([]int{1, 2},
			Skill{23.855123082692877, 8.22447878583752},
			Skill{16.84738016953782, 8.179571171464575})},
		{"openskill.py v6.2.0 ranks", skillTau, teamsOf(v620, 1, 2, 1, 2), []int{2, 1, 4, 3}, alike([]int{1, 2, 1, 2},
			Skill{22.35555943890167, 8.265434830225024},
			Skill{22.373451456616035, 8.258479912445537},
			Skill{18.311159777900297, 8.219170401234347},
			Skill{18.364835831043397, 8.112716571808326})},
		{"openskill.py v6.2.0 ties", skillTau, teamsOf(v620, 1, 2, 3), []int{1, 2, 1}, alike([]int{1, 2, 3},
			Skill{21.63766806988004, 8.310709773172306},
			Skill{19.53956360838512, 8.268148437657915},
			Skill{19.87652320008089, 8.237522411103104})},
		{"openskill.py 061f71f normal", skillTau, teamsOf(older, 1, 2), []int{1, 2}, alike([]int{1, 2},
			Skill{36.48967347401391, 11.237778601372977},
			Skill{26.154304991014694, 11.17822477763209})},
		{"openskill.py 061f71f ranks", skillTau, teamsOf(older, 1, 2), []int{2, 1}, alike([]int{1, 2},
			Skill{30.19454401757094, 11.237778601372977},
			Skill{32.44943444745767, 11.17822477763209})},
		{"openskill.py 061f71f ties", skillTau, teamsOf(older, 1, 2, 3), []int{1, 2, 1}, alike([]int{1, 2, 3},
			Skill{33.21874815457553, 11.354896725884002},
			Skill{30.27713112192334, 11.291328826858104},
			Skill{30.470088421044046, 11.249240904583088})},

		// philihp/openskill.js src/__tests__/parity-plackett-luce.test.ts, "matches Python for a
		// single doubles match" and "for a four-way free-for-all", both at default hyperparameters.
		{"openskill.js doubles at defaults", skillTau,
			[][]Skill{{{29.182, 4.782}, {27.174, 4.922}}, {{16.672, 6.217}, {25, 25.0 / 3}}}, []int{1, 2},
			[][]Skill{
				{{29.607340941337068, 4.755311788972862}, {27.624602782532037, 4.892807828777459}},
				{{15.953170429143093, 6.125902065139878}, {23.70858117648013, 8.111707446126035}},
			}},
		{"openskill.js four-way at defaults", skillTau,
			[][]Skill{{{29.182, 4.782}}, {{27.174, 4.922}}, {{16.672, 6.217}}, {{25, 25.0 / 3}}}, []int{1, 2, 3, 4},
			[][]Skill{
				{{30.210227447000438, 4.765617924939384}},
				{{27.644725221915632, 4.883479590134575}},
				{{17.4036218889969, 6.101259408259549}},
				{{19.21460876538932, 7.854669920480409}},
			}},

		{"openskill.js model 1v1", 0, teamsOf(fresh, 1, 1), []int{1, 2}, alike([]int{1, 1},
			Skill{27.63523138347365, 8.065506316323548},
			Skill{22.36476861652635, 8.065506316323548})},
		{"openskill.js model 3p FFA", 0, teamsOf(fresh, 1, 1, 1), []int{1, 2, 3}, alike([]int{1, 1, 1},
			Skill{27.868876552746237, 8.204837030780652},
			Skill{25.717219138186557, 8.057829747583874},
			Skill{21.413904309067206, 8.057829747583874})},
		{"openskill.js model 4p FFA", 0, teamsOf(fresh, 1, 1, 1, 1), []int{1, 2, 3, 4}, alike([]int{1, 1, 1, 1},
			Skill{27.795084971874736, 8.263160757613477},
			Skill{26.552824984374855, 8.179213704945203},
			Skill{24.68943500312503, 8.083731307186588},
			Skill{20.96265504062538, 8.083731307186588})},
		{"openskill.js model 5p FFA", 0, teamsOf(fresh, 1, 1, 1, 1, 1), []int{1, 2, 3, 4, 5}, alike([]int{1, 1, 1, 1, 1},
			Skill{27.666666666666668, 8.290556877154474},
			Skill{26.833333333333332, 8.240145629781066},
			Skill{25.72222222222222, 8.179996679645559},
			Skill{24.055555555555557, 8.111796013701358},
			Skill{20.72222222222222, 8.111796013701358})},
		{"openskill.js model 3 teams of different sizes", 0, teamsOf(fresh, 3, 1, 2), []int{1, 2, 3}, alike([]int{3, 1, 2},
			Skill{25.939870821784513, 8.247641552260456},
			Skill{27.21366020491262, 8.274321317985242},
			Skill{21.84646897330287, 8.213058173195341})},
	} {
		t.Run(c.name, func(t *testing.T) {
			sameSkills(t, rate(c.teams, c.ranks, c.tau), c.want, 1e-9)
		})
	}
}

func TestRateUsesOpenSkillTau(t *testing.T) {
	teams := [][]Skill{{{29.182, 4.782}}, {{16.672, 6.217}}}
	sameSkills(t, Rate(teams, []int{1, 2}), rate(teams, []int{1, 2}, 25.0/300), 0)
}

func TestNewSkill(t *testing.T) {
	s := NewSkill()
	if s.Mu != 25 || s.Sigma != 25.0/3 {
		t.Errorf("NewSkill() = %+v", s)
	}
	if s.Ordinal() != 0 {
		t.Errorf("a new player's ordinal is %g", s.Ordinal())
	}
	if got := (Skill{Mu: 30, Sigma: 2}).Ordinal(); got != 24 {
		t.Errorf("ordinal of 30 ± 2 = %g", got)
	}
}

func TestRateWinnerRisesLoserFalls(t *testing.T) {
	for _, teams := range [][][]Skill{
		teamsOf(NewSkill(), 1, 1),
		{{{40, 3}}, {{10, 7}}},
		{{{10, 7}}, {{40, 3}}},
		{{{25, 8}, {30, 2}}, {{20, 5}, {28, 4}}},
	} {
		got := Rate(teams, []int{1, 2})
		for j := range teams[0] {
			if got[0][j].Mu <= teams[0][j].Mu {
				t.Errorf("winner %+v became %+v", teams[0][j], got[0][j])
			}
		}
		for j := range teams[1] {
			if got[1][j].Mu >= teams[1][j].Mu {
				t.Errorf("loser %+v became %+v", teams[1][j], got[1][j])
			}
		}
	}
}

// Algorithm 4 alone only ever narrows a sigma; what widens one is the dynamics factor tau.
func TestRateSigmaNeverGrowsWithoutTau(t *testing.T) {
	random := rand.New(rand.NewPCG(1, 2))
	for range 500 {
		teams := make([][]Skill, 2+random.IntN(4))
		ranks := make([]int, len(teams))
		for i := range teams {
			for range 1 + random.IntN(3) {
				teams[i] = append(teams[i], Skill{Mu: 10 + 30*random.Float64(), Sigma: 0.5 + 8*random.Float64()})
			}
			ranks[i] = 1 + random.IntN(len(teams))
		}
		got := rate(teams, ranks, 0)
		for i := range teams {
			for j := range teams[i] {
				if got[i][j].Sigma > teams[i][j].Sigma {
					t.Fatalf("%v ranked %v: sigma of team %d player %d rose to %g", teams, ranks, i, j, got[i][j].Sigma)
				}
			}
		}
	}
}

func TestRateTieBetweenEqualsKeepsMu(t *testing.T) {
	for _, sizes := range [][]int{{1, 1}, {1, 1, 1}, {2, 2}, {1, 1, 1, 1, 1}} {
		teams := teamsOf(Skill{Mu: 31, Sigma: 4}, sizes...)
		ranks := make([]int, len(teams))
		for i := range ranks {
			ranks[i] = 1
		}
		for i, team := range Rate(teams, ranks) {
			for j, s := range team {
				if math.Abs(s.Mu-31) > 1e-12 {
					t.Errorf("%v tied: team %d player %d has mu %g", sizes, i, j, s.Mu)
				}
				if s.Sigma >= 4 {
					t.Errorf("%v tied: team %d player %d has sigma %g", sizes, i, j, s.Sigma)
				}
			}
		}
	}
}

func TestRateLeavesItsArgumentsAlone(t *testing.T) {
	teams := [][]Skill{{{29.182, 4.782}, {27.174, 4.922}}, {{16.672, 6.217}}, {{25, 25.0 / 3}}}
	ranks := []int{3, 1, 1}
	teamsBefore := [][]Skill{slices.Clone(teams[0]), slices.Clone(teams[1]), slices.Clone(teams[2])}
	ranksBefore := slices.Clone(ranks)
	got := Rate(teams, ranks)
	if !reflect.DeepEqual(teams, teamsBefore) || !reflect.DeepEqual(ranks, ranksBefore) {
		t.Fatalf("Rate changed its arguments: %v %v", teams, ranks)
	}
	got[0][0].Mu = -1
	if teams[0][0].Mu == -1 {
		t.Error("the result shares memory with the teams given")
	}
}

// Only the order of the ranks counts, not the order the teams are listed in or the numbers'
// spacing.
func TestRateRanksInAnyOrder(t *testing.T) {
	a := []Skill{{29.182, 4.782}, {27.174, 4.922}}
	b := []Skill{{16.672, 6.217}}
	c := []Skill{{25, 25.0 / 3}, {22, 3}}
	inOrder := Rate([][]Skill{a, b, c}, []int{1, 2, 2})
	shuffled := Rate([][]Skill{c, a, b}, []int{2, 1, 2})
	sameSkills(t, [][]Skill{shuffled[1], shuffled[2], shuffled[0]}, inOrder, 1e-12)
	spaced := Rate([][]Skill{a, b, c}, []int{-5, 7, 7})
	sameSkills(t, spaced, inOrder, 1e-12)

	twoOne := Rate([][]Skill{b, a}, []int{2, 1})
	oneTwo := Rate([][]Skill{a, b}, []int{1, 2})
	sameSkills(t, [][]Skill{twoOne[1], twoOne[0]}, oneTwo, 1e-12)
}

// A team with no players takes no part, and a game of fewer than two teams rates no one.
func TestRateOddGames(t *testing.T) {
	a := []Skill{{29.182, 4.782}}
	b := []Skill{{16.672, 6.217}}
	sameSkills(t, Rate([][]Skill{a, {}, b, nil}, []int{1, 2, 3, 4}), [][]Skill{
		Rate([][]Skill{a, b}, []int{1, 2})[0], {}, Rate([][]Skill{a, b}, []int{1, 2})[1], nil,
	}, 0)
	sameSkills(t, Rate([][]Skill{a}, []int{1}), [][]Skill{a}, 0)
	sameSkills(t, Rate([][]Skill{a, {}}, []int{1, 2}), [][]Skill{a, {}}, 0)
	if got := Rate(nil, nil); len(got) != 0 {
		t.Errorf("Rate(nil, nil) = %v", got)
	}
	// Skills far above the defaults must not overflow the model's exponentials.
	high := Rate([][]Skill{{{5000, 3}}, {{4000, 3}}}, []int{2, 1})
	for _, team := range high {
		for _, s := range team {
			if math.IsNaN(s.Mu) || math.IsInf(s.Mu, 0) || math.IsNaN(s.Sigma) {
				t.Errorf("high skills gave %v", high)
			}
		}
	}
}

func TestRatePanicsOnMismatchedRanks(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("no panic for 2 teams and 3 ranks")
		}
	}()
	Rate(teamsOf(NewSkill(), 1, 1), []int{1, 2, 3})
}
