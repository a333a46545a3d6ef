package table

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee/tournament"
)

// decide ends a tournament game as if played: winner is given points by adjustment and the
// game is abandoned, so its sheet ranks its players by those points ("" leaves it a draw).
func decide(t *testing.T, a *App, id int64, winner string) {
	t.Helper()
	g, err := a.Game(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	if winner != "" {
		if _, err := a.Correct(t.Context(), g, play.Correction{Verb: "adjust", Args: []string{winner, "+5"}, Note: "won"}, CorrectOptions{}); err != nil {
			t.Fatal(err)
		}
		if g, err = a.Game(t.Context(), id); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := a.Correct(t.Context(), g, play.Correction{Verb: "abandon", Note: "decided"}, CorrectOptions{}); err != nil {
		t.Fatal(err)
	}
}

// seatings writes a round's tables as "ann-dee bob-cy bye:eve".
func seatings(r *RoundView) string {
	var parts []string
	for _, t := range r.Tables {
		parts = append(parts, strings.Join(t.Players, "-"))
	}
	for _, b := range r.Byes {
		parts = append(parts, "bye:"+b)
	}
	return strings.Join(parts, " ")
}

func tournamentGame(t *testing.T, a *App, id int64) *play.Game {
	t.Helper()
	g, err := a.Game(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestTournamentNight: a Swiss of five over three rounds, as an organiser runs it. Round 1
// folds the rating order and gives the lowest the bye; each round's games are made with their
// round, table and match, the first player opening; a round is paired only when the last is
// over; the next round avoids rematches and gives the bye to another; a correction to an
// earlier round's game changes the standings at once.
func TestTournamentNight(t *testing.T) {
	a, _ := openApp(t, "")
	tg, r1 := pairedFirst(t, a, TournamentSetup{Name: "autumn swiss", Game: "pinochle", Rounds: 3,
		Players: []string{"ann", "bob", "cy", "dee", "eve"}, Ratings: map[string]int{"ann": 1800, "bob": 1700, "cy": 1600, "dee": 1500, "eve": 1400}})
	if got := seatings(r1); got != "ann-cy bob-dee bye:eve" && got != "cy-ann bob-dee bye:eve" && got != "ann-cy dee-bob bye:eve" && got != "cy-ann dee-bob bye:eve" {
		t.Errorf("round 1: %s, want ann v cy, bob v dee, eve's bye", got)
	}
	for _, tb := range r1.Tables {
		g := tournamentGame(t, a, tb.Game)
		s := g.Setup()
		if s.Tournament != "autumn swiss" || s.Match != "autumn swiss" || s.Round != 1 || s.Table != tb.Table || s.Opener != tb.First || s.Players[0] != tb.First {
			t.Errorf("table %d's game: %+v", tb.Table, s)
		}
	}
	// Round 2 waits for round 1's games, and the tournament's view says so.
	if _, err := a.PairRound(t.Context(), tournamentGame(t, a, tg.ID()), 0); CodeOf(err) != play.Over || !strings.Contains(err.Error(), "round 1 is still being played at tables 1, 2") {
		t.Errorf("pairing round 2 with round 1 in play: %v", err)
	}
	if v, err := a.Tournament(t.Context(), tournamentGame(t, a, tg.ID())); err != nil || v.Next.Ready || v.Next.Round != 2 ||
		!slices.Equal(v.Next.Playing, []int{1, 2}) || v.Next.Why != "round 1 is still being played at tables 1, 2" {
		t.Errorf("round 1 in play: next %+v, %v", v.Next, err)
	}
	g1 := tournamentGame(t, a, r1.Tables[0].Game)
	if got, want := SeatText(g1), fmt.Sprintf("round 1, table 1: %s v %s, %s opens", g1.Setup().Players[0], g1.Setup().Players[1], r1.Tables[0].First); got != want {
		t.Errorf("game 1's seat: %q, want %q", got, want)
	}
	decide(t, a, r1.Tables[0].Game, "ann")
	if v, err := a.Tournament(t.Context(), tournamentGame(t, a, tg.ID())); err != nil || v.Next.Ready || !slices.Equal(v.Next.Playing, []int{2}) {
		t.Errorf("round 1 with table 2 playing: next %+v, %v", v.Next, err)
	}
	decide(t, a, r1.Tables[1].Game, "dee")
	if v, err := a.Tournament(t.Context(), tournamentGame(t, a, tg.ID())); err != nil || !v.Next.Ready || len(v.Next.Playing) != 0 || v.Next.Why != "" {
		t.Errorf("round 1 over: next %+v, %v", v.Next, err)
	}
	if _, err := a.Record(t.Context(), tournamentGame(t, a, tg.ID()), []string{"drop", "bob"}, RecordOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Record(t.Context(), tournamentGame(t, a, tg.ID()), []string{"arrive", "fay"}, RecordOptions{}); err != nil {
		t.Fatal(err)
	}
	if v, err := a.Tournament(t.Context(), tournamentGame(t, a, tg.ID())); err != nil ||
		fmt.Sprint(v.Entrants) != "[{ann 1800 true false 1} {bob 1700 false false 1} {cy 1600 true false 1} {dee 1500 true false 1} {eve 1400 true false 1} {fay 0 true false 2}]" {
		t.Errorf("entrants after bob's drop and fay's arrival: %+v, %v", v.Entrants, err)
	}
	r2, err := a.PairRound(t.Context(), tournamentGame(t, a, tg.ID()), 0)
	if err != nil {
		t.Fatal(err)
	}
	// Each table's phone moves on from its round 1 game to its round 2 game; the round's game
	// is its table's latest.
	for _, tb := range r1.Tables {
		moved, err := a.TableMovedOn(t.Context(), tournamentGame(t, a, tb.Game))
		if want := (MovedOn{Game: r2.Tables[tb.Table-1].Game}); err != nil || moved != want {
			t.Errorf("table %d moved on from game %d to %d, want %d (%v)", tb.Table, tb.Game, moved, want, err)
		}
	}
	for _, tb := range r2.Tables {
		if moved, err := a.TableMovedOn(t.Context(), tournamentGame(t, a, tb.Game)); err != nil || moved != (MovedOn{}) {
			t.Errorf("table %d's latest game %d moved on to %d (%v)", tb.Table, tb.Game, moved, err)
		}
	}
	// After round 1: ann, dee and eve (the bye) 1; bob (gone) and cy 0, fay (come) 0. No rematch; the bye to
	// someone who has had none, the lowest of them.
	met := map[string]bool{"ann cy": true, "cy ann": true, "bob dee": true, "dee bob": true}
	for _, tb := range r2.Tables {
		if met[strings.Join(tb.Players, " ")] {
			t.Errorf("round 2 pairs %v again", tb.Players)
		}
	}
	if len(r2.Byes) != 1 || r2.Byes[0] == "eve" {
		t.Errorf("round 2's byes %v: eve has had hers", r2.Byes)
	}
	v, err := a.Tournament(t.Context(), tournamentGame(t, a, tg.ID()))
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Played) != 2 || !v.Played[0].Ended || v.Played[1].Ended {
		t.Errorf("rounds %+v: round 1 ended, round 2 in play", v.Played)
	}
	points := map[string]float64{}
	for _, s := range v.Standings {
		points[s.Name] = s.Points
	}
	if fmt.Sprint(points) != "map[ann:1 bob:0 cy:0 dee:1 eve:1 fay:0]" {
		t.Errorf("standings after round 1: %v", points)
	}
	// A correction to round 1's game changes the standings at once: bob's win, not dee's.
	g := tournamentGame(t, a, r1.Tables[1].Game)
	adjusts := slices.IndexFunc(g.Log(), func(e play.Event) bool { return e.Type == "adjust" })
	if _, err := a.Correct(t.Context(), g, play.Correction{Verb: "void", Args: []string{fmt.Sprint(adjusts + 1)}, Note: "the wrong side"}, CorrectOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Correct(t.Context(), tournamentGame(t, a, g.ID()), play.Correction{Verb: "adjust", Args: []string{"bob", "+5"}, Note: "bob won"}, CorrectOptions{}); err != nil {
		t.Fatal(err)
	}
	if v, err = a.Tournament(t.Context(), tournamentGame(t, a, tg.ID())); err != nil {
		t.Fatal(err)
	}
	for _, s := range v.Standings {
		points[s.Name] = s.Points
	}
	if fmt.Sprint(points) != "map[ann:1 bob:1 cy:0 dee:0 eve:1 fay:0]" {
		t.Errorf("standings after the correction: %v", points)
	}
}

// TestTournamentNameIsANewMatch: a tournament's games are the match of its name, so a name a
// match already has is refused, and a tournament refuses what is no tournament.
func TestTournamentNameIsANewMatch(t *testing.T) {
	a, _ := openApp(t, "")
	if _, err := a.New(t.Context(), Setup{Kind: "pinochle", Players: []string{"ann", "bob"}, Opener: "ann", Match: "autumn"}); err != nil {
		t.Fatal(err)
	}
	_, err := a.NewTournament(t.Context(), TournamentSetup{Name: "autumn", Game: "pinochle", Players: []string{"ann", "bob", "cy"}})
	if CodeOf(err) != play.Invalid || !strings.Contains(err.Error(), `a match called "autumn" already holds 1 games`) {
		t.Errorf("a tournament named as a match: %v", err)
	}
	if _, err := a.NewTournament(t.Context(), TournamentSetup{Name: "winter", Game: "pinochle", Players: []string{"ann", "bob"}}); err != nil {
		t.Fatal(err)
	}
	_, err = a.NewTournament(t.Context(), TournamentSetup{Name: "winter", Game: "candidate", Players: []string{"cy", "dee"}})
	if CodeOf(err) != play.Invalid || !strings.Contains(err.Error(), `tournament 2 is called "winter" already`) {
		t.Errorf("a second tournament of one name, before either has games: %v", err)
	}
	// A party game's players sit in sides, which no tournament's table seats (T2): refused when
	// the tournament is made, not when its first round's games cannot be.
	_, err = a.NewTournament(t.Context(), TournamentSetup{Name: "parties", Game: "article2", TableSize: 4,
		Players: []string{"ann", "bob", "cy", "dee"}, Options: map[string]string{"parties": "on"}})
	if CodeOf(err) != play.Invalid || !strings.Contains(err.Error(), "option parties=on plays in sides, and a tournament seats each player alone (T2)") {
		t.Errorf("a tournament of party games: %v", err)
	}
	g := tournamentGame(t, a, 1)
	var e *play.Error
	if _, err := a.PairRound(t.Context(), g, 0); !errors.As(err, &e) || !strings.Contains(err.Error(), "not a tournament") {
		t.Errorf("pairing a game: %v", err)
	}
}

// TestTournamentMakesTheGamesItMissed: a round recorded as paired whose games were not all made
// (the machine stopped between) has them made by the next pair, which pairs nothing new.
func TestTournamentMakesTheGamesItMissed(t *testing.T) {
	a, _ := openApp(t, "")
	tg, err := a.NewTournament(t.Context(), TournamentSetup{Name: "night", Game: "advantage", Format: "round-robin",
		Players: []string{"ann", "bob", "cy", "dee"}})
	if err != nil {
		t.Fatal(err)
	}
	n, err := tournamentNight(tg)
	if err != nil {
		t.Fatal(err)
	}
	in := n.NextInput(nil, nil)
	out, err := Pair(in)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.record(t.Context(), tg, tournament.PairedMove(in, out), RecordOptions{}); err != nil {
		t.Fatal(err)
	}
	r, err := a.PairRound(t.Context(), tournamentGame(t, a, tg.ID()), 0)
	if err != nil {
		t.Fatal(err)
	}
	if r.Round != 1 || len(r.Tables) != 2 || r.Tables[0].Game == 0 || r.Tables[1].Game == 0 {
		t.Errorf("after the stop: %+v, want round 1's two games made", r)
	}
}

// playUntil records legal moves chosen at random (seeded) in game id until done says stop, and
// returns the game then.
func playUntil(t *testing.T, a *App, id int64, seed uint64, done func(*play.Game) bool) *play.Game {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 37))
	g := tournamentGame(t, a, id)
	for range 2000 {
		if done(g) {
			return g
		}
		var offered []play.Choice
		for _, c := range g.Choices() {
			if !c.Example {
				offered = append(offered, c)
			}
		}
		if len(offered) == 0 {
			t.Fatalf("game %d: nothing to play, and not done", id)
		}
		rec, err := a.Record(t.Context(), g, strings.Fields(offered[rng.IntN(len(offered))].Move), RecordOptions{Expect: g.Last()})
		if err != nil {
			t.Fatal(err)
		}
		g = rec.Game
	}
	t.Fatalf("game %d: not done after 2,000 moves", id)
	return nil
}

// TestTournamentWaitsForConfirmations: with confirm=on, the next round is paired only when
// every scored round of the last one's games is confirmed by the side that did not enter it
// (L9), or the organiser releases the round.
func TestTournamentWaitsForConfirmations(t *testing.T) {
	a, _ := openApp(t, "")
	tg, err := a.NewTournament(t.Context(), TournamentSetup{Name: "cup", Game: "pinochle", Rounds: 3, Confirm: true,
		Players: []string{"ann", "bob", "cy", "dee"}})
	if err != nil {
		t.Fatal(err)
	}
	r1, err := a.PairRound(t.Context(), tg, 0)
	if err != nil {
		t.Fatal(err)
	}
	scored := func(g *play.Game) bool { return len(g.Waiting()) > 0 }
	first := playUntil(t, a, r1.Tables[0].Game, 1, scored)
	playUntil(t, a, r1.Tables[1].Game, 2, scored)
	end := func() {
		t.Helper()
		if _, err := a.Record(t.Context(), tournamentGame(t, a, tg.ID()), []string{"end"}, RecordOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	end()
	if v, err := a.Tournament(t.Context(), tournamentGame(t, a, tg.ID())); err != nil || v.Next.Ready ||
		!slices.Equal(v.Next.Unconfirmed, []int64{r1.Tables[0].Game, r1.Tables[1].Game}) || len(v.Next.Playing) != 0 {
		t.Errorf("round 1 ended with its hands unconfirmed: next %+v, %v", v.Next, err)
	}
	_, err = a.PairRound(t.Context(), tournamentGame(t, a, tg.ID()), 0)
	if CodeOf(err) != play.Over || !strings.Contains(err.Error(), "round 1 has scored rounds no one has confirmed") {
		t.Fatalf("pairing round 2 with hands unconfirmed: %v", err)
	}
	// Confirming the first table's hand leaves the second's waiting; releasing lets it go.
	w := first.Waiting()[0]
	if _, err := a.Correct(t.Context(), first, play.Correction{Verb: "confirm", Args: []string{fmt.Sprint(w.Round), first.Setup().Players[1]}}, CorrectOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := a.PairRound(t.Context(), tournamentGame(t, a, tg.ID()), 0); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("game %d", r1.Tables[1].Game)) || strings.Contains(err.Error(), fmt.Sprintf("game %d,", r1.Tables[0].Game)) {
		t.Fatalf("pairing with one table confirmed: %v", err)
	}
	if _, err := a.Record(t.Context(), tournamentGame(t, a, tg.ID()), []string{"release"}, RecordOptions{}); err != nil {
		t.Fatal(err)
	}
	if r2, err := a.PairRound(t.Context(), tournamentGame(t, a, tg.ID()), 0); err != nil || r2.Round != 2 {
		t.Fatalf("pairing round 2 once released: %+v, %v", r2, err)
	}
}

// TestATableThatSitsOut: when drops leave a round one table short, the last table's game says
// that round seats nobody there, and a table seated again is followed to its game.
func TestATableThatSitsOut(t *testing.T) {
	a, _ := openApp(t, "")
	tg, r1 := pairedFour(t, a, "short")
	for _, tb := range r1.Tables {
		decide(t, a, tb.Game, tb.Players[0])
	}
	for _, gone := range []string{"cy", "dee"} {
		if _, err := a.Record(t.Context(), tournamentGame(t, a, tg.ID()), []string{"drop", gone}, RecordOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	r2, err := a.PairRound(t.Context(), tournamentGame(t, a, tg.ID()), 0)
	if err != nil || len(r2.Tables) != 1 {
		t.Fatalf("round 2 of two players: %+v, %v", r2, err)
	}
	moved, err := a.TableMovedOn(t.Context(), tournamentGame(t, a, r1.Tables[1].Game))
	if err != nil || moved != (MovedOn{SitsOut: 2}) {
		t.Errorf("table 2 in round 2: %+v, %v; want it to sit out round 2", moved, err)
	}
	moved, err = a.TableMovedOn(t.Context(), tournamentGame(t, a, r1.Tables[0].Game))
	if err != nil || moved != (MovedOn{Game: r2.Tables[0].Game}) {
		t.Errorf("table 1 in round 2: %+v, %v; want game %d", moved, err, r2.Tables[0].Game)
	}
}

// pairedFour starts a Pinochle Swiss of four over three rounds, called name, and pairs its
// first round.
func pairedFour(t *testing.T, a *App, name string) (*play.Game, *RoundView) {
	t.Helper()
	return pairedFirst(t, a, TournamentSetup{Name: name, Game: "pinochle", Rounds: 3, Players: []string{"ann", "bob", "cy", "dee"}})
}

// pairedFirst starts the tournament s and pairs its first round.
func pairedFirst(t *testing.T, a *App, s TournamentSetup) (*play.Game, *RoundView) {
	t.Helper()
	tg, err := a.NewTournament(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	r1, err := a.PairRound(t.Context(), tg, 0)
	if err != nil {
		t.Fatal(err)
	}
	return tg, r1
}

// TestTheOthersPlayOnWithoutAPlayerWhoDidNotCome is T10 at a larger table: at a Capture table
// of 3 the director enters that ann did not come. The table's game, made for three, is stopped
// saying why, and the other two have a game of their own at once, the table's from then on:
// the round waits for it, and once it is decided they score as at a table of 3, ann last with
// 0 and the round unplayed.
func TestTheOthersPlayOnWithoutAPlayerWhoDidNotCome(t *testing.T) {
	a, _ := openApp(t, "")
	tg, r1 := pairedFirst(t, a, TournamentSetup{Name: "capture night", Game: "capture", TableSize: 3, Rounds: 2,
		Players: []string{"ann", "bob", "cy", "dee", "eve", "fay"}})
	var at TableGame
	for _, tb := range r1.Tables {
		if slices.Contains(tb.Players, "ann") {
			at = tb
		}
	}
	rec, err := a.Record(t.Context(), tournamentGame(t, a, tg.ID()), []string{"forfeit", "ann"}, RecordOptions{})
	if err != nil || len(rec.Flags) != 0 {
		t.Fatalf("ann's forfeit: %v %+v", err, rec)
	}
	old := tournamentGame(t, a, at.Game)
	if old.Abandoned() == 0 {
		t.Fatalf("the table's game for three is still in play")
	}
	if e, _ := old.EventAt(old.Abandoned()); !strings.Contains(string(e.Payload), "plays on without ann, who did not come (T10)") {
		t.Errorf("the game for three was stopped saying %s", e.Payload)
	}
	v, err := a.Tournament(t.Context(), tournamentGame(t, a, tg.ID()))
	if err != nil {
		t.Fatal(err)
	}
	var now TableGame
	for _, tb := range v.Played[0].Tables {
		if tb.Table == at.Table {
			now = tb
		}
	}
	others := slices.DeleteFunc(slices.Clone(at.Players), func(p string) bool { return p == "ann" })
	if now.Game == at.Game || now.Game == 0 || now.Forfeit != "ann" || !slices.Contains(v.Next.Playing, at.Table) {
		t.Fatalf("table %d after the forfeit: %+v, playing %v; want a new game of %v, still in play", at.Table, now, v.Next.Playing, others)
	}
	g := tournamentGame(t, a, now.Game)
	if s := g.Setup(); !slices.Equal(s.Players, others) || s.Round != 1 || s.Table != at.Table || s.Seated != rec.Event.Seq {
		t.Fatalf("the others' game: %+v, want %v at table %d, made for event %d", s, others, at.Table, rec.Event.Seq)
	}
	for _, tb := range v.Played[0].Tables {
		if tb.Table == at.Table {
			decide(t, a, tb.Game, others[1])
		} else {
			decide(t, a, tb.Game, tb.Players[0])
		}
	}
	v, err = a.Tournament(t.Context(), tournamentGame(t, a, tg.ID()))
	if err != nil {
		t.Fatal(err)
	}
	points := map[string]float64{}
	for _, st := range v.Standings {
		points[st.Name] = st.Points
	}
	if v.After != 1 || points[others[1]] != 1 || points[others[0]] != 0.5 || points["ann"] != 0 {
		t.Errorf("after round 1: %+v; want %s 1 and %s ½ as at a table of 3, ann 0", v.Standings, others[1], others[0])
	}
	// The results file says the same, read back to the same standings.
	read, err := ReadResultsFile(strings.NewReader(v.ResultsFile(nil)))
	if err != nil {
		t.Fatalf("the results file: %v\n%s", err, v.ResultsFile(nil))
	}
	for _, st := range read.Standings {
		if st.Points != points[st.Name] {
			t.Errorf("the results file read back gives %s %v points, the tournament %v\n%s", st.Name, st.Points, points[st.Name], v.ResultsFile(nil))
		}
	}
	// The crosstable says the same.
	ct := v.Crosstable(nil)
	for _, row := range ct.Rows {
		cell := row.Cells[0]
		switch want := map[string]float64{others[1]: 1, others[0]: 0.5}; {
		case row.Name == "ann" && cell.Kind != "forfeit-lost":
			t.Errorf("ann's crosstable cell: %+v, want a forfeit lost", cell)
		case row.Name != "ann" && slices.Contains(others, row.Name) && (cell.Kind != "game" || cell.Points != want[row.Name]):
			t.Errorf("%s's crosstable cell: %+v, want a game scoring %v", row.Name, cell, want[row.Name])
		}
	}
}
