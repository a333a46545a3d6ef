// Package needs lets a test use a program from outside Go (Chromium, LibreOffice, PostgreSQL).
// Where the program is missing the test is skipped, saying what it needs and how to install it,
// so that `go test ./...` passes on a machine with only Go and git. Where CI is set the test
// fails instead: CI installs every such program, and a skip there would hide a broken install.
package needs

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"testing"
)

// Program returns the path of the named program on the PATH. Where there is none it skips the
// test, or fails it under CI, saying what the program is for (purpose: "to print the sheets")
// and the command that installs it.
func Program(t testing.TB, name, purpose, install string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err == nil {
		return path
	}
	msg := fmt.Sprintf("needs %s %s, and there is none on the PATH: install it with `%s` (.ci/run does)", name, purpose, install)
	if InCI() {
		t.Fatal(msg + " (CI is set, so a missing program fails the test)")
	}
	t.Skip(msg)
	return ""
}

// Long skips t, a long test, under go test -short, saying why it is long (why: "drives
// Chromium"): the quick run is the one a newcomer runs first, in minutes on a laptop, and the
// full run (CI's) has every test.
func Long(t testing.TB, why string) {
	t.Helper()
	if testing.Short() {
		t.Skipf("a long test: it %s; go test without -short runs it", why)
	}
}

// InCI reports whether CI is set, as CI services set it, to anything but a false value.
func InCI() bool {
	v := os.Getenv("CI")
	if v == "" {
		return false
	}
	ci, err := strconv.ParseBool(v)
	return err != nil || ci
}

// Headless runs the Chromium at path headless with args, as the tests that print and draw
// pages run it, and returns what it wrote. A headless browser in a container now and then dies
// at start, so a run that fails is tried three times before the test fails; one that hangs,
// killed at the test's Deadline, fails it at once. Under go test -short the test is skipped
// (Long).
func Headless(t testing.TB, path string, args ...string) []byte {
	t.Helper()
	Long(t, "runs Chromium")
	args = append([]string{"--headless=new", "--no-sandbox", "--disable-gpu"}, args...)
	var err error
	for range 3 {
		var out []byte
		if out, err = Output(t, exec.Command(path, args...)); err == nil {
			return out
		}
		if late := (*DeadlineError)(nil); errors.As(err, &late) {
			break
		}
	}
	t.Fatal(err)
	return nil
}

// File returns the path of a file from outside the project that env names (TABLESIDE_AXE: a
// script a test loads into a page). Where env names none, or a file that is not there, it
// skips the test, or fails it under CI, saying what the file is for and how to get it.
func File(t testing.TB, env, purpose, get string) string {
	t.Helper()
	path := os.Getenv(env)
	if path != "" {
		if _, err := os.Stat(path); err == nil {
			return path
		}
	}
	msg := fmt.Sprintf("needs the file $%s names %s, and it names none there is (%q): %s (.ci/run does)", env, purpose, path, get)
	if InCI() {
		t.Fatal(msg + " (CI is set, so a missing file fails the test)")
	}
	t.Skip(msg)
	return ""
}
