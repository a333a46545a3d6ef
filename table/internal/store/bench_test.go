package store_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/table/internal/store"
)

// benchGame makes a game of n events: game.created and n-1 moves.
func benchGame(b *testing.B, s *store.SQLite, n int) int64 {
	b.Helper()
	game, _ := newGame(b, s)
	evs := make([]events.Event, n-1)
	for i := range evs {
		evs[i] = events.Event{Type: "candidate.play", Actor: "ann", Payload: json.RawMessage(fmt.Sprintf(`{"card":"QS","n":%d}`, i)), At: int64(i)}
	}
	if _, err := s.Append(b.Context(), game, 1, evs); err != nil {
		b.Fatal(err)
	}
	return game
}

// BenchmarkAppend records one move into a game that already has 300, as `record` does.
func BenchmarkAppend(b *testing.B) {
	s := openTestStore(b)
	game := benchGame(b, s, 300)
	last := int64(300)
	ev := []events.Event{{Type: "candidate.play", Actor: "bob", Payload: json.RawMessage(`{"card":"KS"}`), At: 1}}
	ctx := b.Context()
	for b.Loop() {
		stored, err := s.Append(ctx, game, last, ev)
		if err != nil {
			b.Fatal(err)
		}
		last = stored[0].Seq
	}
}

// BenchmarkLoad300 reads a game of 300 events, as every command that replays one does.
func BenchmarkLoad300(b *testing.B) {
	s := openTestStore(b)
	game := benchGame(b, s, 300)
	ctx := b.Context()
	for b.Loop() {
		evs, err := s.Load(ctx, game)
		if err != nil {
			b.Fatal(err)
		}
		if len(evs) != 300 {
			b.Fatalf("%d events", len(evs))
		}
	}
}

// BenchmarkCheckChain walks the hash chain of a game of 300 events, as every read of one game
// does to warn of a record changed outside tableside.
func BenchmarkCheckChain(b *testing.B) {
	s := openTestStore(b)
	game := benchGame(b, s, 300)
	log, err := s.Load(b.Context(), game)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if broken := events.CheckChain(log); broken != nil {
			b.Fatal(broken)
		}
	}
}
