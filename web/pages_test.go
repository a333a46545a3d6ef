package web

import (
	"fmt"
	"html"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee/capture"
	"github.com/tableside/tableside/referee/kinds"
	"github.com/tableside/tableside/referee/refereetest"
	"github.com/tableside/tableside/table"
)

// form posts a page's form to the club with a bearer credential and does not follow the
// answer's redirect: it returns the status, where it leads and the page.
func (c *testClub) form(t *testing.T, path, bearer string, v url.Values) (int, string, string) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), "POST", c.http.URL+path, strings.NewReader(v.Encode()))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if bearer != "" {
		req.Header.Set("Authorization", "Bearer "+bearer)
	}
	client := *c.http.Client()
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return answered(t, &client, req)
}

// answered sends req with client, which follows no redirect: the status, where a redirect
// leads, and the page.
func answered(t *testing.T, client *http.Client, req *http.Request) (int, string, string) {
	t.Helper()
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, res.Header.Get("Location"), string(body)
}

// TestTheWallShowsNoCode: the wall screen shows the night without a table code to whoever
// opens it, the director included; without --public it is opened by the director's login or
// by the wall key, which opens nothing else.
func TestTheWallShowsNoCode(t *testing.T) {
	c := openClub(t, false)
	game, code := c.newGame(t, pinochle)
	hidden := func(page string) bool {
		return !strings.Contains(page, code) && !strings.Contains(page, c.srv.keys.Code(game)) && !strings.Contains(page, "table code")
	}

	status, room := c.call(t, "GET", "/wall", "", nil)
	if status != http.StatusUnauthorized || !strings.Contains(string(room), `action="/wall/key"`) || strings.Contains(string(room), "401") {
		t.Errorf("the wall without a key: %d, want 401 offering the key's form without the number:\n%s", status, room)
	}
	status, director := c.call(t, "GET", "/wall", testKey, nil)
	if status != http.StatusOK || !hidden(string(director)) || !strings.Contains(string(director), "ann 0 · bob 0") {
		t.Errorf("the wall for the director: %d, showing a code or not the game:\n%s", status, director)
	}
	if strings.Contains(string(director), `href="/games/new"`) {
		t.Errorf("the wall shows the director's menu to the room")
	}
	_, club := c.call(t, "GET", "/", testKey, nil)
	key := table.ShowWallKey(c.srv.keys.WallKey())
	if !strings.Contains(string(club), key) || !strings.Contains(string(club), code) {
		t.Errorf("the director's club page does not give the wall key %s and the codes", key)
	}

	// Another screen opens the wall with the key, typed as people type it; its address is then
	// the wall's, without the key.
	screen := cookieClient(t)
	res, err := screen.Get(c.http.URL + "/wall/key?key=" + url.QueryEscape(strings.ToLower(key)))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/wall" {
		t.Fatalf("the wall key: %d to %q", res.StatusCode, res.Header.Get("Location"))
	}
	read := func(path string) (int, string) {
		res, err := screen.Get(c.http.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(io.LimitReader(res.Body, 1<<20))
		return res.StatusCode, string(b)
	}
	for _, path := range []string{"/wall", "/wall/now"} {
		if status, page := read(path); status != http.StatusOK || !hidden(page) || !strings.Contains(page, "ann 0 · bob 0") {
			t.Errorf("%s with the wall key: %d, showing a code or not the game:\n%s", path, status, page)
		}
	}
	// It opens the club's live stream, and nothing else.
	req, _ := http.NewRequestWithContext(t.Context(), "GET", c.http.URL+"/api/live", nil)
	res, err = screen.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "text/event-stream" {
		t.Errorf("the club's stream with the wall key: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	res.Body.Close()
	for _, path := range []string{"/", "/club/now", "/cards", fmt.Sprintf("/games/%d", game), "/api/games", "/api/matches"} {
		if status, _ := read(path); status != http.StatusUnauthorized {
			t.Errorf("%s with the wall key: %d, want 401", path, status)
		}
	}
	if status, _ := c.call(t, "GET", fmt.Sprintf("/api/games/%d", game), c.srv.keys.WallKey(), nil); status != http.StatusUnauthorized {
		t.Errorf("a game read with the wall key as a bearer: %d, want 401", status)
	}

	// A wrong key is a guess, as a wrong code is.
	c.srv.guard = newLimiter()
	if status, page := c.call(t, "GET", "/wall/key?key=ABCD-EFGH", "", nil); status != http.StatusUnauthorized || !strings.Contains(string(page), "not the wall key") {
		t.Errorf("a wrong wall key: %d\n%s", status, page)
	}
	if left := c.srv.guard.level("127.0.0.1").tokens; left >= guesses-0.5 {
		t.Errorf("the wrong wall key was not counted as a guess: %v tries left", left)
	}

	// With --public the wall is anyone's, and still shows no code.
	open := openClub(t, true)
	game, code = open.newGame(t, pinochle)
	if status, page := open.call(t, "GET", "/wall", "", nil); status != http.StatusOK || strings.Contains(string(page), code) {
		t.Errorf("the public wall: %d", status)
	}
}

// TestTheRoomIsNotShownAStatusNumber: a page that needs a credential says what to do, without
// a "401" heading.
func TestTheRoomIsNotShownAStatusNumber(t *testing.T) {
	c := openClub(t, false)
	status, page := c.call(t, "GET", "/", "", nil)
	h1 := regexp.MustCompile(`<h1>(.*)</h1>`).FindStringSubmatch(string(page))
	if status != http.StatusUnauthorized || h1 == nil || h1[1] != "Join a table" || !strings.Contains(string(page), `action="/join"`) {
		t.Errorf("the club page for the room: %d, heading %q", status, h1)
	}
}

// setupFields are the fields of a new game's form, as the page has them.
type setupFields struct {
	players, required, dealers, openers, teams, teamNames int
	selects                                               map[string][]string // an option's values
	numbers                                               map[string]string   // a numeric option's value
	date                                                  bool
}

func readSetupFields(page string) setupFields {
	count := func(re string) int { return len(regexp.MustCompile(re).FindAllString(page, -1)) }
	f := setupFields{
		players:   count(`<input name="player"`),
		required:  count(`<input name="player"[^>]* required>`),
		dealers:   count(`type="radio" name="dealer"`),
		openers:   count(`type="radio" name="opener"`),
		teams:     count(`<select name="team">`),
		teamNames: count(`<input name="teamname"`),
		selects:   map[string][]string{},
		numbers:   map[string]string{},
		date:      strings.Contains(page, `<input name="date" type="date" value="`),
	}
	for _, m := range regexp.MustCompile(`<select name="option\.(\w+)">(.*?)</select>`).FindAllStringSubmatch(page, -1) {
		for _, v := range regexp.MustCompile(`<option(?: selected)?>([^<]*)</option>`).FindAllStringSubmatch(m[2], -1) {
			f.selects[m[1]] = append(f.selects[m[1]], v[1])
		}
	}
	for _, m := range regexp.MustCompile(`<input name="option\.(\w+)" type="number"[^>]* value="(\d+)">`).FindAllStringSubmatch(page, -1) {
		f.numbers[m[1]] = m[2]
	}
	return f
}

// TestTheNewGameFormFollowsTheRules: each kind's form asks for what its rules say a setup
// names: its players, dealer or opener, options with their values, and teams.
func TestTheNewGameFormFollowsTheRules(t *testing.T) {
	c := openClub(t, false)
	status, page := c.call(t, "GET", "/games/new", testKey, nil)
	for _, k := range play.Kinds() {
		if !strings.Contains(string(page), fmt.Sprintf(`href="/games/new?kind=%s"`, k)) {
			t.Errorf("the first page offers no %s (%d)", k, status)
		}
	}
	for _, kind := range play.Kinds() {
		r := kinds.All()[kind]
		status, page := c.call(t, "GET", "/games/new?kind="+kind, testKey, nil)
		if status != http.StatusOK {
			t.Fatalf("%s: %d", kind, status)
		}
		got := readSetupFields(string(page))
		lo, hi := r.Players()
		seating := r.Seating()
		want := setupFields{players: hi, required: lo, selects: map[string][]string{}, numbers: map[string]string{}, date: true}
		if seating.Dealer {
			want.dealers = hi
		}
		if seating.Opener {
			want.openers = hi
		}
		if seating.Teams != nil {
			want.teams, want.teamNames = hi, seating.Teams.Count
		}
		for _, o := range r.Options() {
			if o.Numeric {
				want.numbers[o.Name] = o.Values[0]
			} else {
				want.selects[o.Name] = o.Values
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: the form has\n %+v\nwant\n %+v", kind, got, want)
		}
	}
	if status, page := c.call(t, "GET", "/games/new?kind=bridge", testKey, nil); status != http.StatusBadRequest || !strings.Contains(string(page), "unknown game") {
		t.Errorf("a kind there is none of: %d", status)
	}
}

// TestTheNewGameFormMakesEachKind: the form, posted as a browser posts it, makes the game it
// says, for each kind, with its dealer or opener, options, teams and date.
func TestTheNewGameFormMakesEachKind(t *testing.T) {
	c := openClub(t, false)
	for _, tc := range []struct {
		name string
		form url.Values
		want events.Created
	}{
		{"candidate, the dealer marked", url.Values{"kind": {"candidate"}, "player": {"ann", "bob"}, "dealer": {"2"}, "option.decks": {"1"}, "option.wrap": {"off"}, "date": {"2026-11-20"}},
			events.Created{Kind: "candidate", Players: []string{"ann", "bob"}, Dealer: "bob", Options: map[string]string{"decks": "1", "wrap": "off"}, Date: "2026-11-20"}},
		{"pinochle, the opener marked", url.Values{"kind": {"pinochle"}, "player": {"ann", "bob"}, "opener": {"1"}, "option.deal": {"selection"}, "option.opening": {"12"}, "option.limit": {"150"}, "date": {"2026-11-21"}, "match": {"autumn"}},
			events.Created{Kind: "pinochle", Players: []string{"ann", "bob"}, Opener: "ann", Match: "autumn", Options: map[string]string{"deal": "selection", "opening": "12", "limit": "150"}, Date: "2026-11-21"}},
		{"article2 in parties", url.Values{"kind": {"article2"}, "player": {"ann", "bob", "cy", "dee"}, "team": {"1", "2", "1", "2"}, "teamname": {"red", "blue"}, "option.parties": {"on"}, "date": {"2026-11-22"}},
			events.Created{Kind: "article2", Players: []string{"ann", "bob", "cy", "dee"}, Teams: map[string][]string{"red": {"ann", "cy"}, "blue": {"bob", "dee"}}, Options: map[string]string{"parties": "on"}, Date: "2026-11-22"}},
		{"article2 for three, seats left empty", url.Values{"kind": {"article2"}, "player": {"ann", "bob", "cy", ""}, "team": {"", "", "", ""}, "teamname": {"", ""}, "option.parties": {"off"}, "date": {"2026-11-22"}},
			events.Created{Kind: "article2", Players: []string{"ann", "bob", "cy"}, Options: map[string]string{"parties": "off"}, Date: "2026-11-22"}},
		{"advantage", url.Values{"kind": {"advantage"}, "player": {"ann", "bob"}, "dealer": {"2"}, "date": {"2026-11-23"}},
			events.Created{Kind: "advantage", Players: []string{"ann", "bob"}, Dealer: "bob", Options: map[string]string{}, Date: "2026-11-23"}},
		{"capture for three", url.Values{"kind": {"capture"}, "player": {"ann", "bob", "cy", "", "", ""}, "dealer": {"3"}, "option.noplay": {"passes"}, "option.bonus": {"follows"}, "option.extra": {"on"}, "option.halving": {"off"}, "date": {"2026-11-24"}},
			events.Created{Kind: "capture", Players: []string{"ann", "bob", "cy"}, Dealer: "cy", Options: map[string]string{"noplay": "passes", "bonus": "follows", "extra": "on", "halving": "off"}, Date: "2026-11-24"}},
	} {
		status, to, page := c.form(t, "/games", testKey, tc.form)
		if status != http.StatusSeeOther || !strings.HasPrefix(to, "/games/") {
			t.Errorf("%s: %d to %q\n%s", tc.name, status, to, page)
			continue
		}
		var id int64
		fmt.Sscanf(to, "/games/%d", &id)
		g, err := c.app.Game(t.Context(), id)
		if err != nil {
			t.Fatal(err)
		}
		got := g.Setup()
		got.Ruleset = ""
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("%s: made\n %+v\nwant\n %+v", tc.name, got, tc.want)
		}
	}

	// A form the rules refuse comes back as it was filled, with the reason.
	status, _, page := c.form(t, "/games", testKey, url.Values{"kind": {"article2"}, "player": {"ann", "bob", "cy", "dee"},
		"team": {"1", "2", "1", ""}, "teamname": {"red", "blue"}, "option.parties": {"on"}})
	if status != http.StatusBadRequest || !strings.Contains(page, "party blue has 1 players") || !strings.Contains(page, `value="dee"`) ||
		!strings.Contains(page, `<option value="1" selected>1</option>`) || !strings.Contains(page, `<option selected>on</option>`) {
		t.Errorf("a party of one: %d\n%s", status, page)
	}
	for _, tc := range []struct {
		name string
		form url.Values
		says string
	}{
		{"a name with a comma", url.Values{"kind": {"candidate"}, "player": {"ann,cy", "bob"}, "dealer": {"2"}}, "cannot hold a comma"},
		{"a marked seat without a name", url.Values{"kind": {"candidate"}, "player": {"ann", ""}, "dealer": {"2"}}, "player 2 is marked but has no name"},
		{"a team without a name", url.Values{"kind": {"article2"}, "player": {"ann", "bob", "cy", "dee"}, "team": {"1", "2", "1", "2"}, "teamname": {"red", ""}, "option.parties": {"on"}}, "team 2 has players but no name"},
		{"no dealer", url.Values{"kind": {"capture"}, "player": {"ann", "bob"}}, "name the dealer"},
	} {
		if status, _, page := c.form(t, "/games", testKey, tc.form); status != http.StatusBadRequest || !strings.Contains(page, tc.says) {
			t.Errorf("%s: %d, not saying %q", tc.name, status, tc.says)
		}
	}
	if g, err := c.app.GamesSince(t.Context(), time.Now().Add(-time.Hour)); err != nil || len(g) != 6 {
		t.Errorf("%d games made, want the 6 accepted (%v)", len(g), err)
	}
}

// TestSeatingIsWhatNewNeeds: what each kind's rules say a setup names (Seating) is what its New
// requires, so that the form asks for no more and no less.
func TestSeatingIsWhatNewNeeds(t *testing.T) {
	for _, kind := range play.Kinds() {
		r := kinds.All()[kind]
		s := r.Seating()
		lo, _ := r.Players()
		if s.Teams != nil {
			lo = s.Teams.Count * s.Teams.Size
		}
		players := []string{"ann", "bob", "cy", "dee", "eve", "fay"}[:lo]
		setup := func(dealer, opener string, teams bool) events.Created {
			c := events.Created{Kind: kind, Players: players, Dealer: dealer, Opener: opener, Date: "2026-11-20", Options: map[string]string{}}
			if teams && s.Teams != nil {
				c.Teams = map[string][]string{}
				for i, p := range players {
					name := fmt.Sprintf("team%d", i%s.Teams.Count+1)
					c.Teams[name] = append(c.Teams[name], p)
				}
				if s.Teams.Option != "" {
					c.Options[s.Teams.Option] = s.Teams.Value
				}
			}
			return c
		}
		accepts := func(c events.Created) bool { _, err := r.New(c); return err == nil }
		named := s.Dealer || s.Opener
		if got := accepts(setup("", "", true)); got == named {
			t.Errorf("%s: a setup naming neither dealer nor opener accepted: %v; Seating %+v", kind, got, s)
		}
		if s.Dealer && !accepts(setup("bob", "", true)) {
			t.Errorf("%s: Seating names the dealer, but New refuses a setup that names only the dealer", kind)
		}
		if s.Opener && !accepts(setup("", "ann", true)) {
			t.Errorf("%s: Seating names the opener, but New refuses a setup that names only the opener", kind)
		}
		if s.Dealer && !s.Opener && accepts(setup("", "ann", true)) {
			t.Errorf("%s: Seating names the dealer only, but New takes the opener alone", kind)
		}
		// A kind whose New needs teams under a value of one of its options says so.
		_, most := r.Players()
		for _, o := range r.Options() {
			for _, v := range o.Values {
				c := setup("", "", false)
				if s.Dealer {
					c.Dealer = "bob"
				}
				c.Players = []string{"ann", "bob", "cy", "dee", "eve", "fay"}[:most-most%2]
				c.Options = map[string]string{o.Name: v}
				alone := accepts(c)
				half := len(c.Players) / 2
				c.Teams = map[string][]string{"red": c.Players[:half], "blue": c.Players[half:]}
				if !alone && accepts(c) && (s.Teams == nil || s.Teams.Option != "" && (s.Teams.Option != o.Name || s.Teams.Value != v)) {
					t.Errorf("%s: New needs teams with %s=%s, but Seating says %+v", kind, o.Name, v, s.Teams)
				}
			}
		}
		if s.Teams == nil {
			continue
		}
		withOption := setup("", "", false)
		withOption.Options[s.Teams.Option] = s.Teams.Value
		if s.Dealer {
			withOption.Dealer = "bob"
		}
		if accepts(withOption) {
			t.Errorf("%s: Seating has teams, but New takes %s=%s without them", kind, s.Teams.Option, s.Teams.Value)
		}
	}
}

// offered lists the moves a game's page offers as buttons, in the order shown.
func offered(t *testing.T, c *testClub, game int64, bearer string) []string {
	t.Helper()
	_, page := c.call(t, "GET", fmt.Sprintf("/games/%d/now", game), bearer, nil)
	var moves []string
	for _, m := range regexp.MustCompile(`<input type="hidden" name="move" value="([^"]*)"><button>`).FindAllStringSubmatch(string(page), -1) {
		moves = append(moves, m[1])
	}
	return moves
}

// TestBidsAreOfferedAFew: a bid is offered as the referee's lowest and the next few, each a
// bid the referee takes now, in Pinochle's auction and in Capture's for the extra hand.
func TestBidsAreOfferedAFew(t *testing.T) {
	c := openClub(t, false)
	pin, code := c.newGame(t, pinochle)
	want := []string{"ann bid 10", "ann bid 11", "ann bid 12", "ann bid 13", "ann bid 14", "ann bid 15", "ann pass"}
	if got := offered(t, c, pin, code); !slices.Equal(got, want) {
		t.Errorf("pinochle's first bid offers %q, want %q", got, want)
	}
	c.recordAPI(t, pin, "ann bid 13")
	want = []string{"bob bid 14", "bob bid 15", "bob bid 16", "bob bid 17", "bob bid 18", "bob bid 19", "bob pass"}
	if got := offered(t, c, pin, code); !slices.Equal(got, want) {
		t.Errorf("after ann bids 13, pinochle offers %q, want %q", got, want)
	}
	// Each is taken as offered.
	if status, to, page := c.form(t, fmt.Sprintf("/games/%d/moves", pin), code, url.Values{"move": {"bob bid 17"}, "after": {"2"}}); status != http.StatusSeeOther {
		t.Errorf("bob bids 17 from its button: %d to %q\n%s", status, to, page)
	}

	capture, code := c.newGame(t, table.Setup{Kind: "capture", Players: []string{"ann", "bob", "cy"}, Dealer: "cy", Options: map[string]string{"extra": "on"}})
	c.recordAPI(t, capture, "up 4E")
	want = []string{"ann bid 1", "ann bid 2", "ann bid 3", "ann bid 4", "ann bid 5", "ann bid 6", "ann pass"}
	if got := offered(t, c, capture, code); !slices.Equal(got, want) {
		t.Errorf("capture's extra hand offers %q, want %q", got, want)
	}
	// A move whose number is no choice of the player's (Voter ADHD names the event it
	// discards) is offered as the referee lists it.
	a2, code := c.article2Game(t)
	c.recordAPI(t, a2, "start ann")
	c.recordAPI(t, a2, "ann play tack bob")
	v := apiGet[play.View](t, c, "/api/games/%d", a2)
	if got := offered(t, c, a2, code); !slices.Equal(got, v.Legal) {
		t.Errorf("article2 offers %d moves, the referee lists %d:\n%q\n%q", len(got), len(v.Legal), got, v.Legal)
	}
}

// TestArticle2OffersTheCardThenThePlayer: a turn of Article II is offered as its cards, each
// opening the players it may be played on, without script; a short list stays as it is.
func TestArticle2OffersTheCardThenThePlayer(t *testing.T) {
	c := openClub(t, false)
	game, code := c.newGame(t, table.Setup{Kind: "article2", Players: []string{"ann", "bob", "cy", "dee"}})
	_, page := c.call(t, "GET", fmt.Sprintf("/games/%d/now", game), code, nil)
	if strings.Contains(string(page), "<details") {
		t.Errorf("the four starting players are grouped")
	}
	c.recordAPI(t, game, "start ann")
	c.recordAPI(t, game, "ann play tack bob")
	_, page = c.call(t, "GET", fmt.Sprintf("/games/%d/now", game), code, nil)
	groups := regexp.MustCompile(`(?s)<details name="offer"><summary>([^<]*)</summary>(.*?)</details>`).FindAllStringSubmatch(string(page), -1)
	legal := apiGet[play.View](t, c, "/api/games/%d", game).Legal
	if len(groups) != 14 || len(legal) != 14*4+1 {
		t.Fatalf("%d cards offered for %d moves, want the 14 kinds that play on a player", len(groups), len(legal))
	}
	if want := "Tack Center on … (+4 E -3 A)"; html.UnescapeString(groups[0][1]) != want {
		t.Errorf("the first card says %q, want %q", groups[0][1], want)
	}
	if !strings.Contains(string(page), `<p class="lead">bob plays:</p>`) {
		t.Errorf("the words every button shares are not said once above them")
	}
	targets := regexp.MustCompile(`name="move" value="([^"]*)"><button>([^<]*)</button>`).FindAllStringSubmatch(groups[0][2], -1)
	var moves, names []string
	for _, m := range targets {
		moves, names = append(moves, m[1]), append(names, m[2])
	}
	if want := []string{"bob play tack ann", "bob play tack bob", "bob play tack cy", "bob play tack dee"}; !slices.Equal(moves, want) || !slices.Equal(names, []string{"ann", "bob", "cy", "dee"}) {
		t.Errorf("Tack Center opens %q (%q), want %q", moves, names, want)
	}
	// Every legal move is there once, in the referee's order.
	if got := offered(t, c, game, code); !slices.Equal(got, legal) {
		t.Errorf("the page offers\n%q\nthe referee lists\n%q", got, legal)
	}
	// With two cards in play, Voter ADHD opens the cards it may discard.
	c.recordAPI(t, game, "bob play gaffe dee")
	_, page = c.call(t, "GET", fmt.Sprintf("/games/%d/now", game), code, nil)
	adhd := regexp.MustCompile(`(?s)<summary>Voter ADHD on …</summary>(.*?)</details>`).FindStringSubmatch(html.UnescapeString(string(page)))
	if adhd == nil {
		t.Fatalf("no Voter ADHD among the cards:\n%s", page)
	}
	discards := regexp.MustCompile(`<button>([^<]*)</button>`).FindAllStringSubmatch(adhd[1], -1)
	if len(discards) != 2 || discards[0][1] != "bob's Tack Center (event 3)" || discards[1][1] != "dee's Gaffe (event 4)" {
		t.Errorf("Voter ADHD opens %q", discards)
	}
}

// TestCaptureOffersTheSuitThenTheCard: Capture's up-card, one of 57 cards, is offered as its
// suit, each opening the cards of that suit, with "up-card" said once; a lead of 27 cards stays
// one tap each, with the words they share ("ann plays") said once above them, and the pass
// saying all its words.
func TestCaptureOffersTheSuitThenTheCard(t *testing.T) {
	c := openClub(t, false)
	game, code := c.newGame(t, table.Setup{Kind: "capture", Players: []string{"ann", "bob", "cy"}, Dealer: "cy"})
	_, page := c.call(t, "GET", fmt.Sprintf("/games/%d/now", game), code, nil)
	text := html.UnescapeString(string(page))
	groups := regexp.MustCompile(`(?s)<details name="offer"><summary>([^<]*)</summary>(.*?)</details>`).FindAllStringSubmatch(text, -1)
	var suits []string
	for _, g := range groups {
		suits = append(suits, g[1])
	}
	if want := []string{"Venus", "Saturn", "Neptune", "Mars", "Jupiter", "Earth"}; !slices.Equal(suits, want) {
		t.Fatalf("the up-card offers %q, want the suits %q", suits, want)
	}
	if !strings.Contains(text, `<p class="lead">up-card:</p>`) {
		t.Errorf("the up-card's shared words are not said once above the suits")
	}
	cards := regexp.MustCompile(`name="move" value="([^"]*)"><button>([^<]*)</button>`).FindAllStringSubmatch(groups[1][2], -1)
	var moves, names []string
	for _, m := range cards {
		moves, names = append(moves, m[1]), append(names, m[2])
	}
	if len(moves) != 10 || moves[0] != "up 1S" || names[0] != "1 Saturn" || names[7] != "Moon of Saturn" || names[9] != "Galaxy Saturn" {
		t.Errorf("Saturn opens %q (%q), want its nine cards and its Galaxy", moves, names)
	}
	legal := apiGet[play.View](t, c, "/api/games/%d", game).Legal
	if got := offered(t, c, game, code); !slices.Equal(slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(legal))) || len(got) != 57 {
		t.Errorf("the page offers\n%q\nthe referee lists\n%q", got, legal)
	}

	// The move box takes a card as the page writes it, in words.
	if status, to, page := c.form(t, fmt.Sprintf("/games/%d/moves", game), code, url.Values{"move": {"up 4 Earth"}, "after": {"1"}}); status != http.StatusSeeOther {
		t.Fatalf("up 4 Earth typed in the box: %d to %q\n%s", status, to, page)
	}
	_, page = c.call(t, "GET", fmt.Sprintf("/games/%d/now", game), code, nil)
	text = html.UnescapeString(string(page))
	if !strings.Contains(text, "up-card: 4 Earth") {
		t.Errorf("the up-card typed as 4 Earth is not shown")
	}
	if strings.Contains(text, "<details") {
		t.Errorf("the lead is offered in two steps")
	}
	if !strings.Contains(text, `<p class="lead">ann plays:</p>`) {
		t.Errorf("the lead's shared words are not said once above its buttons")
	}
	buttons := regexp.MustCompile(`<button>([^<]*)</button>`).FindAllStringSubmatch(text, -1)
	var said []string
	for _, b := range buttons {
		said = append(said, b[1])
	}
	if !slices.Contains(said, "3 Venus") || !slices.Contains(said, "Moon of Neptune") || !slices.Contains(said, "ann passes") || slices.ContainsFunc(said, func(s string) bool { return strings.HasPrefix(s, "ann plays") }) {
		t.Errorf("the lead's buttons say %q", said)
	}
	if got := offered(t, c, game, code); len(got) != 28 {
		t.Errorf("the lead offers %d moves, want 27 cards and the pass", len(got))
	}
}

// TestCaptureCardsLeftAreTyped: at the end of a hand the referee lists one set of cards left
// for each player yet to show, as an example: the page offers it as what to type, in the move
// box, and never as a button, which would record cards nobody chose.
func TestCaptureCardsLeftAreTyped(t *testing.T) {
	c := openClub(t, false)
	setup, moves := capture.Rules{}.Playout(rand.New(rand.NewPCG(3, 3)), refereetest.Names)
	game, code := c.newGame(t, table.Setup{Kind: setup.Kind, Players: setup.Players, Dealer: setup.Dealer, Options: setup.Options})
	g, err := capture.Rules{}.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	var left []string
	for i, m := range moves {
		if left = slices.DeleteFunc(apiGet[play.View](t, c, "/api/games/%d", game).Legal, func(l string) bool { return !strings.Contains(l, " left ") }); len(left) > 0 {
			break
		}
		c.recordAPI(t, game, g.Notation(m))
		g.Apply(int64(i+2), m)
	}
	if len(left) == 0 {
		t.Fatal("the game never came to the cards left")
	}
	_, page := c.call(t, "GET", fmt.Sprintf("/games/%d", game), code, nil)
	if got := offered(t, c, game, code); slices.ContainsFunc(got, func(m string) bool { return strings.Contains(m, " left ") }) {
		t.Errorf("the page offers cards left as buttons: %q", got)
	}
	if !strings.Contains(string(page), fmt.Sprintf(`placeholder="%s"`, left[0])) {
		t.Errorf("the move box does not show %q as what to type", left[0])
	}
}

// TestConfirmationsFromThePhones: the phone that enters the move that scores a round is told
// the other side confirms it; every other phone at the table is offered the confirmation (L9).
// Nothing waits for it in a game of no tournament: the director's club page does not list it.
func TestConfirmationsFromThePhones(t *testing.T) {
	c := openClub(t, false)
	game, code := c.newGame(t, table.Setup{Kind: "candidate", Players: []string{"ann", "bob"}, Dealer: "bob"})
	join := func() *http.Client {
		phone := cookieClient(t)
		res, err := phone.Get(fmt.Sprintf("%s/join?game=%d&code=%s", c.http.URL, game, url.QueryEscape(code)))
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return phone
	}
	page := func(phone *http.Client) string {
		res, err := phone.Get(fmt.Sprintf("%s/games/%d", c.http.URL, game))
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return string(b)
	}
	entering, other := join(), join()
	seat := []string{"seat H", "reveal 7H", "ann bid 9H", "bob pass", "reveal 8H", "ann bid 2H", "bob bid 3H", "ann pass",
		"reveal 10H", "bob bid 4H", "ann bid 5H", "bob pass"}
	for i, m := range seat {
		res, err := entering.PostForm(fmt.Sprintf("%s/games/%d/moves", c.http.URL, game), url.Values{"move": {m}, "after": {fmt.Sprint(i + 1)}})
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("%s: %d", m, res.StatusCode)
		}
	}
	offered := `action="/games/` + fmt.Sprint(game) + `/confirm"`
	if p := page(entering); strings.Contains(p, offered) || !strings.Contains(p, "Seat 1 is scored: the other side confirms it") {
		t.Errorf("the phone that scored seat 1 is offered to confirm it, or not told who does:\n%s", p)
	}
	if p := page(other); !strings.Contains(p, offered) || !strings.Contains(p, "Seat 1 is scored. Confirm it as:") {
		t.Errorf("the other phone is not offered the confirmation:\n%s", p)
	}
	if _, club := c.call(t, "GET", "/", testKey, nil); strings.Contains(string(club), "Rounds not yet confirmed") {
		t.Errorf("the director's club page lists seat 1 as waiting, though nothing waits for it:\n%s", club)
	}

	res, err := other.PostForm(fmt.Sprintf("%s/games/%d/confirm", c.http.URL, game), url.Values{"round": {"1"}, "player": {"bob"}, "after": {"13"}})
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("confirm: %d", res.StatusCode)
	}
	g, err := c.app.Game(t.Context(), game)
	if err != nil {
		t.Fatal(err)
	}
	if e, _ := g.EventAt(14); e.Type != events.TypeConfirm || len(g.Waiting()) != 0 {
		t.Errorf("event 14 is %s, still waiting %v; want bob's confirmation and nothing waiting", e.Type, g.Waiting())
	}
	if p := page(other); strings.Contains(p, offered) {
		t.Errorf("a confirmed seat is still offered")
	}
	if _, club := c.call(t, "GET", "/", testKey, nil); strings.Contains(string(club), "Rounds not yet confirmed") {
		t.Errorf("the director's club page still lists a confirmed seat")
	}
	// A table may confirm through the API too, but not twice.
	status, body := c.call(t, "POST", fmt.Sprintf("/api/games/%d/corrections", game), code, correction{Verb: "confirm", Args: []string{"1", "bob"}})
	if status != http.StatusBadRequest || !strings.Contains(string(body), "bob confirmed seat 1 already") {
		t.Errorf("a second confirmation by the table: %d %s", status, body)
	}
}

// TestARulesPageForTheTable: a table's phone reads its game's rulebook: the options the game is
// played with, how moves are typed, and every ruling the referee cites, the log's included.
func TestARulesPageForTheTable(t *testing.T) {
	c := openClub(t, false)
	game, code := c.newGame(t, table.Setup{Kind: "pinochle", Players: []string{"ann", "bob"}, Opener: "ann", Options: map[string]string{"limit": "150"}})
	rules := fmt.Sprintf("/games/%d/rules", game)
	if status, _ := c.call(t, "GET", rules, "", nil); status != http.StatusUnauthorized {
		t.Errorf("without a code: %d", status)
	}
	status, body := c.call(t, "GET", rules, code, nil)
	page := string(body)
	book, err := table.RulebookOf("pinochle")
	if err != nil {
		t.Fatal(err)
	}
	form, _, _ := play.SplitForm(book.Grammar[0])
	if status != http.StatusOK || !strings.Contains(page, "limit = 150") || !strings.Contains(page, html.EscapeString(book.Rulings[0].Text)) ||
		!strings.Contains(page, `id="L9"`) || !strings.Contains(page, "<code>"+html.EscapeString(form)+"</code>") {
		t.Errorf("rules page: %d\n%s", status, page)
	}
	if _, body := c.call(t, "GET", fmt.Sprintf("/games/%d", game), code, nil); !strings.Contains(string(body), `href="/games/`+fmt.Sprint(game)+`/rules"`) {
		t.Error("the game page does not link its rules")
	}
}

// TestTheClubPageListsConfirmationsWhereAsked: the director's club page lists the scored
// rounds waiting for a confirmation in a tournament that asked for them (confirm=on), until
// they are confirmed, and none in one that did not.
func TestTheClubPageListsConfirmationsWhereAsked(t *testing.T) {
	c := openClub(t, false)
	for _, confirm := range []bool{false, true} {
		setup := clubNight
		setup.Name, setup.Confirm = fmt.Sprintf("confirm %v", confirm), confirm
		night := c.newTournament(t, setup)
		game := apiPost[table.RoundView](t, c, fmt.Sprintf("/api/tournaments/%d/pair", night.Tournament.Game)).Tables[0].Game
		words, err := seededGame(rand.New(rand.NewPCG(3, 3)), apiGet[play.View](t, c, "/api/games/%d", game))
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range words {
			if g, err := c.app.Game(t.Context(), game); err != nil || len(g.Waiting()) > 0 {
				break
			}
			c.recordAPI(t, game, w)
		}
		_, club := c.call(t, "GET", "/", testKey, nil)
		listed := strings.Contains(string(club), fmt.Sprintf(`<li><a href="/games/%d">game %d</a> (pinochle): hand 1</li>`, game, game))
		if listed != confirm {
			t.Errorf("confirm=%v: hand 1 of game %d listed as waiting: %v\n%s", confirm, game, listed, club)
		}
	}
}
