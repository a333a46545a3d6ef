package pinochle

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
)

var logOf = refereetest.Log

func replay(t testing.TB, evs []events.Event) *referee.Outcome {
	t.Helper()
	return refereetest.Replay(t, Rules{}, evs)
}

var optionSets = []map[string]string{
	{"deal": "automatic", "opening": "10", "limit": "100"},
	{"deal": "selection", "opening": "10", "limit": "100"},
	{"deal": "selection", "opening": "11", "limit": "150"},
}

func TestRandomLegalGames(t *testing.T) {
	games := 2000
	if testing.Short() {
		games = 200
	}
	for seed := range games {
		opts := optionSets[seed%len(optionSets)]
		setup, moves := Playout(rand.New(rand.NewPCG(uint64(seed), 9)), opts)
		evs := logOf(t, setup, moves)
		o := replay(t, evs)
		if len(o.Flags) > 0 {
			t.Fatalf("seed %d %v: legal game flagged: %+v", seed, opts, o.Flags[0])
		}
		if !o.Game.Over() {
			t.Fatalf("seed %d: game not over after %d moves", seed, len(moves))
		}
		g := o.Game.(*game)
		for _, h := range g.hands {
			// 24 cards in play a hand, 12 from each player, no card more than twice.
			var both counts
			for p := range g.players {
				if n := h.played[p].total(); n != HandSize {
					t.Fatalf("seed %d hand %d: %s played %d cards", seed, h.number, g.players[p], n)
				}
				for i, n := range h.played[p] {
					both[i] += n
				}
			}
			counters := 0
			for i, n := range both {
				if n > 2 {
					t.Fatalf("seed %d hand %d: %v played %d times", seed, h.number, cardAt(i), n)
				}
				if counter(cardAt(i)) {
					counters += int(n)
				}
			}
			// Count points sum to the counters played (P11).
			if h.count[0]+h.count[1] != counters {
				t.Fatalf("seed %d hand %d: count %d+%d, but %d counters were played", seed, h.number, h.count[0], h.count[1], counters)
			}
			if h.tricks[0]+h.tricks[1] != Tricks {
				t.Fatalf("seed %d hand %d: %d tricks", seed, h.number, h.tricks[0]+h.tricks[1])
			}
		}
		if g.totals[0] <= g.limit && g.totals[1] <= g.limit {
			t.Fatalf("seed %d: over at %v, limit %d", seed, g.totals, g.limit)
		}
		again := replay(t, evs)
		a, _ := json.Marshal(o.Sheet())
		b, _ := json.Marshal(again.Sheet())
		if string(a) != string(b) || !reflect.DeepEqual(o.Flags, again.Flags) {
			t.Fatalf("seed %d: replay not deterministic", seed)
		}
		if seed%10 == 0 {
			checkRevoke(t, seed, setup)
		}
	}
}

// checkRevoke plays the same seed again with a revoke made at the table, which must be flagged
// on the revoking play.
func checkRevoke(t *testing.T, seed int, setup events.Created) {
	t.Helper()
	cheat := &revoke{at: -1, provedBy: -1}
	rsetup, rmoves := playout(rand.New(rand.NewPCG(uint64(seed), 9)), setup.Options, cheat, [2]string{"ann", "bob"})
	if cheat.at < 0 {
		return
	}
	o := replay(t, logOf(t, rsetup, rmoves))
	at, by := int64(cheat.at+2), int64(cheat.provedBy+2)
	for _, f := range o.Flags {
		// Flagged on the revoking play, naming the play that proved it, or with no later
		// event when the revoker's shown meld already proved he held the suit.
		if f.Seq == at && f.Rule == "P10" && f.Severity == referee.Illegal && (f.RevealedBy == by || f.RevealedBy == 0) {
			return
		}
	}
	t.Errorf("seed %d: revoke at %d proved by %d not flagged so; flags %+v", seed, at, by, o.Flags)
}

func hasFlag(o *referee.Outcome, seq int64, sev referee.Severity) bool {
	for _, f := range o.Flags {
		if f.Seq == seq && f.Severity == sev {
			return true
		}
	}
	return false
}

// play records a script of moves, one per line (# starts a comment), in a game ann opens.
func play(t *testing.T, opts map[string]string, script string) *referee.Outcome {
	t.Helper()
	var lines []string
	for _, line := range strings.Split(strings.TrimSpace(script), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			lines = append(lines, line)
		}
	}
	setup := events.Created{Kind: "pinochle", Players: []string{"ann", "bob"}, Opener: "ann", Options: opts}
	return refereetest.Play(t, Rules{}, setup, lines)
}

var flagsOf = refereetest.Flags

// A hand where ann bids 12 with hearts trump; her 12 cards and bob's are fixed so scripts can
// play real tricks.
const ann = "AH TH KH QH JH 9H QS JD AS KS 9C 9D"
const bob = "AC TC KC QC JC AD TD KD QD 9S JS TS"

const opening = `
ann bid 12
bob pass
ann trump H
ann meld AH TH KH QH JH 9H QS JD
bob meld KC QC KD QD
`

func TestAuction(t *testing.T) {
	tests := []struct{ name, script, want string }{
		{"opener passes at once: bob owns the bid at 10", "ann pass\nbob trump S", ""},
		{"too low to open", "ann bid 9", "2 P3 illegal"},
		{"not higher", "ann bid 12\nbob bid 12", "3 P3 illegal"},
		{"out of turn", "ann bid 12\nann bid 13", "3 P3 illegal"},
		{"trump by the loser", "ann bid 12\nbob pass\nbob trump S", "4 P4 illegal"},
		{"play before meld", "ann bid 12\nbob pass\nann trump S\nann play AS", "5 P9 illegal"},
		{"meld twice", "ann bid 12\nbob pass\nann trump S\nann meld none\nann meld QS JD", "6 P9 illegal"},
		{"third copy shown", "ann bid 12\nbob pass\nann trump S\nann meld QS QS\nbob meld QS JD", "5 P9 warning; 6 P14 impossible"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := flagsOf(play(t, nil, tt.script)); got != tt.want {
				t.Errorf("flags %q, want %q", got, tt.want)
			}
		})
	}
}

func TestRevokeProvedLater(t *testing.T) {
	// ann leads A♠; bob plays a club although he holds 9♠ (nothing shows it yet). ann wins,
	// leads K♠, bob discards again; ann leads Q♠ and bob plays 9♠ at last: each club was a
	// revoke, flagged on it and naming the 9♠.
	o := play(t, nil, opening+`
ann play AS
bob play 9C
ann play KS
bob play AC
ann play QS
bob play 9S`)
	// events: 2 bid, 3 pass, 4 trump, 5-6 meld, 7 A♠, 8 9♣, 9 K♠, 10 A♣, 11 Q♠, 12 9♠: both
	// discards were revokes, and the 9♠ proves each.
	if got := flagsOf(o); got != "8 P10 illegal by 12; 10 P10 illegal by 12" {
		t.Errorf("flags %q, want 8 P10 illegal by 12; 10 P10 illegal by 12", got)
	}
	if f := o.Flags[0]; !strings.Contains(f.Message, "revoke") || !strings.Contains(f.Message, "event 12") {
		t.Errorf("message %q does not explain the revoke", f.Message)
	}
}

// TestEveryRevokeIsFlagged: bob fails clubs at tricks 1 and 2 and plays 10♣ at trick 3; each
// failure was a revoke (P14), and each gets its flag naming the 10♣.
func TestEveryRevokeIsFlagged(t *testing.T) {
	script := `ann bid 15
bob pass
trump H
ann meld AH TH KH QH JH 9H
bob meld none
AC
9S
KC
TS
QC
`
	// events: 7 A♣, 8 9♠, 9 K♣, 10 10♠, 11 Q♣, 12 the card that proves them
	if got := flagsOf(play(t, nil, script+"TC")); got != "8 P10 illegal by 12; 10 P10 illegal by 12" {
		t.Errorf("10♣ after two failures: flags %q, want both failures flagged by event 12", got)
	}
	// A third failure, then a hand shown with clubs in it: the hand proves all three at once.
	hand := play(t, nil, script+"QS\nbob hand 9S TS JS QS KC TC AD TD KD QD 9D JD")
	if got := flagsOf(hand); got != "8 P10 illegal by 13; 10 P10 illegal by 13; 12 P10 illegal by 13" {
		t.Errorf("a hand with clubs after three failures: flags %q, want all three flagged by the hand at 13", got)
	}
}

// TestTrumpJudgedWhenHandComplete: bob names hearts holding none (P4). His hand is all known
// when he leads his twelfth card, at the last trick: the flag comes with that lead and names
// it, not the card ann plays after it.
func TestTrumpJudgedWhenHandComplete(t *testing.T) {
	o := play(t, nil, `ann pass
bob trump H
bob meld none
ann meld none
bob 9S
ann AS
ann AH
bob JS
ann TH
bob TS
ann KH
bob JC
ann QH
bob QC
ann JH
bob KC
ann 9H
bob TC
ann KS
bob QD
ann QS
bob KD
ann 9C
bob AC
bob TD
ann JD
bob AD`)
	// events: 2 pass, 3 trump, 4-5 meld, plays from 6; bob's A♦ is event 28
	if got := flagsOf(o); got != "3 P4 illegal by 28" {
		t.Errorf("flags %q, want the trump at 3 flagged by bob's last lead, event 28", got)
	}
}

// TestIdleMeldWarned: a card shown as meld that makes none is a likely slip: a warning (P9).
// A second copy counts when it makes a second meld of its class, and a card may count in
// several classes (P5).
func TestIdleMeldWarned(t *testing.T) {
	for meld, want := range map[string]string{
		"bob meld 9S":          "6 P9 warning",
		"bob meld KC QC 9S TS": "6 P9 warning",
		"bob meld KH QH KH QH": "",
		// both K♥, Q♥ and 9♥ shown by bob leave ann none for her ♥ trump: P4, proved here (P14)
		"bob meld AH TH KH QH JH KH QH 9H 9H": "4 P4 illegal by 6",
		"bob meld QS JD QS":                   "6 P9 warning",
		"bob meld KS KH KD KC QS JD":          "",
		// the round robin takes one K♠ Q♠ from class A and class C; the other copies make a
		// second ♠ marriage in class A
		"bob meld KS QS KS QS KH QH KD QD KC QC": "",
	} {
		o := play(t, nil, "ann bid 12\nbob pass\nann trump H\nann meld none\n"+meld)
		if got := flagsOf(o); got != want {
			t.Errorf("%s with hearts trump: flags %q, want %q", meld, got, want)
		}
	}
	o := play(t, nil, "ann bid 12\nbob pass\nann trump H\nann meld none\nbob meld KC QC 9S TS")
	if msg := o.Flags[0].Message; !strings.Contains(msg, "9♠ 10♠ make no meld with ♥ trump: shown, they score nothing") {
		t.Errorf("message %q should name the idle cards", msg)
	}
	o = play(t, nil, "ann bid 12\nbob pass\nann trump H\nann meld none\nbob meld KC QC 9S")
	if msg := o.Flags[0].Message; !strings.Contains(msg, "9♠ makes no meld with ♥ trump: shown, it scores nothing") {
		t.Errorf("message %q should name the idle card", msg)
	}
}

// TestMessagesSayWhatHappened: refusals and hints in plain words, with names, not pronouns.
func TestMessagesSayWhatHappened(t *testing.T) {
	o := play(t, nil, "ann bid 12\nbob pass\nbob pass")
	if f := o.Flags[0]; f.Rule != "P3" || f.Message != "the auction of hand 1 is over: ann won it at 12" || !f.SetAside {
		t.Errorf("a pass after the auction: %s %q, set aside %v", f.Rule, f.Message, f.SetAside)
	}
	o = play(t, nil, opening+"ann AS\nbob AS\nann AS")
	if f := o.Flags[0]; !strings.Contains(f.Message, "there are two A♠, and bob has shown or played one") {
		t.Errorf("a third A♠: %q", f.Message)
	}
	if hint := play(t, nil, "ann pass\nbob trump S\nbob meld none\nann meld none").Game.Hint(); hint != "trick 1: bob leads: any card" {
		t.Errorf("nothing known of bob's hand: hint %q, want any card", hint)
	}
	if hint := play(t, nil, opening+"ann 9C").Game.Hint(); hint != "trick 1: bob plays to 9♣: one of 9♣ J♣ Q♣ K♣ 10♣ A♣" {
		t.Errorf("bob showed clubs, so must follow: hint %q, want the clubs", hint)
	}
}

func TestMustFollowWhenKnown(t *testing.T) {
	// bob showed K♣ Q♣ as meld; when ann leads a club he must follow while he still holds one.
	o := play(t, nil, opening+`
ann play 9C
bob play AD`)
	if got := flagsOf(o); got != "8 P10 illegal" {
		t.Errorf("flags %q, want 8 P10 illegal", got)
	}
}

func TestImpossibleCards(t *testing.T) {
	o := play(t, nil, opening+`
ann play AS
bob play QS`)
	// ann showed Q♠ once; bob playing Q♠ is possible (two in the deck).
	if got := flagsOf(o); got != "" {
		t.Fatalf("flags %q", got)
	}
	o = play(t, nil, opening+`
ann play AS
bob play AS
ann play AS`)
	if !hasFlag(o, 9, referee.Impossible) {
		t.Errorf("a third A♠ not impossible: %s", flagsOf(o))
	}
}

// playHand records the moves of a script, then plays out the hand from the two players'
// fixed cards: the player to act leads his first card, or follows with his first card of the
// suit led, else his first card. It returns the replayed outcome.
func playHand(t *testing.T, script string, hands [2]string) *referee.Outcome {
	t.Helper()
	setup := events.Created{Kind: "pinochle", Players: []string{"ann", "bob"}, Opener: "ann"}
	o := replay(t, logOf(t, setup, nil))
	g := o.Game.(*game)
	var moves []referee.Move
	apply := func(m referee.Move) {
		moves = append(moves, m)
		g.Apply(int64(len(moves)+1), m)
	}
	for _, line := range strings.Split(strings.TrimSpace(script), "\n") {
		m, err := g.Parse(strings.Fields(line))
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		apply(m)
	}
	var held [2][]cards.Card
	for p := range hands {
		for _, w := range strings.Fields(hands[p]) {
			c, err := cards.Parse(w)
			if err != nil {
				t.Fatal(err)
			}
			held[p] = append(held[p], c)
		}
	}
	for h := g.cur(); h.phase == playing; {
		who := h.turn
		i := 0
		if len(h.trick) == 1 {
			for k, c := range held[who] {
				if c.Suit == h.trick[0].Suit {
					i = k
					break
				}
			}
		}
		c := held[who][i]
		held[who] = append(held[who][:i:i], held[who][i+1:]...)
		apply(referee.NewMove(TypePlay, g.players[who], payload{Card: &c}))
	}
	return replay(t, logOf(t, setup, moves))
}

func TestHandScores(t *testing.T) {
	// ann: a heart run and pinochle showing 8 cards; bob: two marriages.
	o := playHand(t, "ann bid 12\nbob pass\nann trump H\nann meld AH TH KH QH JH 9H QS JD\nbob meld KC QC KD QD", [2]string{ann, bob})
	g := o.Game.(*game)
	h := g.hands[0]
	if len(o.Flags) != 0 || h.phase != done {
		t.Fatalf("flags %s, phase %v", flagsOf(o), h.phase)
	}
	// ann's meld: run 15 + deece 1 + pinochle 4 = 20; bob's: two marriages 4.
	if h.meld != [2]int{20, 4} {
		t.Errorf("meld %v, want [20 4]", h.meld)
	}
	if h.count[0]+h.count[1] != 12 || h.tricks[0]+h.tricks[1] != Tricks {
		t.Errorf("count %v tricks %v", h.count, h.tricks)
	}
	for p := range g.players {
		want := h.meld[p] + h.count[p]
		if h.tricks[p] == 0 {
			want = 0
		}
		if h.score[p] != want {
			t.Errorf("%s scored %d, want %d", g.players[p], h.score[p], want)
		}
	}
	// The hint says who took the last trick, what the hand scored and the totals it makes,
	// then that bob opens the next hand.
	wantEnd := fmt.Sprintf("; hand 1 scores ann %+d, bob %+d; totals ann %d, bob %d; hand 2: bob may bid 10 or more, or pass", h.score[0], h.score[1], h.score[0], h.score[1])
	if hint := g.Hint(); !strings.Contains(hint, " takes trick 12 with ") || !strings.HasSuffix(hint, wantEnd) {
		t.Errorf("hint %q, want a trick won and it to end %q", hint, wantEnd)
	}
}

func TestSetBidder(t *testing.T) {
	// ann bids 40 with spades trump (she holds K♠ Q♠: a marriage, so P4 holds): meld and
	// count fall short, so she loses 40.
	o := playHand(t, "ann bid 40\nbob pass\nann trump S\nann meld KS QS\nbob meld none", [2]string{ann, bob})
	h := o.Game.(*game).hands[0]
	if len(o.Flags) != 0 || !h.set || h.score[0] != -40 || !strings.Contains(h.why, "of 40") {
		t.Errorf("flags %s set %v score %v why %q", flagsOf(o), h.set, h.score, h.why)
	}
}

func TestNoLegalTrump(t *testing.T) {
	// ann passes at once; bob owns the bid at 10 and names hearts, holding no K♥, Q♥ or 9♥.
	// When his hand has come to light (all twelve cards played), the trump is flagged (P4)
	// and he is set.
	o := playHand(t, "ann pass\nbob trump H\nbob meld none\nann meld none", [2]string{ann, bob})
	h := o.Game.(*game).hands[0]
	if len(o.Flags) != 1 || o.Flags[0].Seq != 3 || o.Flags[0].Rule != "P4" || o.Flags[0].RevealedBy == 0 {
		t.Fatalf("flags %s, want one P4 flag on the trump (event 3) naming what revealed it", flagsOf(o))
	}
	if !h.set || h.score[1] != -10 {
		t.Errorf("set %v score %v, want bob set for 10", h.set, h.score)
	}
	// The sheet says why in one pair of brackets, the rule's.
	if got := o.Game.Sheet().Breakdown["bob"][0].Text; got != "hand 1: bid 10, set: no marriage or 9 in trump (P4)" {
		t.Errorf("bob's score is explained %q", got)
	}
	// Shown with a hand event before the play, the same is known at once.
	o = playHand(t, "ann pass\nbob trump H\nbob hand "+bob, [2]string{ann, bob})
	if len(o.Flags) == 0 || o.Flags[0].Seq != 3 || o.Flags[0].RevealedBy != 4 {
		t.Errorf("flags %s, want P4 on event 3 revealed by the hand at 4", flagsOf(o))
	}
}

func TestMeldNeverPlayed(t *testing.T) {
	// bob shows K♥ Q♥ as meld, which he does not hold: at the end of the hand the meld is
	// flagged, naming the last play.
	o := playHand(t, "ann bid 12\nbob pass\nann trump S\nann meld none\nbob meld KH QH", [2]string{ann, bob})
	if got := flagsOf(o); !strings.HasPrefix(got, "6 P14 impossible by ") {
		t.Errorf("flags %q, want the meld at 6 flagged at the end of the hand", got)
	}
}

func TestGameEnd(t *testing.T) {
	g, err := newGame(events.Created{Kind: "pinochle", Players: []string{"ann", "bob"}, Opener: "ann", Options: map[string]string{"limit": "100"}})
	if err != nil {
		t.Fatal(err)
	}
	g.cur().bidder = 1
	for _, tt := range []struct {
		a, b int
		want string
	}{{120, 90, "ann"}, {101, 130, "bob"}, {110, 110, "bob"}} {
		w, why := g.Decide(map[string]int{"ann": tt.a, "bob": tt.b})
		if len(w) != 1 || w[0] != tt.want {
			t.Errorf("%d–%d: winners %v, want %s", tt.a, tt.b, w, tt.want)
		}
		// A tie broken by P13 says so; a plain win needs no reason.
		if tied := tt.a == tt.b; tied != (why == "equal totals: bob, the bidder of the last hand, wins (P13)") {
			t.Errorf("%d–%d: reason %q", tt.a, tt.b, why)
		}
	}
}

// TestMoveAfterTheEnd: a move after the end is refused citing P13, typed without its player
// or with it (set aside when forced), saying that the game is over.
func TestMoveAfterTheEnd(t *testing.T) {
	setup, moves := Playout(rand.New(rand.NewPCG(1, 9)), optionSets[0])
	evs := logOf(t, setup, moves)
	g := replay(t, evs).Game
	if !g.Over() {
		t.Fatal("the playout did not end")
	}
	for _, typed := range []string{"pass", "15", "bid 15", "trump S", "meld KH QH", "play AS", "AS"} {
		if _, err := g.Parse(strings.Fields(typed)); err == nil || !strings.Contains(err.Error(), "the game is over") || !strings.HasSuffix(err.Error(), "(P13)") {
			t.Errorf("%q after the end: %v, want a refusal saying the game is over, citing P13", typed, err)
		}
	}
	m, err := g.Parse([]string{"bob", "pass"})
	if err != nil {
		t.Fatal(err)
	}
	if f := g.Apply(int64(len(evs)+1), m); len(f) != 1 || f[0].Rule != "P13" || !f[0].SetAside || !strings.HasPrefix(f[0].Message, "the game is over") {
		t.Errorf("bob pass after the end: %+v", f)
	}
}

func TestParse(t *testing.T) {
	o := play(t, nil, "ann bid 12")
	for in, want := range map[string]string{"15": "bob bid 15", "p": "bob pass", "BOB B 14": "bob bid 14"} {
		m, err := o.Game.Parse(strings.Fields(in))
		if err != nil || o.Game.Notation(m) != want {
			t.Errorf("%q → %q, %v; want %q", in, o.Game.Notation(m), err, want)
		}
	}
	for _, in := range []string{"ann bid x", "carl bid 12", "meld KH", "ann play 2H", "trump X"} {
		if _, err := o.Game.Parse(strings.Fields(in)); err == nil {
			t.Errorf("%q parsed", in)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"ann bid 12", "AS", "15", "bob meld none", "ann meld KH QH 9H", "trump ♥", "bob hand 9S JS"} {
		f.Add(s)
	}
	// A run of "1o" where a card or a move is read, which a fuzzer may lengthen; a huge one is
	// TestHugeWordsRefusedCheaply's.
	f.Add("ann meld KH 1o1o1o1o1o")
	f.Add("1o1o1o1o1o")
	f.Fuzz(func(t *testing.T, in string) {
		g, err := newGame(events.Created{Kind: "pinochle", Players: []string{"ann", "bob"}, Opener: "ann"})
		if err != nil {
			t.Fatal(err)
		}
		m, err := g.Parse(strings.Fields(in))
		if err != nil {
			return
		}
		again, err := g.Parse(strings.Fields(g.Notation(m)))
		if err != nil || again.Type != m.Type || again.Actor != m.Actor || string(again.Payload) != string(m.Payload) {
			t.Fatalf("%q → %q → %+v, %v", in, g.Notation(m), again, err)
		}
		g.Apply(2, m) // never panics
	})
}

func TestConformance(t *testing.T) {
	refereetest.Conform(t, Rules{}, refereetest.Config{
		Games:    100,
		Unlisted: []string{TypeHand},
		Sampled:  []string{TypeBid, TypeMeld},
		Tests:    []string{"*_test.go", "../../scoring/meld_test.go", "../../commands/testdata/script/*.txtar"},
	})
}

// TestRevokesNeverEmptyTheList: bob has failed to follow spades, hearts and diamonds, keeping
// to clubs, and nothing has proved any of it yet. What is known of his hand then leaves no
// card he could lawfully hold, yet the game goes on: the list is every card not accounted for
// elsewhere, and the hint says what his next card will show (P10, P14).
func TestRevokesNeverEmptyTheList(t *testing.T) {
	o := play(t, map[string]string{"limit": "1000000"}, `ann bid 10
bob pass
ann trump S
bob meld none
ann meld none
ann play 9C
bob play AH
ann play AC
bob play 9C
ann play AD
bob play 10C
ann play AS
bob play 10C
ann play KS
bob play QC
ann play JS
bob play JC
ann play JH
bob play KC
ann play JH
bob play QC
ann play AH
bob play JC
ann play 10D
bob play KC
ann play QS
bob play AC
ann play 9H`)
	hint := o.Game.Hint()
	// The warning names the suits once, however many plays they would prove revokes.
	want := "trick 12: bob plays to 9♥: follows ♥ if able, else any card (P10); a ♠, ♥ or ♦ shows revokes (P14)"
	if hint != want {
		t.Errorf("hint %q,\nwant %q", hint, want)
	}
	legal := map[string]bool{}
	for _, m := range o.Game.Legal() {
		legal[o.Game.Notation(m)] = true
	}
	for _, c := range []string{"bob play 10S", "bob play 9H", "bob play QD"} {
		if !legal[c] {
			t.Errorf("Legal leaves out %s, which bob may hold: %v", c, legal)
		}
	}
	if legal["bob play AC"] {
		t.Errorf("Legal lists A♣, which ann and bob have both played")
	}
}

// TestAfterAnUnprovedRevokeTheSuitIsListed: bob's failure to follow spades is not yet proved.
// When spades are led again his spade is his lawful play, so the list and the hint offer it.
func TestAfterAnUnprovedRevokeTheSuitIsListed(t *testing.T) {
	o := play(t, nil, "ann bid 10\nbob pass\nann trump H\nbob meld none\nann meld none\nann play 9S\nbob play 9C\nann play KS")
	if hint := o.Game.Hint(); hint != "trick 2: bob plays to K♠: follows ♠ if able, else any card (P10); a ♠ shows a revoke (P14)" {
		t.Errorf("hint %q", hint)
	}
	// Two failures of one suit are counted, not listed: the heading of a phone stays short.
	twice := play(t, nil, "ann bid 10\nbob pass\nann trump H\nbob meld none\nann meld none\nann play 9S\nbob play 9C\nann play QS\nbob play TC\nann play KS")
	if hint := twice.Game.Hint(); hint != "trick 3: bob plays to K♠: follows ♠ if able, else any card (P10); a ♠ shows 2 revokes (P14)" {
		t.Errorf("after two failures the hint is %q", hint)
	}
	if !slices.ContainsFunc(o.Game.Legal(), func(m referee.Move) bool { return o.Game.Notation(m) == "bob play 10S" }) {
		t.Errorf("Legal leaves out bob's 10♠")
	}
	if f := o.Game.Clone().Apply(10, referee.NewMove(TypePlay, "bob", payload{Card: &cards.Card{Rank: 10, Suit: cards.Spades}})); flagsOf(&referee.Outcome{Flags: f}) != "8 P10 illegal by 10" {
		t.Errorf("bob's 10♠ raises %q, want the revoke at 8 only", flagsOf(&referee.Outcome{Flags: f}))
	}
}

// TestTrumpProvedByElimination: ann names hearts; bob's meld shows both K♥, both Q♥ and both
// 9♥, which leaves ann neither a heart marriage nor a 9♥. The record proves the P4 breach
// there, at bob's meld, not at ann's twelfth card (P14).
func TestTrumpProvedByElimination(t *testing.T) {
	o := play(t, nil, "ann bid 12\nbob pass\nann trump H\nann meld none\nbob meld KH QH KH QH 9H 9H")
	if got := flagsOf(o); got != "4 P4 illegal by 6" {
		t.Errorf("flags %q, want ann's trump at 4 proved by bob's meld at 6", got)
	}
	// One 9♥ left unaccounted for is room enough: nothing is proved.
	o = play(t, nil, "ann bid 12\nbob pass\nann trump H\nann meld none\nbob meld KH QH KH QH 9H")
	if got := flagsOf(o); got != "" {
		t.Errorf("flags %q, want none", got)
	}
}

// TestPlayoutWords: the words of a seeded game, typed at a table of cy and dee with cy
// opening, are each read back and legal there, and end the game.
func TestPlayoutWords(t *testing.T) {
	options := map[string]string{"deal": "automatic", "opening": "10", "limit": "100"}
	words, err := PlayoutWords(rand.New(rand.NewPCG(3, 9)), options, [2]string{"cy", "dee"})
	if err != nil {
		t.Fatal(err)
	}
	g, err := Rules{}.New(events.Created{Kind: "pinochle", Players: []string{"cy", "dee"}, Opener: "cy", Options: options})
	if err != nil {
		t.Fatal(err)
	}
	for i, w := range words {
		m, err := g.Parse(strings.Fields(w))
		if err != nil {
			t.Fatalf("move %d, %q: %v", i+1, w, err)
		}
		if flags := g.Apply(int64(i+2), m); len(flags) > 0 {
			t.Fatalf("move %d, %q: %+v", i+1, w, flags[0])
		}
	}
	if !g.Over() {
		t.Errorf("%d moves and the game is not over: %s", len(words), g.Hint())
	}
}
