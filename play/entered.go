package play

import (
	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
)

// Entered is what a face tells the table when a move or a correction was recorded (or, in a
// dry run, would be), in one shape for every face: `record --format json`, a correction's JSON
// and the server's answer to a move or a correction are all an Entered (docs/json.md).
type Entered struct {
	// Recorded is false in a correction's dry run, when nothing was recorded.
	Recorded bool         `json:"recorded"`
	Event    events.Event `json:"event"`
	// Text is the event in words: "ann bids 9♥".
	Text string `json:"text"`
	// Flags are the flags the entry raised: on itself (a forced move), or on earlier events it
	// proved wrong.
	Flags []referee.Flag `json:"flags"`
	// Changes are how a correction changes the flags and totals; nil for a move.
	Changes *Changes `json:"changes,omitempty"`
	// Rejudged counts how often the entry was judged again because another terminal recorded
	// first.
	Rejudged int `json:"rejudged,omitempty"`
	// Game is the game with the entry: whose turn it is and what is legal now among the rest.
	Game View `json:"game"`
}

// Entered is the move as the table is told of it.
func (r *Recorded) Entered() Entered {
	return Entered{Recorded: true, Event: r.Event, Text: r.Game.Describe(r.Event), Flags: nonNil(r.Flags),
		Rejudged: r.Rejudged, Game: r.Game.View()}
}

// Entered is the correction as the table is told of it; dryRun says nothing was recorded. Its
// flags are those it added.
func (c *Corrected) Entered(dryRun bool) Entered {
	ch := c.Changes()
	return Entered{Recorded: !dryRun, Event: c.Event, Text: c.After.Describe(c.Event), Flags: nonNil(ch.Added),
		Changes: &ch, Rejudged: c.Rejudged, Game: c.After.View()}
}
