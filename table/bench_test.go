package table

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee/candidate"
	"github.com/tableside/tableside/referee/refereetest"
)

// longGame is a game of about n events of about n lines: a whole game of Candidate, then pairs of
// corrections — a void of a random move and an amend that brings it back as it was — the
// lines that once made an import replay the whole log each.
func longGame(b *testing.B, n int) *play.Game {
	rng := rand.New(rand.NewPCG(1, 2))
	setup, moves := candidate.Playout(rng, map[string]string{"decks": "3", "wrap": "on"})
	log := refereetest.Log(b, setup, moves)
	add := func(typ string, payload any) {
		p, err := json.Marshal(payload)
		if err != nil {
			b.Fatal(err)
		}
		log = append(log, events.Event{Seq: int64(len(log) + 1), Type: typ, Payload: p})
	}
	for played := len(log); len(log) < n; {
		m := log[1+rng.IntN(played-1)]
		add(events.TypeVoid, events.Void{Target: m.Seq, Note: "misheard"})
		add(events.TypeAmend, events.Amend{Target: m.Seq, Type: m.Type, Actor: m.Actor, Payload: m.Payload, Note: "as it was"})
	}
	g, err := Replay(1, log)
	if err != nil {
		b.Fatal(err)
	}
	return g
}

// BenchmarkImport imports games of 2,000 and 4,000 events into a database, as transcripts and
// as JSON lines: twice the lines should cost about twice the time.
func BenchmarkImport(b *testing.B) {
	for _, n := range []int{2000, 4000} {
		g := longGame(b, n)
		text, err := Transcript(g)
		if err != nil {
			b.Fatal(err)
		}
		jsonl, err := GameJSONL(g)
		if err != nil {
			b.Fatal(err)
		}
		for form, data := range map[string][]byte{"transcript": []byte(text), "jsonl": jsonl} {
			b.Run(fmt.Sprintf("%s/events=%d", form, g.Len()), func(b *testing.B) {
				a, _ := openApp(b, "")
				for b.Loop() {
					if _, err := a.Import(b.Context(), data); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
