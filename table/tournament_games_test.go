package table

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/tournament"
)

// players24 are the entrants of a big night: twelve tables of pinochle.
func players24() []string {
	var names []string
	for i := range 24 {
		names = append(names, fmt.Sprintf("p%02d", i+1))
	}
	return names
}

// pairAtOnce pairs round 1 of tournament id from eight terminals at once, spread over apps, half
// naming no round (as the API and `tournament pair` do) and half naming round 1 (as the
// organiser's page does). Every terminal is answered the round, or that it is paired already,
// or that it is being played; each table's game is made once, and the pairing recorded once.
func pairAtOnce(t *testing.T, id int64, apps ...*App) {
	t.Helper()
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		a := apps[i%len(apps)]
		wg.Go(func() {
			g, err := a.TournamentLog(t.Context(), id)
			if err != nil {
				errs[i] = err
				return
			}
			r, err := a.PairRound(t.Context(), g, i%2)
			var e *play.Error
			var paired *RoundPaired
			switch {
			case err == nil && r.Round != 1:
				err = fmt.Errorf("answered round %d", r.Round)
			case errors.As(err, &e) && errors.As(err, &paired) && errors.Is(err, ErrPairedAlready) && e.Code == play.Conflict && paired.Round != nil && paired.Round.Round == 1:
				err = nil
			case CodeOf(err) == play.Over && strings.Contains(err.Error(), "round 1 is still being played"):
				err = nil
			}
			errs[i] = err
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("terminal %d: %v", i, err)
		}
	}
	a := apps[0]
	tg, err := a.TournamentLog(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	paired := 0
	for _, e := range tg.Log() {
		if e.Type == tournament.TypePaired {
			paired++
		}
	}
	if paired != 1 {
		t.Errorf("the pairing was recorded %d times", paired)
	}
	infos, err := a.store.MatchGames(t.Context(), tg.Setup().Tournament)
	if err != nil {
		t.Fatal(err)
	}
	made := map[int][]int64{}
	for _, info := range infos {
		made[info.Table] = append(made[info.Table], info.ID)
	}
	for table := 1; table <= 12; table++ {
		if len(made[table]) != 1 {
			t.Errorf("table %d's game was made %d times: %v", table, len(made[table]), made[table])
		}
	}
	if len(infos) != 12 {
		t.Errorf("%d games made for 12 tables", len(infos))
	}
	r, err := a.Rounds(t.Context(), tg)
	if err != nil || len(r) != 1 || len(r[0].Tables) != 12 {
		t.Fatalf("rounds %+v, %v", r, err)
	}
	for _, tb := range r[0].Tables {
		if tb.Game == 0 || !slices.Contains(made[tb.Table], tb.Game) {
			t.Errorf("table %d shows game %d, made %v", tb.Table, tb.Game, made[tb.Table])
		}
	}
}

// TestPairingFromManyTerminalsMakesEachGameOnce: eight terminals of two processes over one
// file, pairing round 1 of a 24-player night at once, make its twelve games once.
func TestPairingFromManyTerminalsMakesEachGameOnce(t *testing.T) {
	a, path := openApp(t, "")
	b, err := Open(t.Context(), path, testSchema(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	tg, err := a.NewTournament(t.Context(), TournamentSetup{Name: "big night", Game: "pinochle", Rounds: 3, Players: players24()})
	if err != nil {
		t.Fatal(err)
	}
	pairAtOnce(t, tg.ID(), a, b)
}

// TestPairingARoundPairedAlready: a terminal that pairs a round paired meanwhile is told so,
// with the round, and nothing is paired or made again.
func TestPairingARoundPairedAlready(t *testing.T) {
	a, _ := openApp(t, "")
	tg, r1 := pairedFour(t, a, "twice")
	before := countGames(t, a)
	_, err := a.PairRound(t.Context(), tg, 0) // the log as read before round 1 was paired
	var e *play.Error
	var paired *RoundPaired
	if !errors.As(err, &e) || e.Code != play.Conflict || !errors.As(err, &paired) || !errors.Is(err, ErrPairedAlready) || paired.Round == nil || seatings(paired.Round) != seatings(r1) ||
		!strings.Contains(err.Error(), "round 1 of tournament 1 is paired already") {
		t.Fatalf("pairing round 1 again from a stale view: %v (%+v)", err, e)
	}
	if n := countGames(t, a); n != before {
		t.Errorf("%d games after pairing again, was %d", n, before)
	}
	if _, err := a.PairRound(t.Context(), tournamentGame(t, a, tg.ID()), 3); CodeOf(err) != play.Invalid || !strings.Contains(err.Error(), "round 3 cannot be paired before round 2") {
		t.Errorf("pairing round 3 next: %v", err)
	}
}

// TestASeatingByHandMakesItsGames: a round seated again by hand has its games at once, the old
// pairing's stopped; show lists the new games, the standings count the results its tables
// played, and the next pair pairs the next round, keeping every result.
func TestASeatingByHandMakesItsGames(t *testing.T) {
	a, _ := openApp(t, "")
	tg, r1 := pairedFirst(t, a, TournamentSetup{Name: "by hand", Game: "pinochle", Rounds: 3,
		Players: []string{"ann", "bob", "cy", "dee", "eve"}, Ratings: map[string]int{"ann": 1800, "bob": 1700, "cy": 1600, "dee": 1500, "eve": 1400}})
	// The bye goes to ann instead, and eve plays.
	if _, err := a.Record(t.Context(), tournamentGame(t, a, tg.ID()), strings.Fields("seat 1 bob-eve cy-dee bye ann"), RecordOptions{Force: true}); err != nil {
		t.Fatal(err)
	}
	v, err := a.Tournament(t.Context(), tournamentGame(t, a, tg.ID()))
	if err != nil {
		t.Fatal(err)
	}
	seated := v.Played[0]
	if seatings(&seated) != "bob-eve cy-dee bye:ann" {
		t.Fatalf("round 1 seated by hand shows %s", seatings(&seated))
	}
	for i, tb := range seated.Tables {
		g := tournamentGame(t, a, tb.Game)
		if !slices.Equal(g.Setup().Players, tb.Players) || g.Setup().Table != tb.Table || g.Over() {
			t.Errorf("table %d shows game %d of %v", tb.Table, tb.Game, g.Setup().Players)
		}
		if old := tournamentGame(t, a, r1.Tables[i].Game); old.ID() != tb.Game && old.Abandoned() == 0 {
			t.Errorf("game %d of the pairing replaced is still in play", old.ID())
		}
	}
	for _, tb := range seated.Tables {
		decide(t, a, tb.Game, tb.Players[1])
	}
	if _, err := a.Record(t.Context(), tournamentGame(t, a, tg.ID()), []string{"end"}, RecordOptions{}); err != nil {
		t.Fatal(err)
	}
	r2, err := a.PairRound(t.Context(), tournamentGame(t, a, tg.ID()), 0)
	if err != nil || r2.Round != 2 {
		t.Fatalf("pairing after the round seated by hand: %+v, %v", r2, err)
	}
	for _, tb := range seated.Tables {
		if g := tournamentGame(t, a, tb.Game); g.Sheet().Totals[tb.Players[1]] != 5 {
			t.Errorf("game %d after the next pairing: totals %v", g.ID(), g.Sheet().Totals)
		}
	}
	points := standingPoints(t, a, tg.ID())
	want := map[string]float64{"ann": 1, "eve": 1, "dee": 1, "bob": 0, "cy": 0}
	for name, p := range want {
		if points[name] != p {
			t.Errorf("standings after round 1: %v, want %v", points, want)
			break
		}
	}
}

// standingPoints are the points of the tournament's standings, by player.
func standingPoints(t *testing.T, a *App, id int64) map[string]float64 {
	t.Helper()
	v, err := a.Tournament(t.Context(), tournamentGame(t, a, id))
	if err != nil {
		t.Fatal(err)
	}
	points := map[string]float64{}
	for _, s := range v.Standings {
		points[s.Name] = s.Points
	}
	return points
}

// TestPairingNeverStopsAGame: a round seated by hand in a file written before seatings made
// their games (the seat recorded, its games never made) and ended keeps its games and their
// results: the next pair pairs the next round, and stops nothing.
func TestPairingNeverStopsAGame(t *testing.T) {
	a, _ := openApp(t, "")
	tg, r1 := pairedFour(t, a, "old seat")
	for _, tb := range r1.Tables {
		decide(t, a, tb.Game, tb.Players[0])
	}
	// As a file of before: the seat alone, past Record, then the round's end.
	g := tournamentGame(t, a, tg.ID())
	seat := referee.NewMove(tournament.TypeSeat, "", tournament.Seat{Round: 1, Byes: []string{},
		Tables: []tournament.Table{{Table: 1, Players: []string{r1.Tables[0].Players[0], r1.Tables[1].Players[0]}, First: r1.Tables[0].Players[0]},
			{Table: 2, Players: []string{r1.Tables[0].Players[1], r1.Tables[1].Players[1]}, First: r1.Tables[0].Players[1]}}})
	if _, err := a.record(t.Context(), g, seat, RecordOptions{Force: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Record(t.Context(), tournamentGame(t, a, tg.ID()), []string{"end"}, RecordOptions{}); err != nil {
		t.Fatal(err)
	}
	r2, err := a.PairRound(t.Context(), tournamentGame(t, a, tg.ID()), 0)
	if err != nil || r2.Round != 2 {
		t.Fatalf("pairing after an old seating by hand: %+v, %v", r2, err)
	}
	for _, tb := range r1.Tables {
		if g := tournamentGame(t, a, tb.Game); g.Sheet().Totals[tb.Players[0]] != 5 || g.Len() != 3 {
			t.Errorf("game %d of round 1 lost its result: %v, %d events", g.ID(), g.Sheet().Totals, g.Len())
		}
	}
	if n := countGames(t, a); n != 1+2+2 {
		t.Errorf("%d games, want the tournament, round 1's two and round 2's two", n)
	}
}

// exportAll is every game of a's store as a season file.
func exportAll(t *testing.T, a *App) []byte {
	t.Helper()
	var b bytes.Buffer
	if _, _, err := a.Export(t.Context(), &b, "", nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// importAll imports a season file into a, failing on any game refused.
func importAll(t *testing.T, a *App, file []byte) []int64 {
	t.Helper()
	var ids []int64
	err := a.ImportLogs(t.Context(), "file.jsonl", bytes.NewReader(file), func(r ImportResult) error {
		if r.Err != nil {
			return r.Err
		}
		ids = append(ids, r.Game.ID())
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return ids
}

// checkOwnGames fails unless every game tournament id shows is one it made: of its players,
// made after it, and found back to it by its table.
func checkOwnGames(t *testing.T, a *App, id int64, games []int64) {
	t.Helper()
	tg := tournamentGame(t, a, id)
	rounds, err := a.Rounds(t.Context(), tg)
	if err != nil {
		t.Fatalf("tournament %d: %v", id, err)
	}
	var shown []int64
	for _, r := range rounds {
		for _, tb := range r.Tables {
			shown = append(shown, tb.Game)
			at, ok, err := a.TableOf(t.Context(), tb.Game)
			if err != nil || !ok || at != (TournamentTable{Tournament: id, Table: tb.Table}) {
				t.Errorf("game %d's table: %+v %v %v, want table %d of tournament %d", tb.Game, at, ok, err, tb.Table, id)
			}
		}
	}
	if !slices.Equal(shown, games) {
		t.Errorf("tournament %d shows games %v, want %v", id, shown, games)
	}
}

// TestTwoClubsTournamentsOfOneName: a club's "friday swiss" imported into a league that holds
// another club's leaves each with its own games: shown, found by their tables, paired on.
func TestTwoClubsTournamentsOfOneName(t *testing.T) {
	league, _ := openApp(t, "")
	club, _ := openApp(t, "")
	mine, err := league.NewTournament(t.Context(), TournamentSetup{Name: "friday swiss", Game: "pinochle", Rounds: 3, Players: []string{"ann", "bob", "cy", "dee"}})
	if err != nil {
		t.Fatal(err)
	}
	theirs, err := club.NewTournament(t.Context(), TournamentSetup{Name: "friday swiss", Game: "pinochle", Rounds: 3, Players: []string{"eve", "fay", "gus", "hal"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := club.PairRound(t.Context(), theirs, 0); err != nil {
		t.Fatal(err)
	}
	r1, err := league.PairRound(t.Context(), mine, 0)
	if err != nil {
		t.Fatal(err)
	}
	ids := importAll(t, league, exportAll(t, club))
	checkOwnGames(t, league, mine.ID(), []int64{r1.Tables[0].Game, r1.Tables[1].Game})
	checkOwnGames(t, league, ids[0], ids[1:])
	for _, id := range append([]int64{r1.Tables[0].Game, r1.Tables[1].Game}, ids[1:]...) {
		decide(t, league, id, "")
	}
	for _, id := range []int64{mine.ID(), ids[0]} {
		if r2, err := league.PairRound(t.Context(), tournamentGame(t, league, id), 0); err != nil || r2.Round != 2 {
			t.Errorf("pairing round 2 of tournament %d: %+v, %v", id, r2, err)
		}
	}
}

// TestOldTournamentsOfOneName: a file written before tournaments had an identity still opens,
// its games found by name: two imports of it each keep their own, and so does another club's
// tournament of the name; the old one paired on names itself in its new games by its seed.
func TestOldTournamentsOfOneName(t *testing.T) {
	a, _ := openApp(t, "")
	file, err := os.ReadFile("testdata/tournament/friday-swiss-old.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	first := importAll(t, a, file)
	second := importAll(t, a, file)
	club, _ := openApp(t, "")
	if _, err := club.NewTournament(t.Context(), TournamentSetup{Name: "friday swiss", Game: "pinochle", Rounds: 3, Players: []string{"eve", "fay", "gus", "hal"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := club.PairRound(t.Context(), tournamentGame(t, club, 1), 0); err != nil {
		t.Fatal(err)
	}
	third := importAll(t, a, exportAll(t, club))
	checkOwnGames(t, a, first[0], first[1:])
	checkOwnGames(t, a, second[0], second[1:])
	checkOwnGames(t, a, third[0], third[1:])
	if _, err := a.Record(t.Context(), tournamentGame(t, a, second[0]), []string{"end"}, RecordOptions{}); err != nil {
		t.Fatal(err)
	}
	r3, err := a.PairRound(t.Context(), tournamentGame(t, a, second[0]), 0)
	if err != nil || r3.Round != 3 {
		t.Fatalf("round 3 of the old tournament: %+v, %v", r3, err)
	}
	g := tournamentGame(t, a, r3.Tables[0].Game)
	if g.Setup().TournamentID != fmt.Sprintf("%016x", 853033447356950) || g.Setup().Seated == 0 {
		t.Errorf("a game of an old tournament names it by %q, seated by %d", g.Setup().TournamentID, g.Setup().Seated)
	}
	checkOwnGames(t, a, second[0], append(second[1:], r3.Tables[0].Game, r3.Tables[1].Game))
	checkOwnGames(t, a, first[0], first[1:])
	checkOwnGames(t, a, third[0], third[1:])
}

// TestATournamentsTranscriptsRoundTrip: a tournament's log and its games, exported as
// transcripts, import back into another file to the same events — a game's tournament, round,
// table and seating, the log's identity, pairings and seating by hand included — and the
// imported tournament finds its imported game at its table.
func TestATournamentsTranscriptsRoundTrip(t *testing.T) {
	a, _ := openApp(t, "")
	tg, err := a.NewTournament(t.Context(), TournamentSetup{Name: `the "big" -- night`, Game: "pinochle", Rounds: 3, Options: map[string]string{"limit": "50"},
		Players: []string{"ann", "bob", "cy", "dee"}, Ratings: map[string]int{"ann": 1800, "cy": 1500}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.PairRound(t.Context(), tg, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Record(t.Context(), tournamentGame(t, a, tg.ID()), strings.Fields("seat 1 ann-dee bob-cy"), RecordOptions{Force: true}); err != nil {
		t.Fatal(err)
	}
	r1, err := a.roundView(t.Context(), tournamentGame(t, a, tg.ID()), 1)
	if err != nil {
		t.Fatal(err)
	}
	game := playMoves(t, a, r1.Tables[0].Game, "pass")
	for _, tb := range r1.Tables {
		decide(t, a, tb.Game, tb.Players[0])
	}
	if _, err := a.PairRound(t.Context(), tournamentGame(t, a, tg.ID()), 0); err != nil {
		t.Fatal(err)
	}
	playMoves(t, a, tg.ID(), "drop bob")
	game = tournamentGame(t, a, game.ID())
	logs := []*play.Game{tournamentGame(t, a, tg.ID()), game}
	b, _ := openApp(t, "")
	var imported []*play.Game
	for _, g := range logs {
		text, err := Transcript(g)
		if err != nil {
			t.Fatalf("game %d: %v", g.ID(), err)
		}
		in, err := b.Import(t.Context(), []byte(text))
		if err != nil {
			t.Fatalf("game %d's transcript does not import: %v\n%s", g.ID(), err, text)
		}
		if diff := sameEvents(g.Log(), in.Game.Log()); diff != "" {
			t.Fatalf("game %d: %s\n%s", g.ID(), diff, text)
		}
		imported = append(imported, in.Game)
	}
	if s := imported[1].Setup(); s.Tournament != tg.Setup().Tournament || s.TournamentID != tg.Setup().TournamentID || s.Round != 1 || s.Table != 1 || s.Seated == 0 {
		t.Errorf("the game imported is placed %+v", s)
	}
	at, ok, err := b.TableOf(t.Context(), imported[1].ID())
	if err != nil || !ok || at != (TournamentTable{Tournament: imported[0].ID(), Table: 1}) {
		t.Errorf("the game imported is at %+v %v %v", at, ok, err)
	}
	rounds, err := b.Rounds(t.Context(), imported[0])
	if err != nil || len(rounds) != 2 || rounds[0].Tables[0].Game != imported[1].ID() || seatings(&rounds[0]) != "ann-dee bob-cy" {
		t.Errorf("the tournament imported: %+v, %v", rounds, err)
	}
}

// TestASeatingByHandKeepsTheTablesItLeaves: a seating by hand that changes one table keeps the
// other's game, played to its end or stopped by the table, and a table seated back to its
// players has their game again; the next pair pairs the next round.
func TestASeatingByHandKeepsTheTablesItLeaves(t *testing.T) {
	a, _ := openApp(t, "")
	tg, err := a.NewTournament(t.Context(), TournamentSetup{Name: "one table", Game: "pinochle", Rounds: 3, Players: []string{"ann", "bob", "cy", "dee", "eve", "fay"}})
	if err != nil {
		t.Fatal(err)
	}
	r1, err := a.PairRound(t.Context(), tg, 0)
	if err != nil {
		t.Fatal(err)
	}
	decide(t, a, r1.Tables[0].Game, r1.Tables[0].Players[0])
	words := func(swap bool) []string {
		w := []string{"seat", "1"}
		for i, tb := range r1.Tables {
			p := tb.Players
			if swap && i > 0 {
				p = []string{r1.Tables[1].Players[0], r1.Tables[2].Players[0]}
				if i == 2 {
					p = []string{r1.Tables[1].Players[1], r1.Tables[2].Players[1]}
				}
			}
			w = append(w, strings.Join(p, "-"))
		}
		return w
	}
	for _, swap := range []bool{true, false} {
		if _, err := a.Record(t.Context(), tournamentGame(t, a, tg.ID()), words(swap), RecordOptions{Force: true}); err != nil {
			t.Fatal(err)
		}
		r, err := a.roundView(t.Context(), tournamentGame(t, a, tg.ID()), 1)
		if err != nil {
			t.Fatal(err)
		}
		if r.Tables[0].Game != r1.Tables[0].Game {
			t.Errorf("table 1 seated as it was shows game %d, was %d", r.Tables[0].Game, r1.Tables[0].Game)
		}
		for i, tb := range r.Tables[1:] {
			if moved := tb.Game != r1.Tables[i+1].Game; moved != swap {
				t.Errorf("table %d shows game %d (was %d) with its players swapped %v", tb.Table, tb.Game, r1.Tables[i+1].Game, swap)
			}
		}
	}
	// Seated back, tables 2 and 3 have their games again, stopped by the swap: played on.
	for _, tb := range r1.Tables[1:] {
		g := tournamentGame(t, a, tb.Game)
		if g.Abandoned() == 0 {
			t.Fatalf("game %d was not stopped by the swap", g.ID())
		}
		if _, err := a.Correct(t.Context(), g, play.Correction{Verb: "void", Args: []string{fmt.Sprint(g.Abandoned())}, Note: "seated back"}, CorrectOptions{}); err != nil {
			t.Fatal(err)
		}
		decide(t, a, tb.Game, tb.Players[0])
	}
	if r2, err := a.PairRound(t.Context(), tournamentGame(t, a, tg.ID()), 0); err != nil || r2.Round != 2 {
		t.Fatalf("pairing round 2: %+v, %v", r2, err)
	}
	if n := countGames(t, a); n != 1+3+2+3 {
		t.Errorf("%d games: want the tournament, round 1's three, the two of the swap and round 2's three", n)
	}
}

// TestATournamentImportedTwice: the same tournament's file imported again into a file that holds
// it is refused, its log and its games alike, each saying where it is already; nothing of the
// second copy is stored, and the first still finds its own games.
func TestATournamentImportedTwice(t *testing.T) {
	club, _ := openApp(t, "")
	night, err := club.NewTournament(t.Context(), TournamentSetup{Name: "friday swiss", Game: "pinochle", Rounds: 3, Players: []string{"ann", "bob", "cy", "dee"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := club.PairRound(t.Context(), night, 0); err != nil {
		t.Fatal(err)
	}
	file := exportAll(t, club)
	league, _ := openApp(t, "")
	ids := importAll(t, league, file)
	count := func() int {
		n := 0
		if err := league.Games(t.Context(), func(Listed) error { n++; return nil }); err != nil {
			t.Fatal(err)
		}
		return n
	}
	before := count()
	var refused []error
	err = league.ImportLogs(t.Context(), "file.jsonl", bytes.NewReader(file), func(r ImportResult) error {
		refused = append(refused, r.Err)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(refused) != len(ids) {
		t.Fatalf("the second import told of %d games, want %d", len(refused), len(ids))
	}
	for i, err := range refused {
		want := fmt.Sprintf("game %d", ids[i])
		if CodeOf(err) != play.Invalid || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "nothing was recorded") {
			t.Errorf("game %d of the file imported again: %v, want it refused naming %s", i+1, err, want)
		}
	}
	if after := count(); after != before {
		t.Errorf("the second import stored %d games", after-before)
	}
	checkOwnGames(t, league, ids[0], ids[1:])
}
