package table

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/table/internal/store"
)

// endingStore is a store that, at the first append a table's entry makes while the tournament
// stands where it was seen (AppendWhile with a game to hold), first lets the director end the
// round: the end lands between the entry's look at the round and its write, as it can when a
// phone's move and the director's tap arrive together.
type endingStore struct {
	store.Store
	end func()
}

func (s *endingStore) AppendWhile(ctx context.Context, game, after int64, evs []events.Event, summarize func([]events.Event) store.Summary, while store.Unmoved) ([]events.Event, error) {
	if end := s.end; end != nil && while.Game != 0 {
		s.end = nil
		end()
	}
	return s.Store.AppendWhile(ctx, game, after, evs, summarize, while)
}

// TestARoundEndedAsATableMovesLocksTheMove: a table's move and undo that find round 1 in play
// but reach the store after the director ended it are refused (T16), and the game is as it
// was; the director's own move in the same instant is recorded.
func TestARoundEndedAsATableMovesLocksTheMove(t *testing.T) {
	for _, entry := range []string{"move", "undo"} {
		t.Run(entry, func(t *testing.T) {
			a, path := openApp(t, "")
			director, err := Open(t.Context(), path, testSchema(t))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { director.Close() })
			tg, r1 := pairedFirst(t, a, TournamentSetup{Name: "club night", Game: "pinochle", Rounds: 2, Players: []string{"ann", "bob"}})
			g := tournamentGame(t, a, r1.Tables[0].Game)
			if entry == "undo" {
				rec, err := a.Record(t.Context(), g, strings.Fields(g.View().Legal[0]), RecordOptions{ByTable: true})
				if err != nil {
					t.Fatal(err)
				}
				g = rec.Game
			}
			a.store = &endingStore{Store: a.store, end: func() {
				if _, err := director.Record(t.Context(), tournamentGame(t, director, tg.ID()), []string{"end"}, RecordOptions{}); err != nil {
					t.Fatal(err)
				}
			}}
			if entry == "move" {
				_, err = a.Record(t.Context(), g, strings.Fields(g.View().Legal[0]), RecordOptions{ByTable: true})
			} else {
				_, err = a.Correct(t.Context(), g, play.Correction{Verb: "undo"}, CorrectOptions{ByTable: true})
			}
			var over *RoundOverError
			if !errors.As(err, &over) || over.Game != g.ID() || !strings.Contains(over.Why, "round 1 of club night is over") {
				t.Fatalf("the table's %s as the round ended: %v, want it refused as the round is over (T16)", entry, err)
			}
			if now := tournamentGame(t, director, g.ID()); now.Last() != g.Last() {
				t.Errorf("the table's refused %s: the game went from event %d to %d", entry, g.Last(), now.Last())
			}
			// The director, whose the game now is, records in it.
			if _, err := director.Record(t.Context(), tournamentGame(t, director, g.ID()), strings.Fields(g.View().Legal[0]), RecordOptions{}); err != nil {
				t.Errorf("the director's move after the end: %v", err)
			}
		})
	}
}
