package store_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/table/internal/store"
	"github.com/tableside/tableside/table/internal/store/storetest"
)

// findingsOf returns Verify's findings as text, failing the test on an error.
func findingsOf(t *testing.T, s *store.SQLite) []string {
	t.Helper()
	var got []string
	for _, b := range storetest.Findings(t, s) {
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

// TestVerifyHoldsTriggersToSchemaSQL: SQLite's VerifyFile holds every trigger to schema.sql's
// text, so a guard replaced by a weaker one of the same name, and a trigger added, are named
// too. (The suite checks a guard lifted, which every store names; PostgreSQL's verify looks
// for its triggers by name only.)
func TestVerifyHoldsTriggersToSchemaSQL(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	s := openStoreAt(t, path)
	newGame(t, s)
	db := rawDB(t, path)
	for _, q := range []string{
		`DROP TRIGGER games_no_delete`,
		`CREATE TRIGGER games_no_delete BEFORE DELETE ON games WHEN OLD.id = 1 BEGIN SELECT RAISE(ABORT, 'no'); END`,
		`CREATE TRIGGER quietly AFTER INSERT ON events BEGIN SELECT 1; END`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	got := findingsOf(t, s)
	wantFinding(t, got, "trigger games_no_delete is not as tableside made it")
	wantFinding(t, got, "trigger quietly was not made by tableside")
	if len(got) != 2 {
		t.Errorf("%d findings, want 2:\n%s", len(got), strings.Join(got, "\n"))
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
