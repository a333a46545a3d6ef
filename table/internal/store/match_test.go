package store_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"sync"
	"testing"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/table/internal/store"
	"github.com/tableside/tableside/table/internal/store/storetest"
)

// matchEvent is a game.created event for a game of kind in match ("" for none).
func matchEvent(tb testing.TB, kind, match string) events.Event {
	tb.Helper()
	p, err := json.Marshal(events.Created{Kind: kind, Players: []string{"ann", "bob"}, Match: match, Ruleset: kind + "/1"})
	if err != nil {
		tb.Fatal(err)
	}
	return events.Event{Type: events.TypeCreated, Payload: p, At: 1_700_000_000_000}
}

func createIn(tb testing.TB, s *store.SQLite, kind, match string) int64 {
	tb.Helper()
	game, _, err := s.Create(tb.Context(), []events.Event{matchEvent(tb, kind, match)})
	if err != nil {
		tb.Fatal(err)
	}
	return game
}

func TestCreateFillsMatch(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	s := openStoreAt(t, path)
	inMatch := createIn(t, s, "candidate", "autumn club")
	alone := createIn(t, s, "candidate", "")
	db := rawDB(t, path)
	for game, want := range map[int64]string{inMatch: "autumn club", alone: ""} {
		var got string
		if err := db.QueryRow(`SELECT match FROM games WHERE id = ?`, game).Scan(&got); err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("game %d: match column %q, want %q", game, got, want)
		}
	}
	games, err := allGames(t, s)
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 || games[0].Match != "autumn club" || games[1].Match != "" {
		t.Fatalf("Games = %+v", games)
	}
}

// checkMatches fails unless Matches and MatchGames say what Games says about every match.
func checkMatches(t *testing.T, s *store.SQLite, want []store.MatchInfo) {
	t.Helper()
	matches, err := s.Matches(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(matches, want) {
		t.Fatalf("Matches:\n%+v\nwant:\n%+v", matches, want)
	}
	games, err := allGames(t, s)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range matches {
		var fromGames []store.GameInfo
		for _, g := range games {
			if g.Match == m.Name {
				fromGames = append(fromGames, g)
			}
		}
		got, err := s.MatchGames(t.Context(), m.Name)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, fromGames) {
			t.Fatalf("MatchGames(%q):\n%+v\nGames says:\n%+v", m.Name, got, fromGames)
		}
		if len(got) != m.Games || got[0].Kind != m.Kind {
			t.Fatalf("match %+v, but its games are %+v", m, got)
		}
	}
}

func TestMatches(t *testing.T) {
	s := openTestStore(t)
	checkMatches(t, s, nil)
	// Created out of name order, with games in no match between them.
	createIn(t, s, "pinochle", "pin night")
	createIn(t, s, "candidate", "autumn club")
	createIn(t, s, "candidate", "")
	createIn(t, s, "article2", "club night")
	createIn(t, s, "pinochle", "pin night")
	createIn(t, s, "pinochle", "")
	createIn(t, s, "candidate", "autumn club")
	createIn(t, s, "candidate", "Autumn club") // another match: names are compared exactly
	checkMatches(t, s, []store.MatchInfo{
		{Name: "Autumn club", Kind: "candidate", Games: 1},
		{Name: "autumn club", Kind: "candidate", Games: 2},
		{Name: "club night", Kind: "article2", Games: 1},
		{Name: "pin night", Kind: "pinochle", Games: 2},
	})
	if games, err := s.MatchGames(t.Context(), "nobody's match"); err != nil || games != nil {
		t.Errorf("a match nobody played: %+v, %v", games, err)
	}
	if _, err := s.MatchGames(t.Context(), ""); err == nil {
		t.Error(`MatchGames("") listed the games in no match`)
	}
}

func TestCreateRefusesOtherKindInMatch(t *testing.T) {
	s := openTestStore(t)
	first := createIn(t, s, "pinochle", "autumn club")
	if _, err := s.Append(t.Context(), first, 1, []events.Event{move("ann", `{}`, 1)}); err != nil {
		t.Fatal(err)
	}
	gamesBefore, err := allGames(t, s)
	if err != nil {
		t.Fatal(err)
	}

	_, _, err = s.Create(t.Context(), []events.Event{matchEvent(t, "candidate", "autumn club"), move("ann", `{}`, 2)})
	var mk *store.MatchKindError
	if !errors.As(err, &mk) || !errors.Is(err, store.ErrMatchKind) {
		t.Fatalf("err = %v, want a *MatchKindError", err)
	}
	if *mk != (store.MatchKindError{Match: "autumn club", Kind: "pinochle", Refused: "candidate"}) {
		t.Errorf("error %+v", *mk)
	}
	if want := `match "autumn club" is a match of pinochle, not candidate`; err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}

	gamesAfter, err := allGames(t, s)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(gamesAfter, gamesBefore) {
		t.Fatalf("a refused game was written: %+v", gamesAfter)
	}
	stored := 0
	if err := s.Scan(t.Context(), func(events.Event) error { stored++; return nil }); err != nil {
		t.Fatal(err)
	}
	if stored != 2 {
		t.Fatalf("%d events after a refused game, want 2", stored)
	}

	// The same kind joins the match, and the other kind may start a match of its own.
	createIn(t, s, "pinochle", "autumn club")
	createIn(t, s, "candidate", "spring club")
	createIn(t, s, "candidate", "")
	checkMatches(t, s, []store.MatchInfo{
		{Name: "autumn club", Kind: "pinochle", Games: 2},
		{Name: "spring club", Kind: "candidate", Games: 1},
	})
}

// Terminals that start games of different kinds in the same new match at the same moment: the
// first to write decides the match's kind and every other kind is refused.
func TestCreateMatchKindRace(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	const terminals = 6
	stores := make([]*store.SQLite, terminals)
	for i := range stores {
		stores[i] = openStoreAt(t, path)
	}
	kinds := []string{"candidate", "pinochle"}
	for round := range 20 {
		match := fmt.Sprintf("night %d", round)
		errs := make([]error, terminals)
		start := make(chan struct{})
		var wg sync.WaitGroup
		for i, s := range stores {
			wg.Go(func() {
				<-start
				_, _, errs[i] = s.Create(t.Context(), []events.Event{matchEvent(t, kinds[i%2], match)})
			})
		}
		close(start)
		wg.Wait()
		games, err := stores[0].MatchGames(t.Context(), match)
		if err != nil {
			t.Fatal(err)
		}
		if len(games) == 0 {
			t.Fatalf("round %d: no game was created: %v", round, errs)
		}
		kind := games[0].Kind
		for _, g := range games {
			if g.Kind != kind {
				t.Fatalf("round %d: match %q holds %s and %s games", round, match, kind, g.Kind)
			}
		}
		for i, err := range errs {
			switch {
			case kinds[i%2] == kind && err != nil:
				t.Fatalf("round %d: a %s game was refused: %v", round, kind, err)
			case kinds[i%2] != kind && !errors.Is(err, store.ErrMatchKind):
				t.Fatalf("round %d: a %s game: err = %v, want ErrMatchKind", round, kinds[i%2], err)
			}
		}
		if len(games) != terminals/2 {
			t.Fatalf("round %d: %d games, want %d", round, len(games), terminals/2)
		}
	}
}

// A version-1 file may hold a match of two kinds, since nothing checked them then. The match's
// kind is its first game's: Matches says so, and Create holds new games to it.
func TestMixedMatchTakesFirstGamesKind(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	s := openStoreAt(t, path)
	createIn(t, s, "candidate", "autumn club")
	e := matchEvent(t, "pinochle", "autumn club")
	e.Game, e.Seq = 2, 1
	e.Hash = events.Hash("", e)
	db := rawDB(t, path)
	if _, err := db.Exec(`INSERT INTO games (id, kind, created_at, match) VALUES (2, 'pinochle', ?, 'autumn club')`, e.At); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?)`,
		e.Game, e.Seq, e.Type, e.Actor, string(e.Payload), e.At, e.Hash); err != nil {
		t.Fatal(err)
	}
	checkMatches(t, s, []store.MatchInfo{{Name: "autumn club", Kind: "candidate", Games: 2}})

	_, _, err := s.Create(t.Context(), []events.Event{matchEvent(t, "pinochle", "autumn club")})
	var mk *store.MatchKindError
	if !errors.As(err, &mk) || mk.Kind != "candidate" || mk.Refused != "pinochle" {
		t.Fatalf("err = %v, want the match's kind to be its first game's, candidate", err)
	}
	createIn(t, s, "candidate", "autumn club")
	checkMatches(t, s, []store.MatchInfo{{Name: "autumn club", Kind: "candidate", Games: 3}})
}

// Terminals that start games in the same match of at most four games at the same moment: four
// are created, and every other is refused as one too many.
func TestCreateInMatchRace(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	const terminals, most = 6, 4
	stores := make([]*store.SQLite, terminals)
	for i := range stores {
		stores[i] = openStoreAt(t, path)
	}
	errs := make([]error, terminals)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i, s := range stores {
		wg.Go(func() {
			<-start
			_, _, errs[i] = s.CreateInMatch(t.Context(), []events.Event{matchEvent(t, "article2", "party night")}, most)
		})
	}
	close(start)
	wg.Wait()
	full := 0
	for _, err := range errs {
		var mf *store.MatchFullError
		switch {
		case errors.As(err, &mf):
			full++
			if mf.Match != "party night" || mf.Games != most {
				t.Errorf("error %+v", *mf)
			}
		case err != nil:
			t.Fatal(err)
		}
	}
	games, err := stores[0].MatchGames(t.Context(), "party night")
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != most || full != terminals-most {
		t.Fatalf("%d games created and %d refused, want %d and %d", len(games), full, most, terminals-most)
	}
	// Another match, and a game in no match, are not held to it.
	if _, _, err := stores[0].CreateInMatch(t.Context(), []events.Event{matchEvent(t, "article2", "")}, most); err != nil {
		t.Errorf("a game in no match: %v", err)
	}
	if _, _, err := stores[0].CreateInMatch(t.Context(), []events.Event{matchEvent(t, "article2", "other night")}, most); err != nil {
		t.Errorf("a game in another match: %v", err)
	}
}

// TestCreateManyIsAllOrNothingPerGame: one transaction stores many games; a game refused by its
// match, or with a bad event, is left out whole and the others are kept.
func TestCreateManyIsAllOrNothingPerGame(t *testing.T) {
	s := openStoreAt(t, filepath.Join(t.TempDir(), "t.db"))
	move := events.Event{Type: "candidate.seat", Actor: "ann", Payload: json.RawMessage(`{"suit":"H"}`), At: 1_700_000_000_001}
	bad := events.Event{Type: "candidate.seat", Payload: json.RawMessage(`{"suit":`)}
	res, err := s.CreateMany(t.Context(), []store.NewGame{
		{Events: []events.Event{matchEvent(t, "candidate", "club"), move}},
		{Events: []events.Event{matchEvent(t, "pinochle", "club")}},           // another kind in the match
		{Events: []events.Event{matchEvent(t, "candidate", "club"), bad}},     // a payload that is not JSON
		{Events: []events.Event{matchEvent(t, "candidate", "club")}, Most: 1}, // the match is full
		{Events: []events.Event{matchEvent(t, "candidate", "")}},
	})
	if err != nil {
		t.Fatal(err)
	}
	var mk *store.MatchKindError
	var mf *store.MatchFullError
	switch {
	case res[0].Err != nil || res[0].Game != 1 || len(res[0].Events) != 2 || res[0].Events[1].Hash == "":
		t.Errorf("first game: %+v", res[0])
	case !errors.As(res[1].Err, &mk), res[2].Err == nil, !errors.As(res[3].Err, &mf):
		t.Errorf("refusals: %v, %v, %v", res[1].Err, res[2].Err, res[3].Err)
	case res[4].Err != nil || res[4].Game != 2:
		t.Errorf("last game: %+v", res[4])
	}
	if n, err := s.CountGames(t.Context()); err != nil || n != 2 {
		t.Errorf("%d games stored (%v), want 2", n, err)
	}
	if n, err := s.CountEvents(t.Context()); err != nil || n != 3 {
		t.Errorf("%d events stored (%v), want 3", n, err)
	}
	if broken, err := storetest.Verify(t.Context(), s); err != nil || len(broken) != 0 {
		t.Errorf("verify: %v %v", broken, err)
	}
}
