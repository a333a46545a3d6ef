package store_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/internal/needs"
	"github.com/tableside/tableside/table/internal/store"
	"github.com/tableside/tableside/table/internal/store/storetest"
)

// appendAll appends n events {"writer":writer,"n":i} to game one at a time, as a terminal at
// the table does: it remembers the last seq it saw and, when someone else recorded first,
// reloads and tries again. It counts the conflicts it meets in *conflicts, and waits pause
// after each append, as a player would, so that other writers get in between.
func appendAll(ctx context.Context, s *store.SQLite, game int64, writer string, n int, pause time.Duration, conflicts *int) error {
	return appendFrom(ctx, s, game, writer, 0, n, pause, conflicts)
}

// appendOne appends writer's event number i, as appendAll would.
func appendOne(ctx context.Context, s *store.SQLite, game int64, writer string, i int) error {
	return appendFrom(ctx, s, game, writer, i, i+1, 0, nil)
}

func appendFrom(ctx context.Context, s *store.SQLite, game int64, writer string, from, to int, pause time.Duration, conflicts *int) error {
	evs, err := s.Load(ctx, game)
	if err != nil {
		return err
	}
	last := evs[len(evs)-1].Seq
	for i := from; i < to; {
		p := fmt.Sprintf(`{"writer":%q,"n":%d}`, writer, i)
		stored, err := s.Append(ctx, game, last, []events.Event{{Type: "test.write", Actor: writer, Payload: json.RawMessage(p), At: int64(i)}})
		if errors.Is(err, store.ErrConflict) {
			if conflicts != nil {
				*conflicts++
			}
			evs, err := s.Load(ctx, game)
			if err != nil {
				return err
			}
			last = evs[len(evs)-1].Seq
			continue
		}
		if err != nil {
			return fmt.Errorf("writer %s, event %d: %w", writer, i, err)
		}
		last = stored[0].Seq
		i++
		time.Sleep(pause)
	}
	return nil
}

// checkWriters fails unless game holds its created event followed by each writer's n events,
// every one exactly once, with seqs 1…1+writers*each and an intact chain.
func checkWriters(t *testing.T, s *store.SQLite, game int64, writers, each int) {
	t.Helper()
	evs, err := s.Load(t.Context(), game)
	if err != nil {
		t.Fatal(err)
	}
	if len(evs) != 1+writers*each {
		t.Fatalf("%d events, want %d", len(evs), 1+writers*each)
	}
	checkChain(t, game, evs)
	seen := map[string]bool{}
	for _, e := range evs[1:] {
		var p struct {
			Writer string `json:"writer"`
			N      int    `json:"n"`
		}
		if err := json.Unmarshal(e.Payload, &p); err != nil {
			t.Fatal(err)
		}
		key := fmt.Sprintf("%s/%d", p.Writer, p.N)
		if seen[key] {
			t.Fatalf("%s recorded twice", key)
		}
		seen[key] = true
	}
	if len(seen) != writers*each {
		t.Fatalf("%d distinct events, want %d", len(seen), writers*each)
	}
	broken, err := storetest.Verify(t.Context(), s)
	if err != nil || len(broken) != 0 {
		t.Fatalf("Verify = %v, %v", broken, err)
	}
}

// Environment of a helper process started by TestTwoProcessesAppend.
const (
	envWriter = "TABLESIDE_EVENTS_TEST_WRITER"
	envDB     = "TABLESIDE_EVENTS_TEST_DB"
	envGame   = "TABLESIDE_EVENTS_TEST_GAME"
	envStart  = "TABLESIDE_EVENTS_TEST_START"
)

const helperEvents = 100

// TestHelperProcess is not a test: TestTwoProcessesAppend runs the test binary again with it
// to get a second writer process.
func TestHelperProcess(t *testing.T) {
	writer := os.Getenv(envWriter)
	if writer == "" {
		t.Skip("runs only as a writer process of TestTwoProcessesAppend")
	}
	game, err := strconv.ParseInt(os.Getenv(envGame), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	s, err := store.Open(t.Context(), os.Getenv(envDB), testSchema(t))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	// Start together with the other writer, so that they really do race.
	needs.Wait(t, "the word to start", func() bool {
		_, err := os.Stat(os.Getenv(envStart))
		return err == nil
	})
	conflicts := 0
	if err := appendAll(t.Context(), s, game, writer, helperEvents, 200*time.Microsecond, &conflicts); err != nil {
		t.Fatal(err)
	}
	fmt.Printf("writer %s: %d conflicts\n", writer, conflicts)
}

func TestTwoProcessesAppend(t *testing.T) {
	if testing.Short() {
		t.Skip("starts two processes")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "shared.db")
	s := openStoreAt(t, path)
	game, _ := newGame(t, s)
	start := filepath.Join(dir, "start")

	writers := []string{"a", "b"}
	var wg sync.WaitGroup
	outs := make([]strings.Builder, len(writers))
	errs := make([]error, len(writers))
	cmds := make([]*exec.Cmd, len(writers))
	for i, w := range writers {
		cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$", "-test.count=1", "-test.v")
		cmd.Env = append(os.Environ(),
			envWriter+"="+w, envDB+"="+path, envGame+"="+strconv.FormatInt(game, 10), envStart+"="+start)
		cmd.Stdout = &outs[i]
		cmd.Stderr = &outs[i]
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds[i] = cmd
	}
	if err := os.WriteFile(start, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for i := range cmds {
		wg.Go(func() { errs[i] = cmds[i].Wait() })
	}
	wg.Wait()
	for i, w := range writers {
		if errs[i] != nil {
			t.Fatalf("writer %s: %v\n%s", w, errs[i], outs[i].String())
		}
		for _, line := range strings.Split(outs[i].String(), "\n") {
			if strings.HasPrefix(line, "writer ") {
				t.Log(line)
			}
		}
	}
	checkWriters(t, s, game, len(writers), helperEvents)
}
