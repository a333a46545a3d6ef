package store_test

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/table/internal/store"
	"github.com/tableside/tableside/table/internal/store/storetest"
)

// testSchema returns the repository's schema.sql, the text main embeds.
func testSchema(tb testing.TB) string {
	tb.Helper()
	b, err := os.ReadFile("../../../schema.sql")
	if err != nil {
		tb.Fatal(err)
	}
	return string(b)
}

// allGames lists every game in id order, as the games table and their logs describe them: the
// games created since the earliest time there is.
func allGames(t *testing.T, s *store.SQLite) ([]store.GameInfo, error) {
	t.Helper()
	return s.GamesSince(t.Context(), math.MinInt64)
}

// openTestStore opens a new store in a file under tb.TempDir and closes it when the test ends.
func openTestStore(tb testing.TB) *store.SQLite {
	tb.Helper()
	return openStoreAt(tb, filepath.Join(tb.TempDir(), "tableside.db"))
}

func openStoreAt(tb testing.TB, path string) *store.SQLite {
	tb.Helper()
	s, err := store.Open(tb.Context(), path, testSchema(tb))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { s.Close() })
	return s
}

// rawDB opens the store's file with plain database/sql, as another SQLite tool would.
func rawDB(tb testing.TB, path string) *sql.DB {
	tb.Helper()
	db, err := sql.Open("sqlite", store.DSN(path, "_pragma=busy_timeout(5000)"))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	return db
}

func createdEvent(tb testing.TB, kind string, players ...string) events.Event {
	tb.Helper()
	p, err := json.Marshal(events.Created{Kind: kind, Players: players, Ruleset: kind + "/1"})
	if err != nil {
		tb.Fatal(err)
	}
	return events.Event{Type: events.TypeCreated, Payload: p, At: 1_700_000_000_000}
}

func move(actor, payload string, at int64) events.Event {
	return events.Event{Type: "candidate.bid", Actor: actor, Payload: json.RawMessage(payload), At: at}
}

// newGame creates a candidate game for ann and bob and returns its id and stored events.
func newGame(tb testing.TB, s *store.SQLite) (int64, []events.Event) {
	tb.Helper()
	game, stored, err := s.Create(tb.Context(), []events.Event{createdEvent(tb, "candidate", "ann", "bob")})
	if err != nil {
		tb.Fatal(err)
	}
	return game, stored
}

// checkChain fails unless evs are game's events 1…n with a correct hash chain.
func checkChain(tb testing.TB, game int64, evs []events.Event) {
	tb.Helper()
	prev := ""
	for i, e := range evs {
		if e.Game != game || e.Seq != int64(i+1) {
			tb.Fatalf("event %d is game %d seq %d, want game %d seq %d", i, e.Game, e.Seq, game, i+1)
		}
		if want := events.Hash(prev, e); e.Hash != want {
			tb.Fatalf("event %d: hash %q, want %q", e.Seq, e.Hash, want)
		}
		prev = e.Hash
	}
}

func TestCreateAppendLoad(t *testing.T) {
	s := openTestStore(t)
	created := createdEvent(t, "candidate", "ann", "bob")
	game, stored, err := s.Create(t.Context(), []events.Event{
		created,
		move("", `{"cut": "JH"}`, 1_700_000_000_500),
	})
	if err != nil {
		t.Fatal(err)
	}
	if game < 1 {
		t.Fatalf("game id %d", game)
	}
	checkChain(t, game, stored)
	if got := string(stored[1].Payload); got != `{"cut":"JH"}` {
		t.Errorf("stored payload %s, want it compacted", got)
	}
	if stored[0].At != created.At || stored[1].At != 1_700_000_000_500 {
		t.Errorf("At changed: %d, %d", stored[0].At, stored[1].At)
	}

	more, err := s.Append(t.Context(), game, 2, []events.Event{
		move("ann", `{"card":"QH"}`, 1_700_000_001_000),
		move("bob", "{\n  \"card\": \"KH\"\n}", 1_700_000_002_000),
	})
	if err != nil {
		t.Fatal(err)
	}
	if more[0].Seq != 3 || more[1].Seq != 4 || more[0].Game != game {
		t.Fatalf("appended %+v", more)
	}
	if more[0].Hash != events.Hash(stored[1].Hash, more[0]) {
		t.Error("first appended event does not chain from the last created one")
	}

	loaded, err := s.Load(t.Context(), game)
	if err != nil {
		t.Fatal(err)
	}
	want := append(append([]events.Event(nil), stored...), more...)
	if !reflect.DeepEqual(loaded, want) {
		t.Fatalf("Load:\n%+v\nwant:\n%+v", loaded, want)
	}
	checkChain(t, game, loaded)
	if loaded[2].Actor != "ann" || loaded[1].Actor != "" || string(loaded[3].Payload) != `{"card":"KH"}` {
		t.Errorf("loaded %+v", loaded)
	}

	// A second game numbers its events from 1 again and does not chain from the first.
	game2, stored2, err := s.Create(t.Context(), []events.Event{createdEvent(t, "pinochle", "cy", "di", "ed")})
	if err != nil {
		t.Fatal(err)
	}
	if game2 == game {
		t.Fatal("second game got the first one's id")
	}
	checkChain(t, game2, stored2)
}

func TestCreateDoesNotModifyInput(t *testing.T) {
	s := openTestStore(t)
	in := []events.Event{createdEvent(t, "candidate", "ann"), move("ann", `{ "a" : 1 }`, 5)}
	orig := string(in[1].Payload)
	if _, _, err := s.Create(t.Context(), in); err != nil {
		t.Fatal(err)
	}
	if in[0].Seq != 0 || in[0].Hash != "" || string(in[1].Payload) != orig {
		t.Errorf("Create changed its argument: %+v", in)
	}
}

func TestCreateRefuses(t *testing.T) {
	s := openTestStore(t)
	ok := createdEvent(t, "candidate", "ann")
	tests := []struct {
		name string
		evs  []events.Event
		want string
	}{
		{"no events", nil, "no events"},
		{"first is a move", []events.Event{move("ann", `{}`, 1)}, "first event"},
		{"no kind", []events.Event{{Type: events.TypeCreated, Payload: json.RawMessage(`{"players":["ann"]}`)}}, "no kind"},
		{"created payload not an object", []events.Event{{Type: events.TypeCreated, Payload: json.RawMessage(`[1]`)}}, "payload"},
		{"invalid JSON", []events.Event{ok, move("ann", `{"card":`, 1)}, "not valid JSON"},
		{"empty payload", []events.Event{ok, move("ann", ``, 1)}, "no payload"},
		{"no type", []events.Event{ok, {Payload: json.RawMessage(`{}`)}}, "no type"},
		{"two created", []events.Event{ok, ok}, "CHECK constraint"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := s.Create(t.Context(), tt.evs)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want one containing %q", err, tt.want)
			}
		})
	}
	games, err := allGames(t, s)
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 0 {
		t.Fatalf("refused creates left games behind: %+v", games)
	}
}

func TestGames(t *testing.T) {
	s := openTestStore(t)
	if games, err := allGames(t, s); err != nil || len(games) != 0 {
		t.Fatalf("empty store: %v, %v", games, err)
	}
	g1, _ := newGame(t, s)
	if _, err := s.Append(t.Context(), g1, 1, []events.Event{move("ann", `{}`, 1_700_000_009_000), move("bob", `{}`, 1_700_000_010_000)}); err != nil {
		t.Fatal(err)
	}
	c := createdEvent(t, "pinochle", "cy", "di", "ed", "fay")
	c.At = 1_800_000_000_000
	g2, _, err := s.Create(t.Context(), []events.Event{c})
	if err != nil {
		t.Fatal(err)
	}
	games, err := allGames(t, s)
	if err != nil {
		t.Fatal(err)
	}
	want := []store.GameInfo{
		{ID: g1, Kind: "candidate", Players: []string{"ann", "bob"}, CreatedAt: 1_700_000_000_000, LastAt: 1_700_000_010_000, Events: 3},
		{ID: g2, Kind: "pinochle", Players: []string{"cy", "di", "ed", "fay"}, CreatedAt: 1_800_000_000_000, LastAt: 1_800_000_000_000, Events: 1},
	}
	if !reflect.DeepEqual(games, want) {
		t.Fatalf("Games:\n%+v\nwant:\n%+v", games, want)
	}
}

func TestScan(t *testing.T) {
	s := openTestStore(t)
	g1, _ := newGame(t, s)
	g2, _ := newGame(t, s)
	// Interleave the writes so that insertion order is not game order.
	for i := range 3 {
		for _, g := range []int64{g2, g1} {
			if _, err := s.Append(t.Context(), g, int64(i+1), []events.Event{move("ann", fmt.Sprintf(`{"i":%d}`, i), int64(i))}); err != nil {
				t.Fatal(err)
			}
		}
	}
	var got []string
	err := s.Scan(t.Context(), func(e events.Event) error {
		got = append(got, fmt.Sprintf("%d/%d", e.Game, e.Seq))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, g := range []int64{g1, g2} {
		for seq := 1; seq <= 4; seq++ {
			want = append(want, fmt.Sprintf("%d/%d", g, seq))
		}
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Scan order %v, want %v", got, want)
	}

	stop := errors.New("stop")
	calls := 0
	err = s.Scan(t.Context(), func(events.Event) error {
		calls++
		if calls == 3 {
			return stop
		}
		return nil
	})
	if err != stop || calls != 3 {
		t.Fatalf("Scan returned %v after %d calls, want stop after 3", err, calls)
	}
}

func TestOpenReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	s, err := store.Open(t.Context(), path, testSchema(t))
	if err != nil {
		t.Fatal(err)
	}
	game, stored := newGame(t, s)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = openStoreAt(t, path)
	evs, err := s.Load(t.Context(), game)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(evs, stored) {
		t.Fatalf("after reopening: %+v, want %+v", evs, stored)
	}
	var appID, version int64
	var mode string
	db := rawDB(t, path)
	if err := db.QueryRow(`SELECT (SELECT application_id FROM pragma_application_id()),
		(SELECT user_version FROM pragma_user_version()),
		(SELECT journal_mode FROM pragma_journal_mode())`).Scan(&appID, &version, &mode); err != nil {
		t.Fatal(err)
	}
	if appID != store.ApplicationID || version != store.SchemaVersion || mode != "wal" {
		t.Fatalf("application_id %#x, user_version %d, journal_mode %s", appID, version, mode)
	}
}

// Terminals that create the same new database at the same moment all open it. (SQLite answers
// "database is locked" without waiting while one of them turns the file into a WAL database;
// one round in a few dozen hit that before Open waited it out.)
func TestOpenNewFileConcurrently(t *testing.T) {
	schema := testSchema(t)
	for round := range 40 {
		path := filepath.Join(t.TempDir(), fmt.Sprintf("new%d.db", round))
		const n = 6
		stores := make([]*store.SQLite, n)
		errs := make([]error, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() { stores[i], errs[i] = store.Open(t.Context(), path, schema) })
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Fatalf("round %d, Open %d: %v", round, i, err)
			}
			defer stores[i].Close()
		}
		// Every store sees one database: a game made through one is listed by all.
		game, _ := newGame(t, stores[0])
		for i, s := range stores {
			if games, err := allGames(t, s); err != nil || len(games) != 1 || games[0].ID != game {
				t.Fatalf("round %d: store %d lists %+v, %v", round, i, games, err)
			}
		}
	}
}

// Each command opens the database, records and closes it again; terminals doing that at the
// same time all succeed.
func TestOpenAppendCloseConcurrently(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	schema := testSchema(t)
	s := openStoreAt(t, path)
	game, _ := newGame(t, s)
	s.Close()
	const writers, each = 4, 25
	errs := make(chan error, writers*each)
	var wg sync.WaitGroup
	for w := range writers {
		wg.Go(func() {
			for i := range each {
				st, err := store.Open(t.Context(), path, schema)
				if err != nil {
					errs <- err
					return
				}
				// One event per open, named so that checkWriters sees writer w's event i.
				err = appendOne(t.Context(), st, game, fmt.Sprint(w), i)
				st.Close()
				if err != nil {
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	checkWriters(t, openStoreAt(t, path), game, writers, each)
}

// Opening a database that is already set up writes nothing, so it does not wait for another
// terminal that is in the middle of recording.
func TestOpenDoesNotWaitForWriter(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	s := openStoreAt(t, path)
	newGame(t, s)
	tx, err := s.DB().Begin() // BEGIN IMMEDIATE: holds the write lock
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	start := time.Now()
	s2, err := store.Open(t.Context(), path, testSchema(t))
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	if _, err := s2.Load(t.Context(), 1); err != nil {
		t.Fatal(err)
	}
	// Had they waited for the lock, they would have waited the busy timeout out.
	if d := time.Since(start); d >= store.BusyTimeout {
		t.Fatalf("Open and Load took %v while another writer held the lock", d)
	}
}

func TestOpenEmptyFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "empty.db")
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	s := openStoreAt(t, path)
	newGame(t, s)
}

func TestOpenTextFile(t *testing.T) {
	for _, content := range []string{
		"ann bid JH\nbob bid QH\n",
		"x",
		strings.Repeat("not a database\n", 100),
	} {
		path := filepath.Join(t.TempDir(), "notes.txt")
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := store.Open(t.Context(), path, testSchema(t))
		if !errors.Is(err, store.ErrNotDatabase) {
			t.Fatalf("err = %v, want ErrNotDatabase", err)
		}
		if !strings.Contains(err.Error(), path) {
			t.Errorf("error %q does not name the file", err)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != content {
			t.Fatalf("Open rewrote the text file: %q", b)
		}
		entries, _ := os.ReadDir(filepath.Dir(path))
		if len(entries) != 1 {
			t.Errorf("Open left files next to it: %v", entries)
		}
	}
}

func TestOpenCorruptSQLite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.db")
	content := append([]byte("SQLite format 3\x00"), bytes.Repeat([]byte{0xff}, 4096)...)
	if err := os.WriteFile(path, content, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := store.Open(t.Context(), path, testSchema(t)); !errors.Is(err, store.ErrNotDatabase) {
		t.Fatalf("err = %v, want ErrNotDatabase", err)
	}
	if b, _ := os.ReadFile(path); !bytes.Equal(b, content) {
		t.Fatal("Open changed the file")
	}
}

func TestOpenOtherSQLite(t *testing.T) {
	tests := []struct {
		name  string
		setup []string
	}{
		{"other tables", []string{`CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)`, `INSERT INTO notes (body) VALUES ('hi')`}},
		{"other application_id", []string{`PRAGMA application_id = 1234`}},
		{"our tables, no header", nil}, // filled below from schema.sql
	}
	tests[2].setup = []string{testSchema(t)}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "other.db")
			db := rawDB(t, path)
			for _, q := range tt.setup {
				if _, err := db.Exec(q); err != nil {
					t.Fatal(err)
				}
			}
			db.Close()
			before, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			_, err = store.Open(t.Context(), path, testSchema(t))
			if !errors.Is(err, store.ErrNotDatabase) {
				t.Fatalf("err = %v, want ErrNotDatabase", err)
			}
			after, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			// Not even switched to WAL: the other program's file is untouched.
			if !bytes.Equal(before, after) {
				t.Fatal("Open changed the other program's database")
			}
		})
	}
}

func TestOpenMissingDirectory(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "no", "such")
	_, err := store.Open(t.Context(), filepath.Join(dir, "t.db"), testSchema(t))
	if err == nil || !errors.Is(err, os.ErrNotExist) || !strings.Contains(err.Error(), dir) {
		t.Fatalf("err = %v, want one naming the missing directory", err)
	}
	if _, err := os.Stat(filepath.Dir(dir)); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("Open created the directory")
	}
}

func TestOpenDirectory(t *testing.T) {
	if _, err := store.Open(t.Context(), t.TempDir(), testSchema(t)); err == nil {
		t.Fatal("opened a directory")
	}
}

func TestOpenOddPath(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "my games?mode=ro#1 100%")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "table #2?.db")
	s, err := store.Open(t.Context(), path, testSchema(t))
	if err != nil {
		t.Fatal(err)
	}
	game, _ := newGame(t, s)
	s.Close()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	// The database and the WAL files kept beside it, all under the odd name.
	if !slices.Equal(names, []string{"table #2?.db", "table #2?.db-shm", "table #2?.db-wal"}) {
		t.Fatalf("files in %q: %q", dir, names)
	}
	if others, _ := os.ReadDir(filepath.Dir(dir)); len(others) != 1 {
		t.Fatalf("files outside the directory: %v", others)
	}
	s = openStoreAt(t, path)
	if _, err := s.Load(t.Context(), game); err != nil {
		t.Fatal(err)
	}
}

func TestOpenRelativePath(t *testing.T) {
	schema := testSchema(t) // before leaving the package directory
	t.Chdir(t.TempDir())
	s, err := store.Open(t.Context(), "rel.db", schema)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	newGame(t, s)
	if _, err := os.Stat("rel.db"); err != nil {
		t.Fatal(err)
	}
}

func TestMigrationsReachSchemaVersion(t *testing.T) {
	v := int64(1) // schema.sql makes version 1
	for _, to := range store.MigrationSteps() {
		if to != v+1 {
			t.Fatalf("migration to %d follows version %d", to, v)
		}
		v = to
	}
	if v != store.SchemaVersion {
		t.Fatalf("migrations end at version %d, SchemaVersion is %d", v, store.SchemaVersion)
	}
}

// TestWALKeptDatabaseComplete: the WAL files stay beside the database between commands, yet
// the database file alone holds every event once the store is closed, so copying just the
// file (a backup, a mail to the club) loses nothing.
func TestWALKeptDatabaseComplete(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "t.db")
	s, err := store.Open(t.Context(), path, testSchema(t))
	if err != nil {
		t.Fatal(err)
	}
	game, _ := newGame(t, s)
	for i := range 20 {
		if _, err := s.Append(t.Context(), game, int64(i+1), []events.Event{{Type: "test.move", Payload: []byte(`{}`), At: 1}}); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	if _, err := os.Stat(path + "-wal"); err != nil {
		t.Fatalf("the WAL was not kept: %v", err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	copied := filepath.Join(t.TempDir(), "copy.db")
	if err := os.WriteFile(copied, data, 0o644); err != nil {
		t.Fatal(err)
	}
	c := openStoreAt(t, copied)
	evs, err := c.Load(t.Context(), game)
	if err != nil || len(evs) != 21 {
		t.Fatalf("the copied file holds %d events (%v), want 21", len(evs), err)
	}
}

// A page showing the game live has its own connection; it sees what a terminal records.
func TestLoadAfterSeesOtherStore(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	terminal := openStoreAt(t, path)
	page := openStoreAt(t, path)
	game, _ := newGame(t, terminal)
	if tail, err := page.LoadAfter(t.Context(), game, 1); err != nil || tail != nil {
		t.Fatalf("before any move: %+v, %v", tail, err)
	}
	stored, err := terminal.Append(t.Context(), game, 1, []events.Event{move("ann", `{"card":"QH"}`, 1), move("bob", `{"card":"KH"}`, 2)})
	if err != nil {
		t.Fatal(err)
	}
	tail, err := page.LoadAfter(t.Context(), game, 1)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(tail, stored) {
		t.Fatalf("the page sees %+v, want %+v", tail, stored)
	}
}

// queryPlan returns the details of SQLite's plan for query, one line per step.
func queryPlan(t *testing.T, s *store.SQLite, query string, args ...any) string {
	t.Helper()
	rows, err := s.DB().QueryContext(t.Context(), "EXPLAIN QUERY PLAN "+query, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var steps []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			t.Fatal(err)
		}
		steps = append(steps, detail)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return strings.Join(steps, "\n")
}

// The reads that must not grow with the store go straight to their rows: LoadAfter to the
// first event after, a match's games (and Create's look at the match) to that match only.
func TestQueryPlans(t *testing.T) {
	s := openTestStore(t)
	tests := []struct {
		name, query string
		args        []any
		want        string
	}{
		{"LoadAfter", store.LoadAfterQuery, []any{1, 1, 5}, "SEARCH events USING PRIMARY KEY (game=? AND seq>?)"},
		{"MatchGames", store.MatchGamesQuery, []any{"autumn club"}, "SEARCH g USING INDEX games_match (match=?)"},
		{"Create's match kind", store.MatchKindQuery, []any{"autumn club"}, "SEARCH games USING INDEX games_match (match=?)"},
	}
	for _, tt := range tests {
		plan := queryPlan(t, s, tt.query, tt.args...)
		if !strings.Contains(plan, tt.want) || strings.Contains(plan, "SCAN") || strings.Contains(plan, "TEMP B-TREE") {
			t.Errorf("%s: plan\n%s\nwant %q, no SCAN and no sort", tt.name, plan, tt.want)
		}
	}
	// Finding a sheet from its seal looks one event a game up by its key.
	if plan := queryPlan(t, s, store.HashesAtQuery, 5); strings.Contains(plan, "SCAN e") || !strings.Contains(plan, "SEARCH e USING PRIMARY KEY (game=? AND seq=?)") {
		t.Errorf("HashesAt: plan\n%s", plan)
	}
	// A walk's span is read at the ends of the keys, never from every event.
	if plan := queryPlan(t, s, store.GameSpanQuery); strings.Contains(plan, "SCAN events") || !strings.Contains(plan, "SEARCH events") {
		t.Errorf("GameSpan: plan\n%s", plan)
	}
	// The file's seal reads a few rows a game through the key, never every event.
	if plan := queryPlan(t, s, store.EndsQuery); strings.Contains(plan, "SCAN events") || !strings.Contains(plan, "SEARCH events USING PRIMARY KEY (game>?)") {
		t.Errorf("Ends: plan\n%s", plan)
	}
}

func TestCancelledContext(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	s := openStoreAt(t, path)
	game, _ := newGame(t, s)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	newPath := filepath.Join(t.TempDir(), "new.db")

	calls := map[string]func() error{
		"Create": func() error {
			_, _, err := s.Create(ctx, []events.Event{createdEvent(t, "candidate", "cy")})
			return err
		},
		"Append": func() error {
			_, err := s.Append(ctx, game, 1, []events.Event{move("ann", `{}`, 1)})
			return err
		},
		"Load":      func() error { _, err := s.Load(ctx, game); return err },
		"LoadAfter": func() error { _, err := s.LoadAfter(ctx, game, 0); return err },
		"GameIDs":   func() error { _, err := s.GameIDs(ctx); return err },
		"MatchGames": func() error {
			_, err := s.MatchGames(ctx, "autumn club")
			return err
		},
		"Matches": func() error { _, err := s.Matches(ctx); return err },
		"Scan": func() error {
			return s.Scan(ctx, func(events.Event) error { return errors.New("called fn") })
		},
		"Verify": func() error { _, err := storetest.Verify(ctx, s); return err },
		"Open": func() error {
			_, err := store.Open(ctx, newPath, testSchema(t))
			return err
		},
	}
	for name, call := range calls {
		if err := call(); !errors.Is(err, context.Canceled) {
			t.Errorf("%s: err = %v, want context.Canceled", name, err)
		}
	}
	evs, err := s.Load(t.Context(), game)
	if err != nil {
		t.Fatal(err)
	}
	games, err := allGames(t, s)
	if err != nil {
		t.Fatal(err)
	}
	if len(evs) != 1 || len(games) != 1 {
		t.Fatalf("cancelled calls wrote: %d events, %d games", len(evs), len(games))
	}
	if _, err := os.Stat(newPath); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a cancelled Open made the file: %v", err)
	}
}

// Open waits out a busy file for up to busyTimeout, but not past its context.
func TestRetryBusyStopsWithContext(t *testing.T) {
	path := filepath.Join(t.TempDir(), "locked.db")
	holder, err := rawDB(t, path).Conn(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	// In rollback-journal mode an exclusive lock keeps readers out.
	for _, q := range []string{`CREATE TABLE t (x)`, `BEGIN EXCLUSIVE`} {
		if _, err := holder.ExecContext(t.Context(), q); err != nil {
			t.Fatal(err)
		}
	}
	defer holder.ExecContext(context.Background(), `ROLLBACK`)
	reader, err := sql.Open("sqlite", store.DSN(path, "_pragma=busy_timeout(0)"))
	if err != nil {
		t.Fatal(err)
	}
	defer reader.Close()
	read := func() error {
		var n int
		return reader.QueryRowContext(context.Background(), `SELECT count(*) FROM t`).Scan(&n)
	}
	if err := read(); err == nil || !strings.Contains(err.Error(), "locked") {
		t.Fatalf("the reader is not kept out: %v", err)
	}

	ctx, cancel := context.WithTimeout(t.Context(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	err = store.RetryBusy(ctx, read)
	if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "locked") {
		t.Fatalf("err = %v, want the deadline and the lock", err)
	}
	if d := time.Since(start); d > store.BusyTimeout/2 {
		t.Fatalf("retryBusy went on for %v after its context ended", d)
	}
}

// TestAFileGuardsAKeptLog: a file whose triggers are schema.sql's vouches for a log it holds as
// read by its schema version, one token for every game of the file; a trigger made again, as it
// was, moves the version on, so the guard read before no longer stands; a trigger left dropped
// leaves no guard at all.
func TestAFileGuardsAKeptLog(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tableside.db")
	s := openStoreAt(t, path)
	g, held := newGame(t, s)
	other, theirHeld := newGame(t, s)
	_, guard, same, err := s.LoadOn(t.Context(), g, held)
	if err != nil || !same || guard.Token == "" {
		t.Fatalf("a log as read, in a file as made: guard %+v, same %v, %v; want a guard", guard, same, err)
	}
	if _, theirs, _, err := s.LoadOn(t.Context(), other, theirHeld); err != nil || theirs.Token != guard.Token {
		t.Fatalf("another game's guard %+v, %v; want the file's %q", theirs, err, guard.Token)
	}
	db := rawDB(t, path)
	var text string
	if err := db.QueryRowContext(t.Context(), `SELECT sql FROM sqlite_schema WHERE name = 'events_no_update'`).Scan(&text); err != nil {
		t.Fatal(err)
	}
	for _, stmt := range []string{`DROP TRIGGER events_no_update`, text} {
		if _, err := db.ExecContext(t.Context(), stmt); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, same, err := s.LoadFrom(t.Context(), g, held, guard); err != nil || same {
		t.Fatalf("the trigger made again as it was: read under the old guard, same %v, %v", same, err)
	}
	_, now, same, err := s.LoadOn(t.Context(), g, held)
	if err != nil || !same || now.Token == "" || now.Token == guard.Token {
		t.Fatalf("the trigger made again as it was: guard %+v then %+v, same %v, %v; want a new guard", guard, now, same, err)
	}
	if _, err := db.ExecContext(t.Context(), `DROP TRIGGER events_no_update`); err != nil {
		t.Fatal(err)
	}
	if _, none, same, err := s.LoadOn(t.Context(), g, held); err != nil || !same || none.Token != "" {
		t.Fatalf("the trigger left dropped: guard %+v, same %v, %v; want none", none, same, err)
	}
}
