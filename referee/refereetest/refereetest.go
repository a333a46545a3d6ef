// Package refereetest helps the engines' tests: it turns a setup and moves into the log a store
// would hold, and replays it.
package refereetest

import (
	"encoding/json"
	"testing"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
)

// Log numbers a setup and its moves as the events of game 1.
func Log(tb testing.TB, setup events.Created, moves []referee.Move) []events.Event {
	tb.Helper()
	b, err := json.Marshal(setup)
	if err != nil {
		tb.Fatal(err)
	}
	evs := []events.Event{{Game: 1, Seq: 1, Type: events.TypeCreated, Payload: b}}
	for i, m := range moves {
		evs = append(evs, events.Event{Game: 1, Seq: int64(i + 2), Type: m.Type, Actor: m.Actor, Payload: m.Payload})
	}
	return evs
}

// Replay replays a log through r, failing the test if it cannot.
func Replay(tb testing.TB, r referee.Rules, evs []events.Event) *referee.Outcome {
	tb.Helper()
	o, err := referee.Replay(r, evs)
	if err != nil {
		tb.Fatal(err)
	}
	return o
}
