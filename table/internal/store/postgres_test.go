package store_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/internal/needs"
	"github.com/tableside/tableside/table/internal/store"
	"github.com/tableside/tableside/table/internal/store/storetest"
)

// pgDatabase is a store in a new database of its own.
type pgDatabase struct{ dsn string }

func (d pgDatabase) Open(t *testing.T) (store.Store, error) {
	t.Helper()
	s, err := store.OpenPostgres(t.Context(), d.dsn)
	if err != nil {
		return nil, err
	}
	t.Cleanup(func() { s.Close() })
	return s, nil
}

// open opens a handle, failing the test if it cannot.
func (d pgDatabase) open(t *testing.T) store.Store {
	t.Helper()
	s, err := d.Open(t)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Hold locks the events table against writers in a transaction of its own. A writer gives up
// after the store's own wait (lock_timeout, 5 s), as SQLite's does after its busy timeout.
func (d pgDatabase) Hold(t *testing.T) func() {
	t.Helper()
	db, err := sql.Open("pgx", d.dsn)
	if err != nil {
		t.Fatal(err)
	}
	return hold(t, db, `BEGIN`, `LOCK TABLE events IN EXCLUSIVE MODE`)
}

// Exec runs the statement on a connection of its own, as the database's owner, as another
// program would.
func (d pgDatabase) Exec(t *testing.T, statement string) error {
	t.Helper()
	return pgExec(t.Context(), t, d.dsn, statement)
}

func pgExec(ctx context.Context, t *testing.T, dsn, statement string) error {
	t.Helper()
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	_, err = db.ExecContext(ctx, statement)
	return err
}

// Forge runs the statements in one transaction with every trigger of games and events disabled
// (ALL: the foreign key's too, which are PostgreSQL's own) and enabled again before it commits,
// so that no other session ever sees a guard down. The foreign key's triggers take a
// superuser, which the cluster's user is.
func (d pgDatabase) Forge(t *testing.T, statements ...string) {
	t.Helper()
	db, err := sql.Open("pgx", d.dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	tx, err := db.BeginTx(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	lift := []string{`ALTER TABLE games DISABLE TRIGGER ALL`, `ALTER TABLE events DISABLE TRIGGER ALL`}
	restore := []string{`ALTER TABLE games ENABLE TRIGGER ALL`, `ALTER TABLE events ENABLE TRIGGER ALL`}
	for _, stmt := range append(append(lift, statements...), restore...) {
		if _, err := tx.ExecContext(t.Context(), stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
}

// LiftGuard disables the trigger on its table, which its name begins with; it stays in the
// catalog, as an owner's slip would leave it.
func (d pgDatabase) LiftGuard(t *testing.T, trigger string) {
	t.Helper()
	table, _, _ := strings.Cut(trigger, "_")
	if err := d.Exec(t, fmt.Sprintf(`ALTER TABLE %s DISABLE TRIGGER %s`, table, trigger)); err != nil {
		t.Fatal(err)
	}
}

// Sideline has the trigger fire only in replica sessions: enabled in the catalog, silent for
// an ordinary session.
func (d pgDatabase) Sideline(t *testing.T, trigger string) {
	t.Helper()
	table, _, _ := strings.Cut(trigger, "_")
	if err := d.Exec(t, fmt.Sprintf(`ALTER TABLE %s ENABLE REPLICA TRIGGER %s`, table, trigger)); err != nil {
		t.Fatal(err)
	}
}

// Quiet adds a rule that turns every insert into the game's events into nothing.
func (d pgDatabase) Quiet(t *testing.T, game int64) string {
	t.Helper()
	if err := d.Exec(t, fmt.Sprintf(`CREATE RULE quiet AS ON INSERT TO events WHERE NEW.game = %d DO INSTEAD NOTHING`, game)); err != nil {
		t.Fatal(err)
	}
	return "quiet"
}

// Version reads the one row of tableside_schema.
func (d pgDatabase) Version(t *testing.T) int64 {
	t.Helper()
	db, err := sql.Open("pgx", d.dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var v int64
	if err := db.QueryRowContext(t.Context(), `SELECT version FROM tableside_schema`).Scan(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

func (d pgDatabase) SetVersion(t *testing.T, version int64) {
	t.Helper()
	if err := d.Exec(t, fmt.Sprintf(`UPDATE tableside_schema SET version = %d`, version)); err != nil {
		t.Fatal(err)
	}
}

// Older sets the database up as the tableside of PostgreSQL schema version 1 did
// (testdata/postgres-v1.sql, that version's postgres.sql) and fills it with the games of the
// SQLite store's version-1 file, rows as that version wrote them.
func (d pgDatabase) Older(t *testing.T) (int64, []events.Event) {
	t.Helper()
	schema, err := os.ReadFile("testdata/postgres-v1.sql")
	if err != nil {
		t.Fatal(err)
	}
	_, log := sqliteFile{path: filepath.Join(t.TempDir(), "v1.db")}.Older(t)
	stmts := []string{string(schema), `INSERT INTO tableside_schema (version) VALUES (1)`}
	quote := func(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }
	for _, e := range log {
		if e.Seq == 1 {
			var c events.Created
			if err := json.Unmarshal(e.Payload, &c); err != nil {
				t.Fatal(err)
			}
			stmts = append(stmts, fmt.Sprintf(`INSERT INTO games (id, kind, created_at, match) VALUES (%d, %s, %d, %s)`, e.Game, quote(c.Kind), e.At, quote(c.Match)))
		}
		stmts = append(stmts, fmt.Sprintf(`INSERT INTO events (game, seq, type, actor, payload, at, hash) VALUES (%d, %d, %s, %s, %s, %d, %s)`,
			e.Game, e.Seq, quote(e.Type), quote(e.Actor), quote(string(e.Payload)), e.At, quote(e.Hash)))
	}
	if err := d.Exec(t, strings.Join(stmts, ";\n")); err != nil {
		t.Fatal(err)
	}
	return 1, log
}

// TestPostgresKeepsTheContract: the PostgreSQL store passes the store's conformance suite, each
// test in a new database of one throwaway cluster.
func TestPostgresKeepsTheContract(t *testing.T) {
	cluster := needs.Postgres(t)
	storetest.Run(t, func(t *testing.T) storetest.Place {
		return pgDatabase{dsn: cluster.Database(t)}
	})
}

// TestPostgresVerifyNamesItsOwnTriggers: the triggers only PostgreSQL's schema has, which
// refuse TRUNCATE (it fires no row trigger) and tell watches of commits, are named when
// disabled, as the guards both stores keep are in the suite.
func TestPostgresVerifyNamesItsOwnTriggers(t *testing.T) {
	d := pgDatabase{dsn: needs.Postgres(t).Database(t)}
	s := d.open(t)
	var want []string
	for _, name := range []string{"events_no_truncate", "games_no_truncate", "events_notify"} {
		d.LiftGuard(t, name)
		want = append(want, "the trigger "+name+" is missing or disabled")
	}
	wantFindings(t, s, want...)
}

// TestPostgresVerifyHoldsGuardsToPostgresSQL: an owner who keeps every name in place but
// weakens what stands behind it (a trigger of the same name that refuses nothing, every guard
// function rewritten to let edits through) or adds a trigger of their own to the log's tables
// is named by verify, as SQLite's verify holds the file's triggers to schema.sql's text.
func TestPostgresVerifyHoldsGuardsToPostgresSQL(t *testing.T) {
	d := pgDatabase{dsn: needs.Postgres(t).Database(t)}
	s := d.open(t)
	for _, stmt := range []string{
		`DROP TRIGGER events_no_update ON events`,
		`CREATE TRIGGER events_no_update BEFORE UPDATE ON events FOR EACH STATEMENT EXECUTE FUNCTION tableside_notify()`,
		`CREATE OR REPLACE FUNCTION tableside_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$`,
		`CREATE OR REPLACE FUNCTION tableside_events_in_order() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$`,
		`CREATE OR REPLACE FUNCTION tableside_notify() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$`,
		`CREATE TRIGGER events_rewrite BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION tableside_events_in_order()`,
	} {
		if err := d.Exec(t, stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
	want := []string{
		"the trigger events_no_update is not as tableside made it (CREATE TRIGGER events_no_update BEFORE UPDATE ON events FOR EACH STATEMENT",
		"a trigger tableside did not make is on its tables (CREATE TRIGGER events_rewrite BEFORE INSERT ON events",
		"the function tableside_events_in_order is not as tableside made it",
		"the function tableside_notify is not as tableside made it",
		"the function tableside_refuse is not as tableside made it",
	}
	wantFindings(t, s, want...)
}

// wantFindings fails t unless verify finds in s exactly one finding starting with each of want.
func wantFindings(t *testing.T, s store.Store, want ...string) {
	t.Helper()
	var got []string
	for _, b := range storetest.Findings(t, s) {
		got = append(got, b.String())
	}
	if len(got) != len(want) {
		t.Errorf("verify finds:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, w := range want {
		if !slices.ContainsFunc(got, func(g string) bool { return strings.HasPrefix(g, w) }) {
			t.Errorf("verify does not say %q; it says:\n%s", w, strings.Join(got, "\n"))
		}
	}
}

// TestPostgresMatchRaces: servers starting games of one match at once, of two kinds, on two
// handles: the match ends up with games of one kind, at most as many as it may hold, and game
// ids without gaps, whoever lost or gave up waiting.
func TestPostgresMatchRaces(t *testing.T) {
	cluster := needs.Postgres(t)
	d := pgDatabase{dsn: cluster.Database(t)}
	handles := []store.Store{d.open(t), d.open(t)}
	const most = 5
	var wg sync.WaitGroup
	for i := range 16 {
		kind := []string{"candidate", "pinochle"}[i%2]
		s := handles[(i/2)%2]
		wg.Go(func() {
			p := fmt.Sprintf(`{"kind":%q,"players":["ann","bob"],"match":"autumn"}`, kind)
			// A creation kept waiting past the store's wait gives up as busy, having stored
			// nothing, and is tried again, as a server's form offers.
			err := storetest.WhileBusy(func() error {
				_, _, err := s.CreateInMatch(t.Context(), []events.Event{{Type: events.TypeCreated, Payload: json.RawMessage(p), At: 1}}, most)
				return err
			})
			var k *store.MatchKindError
			var f *store.MatchFullError
			if err != nil && !errors.As(err, &k) && !errors.As(err, &f) {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	games, err := handles[0].MatchGames(t.Context(), "autumn")
	if err != nil || len(games) != most {
		t.Fatalf("the match holds %d games (%v), want %d", len(games), err, most)
	}
	for _, g := range games {
		if g.Kind != games[0].Kind {
			t.Errorf("game %d is %s in a match of %s", g.ID, g.Kind, games[0].Kind)
		}
	}
	if broken, err := handles[1].VerifyFile(t.Context()); err != nil || len(broken) != 0 {
		t.Errorf("after the race: %+v (%v)", broken, err)
	}
}

// TestAnAppRoleMayOnlyReadAndAppend: a league's server connects as a role granted no more than
// postgres.sql's header says (SELECT and INSERT), and records games through it as the owner
// would, while an edit through that role is refused by the grants, not only the triggers.
func TestAnAppRoleMayOnlyReadAndAppend(t *testing.T) {
	_, app := asRole(t, "tableside_app",
		`CREATE ROLE tableside_app LOGIN`,
		`GRANT SELECT, INSERT ON games, events TO tableside_app`,
		`GRANT SELECT, INSERT, UPDATE ON summaries TO tableside_app`,
		`GRANT SELECT ON tableside_schema TO tableside_app`)
	as, err := store.OpenPostgres(t.Context(), app)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { as.Close() })
	created, err := json.Marshal(events.Created{Kind: "pinochle", Players: []string{"ann", "bob"}, Match: "spring", Ruleset: "pinochle/1"})
	if err != nil {
		t.Fatal(err)
	}
	game, _, err := as.Create(t.Context(), []events.Event{{Type: events.TypeCreated, Payload: created, At: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := as.Append(t.Context(), game, 1, []events.Event{{Type: "pinochle.bid", Actor: "ann", Payload: []byte(`{"points":10}`), At: 1}}); err != nil {
		t.Fatalf("the app role appends: %v", err)
	}
	// A summary is written, then replaced.
	for seq := int64(2); seq <= 3; seq++ {
		sum := func([]events.Event) store.Summary {
			return store.Summary{Version: "v", Body: []byte(fmt.Sprintf(`{"seq":%d}`, seq+1))}
		}
		if _, err := as.AppendSummarized(t.Context(), game, seq, []events.Event{{Type: "pinochle.bid", Actor: "bob", Payload: []byte(`{"points":0}`), At: 1}}, sum); err != nil {
			t.Fatalf("the app role appends with a summary: %v", err)
		}
	}
	if err := pgExec(t.Context(), t, app, fmt.Sprintf(`UPDATE events SET actor = 'bob' WHERE game = %d`, game)); err == nil || !strings.Contains(err.Error(), "permission denied") {
		t.Errorf("an UPDATE as the app role: %v, want permission denied", err)
	}
	if broken, err := as.VerifyFile(t.Context()); err != nil || len(broken) != 0 {
		t.Errorf("verify as the app role: %+v (%v)", broken, err)
	}
}

// TestAnAppRoleAppendsOnceSummariesCame: a league set up before summaries (schema version 2),
// its servers' role granted what the README then said, is migrated by the owner's open, and
// the role records with summaries at once, with no new grant.
func TestAnAppRoleAppendsOnceSummariesCame(t *testing.T) {
	owner, old := asRole(t, "tableside_old",
		`DROP TABLE summaries`,
		`UPDATE tableside_schema SET version = 2`,
		`CREATE ROLE tableside_old LOGIN`,
		`GRANT SELECT, INSERT ON games, events TO tableside_old`,
		`GRANT SELECT ON tableside_schema TO tableside_old`)
	t.Cleanup(func() {
		// Roles belong to the cluster, not the database: leave none behind for the next test.
		_ = pgExec(context.Background(), t, owner, `DROP OWNED BY tableside_old`)
		_ = pgExec(context.Background(), t, owner, `DROP ROLE tableside_old`)
	})
	migrated, err := store.OpenPostgres(t.Context(), owner)
	if err != nil {
		t.Fatal(err)
	}
	migrated.Close()
	as, err := store.OpenPostgres(t.Context(), old)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { as.Close() })
	created, err := json.Marshal(events.Created{Kind: "pinochle", Players: []string{"ann", "bob"}, Ruleset: "pinochle/1"})
	if err != nil {
		t.Fatal(err)
	}
	game, _, err := as.Create(t.Context(), []events.Event{{Type: events.TypeCreated, Payload: created, At: 1}})
	if err != nil {
		t.Fatal(err)
	}
	sum := func([]events.Event) store.Summary { return store.Summary{Version: "v", Body: []byte(`{"n":2}`)} }
	if _, err := as.AppendSummarized(t.Context(), game, 1, []events.Event{{Type: "pinochle.bid", Actor: "ann", Payload: []byte(`{"points":10}`), At: 1}}, sum); err != nil {
		t.Fatalf("the old role appends with a summary after the migration: %v", err)
	}
	var got []string
	if err := as.Summaries(t.Context(), "v", game, game, func(_ int64, body []byte) error { got = append(got, string(body)); return nil }); err != nil || !slices.Equal(got, []string{`{"n":2}`}) {
		t.Errorf("the old role reads the summaries %q (%v), want the one written", got, err)
	}
}

// asRole is a database set up by its owner's open, setup then run there as the owner, and the
// address of the same database as role.
func asRole(t *testing.T, role string, setup ...string) (owner, dsn string) {
	t.Helper()
	owner = needs.Postgres(t).Database(t)
	s, err := store.OpenPostgres(t.Context(), owner)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	for _, stmt := range setup {
		if err := pgExec(t.Context(), t, owner, stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
	u, err := url.Parse(owner)
	if err != nil {
		t.Fatal(err)
	}
	u.User = url.User(role)
	return owner, u.String()
}

// TestPostgresVouchesOnlyForRowsUnchanged: a replica session fires none of the triggers
// postgres.sql makes and leaves no mark in the catalogs, so the guard is made of the game's
// rows themselves: an event edited there, its hash left as it was, ends the guard, and a read
// of every row finds the edit.
func TestPostgresVouchesOnlyForRowsUnchanged(t *testing.T) {
	d := pgDatabase{dsn: needs.Postgres(t).Database(t)}
	s := d.open(t)
	g, held, err := s.Create(t.Context(), []events.Event{createdEvent(t, "candidate", "ann", "bob")})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		more, err := s.Append(t.Context(), g, held[len(held)-1].Seq, []events.Event{move("ann", fmt.Sprintf(`{"n":%d}`, i), int64(1_700_000_000_100+i))})
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, more...)
	}
	_, guard, same, err := s.LoadOn(t.Context(), g, held)
	if err != nil || !same || guard.Token == "" {
		t.Fatalf("the log as read: guard %+v, same %v, %v", guard, same, err)
	}
	if err := d.Exec(t, fmt.Sprintf(`SET session_replication_role = replica; UPDATE events SET payload = '{"n":9}' WHERE game = %d AND seq = 2`, g)); err != nil {
		t.Fatal(err)
	}
	if _, _, same, err := s.LoadFrom(t.Context(), g, held[guard.Seq-1:], guard); err != nil || same {
		t.Errorf("an event edited in a replica session: read from the guard's row, same %v, %v; want the guard gone", same, err)
	}
	if _, _, same, err := s.LoadOn(t.Context(), g, held); err != nil || same {
		t.Errorf("an event edited in a replica session: every row read, same %v, %v; want the edit found", same, err)
	}
}
