package table

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/internal/needs"
	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee/pinochle"
	"github.com/tableside/tableside/referee/refereetest"
	"github.com/tableside/tableside/table/internal/store"
)

// BenchmarkStores measures the two stores on the same work at a league's size: the 10,000-game
// season file (a copy of it), and the same games copied into a throwaway PostgreSQL database on
// this machine's socket, which waits for the disk at every commit as a league's does (the file
// writes its commit to the system at once and flushes it at checkpoints: synchronous=NORMAL). On each, check --all (EachGame and each game's Checked, every core), and
// recording a move into a 400-event game of Pinochle stored beside the season: load, replay,
// judge, append, a fresh game each iteration (stored untimed).
func BenchmarkStores(b *testing.B) {
	ctx := context.Background()
	schema := testSchema(b)
	season := seasonFile(b, 10_000)
	file := filepath.Join(b.TempDir(), "season.db")
	copyFile(b, season, file)
	club, err := Open(ctx, file, schema)
	if err != nil {
		b.Fatal(err)
	}
	defer club.Close()
	league, err := Open(ctx, needs.DurablePostgres(b).Database(b), schema)
	if err != nil {
		b.Fatal(err)
	}
	defer league.Close()
	t0 := time.Now()
	copySeason(b, club, league)
	b.Logf("copied 10,000 games into PostgreSQL in %v", time.Since(t0).Round(time.Second))

	setup, moves := pinochle.Playout(rand.New(rand.NewPCG(5, 5)), map[string]string{"deal": "automatic", "opening": "10", "limit": "400"})
	log := refereetest.Log(b, setup, moves[:399])
	for _, st := range []struct {
		name string
		app  *App
	}{{"sqlite", club}, {"postgres", league}} {
		b.Run(st.name+"/check-all", func(b *testing.B) {
			n, err := st.app.CountGames(ctx)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				audit(b, st.app, 0, n)
			}
			b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "games/s")
		})
		b.Run(st.name+"/record-into-400", func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				res, err := st.app.store.CreateMany(ctx, []store.NewGame{{Events: log}})
				if err != nil || res[0].Err != nil {
					b.Fatal(err, res)
				}
				b.StartTimer()
				g, err := st.app.Game(ctx, res[0].Game)
				if err != nil {
					b.Fatal(err)
				}
				words, _, _, err := play.Words(notationOf(g, moves[399]))
				if err != nil {
					b.Fatal(err)
				}
				if _, err := st.app.Record(ctx, g, words, RecordOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// copyFile copies the database file from to to.
func copyFile(b *testing.B, from, to string) {
	b.Helper()
	src, err := os.Open(from)
	if err != nil {
		b.Fatal(err)
	}
	defer src.Close()
	dst, err := os.Create(to)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := io.Copy(dst, src); err != nil {
		b.Fatal(err)
	}
	if err := dst.Close(); err != nil {
		b.Fatal(err)
	}
}

// copySeason stores every game of from in to, many to a transaction, as an import does.
func copySeason(b *testing.B, from, to *App) {
	b.Helper()
	add, flush := inBatches(b, to.store)
	err := from.store.ScanGames(context.Background(), 0, maxGame, false, func(log []events.Event) error {
		for i := range log {
			log[i].Payload = bytes.Clone(log[i].Payload) // the scanner may reuse its buffers
		}
		add(log)
		return nil
	})
	if err != nil && !errors.Is(err, io.EOF) {
		b.Fatal(fmt.Errorf("copying the season: %w", err))
	}
	flush()
}
