package table

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/kinds"
	"github.com/tableside/tableside/referee/refereetest"
	"github.com/tableside/tableside/table/internal/store"
)

// storedGame stores a game of setup, with no move yet, and reads it back.
func storedGame(t *testing.T, a *App, setup events.Created) *play.Game {
	t.Helper()
	res, err := a.store.CreateMany(t.Context(), []store.NewGame{{Events: refereetest.Log(t, setup, nil)}})
	if err != nil || res[0].Err != nil {
		t.Fatal(err, res)
	}
	g, err := a.Game(t.Context(), res[0].Game)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestJudgeIsWhatRecordDoes: a phone's Judge, which stores nothing, does what Record does. Games
// of every kind are played out through Record; before each move Judge judges the same words,
// and its event, flags and the game after it must be Record's; the words of the move before,
// typed again, are refused by both alike or taken by both.
func TestJudgeIsWhatRecordDoes(t *testing.T) {
	a, _ := openApp(t, "")
	refusals := 0
	for _, kind := range play.Kinds() {
		for seed := range uint64(3) {
			setup, moves := kinds.All()[kind].Playout(rand.New(rand.NewPCG(seed, 38)), refereetest.Names)
			g := storedGame(t, a, setup)
			var before []string
			for _, m := range moves {
				if g.Over() {
					break
				}
				if before != nil {
					judged, jerr := g.Judge(before, false, 1)
					if jerr != nil {
						refusals++
						_, rerr := a.Record(t.Context(), g, before, RecordOptions{Expect: g.Last()})
						if rerr == nil || rerr.Error() != jerr.Error() || HintOf(rerr) != HintOf(jerr) || CodeOf(rerr) != CodeOf(jerr) {
							t.Fatalf("%s game %d at %d: %q: Judge refuses %q (%s), Record %v", kind, g.ID(), g.Last(), before, jerr, HintOf(jerr), rerr)
						}
					} else if judged.Event.Seq != g.Last()+1 {
						t.Fatalf("%s game %d: Judge's event is %d, after %d", kind, g.ID(), judged.Event.Seq, g.Last())
					}
				}
				words := strings.Fields(notationOf(g, m))
				judged, jerr := g.Judge(words, false, 1)
				rec, err := a.Record(t.Context(), g, words, RecordOptions{Expect: g.Last()})
				if err != nil || jerr != nil {
					t.Fatalf("%s game %d: %q: Record %v, Judge %v", kind, g.ID(), words, err, jerr)
				}
				je, re := judged.Event, rec.Event
				if je.Seq != re.Seq || je.Type != re.Type || je.Actor != re.Actor || string(je.Payload) != string(re.Payload) {
					t.Fatalf("%s game %d: %q: Judge's event %+v, Record's %+v", kind, g.ID(), words, je, re)
				}
				// The seals differ by the time each stamped: Judge's copy must be whole all the same.
				jview, rview := judged.Game.View(), rec.Game.View()
				if !jview.Record.Intact || !rview.Record.Intact {
					t.Fatalf("%s game %d: %q: Judge's record %+v, Record's %+v", kind, g.ID(), words, jview.Record, rview.Record)
				}
				jview.Record, rview.Record = nil, nil
				jv, _ := json.Marshal(jview)
				rv, _ := json.Marshal(rview)
				if string(jv) != string(rv) || !slices.EqualFunc(judged.Flags, rec.Flags, func(x, y play.Flag) bool { return x == y }) {
					t.Fatalf("%s game %d: %q: after Judge\n%s\nafter Record\n%s", kind, g.ID(), words, jv, rv)
				}
				g, before = rec.Game, words
			}
		}
	}
	if refusals == 0 {
		t.Fatal("no move typed again was refused: the refusals went untested")
	}
	t.Logf("%d refusals alike", refusals)
}

// TestAJudgedGamesSealIsAReplayedOnes: the seal and chain of a game judged move by move, each
// checked from the one before by one hash, are what a replay of its whole log finds; and a
// chain broken before the moves stays broken where it broke.
func TestAJudgedGamesSealIsAReplayedOnes(t *testing.T) {
	setup, moves := kinds.All()["pinochle"].Playout(rand.New(rand.NewPCG(4, 38)), refereetest.Names)
	log := refereetest.Log(t, setup, nil)
	log[0].Hash = events.Hash("", log[0])
	for _, broken := range []bool{false, true} {
		g, err := Replay(1, log)
		if err != nil {
			t.Fatal(err)
		}
		for i, m := range moves[:40] {
			rec, err := g.Judge(strings.Fields(notationOf(g, m)), false, int64(i))
			if err != nil {
				t.Fatal(err)
			}
			g = rec.Game
			if broken && i == 20 {
				// The log as a phone might hold it after a bad read: event 5's time changed.
				tampered := slices.Clone(g.Log())
				tampered[4].At++
				if g, err = Replay(1, tampered); err != nil {
					t.Fatal(err)
				}
			}
			again, err := Replay(1, g.Log())
			if err != nil {
				t.Fatal(err)
			}
			if got, want := *g.Record(), *again.Record(); got != want {
				t.Fatalf("after %d moves (broken %v): judged %+v, replayed %+v", i+1, broken, got, want)
			}
		}
		if r := g.Record(); r.Intact == broken {
			t.Errorf("the judged game's record %+v, broken %v", r, broken)
		}
	}
}

// TestFollowIsReplay: a game read once and followed as its log grows, corrections and all, is
// the game a replay of the whole log gives, at every event, the latest entries a page lists
// included; events that skip one, or do not chain on, are a Conflict.
func TestFollowIsReplay(t *testing.T) {
	for _, kind := range play.Kinds() {
		for seed := range uint64(3) {
			rng := rand.New(rand.NewPCG(seed, 40))
			setup, moves := kinds.All()[kind].Playout(rng, refereetest.Names)
			log := refereetest.WithCorrections(t, rng, setup, moves)
			prev := ""
			for i := range log {
				log[i].At = int64(i)
				log[i].Hash = events.Hash(prev, log[i])
				prev = log[i].Hash
			}
			g, err := Replay(1, log[:1])
			if err != nil {
				t.Fatal(err)
			}
			var followed []*play.Game
			for at := 1; at < len(log); {
				step := min(1+rng.IntN(3), len(log)-at)
				if g, err = g.Follow(log[at : at+step]); err != nil {
					t.Fatalf("%s seed %d: following events %d–%d: %v", kind, seed, at+1, at+step, err)
				}
				followed = append(followed, g)
				at += step
				whole, err := Replay(1, log[:at])
				if err != nil {
					t.Fatal(err)
				}
				gv, _ := json.Marshal(g.View())
				wv, _ := json.Marshal(whole.View())
				if string(gv) != string(wv) || !slices.Equal(g.Flags(), whole.Flags()) {
					t.Fatalf("%s seed %d at event %d: followed\n%s\nreplayed\n%s", kind, seed, at, gv, wv)
				}
				// The latest events a page lists are the end of the whole log's entries.
				entries := whole.Entries()
				tail := slices.Clone(entries[max(0, len(entries)-8):])
				slices.Reverse(tail)
				if got := g.Latest(8); !reflect.DeepEqual(got, tail) {
					t.Fatalf("%s seed %d at event %d: the latest entries are\n%+v\nnot\n%+v", kind, seed, at, got, tail)
				}
			}
			// Another event followed from a game half way (two requests judging on one kept
			// game) leaves the games followed from it before as they were.
			mid := followed[len(followed)/2]
			other := log[mid.Last()]
			other.At++
			other.Hash = events.Hash(mid.Log()[mid.Len()-1].Hash, other)
			if branch, err := mid.Follow([]events.Event{other}); err != nil || branch.Log()[branch.Len()-1].At != other.At {
				t.Fatalf("%s seed %d: another event after event %d: %v", kind, seed, mid.Last(), err)
			}
			for _, f := range followed {
				if !reflect.DeepEqual(f.Log(), log[:f.Last()]) {
					t.Fatalf("%s seed %d: the game followed to event %d changed when another event followed event %d", kind, seed, f.Last(), mid.Last())
				}
			}
			if len(log) > 3 {
				early, _ := Replay(1, log[:2])
				if _, err := early.Follow(log[3:4]); CodeOf(err) != play.Conflict {
					t.Errorf("%s: an event skipped: %v", kind, err)
				}
				other := slices.Clone(log[2:3])
				other[0].At++
				if _, err := early.Follow(other); CodeOf(err) != play.Conflict {
					t.Errorf("%s: an event that does not chain on: %v", kind, err)
				}
			}
		}
	}
}

// TestMoveOfReadsBackToTheMove: a move stored in a log, written by MoveOf and judged at the
// same place of another copy of the game, is the same move; a correction is refused.
func TestMoveOfReadsBackToTheMove(t *testing.T) {
	for _, kind := range play.Kinds() {
		for seed := range uint64(3) {
			rng := rand.New(rand.NewPCG(seed, 41))
			setup, moves := kinds.All()[kind].Playout(rng, refereetest.Names)
			log := refereetest.Log(t, setup, moves)
			g, err := Replay(1, log[:1])
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range log[1:] {
				if g.Over() {
					break
				}
				notation, err := g.MoveOf(e)
				if err != nil {
					t.Fatalf("%s seed %d, event %d: %v", kind, seed, e.Seq, err)
				}
				words, err := g.MoveWords(notation)
				if err != nil {
					t.Fatal(err)
				}
				rec, err := g.Judge(words, true, e.At)
				if err != nil {
					t.Fatalf("%s seed %d, event %d as %q: %v", kind, seed, e.Seq, notation, err)
				}
				if rec.Event.Type != e.Type || rec.Event.Actor != e.Actor || !bytes.Equal(rec.Event.Payload, e.Payload) {
					t.Fatalf("%s seed %d, event %d as %q reads back as %s %s %s, not %s %s %s", kind, seed, e.Seq, notation,
						rec.Event.Actor, rec.Event.Type, rec.Event.Payload, e.Actor, e.Type, e.Payload)
				}
				g = rec.Game
			}
		}
	}
	setup, _ := kinds.All()["pinochle"].Playout(rand.New(rand.NewPCG(1, 41)), refereetest.Names)
	g, err := Replay(1, refereetest.Log(t, setup, nil))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.MoveOf(play.Event{Seq: 9, Type: "void", Payload: []byte(`{"seq":2}`)}); CodeOf(err) != play.Invalid {
		t.Errorf("a void's move: %v, want Invalid", err)
	}
}

// notationOf is m, a playout's move, in the notation Record reads in g.
func notationOf(g *play.Game, m referee.Move) string {
	notation, err := g.MoveOf(events.Event{Type: m.Type, Actor: m.Actor, Payload: m.Payload})
	if err != nil {
		panic(err) // a playout's moves are moves
	}
	return notation
}
