package commands

import (
	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
)

// replayImported replays an imported log as the store would number it.
func replayImported(log []events.Event) (*referee.Outcome, error) {
	numbered := numbered(log)
	r, err := rulesFor(numbered)
	if err != nil {
		return nil, err
	}
	return referee.Replay(r, numbered)
}
