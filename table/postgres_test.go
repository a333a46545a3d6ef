package table

import (
	"bytes"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/internal/needs"
	"github.com/tableside/tableside/play"
)

// TestOpenPostgres: a postgres:// URL opens the application on a PostgreSQL database, where
// games are created, played, refused for their match and verified as in a file, and a second
// opening sees them.
func TestOpenPostgres(t *testing.T) {
	dsn := needs.Postgres(t).Database(t)
	open := func() *App {
		a, err := Open(t.Context(), dsn, testSchema(t))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { a.Close() })
		return a
	}
	a := open()
	if !strings.HasPrefix(a.Path(), "postgres://") {
		t.Errorf("the database is named %q", a.Path())
	}
	g, err := a.New(t.Context(), Setup{Kind: "pinochle", Players: []string{"ann", "bob"}, Opener: "ann", Match: "pin night"})
	if err != nil {
		t.Fatal(err)
	}
	played := playMoves(t, a, g.ID(), pinochleLead...)
	_, err = a.New(t.Context(), Setup{Kind: "candidate", Players: []string{"ann", "bob"}, Dealer: "bob", Match: "pin night"})
	if CodeOf(err) != play.Invalid || !strings.Contains(err.Error(), `match "pin night" is a match of pinochle, not candidate`) {
		t.Errorf("a candidate game in a pinochle match: %v (code %q)", err, CodeOf(err))
	}
	b := open()
	again, err := b.Game(t.Context(), g.ID())
	if err != nil {
		t.Fatal(err)
	}
	if again.Len() != played.Len() || again.Log()[again.Len()-1].Hash != played.Log()[played.Len()-1].Hash {
		t.Errorf("another handle reads %d events, want %d, ending in the same hash", again.Len(), played.Len())
	}
	v, err := b.Verify(t.Context(), func() {})
	if err != nil || len(v.Broken) != 0 || v.Games != 1 {
		t.Errorf("verify: %+v (%v)", v, err)
	}
}

// TestOpenPathIsAFile: only a postgres:// or postgresql:// URL names PostgreSQL; any other
// path, one with postgres in its name included, is a SQLite file.
func TestOpenPathIsAFile(t *testing.T) {
	for _, name := range []string{"postgres.db", "postgres:", "postgresql"} {
		path := filepath.Join(t.TempDir(), name)
		a, err := Open(t.Context(), path, testSchema(t))
		if err != nil {
			t.Fatal(err)
		}
		if a.Path() != path {
			t.Errorf("%s opened as %s", path, a.Path())
		}
		a.Close()
	}
	for path, want := range map[string]bool{
		"postgres://u@h/db": true, "postgresql://h/db": true, "postgres.db": false, "./postgres://x": false, "tableside.db": false,
	} {
		if IsPostgres(path) != want {
			t.Errorf("IsPostgres(%q) = %v", path, !want)
		}
	}
}

// TestASeasonMovesIntoPostgres: a club's file exported as JSON lines and imported into a
// league's PostgreSQL database keeps every chain and seal: the file's seal is the same, the
// export from PostgreSQL is the SQLite export byte for byte, verify finds nothing, and the
// season's statistics are the same.
func TestASeasonMovesIntoPostgres(t *testing.T) {
	club, _ := statsFile(t)
	export := func(a *App) []byte {
		t.Helper()
		var b bytes.Buffer
		if err := a.EachLog(t.Context(), "", func(log []events.Event) error { return JSONL(&b, log) }); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	season := export(club)

	league, err := Open(t.Context(), needs.Postgres(t).Database(t), testSchema(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { league.Close() })
	imported := 0
	err = league.ImportLogs(t.Context(), "season.jsonl", bytes.NewReader(season), func(r ImportResult) error {
		if r.Err != nil || len(r.Warnings) > 0 {
			t.Errorf("the game at line %d: %v %v", r.Line, r.Err, r.Warnings)
		}
		imported++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := bytes.Count(season, []byte(`"type":"game.created"`)); imported != want {
		t.Fatalf("imported %d games of %d", imported, want)
	}

	if got := export(league); !bytes.Equal(got, season) {
		t.Errorf("the export from PostgreSQL differs from the club's: %d bytes against %d", len(got), len(season))
	}
	clubSeal, err := club.FileSeal(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	leagueSeal, err := league.FileSeal(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if clubSeal != leagueSeal {
		t.Errorf("the file's seal %s became %s", clubSeal, leagueSeal)
	}
	if v, err := league.Verify(t.Context(), func() {}); err != nil || len(v.Broken) != 0 {
		t.Errorf("verify in PostgreSQL: %+v (%v)", v, err)
	}
	clubStats, err := club.Stats(t.Context(), StatsFilter{}, Walk{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	leagueStats, err := league.Stats(t.Context(), StatsFilter{}, Walk{}, nil)
	if err != nil || !reflect.DeepEqual(clubStats, leagueStats) {
		t.Errorf("the season's statistics differ in PostgreSQL (%v)", err)
	}
}

// TestPairingFromTwoServersMakesEachGameOnce: eight terminals of two servers over one
// PostgreSQL database, pairing round 1 of a 24-player night at once, make its twelve games once.
func TestPairingFromTwoServersMakesEachGameOnce(t *testing.T) {
	dsn := needs.Postgres(t).Database(t)
	var apps []*App
	for range 2 {
		a, err := Open(t.Context(), dsn, testSchema(t))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { a.Close() })
		apps = append(apps, a)
	}
	tg, err := apps[0].NewTournament(t.Context(), TournamentSetup{Name: "big night", Game: "pinochle", Rounds: 3, Players: players24()})
	if err != nil {
		t.Fatal(err)
	}
	pairAtOnce(t, tg.ID(), apps...)
}
