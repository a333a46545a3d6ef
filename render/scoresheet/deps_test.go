package scoresheet

import (
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/tableside/tableside/internal/needs"
)

// TestLinksNoTerminalTables: the phone's engine draws the sheet through this package, and must
// not carry tablewriter's tables and renderers, which only the terminal needs. Of tablewriter it
// links the width measure (and its cache) alone, so that the page measures text as the
// terminal does.
func TestLinksNoTerminalTables(t *testing.T) {
	goTool := needs.Program(t, "go", "to list the package's imports", "the Go toolchain")
	out, err := needs.Output(t, exec.Command(goTool, "list", "-deps", "."))
	if err != nil {
		t.Fatalf("listing the package's imports: %v", err)
	}
	allowed := []string{"github.com/olekukonko/tablewriter/pkg/twwidth", "github.com/olekukonko/tablewriter/pkg/twcache"}
	measured := false
	for _, pkg := range strings.Fields(string(out)) {
		if pkg != "github.com/olekukonko/tablewriter" && !strings.HasPrefix(pkg, "github.com/olekukonko/tablewriter/") {
			continue
		}
		if !slices.Contains(allowed, pkg) {
			t.Errorf("the package links %s", pkg)
		}
		measured = measured || pkg == allowed[0]
	}
	if !measured {
		t.Errorf("the package no longer measures text with %s, as the terminal does:\n%s", allowed[0], out)
	}
}
