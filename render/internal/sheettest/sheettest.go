// Package sheettest holds the score sheets the render packages' tests draw, and their golden
// files' check.
package sheettest

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"testing"

	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/scoring"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// Candidate is a short finished Candidate game: two players, two seats, one adjustment.
func Candidate() *scoring.Sheet {
	ann := "ann"
	return &scoring.Sheet{
		Game:      3,
		Kind:      "candidate",
		Players:   []string{"ann", "bob"},
		Options:   map[string]string{"wrap": "on", "decks": "3"},
		RoundName: "seat",
		Columns: []scoring.Column{
			{Key: "suit", Title: "suit"},
			{Key: "captured", Title: "captured", PerPlayer: true},
			{Key: "so_far", Title: "so far", PerPlayer: true},
		},
		Rounds: []scoring.Round{
			{Number: 1, Values: map[string]any{"suit": "♥"}, Players: map[string]map[string]any{
				"ann": {"captured": []string{"Q", "K"}, "so_far": 8},
				"bob": {"captured": []string{"3"}, "so_far": 1},
			}},
			{Number: 2, Values: map[string]any{"suit": "♠"}, Players: map[string]map[string]any{
				"ann": {"captured": []string{"A"}, "so_far": 18},
				"bob": {"captured": []string{"J", "J"}, "so_far": 5},
			}},
		},
		Breakdown: map[string][]scoring.Line{
			"ann": {{Text: "Q-K-A run of three ×3 = 18", Points: 18}},
			"bob": {
				{Text: "J single = 2", Points: 2},
				{Text: "J single = 2", Points: 2},
				{Text: "3 single = 1", Points: 1},
				{Text: "adjustment #9", Points: -1},
			},
		},
		Adjustments: []scoring.Adjustment{{Seq: 9, Player: "bob", Points: -1, Note: "looked at the stock"}},
		Totals:      map[string]int{"ann": 18, "bob": 4},
		Finished:    true,
		Winner:      &ann,
		Winners:     []string{"ann"},
	}
}

// Flags are two flags about Candidate's game: an open one with a hint, and a settled one.
func Flags() []referee.Flag {
	return []referee.Flag{
		{Seq: 5, Rule: "C7", Severity: referee.Illegal, Message: "a bid must beat the high bid (J♥)",
			Hint: "legal bids: Q♥ K♥ A♥, or pass"},
		{Seq: 7, Rule: "C10", Severity: referee.Impossible, Message: "Q♠ was already bid in this seat",
			RevealedBy: 8, Settled: "condone"},
	}
}

// Hands is a game of Pinochle's shape, n hands long: five values of the hand's own, five a
// player, the last a running total.
func Hands(n int) *scoring.Sheet {
	s := &scoring.Sheet{
		Game: 7, Kind: "pinochle", Title: "Pinochle", Players: []string{"ann", "bob"}, RoundName: "hand",
		Columns: []scoring.Column{
			{Key: "opener", Title: "opener"}, {Key: "bidder", Title: "bidder"}, {Key: "bid", Title: "bid"},
			{Key: "trump", Title: "trump"}, {Key: "result", Title: "result"},
			{Key: "meld", Title: "meld", PerPlayer: true}, {Key: "count", Title: "count", PerPlayer: true},
			{Key: "tricks", Title: "tricks", PerPlayer: true}, {Key: "score", Title: "score", PerPlayer: true},
			{Key: "total", Title: "total", PerPlayer: true, Running: true},
		},
		Breakdown: map[string][]scoring.Line{}, Totals: map[string]int{},
		Record: &scoring.Record{Seal: "152:7KQ3-M2XD-9FHA", Intact: true},
	}
	for i := 1; i <= n; i++ {
		result, bidder := "made", []string{"ann", "bob"}[i%2]
		if i%3 == 0 {
			result = fmt.Sprintf("set: made %d of 14 (P12)", i%14)
		}
		r := scoring.Round{Number: i, Values: map[string]any{"opener": []string{"bob", "ann"}[i%2], "bidder": bidder, "bid": 14,
			"trump": "♥", "result": result}, Players: map[string]map[string]any{}}
		for p, name := range s.Players {
			score := 3 + p
			s.Totals[name] += score
			s.Breakdown[name] = append(s.Breakdown[name], scoring.Line{Text: fmt.Sprintf("hand %d: meld %d + count 3", i, p), Points: score})
			r.Players[name] = map[string]any{"meld": p, "count": 3, "tricks": 4, "score": score, "total": s.Totals[name]}
		}
		s.Rounds = append(s.Rounds, r)
	}
	return s
}

// Golden compares got with the golden file at path, or with -update rewrites the file.
func Golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (run go test -update if the change is right)\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}
