package table

import (
	"database/sql"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/internal/needs"
	"github.com/tableside/tableside/table/internal/store/storetest"
)

// damage is what a forger does to a store of 100 games (four runs of a walk), in SQL that
// both stores' databases take once their guards are lifted, and the findings it must cause, so
// that a damage that did nothing fails rather than passing as clean.
type damage struct {
	name  string
	stmts []string
	want  []string
}

var damages = []damage{
	{"a payload changed", []string{`UPDATE events SET payload = '{"changed":true}' WHERE game = 5 AND seq = 2`},
		[]string{"game 5: event 2: the event does not match its hash"}},
	{"chains broken in two games of two runs", []string{`UPDATE events SET actor = 'zed' WHERE game IN (40, 99) AND seq = 2`},
		[]string{"game 40: event 2: the event does not match its hash", "game 99: event 2: the event does not match its hash"}},
	{"an event deleted", []string{`DELETE FROM events WHERE game = 33 AND seq = 2`},
		[]string{"game 33: event 3: event 3 follows event 1"}},
	{"a first event deleted", []string{`DELETE FROM events WHERE game = 64 AND seq = 1`},
		[]string{"game 64: event 2: the log starts at event 2"}},
	{"a games row missing, its events left", []string{`DELETE FROM games WHERE id = 50`},
		[]string{"game 50: event 1: events of a game that has no games row"}},
	{"a game's events deleted, its row left", []string{`DELETE FROM events WHERE game = 70`},
		[]string{"game 70: the game has no events"}},
	{"a whole game deleted", []string{`DELETE FROM events WHERE game = 80`, `DELETE FROM games WHERE id = 80`},
		[]string{"game 80: missing between games 79 and 81"}},
	{"a games row changed", []string{`UPDATE games SET kind = 'nonesuch' WHERE id = 90`},
		[]string{"game 90: event 1: the games row says kind 'nonesuch'"}},
	// The games rows of the first and the last game gone, and their chains broken: events
	// outside the span of the games rows are walked too.
	{"the first game's row missing and its chain broken", []string{`DELETE FROM games WHERE id = 1`, `UPDATE events SET actor = 'zed' WHERE game = 1 AND seq = 2`},
		[]string{"game 1: event 2: the event does not match its hash"}},
	{"the last game's row missing and its chain broken", []string{`DELETE FROM games WHERE id = 100`, `UPDATE events SET at = 1 WHERE game = 100 AND seq = 1`},
		[]string{"game 100: event 1: the event does not match its hash"}},
}

// TestVerifyFindsWhatTheOracleFinds holds the application's verify, which walks the chains in
// runs of games on several workers, to storetest.Verify, the store's one-core walk that the
// store suite trusts: on every kind of damage the suite knows, alone and all at once, in a
// SQLite file and a PostgreSQL database, on one worker, several and every core, it finds the
// same findings in the same order, and reports progress once for each game it walked.
func TestVerifyFindsWhatTheOracleFinds(t *testing.T) {
	all := damage{name: "all at once"}
	for _, d := range damages {
		all.stmts = append(all.stmts, d.stmts...)
		all.want = append(all.want, d.want...)
	}
	cases := slices.Concat([]damage{{name: "clean"}}, damages, []damage{all})

	// Each starts where its stores are kept and returns what opens a new store there with a
	// forger: lifting the guards (and leaving them lifted, which verify names too) and running
	// the statements.
	type forge func(stmts ...string)
	stores := []struct {
		name  string
		start func(t *testing.T) func(t *testing.T) (*App, forge)
	}{
		{"sqlite", func(*testing.T) func(*testing.T) (*App, forge) {
			return func(t *testing.T) (*App, forge) {
				a, path := openApp(t, "")
				return a, forger(t, "sqlite", "file:"+path+"?_pragma=busy_timeout(5000)",
					`DROP TRIGGER events_no_update`, `DROP TRIGGER events_no_delete`,
					`DROP TRIGGER games_no_update`, `DROP TRIGGER games_no_delete`)
			}
		}},
		{"postgres", func(t *testing.T) func(*testing.T) (*App, forge) {
			cluster := needs.Postgres(t)
			return func(t *testing.T) (*App, forge) {
				dsn := cluster.Database(t)
				a, err := Open(t.Context(), dsn, testSchema(t))
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { a.Close() })
				// ALL: the foreign key's triggers too, PostgreSQL's own, which the cluster's
				// superuser may disable.
				return a, forger(t, "pgx", dsn, `ALTER TABLE games DISABLE TRIGGER ALL`, `ALTER TABLE events DISABLE TRIGGER ALL`)
			}
		}},
	}
	for _, st := range stores {
		t.Run(st.name, func(t *testing.T) {
			open := st.start(t)
			for _, c := range cases {
				t.Run(c.name, func(t *testing.T) {
					a, forge := open(t)
					stockGames(t, a, 100)
					if c.stmts != nil {
						forge(c.stmts...)
					}
					oracle := storetest.Findings(t, a.store)
					checkFindings(t, oracle, c.want...)
					walked := 0
					if err := a.store.ScanGames(t.Context(), 0, math.MaxInt64, false, func([]events.Event) error { walked++; return nil }); err != nil {
						t.Fatal(err)
					}
					// On one worker, on three (runs of games taken in turn by each), and as
					// Verify runs, on every core.
					runs := []struct {
						name   string
						verify func(done func()) (*Verified, error)
					}{
						{"one worker", func(done func()) (*Verified, error) { return a.verify(t.Context(), 1, done) }},
						{"three workers", func(done func()) (*Verified, error) { return a.verify(t.Context(), 3, done) }},
						{"every core", func(done func()) (*Verified, error) { return a.Verify(t.Context(), done) }},
					}
					var first *Verified
					for _, r := range runs {
						steps := 0
						v, err := r.verify(func() { steps++ })
						if err != nil {
							t.Fatal(err)
						}
						if !reflect.DeepEqual(v.Broken, oracle) {
							t.Errorf("on %s verify finds:\n%s\nthe oracle finds:\n%s", r.name, findingLines(v.Broken), findingLines(oracle))
						}
						if first == nil {
							first = v
						} else if v.Games != first.Games || v.Events != first.Events || v.Seal != first.Seal {
							t.Errorf("on %s: %d games, %d events, seal %s; on %s: %d, %d, %s", r.name, v.Games, v.Events, v.Seal, runs[0].name, first.Games, first.Events, first.Seal)
						}
						if steps != walked {
							t.Errorf("on %s the progress moved %d times for %d games walked", r.name, steps, walked)
						}
					}
				})
			}
		})
	}
}

// forger opens the store's database with driver, as another program would, lifts its guards
// with lift, and returns what runs a forger's statements there.
func forger(t testing.TB, driver, dsn string, lift ...string) func(stmts ...string) {
	t.Helper()
	return func(stmts ...string) {
		t.Helper()
		db, err := sql.Open(driver, dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		for _, q := range slices.Concat(lift, stmts) {
			if _, err := db.ExecContext(t.Context(), q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
	}
}

// checkFindings fails unless each of want begins a finding, and there are none if want is.
func checkFindings(t *testing.T, broken []events.Broken, want ...string) {
	t.Helper()
	lines := findingLines(broken)
	if len(want) == 0 && len(broken) != 0 {
		t.Fatalf("a clean store: the oracle finds\n%s", lines)
	}
	for _, w := range want {
		if !strings.HasPrefix(lines, w) && !strings.Contains(lines, "\n"+w) {
			t.Fatalf("the oracle does not find %q; it finds\n%s", w, lines)
		}
	}
}

func findingLines(broken []events.Broken) string {
	var lines []string
	for _, b := range broken {
		lines = append(lines, b.String())
	}
	return strings.Join(lines, "\n")
}
