package commands

import (
	"html"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tableside/tableside/table"
	"github.com/tableside/tableside/web"
)

// TestBothFacesShowTheSameStandings: the terminal's standings and the server's pages show the
// same columns, heads and rows, in the same order: a tournament's on the organiser's page
// cell for cell; a match's on the club page, which counts each player's games where the
// terminal gives a column to each (the page's chart draws them).
func TestBothFacesShowTheSameStandings(t *testing.T) {
	db := filepath.Join(t.TempDir(), "club.db")
	run := func(args ...string) string {
		t.Helper()
		code, out, errs := runOn(t, db, args...)
		if code != 0 {
			t.Fatalf("tableside %s: exit %d\n%s", strings.Join(args, " "), code, errs)
		}
		return out
	}
	// A tournament whose round 1 is over (ann and dee win, eve has the bye) and whose round 2
	// is in play, and a match of two Candidate games.
	run("tournament", "new", "friday", "--game", "pinochle", "--rounds", "3", "--players", "ann,bob,cy,dee,eve",
		"--rating", "ann=1800", "--rating", "bob=1700", "--rating", "cy=1600", "--rating", "dee=1500", "--rating", "eve=1400")
	run("tournament", "pair", "1")
	for _, won := range [][]string{{"2", "ann"}, {"3", "dee"}} {
		run("adjust", won[0], won[1], "+5", "--note", "won")
		run("abandon", won[0], "--note", "decided")
	}
	run("tournament", "pair", "1")
	for i, players := range []string{"ann,bob", "bob,cy"} {
		g := strings.TrimSpace(run("new", "candidate", "--players", players, "--dealer", strings.Split(players, ",")[0], "--match", "autumn"))
		run("adjust", g, strings.Split(players, ",")[1], "+"+strconv.Itoa(i+3), "--note", "late")
	}

	terminalTournament := boxRows(t, run("tournament", "show", "1"))
	terminalMatch := boxRows(t, run("match", "autumn"))

	app, err := table.Open(t.Context(), db, testSchema(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { app.Close() })
	const key = "the standings test's own director key"
	srv, err := web.New(app, web.Config{DirectorKey: key})
	if err != nil {
		t.Fatal(err)
	}
	page := func(path string) string {
		t.Helper()
		req := httptest.NewRequestWithContext(t.Context(), "GET", path, nil)
		req.Header.Set("Authorization", "Bearer "+key)
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			t.Fatalf("GET %s: %d\n%s", path, rec.Code, rec.Body)
		}
		return rec.Body.String()
	}
	pageTournament := htmlRows(t, page("/tournaments/1"), "standings tournament-standings")
	if !slices.EqualFunc(terminalTournament, pageTournament, slices.Equal) {
		t.Errorf("a tournament's standings:\nthe terminal %q\nthe page     %q", terminalTournament, pageTournament)
	}
	if want := []string{"place", "player", "points", "buchholz", "sonneborn-berger", "games", "byes"}; !slices.Equal(terminalTournament[0], want) {
		t.Errorf("a tournament's columns: %q, want %q", terminalTournament[0], want)
	}

	// The page's match has the terminal's columns without the games', and their count last.
	_, match, _ := strings.Cut(page("/club/now"), `<section class="match">`)
	pageMatch := htmlRows(t, match, "standings")
	if len(pageMatch) != len(terminalMatch) || len(terminalMatch) != 4 {
		t.Fatalf("a match's standings:\nthe terminal %q\nthe page     %q", terminalMatch, pageMatch)
	}
	for i, row := range terminalMatch {
		games, played := row[2:len(row)-2], 0
		for _, cell := range games {
			if cell != "" && i > 0 {
				played++
			}
		}
		want := slices.Concat(row[:2], row[len(row)-2:], []string{"games"})
		if i > 0 {
			want[len(want)-1] = strconv.Itoa(played)
		}
		if !slices.Equal(pageMatch[i], want) {
			t.Errorf("a match's line %d: the terminal %q, the page %q, want %q", i, row, pageMatch[i], want)
		}
	}
	if want := []string{"rank", "player", "game 6 (in play)", "game 7 (in play)", "points", "wins"}; !slices.Equal(terminalMatch[0], want) {
		t.Errorf("a match's columns on the terminal: %q, want %q", terminalMatch[0], want)
	}
}

// boxRows are the cells of the one table drawn with box lines in out, its header first.
func boxRows(t *testing.T, out string) [][]string {
	t.Helper()
	var rows [][]string
	for line := range strings.Lines(out) {
		cells, ok := strings.CutPrefix(strings.TrimSpace(line), "│")
		if !ok {
			continue
		}
		var row []string
		for _, cell := range strings.Split(strings.TrimSuffix(cells, "│"), "│") {
			row = append(row, strings.TrimSpace(cell))
		}
		rows = append(rows, row)
	}
	if len(rows) < 2 {
		t.Fatalf("no table in:\n%s", out)
	}
	return rows
}

var (
	cellRE = regexp.MustCompile(`<t[hd][^>]*>([^<]*)</t[hd]>`)
	rowRE  = regexp.MustCompile(`<tr>(.*?)</tr>`)
)

// htmlRows are the head and the cells of the first table of class in page.
func htmlRows(t *testing.T, page, class string) [][]string {
	t.Helper()
	_, rest, ok := strings.Cut(page, `<table class="`+class+`">`)
	if !ok {
		t.Fatalf("no table of class %q in:\n%s", class, page)
	}
	drawn, _, _ := strings.Cut(rest, "</table>")
	var rows [][]string
	for _, tr := range rowRE.FindAllStringSubmatch(drawn, -1) {
		var row []string
		for _, cell := range cellRE.FindAllStringSubmatch(tr[1], -1) {
			row = append(row, html.UnescapeString(cell[1]))
		}
		rows = append(rows, row)
	}
	return rows
}
