package tournament

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/refereetest"
)

// TestTheRulebooksJudgeAlike: a night with a rematch seated by hand, replayed by the zero
// rulebook, by one judging through a judge of its own, and by Unjudged. The first two flag
// the same, each flag at its own event; Unjudged flags no pairing, and every rulebook leaves
// the night in the same state.
func TestTheRulebooksJudgeAlike(t *testing.T) {
	b, _ := seatedBy(t)
	b.typed("seat 2 ann-cy bob-dee")
	log := refereetest.Log(t, b.setup, b.moves)
	plain := refereetest.Replay(t, Rules{}, log)
	if !slices.ContainsFunc(plain.Flags, func(f referee.Flag) bool { return f.Rule == "T4" && f.Seq == int64(len(log)) }) {
		t.Fatalf("the rematch by hand, event %d: flags %+v", len(log), plain.Flags)
	}
	asked := 0
	judging := refereetest.Replay(t, Judging(func(in Input, out Output) []referee.Flag {
		asked++
		return JudgePairing(in, out)
	}), log)
	// Two pairings and the seating by hand.
	if asked != 3 {
		t.Errorf("the judge was asked %d times, want 3", asked)
	}
	unjudged := refereetest.Replay(t, Unjudged(), log)
	if len(unjudged.Flags) != 0 {
		t.Errorf("Unjudged flagged %+v", unjudged.Flags)
	}
	if Unjudged().Judges() || !(Rules{}).Judges() || !Judging(JudgePairing).Judges() {
		t.Error("Judges does not tell Unjudged from the rulebooks that judge")
	}
	state := func(o *referee.Outcome) string {
		n := o.Game.(*Night)
		s, _ := json.Marshal([]any{n.Rounds(), n.Entrants(), n.Status(), n.Closed()})
		return string(s)
	}
	p, _ := json.Marshal(plain.Flags)
	j, _ := json.Marshal(judging.Flags)
	switch {
	case string(p) != string(j):
		t.Errorf("the judge's flags\n%s\ndiffer from the zero rulebook's\n%s", j, p)
	case state(judging) != state(plain) || state(unjudged) != state(plain):
		t.Errorf("the rulebooks leave the night differently:\n%s\n%s\n%s", state(plain), state(judging), state(unjudged))
	}
}

// TestAJudgeIsNumberedAfresh: a judge that hands out one remembered flag for every pairing
// sees each use numbered at its own event, and what it holds left as it was.
func TestAJudgeIsNumberedAfresh(t *testing.T) {
	b, _ := seatedBy(t)
	held := []referee.Flag{flag(0, "T4", "", "remembered")}
	o := refereetest.Replay(t, Judging(func(Input, Output) []referee.Flag { return held }), refereetest.Log(t, b.setup, b.moves))
	var at []int64
	for _, f := range o.Flags {
		if f.Message == "remembered" {
			at = append(at, f.Seq)
		}
	}
	if len(at) != 2 || at[0] == at[1] || held[0].Seq != 0 {
		t.Errorf("the remembered flag at events %v, and held at %d: want two events, the held one at 0", at, held[0].Seq)
	}
}

// TestPairJudgedIsJudgePairing: over random nights of every format, the pairing PairJudged
// gives is Pair's and its judgement is JudgePairing's of it, so that recording what it gives
// needs no second pairing.
func TestPairJudgedIsJudgePairing(t *testing.T) {
	rng := rand.New(rand.NewPCG(50, 50))
	var names []string
	for i := range 16 {
		names = append(names, fmt.Sprintf("p%02d", i+1))
	}
	rounds := 0
	for range 200 {
		setup, moves := Rules{}.Playout(rng, names)
		for _, m := range moves {
			if m.Type != TypePaired {
				continue
			}
			var p Paired
			if err := json.Unmarshal(m.Payload, &p); err != nil {
				t.Fatal(err)
			}
			out, flags, err := PairJudged(p.Input)
			if err != nil {
				t.Fatalf("%s: %v", setup.Options, err)
			}
			want, _ := Pair(p.Input)
			a, _ := json.Marshal([]any{out, flags})
			b, _ := json.Marshal([]any{want, JudgePairing(p.Input, out)})
			if string(a) != string(b) {
				t.Fatalf("%s round %d: PairJudged gives\n%s\nPair and JudgePairing\n%s", setup.Options, p.Round, a, b)
			}
			rounds++
		}
	}
	if rounds < 400 {
		t.Fatalf("only %d rounds paired", rounds)
	}
}
