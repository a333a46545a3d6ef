package web

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tableside/tableside/table"
)

// TestTheGamesComePaged: GET /api/games lists a page of the games, newest first, with a Link
// to the next page until the last; the pages together list every game once; the filters are
// the list's, and what a list cannot take is a 400 naming it.
func TestTheGamesComePaged(t *testing.T) {
	c := openClub(t, false)
	var made []int64
	for i := range 7 {
		s := pinochle
		if i%2 == 1 {
			s.Players, s.Dealer, s.Match = []string{"cy", "dee"}, "cy", "spring"
		}
		id, _ := c.newGame(t, s)
		made = append(made, id)
	}
	get := func(path string) (int, []table.Listed, string) {
		t.Helper()
		req := httptest.NewRequestWithContext(t.Context(), "GET", path, nil)
		req.Header.Set("Authorization", "Bearer "+testKey)
		res := httptest.NewRecorder()
		c.srv.ServeHTTP(res, req)
		var list []table.Listed
		if res.Code == http.StatusOK {
			if err := json.Unmarshal(res.Body.Bytes(), &list); err != nil {
				t.Fatalf("%s: %v", path, err)
			}
		}
		next := ""
		if m := regexp.MustCompile(`^<([^>]+)>; rel="next"$`).FindStringSubmatch(res.Header().Get("Link")); m != nil {
			next = m[1]
		}
		return res.Code, list, next
	}
	ids := func(ls []table.Listed) []int64 {
		var out []int64
		for _, l := range ls {
			out = append(out, l.ID)
		}
		return out
	}
	newest := slices.Clone(made)
	slices.Reverse(newest)

	var pages [][]int64
	for path := "/api/games?limit=3"; path != ""; {
		status, list, next := get(path)
		if status != http.StatusOK {
			t.Fatalf("%s: %d", path, status)
		}
		pages = append(pages, ids(list))
		path = next
	}
	if want := [][]int64{newest[:3], newest[3:6], newest[6:]}; !slices.EqualFunc(pages, want, slices.Equal) {
		t.Errorf("the pages list %v, want %v", pages, want)
	}
	if _, list, next := get("/api/games"); len(list) != 7 || next != "" {
		t.Errorf("a page of the default length lists %d games, next %q; want all 7 and no next", len(list), next)
	}
	if _, list, _ := get("/api/games?player=cy&order=oldest"); !slices.Equal(ids(list), []int64{made[1], made[3], made[5]}) {
		t.Errorf("cy's games, oldest first: %v", ids(list))
	}
	if _, list, next := get("/api/games?match=spring&limit=2&order=oldest"); !slices.Equal(ids(list), []int64{made[1], made[3]}) || !strings.Contains(next, "after=") {
		t.Errorf("spring's first page, oldest first: %v, next %q", ids(list), next)
	}
	for path, want := range map[string]string{
		"/api/games?state=finished":  `no state \"finished\"`,
		"/api/games?limit=0":         `limit=\"0\" is not a page's length`,
		"/api/games?limit=5000":      `limit=\"5000\" is not a page's length`,
		"/api/games?before=x":        `before=\"x\" is not a game's number`,
		"/api/games?order=sideways":  `order=\"sideways\" is not an order`,
		"/api/games?since=yesterday": `\"yesterday\" is not a day`,
	} {
		status, body := c.call(t, "GET", path, testKey, nil)
		if status != http.StatusBadRequest || !strings.Contains(string(body), want) {
			t.Errorf("%s: %d %s, want 400 saying %s", path, status, body, want)
		}
	}
}

// BenchmarkGamesPage times GET /api/games, a page of the newest 100 (the default), on a file of
// 10,000 games, beside the whole list asked for in pages of 1,000 (every game read).
func BenchmarkGamesPage(b *testing.B) {
	c := openClub(b, false)
	const n = 10_000
	for i := range n {
		s := pinochle
		if i%3 == 0 {
			s.Players, s.Dealer, s.Match = []string{"cy", "dee"}, "cy", "spring"
		}
		if _, err := c.app.New(b.Context(), s); err != nil {
			b.Fatal(err)
		}
	}
	get := func(path string) string {
		req := httptest.NewRequestWithContext(b.Context(), "GET", path, nil)
		req.Header.Set("Authorization", "Bearer "+testKey)
		res := httptest.NewRecorder()
		c.srv.ServeHTTP(res, req)
		if res.Code != http.StatusOK {
			b.Fatalf("%s: %d %s", path, res.Code, res.Body)
		}
		m := regexp.MustCompile(`^<([^>]+)>; rel="next"$`).FindStringSubmatch(res.Header().Get("Link"))
		if m == nil {
			return ""
		}
		return m[1]
	}
	var page, whole time.Duration
	for b.Loop() {
		t0 := time.Now()
		get("/api/games")
		t1 := time.Now()
		for path := "/api/games?limit=1000"; path != ""; {
			path = get(path)
		}
		page, whole = page+t1.Sub(t0), whole+time.Since(t1)
	}
	b.ReportMetric(page.Seconds()*1000/float64(b.N), "page-ms")
	b.ReportMetric(whole.Seconds()*1000/float64(b.N), "every-game-ms")
}
