package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/table"
)

// TestTheOrganiserRunsANightFromThePages: the organiser starts a tournament from its form,
// enters a late arrival, pairs round 1, is told what holds round 2 up and refused its pairing
// while round 1 is played, ends the round, and pairs round 2; a form with a bad line is shown
// again as entered, with what was wrong. Only the director opens these pages.
func TestTheOrganiserRunsANightFromThePages(t *testing.T) {
	c := openClub(t, false)
	status, kinds := c.call(t, "GET", "/tournaments/new", testKey, nil)
	if status != http.StatusOK || !strings.Contains(string(kinds), `href="/tournaments/new?kind=pinochle"`) {
		t.Fatalf("the kinds: %d\n%s", status, kinds)
	}
	status, form := c.call(t, "GET", "/tournaments/new?kind=pinochle", testKey, nil)
	if status != http.StatusOK || !strings.Contains(string(form), "<option selected>swiss</option><option>round-robin</option></select>") ||
		strings.Contains(string(form), "rotation") || !strings.Contains(string(form), `name="option.limit"`) || strings.Contains(string(form), `name="table_size"`) {
		t.Errorf("pinochle's form: %d, want swiss or a round robin, its options, no table size:\n%s", status, form)
	}
	if strings.Count(string(form), `name="tie_break"`) != 3 || !strings.Contains(string(form), "<option selected>buchholz</option>") ||
		!strings.Contains(string(form), "<option selected>sonneborn-berger</option>") || strings.Count(string(form), "<option selected>") != 4 {
		t.Errorf("pinochle's form: want three tie-breaks, the rules' two chosen (and swiss, and an option's default):\n%s", form)
	}
	if _, capture := c.call(t, "GET", "/tournaments/new?kind=capture", testKey, nil); !strings.Contains(string(capture), `name="table_size"`) || !strings.Contains(string(capture), "<option selected>swiss</option><option>round-robin</option><option>rotation</option></select>") {
		t.Errorf("capture's form has no table size, or not every format (a round robin at tables of 2):\n%s", capture)
	}

	fields := url.Values{"kind": {"pinochle"}, "name": {"friday"}, "format": {"swiss"}, "rounds": {"2"},
		"players": {"ann 1800\r\nbob 1700\r\n\r\ncy 15x\r\ndee"}, "tie_break": {"buchholz", "direct", ""}, "option.limit": {"50"}}
	status, _, page := c.form(t, "/tournaments", testKey, fields)
	if status != http.StatusBadRequest || !strings.Contains(page, `line 4: cy&#39;s rating &#34;15x&#34; is not a number`) || !strings.Contains(page, "ann 1800") {
		t.Errorf("a bad rating: %d, want the form again with what was wrong:\n%s", status, page)
	}
	fields.Set("players", "ann 1800\r\nann lee\r\ncy\r\ndee")
	if status, _, page := c.form(t, "/tournaments", testKey, fields); status != http.StatusBadRequest ||
		!strings.Contains(page, `line 2: player name &#34;ann lee&#34;: names are one word (ann_lee), and a rating after it is a number`) {
		t.Errorf("a name of two words: %d, want it said as the command line says it:\n%s", status, page)
	}
	fields.Set("players", "ann 1800\r\nbob 1700\r\n\r\ncy\r\ndee")
	status, to, _ := c.form(t, "/tournaments", testKey, fields)
	id := 0
	if _, err := fmt.Sscanf(to, "/tournaments/%d", &id); status != http.StatusSeeOther || err != nil {
		t.Fatalf("starting the tournament: %d to %q", status, to)
	}
	organiser := fmt.Sprintf("/tournaments/%d", id)
	status, body := c.call(t, "GET", organiser, testKey, nil)
	page = string(body)
	for _, want := range []string{"friday", "pinochle · swiss over 2 rounds · tie-breaks buchholz, direct", "Pair round 1", fmt.Sprintf("/tournaments/%d/cards", id), `<li class="here"><span class="name">ann</span> <small>1800</small>`} {
		if !strings.Contains(page, want) {
			t.Errorf("the organiser's page: %d, without %q:\n%s", status, want, page)
		}
	}

	act := func(path string, v url.Values) (int, string) { t.Helper(); return c.directorActs(t, path, v) }
	if status, page := act(organiser+"/moves", url.Values{"verb": {"arrive"}, "player": {"eve"}, "rating": {"1400"}}); status != http.StatusSeeOther || !strings.Contains(page, "Recorded: eve arrives") ||
		!strings.Contains(page, `<li class="here"><span class="name">eve</span> <small>1400</small>`+"\n"+`<form`) {
		t.Errorf("a late arrival: %d\n%s", status, page)
	}
	status, page = act(organiser+"/pair", nil)
	if status != http.StatusSeeOther || !strings.Contains(page, "Round 1 is paired and its games are made") || !strings.Contains(page, "Round 1 is still being played at tables 1, 2.") ||
		!strings.Contains(page, "playing, event 1: hand 1:") || !strings.Contains(page, "End round 1 now") || !strings.Contains(page, "<p>Bye: ") {
		t.Errorf("round 1 paired: %d\n%s", status, page)
	}
	status, page = act(organiser+"/pair", nil)
	if status != http.StatusConflict || !strings.Contains(page, "Round 1 is still being played at tables 1, 2; nothing was paired") {
		t.Errorf("pairing round 2 while round 1 is played: %d\n%s", status, page)
	}
	// A drop, a round's end and the close are asked again before they are recorded, and can
	// be taken back after, while nothing was recorded since.
	dropped := `<li class="gone"><span class="name">bob</span> <small>1700</small> <small>dropped</small></li>`
	drop := url.Values{"verb": {"drop"}, "player": {"bob"}}
	if status, page := act(organiser+"/moves", drop); status != http.StatusOK || !strings.Contains(page, "<h2 id=\"asked\">Drop bob?</h2>") ||
		!strings.Contains(page, `<input type="hidden" name="sure" value="yes"><button>Drop bob</button>`) || strings.Contains(page, dropped) {
		t.Errorf("the first click on bob's drop: %d, want it asked, nothing recorded:\n%s", status, page)
	}
	drop.Set("sure", "yes")
	status, page = act(organiser+"/moves", drop)
	takeBack := regexp.MustCompile(`action="/tournaments/\d+/undo" class="inline"><input type="hidden" name="after" value="(\d+)"><button class="secondary small">Take it back</button>`).FindStringSubmatch(page)
	if status != http.StatusSeeOther || !strings.Contains(page, "Recorded: bob drops out") || !strings.Contains(page, dropped) || takeBack == nil {
		t.Fatalf("bob drops: %d, want it recorded and a way back:\n%s", status, page)
	}
	if status, page := act(organiser+"/undo", url.Values{"after": {takeBack[1]}}); status != http.StatusSeeOther || !strings.Contains(page, "Taken back: bob drops out") ||
		strings.Contains(page, dropped) || strings.Contains(page, "Take it back") {
		t.Errorf("bob's drop taken back: %d\n%s", status, page)
	}
	if status, page := act(organiser+"/undo", url.Values{"after": {takeBack[1]}}); status != http.StatusConflict || strings.Contains(page, "Taken back") {
		t.Errorf("the same drop taken back again, from a second tab: %d, want 409 and nothing taken back\n%s", status, page)
	}
	if status, page := act(organiser+"/moves", drop); status != http.StatusSeeOther || !strings.Contains(page, dropped) {
		t.Errorf("bob drops again: %d\n%s", status, page)
	}
	if status, page := act(organiser+"/moves", url.Values{"verb": {"end"}}); status != http.StatusOK || !strings.Contains(page, "End round 1 now?") ||
		!strings.Contains(page, "(tables 1, 2 still play)") || strings.Contains(page, "Pair round 2") {
		t.Errorf("the first click on ending round 1: %d, want it asked:\n%s", status, page)
	}
	if status, page := act(organiser+"/moves", url.Values{"verb": {"end"}, "sure": {"yes"}}); status != http.StatusSeeOther || !strings.Contains(page, "Pair round 2") {
		t.Errorf("ending round 1: %d\n%s", status, page)
	}
	if status, page := act(organiser+"/pair", nil); status != http.StatusSeeOther || !strings.Contains(page, "Round 2 is paired") {
		t.Errorf("pairing round 2: %d\n%s", status, page)
	}

	// Round 2's slip, as the command line prints it, with the tournament's seal.
	status, body = c.call(t, "GET", organiser+"/slip", testKey, nil)
	if status != http.StatusOK || !strings.Contains(string(body), "<h1>friday — round 2</h1>") || !strings.Contains(string(body), "Standings after round 1") ||
		!regexp.MustCompile(`seal \d+:[0-9A-Z]{4}-`).Match(body) {
		t.Errorf("round 2's slip: %d\n%s", status, body)
	}
	// The table cards: one a table, its QR code the table's link.
	status, body = c.call(t, "GET", organiser+"/cards", testKey, nil)
	if status != http.StatusOK || !strings.Contains(string(body), fmt.Sprintf(`src="/tournaments/%d/tables/2/qr.svg"`, id)) || !strings.Contains(string(body), table1Code(c, id)) {
		t.Errorf("the table cards: %d\n%s", status, body)
	}
	if status, svg := c.call(t, "GET", fmt.Sprintf("/tournaments/%d/tables/1/qr.svg", id), testKey, nil); status != http.StatusOK || !strings.HasPrefix(string(svg), "<svg") {
		t.Errorf("table 1's QR code: %d %.60s", status, svg)
	}

	// Only the director: not a table's phone, and a game is no tournament.
	for _, path := range []string{organiser, organiser + "/cards", "/tournaments/new"} {
		if status, _ := c.call(t, "GET", path, table1Code(c, id), nil); status != http.StatusForbidden && status != http.StatusUnauthorized {
			t.Errorf("%s with a table's code: %d", path, status)
		}
	}
	c.srv.guard = newLimiter()
	game, _ := c.newGame(t, pinochle)
	if status, _, _ := c.form(t, fmt.Sprintf("/tournaments/%d/moves", game), testKey, url.Values{"verb": {"end"}}); status != http.StatusNotFound {
		t.Errorf("a tournament's move sent to a game: %d, want 404", status)
	}
}

// TestTheFormOffersWhatAPairingTakes: each kind's form offers the formats the core lists for
// it, and each format offered makes a tournament from the form whose round 1 pairs, at one
// of the table sizes the form offers.
func TestTheFormOffersWhatAPairingTakes(t *testing.T) {
	c := openClub(t, false)
	options := regexp.MustCompile(`<option(?: selected)?>([^<]*)</option>`)
	for _, kind := range play.Kinds() {
		_, body := c.call(t, "GET", "/tournaments/new?kind="+kind, testKey, nil)
		_, rest, _ := strings.Cut(string(body), `<select name="format">`)
		list, _, _ := strings.Cut(rest, "</select>")
		var offered []string
		for _, m := range options.FindAllStringSubmatch(list, -1) {
			offered = append(offered, m[1])
		}
		want, err := table.TournamentFormats(kind)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(offered, want) {
			t.Errorf("%s's form offers %v, the core lists %v", kind, offered, want)
		}
		if asks := strings.Contains(string(body), `name="double"`); asks != slices.Contains(want, table.RoundRobin) {
			t.Errorf("%s's form asks for a double round robin: %v, with the formats %v", kind, asks, want)
		}
		book, err := table.RulebookOf(kind)
		if err != nil {
			t.Fatal(err)
		}
		for _, format := range offered {
			paired := false
			for size := book.Players[0]; size <= book.Players[1] && !paired; size++ {
				fields := url.Values{"kind": {kind}, "name": {fmt.Sprintf("%s %s %d", kind, format, size)}, "format": {format},
					"table_size": {strconv.Itoa(size)}, "players": {"ann\r\nbob\r\ncy\r\ndee"}}
				status, to, _ := c.form(t, "/tournaments", testKey, fields)
				id := 0
				if _, err := fmt.Sscanf(to, "/tournaments/%d", &id); status != http.StatusSeeOther || err != nil {
					continue
				}
				status, body := c.call(t, "POST", fmt.Sprintf("/api/tournaments/%d/pair", id), testKey, nil)
				if status != http.StatusCreated {
					t.Errorf("%s, %s at tables of %d: made from the form and not paired: %d %s", kind, format, size, status, body)
				}
				paired = true
			}
			if !paired {
				t.Errorf("%s's form offers %s, and no tournament it makes in it is paired", kind, format)
			}
		}
	}
}

// TestADoubleRoundRobinAtTablesOfTwo: a kind played by more than two, at tables of two, may be
// a double round robin from the form: every pair meets twice.
func TestADoubleRoundRobinAtTablesOfTwo(t *testing.T) {
	c := openClub(t, false)
	for double, rounds := range map[string]int{"": 3, "on": 6} {
		fields := url.Values{"kind": {"capture"}, "name": {"round robin " + double}, "format": {table.RoundRobin}, "double": {double},
			"table_size": {"2"}, "players": {"ann\r\nbob\r\ncy\r\ndee"}}
		status, to, body := c.form(t, "/tournaments", testKey, fields)
		id := 0
		if _, err := fmt.Sscanf(to, "/tournaments/%d", &id); status != http.StatusSeeOther || err != nil {
			t.Fatalf("double=%q: %d %s", double, status, body)
		}
		var v struct{ Rounds int }
		if status, body := c.call(t, "GET", fmt.Sprintf("/api/tournaments/%d", id), testKey, nil); status != http.StatusOK || json.Unmarshal(body, &v) != nil || v.Rounds != rounds {
			t.Errorf("double=%q: a round robin of four in %d rounds, want %d: %d %s", double, v.Rounds, rounds, status, body)
		}
	}
}

// table1Code is the code of table 1 of tournament id, as a card shows it.
func table1Code(c *testClub, id int) string {
	return table.ShowCode(c.srv.keys.TournamentTableCode(int64(id), 1))
}

// TestTheWallSeatsATournament: the wall shows the round's seating, which tables still play,
// and the standings with their tie-breaks; the tournament's games are in its seating, not in
// the night's list of games or among its matches, where a game made by hand still is.
func TestTheWallSeatsATournament(t *testing.T) {
	c := openClub(t, false)
	byHand, _ := c.newGame(t, pinochle)
	night := c.newTournament(t, clubNight)
	id := night.Tournament.Game
	status, body := c.call(t, "GET", "/wall/now", testKey, nil)
	if status != http.StatusOK || !strings.Contains(string(body), "Round 1 is not paired yet.") {
		t.Errorf("the wall before round 1: %d\n%s", status, body)
	}
	status, body = c.call(t, "POST", fmt.Sprintf("/api/tournaments/%d/pair", id), testKey, nil)
	var r1 table.RoundView
	if err := json.Unmarshal(body, &r1); status != http.StatusCreated || err != nil {
		t.Fatalf("pairing: %d %s", status, body)
	}
	c.call(t, "POST", fmt.Sprintf("/api/games/%d/corrections", r1.Tables[0].Game), testKey, correction{Verb: "abandon", Note: "time"})
	_, body = c.call(t, "GET", "/wall/now", testKey, nil)
	wall := string(body)
	t1 := r1.Tables[0]
	for _, want := range []string{"club night", "Round 1: where to sit", "Still playing: table 2.", "<th>opens</th>",
		fmt.Sprintf(`<td data-label="players">%s v %s</td><td data-label="opens">%s</td><td data-label="game">over</td>`, t1.Players[0], t1.Players[1], t1.First),
		`<th class="n">BH</th><th class="n">SB</th>`, "BH: Buchholz · SB: Sonneborn–Berger", fmt.Sprintf(`data-label="game">%d<`, byHand)} {
		if !strings.Contains(wall, want) {
			t.Errorf("the wall does not show %q:\n%s", want, wall)
		}
	}
	for _, tb := range r1.Tables {
		if strings.Contains(wall, fmt.Sprintf(`data-label="game">%d<`, tb.Game)) {
			t.Errorf("the wall lists the tournament's game %d among the night's games", tb.Game)
		}
	}
	if !strings.Contains(wall, `<section class="match">`) || strings.Contains(wall, "club night <small>pinochle · 2 games") {
		t.Errorf("the wall shows the tournament as a match, or not the match of the game by hand:\n%s", wall)
	}
	// The night's table cards are the games made by hand: a tournament's tables have theirs.
	_, body = c.call(t, "GET", "/cards", testKey, nil)
	if !strings.Contains(string(body), fmt.Sprintf("/games/%d/qr.svg", byHand)) || strings.Contains(string(body), fmt.Sprintf("/games/%d/qr.svg", r1.Tables[1].Game)) {
		t.Errorf("the night's cards: want game %d's and no tournament game's:\n%s", byHand, body)
	}
	_, body = c.call(t, "GET", "/club/now", testKey, nil)
	if !strings.Contains(string(body), fmt.Sprintf(`<a href="/tournaments/%d">club night</a>`, id)) {
		t.Errorf("the director's club page does not lead to the tournament:\n%s", body)
	}
}

// TestTheOrganiserEntersByesAndForfeits: the organiser's page takes two players who must not
// meet and one who keeps a table (T13), a bye a player asks for before the round is paired
// (T11), which leaves them out of it, and a forfeit (T10), asked again first, after which the
// table shows who did not come.
func TestTheOrganiserEntersByesAndForfeits(t *testing.T) {
	c := openClub(t, false)
	id := c.newTournament(t, clubNight).Tournament.Game
	organiser := fmt.Sprintf("/tournaments/%d", id)
	act := func(path string, v url.Values) (int, string) { t.Helper(); return c.directorActs(t, path, v) }
	if _, page := c.call(t, "GET", organiser, testKey, nil); !strings.Contains(string(page), `<input type="hidden" name="verb" value="bye">`) {
		t.Fatalf("the organiser's page has no form for a bye asked for:\n%s", page)
	}
	if status, page := act(organiser+"/moves", url.Values{"verb": {"apart"}, "player": {"ann"}, "with": {"cy"}}); status != http.StatusSeeOther ||
		!strings.Contains(page, "Recorded: ann and cy must not meet.") {
		t.Fatalf("ann and cy kept apart: %d\n%s", status, page)
	}
	if status, page := act(organiser+"/moves", url.Values{"verb": {"keep"}, "player": {"cy"}, "table": {"1"}}); status != http.StatusSeeOther ||
		!strings.Contains(page, "Recorded: cy keeps table 1.") {
		t.Fatalf("cy keeps table 1: %d\n%s", status, page)
	}
	if status, page := act(organiser+"/moves", url.Values{"verb": {"bye"}, "player": {"dee"}, "round": {"1"}}); status != http.StatusSeeOther ||
		!strings.Contains(page, "Recorded: dee asks for a bye in round 1.") {
		t.Fatalf("dee's bye: %d\n%s", status, page)
	}
	round := apiPost[table.RoundView](t, c, fmt.Sprintf("/api/tournaments/%d/pair", id))
	if len(round.Tables) != 1 || slices.Contains(round.Tables[0].Players, "dee") || slices.Contains(round.Byes, "dee") {
		t.Fatalf("round 1 with dee's bye asked for: %+v", round)
	}
	// Three players, ann and cy kept apart: they meet only when the bye (T3, before T13) is
	// bob's, and the round says that T13 gave way.
	if met := slices.Contains(round.Tables[0].Players, "ann") && slices.Contains(round.Tables[0].Players, "cy"); met != slices.Equal(round.Byes, []string{"bob"}) || met != slices.ContainsFunc(round.GaveWay, func(g string) bool { return strings.Contains(g, "meet though they must not") }) {
		t.Errorf("round 1 with ann and cy kept apart: %+v", round)
	}
	absent := round.Tables[0].Players[1]
	forfeit := url.Values{"verb": {"forfeit"}, "player": {absent}, "round": {"1"}}
	if status, page := act(organiser+"/moves", forfeit); status != http.StatusOK || !strings.Contains(page, "did not come?</h2>") ||
		!strings.Contains(page, `<input type="hidden" name="round" value="1"><input type="hidden" name="sure" value="yes">`) {
		t.Fatalf("the first click on a forfeit: %d, want it asked\n%s", status, page)
	}
	forfeit.Set("sure", "yes")
	if status, page := act(organiser+"/moves", forfeit); status != http.StatusSeeOther ||
		!strings.Contains(page, absent+" did not come: lost by forfeit</td>") {
		t.Errorf("the forfeit: %d\n%s", status, page)
	}
	var v table.TournamentView
	getAs(t, c, testKey, fmt.Sprintf("/api/tournaments/%d", id), &v)
	if v.Played[0].Tables[0].Forfeit != absent || !v.Played[0].Tables[0].Over || len(v.Next.Playing) != 0 {
		t.Errorf("the round after the forfeit: %+v, next %+v", v.Played[0], v.Next)
	}
	// The director's prints, linked from the page: the crosstable says the forfeit and the bye.
	_, page := c.call(t, "GET", organiser, testKey, nil)
	for _, kind := range []string{"pairings", "results", "crosstable", "standings"} {
		if !strings.Contains(string(page), fmt.Sprintf(`href="/tournaments/%d/print/%s"`, id, kind)) {
			t.Errorf("the organiser's page has no link to the print of the %s", kind)
		}
	}
	status, cross := c.call(t, "GET", organiser+"/print/crosstable", testKey, nil)
	if status != http.StatusOK || !strings.Contains(string(cross), "<td>asked ½</td>") || !strings.Contains(string(cross), " −</td>") {
		t.Errorf("the crosstable: %d\n%s", status, cross)
	}
	if status, _ := c.call(t, "GET", organiser+"/print/wallchart", testKey, nil); status != http.StatusNotFound {
		t.Errorf("a print there is not: %d, want 404", status)
	}
}

// TestTheOrganiserForfeitsAtALargerTable: at a Capture table of 3 the organiser's page asks
// again, saying that the others play on; once recorded, the table shows who did not come and
// who plays on, in a new game the table's phone follows.
func TestTheOrganiserForfeitsAtALargerTable(t *testing.T) {
	c := openClub(t, false)
	id := c.newTournament(t, table.TournamentSetup{Name: "capture night", Game: "capture", TableSize: 3, Rounds: 2,
		Players: []string{"ann", "bob", "cy"}}).Tournament.Game
	organiser := fmt.Sprintf("/tournaments/%d", id)
	round := apiPost[table.RoundView](t, c, fmt.Sprintf("/api/tournaments/%d/pair", id))
	seated := round.Tables[0]
	others := slices.DeleteFunc(slices.Clone(seated.Players), func(p string) bool { return p == "ann" })
	forfeit := url.Values{"verb": {"forfeit"}, "player": {"ann"}, "round": {"1"}}
	if status, page := c.directorActs(t, organiser+"/moves", forfeit); status != http.StatusOK ||
		!strings.Contains(page, strings.Join(others, ", ")+" play on in a game of their own") {
		t.Fatalf("the first click on ann's forfeit: %d, want it asked, saying the others play on\n%s", status, page)
	}
	forfeit.Set("sure", "yes")
	status, page := c.directorActs(t, organiser+"/moves", forfeit)
	if status != http.StatusSeeOther || !strings.Contains(page, "ann did not come: lost by forfeit; "+strings.Join(others, ", ")+" play on") {
		t.Fatalf("ann's forfeit: %d\n%s", status, page)
	}
	var v table.TournamentView
	getAs(t, c, testKey, fmt.Sprintf("/api/tournaments/%d", id), &v)
	now := v.Played[0].Tables[0]
	if now.Game == seated.Game || !slices.Equal(now.PlayingOn, others) || now.Over || !slices.Equal(v.Next.Playing, []int{1}) {
		t.Fatalf("the table after ann's forfeit: %+v, next %+v; want a new game of %v in play", now, v.Next, others)
	}
	var at table.TableNow
	getAs(t, c, testKey, fmt.Sprintf("/api/tournaments/%d/tables/1", id), &at)
	if at.Game == nil || at.Game.Game != now.Game {
		t.Errorf("the table's phone is sent to %+v, want the others' game %d", at.Game, now.Game)
	}
}

// directorActs posts a form of the organiser's pages as the director: the status, and the page
// it leads to (or the page answered, when it leads nowhere).
func (c *testClub) directorActs(t *testing.T, path string, v url.Values) (int, string) {
	t.Helper()
	status, to, page := c.form(t, path, testKey, v)
	if status != http.StatusSeeOther {
		return status, page
	}
	_, body := c.call(t, "GET", to, testKey, nil)
	return status, string(body)
}
