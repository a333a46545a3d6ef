package table

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/render"
)

// testSchema is the schema main.go embeds.
func testSchema(t testing.TB) string {
	t.Helper()
	b, err := os.ReadFile("../schema.sql")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// openApp opens an App on a new database in a temporary directory, or on a copy of the file at
// fixture when it is not empty. Its clock stands still at noon on 2026-11-20.
func openApp(t testing.TB, fixture string) (*App, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "t.db")
	if fixture != "" {
		b, err := os.ReadFile(fixture)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	a, err := Open(t.Context(), path, testSchema(t))
	if err != nil {
		t.Fatal(err)
	}
	a.now = func() time.Time { return time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC) }
	t.Cleanup(func() { a.Close() })
	return a, path
}

// playMoves records moves typed at the table into game id, failing the test on any refusal.
func playMoves(t *testing.T, a *App, id int64, moves ...string) *play.Game {
	t.Helper()
	var g *play.Game
	for _, m := range moves {
		var err error
		if g, err = a.Game(t.Context(), id); err != nil {
			t.Fatal(err)
		}
		words, _, _, err := play.Words(m)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := a.Record(t.Context(), g, words, RecordOptions{}); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	g, err := a.Game(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestVersion1FileMigrates: a database written by the tableside of schema version 1 opens,
// every game replays to the sheet that tableside printed for it, the hash chains still verify,
// and the matches are read from the new column.
func TestVersion1FileMigrates(t *testing.T) {
	a, _ := openApp(t, "../testdata/schema-v1.db")
	b, err := os.ReadFile("../testdata/schema-v1-sheets.json")
	if err != nil {
		t.Fatal(err)
	}
	var golden []map[string]any
	if err := json.Unmarshal(b, &golden); err != nil {
		t.Fatal(err)
	}
	if len(golden) != 7 {
		t.Fatalf("%d golden sheets, want 7", len(golden))
	}
	for i, want := range golden {
		g, err := a.Game(t.Context(), int64(i+1))
		if err != nil {
			t.Fatal(err)
		}
		// The form `score --format json` wrote.
		var b bytes.Buffer
		if err := render.Sheet(&b, "json", g.Sheet(), g.Flags()); err != nil {
			t.Fatal(err)
		}
		var got map[string]any
		if err := json.Unmarshal(b.Bytes(), &got); err != nil {
			t.Fatal(err)
		}
		// The sheet has grown fields since (winners, rounds' scored, columns' running); every field it had must be unchanged, but
		// for the columns' titles, which are wording: their keys must be.
		for _, sheet := range []map[string]any{got, want} {
			for _, c := range sheet["columns"].([]any) {
				delete(c.(map[string]any), "title")
				delete(c.(map[string]any), "running") // grown since, for printed pages
			}
		}
		for _, r := range got["rounds"].([]any) {
			delete(r.(map[string]any), "scored") // grown since, for confirmations
		}
		if want["kind"] == "pinochle" {
			splitBid(want)
		}
		setAside(want)
		for key, w := range want {
			if !reflect.DeepEqual(got[key], w) {
				t.Errorf("game %d: sheet field %q is %v, was %v", i+1, key, got[key], w)
			}
		}
	}
	v, err := a.Verify(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Broken) != 0 || v.Games != 7 || v.Events != 191 {
		t.Errorf("verify after migrating: %+v, want 7 intact games of 191 events", v)
	}
	ms, err := a.Matches(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, m := range ms {
		got[m.Match] = m.Games
	}
	if want := map[string]int{"autumn club": 2, "pin night": 1, "club night": 2}; !reflect.DeepEqual(got, want) {
		t.Errorf("matches after migrating: %v, want %v", got, want)
	}
	s, err := a.Match(t.Context(), "autumn club")
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for _, p := range s.Played {
		ids = append(ids, p.Game)
	}
	if !reflect.DeepEqual(ids, []int64{2, 5}) {
		t.Errorf("autumn club holds games %v, want [2 5]", ids)
	}
	// The file has no summaries: the first list replays every game and writes them, the second
	// reads them; both say what the sheets that tableside printed say.
	if kept := keptSummaries(t, a); kept != 0 {
		t.Errorf("a version-1 file keeps %d summaries once migrated, want none", kept)
	}
	for _, read := range []string{"replayed", "from the summaries"} {
		l := listed(t, a)
		if len(l) != len(golden) {
			t.Fatalf("%s: %d games listed, want %d", read, len(l), len(golden))
		}
		for i, want := range golden {
			got := l[int64(i+1)]
			totals := map[string]any{}
			for p, n := range got.Totals {
				totals[p] = float64(n)
			}
			wantWinner, _ := want["winner"].(string) // none while the game is not over
			winner := ""
			if got.State == StateOver && len(got.Winners) == 1 {
				winner = got.Winners[0]
			}
			if got.Kind != want["kind"] || !reflect.DeepEqual(totals, want["totals"]) || (got.State == StateOver) != want["finished"] || winner != wantWinner {
				t.Errorf("%s: game %d lists as %s, %s, won by %v, totals %v; its sheet says %v, finished %v, won by %v, totals %v",
					read, i+1, got.Kind, got.State, got.Winners, got.Totals, want["kind"], want["finished"], want["winner"], want["totals"])
			}
		}
	}
	if kept := keptSummaries(t, a); kept != len(golden) {
		t.Errorf("%d games summarized by the first list, want %d", kept, len(golden))
	}
}

// countGames is how many games the store holds.
func countGames(t *testing.T, a *App) int {
	t.Helper()
	n := 0
	if err := a.Games(t.Context(), func(Listed) error { n++; return nil }); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestImportRefusesGameOfOtherKindInMatch: a match holds games of one kind, whether the game is
// started with new or imported from a transcript or JSON lines (an import once let a Pinochle
// game into a Candidate match).
func TestImportRefusesGameOfOtherKindInMatch(t *testing.T) {
	a, _ := openApp(t, "")
	if _, err := a.New(t.Context(), Setup{Kind: "candidate", Players: []string{"ann", "bob"}, Dealer: "bob", Match: "club night"}); err != nil {
		t.Fatal(err)
	}
	pin, err := a.New(t.Context(), Setup{Kind: "pinochle", Players: []string{"ann", "bob"}, Opener: "ann", Match: "pin night"})
	if err != nil {
		t.Fatal(err)
	}
	text, err := Transcript(pin)
	if err != nil {
		t.Fatal(err)
	}
	jsonl, err := GameJSONL(pin)
	if err != nil {
		t.Fatal(err)
	}
	moved := map[string][]byte{
		"transcript": []byte(strings.Replace(text, `--match "pin night"`, `--match "club night"`, 1)),
		"json lines": []byte(strings.Replace(string(jsonl), `"match":"pin night"`, `"match":"club night"`, 1)),
	}
	for form, data := range moved {
		if string(data) == map[string]string{"transcript": text, "json lines": string(jsonl)}[form] {
			t.Fatalf("%s: the match was not rewritten:\n%s", form, data)
		}
		_, err := a.Import(t.Context(), data)
		if CodeOf(err) != play.Invalid || !strings.Contains(err.Error(), `match "club night" is a match of candidate, not pinochle`) {
			t.Errorf("%s into another kind's match: %v (code %q), want it refused as invalid", form, err, CodeOf(err))
		}
	}
	if n := countGames(t, a); n != 2 {
		t.Errorf("%d games after the refused imports, want 2", n)
	}
	// The same file under its own match imports.
	if _, err := a.Import(t.Context(), []byte(text)); err != nil {
		t.Errorf("the unchanged transcript: %v", err)
	}
}

// pinochleLead is a Pinochle game up to ann's first lead.
var pinochleLead = []string{"ann bid 15", "bob pass", "trump H", "ann meld AH TH KH QH JH 9H", "bob meld none"}

// TestMoveKeepsItsAuthor: a move typed without a player is the move of the player who was to
// act when it was typed. If another terminal records first and that player is no longer to
// act, it is refused with the newer state — never recorded for someone else.
func TestMoveKeepsItsAuthor(t *testing.T) {
	a, path := openApp(t, "")
	g, err := a.New(t.Context(), Setup{Kind: "pinochle", Players: []string{"ann", "bob"}, Opener: "ann"})
	if err != nil {
		t.Fatal(err)
	}
	seen := playMoves(t, a, g.ID(), pinochleLead...) // ann is to lead

	other, err := Open(t.Context(), path, testSchema(t))
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	playMoves(t, other, g.ID(), "AC") // the other terminal records ann's lead first

	_, err = a.Record(t.Context(), seen, []string{"9S"}, RecordOptions{})
	var e *play.Error
	if CodeOf(err) != play.Refused || !strings.Contains(err.Error(), "it is bob's turn to play, not ann's") {
		t.Fatalf("ann's 9S after the other terminal's lead: %v, want refused as out of turn", err)
	}
	if !errors.As(err, &e) || e.Rejudged != 1 || e.Game == nil || e.Game.Last() != seen.Last()+1 {
		t.Fatalf("the refusal should carry the newer state (event %d) and one re-judging: %+v", seen.Last()+1, e)
	}
	now, err := a.Game(t.Context(), g.ID())
	if err != nil {
		t.Fatal(err)
	}
	if now.Last() != seen.Last()+1 {
		t.Errorf("the log ends at event %d, want %d: the refused move was recorded", now.Last(), seen.Last()+1)
	}

	// Made against the newer state, the same words are bob's move.
	rec, err := a.Record(t.Context(), now, []string{"9S"}, RecordOptions{})
	if err != nil || rec.Event.Actor != "bob" {
		t.Errorf("9S against the newer state: %v, actor %q, want recorded for bob", err, rec.Event.Actor)
	}
}

// TestRecordWithExpectRefusesStaleView: a caller that names the event it saw gets a Conflict,
// not a re-judging, when the log has moved on.
func TestRecordWithExpectRefusesStaleView(t *testing.T) {
	a, _ := openApp(t, "")
	g, err := a.New(t.Context(), Setup{Kind: "pinochle", Players: []string{"ann", "bob"}, Opener: "ann"})
	if err != nil {
		t.Fatal(err)
	}
	seen := playMoves(t, a, g.ID(), pinochleLead...)
	playMoves(t, a, g.ID(), "AC")
	_, err = a.Record(t.Context(), seen, []string{"9S"}, RecordOptions{Expect: seen.Last()})
	if CodeOf(err) != play.Conflict {
		t.Fatalf("a move expecting event %d after event %d was recorded: %v", seen.Last(), seen.Last()+1, err)
	}
	if now := playMoves(t, a, g.ID()); now.Last() != seen.Last()+1 {
		t.Errorf("the log ends at event %d after a conflict, want %d", now.Last(), seen.Last()+1)
	}
}

// TestAmendAfterVoid: L1 lets an amend bring a voided move back in its new form; every other
// correction of a voided move is refused.
func TestAmendAfterVoid(t *testing.T) {
	a, _ := openApp(t, "")
	g, err := a.New(t.Context(), Setup{Kind: "candidate", Players: []string{"ann", "bob"}, Dealer: "bob"})
	if err != nil {
		t.Fatal(err)
	}
	g = playMoves(t, a, g.ID(), "seat H", "reveal 7H", "bid 9")
	correct := func(verb string, args ...string) error {
		g, err := a.Game(t.Context(), g.ID())
		if err != nil {
			t.Fatal(err)
		}
		_, err = a.Correct(t.Context(), g, play.Correction{Verb: verb, Args: args, Note: "misheard"}, CorrectOptions{})
		return err
	}
	if err := correct("void", "4"); err != nil {
		t.Fatal(err)
	}
	if err := correct("void", "4"); CodeOf(err) != play.Invalid || !strings.Contains(err.Error(), "already voided") {
		t.Errorf("voiding a voided move: %v, want refused as already voided", err)
	}
	if err := correct("amend", "4", "bid", "10"); err != nil {
		t.Fatalf("amend after void (L1): %v", err)
	}
	// Ann's bid stands again, as 10: bob is to beat it.
	g = playMoves(t, a, g.ID())
	if hint := g.Hint(); len(g.Flags()) != 0 || !strings.Contains(hint, "bob may bid one of J♥") {
		t.Errorf("after the amend: flags %v, hint %q, want bob to beat ann's 10♥", g.Flags(), hint)
	}
}

// TestUndoTakesBackWhatWasSeen: undo means the latest move the typist saw; if another terminal
// recorded a move since, nothing is undone.
func TestUndoTakesBackWhatWasSeen(t *testing.T) {
	a, _ := openApp(t, "")
	g, err := a.New(t.Context(), Setup{Kind: "candidate", Players: []string{"ann", "bob"}, Dealer: "bob"})
	if err != nil {
		t.Fatal(err)
	}
	seen := playMoves(t, a, g.ID(), "seat H", "reveal 7H")
	playMoves(t, a, g.ID(), "bid 9")
	_, err = a.Correct(t.Context(), seen, play.Correction{Verb: "undo"}, CorrectOptions{})
	if CodeOf(err) != play.Conflict || !strings.Contains(err.Error(), "nothing was undone") {
		t.Fatalf("undo of event 3 after another terminal's event 4: %v, want a conflict", err)
	}
	now := playMoves(t, a, g.ID())
	if now.Last() != 4 {
		t.Errorf("the log ends at %d after a refused undo, want 4", now.Last())
	}
	c, err := a.Correct(t.Context(), now, play.Correction{Verb: "undo"}, CorrectOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var v events.Void
	if err := json.Unmarshal(c.Event.Payload, &v); err != nil || v.Target != 4 {
		t.Errorf("undo against the newer state voids %+v (%v), want event 4", v, err)
	}
}

// TestWarningIsRecorded: a warning breaks no rule, so the move is recorded and the warning
// reported with it; an illegal move is refused.
func TestWarningIsRecorded(t *testing.T) {
	a, _ := openApp(t, "")
	g, err := a.New(t.Context(), Setup{Kind: "pinochle", Players: []string{"ann", "bob"}, Opener: "ann"})
	if err != nil {
		t.Fatal(err)
	}
	g = playMoves(t, a, g.ID(), "ann bid 15", "bob pass", "trump H", "ann meld AH TH KH QH JH 9H")
	rec, err := a.Record(t.Context(), g, []string{"bob", "meld", "9S"}, RecordOptions{})
	if err != nil {
		t.Fatalf("a meld that makes nothing should be recorded with a warning: %v", err)
	}
	if own := rec.Own(); len(own) != 1 || own[0].Rule != "P9" || own[0].Severity != referee.Warning {
		t.Errorf("flags on the meld: %+v, want one P9 warning", own)
	}
	if _, err := a.Record(t.Context(), rec.Game, []string{"bob", "9C"}, RecordOptions{}); CodeOf(err) != play.Refused {
		t.Errorf("bob leading when ann leads: %v, want refused", err)
	}
}

// splitBid changes a Pinochle sheet as version 1 wrote it to today's form: its one bid cell
// ("15 ann") became two, the bidder and the bid, so that every cell holds one value.
func splitBid(sheet map[string]any) {
	cols := sheet["columns"].([]any)
	for i, c := range cols {
		if c.(map[string]any)["key"] == "bid" {
			cols = slices.Insert(cols, i, any(map[string]any{"key": "bidder", "per_player": false}))
			break
		}
	}
	sheet["columns"] = cols
	for _, r := range sheet["rounds"].([]any) {
		values := r.(map[string]any)["values"].(map[string]any)
		if bid, ok := values["bid"].(string); ok {
			n, who, _ := strings.Cut(bid, " ")
			number, _ := strconv.Atoi(n)
			values["bid"], values["bidder"] = float64(number), who
		}
	}
}

// setAside changes a flag as version 1 wrote it to today's form: a move set aside said so in
// its message ("…; this bid is ignored"); now the flag says it in its own field (L8).
func setAside(sheet map[string]any) {
	flags, _ := sheet["flags"].([]any)
	for _, f := range flags {
		f := f.(map[string]any)
		if msg, ok := strings.CutSuffix(f["message"].(string), "; this bid is ignored"); ok {
			f["message"], f["set_aside"] = msg, true
		}
	}
}
