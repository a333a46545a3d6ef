package events

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"testing"
)

// TestHashEncoding recomputes a hash from the encoding documented on Hash, byte by byte, so
// that an exporter written from the documentation agrees with the store.
func TestHashEncoding(t *testing.T) {
	e := Event{Game: 3, Seq: 2, Type: "candidate.bid", Actor: "ann", Payload: json.RawMessage(`{"card":"JH"}`), At: 1_700_000_000_123, Hash: "ignored"}
	prev := "ab"
	var b []byte
	num := func(n uint64) {
		for shift := 56; shift >= 0; shift -= 8 {
			b = append(b, byte(n>>shift))
		}
	}
	str := func(s string) { num(uint64(len(s))); b = append(b, s...) }
	str(prev)
	num(3)
	num(2)
	str("candidate.bid")
	str("ann")
	str(`{"card":"JH"}`)
	num(1_700_000_000_123)
	sum := sha256.Sum256(b)
	if got, want := Hash(prev, e), hex.EncodeToString(sum[:]); got != want {
		t.Fatalf("Hash = %s, want %s", got, want)
	}
}

func TestHashCoversEveryField(t *testing.T) {
	base := Event{Game: 1, Seq: 2, Type: "t", Actor: "ann", Payload: json.RawMessage(`{}`), At: 5}
	h := Hash("p", base)
	if len(h) != 64 {
		t.Fatalf("hash %q is not hex SHA-256", h)
	}
	if Hash("p", base) != h {
		t.Fatal("Hash is not deterministic")
	}
	changes := map[string]func(e *Event){
		"game":    func(e *Event) { e.Game = 2 },
		"seq":     func(e *Event) { e.Seq = 3 },
		"type":    func(e *Event) { e.Type = "u" },
		"actor":   func(e *Event) { e.Actor = "bob" },
		"payload": func(e *Event) { e.Payload = json.RawMessage(`{"a":1}`) },
		"at":      func(e *Event) { e.At = 6 },
		// Moving bytes between neighbouring fields must change the hash too.
		"type/actor": func(e *Event) { e.Type, e.Actor = "ta", "nn" },
		"actor/payload": func(e *Event) {
			e.Actor, e.Payload = "ann{", json.RawMessage(`}`)
		},
	}
	for name, change := range changes {
		e := base
		change(&e)
		if Hash("p", e) == h {
			t.Errorf("changing %s leaves the hash alone", name)
		}
	}
	if Hash("q", base) == h {
		t.Error("the previous hash is not covered")
	}
	e := base
	e.Hash = "something"
	if Hash("p", e) != h {
		t.Error("the event's own Hash field changed its hash")
	}
}
