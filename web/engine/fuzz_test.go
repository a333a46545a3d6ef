package main

import (
	"encoding/json"
	"testing"

	"github.com/tableside/tableside/referee/kinds"
)

// FuzzAnswer: whatever a page hands the engine (a phone's storage can hold anything), the
// engine answers with its JSON and never panics.
func FuzzAnswer(f *testing.F) {
	req := playoutRequest(f, kinds.All()["pinochle"], 0, 0)
	req.Steps, req.Digest, req.Pending = false, false, req.Pending[:5]
	seed, err := json.Marshal(req)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(seed)
	f.Add([]byte(`{"game":1,"log":[{"game":1,"seq":2,"type":"bid"}],"pending":[{"move":"ann bid 10"}]}`))
	f.Add([]byte(`{"game":1,"pending":[{"move":"\"","event":{"seq":-1}}],"now":true,"entered":[-3]}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, in []byte) {
		en := new(engine)
		var a answer
		if err := json.Unmarshal(en.answerJSON(in), &a); err != nil {
			t.Fatalf("the answer is not JSON: %v", err)
		}
		if a.Failed == nil && a.State == nil {
			t.Fatalf("an answer with neither a state nor why not: %+v", a)
		}
	})
}
