package table

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/pinochle"
	"github.com/tableside/tableside/referee/refereetest"
	"github.com/tableside/tableside/table/internal/store"
)

// capped is Pinochle with a ceiling on the auction, for holding the buttons to Record where
// the referee warns and where it refuses: a bid of warnFrom or more raises a warning, which
// Record takes and shows, and one of refuseFrom or more is refused.
type capped struct{ pinochle.Rules }

const (
	warnFrom   = 12
	refuseFrom = 14
)

func (capped) Kind() string { return "capped" }

func (r capped) New(setup events.Created) (referee.Game, error) {
	setup.Kind = "pinochle"
	g, err := r.Rules.New(setup)
	return cappedGame{g}, err
}

type cappedGame struct{ referee.Game }

func (g cappedGame) Apply(seq int64, m referee.Move) []referee.Flag {
	flags := g.Game.Apply(seq, m)
	var bid struct{ Points int }
	if m.Type != pinochle.TypeBid || json.Unmarshal(m.Payload, &bid) != nil {
		return flags
	}
	switch {
	case bid.Points >= refuseFrom:
		flags = append(flags, referee.Flagf(seq, "P3", referee.Illegal, "a bid of %d is over the ceiling", bid.Points))
	case bid.Points >= warnFrom:
		flags = append(flags, referee.Flagf(seq, "P3", referee.Warning, "a bid of %d is high", bid.Points))
	}
	return flags
}

func (g cappedGame) Clone() referee.Game { return cappedGame{g.Game.Clone()} }

// raisedRuns parts buttons into the legal moves, which must be legal's but its examples, in
// order, and the raises buttons adds after a bid: each raise, and the value a run of raises
// stopped short of when it stopped before the most it offers.
func raisedRuns(t *testing.T, legal, buttons []Choice) (raised [][]string, stopped [][]string) {
	t.Helper()
	var offered, kept []string
	for _, c := range legal {
		if !c.Example {
			offered = append(offered, c.Move)
		}
	}
	run := 0
	endRun := func() {
		if run > 0 && run < raises {
			last := slices.Clone(raised[len(raised)-1])
			n, _ := strconv.Atoi(last[len(last)-1])
			stopped = append(stopped, append(last[:len(last)-1], strconv.Itoa(n+1)))
		}
		run = 0
	}
	for _, b := range buttons {
		if slices.Contains(offered, b.Move) {
			endRun()
			kept = append(kept, b.Move)
			continue
		}
		raised = append(raised, strings.Fields(b.Move))
		run++
	}
	endRun()
	if !slices.Equal(kept, offered) {
		t.Fatalf("the buttons' legal moves %q, want the legal moves but the examples, %q", kept, offered)
	}
	return raised, stopped
}

// holdButtonsToRecord fails unless App.Record records each of g's buttons, a warning
// included, and refuses each raise the buttons stopped short of. Each recorded button is undone
// before the next is tried. It returns the game as it stands after, and how many raises and
// stops it held.
func holdButtonsToRecord(t *testing.T, a *App, g *Game) (after *Game, raisedHeld, stopsHeld int) {
	t.Helper()
	buttons := g.Buttons()
	raised, stopped := raisedRuns(t, g.Choices(), buttons)
	for _, b := range buttons {
		words := strings.Fields(b.Move)
		if !g.Takes(words) {
			t.Fatalf("game %d at %d: the button %q is a move Takes refuses", g.ID, g.Last, b.Move)
		}
	}
	for _, words := range raised {
		rec, err := a.Record(t.Context(), g, words, RecordOptions{Expect: g.Last})
		if err != nil {
			t.Fatalf("game %d at %d: the button %q is refused by Record: %v", g.ID, g.Last, strings.Join(words, " "), err)
		}
		if _, err := a.Correct(t.Context(), rec.Game, Correction{Verb: "undo", Expect: rec.Game.Last}, false); err != nil {
			t.Fatal(err)
		}
		if g, err = a.Game(t.Context(), g.ID); err != nil {
			t.Fatal(err)
		}
	}
	for _, words := range stopped {
		if g.Takes(words) {
			t.Errorf("game %d at %d: the buttons stop short of %q, which Takes takes", g.ID, g.Last, strings.Join(words, " "))
		}
		if _, err := a.Record(t.Context(), g, words, RecordOptions{Expect: g.Last}); CodeOf(err) != Refused {
			t.Errorf("game %d at %d: the buttons stop short of %q, which Record does not refuse: %v", g.ID, g.Last, strings.Join(words, " "), err)
		}
	}
	return g, len(raised), len(stopped)
}

// storedGame stores a game of setup, with no move yet, and reads it back.
func storedGame(t *testing.T, a *App, setup events.Created) *Game {
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

// TestButtonsAreWhatRecordTakes: the moves a phone offers as buttons are exactly moves Record
// records. Games of every kind are played out, every button held to Takes at every turn, and
// at each turn where the buttons raise a bid, every button recorded by Record and the raise
// they stop short of refused by it.
func TestButtonsAreWhatRecordTakes(t *testing.T) {
	a, _ := openApp(t, "")
	held, stops := 0, 0
	for _, kind := range Kinds() {
		for seed := range uint64(2) {
			setup, moves := engines[kind].Playout(rand.New(rand.NewPCG(seed, 36)), refereetest.Names)
			g := storedGame(t, a, setup)
			for _, m := range moves {
				if g.Over() {
					break // what a playout adds after the end (cards left in hand) is no turn's
				}
				var raised, stopped int
				g, raised, stopped = holdButtonsToRecord(t, a, g)
				held, stops = held+raised, stops+stopped
				rec, err := a.Record(t.Context(), g, strings.Fields(g.outcome.Game.Notation(m)), RecordOptions{Expect: g.Last})
				if err != nil {
					t.Fatalf("%s game %d: the playout's move %q: %v", kind, g.ID, g.outcome.Game.Notation(m), err)
				}
				g = rec.Game
			}
		}
	}
	if held == 0 {
		t.Fatal("no playout had a turn whose buttons raise a bid")
	}
	t.Logf("%d raised bids recorded, %d stops refused", held, stops)
}

// TestButtonsOfferWhatRecordWarnsOf: a bid that raises only a warning is recorded, so the
// buttons offer it; the first bid Record refuses ends them.
func TestButtonsOfferWhatRecordWarnsOf(t *testing.T) {
	engines["capped"] = capped{}
	t.Cleanup(func() { delete(engines, "capped") })
	a, _ := openApp(t, "")
	g, err := a.New(t.Context(), Setup{Kind: "capped", Players: []string{"ann", "bob"}, Opener: "ann", Options: map[string]string{"opening": "10"}})
	if err != nil {
		t.Fatal(err)
	}
	var offered []string
	for _, b := range g.Buttons() {
		offered = append(offered, b.Move)
	}
	want := "ann bid 10 · ann bid 11 · ann bid 12 · ann bid 13 · ann pass"
	if got := strings.Join(offered, " · "); got != want {
		t.Errorf("buttons %q, want %q: the warned bids, and none Record refuses", got, want)
	}
	if _, raised, stopped := holdButtonsToRecord(t, a, g); raised != 3 || stopped != 1 {
		t.Errorf("held %d raises and %d stops to Record, want 3 and 1", raised, stopped)
	}
	rec, err := a.Record(t.Context(), g, []string{"ann", "bid", "13"}, RecordOptions{})
	if err != nil || len(rec.Own()) != 1 || rec.Own()[0].Severity != referee.Warning {
		t.Errorf("a bid of 13: %v, flags %v; want it recorded with a warning", err, rec)
	}
}

// TestJudgeIsWhatRecordDoes: a phone's Judge, which stores nothing, does what Record does. Games
// of every kind are played out through Record; before each move Judge judges the same words,
// and its event, flags and the game after it must be Record's; the words of the move before,
// typed again, are refused by both alike or taken by both.
func TestJudgeIsWhatRecordDoes(t *testing.T) {
	a, _ := openApp(t, "")
	refusals := 0
	for _, kind := range Kinds() {
		for seed := range uint64(3) {
			setup, moves := engines[kind].Playout(rand.New(rand.NewPCG(seed, 38)), refereetest.Names)
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
						_, rerr := a.Record(t.Context(), g, before, RecordOptions{Expect: g.Last})
						if rerr == nil || rerr.Error() != jerr.Error() || HintOf(rerr) != HintOf(jerr) || CodeOf(rerr) != CodeOf(jerr) {
							t.Fatalf("%s game %d at %d: %q: Judge refuses %q (%s), Record %v", kind, g.ID, g.Last, before, jerr, HintOf(jerr), rerr)
						}
					} else if judged.Event.Seq != g.Last+1 {
						t.Fatalf("%s game %d: Judge's event is %d, after %d", kind, g.ID, judged.Event.Seq, g.Last)
					}
				}
				words := strings.Fields(g.outcome.Game.Notation(m))
				judged, jerr := g.Judge(words, false, 1)
				rec, err := a.Record(t.Context(), g, words, RecordOptions{Expect: g.Last})
				if err != nil || jerr != nil {
					t.Fatalf("%s game %d: %q: Record %v, Judge %v", kind, g.ID, words, err, jerr)
				}
				je, re := judged.Event, rec.Event
				if je.Seq != re.Seq || je.Type != re.Type || je.Actor != re.Actor || string(je.Payload) != string(re.Payload) {
					t.Fatalf("%s game %d: %q: Judge's event %+v, Record's %+v", kind, g.ID, words, je, re)
				}
				// The seals differ by the time each stamped: Judge's copy must be whole all the same.
				jview, rview := judged.Game.View(), rec.Game.View()
				if !jview.Record.Intact || !rview.Record.Intact {
					t.Fatalf("%s game %d: %q: Judge's record %+v, Record's %+v", kind, g.ID, words, jview.Record, rview.Record)
				}
				jview.Record, rview.Record = nil, nil
				jv, _ := json.Marshal(jview)
				rv, _ := json.Marshal(rview)
				if string(jv) != string(rv) || !slices.EqualFunc(judged.Flags, rec.Flags, func(x, y Flag) bool { return x == y }) {
					t.Fatalf("%s game %d: %q: after Judge\n%s\nafter Record\n%s", kind, g.ID, words, jv, rv)
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
	setup, moves := engines["pinochle"].Playout(rand.New(rand.NewPCG(4, 38)), refereetest.Names)
	log := refereetest.Log(t, setup, nil)
	log[0].Hash = events.Hash("", log[0])
	for _, broken := range []bool{false, true} {
		g, err := Replay(1, log)
		if err != nil {
			t.Fatal(err)
		}
		for i, m := range moves[:40] {
			rec, err := g.Judge(strings.Fields(g.outcome.Game.Notation(m)), false, int64(i))
			if err != nil {
				t.Fatal(err)
			}
			g = rec.Game
			if broken && i == 20 {
				// The log as a phone might hold it after a bad read: event 5's time changed.
				tampered := slices.Clone(g.Log)
				tampered[4].At++
				if g, err = Replay(1, tampered); err != nil {
					t.Fatal(err)
				}
			}
			again, err := Replay(1, g.Log)
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
	for _, kind := range Kinds() {
		for seed := range uint64(3) {
			rng := rand.New(rand.NewPCG(seed, 40))
			setup, moves := engines[kind].Playout(rng, refereetest.Names)
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
			var followed []*Game
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
				if string(gv) != string(wv) || !slices.Equal(g.AllFlags(), whole.AllFlags()) {
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
			other := log[mid.Last]
			other.At++
			other.Hash = events.Hash(mid.Log[len(mid.Log)-1].Hash, other)
			if branch, err := mid.Follow([]events.Event{other}); err != nil || branch.Log[len(branch.Log)-1].At != other.At {
				t.Fatalf("%s seed %d: another event after event %d: %v", kind, seed, mid.Last, err)
			}
			for _, f := range followed {
				if !reflect.DeepEqual(f.Log, log[:f.Last]) {
					t.Fatalf("%s seed %d: the game followed to event %d changed when another event followed event %d", kind, seed, f.Last, mid.Last)
				}
			}
			if len(log) > 3 {
				early, _ := Replay(1, log[:2])
				if _, err := early.Follow(log[3:4]); CodeOf(err) != Conflict {
					t.Errorf("%s: an event skipped: %v", kind, err)
				}
				other := slices.Clone(log[2:3])
				other[0].At++
				if _, err := early.Follow(other); CodeOf(err) != Conflict {
					t.Errorf("%s: an event that does not chain on: %v", kind, err)
				}
			}
		}
	}
}

// TestMoveOfReadsBackToTheMove: a move stored in a log, written by MoveOf and judged at the
// same place of another copy of the game, is the same move; a correction is refused.
func TestMoveOfReadsBackToTheMove(t *testing.T) {
	for _, kind := range Kinds() {
		for seed := range uint64(3) {
			rng := rand.New(rand.NewPCG(seed, 41))
			setup, moves := engines[kind].Playout(rng, refereetest.Names)
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
	setup, _ := engines["pinochle"].Playout(rand.New(rand.NewPCG(1, 41)), refereetest.Names)
	g, err := Replay(1, refereetest.Log(t, setup, nil))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.MoveOf(Event{Seq: 9, Type: "void", Payload: []byte(`{"seq":2}`)}); CodeOf(err) != Invalid {
		t.Errorf("a void's move: %v, want Invalid", err)
	}
}
