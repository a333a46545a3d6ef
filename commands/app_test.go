package commands

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

func TestHoistFlags(t *testing.T) {
	app := NewApp("", nil, nil, nil)
	tests := []struct{ in, want string }{
		{"score 3 --format csv", "score --format csv 3"},
		{"score 3 --format=csv", "score --format=csv 3"},
		{"record 3 --force ann bid 2H", "record --force 3 ann bid 2H"},
		{"record 3 ann bid 2H --force --after 7", "record --force --after 7 3 ann bid 2H"},
		{"adjust 3 ann -2 --note late", "adjust --note late 3 ann -2"},
		{"score 3 --db x.db", "--db x.db score 3"},
		{"calc influence J Q --wrap off --format json", "calc influence --wrap off --format json J Q"},
		{"calc influence --wrap=off K A 2", "calc influence --wrap=off K A 2"},
		{"record 3 -- ann --force", "record 3 -- ann --force"},
		{"nosuch 3 --format x", "nosuch 3 --format x"},
		{"score 3 --bogus", "score --bogus 3"},
	}
	for _, tt := range tests {
		got := strings.Join(hoistFlags(app, append([]string{"tableside"}, strings.Fields(tt.in)...))[1:], " ")
		if got != tt.want {
			t.Errorf("%q → %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestExitCodes(t *testing.T) {
	schema := testSchema(t)
	db := t.TempDir() + "/t.db"
	run := func(args ...string) (int, string) {
		var out, errw bytes.Buffer
		code := Run(schema, append([]string{"tableside", "--db", db}, args...), strings.NewReader(""), &out, &errw)
		return code, errw.String()
	}
	if code, _ := run("new", "candidate", "--players", "ann,bob", "--dealer", "bob"); code != 0 {
		t.Fatalf("new: exit %d", code)
	}
	for _, tt := range []struct {
		args []string
		code int
		says string
	}{
		{[]string{"record", "1", "seat", "H"}, 0, ""},
		{[]string{"record", "1", "bid", "9H"}, 2, "no auction is open"},
		{[]string{"record", "1", "bob", "bid", "9H"}, 1, "rule C7: no candidate is up"},
		{[]string{"score", "1", "2"}, 2, `unexpected word "2"`},
		{[]string{"score", "1", "--bogus"}, 2, "flag provided but not defined"},
		{[]string{"frobnicate"}, 2, `unknown command "frobnicate"`},
		{[]string{"new", "candidate"}, 2, "players"},
		{[]string{"record", "1", "reveal", "7S"}, 1, "rule C10"},
		{[]string{"score", "1", "--format", "pdf"}, 2, `unknown format "pdf"`},
		{[]string{"show", "1"}, 0, ""},
	} {
		code, stderr := run(tt.args...)
		if code != tt.code || !strings.Contains(stderr, tt.says) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d saying %q", tt.args, code, stderr, tt.code, tt.says)
		}
		if code != 0 && !strings.HasPrefix(stderr, "tableside: error: ") {
			t.Errorf("%v: stderr %q does not start with tableside: error:", tt.args, stderr)
		}
	}
}

// TestMistypedCommandsAreRefused walks the whole command tree: at the top and under every
// command that has subcommands, a mistyped name is a usage error naming the nearest command,
// and nothing runs. urfave/cli alone would print nothing and succeed, so that `tournament
// pari 1` would look like a round paired.
func TestMistypedCommandsAreRefused(t *testing.T) {
	schema := testSchema(t)
	db := t.TempDir() + "/t.db"
	var walk func(path []string, cmds []*cli.Command)
	checked := 0
	walk = func(path []string, cmds []*cli.Command) {
		for _, cmd := range cmds {
			if cmd.Hidden || cmd.Name == "help" {
				continue
			}
			typo := stutter(cmd.Name)
			// The command run, and help asked for it both ways.
			for _, args := range [][]string{
				append(append(slices.Clip(path), typo), "1"),
				append(append([]string{"help"}, path...), typo),
				append(append(slices.Clip(path), typo), "--help"),
			} {
				var out, errw bytes.Buffer
				code := Run(schema, append([]string{"tableside", "--db", db}, args...), strings.NewReader(""), &out, &errw)
				want := fmt.Sprintf("; did you mean %s?", cmd.Name)
				if code != 2 || out.Len() != 0 || !strings.HasPrefix(errw.String(), "tableside: error: unknown command") || !strings.Contains(errw.String(), want) {
					t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2, nothing on stdout, an unknown command and %q", args, code, out.String(), errw.String(), want)
				}
			}
			checked++
			if len(cmd.Subcommands) > 0 {
				walk(append(slices.Clip(path), cmd.Name), cmd.Subcommands)
			}
		}
	}
	walk(nil, NewApp(schema, nil, nil, nil).Commands)
	if checked < 30 {
		t.Errorf("only %d commands walked", checked)
	}
	if _, err := os.Stat(db); err == nil {
		t.Errorf("a mistyped command made the database")
	}
}

// stutter is name with its first letter typed twice: pair, ppair. Swapping two letters would do
// as well, but rules and rule are both one swap from rulse.
func stutter(name string) string { return name[:1] + name }
