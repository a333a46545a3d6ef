package needs

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// recorder is a testing.TB that notes how a test would end instead of ending it; Fatal and
// Skip stop the caller's goroutine, as the real ones do.
type recorder struct {
	testing.TB
	skipped, failed bool
	msg             string
}

func (r *recorder) Helper() {}
func (r *recorder) Fatal(args ...any) {
	r.failed, r.msg = true, args[0].(string)
	runtime.Goexit()
}
func (r *recorder) Skip(args ...any) {
	r.skipped, r.msg = true, args[0].(string)
	runtime.Goexit()
}

func call(t *testing.T, name string) (*recorder, string) {
	r := &recorder{TB: t}
	var path string
	done := make(chan struct{})
	go func() {
		defer close(done)
		path = Program(r, name, "to test", "apt-get install it")
	}()
	<-done
	return r, path
}

func TestProgram(t *testing.T) {
	dir := t.TempDir()
	tool := filepath.Join(dir, "sometool")
	if err := os.WriteFile(tool, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir)

	for _, c := range []struct {
		ci         string
		name       string
		skip, fail bool
		path       string
	}{
		{"", "sometool", false, false, tool},
		{"true", "sometool", false, false, tool},
		{"", "missingtool", true, false, ""},
		{"false", "missingtool", true, false, ""},
		{"0", "missingtool", true, false, ""},
		{"true", "missingtool", false, true, ""},
		{"1", "missingtool", false, true, ""},
		{"yes", "missingtool", false, true, ""},
	} {
		t.Setenv("CI", c.ci)
		r, path := call(t, c.name)
		if r.skipped != c.skip || r.failed != c.fail || path != c.path {
			t.Errorf("CI=%q %s: skipped %v, failed %v, path %q; want %v, %v, %q", c.ci, c.name, r.skipped, r.failed, path, c.skip, c.fail, c.path)
		}
		want := "needs missingtool to test, and there is none on the PATH: install it with `apt-get install it` (.ci/run does)"
		if c.fail {
			want += " (CI is set, so a missing program fails the test)"
		}
		if (c.skip || c.fail) && r.msg != want {
			t.Errorf("CI=%q: message %q, want %q", c.ci, r.msg, want)
		}
	}
}

// skipRecorder notes the skip a test would make instead of making it.
type skipRecorder struct {
	testing.TB
	msg string
}

func (r *skipRecorder) Helper() {}
func (r *skipRecorder) Skipf(format string, args ...any) {
	r.msg = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

// TestLongSkipsUnderShort: a long test is skipped under go test -short, saying why it is long,
// and runs without it.
func TestLongSkipsUnderShort(t *testing.T) {
	short := flag.Lookup("test.short").Value.String()
	t.Cleanup(func() { flag.Set("test.short", short) })
	for _, on := range []string{"true", "false"} {
		flag.Set("test.short", on)
		r := &skipRecorder{TB: t}
		done := make(chan struct{})
		go func() {
			defer close(done)
			Long(r, "plays all night")
		}()
		<-done
		want := ""
		if on == "true" {
			want = "a long test: it plays all night; go test without -short runs it"
		}
		if r.msg != want {
			t.Errorf("-short=%s: skipped with %q, want %q", on, r.msg, want)
		}
	}
}
