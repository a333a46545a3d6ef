package table

import (
	"database/sql"
	"fmt"
	"io"
	"net"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
	_ "modernc.org/sqlite"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/table/internal/store"
)

// TestABusyFileIsTheCoresOwnError: SQLite's "database is locked" becomes the application's
// Busy, in its own words, which each face maps once; other errors pass as they are.
func TestABusyFileIsTheCoresOwnError(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	holder, err := sql.Open("sqlite", "file:"+path+"?_txlock=immediate")
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	tx, err := holder.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if _, err := tx.Exec(`CREATE TABLE t (x)`); err != nil {
		t.Fatal(err)
	}
	other, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(0)")
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	_, busy := other.Exec(`CREATE TABLE u (y)`)
	if busy == nil {
		t.Fatal("a second writer was not kept out")
	}
	err = Explain(busy)
	if CodeOf(busy) != play.Busy || CodeOf(err) != play.Busy || !strings.Contains(err.Error(), "the file is busy") || HintOf(busy) == "" {
		t.Errorf("%v became %v (code %q)", busy, err, CodeOf(err))
	}
	if plain := sql.ErrNoRows; Explain(plain) != plain || CodeOf(plain) != "" {
		t.Errorf("another error was changed: %v", Explain(plain))
	}
}

// TestALeagueDatabasesTroublesAreTheCoresOwn: PostgreSQL's lock timeout, a database gone and a
// commit whose outcome is unknown each become a code and words of the application's own; only
// the last says the entry may be recorded.
func TestALeagueDatabasesTroublesAreTheCoresOwn(t *testing.T) {
	_, gone := pgconn.Connect(t.Context(), "host="+t.TempDir()+" port=5432 connect_timeout=5")
	for _, tc := range []struct {
		err  error
		code play.Code
		says string
	}{
		{fmt.Errorf("game 3: %w", &pgconn.PgError{Code: "55P03", Message: "canceling statement due to lock timeout"}), play.Busy, "the game is busy"},
		{fmt.Errorf("game 3: %w", gone), play.Unavailable, "not answering; nothing was recorded"},
		{fmt.Errorf("game 3: %w", &pgconn.PgError{Code: "57P01", Message: "terminating connection due to administrator command"}), play.Unavailable, "nothing was recorded"},
		{fmt.Errorf("game 3: %w (%w)", store.ErrInDoubt, io.ErrUnexpectedEOF), play.Unavailable, "may or may not have been recorded"},
	} {
		err := Explain(tc.err)
		if CodeOf(tc.err) != tc.code || !strings.Contains(err.Error(), tc.says) || HintOf(tc.err) == "" {
			t.Errorf("%v became %v (code %q), want %q saying %q", tc.err, err, CodeOf(err), tc.code, tc.says)
		}
	}
	// A failure of the machine's own network, or of the database's rules, is no trouble of
	// a database gone.
	for _, other := range []error{
		fmt.Errorf("game 3: %w", &pgconn.PgError{Code: "23505", Message: "duplicate key"}),
		&net.OpError{Op: "listen", Net: "tcp", Err: syscall.EADDRINUSE},
	} {
		if Explain(other) != other || CodeOf(other) != "" {
			t.Errorf("%v became %v", other, Explain(other))
		}
	}
}
