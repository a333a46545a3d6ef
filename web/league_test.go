package web

import (
	"fmt"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tableside/tableside/internal/needs"
	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/table"
)

// openLeague starts n servers over one new database in cluster, each with an application of
// its own, as the machines of a league would be, each keeping what opts say (serveStore).
func openLeague(t testing.TB, cluster *needs.Cluster, n int, opts ...table.OpenOption) []*testClub {
	t.Helper()
	dsn := cluster.Database(t)
	var clubs []*testClub
	for range n {
		clubs = append(clubs, serveStore(t, dsn, false, opts...))
	}
	return clubs
}

// TestAMoveReachesPagesOnAnotherServer: two servers share a league's database. A game made on
// one opens on the other with its table's code, and a move recorded through one reaches a
// page's live stream on the other within a second.
func TestAMoveReachesPagesOnAnotherServer(t *testing.T) {
	league := openLeague(t, needs.Postgres(t), 2)
	a, b := league[0], league[1]
	game, code := a.newGame(t, pinochle)
	req, err := http.NewRequestWithContext(t.Context(), "GET", fmt.Sprintf("%s/api/games/%d/live", b.http.URL, game), nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+code)
	res, err := b.http.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("the table's code on the other server: %d", res.StatusCode)
	}
	next := eventsOf(res.Body)
	if ev := next(); ev != "hello" {
		t.Fatalf("first event %q, want hello", ev)
	}
	got := make(chan string, 1)
	go func() { got <- next() }()
	ctx, cancel := needs.WithDeadline(t, t.Context())
	defer cancel()
	sent := time.Now()
	if status, body := a.call(t, "POST", fmt.Sprintf("/api/games/%d/moves", game), code, move{Move: "ann bid 10"}); status != http.StatusCreated {
		t.Fatalf("a move through the first server: %d %s", status, body)
	}
	select {
	case ev := <-got:
		if ev != "moved" {
			t.Errorf("event %q, want moved", ev)
		}
		t.Logf("the move reached the other server's stream %v after it was sent", time.Since(sent).Round(time.Millisecond))
	case <-ctx.Done():
		t.Fatalf("waiting for the move on the other server's stream: %s", needs.OutOfTime())
	}
	if v := apiGet[play.View](t, b, "/api/games/%d", game); v.Last != 2 {
		t.Errorf("the other server shows the game at event %d, want 2", v.Last)
	}
}

// TestAPhoneTriesAgainWhenTheDatabaseIsBack: a move sent from the game page while the league's
// database is down is answered with a page that says so and offers to send the same move
// again, following the same event; sent once the database is back, it is recorded, and sent
// once more it is a conflict, not a second move.
func TestAPhoneTriesAgainWhenTheDatabaseIsBack(t *testing.T) {
	// Durable: a cluster that does not wait for the disk loses, when killed, what it had just
	// committed (the game itself).
	cluster := needs.DurablePostgres(t)
	club := openLeague(t, cluster, 1)[0]
	game, code := club.newGame(t, pinochle)
	path := fmt.Sprintf("/games/%d/moves", game)

	cluster.Kill(t)
	status, _, page := club.form(t, path, code, url.Values{"move": {"ann bid 10"}, "after": {"1"}})
	if status != http.StatusServiceUnavailable || !strings.Contains(page, "The database is not answering") {
		t.Fatalf("a move while the database is down: %d\n%s", status, page)
	}
	form := regexp.MustCompile(`(?s)<form method="post" action="([^"]+)" class="card">(.*?)<button>Try again</button>`).FindStringSubmatch(page)
	if form == nil || form[1] != path {
		t.Fatalf("the page offers no form to send the move again to %s:\n%s", path, page)
	}
	again := url.Values{}
	for _, f := range regexp.MustCompile(`name="([^"]+)" value="([^"]*)"`).FindAllStringSubmatch(form[2], -1) {
		again.Add(f[1], html.UnescapeString(f[2]))
	}
	if again.Get("move") != "ann bid 10" || again.Get("after") != "1" {
		t.Fatalf("the form sends again %v", again)
	}

	cluster.Start(t)
	if status, to, page := club.form(t, path, code, again); status != http.StatusSeeOther || !strings.HasSuffix(to, "done=2") {
		t.Fatalf("the move sent again once the database is back: %d %s\n%s", status, to, page)
	}
	if status, _, page := club.form(t, path, code, again); status != http.StatusConflict {
		t.Errorf("the same move sent a third time: %d, want a conflict\n%s", status, page)
	}
	if v := apiGet[play.View](t, club, "/api/games/%d", game); v.Last != 2 {
		t.Errorf("the game is at event %d, want 2: one bid", v.Last)
	}
}
