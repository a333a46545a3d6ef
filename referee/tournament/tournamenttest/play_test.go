package tournamenttest_test

import (
	"testing"

	"github.com/tableside/tableside/referee/tournament/tournamenttest"
)

func TestNaivePairerBreaksTheRulings(t *testing.T) {
	rules := map[string]int{}
	for seed := range uint64(200) {
		report, err := tournamenttest.Play(seed, naive)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range report.Breaches {
			rules[b.Rule]++
		}
	}
	t.Log(rules)
}

func TestIdealPairerBreaksNone(t *testing.T) {
	small := tournamenttest.Generator{MostPlayers: 10, MostRoundRobin: 10}
	for seed := range uint64(200) {
		report, err := small.Play(seed, ideal)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range report.Breaches {
			t.Error(b)
		}
	}
}
