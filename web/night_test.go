package web

import (
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tableside/tableside/internal/needs"
	"github.com/tableside/tableside/play"
	pinochlerules "github.com/tableside/tableside/referee/pinochle"
	"github.com/tableside/tableside/referee/tournament"
	"github.com/tableside/tableside/referee/tournament/tournamenttest"
	"github.com/tableside/tableside/render"
	"github.com/tableside/tableside/table"
)

// tablePhone is one table's phone through a tournament: the code it was given once, at the
// start, and what it played.
type tablePhone struct {
	table int
	code  string
	rng   *rand.Rand
	// games are the games it played, round by round; moves counts its moves, offered those
	// of them the view listed among its legal moves.
	games          []int64
	moves, offered int
	// failure is why it stopped, if it did.
	failure error
}

// follow asks, with the phone's code, what its table plays in round, as a phone does once the
// round is paired: the new game, without joining again.
func (p *tablePhone) follow(t *testing.T, c *testClub, tournamentID int64, round int) (int64, error) {
	var now table.TableNow
	status, body := c.call(t, "GET", fmt.Sprintf("/api/tournaments/%d/tables/%d", tournamentID, p.table), p.code, nil)
	if err := json.Unmarshal(body, &now); status != http.StatusOK || err != nil {
		return 0, fmt.Errorf("table %d, round %d: what it plays now: %d %s", p.table, round, status, body)
	}
	if now.Round != round || now.Game == nil || now.Game.Game == 0 || now.Game.Over {
		return 0, fmt.Errorf("table %d, round %d: the table plays %+v", p.table, round, now)
	}
	return now.Game.Game, nil
}

// seededGame is the moves a table plays in game, whose players and opener view names: a
// seeded Pinochle game played to its end by players who hold their cards, bid what their hands
// are worth, show their meld and follow suit (pinochlerules.Playout), in the words a phone sends.
// The view's legal moves cannot play a game to its end: they show the meld nobody holds
// ("meld none"), since the referee never sees the hands, and a table that never melds goes set
// hand after hand.
func seededGame(rng *rand.Rand, view play.View) ([]string, error) {
	options := map[string]string{"deal": "automatic", "opening": "10", "limit": "100"}
	if !maps.Equal(view.Options, options) {
		return nil, fmt.Errorf("game %d has options %v, want the defaults %v", view.Game, view.Options, options)
	}
	words, err := pinochlerules.PlayoutWords(rng, options, [2]string{view.Players[0], view.Players[1]})
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", view.Game, err)
	}
	return words, nil
}

// play plays game to its end with the phone's code, a seeded game's moves (seededGame), each
// sent with the last event the phone saw.
func (p *tablePhone) play(t *testing.T, c *testClub, game int64) error {
	var view play.View
	status, body := c.call(t, "GET", fmt.Sprintf("/api/games/%d", game), p.code, nil)
	if err := json.Unmarshal(body, &view); status != http.StatusOK || err != nil {
		return fmt.Errorf("table %d, game %d: %d %s", p.table, game, status, body)
	}
	moves, err := seededGame(p.rng, view)
	if err != nil {
		return err
	}
	for _, words := range moves {
		if view.Over {
			return fmt.Errorf("table %d, game %d: over before %q", p.table, game, words)
		}
		if slices.Contains(view.Legal, words) {
			p.offered++
		}
		status, body := c.call(t, "POST", fmt.Sprintf("/api/games/%d/moves", game), p.code, move{Move: words, Expect: view.Last})
		var answer play.Entered
		if err := json.Unmarshal(body, &answer); status != http.StatusCreated || err != nil {
			return fmt.Errorf("table %d, game %d: %q after event %d: %d %s", p.table, game, words, view.Last, status, body)
		}
		p.moves++
		view = answer.Game
	}
	if !view.Over {
		return fmt.Errorf("table %d, game %d: not over after its %d moves", p.table, game, len(moves))
	}
	p.games = append(p.games, game)
	return nil
}

// sheetOf is what the standings read of a game's score sheet (GET /api/games/{id}/score).
type sheetOf struct {
	Players []string       `json:"players"`
	Totals  map[string]int `json:"totals"`
	Winners []string       `json:"winners"`
	Draw    bool           `json:"draw"`
}

// result is a finished two-player game's result as T8 counts it, read from its sheet: the
// winner first, both first in a draw.
func (sheet sheetOf) result(round int) tournament.Result {
	r := tournament.Result{Round: round, Players: sheet.Players}
	for _, p := range sheet.Players {
		place := 2
		if sheet.Draw || slices.Contains(sheet.Winners, p) {
			place = 1
		}
		r.Places = append(r.Places, place)
		r.Scores = append(r.Scores, sheet.Totals[p])
	}
	return r
}

// TestAClubNightAsATournament: 24 players of Pinochle, a Swiss over 5 rounds on 12 tables,
// through the server. The director creates the tournament and then does nothing but pair;
// each table's phone holds only its table's code, given once at the start, asks after each
// round what its table plays, and plays that game to its end with legal moves. Every game is
// the tournament's, made at its round and table; no pairing breaks a ruling (no rematch, the
// least differences); the standings are those the games' own sheets make.
func TestAClubNightAsATournament(t *testing.T) {
	needs.Long(t, "plays a five-round Swiss on 12 tables through the server")
	const players, rounds, tables = 24, 5, 12
	c := openClub(t, false)
	setup := table.TournamentSetup{Name: "friday swiss", Game: "pinochle", Rounds: rounds}
	for i := range players {
		setup.Players = append(setup.Players, fmt.Sprintf("p%02d", i+1))
	}
	began := time.Now()
	night := c.newTournament(t, setup)
	id := night.Tournament.Game
	if len(night.Tables) != tables {
		t.Fatalf("%d players at tables of 2: %d codes, want %d", players, len(night.Tables), tables)
	}
	phones := make([]*tablePhone, tables)
	for i, tc := range night.Tables {
		phones[i] = &tablePhone{table: tc.Table, code: tc.Code, rng: rand.New(rand.NewPCG(37, uint64(tc.Table)))}
	}
	pair := fmt.Sprintf("/api/tournaments/%d/pair", id)
	var paired []table.RoundView
	for round := 1; round <= rounds; round++ {
		start := time.Now()
		status, body := c.call(t, "POST", pair, testKey, nil)
		var r table.RoundView
		if err := json.Unmarshal(body, &r); status != http.StatusCreated || err != nil || r.Round != round || len(r.Tables) != tables {
			t.Fatalf("pairing round %d: %d %s", round, status, body)
		}
		paired = append(paired, r)
		var wg sync.WaitGroup
		for _, p := range phones {
			wg.Go(func() {
				game, err := p.follow(t, c, id, round)
				if err == nil {
					err = p.play(t, c, game)
				}
				p.failure = err
			})
		}
		wg.Wait()
		moves := 0
		for _, p := range phones {
			if p.failure != nil {
				t.Fatal(p.failure)
			}
			moves += p.moves
		}
		t.Logf("round %d: %d tables played, %d moves so far, %v", round, tables, moves, time.Since(start).Round(time.Millisecond))
	}
	// The director pairs once more: the core ends round 5, and refuses a sixth.
	status, body := c.call(t, "POST", pair, testKey, nil)
	if e := apiFailure(t, body); status != http.StatusConflict || e.Error.Code != "over" {
		t.Fatalf("a sixth round of five: %d %s", status, body)
	}
	elapsed := time.Since(began)

	// Every game in the file is the tournament's, made at its round and table, and each phone
	// played its own table's, round after round, with the one code.
	ids, err := c.app.GameIDs(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if len(ids) != 1+rounds*tables {
		t.Errorf("%d logs in the file, want the tournament and its %d games", len(ids), rounds*tables)
	}
	moves, offered := 0, 0
	for _, p := range phones {
		moves, offered = moves+p.moves, offered+p.offered
		for i, game := range p.games {
			r := paired[i]
			g, err := c.app.Game(t.Context(), game)
			if err != nil {
				t.Fatal(err)
			}
			s := g.Setup()
			if s.Tournament != setup.Name || s.Match != setup.Name || s.Round != r.Round || s.Table != p.table ||
				r.Tables[p.table-1].Game != game || !slices.Equal(s.Players, r.Tables[p.table-1].Players) || !g.Over() {
				t.Errorf("table %d's phone played game %d in round %d, set up %+v; the round seated %+v", p.table, game, r.Round, s, r.Tables[p.table-1])
			}
		}
		if len(p.games) != rounds {
			t.Errorf("table %d's phone played %d games, want %d", p.table, len(p.games), rounds)
		}
	}

	// Each round's pairing, as the log records it, breaks no ruling, and nobody met twice.
	tg, err := c.app.Game(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	met := map[[2]string]int{}
	for _, e := range tg.Log() {
		if e.Type != tournament.TypePaired {
			continue
		}
		var p tournament.Paired
		if err := json.Unmarshal(e.Payload, &p); err != nil {
			t.Fatal(err)
		}
		for _, b := range tournamenttest.Check(p.Input, p.Output) {
			t.Errorf("round %d: %s", p.Round, b)
		}
		for _, tb := range p.Output.Tables {
			pair := [2]string{tb.Players[0], tb.Players[1]}
			slices.Sort(pair[:])
			if met[pair]++; met[pair] > 1 {
				t.Errorf("round %d: %s and %s meet again", p.Round, pair[0], pair[1])
			}
		}
	}
	if len(met) != rounds*tables {
		t.Errorf("%d pairs met over the night, want %d", len(met), rounds*tables)
	}

	// The standings the server gives are those the games' own sheets make.
	var shown table.TournamentView
	if status := getAs(t, c, testKey, fmt.Sprintf("/api/tournaments/%d", id), &shown); status != http.StatusOK {
		t.Fatalf("the tournament: %d", status)
	}
	var entrants []tournament.Entrant
	for _, p := range setup.Players {
		entrants = append(entrants, tournament.Entrant{Name: p})
	}
	var results []tournament.Result
	for _, r := range paired {
		for _, tb := range r.Tables {
			var sheet sheetOf
			if status := getAs(t, c, testKey, fmt.Sprintf("/api/games/%d/score", tb.Game), &sheet); status != http.StatusOK || (len(sheet.Winners) == 0 && !sheet.Draw) {
				t.Fatalf("game %d's sheet: %d %+v", tb.Game, status, sheet)
			}
			results = append(results, sheet.result(r.Round))
		}
	}
	want, err := tournament.Standings(entrants, results, nil, shown.TieBreaks)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(shown.Standings, want) {
		t.Errorf("standings shown:\n%s\nfrom the sheets:\n%s", standingLines(shown.Standings), standingLines(want))
	}
	if len(shown.Played) != rounds || !shown.Played[rounds-1].Ended {
		t.Errorf("rounds shown: %+v", shown.Played)
	}
	t.Logf("%d players, %d rounds on %d tables: %d games, %d moves (%d of them offered by the view), %v, %.0f moves/s; leader %s with %g points",
		players, rounds, tables, rounds*tables, moves, offered, elapsed.Round(time.Millisecond), float64(moves)/elapsed.Seconds(), want[0].Name, want[0].Points)
}

// standingLines writes standings a line a player, for a failure's message.
func standingLines(s []table.TournamentStanding) string {
	var b strings.Builder
	for _, st := range s {
		fmt.Fprintf(&b, "%d %s %g %v\n", st.Place, st.Name, st.Points, st.TieBreaks)
	}
	return b.String()
}

// TestASmallNightWorkedByHand: five players of Pinochle over three rounds, tie-broken by the
// direct encounter, through the server, with what a director meets: ann and cy must not meet
// and dee must keep table 1 (T13), eve asks for a half-point bye in round 1 (T11), bob does
// not come in round 1 (T10), the director corrects a round-1 result once round 2 is over and
// is shown what it does (T16), and a final tie is parted by the close's lot (T15). Every
// pairing and the final standings are as worked out by hand:
//
//	round 1 (eve away): ann and cy, the fold's pair, kept apart: cy v dee (dee keeps table 1),
//	  ann v bob; bob does not come (ann 1, bob 0); cy beats dee.
//	round 2: ann 1, cy 1, eve ½, bob 0, dee 0; dee, lowest, has the bye; ann v cy kept apart
//	  again: ann v eve, cy v bob; dee keeps no table, having the bye. ann and bob win.
//	the director finds round 1's winner was dee: ann 2, dee 2 share first, bob 1, eve ½, cy 0.
//	round 3: cy, lowest with no bye, has it; ann v dee (a draw), bob v eve (eve wins).
//	final: ann and dee 2½, equal on the direct encounter too, share first until the close's
//	  lot parts them; eve 1½; bob and cy 1, bob first by the direct encounter (he beat cy).
func TestASmallNightWorkedByHand(t *testing.T) {
	c := openClub(t, false)
	night := c.newTournament(t, table.TournamentSetup{Name: "worked", Game: "pinochle", Rounds: 3, TieBreaks: []string{"direct"},
		Players: []string{"ann", "bob", "cy", "dee", "eve"}, Ratings: map[string]int{"ann": 1800, "bob": 1700, "cy": 1600, "dee": 1500, "eve": 1400}})
	id := night.Tournament.Game
	record := func(words string) {
		t.Helper()
		if status, body := c.call(t, "POST", fmt.Sprintf("/api/games/%d/moves", id), testKey, move{Move: words}); status != http.StatusCreated {
			t.Fatalf("%s: %d %s", words, status, body)
		}
	}
	correct := func(game int64, corr correction) []byte {
		t.Helper()
		status, body := c.call(t, "POST", fmt.Sprintf("/api/games/%d/corrections", game), testKey, corr)
		if status != http.StatusCreated {
			t.Fatalf("game %d, %s: %d %s", game, corr.Verb, status, body)
		}
		return body
	}
	win := func(game int64, winner string) {
		correct(game, correction{Verb: "adjust", Args: []string{winner, "+5"}, Note: "won"})
		correct(game, correction{Verb: "abandon", Note: "decided"})
	}
	pair := func(want string) table.RoundView {
		t.Helper()
		r := apiPost[table.RoundView](t, c, fmt.Sprintf("/api/tournaments/%d/pair", id))
		var got []string
		for _, tb := range r.Tables {
			seated := slices.Sorted(slices.Values(tb.Players))
			got = append(got, fmt.Sprintf("%d:%s", tb.Table, strings.Join(seated, "-")))
		}
		if g := strings.Join(got, " ") + " bye:" + strings.Join(r.Byes, ","); g != want {
			t.Fatalf("round %d paired %s, worked out by hand %s (gave way: %v)", r.Round, g, want, r.GaveWay)
		}
		return r
	}
	gameAt := func(r table.RoundView, player string) int64 {
		for _, tb := range r.Tables {
			if slices.Contains(tb.Players, player) {
				return tb.Game
			}
		}
		t.Fatalf("%s is not seated in round %d", player, r.Round)
		return 0
	}

	record("apart ann cy")
	record("keep dee 1")
	record("bye eve 1")
	r1 := pair("1:cy-dee 2:ann-bob bye:")
	record("forfeit bob 1")
	win(gameAt(r1, "cy"), "cy")

	r2 := pair("1:ann-eve 2:bob-cy bye:dee")
	if !slices.Contains(r2.GaveWay, "dee keeps no table, having the bye (T13 gives way to T3)") {
		t.Errorf("round 2 does not say dee keeps no table: %v", r2.GaveWay)
	}
	win(gameAt(r2, "ann"), "ann")
	win(gameAt(r2, "bob"), "bob")
	record("end 2")

	// The director's correction of round 1, once round 2 is over, says what it does.
	var told table.CorrectionEntered
	if err := json.Unmarshal(correct(gameAt(r1, "dee"), correction{Verb: "adjust", Args: []string{"dee", "+10"}, Note: "dee won: the score was misread"}), &told); err != nil || told.Standings == nil {
		t.Fatalf("the director's correction: %v %+v", err, told)
	}
	if got, want := render.StandingsMoved(told.Standings.Tournament, told.Standings.Before, told.Standings.After),
		"the standings of worked change: dee place 2 → 1, 1 → 2 points; bob place 2 → 3, 1 points; eve place 5 → 4, 0.5 points; cy place 2 → 5, 1 → 0 points"; got != want {
		t.Errorf("the correction's consequence:\n%s\nworked out by hand:\n%s", got, want)
	}

	r3 := pair("1:ann-dee 2:bob-eve bye:cy")
	correct(gameAt(r3, "ann"), correction{Verb: "abandon", Note: "drawn"})
	win(gameAt(r3, "eve"), "eve")

	standings := func() (*table.TournamentView, string) {
		var v table.TournamentView
		getAs(t, c, testKey, fmt.Sprintf("/api/tournaments/%d", id), &v)
		var lines []string
		for _, s := range v.Standings {
			lines = append(lines, fmt.Sprintf("%d %s %s", s.Place, s.Name, render.Points(s.Points)))
		}
		return &v, strings.Join(lines, ", ")
	}
	v, got := standings()
	if want := "1 ann 2.5, 1 dee 2.5, 3 eve 1.5, 4 bob 1, 5 cy 1"; got != want || !v.Finished || !slices.Equal(v.Winners, []string{"ann", "dee"}) {
		t.Errorf("the final standings: %s (finished %v, winners %v), worked out by hand: %s", got, v.Finished, v.Winners, want)
	}
	record("close")
	v, got = standings()
	first, second := v.Standings[0], v.Standings[1]
	if first.Place != 1 || second.Place != 2 || first.TieBreaks["lot"] >= second.TieBreaks["lot"] || len(v.Winners) != 1 ||
		!strings.HasSuffix(got, "3 eve 1.5, 4 bob 1, 5 cy 1") {
		t.Errorf("once closed, the lot parts ann and dee: %s, winners %v, lots %v and %v", got, v.Winners, first.TieBreaks, second.TieBreaks)
	}
	// The results file, read back, makes the same standings: forfeit, byes, lot and all.
	g, err := c.app.TournamentLog(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	read, err := table.ReadResultsFile(strings.NewReader(v.ResultsFile(g.Record())))
	if err != nil {
		t.Fatalf("the results file read back: %v", err)
	}
	if !reflect.DeepEqual(read.Standings, v.Standings) {
		t.Errorf("the results file read back:\n%s\nthe tournament's:\n%s", standingLines(read.Standings), standingLines(v.Standings))
	}
}
