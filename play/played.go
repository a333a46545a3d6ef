package play

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"time"

	"github.com/tableside/tableside/referee"
)

// A move reaches the store when it is recorded, which for a phone that kept it while the network
// was gone is minutes after the table played it. The event's At stays the time it was stored
// (the log's order, and what its hash has always covered); the time played is kept in the move's
// payload, under referee.PlayedAt, so that no stored file changes and every file written before
// verifies as it did.

// PlayedSlack is how far a move's time played may lie after the server's clock, or before its
// game was created: a phone's clock, set from the server's, is off by a second or two, and a
// claim further out is no time the move was played.
const PlayedSlack = time.Minute

// CheckPlayed refuses at, a move's time played (Unix ms, 0 for none), when it is after now or
// before g was created, by more than PlayedSlack.
func (g *Game) CheckPlayed(at int64, now time.Time) error {
	if at == 0 {
		return nil
	}
	created := g.log[0].At
	switch {
	case at > now.Add(PlayedSlack).UnixMilli():
		return &Error{Code: Invalid, Field: referee.PlayedAt,
			Message: fmt.Sprintf("played_at %d (%s) is after the server's clock (%s): a move is not played after it is recorded; nothing was recorded", at, stamp(at), stamp(now.UnixMilli())),
			Hint:    playedHint}
	case at < created-PlayedSlack.Milliseconds():
		return &Error{Code: Invalid, Field: referee.PlayedAt,
			Message: fmt.Sprintf("played_at %d (%s) is before game %d was created (%s); nothing was recorded", at, stamp(at), g.id, stamp(created)),
			Hint:    playedHint}
	}
	return nil
}

const playedHint = "send the time the move was played, in Unix milliseconds, or none"

// stamp is a time in Unix ms as people read it.
func stamp(ms int64) string { return time.UnixMilli(ms).UTC().Format(time.RFC3339) }

// WithPlayed is a move's payload, a JSON object, with its time played added last. Every
// engine's move is an object; anything else would keep no time rather than be written wrong.
func WithPlayed(payload []byte, at int64) []byte {
	inner := bytes.TrimSpace(payload)
	if len(inner) < 2 || inner[0] != '{' || inner[len(inner)-1] != '}' {
		return payload
	}
	inner = bytes.TrimSpace(inner[1 : len(inner)-1])
	out := append([]byte{'{'}, inner...)
	if len(inner) > 0 {
		out = append(out, ',')
	}
	out = strconv.AppendQuote(out, referee.PlayedAt)
	out = append(out, ':')
	out = strconv.AppendInt(out, at, 10)
	return append(out, '}')
}

// PlayedAt is when e, a move, was played, where its payload says so (a move that waited on a
// phone), else 0: it was played when it was stored, at e.At.
func PlayedAt(e Event) int64 {
	if !referee.IsMove(e.Type) || !bytes.Contains(e.Payload, []byte(`"`+referee.PlayedAt+`"`)) {
		return 0
	}
	var p struct {
		At int64 `json:"played_at"`
	}
	_ = json.Unmarshal(e.Payload, &p) // a payload the referee cannot read has no time to say
	return p.At
}

// SameMove reports whether a and b are the same player's same move, whenever each was played:
// a move a phone judged and the event the server stored it as, or two phones' records of one
// card played.
func SameMove(a, b Event) bool {
	if a.Type != b.Type || a.Actor != b.Actor {
		return false
	}
	if bytes.Equal(a.Payload, b.Payload) {
		return true
	}
	var va, vb map[string]any
	if json.Unmarshal(a.Payload, &va) != nil || json.Unmarshal(b.Payload, &vb) != nil {
		return false
	}
	delete(va, referee.PlayedAt)
	delete(vb, referee.PlayedAt)
	return reflect.DeepEqual(va, vb)
}
