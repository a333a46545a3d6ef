package table

import (
	"context"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee/kinds"
	"github.com/tableside/tableside/referee/refereetest"
	"github.com/tableside/tableside/table/internal/store"
)

// TestTournamentTableKeys: every table of every tournament has a code of its own, which no
// game has and only the director's key makes, read as a person types it.
func TestTournamentTableKeys(t *testing.T) {
	k, err := NewKeys("the club's long key")
	if err != nil {
		t.Fatal(err)
	}
	other, _ := NewKeys("another club's key")
	games := map[string]bool{}
	for game := int64(1); game <= 500; game++ {
		games[k.Code(game)] = true
	}
	seen := map[string]TournamentTable{}
	for tournament := int64(1); tournament <= 20; tournament++ {
		for table := 1; table <= 20; table++ {
			code := k.TournamentTableCode(tournament, table)
			here := TournamentTable{tournament, table}
			if was, ok := seen[code]; ok {
				t.Errorf("%+v and %+v share the code %s", was, here, code)
			}
			seen[code] = here
			if games[code] {
				t.Errorf("%+v's code %s is a game's", here, code)
			}
			if other.TournamentTableCode(tournament, table) == code {
				t.Errorf("%+v: the code is not the key's alone", here)
			}
		}
	}
	code := k.TournamentTableCode(3, 2)
	typed := strings.ToLower(ShowCode(code))
	if read, ok := k.OpensTournamentTable(3, 2, typed); !ok || read != code {
		t.Errorf("table 2 of tournament 3, typed %q: %q %v", typed, read, ok)
	}
	for _, try := range []struct {
		tournament int64
		table      int
		text       string
	}{
		{3, 1, code}, {2, 2, code}, {3, 2, k.Code(3)}, {0, 2, code}, {3, 0, code}, {3, 2, code[:5]},
	} {
		if _, ok := k.OpensTournamentTable(try.tournament, try.table, try.text); ok {
			t.Errorf("%q opens table %d of tournament %d", try.text, try.table, try.tournament)
		}
	}
	if _, ok := k.OpensTable(3, code); ok {
		t.Error("a table's code opens the game of the tournament's id")
	}
}

// TestTableOfAndTableNow: the games a tournament makes at a table know the table, round after
// round, while a game of no tournament knows none; what a table plays now follows it to its
// next round's game, and a table the round does not seat says so.
func TestTableOfAndTableNow(t *testing.T) {
	a, _ := openApp(t, "")
	ctx := t.Context()
	alone, err := a.New(ctx, Setup{Kind: "pinochle", Players: []string{"ann", "bob"}, Opener: "ann"})
	if err != nil {
		t.Fatal(err)
	}
	tg, err := a.NewTournament(ctx, TournamentSetup{Name: "club night", Game: "pinochle", Rounds: 2,
		Players: []string{"ann", "bob", "cy", "dee"}})
	if err != nil {
		t.Fatal(err)
	}
	if n, err := TournamentTables(tg); err != nil || n != 2 {
		t.Errorf("4 players at tables of 2 have %d tables (%v), want 2", n, err)
	}
	if now, err := a.TableNow(ctx, tg.ID(), 1); err != nil || now.Round != 0 || now.Game != nil {
		t.Errorf("before round 1: %+v %v", now, err)
	}
	if _, ok, err := a.TableOf(ctx, alone.ID()); ok || err != nil {
		t.Errorf("a game of no tournament is at a table: %v %v", ok, err)
	}
	if _, err := a.TableNow(ctx, alone.ID(), 1); CodeOf(err) != play.NotFound {
		t.Errorf("a game asked as a tournament: %v", err)
	}
	var played []int64
	for round := 1; round <= 2; round++ {
		r, err := a.PairRound(ctx, tournamentGame(t, a, tg.ID()), 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, tb := range r.Tables {
			at, ok, err := a.TableOf(ctx, tb.Game)
			if err != nil || !ok || at != (TournamentTable{tg.ID(), tb.Table}) {
				t.Errorf("round %d, table %d's game %d is at %+v (%v, %v)", round, tb.Table, tb.Game, at, ok, err)
			}
			now, err := a.TableNow(ctx, tg.ID(), tb.Table)
			if err != nil {
				t.Fatal(err)
			}
			want := "round " + strconv.Itoa(round) + ", table " + strconv.Itoa(tb.Table) + ": " +
				strings.Join(tb.Players, " v ") + ", " + tb.First + " opens"
			if now.Round != round || now.Game == nil || now.Game.Game != tb.Game || now.Ended || now.Text != want {
				t.Errorf("table %d now: %+v, want game %d of round %d, %q", tb.Table, now, tb.Game, round, want)
			}
			played = append(played, tb.Game)
		}
		if now, err := a.TableNow(ctx, tg.ID(), 3); err != nil || now.Game != nil || now.Text != "round "+strconv.Itoa(round)+" seats nobody at table 3" {
			t.Errorf("table 3 in round %d: %+v %v", round, now, err)
		}
		decide(t, a, r.Tables[0].Game, r.Tables[0].Players[0])
		if now, _ := a.TableNow(ctx, tg.ID(), 1); len(now.Playing) != 1 || now.Playing[0] != 2 {
			t.Errorf("table 1 over, table 2 playing: playing %v", now.Playing)
		}
		decide(t, a, r.Tables[1].Game, "")
	}
	if played[0] == played[2] || played[1] == played[3] {
		t.Errorf("a table kept its game from round 1 to round 2: %v", played)
	}
}

// eventsCounted is a store that counts the events its reads of one game return.
type eventsCounted struct {
	store.Store
	read int
}

func (s *eventsCounted) Load(ctx context.Context, game int64) ([]events.Event, error) {
	log, err := s.Store.Load(ctx, game)
	s.read += len(log)
	return log, err
}

func (s *eventsCounted) LoadAfter(ctx context.Context, game, after int64) ([]events.Event, error) {
	log, err := s.Store.LoadAfter(ctx, game, after)
	s.read += len(log)
	return log, err
}

func (s *eventsCounted) First(ctx context.Context, game int64) (events.Event, error) {
	e, err := s.Store.First(ctx, game)
	s.read++
	return e, err
}

// TestTableOfReadsTheFirstEventAlone: finding where a tournament made a game, which a server
// asks to check a tournament table's code, reads the game's first event and nothing more, on a
// game of 1 event as on one of hundreds.
func TestTableOfReadsTheFirstEventAlone(t *testing.T) {
	a, _ := openApp(t, "")
	setup, moves := kinds.All()["pinochle"].Playout(rand.New(rand.NewPCG(5, 5)), refereetest.Names)
	res, err := a.store.CreateMany(t.Context(), []store.NewGame{
		{Events: refereetest.Log(t, setup, nil)}, {Events: refereetest.Log(t, setup, moves)}})
	if err != nil {
		t.Fatal(err)
	}
	counted := &eventsCounted{Store: a.store}
	a.store = counted
	for _, r := range res {
		if r.Err != nil {
			t.Fatal(r.Err)
		}
		counted.read = 0
		if _, ok, err := a.TableOf(t.Context(), r.Game); err != nil || ok {
			t.Fatalf("game %d: %v, %v", r.Game, ok, err)
		}
		if counted.read != 1 {
			t.Errorf("game %d: finding its table read %d events, want 1", r.Game, counted.read)
		}
	}
}
