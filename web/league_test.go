package web

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/tableside/tableside/internal/needs"
	"github.com/tableside/tableside/table"
)

// openLeague starts n servers over one new database in cluster, each with an application of
// its own, as the machines of a league would be.
func openLeague(t testing.TB, cluster *needs.Cluster, n int) []*testClub {
	t.Helper()
	dsn := cluster.Database(t)
	var clubs []*testClub
	for range n {
		clubs = append(clubs, serveStore(t, dsn, false))
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
	case <-time.After(liveWithin):
		t.Fatalf("the move did not reach the other server's stream within %v", liveWithin)
	}
	if v := apiGet[table.View](t, b, "/api/games/%d", game); v.Last != 2 {
		t.Errorf("the other server shows the game at event %d, want 2", v.Last)
	}
}
