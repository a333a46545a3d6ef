package store_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/internal/needs"
	"github.com/tableside/tableside/table/internal/store"
)

// pgGame creates a Pinochle game in s with one bid after its creation, and returns its id.
func pgGame(t *testing.T, s store.Store) int64 {
	t.Helper()
	created, err := json.Marshal(events.Created{Kind: "pinochle", Players: []string{"ann", "bob"}, Ruleset: "pinochle/1"})
	if err != nil {
		t.Fatal(err)
	}
	game, _, err := s.Create(t.Context(), []events.Event{{Type: events.TypeCreated, Payload: created, At: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Append(t.Context(), game, 1, []events.Event{bid(10)}); err != nil {
		t.Fatal(err)
	}
	return game
}

func bid(points int) events.Event {
	p, _ := json.Marshal(map[string]int{"points": points})
	return events.Event{Type: "pinochle.bid", Actor: "ann", Payload: p, At: 2}
}

// changedWithin polls w until it says (changed, error-or-not) as wanted, or the test's
// deadline comes, and returns what it said last.
func changedWithin(t *testing.T, w store.Watcher, changed, failing bool) (got bool, err error) {
	t.Helper()
	end, bounded := needs.Deadline(t)
	for {
		got, err = w.Changed(t.Context())
		if got == changed && (err != nil) == failing {
			return got, err
		}
		if bounded && time.Now().After(end) {
			t.Logf("waiting for the watch to say changed %v, failing %v: %s", changed, failing, needs.OutOfTime())
			return got, err
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestPostgresOutlivesItsDatabase: PostgreSQL killed with SIGKILL under an open store. While it
// is down a write fails as Unreachable and the watch says it cannot hear; once it is started
// again, what was committed before is there, the next write succeeds at once, and the watch
// hears again, counting its return as a change, since it may have missed commits.
func TestPostgresOutlivesItsDatabase(t *testing.T) {
	cluster := needs.DurablePostgres(t)
	s, err := store.OpenPostgres(t.Context(), cluster.Database(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	game := pgGame(t, s)
	w, err := s.Watch(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()

	cluster.Kill(t)
	_, err = s.Append(t.Context(), game, 2, []events.Event{bid(20)})
	if got := store.TroubleOf(err); got != store.Unreachable {
		t.Errorf("a write to a killed database: %v, trouble %d, want Unreachable", err, got)
	}
	if changed, err := changedWithin(t, w, false, true); err == nil {
		t.Errorf("the watch of a killed database says changed %v and no error", changed)
	}

	cluster.Start(t)
	if _, err := s.Append(t.Context(), game, 2, []events.Event{bid(20)}); err != nil {
		t.Fatalf("the first write after the database is back: %v", err)
	}
	log, err := s.Load(t.Context(), game)
	if err != nil || len(log) != 3 {
		t.Fatalf("after the restart the game holds %d events (%v), want 3", len(log), err)
	}
	if changed, err := changedWithin(t, w, true, false); !changed || err != nil {
		t.Errorf("the watch after the database is back: changed %v, %v", changed, err)
	}
}
