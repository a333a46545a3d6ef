package table

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/refereetest"
	"github.com/tableside/tableside/table/internal/store"
)

// seasonFile is a database of n generated games of every kind in turn (refereetest.Season:
// whole games, a third of them with corrections), built on first use and kept in the temporary
// directory for later runs, since 10,000 games take minutes to generate.
func seasonFile(b *testing.B, n int) string {
	return cachedFile(b, fmt.Sprintf("tableside-season-%d-v1.db", n), func(add func([]events.Event)) {
		for log := range refereetest.Season(b, allRules(b), n, 11) {
			for i := range log {
				log[i].At = 1_763_640_000_000 + int64(i)
			}
			add(log)
		}
	})
}

// allRules is every engine, in the order play.Kinds lists them.
func allRules(b *testing.B) []referee.Rules {
	var rules []referee.Rules
	for _, k := range play.Kinds() {
		r, err := play.RulesOf(k)
		if err != nil {
			b.Fatal(err)
		}
		rules = append(rules, r)
	}
	return rules
}

// cachedFile is a database in the temporary directory named name, which fill stores games in
// (add stores one, many to a transaction) the first time it is asked for; later runs find it
// there. It is written under another name and renamed once whole, so that a run stopped half
// way leaves nothing that looks finished.
func cachedFile(b *testing.B, name string, fill func(add func([]events.Event))) string {
	b.Helper()
	path := filepath.Join(os.TempDir(), name)
	if _, err := os.Stat(path); err == nil {
		return path
	}
	tmp := path + ".part"
	for _, f := range []string{tmp, tmp + "-wal", tmp + "-shm"} {
		os.Remove(f)
	}
	st, err := store.Open(context.Background(), tmp, testSchema(b))
	if err != nil {
		b.Fatal(err)
	}
	add, flush := inBatches(b, st)
	fill(add)
	flush()
	if err := st.Close(); err != nil {
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

// inBatches stores games in st many to a transaction, as an import does: add stores one, and
// flush what is left.
func inBatches(b *testing.B, st store.Store) (add func([]events.Event), flush func()) {
	var batch []store.NewGame
	flush = func() {
		res, err := st.CreateMany(context.Background(), batch)
		if err != nil {
			b.Fatal(err)
		}
		for _, r := range res {
			if r.Err != nil {
				b.Fatal(r.Err)
			}
		}
		batch = batch[:0]
	}
	add = func(log []events.Event) {
		if batch = append(batch, store.NewGame{Events: log}); len(batch) == importBatchGames {
			flush()
		}
	}
	return add, flush
}

// BenchmarkCheckAll measures the audit of a whole file (what `check --all` does: EachGame, each
// game's Checked) against its limit: merely reading the same rows, with the same query and the
// same columns (no hashes, as the walk reads none), and JSON-decoding each payload, on one core.
// Each iteration runs the limit, the audit on one core and the audit on every core, one after
// the other, and reports events/s for each and each audit's ratio to the limit (above 1: faster
// than the limit).
func BenchmarkCheckAll(b *testing.B) {
	for _, n := range []int{1_000, 10_000} {
		b.Run(fmt.Sprintf("games=%d", n), func(b *testing.B) {
			a, err := Open(context.Background(), seasonFile(b, n), testSchema(b))
			if err != nil {
				b.Fatal(err)
			}
			defer a.Close()
			total, err := a.store.CountEvents(context.Background())
			if err != nil {
				b.Fatal(err)
			}
			var limit, oneCore, everyCore time.Duration
			for b.Loop() {
				t0 := time.Now()
				scanAndDecode(b, a, total)
				t1 := time.Now()
				audit(b, a, 1, n)
				t2 := time.Now()
				audit(b, a, 0, n)
				t3 := time.Now()
				limit, oneCore, everyCore = limit+t1.Sub(t0), oneCore+t2.Sub(t1), everyCore+t3.Sub(t2)
			}
			rate := func(d time.Duration) float64 { return float64(total*b.N) / d.Seconds() }
			b.ReportMetric(rate(limit), "limit-events/s")
			b.ReportMetric(rate(oneCore), "one-core-events/s")
			b.ReportMetric(rate(everyCore), "every-core-events/s")
			b.ReportMetric(rate(oneCore)/rate(limit), "one-core/limit")
			b.ReportMetric(rate(everyCore)/rate(limit), "every-core/limit")
		})
	}
}

// scanAndDecode reads every event of the file as a walk for a replay reads it (Scan: the
// walk's query and columns, through the same scanner), decodes its payload, and does nothing
// else. It runs with the garbage collector set as a walk sets it, so that the two compare
// fairly.
func scanAndDecode(b *testing.B, a *App, want int) {
	defer lessGC()()
	n := 0
	err := a.store.Scan(context.Background(), func(e events.Event) error {
		n++
		var v map[string]any
		return json.Unmarshal(e.Payload, &v)
	})
	if err != nil || n != want {
		b.Fatal(err, n)
	}
}

// audit checks every game as check --all does, with so many workers.
func audit(b *testing.B, a *App, workers, want int) {
	n := 0
	err := a.EachGame(context.Background(), Walk{Workers: workers}, func(g *play.Game, _ string) error {
		n++
		g.Checked()
		return nil
	})
	if err != nil || n != want {
		b.Fatal(err, n)
	}
}

// BenchmarkImportSeason imports the 1,000-game season as one JSON-lines file (what `import`
// does: ImportLogs) into a new database, and in the same iteration inserts the same rows into
// another new database with SQLite's own batched inserts (prepared statements, a transaction
// every importBatchEvents events), the limit an import is measured against. It reports
// events/s for both and their ratio.
func BenchmarkImportSeason(b *testing.B) {
	ctx := context.Background()
	src, err := Open(ctx, seasonFile(b, 1_000), testSchema(b))
	if err != nil {
		b.Fatal(err)
	}
	var file bytes.Buffer
	var rows []events.Event
	err = src.EachLog(ctx, "", func(log []events.Event) error {
		rows = append(rows, log...)
		return JSONL(&file, log)
	})
	src.Close()
	if err != nil {
		b.Fatal(err)
	}
	var importing, inserting time.Duration
	for b.Loop() {
		dir := b.TempDir()
		a, err := Open(ctx, filepath.Join(dir, "import.db"), testSchema(b))
		if err != nil {
			b.Fatal(err)
		}
		t0 := time.Now()
		games := 0
		err = a.ImportLogs(ctx, "season.jsonl", bytes.NewReader(file.Bytes()), func(r ImportResult) error {
			games++
			return r.Err
		})
		importing += time.Since(t0)
		a.Close()
		if err != nil || games != 1_000 {
			b.Fatal(err, games)
		}
		t1 := time.Now()
		insertRows(b, filepath.Join(dir, "insert.db"), rows)
		inserting += time.Since(t1)
	}
	rate := func(d time.Duration) float64 { return float64(len(rows)*b.N) / d.Seconds() }
	b.ReportMetric(rate(importing), "import-events/s")
	b.ReportMetric(rate(inserting), "insert-events/s")
	b.ReportMetric(rate(importing)/rate(inserting), "import/insert")
}

// insertRows writes rows (whole games in order, their hashes already made) into a new database
// of the same schema as plainly as SQLite allows: prepared inserts, a transaction every
// importBatchEvents rows.
func insertRows(b *testing.B, path string, rows []events.Event) {
	st, err := store.Open(context.Background(), path, testSchema(b))
	if err != nil {
		b.Fatal(err)
	}
	st.Close()
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=synchronous(NORMAL)&_pragma=busy_timeout(5000)")
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	var tx *sql.Tx
	var game, event *sql.Stmt
	for i, e := range rows {
		if i%importBatchEvents == 0 {
			if tx != nil {
				if err := tx.Commit(); err != nil {
					b.Fatal(err)
				}
			}
			if tx, err = db.Begin(); err != nil {
				b.Fatal(err)
			}
			game, _ = tx.Prepare(`INSERT INTO games (id, kind, created_at, match) VALUES (?, ?, ?, '')`)
			event, _ = tx.Prepare(`INSERT INTO events (game, seq, type, actor, payload, at, hash) VALUES (?, ?, ?, ?, ?, ?, ?)`)
		}
		if e.Seq == 1 {
			if _, err := game.Exec(e.Game, "candidate", e.At); err != nil {
				b.Fatal(err)
			}
		}
		if _, err := event.Exec(e.Game, e.Seq, e.Type, e.Actor, string(e.Payload), e.At, e.Hash); err != nil {
			b.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkVerify checks a whole season file as `verify` does (App.Verify: the schema, the
// games rows, and every hash chain on every core), against the same on one core.
func BenchmarkVerify(b *testing.B) {
	for _, n := range []int{1_000, 10_000} {
		b.Run(fmt.Sprintf("games=%d", n), func(b *testing.B) {
			a, err := Open(b.Context(), seasonFile(b, n), testSchema(b))
			if err != nil {
				b.Fatal(err)
			}
			defer a.Close()
			total, err := a.store.CountEvents(b.Context())
			if err != nil {
				b.Fatal(err)
			}
			var everyCore, oneCore time.Duration
			for b.Loop() {
				t0 := time.Now()
				if v, err := a.Verify(b.Context(), nil); err != nil || len(v.Broken) != 0 {
					b.Fatal(err, v)
				}
				t1 := time.Now()
				if v, err := a.verify(b.Context(), 1, nil); err != nil || len(v.Broken) != 0 {
					b.Fatal(err, v)
				}
				everyCore, oneCore = everyCore+t1.Sub(t0), oneCore+time.Since(t1)
			}
			rate := func(d time.Duration) float64 { return float64(total*b.N) / d.Seconds() }
			b.ReportMetric(rate(everyCore), "events/s")
			b.ReportMetric(rate(oneCore), "one-core-events/s")
		})
	}
}
