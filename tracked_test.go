package main

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/tableside/tableside/internal/needs"
)

// shippedBinaries are the binary files the repository keeps on purpose: the phone's engine,
// built for the browser and gzipped as it is sent (the server embeds it, and a newcomer's
// go build has no step before it), and the database fixtures the tests open as users' files.
var shippedBinaries = map[string]string{
	"web/static/engine.wasm.gz": "the phone's engine, as the server sends it",
	"testdata/schema-v1.db":     "a file of schema version 1, which every later tableside opens",
}

// TestNoBuildOutputIsTracked: every file the repository tracks is text, or a binary it ships on
// purpose. A build left in the tree by mistake (a native engine, a test binary, a profile)
// fails here, naming the file, instead of riding along in every clone for ever.
func TestNoBuildOutputIsTracked(t *testing.T) {
	git := needs.Program(t, "git", "to list the files the repository tracks", "git")
	if _, err := os.Stat(".git"); err != nil {
		t.Skip("not a git checkout: no file is tracked here")
	}
	out, err := needs.Output(t, exec.Command(git, "ls-files", "-z"))
	if err != nil {
		t.Fatalf("git ls-files: %v", err)
	}
	files := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	for _, name := range files {
		b, err := os.ReadFile(name)
		if os.IsNotExist(err) {
			continue // deleted in the work tree, not yet committed
		}
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := shippedBinaries[name]; !ok && isBinary(b) {
			t.Errorf("%s is a binary the repository does not ship (%d bytes): a build output belongs in .gitignore, not in every clone", name, len(b))
		}
	}
	for name, what := range shippedBinaries {
		if b, err := os.ReadFile(name); err != nil || !isBinary(b) {
			t.Errorf("%s (%s) is listed as shipped but is not a binary here: %v", name, what, err)
		}
	}
	if len(files) < 100 {
		t.Fatalf("git ls-files listed %d files: not this repository", len(files))
	}
}

// isBinary reports whether b is no text, by git's own test: a NUL byte in its first 8,000.
func isBinary(b []byte) bool { return bytes.IndexByte(b[:min(len(b), 8000)], 0) >= 0 }

func TestIsBinary(t *testing.T) {
	elf := append([]byte("\x7fELF\x02\x01\x01"), make([]byte, 9)...)
	for _, c := range []struct {
		data []byte
		want bool
	}{{elf, true}, {[]byte("\x00asm\x01\x00\x00\x00"), true}, {[]byte("package main\n"), false}, {nil, false}, {[]byte("é ♠ text"), false}} {
		if got := isBinary(c.data); got != c.want {
			t.Errorf("isBinary(%q) = %v, want %v", c.data, got, c.want)
		}
	}
}
