package store_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/tableside/tableside/events"
)

// FuzzAppendPayload checks that any valid JSON payload is stored compacted and reads back with
// an intact chain, and that anything else is refused without writing.
func FuzzAppendPayload(f *testing.F) {
	for _, seed := range []string{
		`{}`, `{"card":"JH"}`, " [1, 2,\n3] ", `"text"`, `null`, `{"a":"\u00e9 ♥"}`, `1e400`,
		``, `{`, `{"a":1}{}`, `{"a":1} x`, "\xff", `'x'`,
	} {
		f.Add(seed)
	}
	s := openTestStore(f)
	game, _ := newGame(f, s)
	last := int64(1)
	f.Fuzz(func(t *testing.T, payload string) {
		stored, err := s.Append(t.Context(), game, last, []events.Event{{Type: "test.fuzz", Payload: json.RawMessage(payload)}})
		if !json.Valid([]byte(payload)) {
			if err == nil {
				t.Fatalf("stored invalid JSON %q", payload)
			}
			return
		}
		if err != nil {
			t.Fatalf("payload %q: %v", payload, err)
		}
		last = stored[0].Seq
		var want bytes.Buffer
		json.Compact(&want, []byte(payload))
		evs, err := s.Load(t.Context(), game)
		if err != nil {
			t.Fatal(err)
		}
		got := evs[len(evs)-1]
		if got.Seq != last || !bytes.Equal(got.Payload, want.Bytes()) {
			t.Fatalf("read back seq %d payload %q, want seq %d payload %q", got.Seq, got.Payload, last, want.Bytes())
		}
		if got.Hash != events.Hash(evs[len(evs)-2].Hash, got) {
			t.Fatal("chain broken")
		}
	})
}
