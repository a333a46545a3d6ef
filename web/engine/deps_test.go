package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tableside/tableside/internal/needs"
)

const module = "github.com/tableside/tableside"

// neverInTheEngine are packages the phone's engine must not carry whatever docs/design.md says:
// the store, the application with its imports, exports, walks and statistics, the tournaments
// and their matching, and the terminal's drawing with tablewriter.
var neverInTheEngine = []string{
	module + "/table", module + "/table/internal/store", module + "/render",
	module + "/scoring/season", module + "/scoring/rating",
	module + "/referee/tournament", module + "/referee/tournament/internal/matching",
	"github.com/olekukonko/tablewriter", "github.com/olekukonko/tablewriter/renderer", "github.com/olekukonko/tablewriter/tw",
	"modernc.org/sqlite", "github.com/jackc/pgx/v5",
}

// engineDeps lists the packages the browser's build of the engine compiles, but the standard
// library's.
func engineDeps(t *testing.T) []string {
	t.Helper()
	goTool := needs.Program(t, "go", "to list the engine's packages", "the Go toolchain")
	cmd := exec.Command(goTool, "list", "-deps", "-f", `{{if not .Standard}}{{.ImportPath}}{{end}}`, ".")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	out, err := needs.Output(t, cmd)
	if err != nil {
		t.Fatalf("listing the engine's packages: %v", err)
	}
	return strings.Fields(string(out))
}

// designedEngine is the list of the module's packages the engine is built from, as
// docs/design.md gives it: the lines of the fenced block after the line that says so.
func designedEngine(t *testing.T) []string {
	t.Helper()
	design, err := os.ReadFile(filepath.Join("..", "..", "docs", "design.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(design), "The phone's engine is built from these packages of the module, and no other:")
	if !ok {
		t.Fatal("docs/design.md does not list the packages the phone's engine is built from")
	}
	_, block, _ := strings.Cut(after, "```\n")
	block, _, _ = strings.Cut(block, "```")
	var pkgs []string
	for line := range strings.Lines(block) {
		if path, _, _ := strings.Cut(strings.TrimSpace(line), " "); path != "" {
			pkgs = append(pkgs, path)
		}
	}
	return pkgs
}

// TestTheEngineCarriesOnlyTheRules: the browser's build of the engine compiles the packages
// docs/design.md names, and none other of the module's: a package that joins the build, and so
// changes the engine every phone downloads, is one the design says so of. None of them is the
// store, the application, the statistics, the tournaments or tablewriter's tables.
func TestTheEngineCarriesOnlyTheRules(t *testing.T) {
	deps := engineDeps(t)
	var built []string
	for _, p := range deps {
		if slices.Contains(neverInTheEngine, p) {
			t.Errorf("the engine for the browser compiles %s, which a phone must not carry", p)
		}
		if rest, ok := strings.CutPrefix(p, module+"/"); ok {
			built = append(built, rest)
		}
	}
	designed := designedEngine(t)
	for _, p := range built {
		if !slices.Contains(designed, p) {
			t.Errorf("the engine compiles %s, which docs/design.md's list of its packages does not name", p)
		}
	}
	for _, p := range designed {
		if !slices.Contains(built, p) {
			t.Errorf("docs/design.md lists %s among the engine's packages, which its build does not compile", p)
		}
	}
	if len(built) < 10 {
		t.Fatalf("the engine compiles only %q: not the engine", built)
	}
}
