package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/tableside/tableside/events"
)

// NewGame is one game for CreateMany: its events, the most games its match may hold (0: any
// number), where it came from when it is imported with its hash chain, and its summary. A NewGame is
// stored once: the events it prepared become the events CreateMany returns as stored.
type NewGame struct {
	Events []events.Event
	Most   int
	Moved  *Moved
	// Summarize, when not nil, makes the game's summary from its id and events as stored; it
	// is called in the transaction that writes them (AppendSummarized).
	Summarize func(game int64, stored []events.Event) Summary
	// prepared is what Prepare made of Events: the store's own copy, which the caller cannot
	// change.
	prepared *preparedGame
}

// preparedGame is a new game's events checked, compacted and, when hashed, hashed, ready to
// write, and its setup; or why it cannot be stored.
type preparedGame struct {
	events  []events.Event
	created events.Created
	hashed  bool
	err     error
}

// Prepare does the part of storing the game that needs no database, so that an import can do
// it on another core while the store writes the games before: it checks the events, compacts
// their payloads and reads the setup (prepareGame) and, for a game moved with its hash chain,
// hashes them, as their hashes cover the number the game began with and not the one it will be
// given here. CreateMany prepares a game that was not.
func (ng *NewGame) Prepare() {
	p := &preparedGame{}
	if p.events, p.created, p.err = prepareGame(ng.Events); p.err == nil && ng.Moved != nil {
		prev := ""
		for i := range p.events {
			e := &p.events[i]
			e.Seq, e.Origin = int64(i)+1, ng.Moved.Origin
			e.Hash = events.Hash(prev, *e)
			prev = e.Hash
		}
		p.hashed = true
	}
	ng.prepared = p
}

// CreateResult is what became of one game of CreateMany: its id and events as stored, or why
// it was refused.
type CreateResult struct {
	Game   int64
	Events []events.Event
	Err    error
}

// prepareGame checks a new game's events (prepare) and reads its setup.
func prepareGame(evs []events.Event) ([]events.Event, events.Created, error) {
	var c events.Created
	if len(evs) == 0 {
		return nil, c, errors.New("no events")
	}
	if evs[0].Type != events.TypeCreated {
		return nil, c, fmt.Errorf("first event is %q, want %q", evs[0].Type, events.TypeCreated)
	}
	stored, err := prepare(evs)
	if err != nil {
		return nil, c, err
	}
	if err := json.Unmarshal(stored[0].Payload, &c); err != nil {
		return nil, c, fmt.Errorf("%s payload: %w", events.TypeCreated, err)
	}
	if c.Kind == "" {
		return nil, c, fmt.Errorf("%s payload has no kind", events.TypeCreated)
	}
	return stored, c, nil
}

// prepare copies evs, checks each and compacts its payload, so that the bytes hashed are the
// bytes stored.
func prepare(evs []events.Event) ([]events.Event, error) {
	out := make([]events.Event, len(evs))
	for i, e := range evs {
		if e.Type == "" {
			return nil, fmt.Errorf("event %d has no type", i+1)
		}
		if len(bytes.TrimSpace(e.Payload)) == 0 {
			return nil, fmt.Errorf("event %d (%s) has no payload", i+1, e.Type)
		}
		var buf bytes.Buffer
		if err := json.Compact(&buf, e.Payload); err != nil {
			return nil, fmt.Errorf("event %d (%s): payload is not valid JSON: %w", i+1, e.Type, err)
		}
		e.Payload = json.RawMessage(buf.Bytes())
		out[i] = e
	}
	return out, nil
}
