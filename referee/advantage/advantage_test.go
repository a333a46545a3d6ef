package advantage

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tableside/tableside/cards"
	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/refereetest"
)

// sampled are the moves of which Legal lists some forms only: the deal, one; the pairs, every
// number of pairs of each rank, in one choice and order of the cards.
var sampled = []string{TypeDeal, TypePair}

func TestConformance(t *testing.T) {
	refereetest.Conform(t, Rules{}, refereetest.Config{
		Games:   500,
		Sampled: sampled,
		Tests:   []string{"*_test.go", "../../commands/testdata/script/*.txtar"},
	})
}

var flagsOf = refereetest.Flags

// setup is a game of ann and bob dealt by bob on the 23rd, an odd day.
var setup = events.Created{Kind: "advantage", Players: []string{"ann", "bob"}, Dealer: "bob", Ruleset: "advantage/1", Date: "2026-11-23"}

// play reads a script of moves, one per line, each in the light of the game so far.
func play(t testing.TB, script string) *referee.Outcome {
	t.Helper()
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(script), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	return refereetest.Play(t, Rules{}, setup, lines)
}

func card(t *testing.T, s string) cards.Card {
	t.Helper()
	c, err := cards.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestFits: the drop rule (A3) and the pick rule (A4), which allow the same cards, case by
// case, with the classes and colours of A2.
func TestFits(t *testing.T) {
	for _, tt := range []struct {
		card, top string
		want      bool
	}{
		{"7H", "7S", true},  // the same rank, across colours
		{"KS", "KH", true},  // the same rank, faces
		{"KS", "QC", true},  // face on face, black
		{"JD", "QH", true},  // face on face, red
		{"KS", "AC", true},  // face on ace, black
		{"3H", "9D", true},  // number on number, red
		{"3H", "AD", true},  // number on ace, red
		{"AS", "5C", true},  // ace on number, black
		{"AS", "JC", true},  // ace on face, black
		{"10S", "QH", true}, // a 10 on anything
		{"10D", "2C", true},
		{"QH", "10S", true}, // anything on a 10
		{"2C", "10H", true},
		{"KS", "QH", false}, // face on face of the other colour
		{"3H", "9S", false}, // number on number of the other colour
		{"AS", "5H", false}, // ace on a number of the other colour
		{"KS", "AH", false}, // face on an ace of the other colour
		{"KS", "5C", false}, // face on number, same colour
		{"5C", "KS", false}, // number on face, same colour
		{"9H", "JD", false},
	} {
		if got := fits(card(t, tt.card), card(t, tt.top)); got != tt.want {
			t.Errorf("%s on %s: %v, want %v", tt.card, tt.top, got, tt.want)
		}
		// The playout's own reading of the rule agrees.
		if got := goesOn(card(t, tt.card), card(t, tt.top)); got != tt.want {
			t.Errorf("playout: %s on %s: %v, want %v", tt.card, tt.top, got, tt.want)
		}
	}
}

// deal is a game's deal: centre 9♥ Q♠ 4♣; ann, the non-dealer, holds 7♥ K♠ 2♦, bob 5♠ 6♠ J♦.
const deal = "deal 9H QS 4C / ann 7H KS 2D / bob 5S 6S JD\n"

// firstRound plays a whole round of that deal (events 2–11): ann drops twice and refills, bob
// drops once, passes the second drop and refills, the hands are switched, and both pick.
const firstRound = deal + `drop 7H on 9H
drop KS
draw 3H
draw 8C
drop 5S on 4C
pass
draw AH
pick AH for 7H
pick 8C for 5S
`

// TestRound follows a round (A1): the order is worked out, each hint names who does what,
// refills come once after a drop turn (A12), and the switch exchanges the hands (A14).
func TestRound(t *testing.T) {
	steps := []struct{ line, hint string }{
		{"", "ann drops one or two cards: drop 7♥ on 9♥, K♠ on Q♠, 2♦ on 9♥"},
		{"drop 7H on 9H", "ann may drop a second card: drop K♠ on Q♠, 2♦ on 7♥; or pass"},
		{"drop KS", "ann refills to 3: draw CARD (2 to draw, 43 in the stock)"},
		{"draw 3H", "ann refills to 3: draw CARD (1 to draw, 42 in the stock)"},
		{"draw 8C", "bob drops one or two cards: drop 5♠ on 4♣, 6♠ on 4♣"},
		{"drop 5S on 4C", "bob may drop a second card: drop 6♠ on 5♠; or pass"},
		{"pass", "bob refills to 3: draw CARD (1 to draw, 41 in the stock)"},
		// bob's 6♠ J♦ A♥ go to ann at the switch, ann's 2♦ 3♥ 8♣ to bob.
		{"draw AH", "the hands are switched: ann holds 6♠ J♦ A♥, bob holds 2♦ 3♥ 8♣. ann may pick: pick 6♠ for 5♠, A♥ for 7♥; or pass"},
		{"pick AH for 7H", "bob may pick: pick 2♦ for A♥, 3♥ for A♥, 8♣ for 5♠; or pass"},
		{"pick 8C for 5S", "ann drops one or two cards: drop 6♠ on 8♣, J♦ on A♥, 9♥ on A♥, 7♥ on A♥"},
	}
	script := deal
	for _, st := range steps {
		script += st.line + "\n"
		o := play(t, script)
		if flagsOf(o) != "" || o.Game.Hint() != st.hint {
			t.Fatalf("after %q: flags %q, hint %q, want %q", st.line, flagsOf(o), o.Game.Hint(), st.hint)
		}
	}
	g := play(t, firstRound).Game.(*game)
	if pretty(g.hands[0]) != "6♠ J♦ 9♥ 7♥" || pretty(g.hands[1]) != "2♦ 3♥ 4♣ 5♠" || g.stock != 40 || g.tops() != "A♥ K♠ 8♣" {
		t.Errorf("after the round: ann %s, bob %s, stock %d, tops %s", pretty(g.hands[0]), pretty(g.hands[1]), g.stock, g.tops())
	}
}

// TestRefusals: each move the rulings forbid is flagged on its own event, citing the ruling.
// Events: 2 the deal, then the script's lines from 3.
func TestRefusals(t *testing.T) {
	for _, tt := range []struct{ name, script, want string }{
		{"bob drops before ann (A1)", deal + "bob drop 5S on 4C", "3 A1 illegal"},
		{"a drop the colours forbid (A3)", deal + "drop 7H on QS", "3 A3 illegal"},
		{"a face on a number (A3)", deal + "drop KS on 4C", "3 A3 illegal"},
		{"a draw when a drop is possible (A5)", deal + "draw 3H", "3 A5 illegal"},
		{"no drop at all (A5)", deal + "pass", "3 A5 illegal"},
		{"a second draw for the second drop (A5)", deal + "drop 7H on 9H\ndraw 3H", "4 A5 illegal"},
		{"a third drop (A6: refill first)", deal + "drop 7H on 9H\ndrop KS\ndrop 2D on 7H", "5 A6 illegal"},
		{"bob drops before ann refills (A6)", deal + "drop 7H on 9H\npass\nbob drop 5S on 4C", "5 A6 illegal"},
		{"a card not in hand (A7)", deal + "drop 9S on QS", "3 A7 impossible"},
		{"a pile that is not there (A7)", deal + "drop 7H on 8H", "3 A7 impossible"},
		{"a drawn card already seen (A7)", deal + "drop 7H on 9H\npass\ndraw 9H", "5 A7 impossible"},
		{"a card dealt twice (A7)", "deal 9H QS 4C / ann 9H KS 2D / bob 5S 6S JD", "2 A1 impossible"},
		{"a pick in the drop turn (A1)", deal + "pick 7H for 9H", "3 A1 illegal"},
		{"a pick the colours forbid (A4)", firstRound[:len(firstRound)-len("pick AH for 7H\npick 8C for 5S\n")] + "pick JD for 7H", "10 A4 illegal"},
		{"a second pick (A8)", firstRound[:len(firstRound)-len("pick 8C for 5S\n")] + "ann pick 6S for 5S", "11 A8 illegal"},
		{"a draw when a pick is possible (A8)", firstRound[:len(firstRound)-len("pick AH for 7H\npick 8C for 5S\n")] + "draw 2H", "10 A8 illegal"},
		{"pairs in the drop turn (A9)", deal + "pair 7H KS", "3 A9 illegal"},
		{"pairs of two ranks (A14)", pairRound + "pair 5D 7H", "11 A14 illegal"},
		{"a second pairing step (A9)", pairRound + "pair 5D 5C\npair 7H 7D", "12 A9 illegal"},
		{"pairs without a pick (A9)", pairRound + "bob pair KS 2D", "11 A9 illegal"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := flagsOf(play(t, tt.script)); got != tt.want {
				t.Errorf("flags %q, want %q", got, tt.want)
			}
		})
	}
}

// pairRound plays a round in which bob drops 7♦ on ann's 7♥, the switch gives ann bob's 10♦,
// and ann trades it for that pile: at event 11 her pairing step begins, with 5♦ 5♣ 5♥ 7♥ 7♦
// in hand. bob passed his pick, so has no pairing step.
const pairRound = `deal 5H QS 4C / ann 7H KS 2D / bob 5D 7D TD
drop 7H on 5H
pass
draw 9S
drop 7D on 7H
pass
draw 5C
pick TD for 7D
pass
`

// TestPairing: a player who picked lays aside pairs in one step, then refills (A9, A6); a pair
// the refill makes waits for the next round.
func TestPairing(t *testing.T) {
	o := play(t, pairRound)
	if h := o.Game.Hint(); flagsOf(o) != "" || h != "ann may lay aside pairs: pair 5♦ 5♣ 7 (any two of 5♦ 5♣ 5♥); or pass" {
		t.Fatalf("flags %q, hint %q", flagsOf(o), h)
	}
	if _, err := o.Game.Parse([]string{"pair", "5"}); err == nil || !strings.Contains(err.Error(), "three 5s: name the two cards") {
		t.Errorf("a rank of which three are held: %v", err)
	}
	o = play(t, pairRound+"pair 5D 5C 7\ndraw 5S\ndraw 8H")
	g := o.Game.(*game)
	if flagsOf(o) != "" || pretty(g.pairs[0]) != "7♥ 7♦ 5♦ 5♣" || g.stage != dropFirst || g.turn != 0 || pretty(g.hands[0]) != "5♥ 5♠ 8♥" {
		t.Fatalf("flags %q, ann's pairs %s, hand %s, stage %v", flagsOf(o), pretty(g.pairs[0]), pretty(g.hands[0]), g.stage)
	}
	s := o.Sheet()
	if s.Totals["ann"] != 2 || len(s.Breakdown["ann"]) != 2 || s.Breakdown["ann"][0].Text != "round 1: pair 7♥ 7♦" {
		t.Errorf("totals %v, ann's breakdown %+v", s.Totals, s.Breakdown["ann"])
	}
	// The 5♥ 5♠ the refill made wait for a round in which ann picks.
	if got := flagsOf(play(t, pairRound+"pair 5D 5C 7\ndraw 5S\ndraw 8H\nann pair 5H 5S")); got != "14 A9 illegal" {
		t.Errorf("a pair made by the refill laid aside at once: flags %q", got)
	}
}

// TestMustDrawFirst: a player who cannot drop must draw (A12), then drops if the card allows
// and may still drop a second card, with no further draw; otherwise the turn ends.
func TestMustDrawFirst(t *testing.T) {
	const stuck = "deal 9H QS 4C / ann KH JD JH / bob 5S 6S 8D\n"
	o := play(t, stuck)
	if h := o.Game.Hint(); h != "ann cannot drop: draw the stock's top card (draw CARD)" {
		t.Errorf("hint %q", h)
	}
	if got := flagsOf(play(t, stuck+"pass")); got != "3 A12 illegal" {
		t.Errorf("a pass instead of the draw: flags %q", got)
	}
	o = play(t, stuck+"draw AH\ndrop AH on 9H")
	if h := o.Game.Hint(); flagsOf(o) != "" || h != "ann may drop a second card: drop K♥ on A♥, J♦ on A♥, J♥ on A♥; or pass" {
		t.Errorf("after a drop of the drawn card: flags %q, hint %q", flagsOf(o), h)
	}
	// A card that does not help ends the turn; ann's four cards need no refill.
	o = play(t, stuck+"draw KD")
	if h := o.Game.Hint(); flagsOf(o) != "" || !strings.HasPrefix(h, "bob drops one or two cards") {
		t.Errorf("after a useless draw: flags %q, hint %q", flagsOf(o), h)
	}
}

// dealt is a game after the deal of TestRound, with the stock emptied: what remains of the
// deck is out of play, as if drawn long ago.
func dealt(t *testing.T) *game {
	t.Helper()
	g, err := newGame(setup)
	if err != nil {
		t.Fatal(err)
	}
	m, err := g.Parse(strings.Fields(deal))
	if err != nil {
		t.Fatal(err)
	}
	if f := g.Apply(2, m); len(f) > 0 {
		t.Fatal(f)
	}
	g.stock = 0
	return g
}

// TestEnd: with the stock empty the game ends when the player due to drop cannot, or holds no
// cards, or the player due to pick has no pick, also right after drawing the last card
// (A10, A13). Choosing not to pick, or an impossible second drop, ends nothing.
func TestEnd(t *testing.T) {
	g := dealt(t)
	g.hands[0] = []cards.Card{card(t, "KH"), card(t, "JD"), card(t, "JH")}
	g.settle(2)
	if !g.Over() || !strings.Contains(g.why, "ann cannot drop and the stock is empty (A13)") {
		t.Errorf("no drop, empty stock: over %v (%s)", g.Over(), g.why)
	}
	if f := g.Apply(3, referee.NewMove(TypePass, "bob", payload{})); flagsOf(&referee.Outcome{Flags: f}) != "3 A10 illegal" {
		t.Errorf("a move after the end: %v", f)
	}
	// Typed without a player, or a drop without its pile, it is refused for the end too.
	for _, typed := range []string{"pass", "ann drop KH"} {
		if _, err := g.Parse(strings.Fields(typed)); err == nil || !strings.Contains(err.Error(), "(A10)") {
			t.Errorf("%q after the end: %v, want a refusal citing A10", typed, err)
		}
	}

	g = dealt(t)
	g.hands[0] = nil
	g.settle(2)
	if !g.Over() {
		t.Error("a player due to drop with no cards and an empty stock: the game goes on")
	}

	// ann drops 7♥, and K♥ fits none of 7♥ Q♠ 4♣: no second drop, and the turn simply ends.
	g = dealt(t)
	g.hands[0] = []cards.Card{card(t, "7H"), card(t, "KH")}
	g.Apply(3, referee.NewMove(TypeDrop, "ann", payload{Card: ptr(card(t, "7H")), Pile: ptr(card(t, "9H"))}))
	if g.Over() || g.turn != 1 || g.stage != dropFirst {
		t.Errorf("an impossible second drop ended the game or the turn went wrong: over %v, turn %d, stage %v", g.Over(), g.turn, g.stage)
	}

	// At the picking turn: a player with no pick ends the game; one who passes does not.
	g = dealt(t)
	g.stage, g.turn = picking, 0
	g.hands[0] = []cards.Card{card(t, "KH")} // fits none of 9♥ Q♠ 4♣
	g.settle(4)
	if !g.Over() || !strings.Contains(g.why, "ann has no pick and the stock is empty (A13)") {
		t.Errorf("no pick, empty stock: over %v (%s)", g.Over(), g.why)
	}
	g = dealt(t)
	g.stage, g.turn = picking, 0
	g.Apply(4, referee.NewMove(TypePass, "ann", payload{}))
	if g.Over() || g.turn != 1 || g.stage != picking {
		t.Errorf("ann's pass with a pick open: over %v, turn %d, stage %v", g.Over(), g.turn, g.stage)
	}
	// The last card of the stock drawn at the picking turn, and still no pick.
	g = dealt(t)
	g.stage, g.turn, g.stock = picking, 0, 1
	g.seen[key(card(t, "KD"))] = false
	g.hands[0] = []cards.Card{card(t, "KH")}
	g.Apply(4, referee.NewMove(TypeDraw, "ann", payload{Card: ptr(card(t, "KD"))}))
	if !g.Over() || !strings.Contains(g.why, "after drawing the stock's last card") {
		t.Errorf("no pick after the last card: over %v (%s)", g.Over(), g.why)
	}
}

// TestTie: most pairs wins; equal pairs go to the higher four of a kind, and without one to the
// dealer on an odd day of the month, else to the non-dealer (A11).
func TestTie(t *testing.T) {
	quads := func(r string) []cards.Card {
		var out []cards.Card
		for _, s := range "SHDC" {
			out = append(out, card(t, r+string(s)))
		}
		return out
	}
	for _, tt := range []struct {
		name      string
		ann, bob  []cards.Card
		day       int
		want, why string
	}{
		{"more pairs", quads("7"), quads("K")[:2], 22, "ann", ""},
		{"kings beat sevens", quads("7"), quads("K"), 22, "bob", "equal pairs: bob holds the higher four of a kind, four kings (A11)"},
		{"aces are high", quads("A"), quads("K"), 22, "ann", "equal pairs: ann holds the higher four of a kind, four aces (A11)"},
		{"four of a kind beats none", append(quads("2")[:2], quads("3")[:2]...), quads("2")[2:], 22, "", ""},
		{"odd day: the dealer", append(quads("2")[:2], quads("3")[:2]...), append(quads("4")[:2], quads("5")[:2]...), 23, "bob",
			"equal pairs and no four of a kind: the game was played on the 23rd, an odd day, so the dealer, bob, wins (A11)"},
		{"even day: the non-dealer", append(quads("2")[:2], quads("3")[:2]...), append(quads("4")[:2], quads("5")[:2]...), 22, "ann",
			"equal pairs and no four of a kind: the game was played on the 22nd, an even day, so the non-dealer, ann, wins (A11)"},
	} {
		if tt.want == "" {
			continue
		}
		g := dealt(t)
		g.pairs, g.day = [2][]cards.Card{tt.ann, tt.bob}, tt.day
		w, why := g.Decide(g.Sheet().Totals)
		if len(w) != 1 || w[0] != tt.want || why != tt.why {
			t.Errorf("%s: winners %v (%q), want %s (%q)", tt.name, w, why, tt.want, tt.why)
		}
	}
}

// TestPlayoutInvariants: in thousands of random legal games, after every move the 52 cards
// are each in exactly one place (hands, piles, pairs, stock), there are three piles, and a
// hand holds three cards or more unless the stock is empty or its owner is in the drop turn.
func TestPlayoutInvariants(t *testing.T) {
	games := 2000
	if testing.Short() {
		games = 200
	}
	for seed := range games {
		setup, moves := Rules{}.Playout(rand.New(rand.NewPCG(uint64(seed), 41)), refereetest.Names)
		r, err := Rules{}.New(setup)
		if err != nil {
			t.Fatal(err)
		}
		g := r.(*game)
		for i, m := range moves {
			if f := g.Apply(int64(i+2), m); len(f) > 0 {
				t.Fatalf("seed %d, event %d (%s): %v", seed, i+2, g.Notation(m), f)
			}
			var where [deck]int
			count := func(cs []cards.Card) {
				for _, c := range cs {
					where[key(c)]++
				}
			}
			for p := range g.hands {
				count(g.hands[p])
				count(g.pairs[p])
			}
			for _, pile := range g.piles {
				if len(pile) == 0 {
					t.Fatalf("seed %d, event %d: an empty pile", seed, i+2)
				}
				count(pile)
			}
			inStock := 0
			for k := range deck {
				if !g.seen[k] {
					inStock++
					where[k]++
				}
				if where[k] != 1 {
					t.Fatalf("seed %d, event %d: %s is in %d places", seed, i+2, cardOf(k).Pretty(), where[k])
				}
			}
			if inStock != g.stock {
				t.Fatalf("seed %d, event %d: stock says %d, %d cards unseen", seed, i+2, g.stock, inStock)
			}
			for p := range g.hands {
				dropping := p == g.turn && (g.stage == dropAfterDraw || g.stage == dropSecond || g.stage == dropRefill)
				if len(g.hands[p]) < Hand && g.stock > 0 && !dropping && g.stage != pairRefill && g.stage != ended {
					t.Fatalf("seed %d, event %d: %s holds %d cards with %d in the stock (stage %v)", seed, i+2, g.players[p], len(g.hands[p]), g.stock, g.stage)
				}
			}
		}
		if !g.Over() {
			t.Fatalf("seed %d: the playout stopped before the end", seed)
		}
		// A replay of the stored log reaches the same sheet as the moves applied one by one.
		again := refereetest.Replay(t, Rules{}, refereetest.Log(t, setup, moves))
		if a, b := fmt.Sprint(again.Game.Sheet()), fmt.Sprint(g.Sheet()); a != b {
			t.Fatalf("seed %d: replay differs:\n%s\n%s", seed, a, b)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{deal, "drop 7H on 9H", "drop KS", "pick AH for 1", "pair 5 7", "pair 5D 5C", "ann pass", "draw 3H", "deal / /", "drop 7H on 4"} {
		f.Add(s)
	}
	// A run of "1o" where a card or a move is read, which a fuzzer may lengthen; a huge one is
	// TestHugeWordsRefusedCheaply's.
	f.Add("drop 7H on 1o1o1o1o1o")
	f.Add("ann drop 1o1o1o1o1o")
	// Each line is read before the deal, in the first round, and after the end of a game.
	played, moves := Rules{}.Playout(rand.New(rand.NewPCG(1, 1)), refereetest.Names)
	ended := refereetest.Replay(f, Rules{}, refereetest.Log(f, played, moves)).Game
	games := []referee.Game{play(f, "").Game, play(f, firstRound).Game, ended}
	f.Fuzz(func(t *testing.T, line string) {
		for _, g := range games {
			parseBack(t, g, line)
		}
	})
}

// parseBack checks that what Parse accepts, Notation writes back in a form Parse reads to the
// same move, and that applying it to a copy does not fail.
func parseBack(t *testing.T, g referee.Game, line string) {
	m, err := g.Parse(strings.Fields(line))
	if err != nil {
		return
	}
	again, err := g.Parse(strings.Fields(g.Notation(m)))
	if err != nil || again.Type != m.Type || again.Actor != m.Actor || string(again.Payload) != string(m.Payload) {
		t.Fatalf("%q → %s → %v %v", line, g.Notation(m), again, err)
	}
	g.Clone().Apply(200, m)
}

// TestNoDropAfterTheLastCard: a player who cannot drop draws, and when that draw took the
// stock's last card and still gives no drop, the game ends there (A13, A10), as it does at the
// picking turn; a draw that gives a drop lets the turn go on.
func TestNoDropAfterTheLastCard(t *testing.T) {
	stuck := func(last string) *game {
		g := dealt(t)
		g.stock = 1
		g.seen[key(card(t, last))] = false
		g.hands[0] = []cards.Card{card(t, "KH"), card(t, "JD"), card(t, "JH")} // none fits 9♥ Q♠ 4♣
		g.Apply(3, referee.NewMove(TypeDraw, "ann", payload{Card: ptr(card(t, last))}))
		return g
	}
	if g := stuck("KD"); !g.Over() || g.why != "ann cannot drop after drawing the stock's last card (A13)" || g.endedAt != 3 {
		t.Errorf("no drop after the last card: over %v at %d (%s), hint %q", g.Over(), g.endedAt, g.why, g.Hint())
	}
	if g := stuck("9D"); g.Over() || g.stage != dropAfterDraw || g.Hint() != "ann drops: drop 9♦ on 9♥" {
		t.Errorf("a drop after the last card: over %v, stage %v, hint %q", g.Over(), g.stage, g.Hint())
	}
}

// TestForcedNonPair: two cards laid aside as a pair that are not one, recorded anyway, leave
// the hand and count, flagged (A14, L8); the pairing step is over.
func TestForcedNonPair(t *testing.T) {
	o := play(t, pairRound+"pair 5D 7H")
	g := o.Game.(*game)
	if got := flagsOf(o); got != "11 A14 illegal" || o.Flags[0].SetAside || o.Flags[0].Message != "5♦ 7♥ is not a pair: a pair is two cards of one rank (a 10 is wild only for dropping and picking)" {
		t.Errorf("flags %q: %v", got, o.Flags)
	}
	if pretty(g.pairs[0]) != "5♦ 7♥" || pretty(g.hands[0]) != "5♣ 5♥ 7♦" || g.stage != dropFirst || o.Sheet().Totals["ann"] != 1 {
		t.Errorf("ann's pairs %s, hand %s, stage %v, total %d", pretty(g.pairs[0]), pretty(g.hands[0]), g.stage, o.Sheet().Totals["ann"])
	}
	// A card that is not in the hand cannot be laid aside: that move is set aside (A7).
	o = play(t, pairRound+"pair 5D 9H")
	if g := o.Game.(*game); flagsOf(o) != "11 A14 illegal; 11 A7 impossible" || !o.Flags[1].SetAside || len(g.pairs[0]) != 0 || g.stage != pairing {
		t.Errorf("a card not held: flags %q, pairs %s, stage %v", flagsOf(o), pretty(g.pairs[0]), g.stage)
	}
}

// TestPairingChoices: the pairing step lists every choice of pairs a player may lay aside (A9,
// A14): every number of pairs of each rank, and any two cards of a rank held three or four
// times, in the order of the hand; each is recorded without a flag.
func TestPairingChoices(t *testing.T) {
	g := play(t, pairRound).Game
	var got []string
	for _, m := range g.Legal() {
		got = append(got, g.Notation(m))
		if f := g.Clone().Apply(11, m); len(f) > 0 {
			t.Errorf("%s: %v", g.Notation(m), f)
		}
	}
	if want := "ann pair 5D 5C 7H 7D; ann pair 5D 5C; ann pair 5D 5H 7H 7D; ann pair 5D 5H; ann pair 5C 5H 7H 7D; ann pair 5C 5H; ann pair 7H 7D; ann pass"; strings.Join(got, "; ") != want {
		t.Errorf("legal %q, want %q", strings.Join(got, "; "), want)
	}
	// Four of a rank and a pair: both pairs of the rank in each of the three groupings, any one
	// of its six pairs, or none, with or without the other pair.
	hand := []cards.Card{card(t, "9S"), card(t, "9H"), card(t, "2C"), card(t, "9D"), card(t, "2D"), card(t, "9C")}
	var choices []string
	for _, cs := range pairChoices(hand) {
		choices = append(choices, pretty(cs))
	}
	if want := "9♠ 9♥ 2♣ 2♦ 9♦ 9♣|9♠ 9♥ 9♦ 9♣|9♠ 9♦ 9♥ 9♣ 2♣ 2♦|9♠ 9♦ 9♥ 9♣|9♠ 9♣ 9♥ 9♦ 2♣ 2♦|9♠ 9♣ 9♥ 9♦|" +
		"9♠ 9♥ 2♣ 2♦|9♠ 9♥|9♠ 9♦ 2♣ 2♦|9♠ 9♦|9♠ 9♣ 2♣ 2♦|9♠ 9♣|9♥ 9♦ 2♣ 2♦|9♥ 9♦|9♥ 9♣ 2♣ 2♦|9♥ 9♣|2♣ 2♦ 9♦ 9♣|9♦ 9♣|2♣ 2♦"; strings.Join(choices, "|") != want {
		t.Errorf("choices %q, want %q", strings.Join(choices, "|"), want)
	}
}

// TestMoveAfterATurnClosedByItself: when nothing fits, the referee closes a drop turn or a
// picking turn by itself, but the table may still drop or pick a card that does not fit, as
// its next move. It is applied as played and flagged (L8, A3, A4), not set aside.
func TestMoveAfterATurnClosedByItself(t *testing.T) {
	// ann drops 7♥; K♥ fits none of 7♥ Q♠ 4♣, so the turn ends, and bob is to drop. ann lays
	// K♥ on Q♠ all the same.
	g := dealt(t)
	g.hands[0] = []cards.Card{card(t, "7H"), card(t, "KH")}
	g.Apply(3, referee.NewMove(TypeDrop, "ann", payload{Card: ptr(card(t, "7H")), Pile: ptr(card(t, "9H"))}))
	f := g.Apply(4, referee.NewMove(TypeDrop, "ann", payload{Card: ptr(card(t, "KH")), Pile: ptr(card(t, "QS"))}))
	if flagsOf(&referee.Outcome{Flags: f}) != "4 A3 illegal" || f[0].SetAside || len(g.hands[0]) != 0 || g.top(1) != card(t, "KH") || g.turn != 1 || g.stage != dropFirst {
		t.Errorf("a second drop after the turn closed: flags %v, ann holds %s, pile 2 topped by %s, turn %d, stage %v", f, pretty(g.hands[0]), g.top(1).Pretty(), g.turn, g.stage)
	}
	// A drop of a card ann does not hold is still set aside, and the game stays where it was.
	g = dealt(t)
	g.hands[0] = []cards.Card{card(t, "7H"), card(t, "KH")}
	g.Apply(3, referee.NewMove(TypeDrop, "ann", payload{Card: ptr(card(t, "7H")), Pile: ptr(card(t, "9H"))}))
	if f := g.Apply(4, referee.NewMove(TypeDrop, "ann", payload{Card: ptr(card(t, "KC")), Pile: ptr(card(t, "QS"))})); len(f) != 1 || !f[0].SetAside || g.turn != 1 || g.stage != dropFirst {
		t.Errorf("a card not held after the turn closed: flags %v, turn %d, stage %v", f, g.turn, g.stage)
	}

	// ann draws K♦ for want of a pick, and still has none, so bob is to pick; ann picks the Q♠
	// pile with K♥ all the same.
	g = dealt(t)
	g.stage, g.turn, g.stock = picking, 0, 2
	g.seen[key(card(t, "KD"))] = false
	g.hands[0] = []cards.Card{card(t, "KH")}
	g.Apply(4, referee.NewMove(TypeDraw, "ann", payload{Card: ptr(card(t, "KD"))}))
	if g.turn != 1 || g.stage != picking {
		t.Fatalf("no pick after the draw: turn %d, stage %v", g.turn, g.stage)
	}
	f = g.Apply(5, referee.NewMove(TypePick, "ann", payload{Card: ptr(card(t, "KH")), Pile: ptr(card(t, "QS"))}))
	if flagsOf(&referee.Outcome{Flags: f}) != "5 A4 illegal" || f[0].SetAside || !g.picked[0] || g.top(1) != card(t, "KH") || g.turn != 1 || g.stage != picking {
		t.Errorf("a pick after a useless draw: flags %v, picked %v, pile 2 topped by %s, turn %d, stage %v", f, g.picked[0], g.top(1).Pretty(), g.turn, g.stage)
	}
}

// TestRefillInOneEntry: a refill of several cards may be typed as one draw (A6), stored as one
// event naming the cards in the order drawn; the game goes on as after a draw of each.
func TestRefillInOneEntry(t *testing.T) {
	one := play(t, strings.Replace(firstRound, "draw 3H\ndraw 8C", "draw 3H 8C", 1))
	if flagsOf(one) != "" || fmt.Sprint(one.Game.Sheet()) != fmt.Sprint(play(t, firstRound).Game.Sheet()) || one.Game.Hint() != play(t, firstRound).Game.Hint() {
		t.Errorf("flags %q, hint %q", flagsOf(one), one.Game.Hint())
	}
	g := play(t, deal+"drop 7H on 9H\ndrop KS").Game
	m, err := g.Parse([]string{"draw", "3H", "8C"})
	if err != nil || string(m.Payload) != `{"cards":["3H","8C"]}` || g.Notation(m) != "ann draw 3H 8C" || g.Describe(m) != "ann draws 3♥ 8♣" {
		t.Errorf("draw 3H 8C: %s %v, %q, %q", m.Payload, err, g.Notation(m), g.Describe(m))
	}
	if m, _ := g.Parse([]string{"draw", "3H"}); string(m.Payload) != `{"card":"3H"}` {
		t.Errorf("one card is stored as it always was: %s", m.Payload)
	}
	for _, tt := range []struct{ name, script, want string }{
		{"more than the refill (A6)", deal + "drop 7H on 9H\ndrop KS\ndraw 3H 8C 5D", "5 A6 illegal"},
		{"several for want of a drop (A5)", "deal 9H QS 4C / ann KH JD JH / bob 5S 6S 8D\ndraw 3H 8C", "3 A5 illegal"},
		{"a card named twice (A7)", deal + "drop 7H on 9H\ndrop KS\ndraw 3H 3H", "5 A7 impossible"},
		{"a card already seen (A7)", deal + "drop 7H on 9H\ndrop KS\ndraw 3H 9H", "5 A7 impossible"},
	} {
		if got := flagsOf(play(t, tt.script)); got != tt.want {
			t.Errorf("%s: flags %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestNotHeldFirst: a card the player does not hold is refused for that (A7), whether or not a
// pile is named and whatever the pile, before any question about piles.
func TestNotHeldFirst(t *testing.T) {
	picking := firstRound[:len(firstRound)-len("pick AH for 7H\npick 8C for 5S\n")]
	for _, tt := range []struct{ script, want string }{
		{deal + "drop 9S", "3 A7 impossible: 9♠ is not in ann's hand (it is not in play yet)"},
		{deal + "drop 9S on 7", "3 A7 impossible: 9♠ is not in ann's hand (it is not in play yet)"},
		{deal + "drop 9S on 8H", "3 A7 impossible: 9♠ is not in ann's hand (it is not in play yet)"},
		{deal + "drop 5S on 4C", "3 A7 impossible: 5♠ is not in ann's hand (it is in bob's hand)"},
		{picking + "pick 9S", "10 A7 impossible: 9♠ is not in ann's hand (it is not in play yet)"},
		{picking + "pick 2D for 1", "10 A7 impossible: 2♦ is not in ann's hand (it is in bob's hand)"},
	} {
		o := play(t, tt.script)
		if got := flagsOf(o); len(o.Flags) != 1 || got+": "+o.Flags[0].Message != tt.want {
			t.Errorf("%s: flags %q %v, want %s", tt.script[strings.LastIndex(tt.script, "\n")+1:], got, o.Flags, tt.want)
		}
	}
}

// TestSetAside: a move the game cannot go on from — out of its place in the round, or naming
// what is not there — is set aside (L8), and its flag says so rather than "ignored"; a move
// against the rules that can be played is applied, flagged.
func TestSetAside(t *testing.T) {
	for _, tt := range []struct {
		script string
		aside  bool
	}{
		{deal + "bob drop 5S on 4C", true}, // A1
		{deal + "drop 9S on QS", true},     // A7
		{deal + "pair 7H KS", true},        // A9
		{firstRound[:len(firstRound)-len("pick 8C for 5S\n")] + "ann pick 6S for 5S", true}, // A8
		{deal + "drop 7H on QS", false}, // A3
		{deal + "draw 3H", false},       // A5
	} {
		o := play(t, tt.script)
		if len(o.Flags) != 1 || o.Flags[0].SetAside != tt.aside || strings.Contains(o.Flags[0].String(), "ignored") {
			t.Errorf("%q: flags %v, want set aside %v", tt.script[strings.LastIndex(strings.TrimSpace(tt.script), "\n")+1:], o.Flags, tt.aside)
		}
	}
}
