package store_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/table/internal/store"
)

// A terminal records a move after the last event it saw; a second terminal that saw the same
// event is told someone else recorded first, and reloads.
func Example() {
	schema, err := os.ReadFile("../../../schema.sql") // main embeds it
	if err != nil {
		log.Fatal(err)
	}
	dir, err := os.MkdirTemp("", "tableside")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	ctx := context.Background()
	s, err := store.Open(ctx, filepath.Join(dir, "tableside.db"), string(schema))
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()

	created, _ := json.Marshal(events.Created{Kind: "candidate", Players: []string{"ann", "bob"}, Ruleset: "candidate/1"})
	game, _, err := s.Create(ctx, []events.Event{{Type: events.TypeCreated, Payload: created, At: 1_700_000_000_000}})
	if err != nil {
		log.Fatal(err)
	}
	bid := events.Event{Type: "candidate.bid", Actor: "ann", Payload: json.RawMessage(`{"card": "JH"}`), At: 1_700_000_005_000}
	stored, err := s.Append(ctx, game, 1, []events.Event{bid})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(stored[0].Seq, string(stored[0].Payload))

	_, err = s.Append(ctx, game, 1, []events.Event{{Type: "candidate.bid", Actor: "bob", Payload: json.RawMessage(`{"card":"QH"}`)}})
	fmt.Println(errors.Is(err, store.ErrConflict))

	logged, err := s.Load(ctx, game)
	fmt.Println(len(logged), events.CheckChain(logged), err)
	// Output:
	// 2 {"card":"JH"}
	// true
	// 2 <nil> <nil>
}
