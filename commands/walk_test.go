package commands

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"iter"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/internal/needs"
	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/kinds"
	"github.com/tableside/tableside/referee/refereetest"
	"github.com/tableside/tableside/table"
)

// season writes n generated games of every kind into dir's database.
func season(t *testing.T, dir string, n int) {
	t.Helper()
	var rules []referee.Rules
	for _, k := range play.Kinds() {
		r, ok := kinds.All()[k]
		if !ok {
			t.Fatalf("no engine of %s", k)
		}
		rules = append(rules, r)
	}
	storeLogs(t, filepath.Join(dir, "t.db"), refereetest.Season(t, rules, n, 7))
}

// storeLogs records logs into the database at path as `import` records an export: each with
// its hash chain, so that nothing is doubted and each is stored as it is.
func storeLogs(tb testing.TB, path string, logs iter.Seq[[]events.Event]) {
	tb.Helper()
	a, err := table.Open(context.Background(), path, testSchema(tb))
	if err != nil {
		tb.Fatal(err)
	}
	defer a.Close()
	var file bytes.Buffer
	for log := range logs {
		prev := ""
		for i := range log {
			log[i].Hash = events.Hash(prev, log[i])
			prev = log[i].Hash
		}
		if err := table.JSONL(&file, log); err != nil {
			tb.Fatal(err)
		}
	}
	err = a.ImportLogs(context.Background(), "generated.jsonl", &file, func(r table.ImportResult) error {
		if r.Err != nil || len(r.Warnings) > 0 {
			return fmt.Errorf("line %d: %v %v", r.Line, r.Err, r.Warnings)
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
}

// TestParallelCheckPrintsWhatSerialPrints: check --all replays games on several cores at once
// and still prints, byte for byte, what one core prints, in text and in JSON.
func TestParallelCheckPrintsWhatSerialPrints(t *testing.T) {
	dir := t.TempDir()
	season(t, dir, 60)
	for _, format := range []string{"text", "json"} {
		out := map[string][]byte{}
		for _, jobs := range []string{"1", "4"} {
			b, err := needs.Output(t, tablesideCmd(t, dir, "check", "--all", "--jobs", jobs, "--format", format))
			if ee := (*exec.ExitError)(nil); err != nil && !(errors.As(err, &ee) && ee.ExitCode() == 1) {
				t.Fatalf("check --all --jobs %s: %v", jobs, err)
			}
			out[jobs] = b
		}
		if !bytes.Equal(out["1"], out["4"]) {
			t.Errorf("%s: four workers printed\n%s\none printed\n%s", format, out["4"], out["1"])
		}
		if n := strings.Count(string(out["1"]), `"game":`) + strings.Count(string(out["1"]), "open flag"); n != 60 {
			t.Errorf("%s: %d games checked, want 60", format, n)
		}
		if !strings.Contains(string(out["1"]), "event ") && format == "text" {
			t.Errorf("no game has a flag: the season tests too little\n%s", out["1"])
		}
	}
}
