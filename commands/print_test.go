package commands

import (
	"bytes"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/olekukonko/tablewriter/pkg/twwidth"

	"github.com/tableside/tableside/commands/render"
	"github.com/tableside/tableside/commands/table"
	"github.com/tableside/tableside/internal/needs"
	"github.com/tableside/tableside/referee/refereetest"
	"github.com/tableside/tableside/scoring"
)

// widest is, for each kind, a complete random game of the most players it takes, with every
// option its playout may choose: the longest sheet a table prints.
func widest(t *testing.T, kind string) *scoring.Sheet {
	r, err := table.Rules(kind)
	if err != nil {
		t.Fatal(err)
	}
	_, most := r.Players()
	for seed := range 500 {
		setup, moves := r.Playout(rand.New(rand.NewPCG(uint64(seed), 5)), refereetest.Names)
		if len(setup.Players) != most {
			continue
		}
		setup.Date, setup.Match = "2026-11-20", "club night"
		s := refereetest.Replay(t, r, refereetest.Log(t, setup, moves)).Sheet()
		s.Game, s.Options, s.Title, s.Date, s.Match, s.Teams = 1, setup.Options, r.Name(), setup.Date, setup.Match, setup.Teams
		return s
	}
	t.Fatalf("no playout of %s seats %d players", kind, most)
	return nil
}

// overflowCheck is a script added to a copy of the page: it lays the page out at the printable
// width of the paper and writes into the page what does not fit — a table wider than the page,
// or a cell whose words stick out of it.
const overflowCheck = `<script>
document.body.style.width = "%WIDTH%px"; document.body.style.maxWidth = "none";
const out = [];
for (const el of document.querySelectorAll("table, th, td")) {
  if (el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > %WIDTH% + document.body.getBoundingClientRect().left + 1) {
    out.push(el.tagName + ": " + el.textContent.slice(0, 60));
  }
}
const p = document.createElement("pre"); p.id = "overflow"; p.textContent = "[" + out.join(" | ") + "]";
document.body.appendChild(p);
</script>`

// TestSheetsPrintOnOnePage prints a complete game of every kind to PDF in a real headless
// Chromium, on A4 and on US Letter, and checks that each is one page with nothing sticking out.
func TestSheetsPrintOnOnePage(t *testing.T) {
	chromium := needs.Program(t, "chromium", "to print the sheets", "apt-get install chromium")
	dir := t.TempDir()
	papers := map[string]struct {
		css   string
		width int // printable width in CSS pixels: the paper less 2 × 12 mm
	}{
		"letter": {"@page { size: letter; margin: 12mm }", 725},
		"a4":     {"@page { size: A4; margin: 12mm }", 703},
	}
	for _, kind := range table.Kinds() {
		var page bytes.Buffer
		if err := render.Sheet(&page, "html", widest(t, kind), nil); err != nil {
			t.Fatal(err)
		}
		for paper, p := range papers {
			html := strings.Replace(page.String(), "</style>", p.css+"\n</style>", 1)
			file := filepath.Join(dir, kind+"-"+paper+".html")
			if err := os.WriteFile(file, []byte(html), 0o644); err != nil {
				t.Fatal(err)
			}
			pdf := filepath.Join(dir, kind+"-"+paper+".pdf")
			run := func(args ...string) []byte {
				args = append([]string{"--headless=new", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer"}, args...)
				var err error
				for range 3 { // a headless browser in a container now and then dies at start
					var out []byte
					if out, err = exec.Command(chromium, args...).Output(); err == nil {
						return out
					}
				}
				t.Fatalf("chromium %v: %v", args, err)
				return nil
			}
			run("--print-to-pdf="+pdf, "file://"+file)
			data, err := os.ReadFile(pdf)
			if err != nil {
				t.Fatal(err)
			}
			if m := regexp.MustCompile(`/Count (\d+)`).FindSubmatch(data); m == nil || string(m[1]) != "1" {
				t.Errorf("%s on %s: %s pages, want one", kind, paper, m[1])
			}
			checked := strings.Replace(html, "</body>", strings.ReplaceAll(overflowCheck, "%WIDTH%", strconv.Itoa(p.width))+"</body>", 1)
			if err := os.WriteFile(file, []byte(checked), 0o644); err != nil {
				t.Fatal(err)
			}
			dom := run("--dump-dom", "file://"+file)
			m := regexp.MustCompile(`(?s)<pre id="overflow">\[(.*?)\]</pre>`).FindSubmatch(dom)
			if m == nil || len(m[1]) > 0 {
				t.Errorf("%s on %s: does not fit: %q", kind, paper, m)
			}
		}
	}
}

// TestTerminalSheetsFit renders a complete game of every kind, of the most players it takes, as
// the terminal sheet and checks that no line is wider than 80 columns.
func TestTerminalSheetsFit(t *testing.T) {
	for _, kind := range table.Kinds() {
		var out bytes.Buffer
		if err := render.Sheet(&out, "table", widest(t, kind), nil); err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(out.String(), "\n") {
			if n := twwidth.Width(line); n > 80 {
				t.Errorf("%s: a line is %d columns wide: %s", kind, n, line)
			}
		}
	}
}
