package commands

import (
	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
)

// numbered gives events the sequence numbers a store would.
func numbered(log []events.Event) []events.Event {
	out := make([]events.Event, len(log))
	for i, e := range log {
		e.Game, e.Seq = 1, int64(i+1)
		out[i] = e
	}
	return out
}

// replayImported replays an imported log as the store would number it.
func replayImported(log []events.Event) (*referee.Outcome, error) {
	numbered := numbered(log)
	r, err := rulesFor(numbered)
	if err != nil {
		return nil, err
	}
	return referee.Replay(r, numbered)
}
