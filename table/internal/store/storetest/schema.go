package storetest

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/table/internal/store"
)

// opensAtOnce: servers or terminals opening a new store at the same moment all open it (one
// kept waiting past the store's wait opens it when tried again), and set it up once; opening
// it again finds it as it was.
func opensAtOnce(t *testing.T, p Place) {
	handles := make([]store.Store, 6)
	var wg sync.WaitGroup
	for i := range handles {
		wg.Go(func() {
			var s store.Store
			err := WhileBusy(func() (err error) {
				s, err = p.Open(t)
				return err
			})
			if err != nil {
				t.Errorf("handle %d: %v", i, err)
				return
			}
			handles[i] = s
			// Each may watch at once too (PostgreSQL's watch is a connection of its own).
			w, err := s.Watch(t.Context())
			if err != nil {
				t.Errorf("handle %d: watch: %v", i, err)
			} else if err := w.Close(); err != nil {
				t.Errorf("handle %d: closing a watch: %v", i, err)
			}
		})
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	version := p.Version(t)
	game, _ := newGame(t, handles[0], "candidate", "")
	for i, s := range handles {
		if ids, err := s.GameIDs(t.Context()); err != nil || !slices.Equal(ids, []int64{game}) {
			t.Errorf("handle %d lists games %v (%v), want [%d]", i, ids, err, game)
		}
	}
	again := open(t, p)
	if v := p.Version(t); v != version {
		t.Errorf("opening the store again made it version %d, was %d", v, version)
	}
	if ids, err := again.GameIDs(t.Context()); err != nil || !slices.Equal(ids, []int64{game}) {
		t.Errorf("opened again, the store lists games %v (%v), want [%d]", ids, err, game)
	}
	if broken := Findings(t, again); len(broken) != 0 {
		t.Errorf("opened again: %+v", broken)
	}
}

// refusesANewerSchema: a store written by a newer tableside is refused rather than misread, and
// refused before anything is written to it: its version stays the newer one, and put back, the
// store is as it was.
func refusesANewerSchema(t *testing.T, p Place) {
	s := open(t, p)
	fill(t, s, 2)
	ends := checkEnds(t, s)
	current := p.Version(t)
	newer := current + 1
	p.SetVersion(t, newer)
	_, err := p.Open(t)
	if !errors.Is(err, store.ErrTooNew) {
		t.Fatalf("opening a store of schema version %d: %v, want ErrTooNew", newer, err)
	}
	for _, want := range []string{fmt.Sprint("version ", newer), fmt.Sprint("version ", current), s.Path()} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q does not say %q", err, want)
		}
	}
	if v := p.Version(t); v != newer {
		t.Fatalf("a refused Open wrote schema version %d over %d", v, newer)
	}
	p.SetVersion(t, current)
	again := open(t, p)
	if got := checkEnds(t, again); !reflect.DeepEqual(got, ends) {
		t.Errorf("after a refused Open the logs end at %+v, not %+v", got, ends)
	}
	if broken := Findings(t, again); len(broken) != 0 {
		t.Errorf("after a refused Open: %+v", broken)
	}
}

// refusesAnotherProgramsTables: a database whose tables of the store's names are another
// program's is refused, and left as it was: nothing made, nothing guarded.
func refusesAnotherProgramsTables(t *testing.T, p Place) {
	for _, stmt := range []string{
		`CREATE TABLE games (id INTEGER PRIMARY KEY, note TEXT)`,
		`INSERT INTO games (id, note) VALUES (1, 'the club''s own')`,
	} {
		if err := p.Exec(t, stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
	if _, err := p.Open(t); !errors.Is(err, store.ErrNotDatabase) {
		t.Fatalf("a database with another program's games table: %v, want ErrNotDatabase", err)
	}
	if err := p.Exec(t, `SELECT 1 FROM events`); err == nil {
		t.Error("a refused Open made the table events")
	}
	if err := p.Exec(t, `UPDATE games SET note = 'still theirs' WHERE id = 1`); err != nil {
		t.Errorf("a refused Open guarded the other program's table: %v", err)
	}
}

// migratesAnOlderSchema: a store of an older schema is brought up to date when opened: every
// event as it was, the games listed as their first events say, guarded and verifying clean; and
// opened again, it is left as it is.
func migratesAnOlderSchema(t *testing.T, p Place) {
	from, log := p.Older(t)
	if from == 0 {
		t.Skip("the store is at its first schema version: its only migration is setting up an empty database, which every case does")
	}
	wantIDs, wantMatches := listings(t, log)
	if len(wantIDs) < 2 || len(wantMatches) == 0 {
		t.Fatalf("the older store holds games %v, matches %+v: too little to tell a migration by", wantIDs, wantMatches)
	}
	s := open(t, p)
	version := p.Version(t)
	if version <= from {
		t.Fatalf("after opening, the store is at schema version %d, was %d", version, from)
	}
	if got := walk(t, s); !reflect.DeepEqual(got, log) {
		t.Errorf("migrating changed the events:\n%+v\nwant\n%+v", got, log)
	}
	if ids, err := s.GameIDs(t.Context()); err != nil || !slices.Equal(ids, wantIDs) {
		t.Errorf("games %v (%v), want %v", ids, err, wantIDs)
	}
	if ms, err := s.Matches(t.Context()); err != nil || !slices.Equal(ms, wantMatches) {
		t.Errorf("matches %+v (%v), want %+v", ms, err, wantMatches)
	}
	if broken := Findings(t, s); len(broken) != 0 {
		t.Errorf("a migrated store: %+v", broken)
	}
	// The longest game, so that an edit of its events has rows to refuse.
	var longest events.Event
	for _, e := range log {
		if e.Seq > longest.Seq {
			longest = e
		}
	}
	for _, stmt := range refusedEdits(longest.Game, longest.Seq) {
		if err := p.Exec(t, stmt); err == nil || !strings.Contains(err.Error(), "append-only") {
			t.Errorf("a migrated store: %s: %v, want it refused as append-only", stmt, err)
		}
	}
	if _, err := s.Append(t.Context(), longest.Game, longest.Seq, []events.Event{move("ann", `{}`, start)}); err != nil {
		t.Errorf("recording into a migrated store: %v", err)
	}
	ends := checkEnds(t, s)
	again := open(t, p)
	if v := p.Version(t); v != version {
		t.Errorf("opened again, the store is at version %d, was %d", v, version)
	}
	if got := checkEnds(t, again); !reflect.DeepEqual(got, ends) {
		t.Errorf("opened again, the logs end at %+v, not %+v", got, ends)
	}
}

// walk reads every event of s with its hash, in order.
func walk(t *testing.T, s store.Store) []events.Event {
	t.Helper()
	var all []events.Event
	err := s.ScanGames(t.Context(), 0, math.MaxInt64, true, func(log []events.Event) error {
		all = append(all, log...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return all
}

// listings are the games and matches that log's first events make, as GameIDs and Matches list
// them.
func listings(t *testing.T, log []events.Event) ([]int64, []store.MatchInfo) {
	t.Helper()
	var ids []int64
	byName := map[string]*store.MatchInfo{}
	for _, e := range log {
		if e.Seq != 1 {
			continue
		}
		ids = append(ids, e.Game)
		var c events.Created
		if err := json.Unmarshal(e.Payload, &c); err != nil {
			t.Fatalf("game %d: %v", e.Game, err)
		}
		switch m := byName[c.Match]; {
		case c.Match == "":
		case m != nil:
			m.Games++
		default:
			byName[c.Match] = &store.MatchInfo{Name: c.Match, Kind: c.Kind, Games: 1}
		}
	}
	var matches []store.MatchInfo
	for _, m := range byName {
		matches = append(matches, *m)
	}
	slices.SortFunc(matches, func(a, b store.MatchInfo) int { return strings.Compare(a.Name, b.Name) })
	return ids, matches
}
