package play

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/pinochle"
	"github.com/tableside/tableside/referee/refereetest"
)

// capped is Pinochle with a ceiling on the auction, for holding the buttons to the referee where
// the referee warns and where it refuses: a bid of warnFrom or more raises a warning, which
// the referee takes and shows, and one of refuseFrom or more is refused.
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

// holdButtonsToTake fails unless Judge, by the rule Record applies, takes each of g's buttons,
// a warning included, and refuses each raise the buttons stopped short of. It returns how many
// raises and stops it held.
func holdButtonsToTake(t *testing.T, g *Game) (raisedHeld, stopsHeld int) {
	t.Helper()
	buttons := g.Buttons()
	raised, stopped := raisedRuns(t, g.Choices(), buttons)
	for _, b := range buttons {
		if !g.Takes(strings.Fields(b.Move)) {
			t.Fatalf("game %d at %d: the button %q is a move Takes refuses", g.id, g.last, b.Move)
		}
	}
	for _, words := range raised {
		if _, err := g.Judge(words, false, 0); err != nil {
			t.Fatalf("game %d at %d: the button %q is refused: %v", g.id, g.last, strings.Join(words, " "), err)
		}
	}
	for _, words := range stopped {
		if g.Takes(words) {
			t.Errorf("game %d at %d: the buttons stop short of %q, which Takes takes", g.id, g.last, strings.Join(words, " "))
		}
		if _, err := g.Judge(words, false, 0); CodeOf(err) != Refused {
			t.Errorf("game %d at %d: the buttons stop short of %q, which is not refused: %v", g.id, g.last, strings.Join(words, " "), err)
		}
	}
	return len(raised), len(stopped)
}

// TestButtonsAreWhatRecordTakes: the moves a phone offers as buttons are exactly the moves the
// referee takes, by the rule Record applies (Take; table's TestJudgeIsWhatRecordDoes holds
// Record to Judge). Games of every kind are played out, every button held to Takes at every
// turn, and at each turn where the buttons raise a bid, every button judged and the raise they
// stop short of refused.
func TestButtonsAreWhatRecordTakes(t *testing.T) {
	held, stops := 0, 0
	for _, kind := range Kinds() {
		r, err := RulesOf(kind)
		if err != nil {
			t.Fatal(err)
		}
		for seed := range uint64(2) {
			setup, moves := r.Playout(rand.New(rand.NewPCG(seed, 36)), refereetest.Names)
			g, err := Replay(1, refereetest.Log(t, setup, nil))
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range moves {
				if g.Over() {
					break // what a playout adds after the end (cards left in hand) is no turn's
				}
				raised, stopped := holdButtonsToTake(t, g)
				held, stops = held+raised, stops+stopped
				rec, err := g.Judge(strings.Fields(g.outcome.Game.Notation(m)), false, 0)
				if err != nil {
					t.Fatalf("%s: the playout's move %q: %v", kind, g.outcome.Game.Notation(m), err)
				}
				g = rec.Game
			}
		}
	}
	if held == 0 {
		t.Fatal("no playout had a turn whose buttons raise a bid")
	}
	t.Logf("%d raised bids taken, %d stops refused", held, stops)
}

// TestButtonsOfferWhatRecordWarnsOf: a bid that raises only a warning is taken, so the buttons
// offer it; the first bid refused ends them.
func TestButtonsOfferWhatRecordWarnsOf(t *testing.T) {
	setup := events.Created{Kind: "capped", Players: []string{"ann", "bob"}, Opener: "ann", Options: map[string]string{"opening": "10"}}
	g, err := ReplayBy(func(string) (referee.Rules, error) { return capped{}, nil }, 1, refereetest.Log(t, setup, nil))
	if err != nil {
		t.Fatal(err)
	}
	var offered []string
	for _, b := range g.Buttons() {
		offered = append(offered, b.Move)
	}
	want := "ann bid 10 · ann bid 11 · ann bid 12 · ann bid 13 · ann pass"
	if got := strings.Join(offered, " · "); got != want {
		t.Errorf("buttons %q, want %q: the warned bids, and none refused", got, want)
	}
	if raised, stopped := holdButtonsToTake(t, g); raised != 3 || stopped != 1 {
		t.Errorf("held %d raises and %d stops, want 3 and 1", raised, stopped)
	}
	rec, err := g.Judge([]string{"ann", "bid", "13"}, false, 0)
	if err != nil || len(rec.Own()) != 1 || rec.Own()[0].Severity != referee.Warning {
		t.Errorf("a bid of 13: %v, flags %v; want it taken with a warning", err, rec)
	}
}
