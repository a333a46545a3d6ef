package store

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tableside/tableside/events"
)

// findingsOf returns Verify's findings as text, failing the test on an error.
func findingsOf(t *testing.T, s *SQLite) []string {
	t.Helper()
	broken, err := verifyAll(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, b := range broken {
		got = append(got, b.String())
	}
	return got
}

// wantFinding fails unless exactly one finding holds every one of parts.
func wantFinding(t *testing.T, got []string, parts ...string) {
	t.Helper()
	n := 0
	for _, f := range got {
		all := true
		for _, p := range parts {
			all = all && strings.Contains(f, p)
		}
		if all {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d findings hold %q, want 1:\n%s", n, parts, strings.Join(got, "\n"))
	}
}

// The blind spots of a chain alone, each reproduced with plain SQL, are each named.
func TestVerifyNamesWhatTheChainCannotSee(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	s := openStoreAt(t, path)
	for range 4 {
		fillGames(t, s)
	}
	if got := findingsOf(t, s); len(got) != 0 {
		t.Fatalf("a file nobody touched: %q", got)
	}
	tamper(t, path,
		`UPDATE games SET kind = 'pinochle' WHERE id = 1`,
		`UPDATE games SET match = 'autumn', created_at = 5 WHERE id = 2`,
		// a whole game deleted in the middle of the file: its log verified, and it is gone
		`DELETE FROM events WHERE game IN (5, 6)`, `DELETE FROM games WHERE id IN (5, 6)`,
		`DELETE FROM games WHERE id = 8`,
	)
	db := rawDB(t, path)
	for _, q := range []string{
		`DROP TRIGGER events_no_update`,
		`DROP TRIGGER games_no_delete`,
		`CREATE TRIGGER games_no_delete BEFORE DELETE ON games WHEN OLD.id = 1 BEGIN SELECT RAISE(ABORT, 'no'); END`,
		`CREATE TRIGGER quietly AFTER INSERT ON events BEGIN SELECT 1; END`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	got := findingsOf(t, s)
	wantFinding(t, got, "game 1: event 1:", "kind 'pinochle'", "'candidate'")
	wantFinding(t, got, "game 2: event 1:", "match 'autumn'")
	wantFinding(t, got, "game 2: event 1:", "created at 5")
	wantFinding(t, got, "game 5: missing, with every game to 6, between games 4 and 7")
	wantFinding(t, got, "game 8: missing between games 7 and 9")
	wantFinding(t, got, "game 8: event 1:", "no games row")
	wantFinding(t, got, "trigger events_no_update is missing")
	wantFinding(t, got, "trigger games_no_delete is not as tableside made it")
	wantFinding(t, got, "trigger quietly was not made by tableside")
	if len(got) != 9 {
		t.Errorf("%d findings, want 9:\n%s", len(got), strings.Join(got, "\n"))
	}
}

// TestVerifyNamesTheFirstGamesDeleted: games are numbered from 1, so a file that lost its first
// games, whose ids leave no gap between the games that remain, says so.
func TestVerifyNamesTheFirstGamesDeleted(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	s := openStoreAt(t, path)
	fillGames(t, s)
	tamper(t, path, `DELETE FROM events WHERE game = 1`, `DELETE FROM games WHERE id = 1`)
	got := findingsOf(t, s)
	wantFinding(t, got, "game 1: missing, before game 2")
	tamper(t, path, `DELETE FROM events WHERE game = 2`, `DELETE FROM games WHERE id = 2`)
	wantFinding(t, findingsOf(t, s), "game 1: missing, with every game to 2, before game 3")
}

// TestEndsAreTheLastEvents: the file's seal is made of each game's last event, as a walk of
// its log finds it.
func TestEndsAreTheLastEvents(t *testing.T) {
	s := openTestStore(t)
	fillGames(t, s)
	ends, err := s.Ends(t.Context())
	if err != nil || len(ends) == 0 {
		t.Fatal(ends, err)
	}
	for i, h := range ends {
		log, err := s.Load(t.Context(), h.Game)
		if err != nil {
			t.Fatal(err)
		}
		if h.Game != int64(i+1) || h != events.HeadOf(log) {
			t.Errorf("end %d: %+v, the log ends %+v", i, h, events.HeadOf(log))
		}
	}
}

// recompute writes every hash of game again from its stored events, as someone who edits an
// event and hides the edit would.
func recompute(t *testing.T, path string, game int64) {
	t.Helper()
	db := rawDB(t, path)
	rows, err := db.Query(`SELECT game, seq, type, actor, payload, at FROM events WHERE game = ? ORDER BY seq`, game)
	if err != nil {
		t.Fatal(err)
	}
	var log []events.Event
	for rows.Next() {
		var e events.Event
		var payload string
		if err := rows.Scan(&e.Game, &e.Seq, &e.Type, &e.Actor, &payload, &e.At); err != nil {
			t.Fatal(err)
		}
		e.Payload = []byte(payload)
		log = append(log, e)
	}
	rows.Close()
	prev := ""
	var stmts []string
	for _, e := range log {
		prev = events.Hash(prev, e)
		stmts = append(stmts, fmt.Sprintf(`UPDATE events SET hash = '%s' WHERE game = %d AND seq = %d`, prev, e.Game, e.Seq))
	}
	tamper(t, path, stmts...)
}

// A seal from a printed sheet accepts moves recorded after it, and catches what the chain alone
// cannot: the last events removed, and an edit with the chain computed again.
func TestSealCatchesWhatTheChainCannot(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	s := openStoreAt(t, path)
	fillGames(t, s) // games 1 to 3, 5 events each
	load := func(game int64) []events.Event {
		t.Helper()
		log, err := s.Load(t.Context(), game)
		if err != nil {
			t.Fatal(err)
		}
		return log
	}
	seals := map[int64]events.Seal{}
	for game := int64(1); game <= 3; game++ {
		seals[game] = events.SealOf(load(game))
		if seals[game].Events != 5 || len(seals[game].Code) != 12 {
			t.Fatalf("seal of game %d: %+v", game, seals[game])
		}
		if c := events.CheckSeal(load(game), seals[game]); !c.Intact || c.Appended != 0 {
			t.Fatalf("game %d against its own seal: %+v", game, c)
		}
	}

	// game 1 goes on after its sheet was printed
	if _, err := s.Append(t.Context(), 1, 5, []events.Event{move("ann", `{"seq":5}`, 5)}); err != nil {
		t.Fatal(err)
	}
	// game 2 loses its last two events; game 3 has an event changed and its chain written again
	tamper(t, path, `DELETE FROM events WHERE game = 2 AND seq > 3`, `UPDATE events SET payload = '{"seq":30}' WHERE game = 3 AND seq = 3`)
	recompute(t, path, 3)

	if got := findingsOf(t, s); len(got) != 0 {
		t.Fatalf("the chains alone verify, as the tamperer meant: %q", got)
	}
	if c := events.CheckSeal(load(1), seals[1]); !c.Intact || c.Appended != 1 {
		t.Errorf("game 1, one move after its seal: %+v", c)
	}
	if c := events.CheckSeal(load(2), seals[2]); c.Intact || !strings.Contains(c.Reason, "removed") {
		t.Errorf("game 2, its tail removed: %+v", c)
	}
	if c := events.CheckSeal(load(3), seals[3]); c.Intact || !strings.Contains(c.Reason, "rewritten") {
		t.Errorf("game 3, rewritten with a new chain: %+v", c)
	}
}

func TestParseSeal(t *testing.T) {
	s := events.Seal{Events: 152, Code: "7KQ3M2XD9FHA"}
	if s.String() != "152:7KQ3-M2XD-9FHA" {
		t.Fatalf("String() = %q", s.String())
	}
	for _, text := range []string{"152:7KQ3-M2XD-9FHA", " 152 : 7kq3 m2xd 9fha ", "152:7KQ3M2XD9FHA"} {
		if got, err := events.ParseSeal(text); err != nil || got != s {
			t.Errorf("ParseSeal(%q) = %+v, %v", text, got, err)
		}
	}
	if got, err := events.ParseSeal("10:O1IL-0000-0000"); err != nil || got.Code != "0111"+"00000000" {
		t.Errorf("copying slips are read as the digits they look like: %+v, %v", got, err)
	}
	for _, bad := range []string{"", "7KQ3-M2XD-9FHA", "0:7KQ3-M2XD-9FHA", "152:7KQ3-M2XD-9FH", "152:7KQ3-M2XD-9FHU", "x:7KQ3-M2XD-9FHA"} {
		if _, err := events.ParseSeal(bad); err == nil {
			t.Errorf("ParseSeal(%q) took it", bad)
		}
	}
}

// FuzzParseSeal: no text makes ParseSeal panic, and a seal it reads is written back as a seal
// it reads the same.
func FuzzParseSeal(f *testing.F) {
	for _, s := range []string{"152:7KQ3-M2XD-9FHA", " 10 : o1il 0000 0000", "1:", ":", "9223372036854775807:ZZZZZZZZZZZZ", "-1:7KQ3M2XD9FHA", "152:7KQ3-M2XD-9FHÅ"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := events.ParseSeal(text)
		if err != nil {
			return
		}
		back, err := events.ParseSeal(s.String())
		if err != nil || back != s {
			t.Fatalf("%q reads as %+v, written %q, read back %+v (%v)", text, s, s.String(), back, err)
		}
	})
}
