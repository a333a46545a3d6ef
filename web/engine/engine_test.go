package main

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/kinds"
	"github.com/tableside/tableside/referee/pinochle"
	"github.com/tableside/tableside/referee/refereetest"
)

// conformGames is how many games each engine's TestConformance plays: the conformance
// playouts, which both builds are held to.
var conformGames = map[string]int{"advantage": 500, "article2": 200, "candidate": 200, "capture": 300, "pinochle": 100}

// playoutRequest is conformance playout seed of r as the phone would hand it to the engine:
// the game's creation as stored (chained), and every move of the playout typed after it, each
// state asked for, as a digest, with the sheet drawn every htmlEvery moves.
func playoutRequest(t testing.TB, r referee.Rules, seed, htmlEvery int) request {
	t.Helper()
	setup, moves := refereetest.ConformPlayout(r, seed)
	log := refereetest.Log(t, setup, nil)
	log[0].At = 1_790_000_000_000
	log[0].Hash = events.Hash("", log[0])
	g, err := r.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	req := request{Game: log[0].Game, Log: log, Steps: true, Digest: true, HTMLEvery: htmlEvery, Now: true}
	for i, m := range moves {
		req.Pending = append(req.Pending, pending{Move: g.Notation(m), At: log[0].At + int64(i+1)*1000})
		g.Apply(int64(i+2), m)
	}
	return req
}

// TestAnswerJudgesInOrder: the phone's moves are judged one after another, a refused one
// reported and passed over, the next judged as if it had not been made; a request that is not
// the engine's is answered with why.
func TestAnswerJudgesInOrder(t *testing.T) {
	r := kinds.All()["pinochle"]
	req := playoutRequest(t, r, 0, 0)
	first, second := req.Pending[0], req.Pending[1]
	req.Pending = []pending{first, first, second}
	req.Steps = false
	en := new(engine)
	a := en.answerOf(req)
	if a.Failed != nil || len(a.Pending) != 3 {
		t.Fatalf("%+v", a)
	}
	if a.Pending[0].Refused != nil || a.Pending[0].Event == nil || a.Pending[0].Event.Seq != 2 {
		t.Errorf("the first move: %+v", a.Pending[0])
	}
	if a.Pending[1].Refused == nil || a.Pending[1].Refused.Code != "refused" && a.Pending[1].Refused.Code != "invalid" || a.Pending[1].Event != nil {
		t.Errorf("the first move again: %+v, want it refused", a.Pending[1])
	}
	if a.Pending[2].Refused != nil || a.Pending[2].Event == nil || a.Pending[2].Event.Seq != 3 {
		t.Errorf("the second move after a refusal: %+v, want event 3", a.Pending[2])
	}
	if a.State == nil || a.State.View.Last != 3 || !strings.Contains(a.State.Now, "<table") || !strings.Contains(a.State.Now, "<button") {
		t.Errorf("the state after: %+v", a.State)
	}
	// The game is held: a later call sends only what the server stored since.
	stored := a.Pending[0].Event
	later := en.answerOf(request{Game: 1, Log: []play.Event{*stored}, Pending: []pending{second}})
	if later.Failed != nil || later.Pending[0].Event == nil || later.Pending[0].Event.Seq != 3 {
		t.Errorf("a later call with the first move stored: %+v %+v", later.Failed, later.Pending)
	}
	if again := en.answerOf(request{Game: 1, Log: []play.Event{*stored}}); again.Failed == nil || again.Failed.Code != "conflict" {
		t.Errorf("the same event sent twice: %+v, want a conflict asking for the whole log", again.Failed)
	}
	if none := en.answerOf(request{Game: 99, Pending: []pending{first}}); none.Failed == nil || none.Failed.Code != "not_found" {
		t.Errorf("a game the engine does not hold: %+v, want not_found, asking for the whole log", none.Failed)
	}
	if got := string(en.answerJSON([]byte(`{"log": 3}`))); !strings.Contains(got, `"failed":{"code":"invalid","message":"the request is not the engine's JSON`) {
		t.Errorf("a request that is not one: %s", got)
	}
}

// BenchmarkJudgeAtTheEnd is what a move costs the phone at the end of a long game: 400 events of
// Pinochle stored, and the next move, which the phone judges. "first" is the page's first call
// about the game (its whole log read and replayed); "held" each call after, the game held and
// the log sent only as it grows (here not at all), the page's part left for a later call;
// "drawn" that later call, and "shown" the call as the page makes it, showing the
// sheet the move leaves as it was. Run it in the browser's build too:
// GOOS=js GOARCH=wasm go test -run '^$' -bench JudgeAtTheEnd -exec "$(go env GOROOT)/lib/wasm/go_js_wasm_exec" ./web/engine
func BenchmarkJudgeAtTheEnd(b *testing.B) {
	setup, moves := pinochle.Playout(rand.New(rand.NewPCG(5, 5)), map[string]string{"deal": "automatic", "opening": "10", "limit": "400"})
	moves = moves[:400] // 400 events stored and the 401st judged, as BenchmarkReplayGame replays
	var r pinochle.Rules
	log := refereetest.Log(b, setup, moves[:len(moves)-1])
	prev := ""
	for i := range log {
		log[i].At = int64(i)
		log[i].Hash = events.Hash(prev, log[i])
		prev = log[i].Hash
	}
	g, err := r.New(setup)
	if err != nil {
		b.Fatal(err)
	}
	var typed []pending // every move as the phone sends it
	for i, m := range moves {
		typed = append(typed, pending{Move: g.Notation(m), At: int64(i + 2)})
		g.Apply(int64(i+2), m)
	}
	next := typed[len(typed)-1:]
	for _, c := range []struct {
		name string
		req  request
	}{
		{"first", request{Game: 1, Log: log, Pending: next}},
		{"held", request{Game: 1, Pending: next}},
		{"drawn", request{Game: 1, Pending: next, Now: true}},
		{"shown", request{Game: 1, Pending: next, Now: true, Sheet: -1}},
	} {
		b.Run(c.name, func(b *testing.B) {
			en := new(engine)
			if c.req.Log == nil { // the game held already
				if a := en.answerOf(request{Game: 1, Log: log}); a.Failed != nil {
					b.Fatal(a.Failed)
				}
			}
			if c.req.Sheet == -1 { // the page shows the sheet the move leaves, as it does after its last tap
				c.req.Sheet = en.answerOf(request{Game: 1, Pending: next, Now: true}).State.Sheet
			}
			in, err := json.Marshal(c.req)
			if err != nil {
				b.Fatal(err)
			}
			var a answer
			if err := json.Unmarshal(en.answerJSON(in), &a); err != nil || a.Failed != nil || a.Pending[0].Refused != nil || a.State.View.Last != 401 {
				b.Fatalf("%v %+v %+v", err, a.Failed, a.Pending)
			}
			if a.State != nil && a.State.SheetKept != (c.req.Sheet != 0) {
				b.Fatalf("the sheet shown is kept: %v, want %v", a.State.SheetKept, c.req.Sheet != 0)
			}
			for b.Loop() {
				en.last = judgedRun{} // the move is new: nothing judged before it
				en.answerJSON(in)
			}
			b.ReportMetric(float64(len(log)), "events")
		})
	}
	// The same move with the phone's last 80 moves waiting to be sent (the network gone for a
	// while): 320 moves stored, held, and 81 judged.
	b.Run("waiting=80", func(b *testing.B) {
		en := new(engine)
		stored := log[:len(log)-80]
		if a := en.answerOf(request{Game: 1, Log: stored, Pending: typed[len(typed)-81 : len(typed)-1]}); a.Failed != nil {
			b.Fatal(a.Failed)
		}
		before := en.last // the 80 judged as they were made
		in, err := json.Marshal(request{Game: 1, Pending: typed[len(typed)-81:], Now: true})
		if err != nil {
			b.Fatal(err)
		}
		var a answer
		if err := json.Unmarshal(en.answerJSON(in), &a); err != nil || a.Failed != nil || a.State.View.Last != 401 {
			b.Fatalf("%v %+v", err, a.Failed)
		}
		for b.Loop() {
			en.last = before
			en.answerJSON(in)
		}
	})
}

// TestAnswerJudgesOnlyWhatIsNew: a phone sends its waiting moves again with each new one, in
// the notation the engine read them as; the engine judges only the new one, and draws the
// sheet again only when it changed, and answers as it would have judging them all afresh.
func TestAnswerJudgesOnlyWhatIsNew(t *testing.T) {
	r := kinds.All()["capture"]
	req := playoutRequest(t, r, 3, 0)
	typed := req.Pending[:30]
	en := new(engine)
	if a := en.answerOf(request{Game: 1, Log: req.Log}); a.Failed != nil {
		t.Fatal(a.Failed)
	}
	var waiting []pending
	for i, p := range typed {
		next := append(slices.Clone(waiting), p)
		got := en.answerOf(request{Game: 1, Pending: next, Now: true})
		kept, drawn := en.last, en.sheet
		en.last, en.sheet.from = judgedRun{}, nil
		want := en.answerOf(request{Game: 1, Pending: next, Now: true})
		en.last, en.sheet = kept, drawn
		g, _ := json.Marshal(got)
		w, _ := json.Marshal(want)
		if !bytes.Equal(g, w) {
			t.Fatalf("move %d judged with %d waiting:\n got %.600s\nwant %.600s", i+1, len(waiting), g, w)
		}
		if len(kept.out) != len(next) {
			t.Fatalf("move %d: the engine kept %d judgements, want %d", i+1, len(kept.out), len(next))
		}
		j := got.Pending[len(got.Pending)-1]
		if j.Refused == nil {
			waiting = append(waiting, pending{Move: j.Notation, At: p.At, Event: j.Event, Text: j.Text})
		}
	}
	if len(waiting) < 25 {
		t.Errorf("only %d of 30 moves were taken", len(waiting))
	}
	// The phone takes its last move back, before it was sent, and makes another: the one taken
	// back is not the one judged before.
	g, err := play.Replay(1, req.Log)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range waiting[:len(waiting)-1] {
		if g, err = g.Follow([]play.Event{*p.Event}); err != nil {
			t.Fatal(err)
		}
	}
	gone := waiting[len(waiting)-1]
	instead := ""
	for _, c := range g.Buttons() {
		if c.Move != gone.Move {
			instead = c.Move
		}
	}
	next := append(slices.Clone(waiting[:len(waiting)-1]), pending{Move: instead, At: gone.At + 1})
	got, _ := json.Marshal(en.answerOf(request{Game: 1, Pending: next}))
	en.last = judgedRun{}
	want, _ := json.Marshal(en.answerOf(request{Game: 1, Pending: next}))
	if instead == "" || !bytes.Equal(got, want) {
		t.Errorf("%q in place of %q, taken back:\n got %.600s\nwant %.600s", instead, gone.Move, got, want)
	}
}

// TestAnswerSaysWhatTheServerHolds: moves judged before, sent again with the server's events
// since: the first, which the server holds as the same move in its place, is reported stored
// and not judged again; the next, whose place another phone's move took, is judged again on
// top of the server's events, and reported refused or, read anew, changed.
func TestAnswerSaysWhatTheServerHolds(t *testing.T) {
	r := kinds.All()["pinochle"]
	req := playoutRequest(t, r, 0, 0)
	moves := req.Pending
	req.Steps, req.Pending = false, moves[:3]
	en := new(engine)
	phone := en.answerOf(req) // the phone judges three moves offline
	if phone.Failed != nil || len(phone.Pending) != 3 {
		t.Fatalf("%+v", phone)
	}
	var again []pending
	for i, j := range phone.Pending {
		if j.Refused != nil || j.Notation == "" {
			t.Fatalf("offline move %d: %+v", i, j)
		}
		again = append(again, pending{Move: j.Notation, At: moves[i].At, Event: j.Event, Text: j.Text})
	}
	// Meanwhile the server stored the first move as this phone made it (its answer was lost),
	// and then another phone's move in the second's place.
	g, err := play.Replay(1, req.Log)
	if err != nil {
		t.Fatal(err)
	}
	first, _, err := judge(g, moves[0])
	if err != nil {
		t.Fatal(err)
	}
	other := ""
	for _, c := range first.Game.Buttons() {
		if c.Move != again[1].Move {
			other = c.Move
			break
		}
	}
	server := en.answerOf(request{Game: 1, Log: req.Log, Pending: []pending{moves[0], {Move: other, At: moves[1].At}}})
	if server.Failed != nil || server.Pending[1].Refused != nil {
		t.Fatalf("the server's moves: %+v %+v", server.Failed, server.Pending)
	}
	var stored []play.Event
	for _, j := range server.Pending {
		e := *j.Event
		e.At += 7 // stamped by the server, not the phone
		stored = append(stored, e)
	}
	prev := req.Log[len(req.Log)-1].Hash
	for i := range stored {
		stored[i].Hash = events.Hash(prev, stored[i])
		prev = stored[i].Hash
	}
	en = new(engine) // the phone's, which holds nothing yet
	a := en.answerOf(request{Game: 1, Log: append(slices.Clone(req.Log), stored...), Pending: again})
	if a.Failed != nil || len(a.Pending) != 3 {
		t.Fatalf("%+v", a)
	}
	if a.Pending[0].Stored != 2 || a.Pending[0].Event != nil {
		t.Errorf("the move the server holds: %+v, want it stored as event 2", a.Pending[0])
	}
	if a.Pending[1].Stored != 0 || a.Pending[1].Refused == nil && !a.Pending[1].Changed && a.Pending[1].Event.Seq != 4 {
		t.Errorf("the move whose place was taken: %+v, want it judged again after event 3", a.Pending[1])
	}
	if a.Pending[2].Stored != 0 {
		t.Errorf("the third move, stored by another phone in another place, is reported stored: %+v", a.Pending[2])
	}
	if a.Pending[1].Refused != nil && a.Pending[1].Refusal == "" {
		t.Errorf("a refusal is not drawn for the page: %+v", a.Pending[1])
	}
}

// TestAnswerSendsAgainWhatARestoredServerLost: the server's log went back (its file restored
// from an older copy) past moves the phone had seen stored; the phone hands them over as
// events, and the engine judges each again in the notation that records it, on top of what the
// server holds, refusing a correction, which the phone cannot record. A move the server holds,
// written in the page's own way, is still the move stored.
func TestAnswerSendsAgainWhatARestoredServerLost(t *testing.T) {
	r := kinds.All()["pinochle"]
	req := playoutRequest(t, r, 2, 0)
	en := new(engine)
	phone := en.answerOf(request{Game: 1, Log: req.Log, Pending: req.Pending[:3]})
	if phone.Failed != nil {
		t.Fatal(phone.Failed)
	}
	// What the phone saw stored: three moves, and a void the director recorded after them.
	var seen []play.Event
	for _, j := range phone.Pending {
		seen = append(seen, *j.Event)
	}
	void := play.Event{Game: 1, Seq: 5, Type: "void", Payload: json.RawMessage(`{"seq":4}`), At: 9}
	// The restored server holds the first move only.
	restored := append(slices.Clone(req.Log), seen[0])
	again := []pending{
		{At: seen[0].At, Event: &play.Event{Game: 1, Seq: 2, Type: seen[0].Type, Actor: seen[0].Actor, Payload: spaced(seen[0].Payload)}},
		{At: seen[1].At, Event: &seen[1]},
		{At: seen[2].At, Event: &seen[2]},
		{At: void.At, Event: &void},
	}
	en = new(engine)
	a := en.answerOf(request{Game: 1, Log: restored, Pending: again})
	if a.Failed != nil || len(a.Pending) != 4 {
		t.Fatalf("%+v", a)
	}
	if a.Pending[0].Stored != 2 {
		t.Errorf("the move the restored server holds, written otherwise: %+v, want it stored as event 2", a.Pending[0])
	}
	for i, j := range a.Pending[1:3] {
		want := seen[i+1]
		if j.Refused != nil || j.Event == nil || j.Event.Seq != want.Seq || j.Event.Type != want.Type || !bytes.Equal(j.Event.Payload, want.Payload) || j.Notation == "" {
			t.Errorf("lost move %d: %+v, want it judged again as event %d", i+1, j, want.Seq)
		}
	}
	if j := a.Pending[3]; j.Refused == nil || j.Refused.Code != "invalid" || !strings.Contains(j.Refused.Message, "void") {
		t.Errorf("the lost void: %+v, want it refused as the director's", j)
	}
}

// spaced is a payload written with spaces, as another writer may write it.
func spaced(p json.RawMessage) json.RawMessage {
	var b bytes.Buffer
	if err := json.Indent(&b, p, "", " "); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// TestAnswerLeavesOutTheSheetShown: a page that shows the sheet an answer named gets the part
// without it while the sheet stays the same, and whole again when it shows another.
func TestAnswerLeavesOutTheSheetShown(t *testing.T) {
	req := playoutRequest(t, kinds.All()["capture"], 3, 0)
	en := new(engine)
	whole := en.answerOf(request{Game: 1, Log: req.Log, Now: true})
	if whole.Failed != nil || whole.State.SheetKept || whole.State.Sheet == 0 {
		t.Fatalf("first answer: %+v %+v", whole.Failed, whole.State)
	}
	kept := en.answerOf(request{Game: 1, Now: true, Sheet: whole.State.Sheet})
	if !kept.State.SheetKept || kept.State.Sheet != whole.State.Sheet || !strings.Contains(kept.State.Now, `<div class="sheet" tabindex="0" role="region" aria-label="The score sheet"></div>`) {
		t.Fatalf("the sheet shown is drawn again: %+v", kept.State)
	}
	other := en.answerOf(request{Game: 1, Now: true, Sheet: whole.State.Sheet + 2})
	if other.State.SheetKept || other.State.Now != whole.State.Now {
		t.Fatalf("a page showing another sheet is not given the whole part: %+v", other.State)
	}
}

// TestALockedGameIsDrawnWithoutButtons: a phone told that its game is locked (its round is
// over, T16) draws the part with no button to move or undo, and saying why.
func TestALockedGameIsDrawnWithoutButtons(t *testing.T) {
	req := playoutRequest(t, kinds.All()["pinochle"], 1, 0)
	log := request{Game: 1, Log: req.Log, Pending: req.Pending[:20], Now: true}
	open := new(engine).answerOf(log)
	if open.Failed != nil || !strings.Contains(open.State.Now, `action="/games/1/moves"`) || !strings.Contains(open.State.Now, `action="/games/1/undo"`) {
		t.Fatalf("the open game's part has no move or undo button: %+v\n%s", open.Failed, open.State.Now)
	}
	log.Locked = "round 2 of club night is over, and a change to its games is the director's (T16)"
	locked := new(engine).answerOf(log)
	if locked.Failed != nil || strings.Contains(locked.State.Now, "<form") ||
		!strings.Contains(locked.State.Now, "Round 2 of club night is over, and a change to its games is the director&#39;s (T16): this phone no longer records in this game.") {
		t.Errorf("the locked game's part: %+v\n%s", locked.Failed, locked.State.Now)
	}
}
