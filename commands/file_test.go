package commands

import (
	"bytes"
	"database/sql"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// runOn runs the command line in process on the database at db.
func runOn(t *testing.T, db string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errs bytes.Buffer
	code = Run(testSchema(t), append([]string{"tableside", "--db", db}, args...), strings.NewReader(""), &out, &errs)
	return code, out.String(), errs.String()
}

var fileSealRE = regexp.MustCompile(`file seal (\d+:[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}) \((\d+) games?\)`)

// TestTheFileSealCatchesARemovedGame: the file's seal, as games, verify and a season export
// print it, tells later that a game was removed, the first, a middle or the last one alike,
// and that games created since do not matter.
func TestTheFileSealCatchesARemovedGame(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "club.db")
	for range 3 {
		if code, _, errs := runOn(t, db, "new", "candidate", "--players", "ann,bob", "--dealer", "bob"); code != 0 {
			t.Fatal(errs)
		}
	}
	_, games, _ := runOn(t, db, "games")
	_, verified, _ := runOn(t, db, "verify")
	_, _, exported := runOn(t, db, "export", "--all")
	var seals []string
	for _, out := range []string{games, verified, exported} {
		m := fileSealRE.FindStringSubmatch(out)
		if m == nil || m[2] != "3" {
			t.Fatalf("no seal of 3 games in:\n%s", out)
		}
		seals = append(seals, m[1])
	}
	if seals[0] != seals[1] || seals[1] != seals[2] {
		t.Fatalf("games, verify and export print different seals: %q", seals)
	}
	seal := seals[0]
	if code, out, errs := runOn(t, db, "verify", "--seal", seal); code != 0 || !strings.Contains(out, "holds its 3 games as they were") {
		t.Fatalf("the untouched file: %d\n%s%s", code, out, errs)
	}
	runOn(t, db, "new", "candidate", "--players", "ann,bob", "--dealer", "bob")
	if code, out, _ := runOn(t, db, "verify", "--seal", seal); code != 0 || !strings.Contains(out, "1 game created since") {
		t.Errorf("a game created since: %d\n%s", code, out)
	}
	data, err := os.ReadFile(db)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ removed, says string }{
		{"game = 1", "game 1 is missing"},
		{"game = 2", "game 2 is missing"},
		{"game >= 3", "games 3 to 3 were removed"}, // the last when sealed, and the one since
	} {
		copyDB := filepath.Join(dir, strings.NewReplacer(" ", "", "=", "", ">", "").Replace(tc.removed)+".db")
		if err := os.WriteFile(copyDB, data, 0o644); err != nil {
			t.Fatal(err)
		}
		raw, err := sql.Open("sqlite", "file:"+copyDB)
		if err != nil {
			t.Fatal(err)
		}
		_, err = raw.Exec(`DROP TRIGGER events_no_delete; DROP TRIGGER games_no_delete;
			DELETE FROM events WHERE ` + tc.removed + `; DELETE FROM games WHERE id IN (SELECT id FROM games WHERE ` + strings.Replace(tc.removed, "game", "id", 1) + `)`)
		raw.Close()
		if err != nil {
			t.Fatal(err)
		}
		if code, out, errs := runOn(t, copyDB, "verify", "--seal", seal); code != 1 || !strings.Contains(out, tc.says) || !strings.Contains(errs, "no longer matches its seal") {
			t.Errorf("%s removed: %d\n%s%s", tc.removed, code, out, errs)
		}
	}
}

// TestASealOfADeletedGameIsAFinding: a sheet's seal for a game the file no longer holds is a
// finding about the file (exit 1), not a mistyped command (exit 2).
func TestASealOfADeletedGameIsAFinding(t *testing.T) {
	db := filepath.Join(t.TempDir(), "club.db")
	if code, _, errs := runOn(t, db, "new", "candidate", "--players", "ann,bob", "--dealer", "bob"); code != 0 {
		t.Fatal(errs)
	}
	code, _, errs := runOn(t, db, "verify", "7", "--seal", "3:0000-0000-0000")
	if code != 1 || !strings.Contains(errs, "yet a sheet of it was sealed 3:0000-0000-0000") {
		t.Errorf("exit %d:\n%s", code, errs)
	}
	if code, _, _ := runOn(t, db, "verify", "7"); code != 2 {
		t.Errorf("verify of a game never made, without a seal: exit %d, want 2", code)
	}
}

// TestABusyFileIsSaidInTheCoresWords: while another program holds the file past the busy
// timeout, a move is refused in the application's words, not SQLite's, and nothing is recorded.
func TestABusyFileIsSaidInTheCoresWords(t *testing.T) {
	db := filepath.Join(t.TempDir(), "club.db")
	if code, _, errs := runOn(t, db, "new", "pinochle", "--players", "ann,bob", "--opener", "ann"); code != 0 {
		t.Fatal(errs)
	}
	other, err := sql.Open("sqlite", "file:"+db+"?_txlock=immediate")
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	tx, err := other.Begin()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(`INSERT INTO games (kind, created_at) VALUES ('pinochle', 1)`); err != nil {
		t.Fatal(err)
	}
	code, _, errs := runOn(t, db, "record", "1", "ann", "bid", "12")
	tx.Rollback()
	if code != 1 || !strings.Contains(errs, "error: the file is busy") || !strings.Contains(errs, "hint: try again") || strings.Contains(errs, "database is locked") {
		t.Errorf("exit %d:\n%s", code, errs)
	}
	if _, out, _ := runOn(t, db, "log", "1"); strings.Contains(out, "bid") {
		t.Errorf("a move was recorded:\n%s", out)
	}
}
