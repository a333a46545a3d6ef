package commands

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tableside/tableside/internal/needs"
)

// tablesideCmd prepares the test binary to run as the tableside command in dir, on dir's
// database: TestMain runs it as tableside when it is called by that name.
func tablesideCmd(t *testing.T, dir string, args ...string) *exec.Cmd {
	t.Helper()
	bin := filepath.Join(dir, "tableside")
	if _, err := os.Lstat(bin); err != nil {
		exe, err := os.Executable()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(exe, bin); err != nil {
			t.Fatal(err)
		}
	}
	schema, err := filepath.Abs("../schema.sql")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "TABLESIDE_SCHEMA="+schema, "TABLESIDE_DB="+filepath.Join(dir, "t.db"), "HOME="+dir)
	return cmd
}

// run runs tableside to the end and returns its output, failing the test if it fails.
func run(t *testing.T, dir string, args ...string) string {
	t.Helper()
	out, err := needs.CombinedOutput(t, tablesideCmd(t, dir, args...))
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	return string(out)
}

// TestTypedMoveKeepsItsAuthorAcrossProcesses: at a prompt showing that ann is to lead, "9S" is
// ann's card. If another terminal records ann's lead while the prompt waits, the 9S is refused
// as out of turn — not recorded as bob's card — and the log keeps only the other terminal's move.
func TestTypedMoveKeepsItsAuthorAcrossProcesses(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, "new", "pinochle", "--players", "ann,bob", "--opener", "ann")
	for _, m := range []string{"ann bid 15", "bob pass", "trump H", "ann meld AH TH KH QH JH 9H", "bob meld none"} {
		run(t, dir, append([]string{"record", "1"}, strings.Fields(m)...)...)
	}

	prompt := tablesideCmd(t, dir, "play", "1")
	stdin, err := prompt.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := prompt.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	prompt.Stderr = &stderr
	if err := prompt.Start(); err != nil {
		t.Fatal(err)
	}
	defer prompt.Process.Kill()

	// Wait until the prompt has shown the table: ann to lead.
	shown := make(chan string, 1)
	go func() {
		r := bufio.NewReader(stdout)
		var seen strings.Builder
		for {
			b, err := r.ReadByte()
			if err != nil {
				shown <- seen.String()
				return
			}
			seen.WriteByte(b)
			if strings.HasSuffix(seen.String(), "> ") {
				shown <- seen.String()
				io.Copy(io.Discard, r)
				return
			}
		}
	}()
	ctx, cancel := needs.WithDeadline(t, t.Context())
	defer cancel()
	select {
	case s := <-shown:
		if !strings.Contains(s, "ann leads") {
			t.Fatalf("the prompt shows %q, want ann to lead", s)
		}
	case <-ctx.Done():
		t.Fatalf("waiting for the prompt: %s", needs.OutOfTime())
	}

	run(t, dir, "record", "1", "AC") // the other terminal: ann leads A♣
	io.WriteString(stdin, "9S\nquit\n")
	stdin.Close()
	if err := prompt.Wait(); err != nil {
		t.Fatalf("play: %v\n%s", err, stderr.String())
	}

	if !strings.Contains(stderr.String(), "another terminal recorded in game 1 first") ||
		!strings.Contains(stderr.String(), "it is bob's turn to play, not ann's") {
		t.Errorf("the prompt's 9S should be refused as ann's card, out of turn; stderr:\n%s", stderr.String())
	}
	log := run(t, dir, "log", "1", "--format", "json")
	if !strings.Contains(log, `"seq": 7`) || strings.Contains(log, `"seq": 8`) {
		t.Errorf("the log should end with the other terminal's lead, event 7:\n%s", log)
	}
}
