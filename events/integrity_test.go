package events

import (
	"fmt"
	"testing"
)

// TestCheckChainAfterIsCheckChain: walking a log's tail after an event known whole finds what
// walking the whole log finds, for a whole chain and for each way a tail can break it.
func TestCheckChainAfterIsCheckChain(t *testing.T) {
	chained := func(n int) []Event {
		var log []Event
		prev := ""
		for i := range n {
			e := Event{Game: 7, Seq: int64(i + 1), Type: "t", Payload: []byte(fmt.Sprintf(`{"n":%d}`, i)), At: int64(i)}
			e.Hash = Hash(prev, e)
			prev = e.Hash
			log = append(log, e)
		}
		return log
	}
	cases := map[string]func([]Event) []Event{
		"whole":   func(l []Event) []Event { return l },
		"changed": func(l []Event) []Event { l[7].At++; return l },
		"missing": func(l []Event) []Event { return append(l[:6:6], l[7:]...) },
		"rehashed": func(l []Event) []Event {
			l[8].Payload = []byte(`{}`)
			l[8].Hash = Hash(l[7].Hash, l[8])
			return l
		},
	}
	for name, damage := range cases {
		log := damage(chained(10))
		want := CheckChain(log)
		got := CheckChainAfter(log[4], log[5:])
		if (got == nil) != (want == nil) || got != nil && *got != *want {
			t.Errorf("%s: after event 5 %v, whole %v", name, got, want)
		}
	}
}
