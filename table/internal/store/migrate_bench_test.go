package store_test

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/table/internal/store"
)

// v1File is a version-1 database of the repository's version-1 file and games more, to n
// games: each a game.created with its match (a match every 30 games) and nine moves, its hash
// chain whole. It is written with plain SQL, as the tableside of version 1 wrote it, and kept
// in the temporary directory for later runs.
func v1File(b *testing.B, n int) string {
	b.Helper()
	path := filepath.Join(os.TempDir(), fmt.Sprintf("tableside-v1-%d.db", n))
	if _, err := os.Stat(path); err == nil {
		return path
	}
	tmp := path + ".part"
	for _, f := range []string{tmp, tmp + "-wal", tmp + "-shm"} {
		os.Remove(f)
	}
	data, err := os.ReadFile("../../../testdata/schema-v1.db")
	if err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		b.Fatal(err)
	}
	db, err := sql.Open("sqlite", store.DSN(tmp, "_pragma=journal_mode(wal)&_pragma=synchronous(off)"))
	if err != nil {
		b.Fatal(err)
	}
	var have int
	if err := db.QueryRow(`SELECT count(*) FROM games`).Scan(&have); err != nil {
		b.Fatal(err)
	}
	tx, err := db.Begin()
	if err != nil {
		b.Fatal(err)
	}
	for id := have + 1; id <= n; id++ {
		c, err := json.Marshal(events.Created{Kind: "pinochle", Players: []string{"ann", "bob"}, Ruleset: "pinochle/1",
			Match: fmt.Sprintf("night %d", id/30)})
		if err != nil {
			b.Fatal(err)
		}
		const at = 1_763_640_000_000
		if _, err := tx.Exec(`INSERT INTO games (id, kind, created_at) VALUES (?, 'pinochle', ?)`, id, at); err != nil {
			b.Fatal(err)
		}
		prev := ""
		for seq := int64(1); seq <= 10; seq++ {
			e := events.Event{Game: int64(id), Seq: seq, Type: "pinochle.pass", Actor: "ann", Payload: []byte(`{}`), At: at}
			if seq == 1 {
				e.Type, e.Actor, e.Payload = events.TypeCreated, "", c
			}
			e.Hash = events.Hash(prev, e)
			prev = e.Hash
			if _, err := tx.Exec(`INSERT INTO events (game, seq, type, actor, payload, at, hash) VALUES (?, ?, ?, ?, ?, ?, ?)`,
				e.Game, e.Seq, e.Type, e.Actor, string(e.Payload), e.At, e.Hash); err != nil {
				b.Fatal(err)
			}
		}
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	if _, err := db.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
		b.Fatal(err)
	}
	if err := db.Close(); err != nil {
		b.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		b.Fatal(err)
	}
	for _, f := range []string{tmp + "-wal", tmp + "-shm"} {
		os.Remove(f)
	}
	return path
}

// BenchmarkMigrateV1 opens a version-1 file of 100,000 games (a million events) with this
// tableside, which migrates it to the current schema in one transaction: the match column
// filled from every game's first event, and its index. Each iteration migrates a fresh copy,
// written to the disk before the clock starts.
func BenchmarkMigrateV1(b *testing.B) {
	const n = 100_000
	data, err := os.ReadFile(v1File(b, n))
	if err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(b.TempDir(), "v1.db")
	for b.Loop() {
		b.StopTimer()
		for _, f := range []string{path + "-wal", path + "-shm"} {
			os.Remove(f)
		}
		f, err := os.Create(path)
		if err == nil {
			_, err = f.Write(data)
		}
		if err == nil {
			err = f.Sync()
		}
		if err == nil {
			err = f.Close()
		}
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		s, err := store.Open(b.Context(), path, testSchema(b))
		if err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		var matched int
		if err := s.DB().QueryRow(`SELECT count(*) FROM games WHERE match <> ''`).Scan(&matched); err != nil || matched < n-100 {
			b.Fatalf("after the migration %d games have their match (%v), want about %d", matched, err, n)
		}
		s.Close()
		b.StartTimer()
	}
}
