package main

import (
	"regexp"
	"testing"

	"github.com/tableside/tableside/referee/kinds"
)

// TestCardButtonsAreSpoken: the buttons of a trick's cards tell a screen reader each card by
// its name ("ace of spades"), not its glyph.
func TestCardButtonsAreSpoken(t *testing.T) {
	req := playoutRequest(t, kinds.All()["pinochle"], 1, 0)
	labelled := regexp.MustCompile(`<button aria-label="[^"]* (ace|king|queen|jack|10|9) of (spades|hearts|diamonds|clubs)[^"]*">`)
	for n := 20; n < len(req.Pending); n += 5 {
		a := new(engine).answerOf(request{Game: 1, Log: req.Log, Pending: req.Pending[:n], Now: true})
		if labelled.MatchString(a.State.Now) {
			return
		}
	}
	t.Errorf("no card's button in a whole game of pinochle tells its card by name")
}
