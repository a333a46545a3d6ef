package table

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee/kinds"
	"github.com/tableside/tableside/referee/refereetest"
	"github.com/tableside/tableside/table/internal/store"
)

// listed is every game as Games lists it, by id.
func listed(t *testing.T, a *App) map[int64]Listed {
	t.Helper()
	out := map[int64]Listed{}
	if err := a.Games(t.Context(), func(l Listed) error { out[l.ID] = l; return nil }); err != nil {
		t.Fatal(err)
	}
	return out
}

// keptSummaries counts the games the store keeps a current summary of.
func keptSummaries(t testing.TB, a *App) int {
	t.Helper()
	n := 0
	if err := a.store.Summaries(t.Context(), summaryVersion, 0, 0, func(_ int64, body []byte) error {
		if body != nil {
			n++
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestASummaryIsWhatTheReplaySays: games of every kind played out through Record, a move at a
// time, each with a correction at the end, keep a summary at every event that is exactly what a
// replay of the whole log says (check --all's walk finds none wrong), and the list read from
// the summaries is the list the replays give.
func TestASummaryIsWhatTheReplaySays(t *testing.T) {
	a, _ := openApp(t, "")
	games := 0
	for _, kind := range play.Kinds() {
		for seed := range uint64(2) {
			setup, moves := kinds.All()[kind].Playout(rand.New(rand.NewPCG(seed, 54)), refereetest.Names)
			g := storedGame(t, a, setup)
			games++
			for _, m := range moves {
				if g.Over() {
					break
				}
				rec, err := a.Record(t.Context(), g, strings.Fields(notationOf(g, m)), RecordOptions{Expect: g.Last()})
				if err != nil {
					t.Fatalf("%s: %v", kind, err)
				}
				g = rec.Game
			}
			// After the moves, since a playout's moves name the events they answer.
			if _, err := a.Correct(t.Context(), g, play.Correction{Verb: "adjust", Args: []string{setup.Players[0], "+3"}, Note: "a slip"}, CorrectOptions{}); err != nil {
				t.Fatalf("%s: %v", kind, err)
			}
		}
	}
	if kept := keptSummaries(t, a); kept != games {
		t.Errorf("%d games keep a current summary, want all %d", kept, games)
	}
	replayed := map[int64]Listed{}
	checked := 0
	err := a.EachGame(t.Context(), Walk{}, func(g *play.Game, wrong string) error {
		checked++
		if wrong != "" {
			t.Errorf("game %d (%s): %s", g.ID(), g.Setup().Kind, wrong)
		}
		replayed[g.ID()] = listedOf(g)
		return nil
	})
	if err != nil || checked != games {
		t.Fatalf("the walk checked %d games (%v), want %d", checked, err, games)
	}
	if got := listed(t, a); !reflect.DeepEqual(got, replayed) {
		t.Errorf("the list from summaries:\n%+v\nwant the replays':\n%+v", got, replayed)
	}
}

// TestAListNeverShowsAStaleSummary: on both stores, the list takes a game's summary only while
// it was made from the game's last event. A summary written for the last event (as a wrong
// engine would write it) is what the list shows, and check --all names it; one made before a
// correction or an undo, or edited by the database's owner, never is; summarize makes a wrong
// one again; an imported game lists as its replay says.
func TestAListNeverShowsAStaleSummary(t *testing.T) {
	for name, place := range keptPlaces(t) {
		t.Run(name, func(t *testing.T) {
			a, _, fresh, forge := place(t)
			g, err := a.New(t.Context(), Setup{Kind: "pinochle", Players: []string{"ann", "bob"}, Dealer: "bob"})
			if err != nil {
				t.Fatal(err)
			}
			id := g.ID()
			want := func(who string, state string, totals map[string]int) {
				t.Helper()
				l := listed(t, fresh)[id]
				if l.State != state || !reflect.DeepEqual(l.Totals, totals) {
					t.Errorf("%s: the list says %s %v, want %s %v", who, l.State, l.Totals, state, totals)
				}
			}
			c, err := a.Correct(t.Context(), g, play.Correction{Verb: "adjust", Args: []string{"ann", "+7"}, Note: "a slip"}, CorrectOptions{})
			if err != nil {
				t.Fatal(err)
			}
			g = c.After
			want("after an adjustment", StateInProgress, map[string]int{"ann": 7, "bob": 0})

			// A summary of the last event that says what the replay does not.
			forged := summaryOf(g)
			forged.Listed.State, forged.Listed.Totals = StateOver, map[string]int{"ann": 99, "bob": 0}
			last, _ := g.EventAt(g.Last())
			if n, err := a.store.Summarize(t.Context(), []store.Summarized{{Game: id, Seq: last.Seq, Hash: last.Hash, Summary: forged.stored()}}); err != nil || n != 1 {
				t.Fatalf("Summarize: %d, %v", n, err)
			}
			want("a wrong summary of the last event", StateOver, map[string]int{"ann": 99, "bob": 0})
			wrong := ""
			if err := fresh.EachGame(t.Context(), Walk{}, func(g *play.Game, w string) error {
				if g.ID() == id {
					wrong = w
				}
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(wrong, "says over, winners [], totals map[ann:99 bob:0]") || !strings.Contains(wrong, "replay says in progress") {
				t.Errorf("check --all of the wrong summary says %q", wrong)
			}
			// summarize makes it again from the replay.
			steps := 0
			if n, err := fresh.Resummarize(t.Context(), Walk{}, func() { steps++ }); err != nil || n != 1 || steps != 1 {
				t.Errorf("Resummarize wrote %d summaries in %d steps (%v), want the one game's", n, steps, err)
			}
			want("summarized again", StateInProgress, map[string]int{"ann": 7, "bob": 0})

			// The forged summary was made from an event that is no longer the last: never taken.
			if c, err = a.Correct(t.Context(), g, play.Correction{Verb: "adjust", Args: []string{"bob", "+2"}, Note: "a slip"}, CorrectOptions{}); err != nil {
				t.Fatal(err)
			}
			g = c.After
			want("after a correction", StateInProgress, map[string]int{"ann": 7, "bob": 2})
			listed0 := listed(t, fresh)[id].Events
			rec, err := a.Record(t.Context(), g, strings.Fields(g.View().Legal[0]), RecordOptions{Expect: g.Last()})
			if err != nil {
				t.Fatal(err)
			}
			if _, err = a.Correct(t.Context(), rec.Game, play.Correction{Verb: "undo"}, CorrectOptions{}); err != nil {
				t.Fatal(err)
			}
			if l := listed(t, fresh)[id]; l.Events != listed0+2 || !reflect.DeepEqual(l.Totals, map[string]int{"ann": 7, "bob": 2}) {
				t.Errorf("after a move and its undo the list says %d events, %v; want %d, as before", l.Events, l.Totals, listed0+2)
			}

			// The owner edits the summary in the database: the seal no longer matches.
			forge(`UPDATE summaries SET body = replace(body, '"in progress"', '"over"')`)
			v, err := fresh.Verify(t.Context(), nil)
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, b := range v.Broken {
				found = found || (b.Game == id && strings.Contains(b.Reason, "its summary is not as tableside wrote it"))
			}
			if !found {
				t.Errorf("verify after the owner's edit finds %v, want game %d's summary named", v.Broken, id)
			}
			want("after the owner's edit", StateInProgress, map[string]int{"ann": 7, "bob": 2})
			// The list made the summary again from the replay, for the next list.
			if v, err := fresh.Verify(t.Context(), nil); err != nil || slices.ContainsFunc(v.Broken, func(b events.Broken) bool { return b.Game == id }) {
				t.Errorf("verify after the list: %v (%v), want game %d's summary made again", v.Broken, err, id)
			}

			// Moved into another file, the game lists as its replay there says.
			var file bytes.Buffer
			if _, _, err := a.Export(t.Context(), &file, "", nil); err != nil {
				t.Fatal(err)
			}
			other, _ := openApp(t, "")
			if err := other.ImportLogs(t.Context(), "export.jsonl", &file, func(r ImportResult) error { return r.Err }); err != nil {
				t.Fatal(err)
			}
			for _, l := range listed(t, other) {
				if l.State != StateInProgress || !reflect.DeepEqual(l.Totals, map[string]int{"ann": 7, "bob": 2}) {
					t.Errorf("the imported game lists as %s %v", l.State, l.Totals)
				}
			}
		})
	}
}

// summaryDigests are the digests of the summaries of the seeded games of every kind
// (summariesDigest), by summaryVersion. A change that makes a replay say something else, or the
// summary hold something else, changes the digest: bump summaryVersion, so that no file's older
// summaries are taken, and add the new digest here.
var summaryDigests = map[string]string{
	"1": "a2381360fe17cf41f2c4c68931c1efd6f39c9ad745f555c5efa203214e8132a4",
}

func summariesDigest(t *testing.T) string {
	h := sha256.New()
	for _, kind := range play.Kinds() {
		for seed := range uint64(3) {
			setup, moves := kinds.All()[kind].Playout(rand.New(rand.NewPCG(seed, 1)), refereetest.Names)
			log := refereetest.Log(t, setup, moves)
			for _, upto := range []int{1, len(log) / 2, len(log)} {
				g, err := Replay(1, log[:upto])
				if err != nil {
					t.Fatal(err)
				}
				h.Write(summaryOf(g).stored().Body)
				h.Write([]byte{'\n'})
			}
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// TestSummariesMoveWithTheEngines: what the summaries of seeded games say is what they said
// when summaryVersion was given its number; otherwise the version must move on, or a file's
// summaries would say what the engines no longer do.
func TestSummariesMoveWithTheEngines(t *testing.T) {
	got := summariesDigest(t)
	want, ok := summaryDigests[summaryVersion]
	if !ok || got != want {
		t.Fatalf("the summaries of the seeded games have digest %s, not %q as at summary version %s: "+
			"a replay or the summary says something else now; bump summaryVersion and record the digest in summaryDigests", got, want, summaryVersion)
	}
}

// TestATournamentReadsItsGamesSummaries: a tournament's rounds and standings read its games'
// summaries, not their logs, and take one only while it is current. A wrong summary of a table's
// last event (as a wrong engine would write it) is what the standings count; the next event at
// the table makes the standings the replay's again.
func TestATournamentReadsItsGamesSummaries(t *testing.T) {
	a, _ := openApp(t, "")
	tg, round := oneTable(t, a, "pinochle", "ann", "bob")
	g := tournamentGame(t, a, round.Tables[0].Game)
	standing := func(who string, over bool, points map[string]float64) {
		t.Helper()
		v, err := a.Tournament(t.Context(), tournamentGame(t, a, tg.ID()))
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]float64{}
		for _, s := range v.Standings {
			got[s.Name] = s.Points
		}
		if v.Played[0].Tables[0].Over != over || !reflect.DeepEqual(got, points) {
			t.Errorf("%s: the table is over %v, the standings %v; want %v, %v", who, v.Played[0].Tables[0].Over, got, over, points)
		}
	}
	none := map[string]float64{"ann": 0, "bob": 0}
	standing("in play", false, none)

	forged := summaryOf(g)
	forged.Listed.State = StateOver
	for i, p := range forged.Result.Players {
		forged.Result.Places[i] = map[string]int{"ann": 2, "bob": 1}[p]
	}
	last, _ := g.EventAt(g.Last())
	if n, err := a.store.Summarize(t.Context(), []store.Summarized{{Game: g.ID(), Seq: last.Seq, Hash: last.Hash, Summary: forged.stored()}}); err != nil || n != 1 {
		t.Fatalf("Summarize: %d, %v", n, err)
	}
	standing("a wrong summary of the last event", true, map[string]float64{"ann": 0, "bob": 1})

	if _, err := a.Correct(t.Context(), g, play.Correction{Verb: "adjust", Args: []string{"ann", "+7"}, Note: "a slip"}, CorrectOptions{}); err != nil {
		t.Fatal(err)
	}
	standing("after the next event", false, none)
}
