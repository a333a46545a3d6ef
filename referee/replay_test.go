package referee_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/candidate"
	"github.com/tableside/tableside/referee/refereetest"
	"github.com/tableside/tableside/scoring"
)

// build turns lines into a Candidate log: moves in notation, or corrections written as
// "void N", "amend N MOVE…", "condone N", "rule-void N", "adjust PLAYER N", and confirmations
// as "confirm ROUND PLAYER".
func build(t *testing.T, lines ...string) []events.Event {
	t.Helper()
	setup, _ := json.Marshal(events.Created{Kind: "candidate", Players: []string{"ann", "bob"}, Dealer: "bob"})
	log := []events.Event{{Game: 1, Seq: 1, Type: events.TypeCreated, Payload: setup}}
	add := func(typ, actor string, payload any) {
		b, err := json.Marshal(payload)
		if err != nil {
			t.Fatal(err)
		}
		if raw, ok := payload.(json.RawMessage); ok {
			b = raw
		}
		log = append(log, events.Event{Game: 1, Seq: int64(len(log) + 1), Type: typ, Actor: actor, Payload: b})
	}
	for _, line := range lines {
		w := strings.Fields(line)
		var n int64
		if len(w) > 1 {
			fmt.Sscan(w[1], &n)
		}
		switch w[0] {
		case "void":
			add(events.TypeVoid, "", events.Void{Target: n})
		case "condone":
			add(events.TypeRuling, "", events.Ruling{Target: n, Decision: events.Condone})
		case "rule-void":
			add(events.TypeRuling, "", events.Ruling{Target: n, Decision: events.VoidIt})
		case "abandon":
			add(events.TypeAbandon, "", events.Abandon{Note: "test"})
		case "confirm":
			add(events.TypeConfirm, "", events.Confirm{Round: int(n), Player: w[2]})
		case "adjust":
			var pts int
			fmt.Sscan(w[2], &pts)
			add(events.TypeAdjust, "", events.Adjust{Player: w[1], Points: pts, Note: "test"})
		case "amend":
			o, err := referee.ReplayUntil(candidate.Rules{}, log, n)
			if err != nil {
				t.Fatal(err)
			}
			m, err := o.Game.Parse(w[2:])
			if err != nil {
				t.Fatal(err)
			}
			add(events.TypeAmend, "", events.Amend{Target: n, Type: m.Type, Actor: m.Actor, Payload: m.Payload})
		default:
			o, err := referee.Replay(candidate.Rules{}, log)
			if err != nil {
				t.Fatal(err)
			}
			m, err := o.Game.Parse(w)
			if err != nil {
				t.Fatalf("%q: %v", line, err)
			}
			add(m.Type, m.Actor, m.Payload)
		}
	}
	return log
}

func summary(o *referee.Outcome) string {
	var out []string
	for _, f := range o.Flags {
		s := fmt.Sprintf("%d %s", f.Seq, f.Rule)
		if !f.Open() {
			s += " settled"
		}
		out = append(out, s)
	}
	return strings.Join(out, "; ")
}

func TestCorrections(t *testing.T) {
	base := []string{"seat H", "reveal 7H", "ann bid 9H", "bob bid JH"} // events 2–5
	tests := []struct {
		name  string
		extra []string
		flags string
		notes map[int64]string
		turn  string
	}{
		{"void re-judges what follows: bob's J♥ becomes the opening bid, out of turn", []string{"void 4"}, "5 C6", map[int64]string{4: "voided by 6"}, "ann"},
		{"amend makes a later bid low", []string{"amend 4 ann bid QH"}, "5 C7", map[int64]string{4: "amended by 6"}, "ann"},
		{"amend after void brings the move back", []string{"void 4", "amend 4 ann bid 2H"}, "", map[int64]string{4: "amended by 7"}, "ann"},
		{"void after amend wins", []string{"amend 4 ann bid QH", "void 4"}, "5 C6", map[int64]string{4: "voided by 7"}, "ann"},
		{"condone settles the flag, the move stands", []string{"amend 4 ann bid QH", "condone 5"}, "5 C7 settled", nil, "ann"},
		{"a ruling can void", []string{"rule-void 5"}, "", map[int64]string{5: "voided by 6"}, "bob"},
		{"void of the game's creation is flagged and ignored", []string{"void 1"}, "6 L1", nil, "ann"},
		{"void of a later event is flagged", []string{"void 9"}, "6 L1", nil, "ann"},
		{"void of a correction is flagged", []string{"void 4", "void 6"}, "5 C6; 7 L1", nil, "ann"},
		{"adjustment for a stranger is flagged", []string{"adjust carl 3"}, "6 L1", nil, "ann"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, err := referee.Replay(candidate.Rules{}, build(t, append(base, tt.extra...)...))
			if err != nil {
				t.Fatal(err)
			}
			if got := summary(o); got != tt.flags {
				t.Errorf("flags %q, want %q (%+v)", got, tt.flags, o.Flags)
			}
			for seq, note := range tt.notes {
				if o.Notes[seq] != note {
					t.Errorf("note on %d = %q, want %q", seq, o.Notes[seq], note)
				}
			}
			if !strings.Contains(o.Game.Hint(), tt.turn+" ") {
				t.Errorf("hint %q: want %s to act", o.Game.Hint(), tt.turn)
			}
		})
	}
}

func TestAdjustmentsCountInTheSheet(t *testing.T) {
	o, err := referee.Replay(candidate.Rules{}, build(t, "seat H", "reveal KH", "ann bid 2H", "bob pass", "adjust bob -3", "adjust ann 2", "void 7"))
	if err != nil {
		t.Fatal(err)
	}
	s := o.Sheet()
	// ann captured K♥ (2); bob lost 3; ann's +2 was voided.
	if s.Totals["ann"] != 2 || s.Totals["bob"] != -3 {
		t.Errorf("totals %v, want ann 2, bob -3", s.Totals)
	}
	for p, lines := range s.Breakdown {
		sum := 0
		for _, l := range lines {
			sum += l.Points
		}
		if sum != s.Totals[p] {
			t.Errorf("%s: breakdown adds to %d, total is %d", p, sum, s.Totals[p])
		}
	}
}

func TestLeader(t *testing.T) {
	players := []string{"ann", "bob", "cy"}
	if w := referee.Leader(players, map[string]int{"ann": 3, "bob": 5, "cy": 5}); w != nil {
		t.Errorf("a shared top total is a draw, got %v", w)
	}
	if w := referee.Leader(players, map[string]int{"ann": -1, "bob": -5, "cy": -2}); len(w) != 1 || w[0] != "ann" {
		t.Errorf("negative totals: want ann, got %v", w)
	}
}

func TestReplayNeedsACreation(t *testing.T) {
	if _, err := referee.Replay(candidate.Rules{}, nil); err == nil {
		t.Error("an empty log replayed")
	}
	if _, err := referee.Replay(candidate.Rules{}, []events.Event{{Seq: 1, Type: "candidate.seat", Payload: []byte(`{}`)}}); err == nil {
		t.Error("a log without game.created replayed")
	}
}

// watched is Candidate's rulebook with games that note, in order, every move and adjustment
// the replay hands them.
type watched struct {
	candidate.Rules
	seen *[]string
}

func (r watched) New(setup events.Created) (referee.Game, error) {
	g, err := r.Rules.New(setup)
	return watchedGame{g, r.seen}, err
}

type watchedGame struct {
	referee.Game
	seen *[]string
}

func (g watchedGame) Apply(seq int64, m referee.Move) []referee.Flag {
	*g.seen = append(*g.seen, fmt.Sprintf("move %d", seq))
	return g.Game.Apply(seq, m)
}

func (g watchedGame) Adjust(a scoring.Adjustment) {
	*g.seen = append(*g.seen, fmt.Sprintf("adjust %d %s %+d", a.Seq, a.Player, a.Points))
	g.Game.Adjust(a)
}

func (g watchedGame) Clone() referee.Game { return watchedGame{g.Game.Clone(), g.seen} }

// TestEnginesSeeAdjustmentsInForce: an engine is told of each adjustment in force at its place
// among the moves (a game that ends on a score judges it with them, L5), and never of one
// that was voided.
func TestEnginesSeeAdjustmentsInForce(t *testing.T) {
	log := build(t, "seat H", "reveal KH", "adjust bob -3", "ann bid 2H", "adjust ann 2", "void 6")
	var seen []string
	if _, err := referee.Replay(watched{seen: &seen}, log); err != nil {
		t.Fatal(err)
	}
	want := []string{"move 2", "move 3", "adjust 4 bob -3", "move 5"}
	if !reflect.DeepEqual(seen, want) {
		t.Errorf("the engine was told %q, want %q", seen, want)
	}

	// A move judged at the end of the log sees the same.
	o, err := referee.Replay(watched{seen: &seen}, log[:4])
	if err != nil {
		t.Fatal(err)
	}
	seen = nil
	o.Try(log[4])
	if want := []string{"move 5"}; !reflect.DeepEqual(seen, want) {
		t.Errorf("trying event 5 told the engine %q, want %q", seen, want)
	}
	seen = nil
	next, _ := o.Try(log[4])
	next.Try(events.Event{Seq: 6, Type: events.TypeAdjust, Payload: []byte(`{"player":"ann","points":5,"note":"x"}`)})
	if want := []string{"move 5", "adjust 6 ann +5"}; !reflect.DeepEqual(seen, want) {
		t.Errorf("trying an adjustment told the engine %q, want %q", seen, want)
	}
}

// TestAbandon: a move after the abandon in force is flagged and set aside, the game has no
// winner; a void of the abandon takes the game up again (L6).
func TestAbandon(t *testing.T) {
	o, err := referee.Replay(candidate.Rules{}, build(t, "seat H", "abandon", "reveal 7H"))
	if err != nil {
		t.Fatal(err)
	}
	if got := refereetest.Flags(o); got != "4 L6 illegal" || o.Abandoned != 3 || !o.Sheet().Abandoned {
		t.Errorf("flags %q, abandoned at %d, sheet abandoned %v", got, o.Abandoned, o.Sheet().Abandoned)
	}
	if len(o.Moves()) != 1 {
		t.Errorf("moves in force %d, want only the seat", len(o.Moves()))
	}
	o, err = referee.Replay(candidate.Rules{}, build(t, "seat H", "abandon", "void 3", "reveal 7H"))
	if err != nil {
		t.Fatal(err)
	}
	if got := refereetest.Flags(o); got != "" || o.Abandoned != 0 || len(o.Moves()) != 2 {
		t.Errorf("after the void: flags %q, abandoned at %d, moves %d", got, o.Abandoned, len(o.Moves()))
	}
}

// TestConfirm: a confirmation of a scored seat marks the sheet's row with who confirmed and
// when; one of a seat not scored, of no seat, or by no player is flagged and has no effect; a
// later correction of a move made before it leaves it standing no more; a void takes it back
// (L9).
func TestConfirm(t *testing.T) {
	seat := []string{"seat H", "reveal 7H", "ann bid 9H", "bob pass", "reveal 8H", "ann bid 2H", "bob bid 3H", "ann pass",
		"reveal 10H", "bob bid 4H", "ann bid 5H", "bob pass"} // events 2–13: seat 1, all three candidates captured
	replay := func(lines ...string) *referee.Outcome {
		t.Helper()
		log := build(t, append(append([]string{}, seat...), lines...)...)
		log[len(log)-1].At = 1_700_000_000_000
		o, err := referee.Replay(candidate.Rules{}, log)
		if err != nil {
			t.Fatal(err)
		}
		return o
	}
	o := replay("confirm 1 bob")
	got := o.Sheet().Rounds[0]
	if want := []scoring.Confirmation{{Player: "bob", Seq: 14, At: 1_700_000_000_000, Stands: true}}; !got.Scored || !reflect.DeepEqual(got.Confirmed, want) || len(o.Flags) != 0 {
		t.Errorf("seat 1: scored %v, confirmed %+v, flags %s; want %+v", got.Scored, got.Confirmed, refereetest.Flags(o), want)
	}
	for _, tc := range []struct{ lines []string }{
		{[]string{"seat S", "confirm 2 bob"}}, // seat 2 begun, not scored
		{[]string{"confirm 3 bob"}},           // no seat 3
		{[]string{"confirm 1 zed"}},           // no such player
	} {
		o := replay(tc.lines...)
		last := o.Flags[len(o.Flags)-1]
		if last.Rule != "L9" || last.Seq != int64(13+len(tc.lines)) || !last.SetAside || len(o.Sheet().Rounds[0].Confirmed) != 0 {
			t.Errorf("%v: flags %s, confirmed %+v; want an L9 flag on the confirmation and no effect", tc.lines, refereetest.Flags(o), o.Sheet().Rounds[0].Confirmed)
		}
	}
	// ann's bid at event 7 was 2H; amended after the confirmation, the seat is not what bob saw.
	if c := replay("confirm 1 bob", "amend 7 ann bid 6H").Sheet().Rounds[0].Confirmed; len(c) != 1 || c[0].Stands {
		t.Errorf("after an amend of an earlier move: %+v, want the confirmation no longer standing", c)
	}
	// An amend that leaves the seat unfinished where bob confirmed it: standing no more, and
	// no breach of L9.
	o = replay("confirm 1 bob", "amend 6 ann bid 6H")
	if c := o.Sheet().Rounds[0].Confirmed; len(c) != 1 || c[0].Stands || strings.Contains(refereetest.Flags(o), "L9") {
		t.Errorf("after an amend that unscores the seat: %+v, flags %s; want it not standing, unflagged", c, refereetest.Flags(o))
	}
	// A correction before the confirmation was seen by the one who confirmed.
	if c := replay("void 13", "bob pass", "confirm 1 bob").Sheet().Rounds[0].Confirmed; len(c) != 1 || !c[0].Stands {
		t.Errorf("after a correction made before it: %+v, want it standing", c)
	}
	if c := replay("confirm 1 bob", "void 14").Sheet().Rounds[0].Confirmed; len(c) != 0 {
		t.Errorf("after its void: %+v, want no confirmation", c)
	}
}
