package commands

import (
	"bytes"
	"strings"
	"testing"
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
