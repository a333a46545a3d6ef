package web

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/tableside/tableside/table"
)

// publishedNight is a club's file with a season of games and a tournament played out, its
// site published into a folder: the folder, and what Publish said it wrote.
func publishedNight(t *testing.T) (string, Published) {
	t.Helper()
	c := openClub(t, false)
	c.playSeason(t, 4)
	id := c.newTournament(t, clubNight).Tournament.Game
	for range 2 {
		r := apiPost[table.RoundView](t, c, fmt.Sprintf("/api/tournaments/%d/pair", id))
		for _, tb := range r.Tables {
			c.call(t, "POST", fmt.Sprintf("/api/games/%d/corrections", tb.Game), testKey, correction{Verb: "adjust", Args: []string{tb.First, "+5"}, Note: "won"})
			if status, body := c.call(t, "POST", fmt.Sprintf("/api/games/%d/corrections", tb.Game), testKey, correction{Verb: "abandon", Note: "decided"}); status != http.StatusCreated {
				t.Fatalf("ending table %d: %d %s", tb.Table, status, body)
			}
		}
	}
	dir := t.TempDir()
	p, err := Publish(t.Context(), c.app, dir)
	if err != nil {
		t.Fatal(err)
	}
	return dir, p
}

// TestThePublishedSiteHasNoBrokenLink: the site a night publishes has an index of its
// tournament, its players and its games; every page is reached from the index by its links,
// each of which leads to a file the site holds, none to a server; the tournament's page has
// its final standings, rounds and crosstable, a player's page their rating.
func TestThePublishedSiteHasNoBrokenLink(t *testing.T) {
	dir, p := publishedNight(t)
	if p.Tournaments != 1 || p.Games < 6 || p.Players < 4 {
		t.Fatalf("published %+v", p)
	}
	href := regexp.MustCompile(`(?:href|src)="([^"]*)"`)
	seen := map[string]bool{}
	queue := []string{"index.html"}
	for len(queue) > 0 {
		page := queue[0]
		queue = queue[1:]
		if seen[page] {
			continue
		}
		seen[page] = true
		body, err := os.ReadFile(filepath.Join(dir, page))
		if err != nil {
			t.Errorf("a link leads to %s, which the site does not hold", page)
			continue
		}
		for _, m := range href.FindAllStringSubmatch(string(body), -1) {
			link := m[1]
			if strings.HasPrefix(link, "/") || strings.Contains(link, "://") {
				t.Errorf("%s links to %q, which needs a server", page, link)
				continue
			}
			target := filepath.ToSlash(filepath.Clean(filepath.Join(filepath.Dir(page), link)))
			if strings.HasSuffix(target, ".html") {
				queue = append(queue, target)
			} else if _, err := os.Stat(filepath.Join(dir, target)); err != nil {
				t.Errorf("%s links to %s, which the site does not hold", page, target)
			}
		}
	}
	var files []string
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(path, ".html") {
			rel, _ := filepath.Rel(dir, path)
			files = append(files, filepath.ToSlash(rel))
		}
		return err
	})
	for _, f := range files {
		if !seen[f] {
			t.Errorf("%s is reached by no link from the index", f)
		}
	}
	if len(files) != p.Pages {
		t.Errorf("%d pages in the folder, Publish says %d", len(files), p.Pages)
	}
	index, _ := os.ReadFile(filepath.Join(dir, "index.html"))
	tournament, _ := os.ReadFile(filepath.Join(dir, files[slices.IndexFunc(files, func(f string) bool { return strings.HasPrefix(f, "tournaments/") && !strings.Contains(f, "cross") })]))
	ann, _ := os.ReadFile(filepath.Join(dir, "players", "ann.html"))
	switch {
	case !strings.Contains(string(index), "club night") || !strings.Contains(string(index), "players/ann.html"):
		t.Errorf("the index:\n%s", index)
	case !strings.Contains(string(tournament), "Final standings") || !strings.Contains(string(tournament), "Round 2") || !strings.Contains(string(tournament), "crosstable.html"):
		t.Errorf("the tournament's page:\n%s", tournament)
	case !strings.Contains(string(ann), "<h2>Ratings</h2>"):
		t.Errorf("ann's page has no rating:\n%s", ann)
	}
}

// TestBrowserThePublishedSiteFitsEveryScreen: the published pages, opened from disk, fit a
// 360 px phone and a 1920×1080 screen, nothing sticking out.
func TestBrowserThePublishedSiteFitsEveryScreen(t *testing.T) {
	dir, _ := publishedNight(t)
	root := startChromium(t)
	pages, _ := filepath.Glob(filepath.Join(dir, "*.html"))
	for _, sub := range []string{"tournaments", "players"} {
		more, _ := filepath.Glob(filepath.Join(dir, sub, "*.html"))
		pages = append(pages, more...)
	}
	for _, s := range []screen{phoneScreen, wallScreen} {
		for _, page := range pages {
			if strings.Contains(page, "crosstable") {
				continue // a print, held to its paper (commands' print tests)
			}
			tab := openScreen(t, root, "file://"+page, s, true)
			waitPage(t, tab, "the page", `document.readyState === "complete" && getComputedStyle(document.body).margin !== ""`)
			if bad := overflow(t, tab, s); len(bad) > 0 {
				rel, _ := filepath.Rel(dir, page)
				t.Errorf("%s at %v px sticks out: %v", rel, s, bad)
			}
		}
	}
}
