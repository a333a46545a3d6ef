package table

import (
	"fmt"
	"slices"
	"testing"

	"github.com/tableside/tableside/play"
)

// TestTournamentFormatsAreWhatAPairingTakes: for every kind, a format is listed when, and only
// when, a tournament of the kind in that format is made and its round 1 paired at some table
// size the kind is played at.
func TestTournamentFormatsAreWhatAPairingTakes(t *testing.T) {
	a, _ := openApp(t, "")
	rules, err := RulebookOf(TournamentKind)
	if err != nil {
		t.Fatal(err)
	}
	var every []string
	for _, o := range rules.Options {
		if o.Name == "format" {
			every = o.Values
		}
	}
	for _, kind := range play.Kinds() {
		listed, err := TournamentFormats(kind)
		if err != nil {
			t.Fatal(err)
		}
		book, err := RulebookOf(kind)
		if err != nil {
			t.Fatal(err)
		}
		for _, format := range every {
			var paired []int
			for size := book.Players[0]; size <= book.Players[1]; size++ {
				g, err := a.NewTournament(t.Context(), TournamentSetup{Name: fmt.Sprintf("%s %s %d", kind, format, size), Game: kind, Format: format,
					TableSize: size, Players: []string{"ann", "bob", "cy", "dee"}})
				if err != nil {
					continue
				}
				if _, err := a.PairRound(t.Context(), g, 0); err != nil {
					t.Errorf("%s, %s at tables of %d: made and not paired: %v", kind, format, size, err)
					continue
				}
				paired = append(paired, size)
			}
			if want := len(paired) > 0; slices.Contains(listed, format) != want {
				t.Errorf("%s: %s listed %t among %v, while a pairing takes it at tables of %v", kind, format, !want, listed, paired)
			}
		}
	}
	if _, err := TournamentFormats("chess"); CodeOf(err) != play.Invalid {
		t.Errorf("the formats of no kind: %v, want invalid", err)
	}
}
