// Command scan is the floor `tableside check --all` is measured against: a Go process that opens
// a tableside database as the store does, with the same driver and pragmas, reads every event
// with the query a walk of the file reads (store.ScanQuery: the same columns, no hashes),
// decodes each payload into a map, prints the number of events and does nothing else. Run it
// with GOGC=400, the collector's setting during a walk, to compare like with like.
package main

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"math"
	"os"

	"github.com/tableside/tableside/table/internal/store"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: scan DATABASE")
		os.Exit(2)
	}
	db, err := store.Connect(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "scan:", err)
		os.Exit(1)
	}
	n, err := scan(db)
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "scan:", err)
		os.Exit(1)
	}
	fmt.Println(n)
}

// scan reads and decodes every event, and counts them.
func scan(db *sql.DB) (int, error) {
	rows, err := db.Query(store.ScanQuery, 0, math.MaxInt64)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	var game, seq, at int64
	var typ, actor string
	var payload []byte
	n := 0
	for rows.Next() {
		if err := rows.Scan(&game, &seq, &typ, &actor, &payload, &at); err != nil {
			return n, err
		}
		var v map[string]any
		if err := json.Unmarshal(payload, &v); err != nil {
			return n, err
		}
		n++
	}
	return n, rows.Err()
}
