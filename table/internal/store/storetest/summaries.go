package storetest

import (
	"testing"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/table/internal/store"
)

// summaries reads every game's current summary of version v: nil where none is current.
func summaries(t *testing.T, s store.Store, v string) map[int64]string {
	t.Helper()
	got := map[int64]string{}
	if err := s.Summaries(t.Context(), v, 0, 0, func(game int64, body []byte) error {
		if body != nil {
			got[game] = string(body)
		} else {
			got[game] = "<none>"
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return got
}

func wantSummaries(t *testing.T, s store.Store, v string, want map[int64]string) {
	t.Helper()
	got := summaries(t, s, v)
	if len(got) != len(want) {
		t.Fatalf("summaries of %q: %v, want %v", v, got, want)
	}
	for game, body := range want {
		if got[game] != body {
			t.Errorf("summary of game %d (%q): %s, want %s", game, v, got[game], body)
		}
	}
}

// summariesFollowTheLog: a summary is handed back only while the event it was made from is
// the game's last, and only to a reader of its version; an append without one leaves the game
// with none, an append with one replaces it, in the same transaction.
func summariesFollowTheLog(t *testing.T, p Place) {
	s := open(t, p)
	res, err := s.CreateMany(t.Context(), []store.NewGame{
		{Events: []events.Event{created(t, "pinochle", "", start)}, Summarize: func(int64, []events.Event) store.Summary {
			return store.Summary{Version: "v1", Body: []byte(`{"n":1}`)}
		}},
		{Events: []events.Event{created(t, "pinochle", "", start)}},
	})
	if err != nil {
		t.Fatal(err)
	}
	a, b := res[0].Game, res[1].Game
	wantSummaries(t, s, "v1", map[int64]string{a: `{"n":1}`, b: "<none>"})
	wantSummaries(t, s, "v2", map[int64]string{a: "<none>", b: "<none>"})

	if _, err := s.Append(t.Context(), a, 1, []events.Event{move("ann", `{}`, start+1)}); err != nil {
		t.Fatal(err)
	}
	wantSummaries(t, s, "v1", map[int64]string{a: "<none>", b: "<none>"})
	var seen []events.Event
	stored, err := s.AppendSummarized(t.Context(), a, 2, []events.Event{move("bob", `{}`, start+2)}, func(evs []events.Event) store.Summary {
		seen = evs
		return summarized(`{"n":3}`)(evs)
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) != 1 || seen[0].Seq != 3 || seen[0].Hash != stored[0].Hash {
		t.Errorf("the summary was made of %+v, want the event as stored, %+v", seen, stored)
	}
	// A summary refused with its events is not kept either.
	if _, err := s.AppendSummarized(t.Context(), a, 2, []events.Event{move("bob", `{}`, start+2)}, summarized(`{"n":"lost"}`)); err == nil {
		t.Fatal("an append after an event no longer last was stored")
	}
	wantSummaries(t, s, "v1", map[int64]string{a: `{"n":3}`, b: "<none>"})

	// Summarize writes only what was made from the log as it still ends.
	log := load(t, s, b)
	stale := load(t, s, a)[1]
	n, err := s.Summarize(t.Context(), []store.Summarized{
		{Game: b, Seq: log[0].Seq, Hash: log[0].Hash, Summary: store.Summary{Version: "v1", Body: []byte(`{"n":"b"}`)}},
		{Game: a, Seq: stale.Seq, Hash: stale.Hash, Summary: store.Summary{Version: "v1", Body: []byte(`{"n":"stale"}`)}},
	})
	if err != nil || n != 1 {
		t.Fatalf("Summarize wrote %d, %v; want 1, the stale one left out", n, err)
	}
	wantSummaries(t, s, "v1", map[int64]string{a: `{"n":3}`, b: `{"n":"b"}`})
	wantFindings(t, Findings(t, s))
}

// anEditedSummaryIsNotTaken: a summary changed outside tableside is never handed back, and
// verify names its game.
func anEditedSummaryIsNotTaken(t *testing.T, p Place) {
	s := open(t, p)
	res, err := s.CreateMany(t.Context(), []store.NewGame{
		{Events: []events.Event{created(t, "pinochle", "", start)}, Summarize: func(int64, []events.Event) store.Summary {
			return store.Summary{Version: "v1", Body: []byte(`{"winner":"ann"}`)}
		}},
		{Events: []events.Event{created(t, "pinochle", "", start)}, Summarize: func(int64, []events.Event) store.Summary {
			return store.Summary{Version: "v1", Body: []byte(`{"winner":"bob"}`)}
		}},
	})
	if err != nil {
		t.Fatal(err)
	}
	a, b := res[0].Game, res[1].Game
	if err := p.Exec(t, `UPDATE summaries SET body = '{"winner":"eve"}' WHERE game = 1`); err != nil {
		t.Fatal(err)
	}
	wantSummaries(t, s, "v1", map[int64]string{a: "<none>", b: `{"winner":"bob"}`})
	wantFindings(t, Findings(t, s), "game 1: its summary is not as tableside wrote it")
}

// summarized summarizes an append as body, of version v1.
func summarized(body string) func([]events.Event) store.Summary {
	return func([]events.Event) store.Summary { return store.Summary{Version: "v1", Body: []byte(body)} }
}
