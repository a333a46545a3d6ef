package commands

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tableside/tableside/play"
)

var (
	consoleBlock = regexp.MustCompile("(?s)```console\n(.*?)```")
	assignment   = regexp.MustCompile(`^([A-Z]+)=\$\((.*)\)$`)
	comment      = regexp.MustCompile(`\s{2,}# .*$`)
)

// TestREADME runs the README's console examples verbatim and in order, on a new database after
// `tableside demo` as a newcomer would, and compares what each command prints with the lines
// under it. `G=$(tableside new …)` keeps a game's id for the commands after it, and
// `> FILE` writes standard output to a file.
func TestREADME(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	schema := testSchema(t)
	// A command that writes files of its own (publish) writes them here, not into the clone.
	t.Chdir(dir)
	run := func(args []string) (string, string) {
		var out, errs bytes.Buffer
		Run(schema, append([]string{"tableside", "--db", filepath.Join(dir, "t.db")}, args...), strings.NewReader(""), &out, &errs)
		return out.String(), errs.String()
	}
	run([]string{"demo"})
	vars := map[string]string{}
	commands := 0
	for _, block := range consoleBlock.FindAllStringSubmatch(string(readme), -1) {
		lines := strings.Split(strings.TrimSuffix(block[1], "\n"), "\n")
		for i := 0; i < len(lines); i++ {
			cmd, ok := strings.CutPrefix(lines[i], "$ ")
			if !ok {
				t.Fatalf("README: a console line that is neither a command nor under one: %q", lines[i])
			}
			var want []string
			for i+1 < len(lines) && !strings.HasPrefix(lines[i+1], "$ ") {
				i++
				want = append(want, lines[i])
			}
			cmd = comment.ReplaceAllString(cmd, "")
			name := ""
			if m := assignment.FindStringSubmatch(cmd); m != nil {
				name, cmd = m[1], m[2]
			}
			cmd, file, _ := strings.Cut(cmd, " > ")
			for k, v := range vars {
				cmd = strings.ReplaceAll(cmd, "$"+k, v)
			}
			words, _, _, err := play.Words(cmd)
			if err != nil || len(words) == 0 || words[0] != "tableside" {
				t.Fatalf("README: %q is not a tableside command (%v)", cmd, err)
			}
			out, errs := run(words[1:])
			commands++
			switch {
			case name != "":
				vars[name] = strings.TrimSpace(out)
				out = ""
			case file != "":
				if err := os.WriteFile(filepath.Join(dir, file), []byte(out), 0o644); err != nil {
					t.Fatal(err)
				}
				out = ""
			}
			if got := strings.TrimSuffix(out+errs, "\n"); got != strings.Join(want, "\n") {
				t.Errorf("README: %s\nprints:\n%s\nthe README says:\n%s", lines[i-len(want)], got, strings.Join(want, "\n"))
			}
		}
	}
	if commands < 20 {
		t.Fatalf("only %d commands found in the README's console examples", commands)
	}
}
