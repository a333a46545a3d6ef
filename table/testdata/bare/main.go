// Command bare is the floor `tableside record` is measured against (BenchmarkRecordProcess):
// a Go process that opens a tableside database the way the store does, with the same driver
// and pragmas, and inserts one row after game 1's last event, and does nothing else.
package main

import (
	"fmt"
	"os"

	"github.com/tableside/tableside/table/internal/store"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: bare DATABASE")
		os.Exit(2)
	}
	db, err := store.Connect(os.Args[1])
	if err == nil {
		_, err = db.Exec(`INSERT INTO events (game, seq, type, actor, payload, at, hash)
			SELECT 1, max(seq) + 1, 'candidate.pass', 'ann', '{}', 0, printf('%064d', 0)
			FROM events WHERE game = 1`)
		if cerr := db.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "bare:", err)
		os.Exit(1)
	}
}
