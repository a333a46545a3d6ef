package table

import (
	"go/parser"
	"go/token"
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
	for _, face := range []string{"commands", "web"} {
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
