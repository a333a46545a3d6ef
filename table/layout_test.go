package table

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestFacesHoldNoEngine: the faces (the command line and the server) ask the core, and import
// neither the engines nor the log's envelope: what they need of either, the core answers or
// names (names.go).
func TestFacesHoldNoEngine(t *testing.T) {
	const module = "github.com/tableside/tableside/"
	for _, face := range []string{"commands", "web", "web/engine"} {
		files, err := filepath.Glob(filepath.Join("..", face, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no Go files (%v)", face, err)
		}
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, spec := range f.Imports {
				path, _ := strconv.Unquote(spec.Path.Value)
				if rest, ok := strings.CutPrefix(path, module); ok && (rest == "events" || rest == "referee" || strings.HasPrefix(rest, "referee/")) {
					t.Errorf("%s imports %s: a face asks the core (table)", name, path)
				}
			}
		}
	}
}

// TestDesignMapsEveryFile: docs/design.md's maps of the core's and the store's files name every
// file there is, and no file that is gone.
func TestDesignMapsEveryFile(t *testing.T) {
	design, err := os.ReadFile(filepath.Join("..", "docs", "design.md"))
	if err != nil {
		t.Fatal(err)
	}
	mapped := map[string]bool{}
	for _, line := range strings.Split(string(design), "\n") {
		if path, _, _ := strings.Cut(line, " "); strings.HasPrefix(path, "table/") && !strings.HasSuffix(path, "/") {
			mapped[path] = true
		}
	}
	for _, dir := range []string{"table", "table/internal/store"} {
		entries, err := os.ReadDir(filepath.Join("..", dir))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			name := e.Name()
			if e.IsDir() || strings.HasSuffix(name, "_test.go") || !(strings.HasSuffix(name, ".go") || strings.HasSuffix(name, ".sql")) {
				continue
			}
			if path := dir + "/" + name; !mapped[path] {
				t.Errorf("docs/design.md's map does not name %s", path)
			}
		}
	}
	for path := range mapped {
		if _, err := os.Stat(filepath.Join("..", path)); err != nil {
			t.Errorf("docs/design.md's map names %s, which is not there", path)
		}
	}
}
