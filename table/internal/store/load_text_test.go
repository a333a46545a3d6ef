package store

import (
	"reflect"
	"testing"

	"github.com/tableside/tableside/events"
)

// TestEventsOfReadsRowsAsTheirText holds eventsOf to rows whose texts hold the text's own
// separators, and refuses texts that do not read as rows in seq order, which Load then reads
// row by row.
func TestEventsOfReadsRowsAsTheirText(t *testing.T) {
	hash := "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
	rows := "1:100:12:game.created0:10:{\"a\":\"1,\"}64:" + hash +
		",2:-5:8:pin.play5:ann:x19:{\"card\":\"9H\",\"n\":3}64:" + hash
	want := []events.Event{
		{Game: 7, Seq: 1, Type: "game.created", Actor: "", Payload: []byte(`{"a":"1,"}`), At: 100, Hash: hash, Origin: 3},
		{Game: 7, Seq: 2, Type: "pin.play", Actor: "ann:x", Payload: []byte(`{"card":"9H","n":3}`), At: -5, Hash: hash, Origin: 3},
	}
	got, ok := eventsOf(rows, 7, 3)
	if !ok || !reflect.DeepEqual(got, want) {
		t.Fatalf("eventsOf = %+v, %v; want %+v", got, ok, want)
	}
	// A payload is capped at its own end: appending to one leaves the next as it was.
	_ = append(got[0].Payload, 'X')
	if string(got[1].Payload) != `{"card":"9H","n":3}` {
		t.Fatalf("an append to one payload changed the next: %s", got[1].Payload)
	}
	for _, bad := range []string{
		"",
		"1:100:12:game.created0:10:{\"a\":\"1,\"}64:" + hash[:10], // a text cut short
		"1:1.5:1:a0:2:{}64:" + hash,                               // a time as a fraction
		"2:1:1:a0:2:{}64:" + hash + ",1:1:1:a0:2:{}64:" + hash,    // rows out of order
		"1:1:1:a0:2:{}64:" + hash + ";2:1:1:a0:2:{}64:" + hash,    // no comma between rows
		"1:1:-1:a0:2:{}64:" + hash,                                // a negative length
	} {
		if evs, ok := eventsOf(bad, 7, 0); ok {
			t.Errorf("eventsOf(%q) = %+v, true; want it refused", bad, evs)
		}
	}
}
