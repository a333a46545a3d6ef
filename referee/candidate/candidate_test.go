package candidate

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tableside/tableside/cards"
	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/refereetest"
	"github.com/tableside/tableside/scoring"
)

// logOf turns a setup and moves into the events a store would hold.
var logOf = refereetest.Log

func replay(t testing.TB, evs []events.Event) *referee.Outcome {
	t.Helper()
	return refereetest.Replay(t, Rules{}, evs)
}

var optionSets = []map[string]string{
	{"decks": "3", "wrap": "on"}, {"decks": "1", "wrap": "on"}, {"decks": "3", "wrap": "off"}, {"decks": "1", "wrap": "off"},
}

func TestRandomLegalGames(t *testing.T) {
	games := 2000
	if testing.Short() {
		games = 200
	}
	for seed := range games {
		opts := optionSets[seed%len(optionSets)]
		setup, moves := Playout(rand.New(rand.NewPCG(uint64(seed), 7)), opts)
		evs := logOf(t, setup, moves)
		o := replay(t, evs)
		if len(o.Flags) > 0 {
			t.Fatalf("seed %d %v: legal game flagged: %+v", seed, opts, o.Flags[0])
		}
		if !o.Game.Over() {
			t.Fatalf("seed %d: game not over after %d moves", seed, len(moves))
		}
		g := o.Game.(*game)
		captured := 0
		for i, st := range g.seats {
			captured += len(st.candidates)
			seen := map[cards.Rank]bool{}
			for _, c := range st.candidates {
				seen[c.card.Rank] = true
			}
			for r := cards.MinRank; r <= cards.MaxRank; r++ {
				if st.bidBy[r] != 0 && seen[r] {
					t.Fatalf("seed %d seat %d: %v both bid and a candidate", seed, i+1, r)
				}
			}
			bids := 0
			for r := range st.bidBy {
				if st.bidBy[r] != 0 {
					bids++
				}
			}
			if bids != st.spent(0)+st.spent(1) {
				t.Fatalf("seed %d seat %d: %d distinct cards bid but %d bids made", seed, i+1, bids, st.spent(0)+st.spent(1))
			}
		}
		if captured != Seats*Candidates {
			t.Fatalf("seed %d: %d candidates captured, want %d", seed, captured, Seats*Candidates)
		}
		// Replay is deterministic: a second replay gives the same flags and the same sheet.
		again := replay(t, evs)
		a, _ := json.Marshal(o.Sheet())
		b, _ := json.Marshal(again.Sheet())
		if string(a) != string(b) || !reflect.DeepEqual(o.Flags, again.Flags) {
			t.Fatalf("seed %d: replay not deterministic", seed)
		}
	}
}

// play records a script of moves, one per line, in a game ann and bob play, bob dealing.
func play(t *testing.T, opts map[string]string, script string) *referee.Outcome {
	t.Helper()
	setup := events.Created{Kind: "candidate", Players: []string{"ann", "bob"}, Dealer: "bob", Options: opts, Ruleset: "candidate/1"}
	return refereetest.Play(t, Rules{}, setup, strings.Split(strings.TrimSpace(script), "\n"))
}

var flagsOf = refereetest.Flags

func TestRefusals(t *testing.T) {
	const start = "seat H\nreveal 7H\n"
	tests := []struct {
		name, script string
		opts         map[string]string
		want         string // flags as "seq rule severity"; seq 2 is the first move
	}{
		{"legal opening", start + "ann bid 9H\nbob bid JH\nann pass", nil, ""},
		{"opener is the non-dealer", start + "bob bid 9H", nil, "4 C6 illegal"},
		{"out of turn", start + "ann bid 9H\nann bid JH", nil, "5 C7 illegal"},
		{"wrong suit", start + "ann bid 9S", nil, "4 C10 impossible"},
		{"not higher", start + "ann bid 9H\nbob bid 8H", nil, "5 C7 illegal"},
		// bob's 9♥ is not higher, and shows that ann's bid was not the 9♥: a card is bid once (C8).
		{"equal is not higher", start + "ann bid 9H\nbob bid 9H", nil, "4 C10 impossible by 5; 5 C7 illegal"},
		{"revealed candidate", start + "ann bid 7H", nil, "4 C10 impossible"},
		{"opener passes", start + "ann pass", nil, "4 C7 illegal"},
		{"sixth bid", start + "ann bid 2H\nbob bid 3H\nbob bid 4H\nann bid 5H\nbob bid 6H\nann bid 8H\nbob bid 9H\nann bid TH\nbob bid JH\nbob bid KH", nil,
			"6 C7 illegal; 13 C7 illegal; 13 C10 impossible"},
		{"a pass by the player who ran out is accepted", start + "ann bid 2H\nbob bid 3H\nann bid 4H\nbob bid 5H\nann bid 6H\nbob bid 8H\nann bid 9H\nbob bid TH\nann bid JH\nbob bid QH\nann pass\nreveal KH", nil, ""},
		{"but only once", start + "ann bid 2H\nbob bid 3H\nann bid 4H\nbob bid 5H\nann bid 6H\nbob bid 8H\nann bid 9H\nbob bid TH\nann bid JH\nbob bid QH\nann pass\nann pass", nil, "15 C7 illegal"},
		{"a reveal proves a bid wrong", start + "ann bid 9H\nbob pass\nreveal 9H", nil, "4 C10 impossible by 6"},
		{"a card bid again proves the first bid wrong (C8)", start + "ann bid 9H\nbob bid TH\nann pass\nreveal 8H\nbob bid 9H", nil, "4 C10 impossible by 8"},
		{"by the same player too", start + "ann bid 9H\nbob pass\nreveal 8H\nann bid 9H", nil, "4 C10 impossible by 7"},
		{"a wrong bid is flagged once", start + "ann bid 9H\nbob pass\nreveal 9H\nann hand 2H 3H 4H 5H 6H", nil, "4 C10 impossible by 6"},
		{"reveal twice", start + "ann bid 9H\nbob pass\nreveal 7H", nil, "6 C10 impossible"},
		{"bid before reveal", "seat H\nann bid 9H", nil, "3 C7 illegal"},
		{"reveal during auction", start + "ann bid 9H\nreveal 8H", nil, "5 C7 illegal"},
		{"one deck repeats a suit", "seat H\nreveal 2H\nann bid 3H\nbob pass\nreveal 4H\nann bid 5H\nbob pass\nreveal 6H\nann bid 7H\nbob pass\nseat H", map[string]string{"decks": "1"}, "12 C5 illegal"},
		{"three decks may repeat a suit", "seat H\nreveal 2H\nann bid 3H\nbob pass\nreveal 4H\nann bid 5H\nbob pass\nreveal 6H\nann bid 7H\nbob pass\nseat H", nil, ""},
		{"a hand without a bid card proves the bid wrong", start + "ann bid 9H\nbob pass\nann hand 2H 3H 4H 5H 6H", nil, "4 C10 impossible by 6"},
		{"a hand holding the opponent's bid proves it wrong", start + "ann bid 9H\nbob bid JH\nann hand 2H 3H 4H 9H JH", nil, "5 C10 impossible by 6"},
		{"later bid outside the shown hand", "seat H\nann hand 2H 3H 4H 5H 6H\nreveal 7H\nann bid 9H", nil, "5 C10 impossible"},
		{"a leftover that was bid proves the bid wrong (C8)", start + "ann bid 9H\nbob pass\nann left 9H", nil, "4 C10 impossible by 6"},
		{"rank alone bids the seat's suit", start + "bid 9\nbid J\npass", nil, ""},
		// ann's bid of 9♥ is confirmed by her hand and by the table: bob's show of it is the typo.
		{"a hand holding a bid its bidder's hand confirms is flagged itself", "seat H\nann hand 2H 3H 4H 5H 9H\nreveal 7H\nann bid 9H\nbob pass\nbob hand 9H 6H 8H TH JH", nil, "7 C10 impossible"},
		{"leftovers holding it too", "seat H\nann hand 2H 3H 4H 5H 9H\nreveal 7H\nann bid 9H\nbob pass\nbob left 9H 6H", nil, "7 C10 impossible"},
		{"a reveal of it is flagged alone", "seat H\nann hand 2H 3H 4H 5H 9H\nreveal 7H\nann bid 9H\nbob pass\nreveal 9H", nil, "7 C10 impossible"},
		{"and so is the other player's bid of it", "seat H\nann hand 2H 3H 4H 5H 9H\nreveal 7H\nann bid 9H\nbob pass\nreveal 8H\nann bid 2H\nbob bid 9H", nil, "9 C10 impossible"},
		{"the hand confirming the bid shown after it", start + "ann bid 9H\nbob pass\nann hand 2H 3H 4H 5H 9H\nbob hand 9H 6H 8H TH JH", nil, "7 C10 impossible"},
		// Leftovers do not confirm the bids beside them, so the later show proves the bid wrong,
		// and from then on 9♥ is bob's alone.
		{"leftovers do not confirm a bid", start + "ann bid 9H\nbob pass\nann left 2H\nbob left 9H\nreveal 9H", nil, "4 C10 impossible by 7; 8 C10 impossible"},
		{"nor against a reveal", start + "ann bid 9H\nbob pass\nann left 2H\nreveal 9H", nil, "4 C10 impossible by 7"},
		{"nor against a bid", start + "ann bid 9H\nbob bid TH\nann pass\nann left 2H\nreveal 8H\nbob bid 9H", nil, "4 C10 impossible by 9"},
		// Four cards left beside two bids make six: a bid or the leftovers were entered wrong,
		// and nothing says which, so the leftovers are taken with a warning naming the bids.
		{"leftovers over the count are taken", start + "ann bid 2H\nbob bid 3H\nann bid 4H\nbob pass\nann left 5H 6H 8H 9H", nil, "8 C10 warning"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := play(t, tt.opts, tt.script)
			if got := flagsOf(o); got != tt.want {
				t.Errorf("flags = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestLaterEntryProvesABidWrong: an entry that contradicts an earlier bid is the table's honest
// entry as often as not (the bid may be the one mistyped), so it is offered, taken and not
// refused; the flag lands on the bid and names both events (C10, P14's rule for every game).
func TestLaterEntryProvesABidWrong(t *testing.T) {
	const script = "seat H\nreveal 7H\nann bid 9H\nbob pass"
	for _, later := range []string{"reveal 9H", "ann left 9H", "ann hand 2H 3H 4H 5H 6H", "bob hand 9H 3H 4H 5H 6H"} {
		o := play(t, nil, script)
		g := o.Game
		m, err := g.Parse(strings.Fields(later))
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasPrefix(later, "reveal") && !slices.ContainsFunc(g.Legal(), func(l referee.Move) bool { return refereetest.Same(l, m) }) {
			t.Errorf("%s is not among the legal moves", later)
		}
		flags := g.Apply(6, m)
		if referee.Refuses(referee.Own(flags, 6)) {
			t.Errorf("%s is refused: %v", later, flags)
		}
		if len(flags) != 1 || flags[0].Seq != 4 || flags[0].RevealedBy != 6 || !strings.Contains(flags[0].Message, "at event 6") || !strings.Contains(flags[0].Message, "ann bid 9♥ here") {
			t.Errorf("%s: flags %v, want one on event 4 naming event 6", later, flags)
		}
	}
	o := play(t, nil, script)
	if hint := o.Game.Hint(); strings.Contains(hint[strings.Index(hint, "reveal"):], "9♥") {
		t.Errorf("the hint %q names the card bid, which nobody may hold as the record stands", hint)
	}
}

// TestLeftoversOverTheCount: leftovers that with the player's bids make more than five faction
// cards (C5) may be the honest entry and a bid the one mistyped, so they are taken, and the
// warning names every bid they concern; six leftovers cannot be, whatever was bid.
func TestLeftoversOverTheCount(t *testing.T) {
	o := play(t, nil, "seat H\nreveal 7H\nann bid 2H\nbob bid 3H\nann bid 4H\nbob pass")
	for left, want := range map[string]string{
		"ann left 5H 6H 8H 9H":       "ann bid 2 cards this seat (2♥ at event 4, 4♥ at event 6), so at most 3 can be left, not 4: one of those bids or these leftovers was entered wrong",
		"bob left 5H 6H 8H 9H 10H":   "bob bid 1 card this seat (3♥ at event 5), so at most 4 can be left, not 5: that bid or these leftovers was entered wrong",
		"bob left 5H 6H 8H 9H TH JH": "",
	} {
		m, err := o.Game.Parse(strings.Fields(left))
		if err != nil {
			t.Fatal(err)
		}
		flags := o.Game.Clone().Apply(8, m)
		switch {
		case len(flags) != 1:
			t.Errorf("%s: flags %v, want one", left, flags)
		case want == "" && (flags[0].Rule != "C5" || !referee.Refuses(flags)):
			t.Errorf("%s: flag %v, want it refused under C5", left, flags[0])
		case want != "" && (referee.Refuses(flags) || flags[0].Seq != 8 || flags[0].Message != want):
			t.Errorf("%s: flag %v, want a warning on the leftovers: %q", left, flags[0], want)
		}
	}
	// The table finds the leftovers were 5♥ 6♥ 8♥: the amend of them clears the warning (L2).
	o = play(t, nil, "seat H\nreveal 7H\nann bid 2H\nbob bid 3H\nann bid 4H\nbob pass\nann left 5H 6H 8H 9H")
	if got := flagsOf(o); got != "8 C10 warning" {
		t.Fatalf("before the amend: flags %q", got)
	}
	var moves []referee.Move
	for _, p := range o.Moves() {
		moves = append(moves, p.Move)
	}
	fixed, err := o.Game.Parse(strings.Fields("ann left 5H 6H 8H"))
	if err != nil {
		t.Fatal(err)
	}
	amend, _ := json.Marshal(events.Amend{Target: 8, Type: fixed.Type, Actor: fixed.Actor, Payload: fixed.Payload})
	log := append(logOf(t, o.Setup, moves), events.Event{Game: 1, Seq: 9, Type: events.TypeAmend, Payload: amend})
	if got := flagsOf(replay(t, log)); got != "" {
		t.Errorf("after the amend of the leftovers: flags %q, want none", got)
	}
}

// TestMoveAfterTheEnd: a move after the twelfth seat is refused citing C5, typed with its
// player (set aside when forced) or without.
func TestMoveAfterTheEnd(t *testing.T) {
	setup, moves := Rules{}.Playout(rand.New(rand.NewPCG(1, 2)), refereetest.Names)
	g := refereetest.Replay(t, Rules{}, refereetest.Log(t, setup, moves)).Game
	if !g.Over() {
		t.Fatal("the playout did not end")
	}
	if _, err := g.Parse([]string{"pass"}); err == nil || !strings.Contains(err.Error(), "(C5)") {
		t.Errorf("pass after the end: %v, want a refusal citing C5", err)
	}
	m, err := g.Parse([]string{"ann", "pass"})
	if err != nil {
		t.Fatal(err)
	}
	if f := g.Apply(int64(len(moves)+2), m); len(f) != 1 || f[0].Rule != "C5" || !f[0].SetAside {
		t.Errorf("ann pass after the end: %v", f)
	}
}

// TestPassAfterTheEndByWhoRanOut: ann's last faction card ends the last auction of the game
// (C9); a pass after that is set aside as the game being over (C5), hers as bob's: her one
// pass is taken only while the game goes on.
func TestPassAfterTheEndByWhoRanOut(t *testing.T) {
	var script strings.Builder
	for i := range Seats - 1 {
		s := cards.Suits[i%len(cards.Suits)]
		fmt.Fprintf(&script, "seat %s\nreveal 2%[1]s\nann bid 3%[1]s\nbob pass\nreveal 4%[1]s\nann bid 5%[1]s\nbob pass\nreveal 6%[1]s\nann bid 7%[1]s\nbob pass\n", s)
	}
	script.WriteString("seat C\nreveal 2C\nann bid 3C\nbob pass\nreveal 4C\nann bid 5C\nbob pass\nreveal 6C\nann bid 7C\nbob bid 8C\nann bid 9C\nbob bid TC\nann bid JC\nbob bid QC\n")
	for _, pass := range []string{"ann pass", "bob pass"} {
		lines := script.String() + pass
		o := play(t, nil, lines)
		if !o.Game.Over() {
			t.Fatalf("the game is not over: %s", o.Game.Hint())
		}
		seq := int64(strings.Count(lines, "\n") + 2) // event 1 creates the game
		if len(o.Flags) != 1 || o.Flags[0].Rule != "C5" || !o.Flags[0].SetAside || o.Flags[0].Seq != seq {
			t.Errorf("%s after the end: flags %v, want it set aside citing C5", pass, o.Flags)
		}
	}
}

func TestRunningOutTransfersTheSeat(t *testing.T) {
	// ann lays her fifth card on the first candidate; bob takes it, and the other two go to bob
	// without bids (C9), and bob then opens seat 2 (C6).
	o := play(t, nil, `seat H
reveal 7H
ann bid 2H
bob bid 3H
ann bid 4H
bob bid 5H
ann bid 6H
bob bid 8H
ann bid 9H
bob bid TH
ann bid JH
bob bid QH
reveal KH
reveal AH
seat S
reveal 2S`)
	if flagsOf(o) != "" {
		t.Fatalf("flags: %s", flagsOf(o))
	}
	g := o.Game.(*game)
	st := g.seats[0]
	for i, c := range st.candidates {
		if c.winner != 1 {
			t.Errorf("candidate %d (%v) went to %s, want bob", i+1, c.card, g.players[c.winner])
		}
	}
	if st.candidates[0].price.Rank != cards.Queen || st.candidates[1].price.Rank != 0 {
		t.Errorf("prices %v %v: want Q♥ then free", st.candidates[0].price, st.candidates[1].price)
	}
	if g.toAct != 1 {
		t.Errorf("seat 2 opened by %s, want bob (won the last candidate)", g.players[g.toAct])
	}
}

func TestCapturesArePooledAcrossSeats(t *testing.T) {
	// C4: ann's J♥, Q♠ and K♦, won in three seats, score once as one run, and her 3 4 5 6 of
	// two seats as runs; each seat's row still shows its captures and the influence so far.
	o := play(t, nil, `seat H
reveal JH
ann bid 2H
bob pass
reveal 4H
ann bid 5H
bob pass
reveal 6H
ann bid 7H
bob pass
seat S
reveal QS
ann bid 2S
bob pass
reveal 3S
ann bid 4S
bob pass
reveal 5S
ann bid 6S
bob pass
seat D
reveal KD
ann bid 2D
bob pass`)
	if flagsOf(o) != "" {
		t.Fatalf("flags: %s", flagsOf(o))
	}
	s := o.Sheet()
	influence := func(ranks ...cards.Rank) int { return scoring.BestInfluence(ranks, true).Total }
	pooled := influence(cards.Jack, 4, 6, cards.Queen, 3, 5, cards.King)
	apart := influence(cards.Jack, 4, 6) + influence(cards.Queen, 3, 5) + influence(cards.King)
	if s.Totals["ann"] != pooled || pooled <= apart {
		t.Fatalf("ann's total %d, want the pooled influence %d (seat by seat it would be %d)", s.Totals["ann"], pooled, apart)
	}
	got := []any{s.Rounds[0].Players["ann"]["influence"], s.Rounds[1].Players["ann"]["influence"], s.Rounds[2].Players["ann"]["influence"]}
	want := []any{influence(cards.Jack, 4, 6), influence(cards.Jack, 4, 6, cards.Queen, 3, 5), pooled}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("influence so far by seat %v, want %v", got, want)
	}
	if c := s.Rounds[2].Players["ann"]["captured"]; !reflect.DeepEqual(c, []string{"K♦ (2♦)"}) {
		t.Errorf("seat 3 shows ann's captures as %v", c)
	}
}

func TestEqualInfluenceIsADraw(t *testing.T) {
	// C11: equal influence is a draw, decided on the totals with adjustments.
	setup, moves := Playout(rand.New(rand.NewPCG(1, 1)), nil)
	o := replay(t, logOf(t, setup, moves))
	s := o.Sheet()
	ann, bob := s.Totals["ann"], s.Totals["bob"]
	if ann == bob {
		t.Fatalf("seed gives a drawn game already (%d each); pick another", ann)
	}
	if w, _ := o.Game.Decide(map[string]int{"ann": 7, "bob": 7}); w != nil {
		t.Errorf("7–7 decided for %v, want a draw", w)
	}
	if w, _ := o.Game.Decide(map[string]int{"ann": 8, "bob": 7}); !reflect.DeepEqual(w, []string{"ann"}) {
		t.Errorf("8–7 decided for %v, want ann", w)
	}
	b, _ := json.Marshal(events.Adjust{Player: "bob", Points: ann - bob, Note: "evened"})
	log := append(logOf(t, setup, moves), events.Event{Game: 1, Seq: int64(len(moves) + 2), Type: events.TypeAdjust, Payload: b})
	s = replay(t, log).Sheet()
	if !s.Draw || s.Winner != nil || len(s.Winners) != 0 || s.Totals["ann"] != s.Totals["bob"] {
		t.Errorf("evened totals %v: draw %v, winner %v, winners %v", s.Totals, s.Draw, s.Winner, s.Winners)
	}
}

func TestHintListsLegalBids(t *testing.T) {
	o := play(t, nil, "seat H\nreveal 7H\nann bid 9H")
	want := "bob may bid one of 10♥ J♥ Q♥ K♥ A♥, or pass"
	if got := o.Game.Hint(); got != want {
		t.Errorf("hint %q, want %q", got, want)
	}
	if n := len(o.Game.Legal()); n != 6 {
		t.Errorf("%d legal moves, want 6", n)
	}
}

func TestParseErrors(t *testing.T) {
	o := play(t, nil, "seat H\nreveal 7H")
	for _, in := range []string{"ann bid 1X", "carl bid 9H", "bid", "ann bid 9H 10H", "seat X", "ann seat H", ""} {
		if _, err := o.Game.Parse(strings.Fields(in)); err == nil {
			t.Errorf("%q parsed", in)
		}
	}
	m, err := o.Game.Parse(strings.Fields("BOB B t♥"))
	if err != nil || m.Actor != "bob" || o.Game.Notation(m) != "bob bid 10H" {
		t.Errorf("BOB B t♥ → %+v %v", m, err)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"ann bid 9H", "reveal 7♥", "seat h", "bid 9", "ann hand 2H 3H", "p", "bob left 10h", "ann", "bid ♥"} {
		f.Add(s)
	}
	// A run of "1o" where a card or a move is read, which a fuzzer may lengthen; a huge one is
	// TestHugeWordsRefusedCheaply's.
	f.Add("ann bid 1o1o1o1o1o")
	f.Add("1o1o1o1o1o")
	o, err := referee.Replay(Rules{}, logOf(f, events.Created{Kind: "candidate", Players: []string{"ann", "bob"}, Dealer: "bob"}, nil))
	if err != nil {
		f.Fatal(err)
	}
	o.Game.Apply(2, referee.NewMove(TypeSeat, "", payload{Suit: new(cards.Hearts)}))
	f.Fuzz(func(t *testing.T, in string) {
		m, err := o.Game.Parse(strings.Fields(in))
		if err != nil {
			return
		}
		// Whatever parses writes back to notation that parses to the same move.
		again, err := o.Game.Parse(strings.Fields(o.Game.Notation(m)))
		if err != nil || again.Type != m.Type || again.Actor != m.Actor || string(again.Payload) != string(m.Payload) {
			t.Fatalf("%q → %q → %+v, %v", in, o.Game.Notation(m), again, err)
		}
	})
}

func TestConformance(t *testing.T) {
	refereetest.Conform(t, Rules{}, refereetest.Config{
		Games:    200,
		Unlisted: []string{TypeHand, TypeLeft},
		Tests:    []string{"*_test.go", "../../scoring/influence_test.go", "../../commands/testdata/script/*.txtar"},
	})
}

// TestShownCardsAreOnePlayers: a seat's thirteen ranks are all different, so a card in one
// player's shown hand or leftovers cannot be in the other's (C10); a second show of leftovers
// is checked against the first, and the message says which was shown.
func TestShownCardsAreOnePlayers(t *testing.T) {
	const start = "seat H\nreveal 7H\nann bid 9H\nbob bid JH\npass\nann hand 2H 3H 4H 5H 9H\nreveal 8H\n"
	// events: 2 seat, 3 reveal, 4-5 bids, 6 pass, 7 ann's hand, 8 reveal, 9 what bob shows
	for script, want := range map[string]string{
		"bob hand 3H 10H QH KH JH": "9 C10 impossible",
		"bob left 3H 10H":          "9 C10 impossible",
		"bob hand 6H 10H QH KH JH": "",
	} {
		o := play(t, nil, start+script)
		if got := flagsOf(o); got != want {
			t.Errorf("%s: flags %q, want %q", script, got, want)
			continue
		}
		if want != "" && !strings.Contains(o.Flags[0].Message, "is in the faction hand ann showed at event 7") {
			t.Errorf("%s: message %q", script, o.Flags[0].Message)
		}
	}
	// ann's bid of 9♥, which her hand confirms, stands; bob's show of it is the one wrong.
	o := play(t, nil, start+"bob left 9H")
	if got := flagsOf(o); got != "9 C10 impossible" || o.Flags[0].Message != "9♥ in the cards bob had left is in the faction hand ann showed at event 7, and ann bid it at event 4" {
		t.Errorf("a bid confirmed by the bidder's hand: flags %q, message %q", got, o.Flags[0].Message)
	}
	o = play(t, nil, "seat H\nreveal 7H\nann bid 9H\nbob bid JH\npass\nbob left AH 2H\nbob left AH QH")
	if got := flagsOf(o); got != "8 C10 impossible" || o.Flags[0].Message != "Q♥ is not in the cards bob showed as left at event 7" {
		t.Errorf("leftovers shown twice: flags %q, message %q", got, o.Flags[0].Message)
	}
}

// TestTransferIsAnnounced: once a player has run out (C9), each candidate turned up goes to the
// opponent at no cost, and the hint after that reveal says so; no other hint claims it.
func TestTransferIsAnnounced(t *testing.T) {
	// ann bids her five hearts in the first auction and runs out; she captures 7♥.
	const script = "seat H\nreveal 7H\nann bid 2H\nbob bid 3H\nann bid 4H\nbob bid 5H\nann bid 6H\nbob bid 8H\nann bid 9H\nbob bid TH\nann bid JH\nbob pass"
	o := play(t, nil, script)
	if h := o.Game.Hint(); strings.Contains(h, "no cost") {
		t.Errorf("before the next reveal: hint %q", h)
	}
	o = play(t, nil, script+"\nreveal KH")
	if h := o.Game.Hint(); flagsOf(o) != "" || !strings.HasPrefix(h, "K♥ goes to bob at no cost (C9: ann ran out); turn up candidate 3 of seat 1") {
		t.Errorf("after the reveal: flags %q, hint %q", flagsOf(o), h)
	}
}

// TestPassOutOfTurnAtTheOpening: a pass by the player who does not open breaks C6 alone; it
// says nothing of what the opener holds (C7), and the candidate goes to the opener at no cost.
func TestPassOutOfTurnAtTheOpening(t *testing.T) {
	o := play(t, nil, "seat H\nreveal 7H\nbob pass")
	if got := flagsOf(o); got != "4 C6 illegal" {
		t.Fatalf("flags %q, want only C6 on the pass", got)
	}
	if c := o.Game.(*game).cur().candidates[0]; c.winner != 0 || c.price.Rank != 0 {
		t.Errorf("7♥ went to %d for %v, want to ann at no cost", c.winner, c.price)
	}
}

// TestHintNamesOneCardPlainly: a choice of one card is named alone, not as a list ("bob may bid
// A♥ or pass"), and a player who can only pass is told what she may hold, not what the seat
// holds.
func TestHintNamesOneCardPlainly(t *testing.T) {
	for script, want := range map[string]string{
		"seat H\nreveal 7H\nann bid KH": "bob may bid A♥ or pass",
		"seat H\nann hand 2H 3H 4H QH KH\nreveal 7H\nann bid 2H\nbob bid 8H\nann bid QH\nbob pass\nreveal 9H\nann bid 3H\nbob bid TH\nann bid KH\nbob pass\nreveal JH": "ann opens and must bid 4♥",
		"seat H\nann hand 2H 3H 4H 5H 6H\nbob hand 7H 8H 9H TH JH\nreveal QH\nann bid 2H\nbob pass\nreveal KH\nann bid 3H\nbob pass":                                   "ann captures K♥ for 3♥; turn up candidate 3 of seat 1: reveal A♥",
		"seat H\nbob hand 2H 3H 4H 5H 6H\nreveal 7H\nann bid 9H":                                                                                                       "bob can only pass: no card bob may hold beats 9♥",
	} {
		o := play(t, nil, script)
		if got := o.Game.Hint(); flagsOf(o) != "" || got != want {
			t.Errorf("%s:\nflags %q, hint %q, want %q", strings.ReplaceAll(script, "\n", "; "), flagsOf(o), got, want)
		}
	}
}

// TestOutOfPhaseMovesAreSetAside: a move the game does not wait for is set aside (L8), and its
// flag says why without claiming anything happened.
func TestOutOfPhaseMovesAreSetAside(t *testing.T) {
	for script, want := range map[string]string{
		"seat H\nann bid 9H":                                "no candidate is up: turn the next one up with `reveal CARD`",
		"seat H\nreveal 7H\nreveal 8H":                      "the auction for 7♥ is still open: ann to bid or pass",
		"seat H\nreveal 7H\nann bid 9H\nseat S":             "the auction for 7♥ is still open: bob to bid or pass",
		"seat H\nseat S":                                    "no candidate is up: turn the next one up with `reveal CARD`",
		"seat H\nreveal 7H\nann bid 9H\nbob pass\nann pass": "no candidate is up: turn the next one up with `reveal CARD`",
	} {
		o := play(t, nil, script)
		if len(o.Flags) != 1 || o.Flags[0].Message != want || !o.Flags[0].SetAside {
			t.Errorf("%s: flags %+v, want one set aside: %q", strings.ReplaceAll(script, "\n", "; "), o.Flags, want)
		}
	}
	o := play(t, nil, "ann hand 2H 3H 4H 5H 6H")
	if len(o.Flags) != 1 || o.Flags[0].Message != "no seat has been played yet" || !o.Flags[0].SetAside {
		t.Errorf("a hand before any seat: flags %+v", o.Flags)
	}
}
