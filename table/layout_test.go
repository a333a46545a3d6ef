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
// neither the engines nor the log's envelope: what they need of either, the application or the
// game (play) answers or names (play/names.go).
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
					t.Errorf("%s imports %s: a face asks the core (table, play)", name, path)
				}
			}
		}
	}
}

// TestDesignMapsEveryFile: docs/design.md's maps of the core's, the store's and the game's files
// name every file there is, and no file that is gone.
func TestDesignMapsEveryFile(t *testing.T) {
	design, err := os.ReadFile(filepath.Join("..", "docs", "design.md"))
	if err != nil {
		t.Fatal(err)
	}
	mapped := map[string]bool{}
	for _, line := range strings.Split(string(design), "\n") {
		if path, _, _ := strings.Cut(line, " "); (strings.HasPrefix(path, "table/") || strings.HasPrefix(path, "play/")) && !strings.HasSuffix(path, "/") && strings.Contains(path, ".") {
			mapped[path] = true
		}
	}
	for _, dir := range []string{"table", "table/internal/store", "play"} {
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

// TestDesignMapsEveryPackage: docs/design.md's map of the packages names every package of the
// module (every directory with Go code but testdata), and none that is gone.
func TestDesignMapsEveryPackage(t *testing.T) {
	design, err := os.ReadFile(filepath.Join("..", "docs", "design.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, after, _ := strings.Cut(string(design), "## Packages and the flow of a move")
	_, block, _ := strings.Cut(after, "```\n")
	block, _, _ = strings.Cut(block, "```")
	mapped := map[string]bool{}
	for line := range strings.Lines(block) {
		if line == "" || line[0] == ' ' {
			continue // a line that goes on the description above it
		}
		path, _, _ := strings.Cut(line, " ")
		mapped[strings.TrimSuffix(path, "/")] = true
	}
	root := filepath.Join("..")
	found := map[string]bool{}
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && path != root) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(d.Name(), ".go") || strings.HasSuffix(d.Name(), "_test.go") {
			return nil
		}
		dir, err := filepath.Rel(root, filepath.Dir(path))
		if err != nil {
			return err
		}
		if dir = filepath.ToSlash(dir); dir != "." {
			found[dir] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for dir := range found {
		if !mapped[dir] {
			t.Errorf("docs/design.md's map of the packages does not name %s", dir)
		}
	}
	for path := range mapped {
		if strings.HasSuffix(path, ".go") {
			continue // main.go, the one file at the top
		}
		if !found[path] {
			t.Errorf("docs/design.md's map of the packages names %s, which holds no package", path)
		}
	}
	if len(found) < 20 {
		t.Fatalf("found only %d packages: not this module", len(found))
	}
}
