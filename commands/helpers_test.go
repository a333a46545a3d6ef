package commands

import "github.com/tableside/tableside/events"

// numbered gives events the sequence numbers a store would.
func numbered(log []events.Event) []events.Event {
	out := make([]events.Event, len(log))
	for i, e := range log {
		e.Game, e.Seq = 1, int64(i+1)
		out[i] = e
	}
	return out
}
