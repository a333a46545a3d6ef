package play

import (
	"encoding/json"
	"testing"
)

// TestTheTimePlayedIsTheLastField: the time played is added after a move's own fields, in a
// payload that stays compact JSON.
func TestTheTimePlayedIsTheLastField(t *testing.T) {
	for _, c := range []struct{ payload, want string }{
		{`{}`, `{"played_at":5}`},
		{`{"card":"QS"}`, `{"card":"QS","played_at":5}`},
		{`{"cards":["9S","9H"],"points":12}`, `{"cards":["9S","9H"],"points":12,"played_at":5}`},
	} {
		got := WithPlayed([]byte(c.payload), 5)
		if string(got) != c.want || !json.Valid(got) {
			t.Errorf("%s with its time played is %s, want %s", c.payload, got, c.want)
		}
	}
}
