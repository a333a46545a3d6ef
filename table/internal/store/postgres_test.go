package store_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
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

func (d pgDatabase) Open(t *testing.T) store.Store {
	t.Helper()
	s, err := store.OpenPostgres(t.Context(), d.dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
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

// TestPostgresKeepsTheContract: the PostgreSQL store passes the store's conformance suite, each
// test in a new database of one throwaway cluster.
func TestPostgresKeepsTheContract(t *testing.T) {
	cluster := needs.Postgres(t)
	storetest.Run(t, func(t *testing.T) storetest.Place {
		return pgDatabase{dsn: cluster.Database(t)}
	})
}

// TestPostgresSchemaVersion: a database is set up once however many open it, a newer schema is
// refused, and so are tables of another program's.
func TestPostgresSchemaVersion(t *testing.T) {
	cluster := needs.Postgres(t)
	dsn := cluster.Database(t)
	d := pgDatabase{dsn: dsn}
	d.Open(t)
	d.Open(t) // a second opening finds the schema in place
	if err := d.Exec(t, `UPDATE tableside_schema SET version = version + 1`); err != nil {
		t.Fatal(err)
	}
	if _, err := store.OpenPostgres(t.Context(), dsn); !errors.Is(err, store.ErrTooNew) {
		t.Errorf("a database of a newer schema: %v, want ErrTooNew", err)
	}
	other := cluster.Database(t)
	if err := pgExec(t.Context(), t, other, `CREATE TABLE games (id int)`); err != nil {
		t.Fatal(err)
	}
	if _, err := store.OpenPostgres(t.Context(), other); !errors.Is(err, store.ErrNotDatabase) {
		t.Errorf("a database with another program's games table: %v, want ErrNotDatabase", err)
	}
}

// TestPostgresMatchRaces: servers starting games of one match at once, of two kinds, on two
// handles: the match ends up with games of one kind, at most as many as it may hold, and game
// ids without gaps, whoever lost.
func TestPostgresMatchRaces(t *testing.T) {
	cluster := needs.Postgres(t)
	d := pgDatabase{dsn: cluster.Database(t)}
	handles := []store.Store{d.Open(t), d.Open(t)}
	const most = 5
	var wg sync.WaitGroup
	for i := range 16 {
		kind := []string{"candidate", "pinochle"}[i%2]
		s := handles[(i/2)%2]
		wg.Go(func() {
			p := fmt.Sprintf(`{"kind":%q,"players":["ann","bob"],"match":"autumn"}`, kind)
			_, _, err := s.CreateInMatch(t.Context(), []events.Event{{Type: events.TypeCreated, Payload: json.RawMessage(p), At: 1}}, most)
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

// TestPostgresVerifyFinds: what an owner who lifts the triggers can do, verify names.
func TestPostgresVerifyFinds(t *testing.T) {
	cluster := needs.Postgres(t)
	d := pgDatabase{dsn: cluster.Database(t)}
	s := d.Open(t)
	for range 4 {
		p := `{"kind":"candidate","players":["ann","bob"],"match":"autumn"}`
		if _, _, err := s.Create(t.Context(), []events.Event{{Type: events.TypeCreated, Payload: json.RawMessage(p), At: 7}}); err != nil {
			t.Fatal(err)
		}
	}
	for _, stmt := range []string{
		`ALTER TABLE games DISABLE TRIGGER games_no_update`,
		`UPDATE games SET kind = 'pinochle', match = 'spring' WHERE id = 1`,
		`ALTER TABLE events DISABLE TRIGGER events_no_delete`,
		`ALTER TABLE games DISABLE TRIGGER games_no_delete`,
		`DELETE FROM events WHERE game = 2`,
		`DELETE FROM games WHERE id = 2`,
		`ALTER TABLE events DROP CONSTRAINT events_game_fkey`,
		`DELETE FROM games WHERE id = 3`,
	} {
		if err := d.Exec(t, stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
	broken, err := s.VerifyFile(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, b := range broken {
		got = append(got, fmt.Sprint(b.Game, ": ", b.Reason))
	}
	for _, want := range []string{
		"0: the trigger games_no_update is missing or disabled",
		"0: the trigger events_no_delete is missing or disabled",
		"0: the trigger games_no_delete is missing or disabled",
		"1: the games row says kind 'pinochle' where the first event says 'candidate'",
		"1: the games row says match 'spring' where the first event says 'autumn'",
		"3: events of a game that has no games row",
		"2: missing, with every game to 3, between games 1 and 4",
	} {
		if !slices.ContainsFunc(got, func(g string) bool { return strings.HasPrefix(g, want) }) {
			t.Errorf("verify does not say %q; it says:\n%s", want, strings.Join(got, "\n"))
		}
	}
}

// TestPostgresOpensAtOnce: servers opening a new database at once set it up once, and all open.
func TestPostgresOpensAtOnce(t *testing.T) {
	d := pgDatabase{dsn: needs.Postgres(t).Database(t)}
	var wg sync.WaitGroup
	for range 6 {
		wg.Go(func() {
			s, err := store.OpenPostgres(t.Context(), d.dsn)
			if err != nil {
				t.Error(err)
				return
			}
			w, err := s.Watch(t.Context())
			if err != nil {
				t.Error(err)
			} else if err := w.Close(); err != nil {
				t.Errorf("closing a watch: %v", err)
			}
			s.Close()
		})
	}
	wg.Wait()
}

// TestAnAppRoleMayOnlyReadAndAppend: a league's server connects as a role granted no more than
// postgres.sql's header says (SELECT and INSERT), and records games through it as the owner
// would, while an edit through that role is refused by the grants, not only the triggers.
func TestAnAppRoleMayOnlyReadAndAppend(t *testing.T) {
	cluster := needs.Postgres(t)
	owner := cluster.Database(t)
	s, err := store.OpenPostgres(t.Context(), owner)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	for _, stmt := range []string{
		`CREATE ROLE tableside_app LOGIN`,
		`GRANT SELECT, INSERT ON games, events TO tableside_app`,
		`GRANT SELECT ON tableside_schema TO tableside_app`,
	} {
		if err := pgExec(t.Context(), t, owner, stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
	u, err := url.Parse(owner)
	if err != nil {
		t.Fatal(err)
	}
	u.User = url.User("tableside_app")
	app := u.String()
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
	if err := pgExec(t.Context(), t, app, fmt.Sprintf(`UPDATE events SET actor = 'bob' WHERE game = %d`, game)); err == nil || !strings.Contains(err.Error(), "permission denied") {
		t.Errorf("an UPDATE as the app role: %v, want permission denied", err)
	}
	if broken, err := as.VerifyFile(t.Context()); err != nil || len(broken) != 0 {
		t.Errorf("verify as the app role: %+v (%v)", broken, err)
	}
}
