package capture

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tableside/tableside/cards/ucd"
	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/refereetest"
)

func TestConformance(t *testing.T) {
	refereetest.Conform(t, Rules{}, refereetest.Config{
		Games:    300,
		Unlisted: []string{TypeLeft},
		Sampled:  []string{TypeBid},
		Tests:    []string{"*_test.go", "../../commands/testdata/script/*.txtar"},
	})
}

var flagsOf = refereetest.Flags

// three is a game of ann, bob and cy dealt by cy, so ann leads first (U3).
func three(opts map[string]string) events.Created {
	return events.Created{Kind: "capture", Players: []string{"ann", "bob", "cy"}, Dealer: "cy", Ruleset: "capture/1", Options: opts}
}

// play reads a script of moves, one per line, each in the light of the game so far.
func play(t testing.TB, setup events.Created, script string) *referee.Outcome {
	t.Helper()
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(script), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	return refereetest.Play(t, Rules{}, setup, lines)
}

func card(t testing.TB, s string) ucd.Card {
	t.Helper()
	c, err := ucd.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestFollowing: what may follow the last card of a round (U5), row by row.
func TestFollowing(t *testing.T) {
	for _, tt := range []struct {
		round string // the cards played so far, the lead first
		card  string
		want  bool
	}{
		{"3S", "3N", true},     // the same number of a higher suit
		{"3S", "3E", true},     // any higher suit
		{"3S", "3V", false},    // a Venus card cannot follow a Saturn card
		{"3S 3N", "3S", false}, // nor a lower suit than the last card
		{"3S", "4N", false},    // another number
		{"MoV", "MoS", true},   // a name: the Moon
		{"MoV", "SuS", false},  // the Sun is not the Moon
		{"3S", "GV", true},     // a Galaxy over a regular card
		{"7E", "GV", true},     // even the highest regular card
		{"3S GV", "GS", true},  // a higher Galaxy after a Galaxy
		{"3S GS", "GV", false}, // a lower Galaxy does not
		{"3S GV", "3E", false}, // after a Galaxy only a higher Galaxy can follow
	} {
		h := &hand{}
		for _, w := range strings.Fields(tt.round) {
			h.round = append(h.round, played{0, card(t, w)})
		}
		if got := h.follows(card(t, tt.card)); got != tt.want {
			t.Errorf("%s after %s: %v, want %v", tt.card, tt.round, got, tt.want)
		}
	}
}

// opening is a first hand of three: up-card 4 Earth; ann leads 3V, bob plays 3S, cy says No
// Play (closes: the round is bob's, U7), bob captures; bob leads 5N, cy plays 5M, ann No Play,
// cy captures. Events 2–10.
const opening = `up 4E
ann 3V
bob 3S
cy noplay
bob capture
bob 5N
cy 5M
ann noplay
cy capture
`

// TestNoPlayProvedLater: cy's No Play on bob's 3 Saturn (event 5) claims cy held no 3 above
// Saturn; two rounds later cy leads 3 Neptune, which proves it false (U6, U14).
func TestNoPlayProvedLater(t *testing.T) {
	o := play(t, three(nil), opening)
	if flagsOf(o) != "" || o.Game.Hint() != "cy captures 2 cards; cy leads a Neptune, Saturn or Venus card, or passes the lead if holding none; from cy, a 3 above Saturn would prove the No Play at event 5 false (U14)" {
		t.Fatalf("flags %q, hint %q", flagsOf(o), o.Game.Hint())
	}
	o = play(t, three(nil), opening+"cy 3N")
	if got := flagsOf(o); got != "5 U6 illegal by 11" {
		t.Fatalf("flags %q, want the No Play at 5 flagged by the 3 Neptune at 11", got)
	}
	if m := o.Flags[0].Message; m != "cy said No Play here but held 3 Neptune, which could be played, as event 11 shows" {
		t.Errorf("message %q", m)
	}
	// A Galaxy was never owed (U6), and a lower 3 proves nothing.
	if got := flagsOf(play(t, three(nil), opening+"cy 3V")); got != "11 U1 impossible" {
		t.Errorf("3 Venus again: %q", got)
	}
	if got := flagsOf(play(t, three(nil), opening+"cy 1S")); got != "" {
		t.Errorf("another number: %q", got)
	}
}

// TestLeading: a lead is a regular Secondary card; a player without one passes it on; when
// everybody has passed, the first passer leads any regular card (U4, U17); a Galaxy never leads.
func TestLeading(t *testing.T) {
	for _, tt := range []struct{ script, want string }{
		{"up 4E\nann 3M", "3 U4 illegal"},        // a Primary lead while anyone may hold a Secondary
		{"up 4E\nann GV", "3 U4 illegal"},        // a Galaxy never leads
		{"up 4E\npass\npass\npass\nann 3M", ""},  // nobody had a Secondary card
		{"up 4E\nbid 2\nann 3V", "3 U4 illegal"}, // a bid, out of the auction, does not pass the lead
		{"up 4E\npass\nbob 3S\ncy noplay\nbob capture\nbob 4V\ncy 4S\nann 4N", "3 U4 illegal by 9"}, // ann passed holding 4 Neptune
	} {
		if got := flagsOf(play(t, three(nil), tt.script)); got != tt.want {
			t.Errorf("%q: flags %q, want %q", tt.script, got, tt.want)
		}
	}
	// Everybody passes twice: nobody holds a regular card, and the hand ends (U4).
	o := play(t, three(nil), "up 4E\npass\npass\npass\npass\npass\npass")
	if g := o.Game.(*game); g.stage != showing || !strings.HasPrefix(o.Game.Hint(), "hand 1 is over") {
		t.Errorf("stage %v, hint %q", g.stage, o.Game.Hint())
	}
}

// TestNoPlayPasses: with noplay=passes a No Play only skips the turn, and the round closes
// when everyone else in turn has said it (U7, U15); with closes the first one closes it.
func TestNoPlayPasses(t *testing.T) {
	o := play(t, three(map[string]string{"noplay": "passes"}), "up 4E\nann 3V\nbob noplay\ncy 3S\nann noplay")
	if h := o.Game.Hint(); flagsOf(o) != "" || h != "bob plays 3 Neptune, 3 Mars, 3 Jupiter, 3 Earth, or a Galaxy (Venus, Saturn, Neptune), or says noplay; from bob, a 3 above Venus would prove the No Play at event 4 false (U14)" {
		t.Fatalf("flags %q, hint %q", flagsOf(o), h)
	}
	o = play(t, three(map[string]string{"noplay": "passes"}), "up 4E\nann 3V\nbob noplay\ncy 3S\nann noplay\nbob noplay")
	if h := o.Game.Hint(); h != "the round is closed: cy may add 3 Neptune, 3 Mars, 3 Jupiter, or 3 Earth, then captures (capture)" {
		t.Errorf("after two No Plays: hint %q", h)
	}
}

// TestAddingAndUpCard: the closed round's last player may add higher cards of its number
// (U16); the capture takes the up-card of that number, and the next card is turned (U8), a
// Galaxy going to the bottom (U3); a capture takes one up-card at most (U18).
func TestAddingAndUpCard(t *testing.T) {
	script := "up 3E\nann 3V\nbob 3S\ncy noplay\nbob 3J\nbob capture"
	o := play(t, three(nil), script)
	g := o.Game.(*game)
	if flagsOf(o) != "" || g.stage != turning || pretty(g.cur().captured[1]) != "3 Venus, 3 Saturn, 3 Jupiter, 3 Earth" {
		t.Fatalf("flags %q, stage %v, bob captured %s", flagsOf(o), g.stage, pretty(g.cur().captured[1]))
	}
	if got := flagsOf(play(t, three(nil), "up 3E\nann 3V\nbob 3S\ncy noplay\nbob 3V")); got != "6 U1 impossible" {
		t.Errorf("adding a card already played: %q", got)
	}
	if got := flagsOf(play(t, three(nil), "up 3E\nann 3V\nbob 3S\ncy noplay\nbob 3N\nbob GS")); got != "7 U16 illegal" {
		t.Errorf("adding a Galaxy: %q", got)
	}
	o = play(t, three(nil), script+"\nup GV\nup 5S")
	if g := o.Game.(*game); flagsOf(o) != "" || g.cur().up.String() != "5S" || g.stage != leading || g.cur().toAct != 1 {
		t.Errorf("after a Galaxy turned to the bottom: flags %q, up %v, stage %v", flagsOf(o), g.cur().up, g.stage)
	}
}

// TestGalaxiesInPlay: two players play with the Galaxies of Venus and Saturn only (U2); a card
// seen twice in a hand is impossible (U1).
func TestGalaxiesInPlay(t *testing.T) {
	two := events.Created{Kind: "capture", Players: []string{"ann", "bob"}, Dealer: "bob", Ruleset: "capture/1"}
	if got := flagsOf(play(t, two, "up GN")); got != "2 U2 impossible" {
		t.Errorf("the Neptune Galaxy with two players: %q", got)
	}
	if got := flagsOf(play(t, two, "up 4E\nann 4E")); got != "3 U1 impossible" {
		t.Errorf("the up-card played: %q", got)
	}
}

// TestEndOfHand: the player who plays their last card goes out; the round runs to its capture
// and the hand ends (U9, U18); players show their cards left, a wrong count is impossible, and
// the hand is scored: captured minus left (U10), the bonus suit doubled (U11), Galaxies not.
func TestEndOfHand(t *testing.T) {
	o := play(t, three(map[string]string{"bonus": "fixed"}), "up 4E")
	g := o.Game.(*game)
	h := g.cur()
	h.held = []int{1, 3, 2} // the hand near its end
	for i, line := range []string{"ann 3V", "bob 3S", "cy 3N"} {
		m, err := g.Parse(strings.Fields(line))
		if err != nil {
			t.Fatal(err)
		}
		if f := g.Apply(int64(3+i), m); len(f) > 0 {
			t.Fatalf("%s: %v", line, f)
		}
	}
	// ann went out with her lead, so her turn after cy's 3 Neptune is a No Play, which closes
	// the round: cy may add, then captures, and the hand ends.
	if h.wentOut != 0 || g.stage != adding {
		t.Fatalf("went out %d, stage %v", h.wentOut, g.stage)
	}
	g.Apply(6, referee.NewMove(TypeCapture, "cy", payload{}))
	if g.stage != showing {
		t.Fatalf("stage %v after the going-out round", g.stage)
	}
	if f := g.Apply(8, referee.NewMove(TypeLeft, "bob", payload{Cards: []ucd.Card{card(t, "7E")}})); len(f) == 0 || f[0].Rule != "U10" {
		t.Errorf("bob holds two cards, shown one: %v", f)
	}
	g.Apply(9, referee.NewMove(TypeLeft, "bob", payload{Cards: []ucd.Card{card(t, "7E"), card(t, "GS")}}))
	g.Apply(10, referee.NewMove(TypeLeft, "cy", payload{Cards: []ucd.Card{card(t, "1E")}}))
	// Bonus Earth (the first up-card): cy captured 3V 3S 3N (3), left 1E (−2); bob left 7E GS
	// (−2 −1); ann captured nothing, left nothing.
	if g.totals[0] != 0 || g.totals[1] != -3 || g.totals[2] != 1 || g.cur().number != 2 {
		t.Errorf("totals %v, hand %d", g.totals, g.cur().number)
	}
}

// TestBonusFollows: with bonus=follows the suit of the last up-card shown decides (U11, U19);
// with no up-card turned in the whole hand there is no bonus.
func TestBonusFollows(t *testing.T) {
	g, err := newGame(three(map[string]string{"bonus": "follows"}))
	if err != nil {
		t.Fatal(err)
	}
	h := g.cur()
	h.firstUp, h.lastUp = ptr(card(t, "4E")), ptr(card(t, "5V"))
	h.captured[0] = []ucd.Card{card(t, "1V"), card(t, "GV"), card(t, "2E")}
	g.score()
	if h.bonus != ucd.Venus || h.score[0] != 4 {
		t.Errorf("bonus %v, ann's score %d, want Venus and 2+1+1", h.bonus, h.score[0])
	}
	g2, _ := newGame(three(map[string]string{"bonus": "follows"}))
	g2.score()
	if g2.cur().bonus != 0 {
		t.Errorf("no up-card turned: bonus %v", g2.cur().bonus)
	}
}

func ptr(c ucd.Card) *ucd.Card { return &c }

func pretty(cs []ucd.Card) string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Pretty()
	}
	return strings.Join(out, ", ")
}

// TestExtraHand: the auction from the dealer's left (U12, U20): a pass is final, and the
// auction ends when the high bid has gone round unchallenged; the winner's bid is deducted
// unless they went out first.
func TestExtraHand(t *testing.T) {
	extra := three(map[string]string{"extra": "on"})
	o := play(t, extra, "up 4E\nann bid 1\nbob bid 2\ncy pass\nann pass")
	g := o.Game.(*game)
	if flagsOf(o) != "" || g.cur().extraTo != 1 || g.cur().bid != 2 || g.stage != leading || g.cur().toAct != 0 {
		t.Fatalf("flags %q, extra to %d for %d, stage %v", flagsOf(o), g.cur().extraTo, g.cur().bid, g.stage)
	}
	if got := flagsOf(play(t, extra, "up 4E\nann bid 2\nbob bid 2")); got != "4 U20 illegal" {
		t.Errorf("a bid that does not beat the high bid: %q", got)
	}
	if g := play(t, extra, "up 4E\npass\npass\npass").Game.(*game); g.cur().extraTo != referee.Nobody || g.stage != leading {
		t.Errorf("nobody bid: extra to %d, stage %v", g.cur().extraTo, g.stage)
	}
	h := g.cur()
	h.wentOut = 1
	g.score()
	if h.score[1] != 0 {
		t.Errorf("the bid of a winner who went out first is not deducted: score %d", h.score[1])
	}
	g = play(t, extra, "up 4E\nann bid 1\nbob bid 2\ncy pass\nann pass").Game.(*game)
	g.score()
	if g.cur().score[1] != -2 {
		t.Errorf("nobody out (U20): bob's score %d, want the bid deducted", g.cur().score[1])
	}
}

// TestHalving: a total of exactly 60, 80 or 100 with two or three players is halved after the
// hand, adjustments counted (U13, U21, L5); 61 is not.
func TestHalving(t *testing.T) {
	g, err := newGame(three(map[string]string{"halving": "on"}))
	if err != nil {
		t.Fatal(err)
	}
	g.totals = []int{57, 61, 55}
	g.adjusted = []int{0, 0, 5}
	h := g.cur()
	h.captured[0] = []ucd.Card{card(t, "1V"), card(t, "2V"), card(t, "3V")}
	g.score()
	if g.totals[0] != 30 || g.totals[1] != 61 || g.totals[2] != 25-5+5-25+25 {
		t.Errorf("totals %v, want ann 60 halved to 30, bob 61, cy 60 with the adjustment halved", g.totals)
	}
	if thresholds(6) != nil || !slices.Equal(thresholds(4), []int{30, 40, 50}) {
		t.Error("thresholds by player count")
	}
}

// TestEmptyHandSaysNoPlay: a player with no cards left says No Play when the turn comes (U15).
func TestEmptyHandSaysNoPlay(t *testing.T) {
	g, err := newGame(three(map[string]string{"noplay": "passes"}))
	if err != nil {
		t.Fatal(err)
	}
	g.Apply(2, referee.NewMove(TypeUp, "", payload{Card: ptr(card(t, "4E"))}))
	g.cur().held[1] = 0
	g.Apply(3, referee.NewMove(TypePlay, "ann", payload{Card: ptr(card(t, "3V"))}))
	if g.cur().toAct != 2 || g.cur().noPlays != 1 {
		t.Errorf("bob, with no cards, was not passed over: to act %d, No Plays %d", g.cur().toAct, g.cur().noPlays)
	}
}

// TestPlayouts: thousands of random games of two to six players with every option: no flag;
// after every hand every card is in one place — captured, left in a hand, up, in the stack or
// set aside; each hand's score is what its cards make, flags or no (U22); the totals add up;
// a replay of the log reaches the same sheet.
// TestMoveAfterTheEnd: a move after the sixth hand is refused citing U10, saying the game is
// over: a player's move typed without its player, or the table's with one, when read; the
// rest when applied (set aside when forced).
func TestMoveAfterTheEnd(t *testing.T) {
	setup, moves := Rules{}.Playout(rand.New(rand.NewPCG(1, 9)), refereetest.Names)
	evs := refereetest.Log(t, setup, moves)
	g := refereetest.Replay(t, Rules{}, evs).Game
	if !g.Over() {
		t.Fatal("the playout did not end")
	}
	ann := setup.Players[0]
	for _, typed := range []string{"pass", "noplay", "capture", "bid 2", "3N", "play 3 Mars", "left none", ann + " up 3N"} {
		if _, err := g.Parse(strings.Fields(typed)); err == nil || !strings.Contains(err.Error(), "the game is over") || !strings.HasSuffix(err.Error(), "(U10)") {
			t.Errorf("%q after the end: %v, want a refusal saying the game is over, citing U10", typed, err)
		}
	}
	for _, typed := range []string{ann + " pass", ann + " play 3N", "up 3N"} {
		m, err := g.Parse(strings.Fields(typed))
		if err != nil {
			t.Fatalf("%q after the end: %v", typed, err)
		}
		if f := g.Clone().Apply(int64(len(evs)+1), m); len(f) != 1 || f[0].Rule != "U10" || !f[0].SetAside || !strings.HasPrefix(f[0].Message, "the game is over") {
			t.Errorf("%q after the end: %+v", typed, f)
		}
	}
}

func TestPlayouts(t *testing.T) {
	games := 3000
	if testing.Short() {
		games = 300
	}
	for seed := range games {
		setup, moves := Rules{}.Playout(rand.New(rand.NewPCG(uint64(seed), 9)), refereetest.Names)
		r, err := Rules{}.New(setup)
		if err != nil {
			t.Fatal(err)
		}
		g := r.(*game)
		for i, m := range moves {
			if f := g.Apply(int64(i+2), m); len(f) > 0 {
				t.Fatalf("seed %d (%d players, %v), event %d (%s): %v", seed, len(setup.Players), setup.Options, i+2, g.Notation(m), f)
			}
		}
		if !g.Over() || len(g.hands) != Hands {
			t.Fatalf("seed %d: the playout ended after %d hands, over %v", seed, len(g.hands), g.Over())
		}
		sum := make([]int, g.n())
		for _, h := range g.hands {
			count := h.stack
			if h.up != nil {
				count++
			}
			if g.extra {
				count += g.size // the winner's old hand, or the extra hand unclaimed
			}
			for p := range g.players {
				count += len(h.captured[p]) + len(h.left[p])
				score := 0
				for _, c := range h.captured[p] {
					score += h.value(c)
				}
				for _, c := range h.left[p] {
					score -= h.value(c)
				}
				if p == h.extraTo && h.wentOut != p {
					score -= h.bid
				}
				if score != h.score[p] {
					t.Fatalf("seed %d, hand %d: %s scored %d, the cards make %d", seed, h.number, g.name(p), h.score[p], score)
				}
				sum[p] += h.score[p] + h.halved[p]
			}
			if count != g.deckSize() {
				t.Fatalf("seed %d, hand %d: %d cards accounted for, the deck has %d", seed, h.number, count, g.deckSize())
			}
		}
		if !slices.Equal(sum, g.totals) {
			t.Fatalf("seed %d: hands add to %v, totals %v", seed, sum, g.totals)
		}
		// A replay of the stored log reaches the sheet the moves reached one by one.
		again := refereetest.Replay(t, Rules{}, refereetest.Log(t, setup, moves))
		if a, b := fmt.Sprint(again.Game.Sheet()), fmt.Sprint(g.Sheet()); a != b {
			t.Fatalf("seed %d: the replay differs:\n%s\n%s", seed, a, b)
		}
	}
}

// TestInjectedCards: a legal game with a card played changed to one already seen that hand is
// flagged impossible on that event; what the change upsets later may raise flags, but nothing
// before it does.
func TestInjectedCards(t *testing.T) {
	for seed := range 300 {
		rng := rand.New(rand.NewPCG(uint64(seed), 11))
		setup, moves := Rules{}.Playout(rng, refereetest.Names)
		log := refereetest.Log(t, setup, moves)
		// The first up-card of the game is seen; a later play of it in hand 1 is impossible.
		var up payload
		json.Unmarshal(log[1].Payload, &up)
		var plays []int
		for i := 2; i < len(log); i++ {
			if log[i].Type == TypeUp {
				break
			}
			if log[i].Type == TypePlay {
				plays = append(plays, i)
			}
		}
		if len(plays) == 0 || up.Card.IsGalaxy() {
			continue
		}
		i := plays[rng.IntN(len(plays))]
		log[i].Payload, _ = json.Marshal(payload{Card: up.Card})
		o := refereetest.Replay(t, Rules{}, log)
		at := log[i].Seq
		if !slices.ContainsFunc(o.Flags, func(f referee.Flag) bool { return f.Seq == at && f.Severity == referee.Impossible }) ||
			slices.ContainsFunc(o.Flags, func(f referee.Flag) bool { return max(f.Seq, f.RevealedBy) < at }) {
			t.Fatalf("seed %d: the up-card played at event %d: flags %s", seed, at, flagsOf(o))
		}
	}
}

// TestFalseClaimsFlagged: a playout in which one player says No Play holding a card that could
// be played, or passes the lead holding one that could lead, is flagged on that event, naming
// the later event that proved it, by the card or by elimination (U6, U4, U14, P14), and nothing
// else is flagged.
func TestFalseClaimsFlagged(t *testing.T) {
	made := map[bool]int{}
	for seed := range 600 {
		cheat := &falseClaim{noPlay: seed%2 == 0, at: -1, provedBy: -1}
		setup, moves := playout(rand.New(rand.NewPCG(uint64(seed), 13)), refereetest.Names, cheat)
		if cheat.at < 0 {
			continue
		}
		if cheat.provedBy < 0 {
			t.Fatalf("seed %d: the false claim at move %d was never shown up", seed, cheat.at)
		}
		made[cheat.noPlay]++
		o := refereetest.Replay(t, Rules{}, refereetest.Log(t, setup, moves))
		rule := "U4" // a passed lead
		if cheat.noPlay {
			rule = "U6"
		}
		want := fmt.Sprintf("%d %s illegal", cheat.at+2, rule)
		if cheat.provedBy != cheat.at { // else the moves before it proved it at once (P14)
			want += fmt.Sprintf(" by %d", cheat.provedBy+2)
		}
		if got := flagsOf(o); got != want {
			t.Fatalf("seed %d: flags %q, want %q", seed, got, want)
		}
	}
	if made[true] < 50 || made[false] < 50 {
		t.Fatalf("false claims made: %v; too few to test", made)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"up 3N", "ann 3V", "3V", "play MoS", "noplay", "np", "capture", "pass", "bid 2", "ann left 3N GS", "bob left none", "sun", "ann mom"} {
		f.Add(s)
	}
	// A run of "1o" where a card or a move is read, which a fuzzer may lengthen; a huge one is
	// TestHugeWordsRefusedCheaply's.
	f.Add("ann left 3N 1o1o1o1o1o")
	f.Add("1o1o1o1o1o")
	// Each line is read at the up-card, in a round, and after the end of a game.
	played, moves := Rules{}.Playout(rand.New(rand.NewPCG(1, 1)), refereetest.Names)
	ended := refereetest.Replay(f, Rules{}, refereetest.Log(f, played, moves)).Game
	games := []referee.Game{play(f, three(nil), "").Game, play(f, three(nil), opening).Game, ended}
	f.Fuzz(func(t *testing.T, line string) {
		for _, g := range games {
			m, err := g.Parse(strings.Fields(line))
			if err != nil {
				continue
			}
			again, err := g.Parse(strings.Fields(g.Notation(m)))
			if err != nil || again.Type != m.Type || again.Actor != m.Actor || string(again.Payload) != string(m.Payload) {
				t.Fatalf("%q → %s → %v %v", line, g.Notation(m), again, err)
			}
			g.Clone().Apply(500, m)
		}
	})
}

// enter parses and applies lines to g from event seq on, and returns the flags they raise.
func enter(t *testing.T, g *game, seq int64, lines ...string) []referee.Flag {
	t.Helper()
	var flags []referee.Flag
	for i, line := range lines {
		m, err := g.Parse(strings.Fields(line))
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		flags = append(flags, g.Apply(seq+int64(i), m)...)
	}
	return flags
}

// TestLastCaptureTurnsUpCard: the capture that ends a hand and takes the up-card turns the
// next card too (U8, U23). With bonus=follows the table is asked for it, its suit is the
// hand's bonus suit, and the sheet shows it, also while the table is asked; with fixed it
// changes nothing and is not entered: an up-card then is refused, citing U23.
func TestLastCaptureTurnsUpCard(t *testing.T) {
	end := func(bonus string) *game { // ann goes out with 3 Venus; bob captures the round and the up-card 3 Earth
		t.Helper()
		g := play(t, three(map[string]string{"bonus": bonus}), "up 3E").Game.(*game)
		g.cur().held = []int{1, 3, 2} // the hand near its end
		if f := enter(t, g, 3, "ann 3V", "bob 3S", "cy noplay", "bob capture"); len(f) > 0 {
			t.Fatalf("bonus=%s: %v", bonus, f)
		}
		return g
	}
	g := end("follows")
	if h := g.Hint(); h != "bob captures 2 cards and the up-card 3 Earth; hand 1 is over: turn the next up-card, whose suit is the bonus suit (up CARD, U23)" {
		t.Errorf("hint %q", h)
	}
	if rows := g.Sheet().Rounds; len(rows) != 1 {
		t.Errorf("while the card is turned the sheet has %d rows, want hand 1's", len(rows))
	}
	if f := enter(t, g, 7, "up GV", "up 5V", "bob left 7E GS", "cy left 1V 2V"); len(f) > 0 {
		t.Fatalf("the card turned after the last capture: %v", f)
	}
	h := g.hands[0]
	// Bonus Venus: bob captured 3V (2) 3S 3E (1 each) = 4, left 7E GS = −2; cy left 1V 2V = −4.
	if h.bonus != ucd.Venus || h.score[1] != 2 || h.score[2] != -4 {
		t.Errorf("bonus %v, scores %v, want Venus, bob +2, cy −4", h.bonus, h.score)
	}
	if row := g.Sheet().Rounds[0]; row.Values["up"] != "5 Venus" || row.Values["bonus"] != "Venus" {
		t.Errorf("sheet row %v, want the last up-card 5 Venus and the bonus Venus", row.Values)
	}

	g = end("fixed")
	if g.stage != showing {
		t.Fatalf("bonus=fixed: stage %v, want the cards left shown at once", g.stage)
	}
	f := enter(t, g, 7, "up 5V")
	if len(f) != 1 || f[0].Rule != "U23" || !f[0].SetAside || !strings.Contains(f[0].Message, "with bonus=fixed the card turned after the hand's last capture changes nothing") {
		t.Errorf("bonus=fixed, the card entered anyway: %v", f)
	}
	enter(t, g, 8, "bob left 7E GS", "cy left 1V 2V")
	if h := g.hands[0]; h.bonus != ucd.Earth || h.score[1] != 1 {
		t.Errorf("bonus=fixed: bonus %v, bob %d, want Earth and 1+1+2−2−1", h.bonus, h.score[1])
	}
}

// TestSheetWhileTurning: while the table turns the next up-card in a later hand, the sheet
// still shows that hand (U8).
func TestSheetWhileTurning(t *testing.T) {
	g, err := newGame(three(nil))
	if err != nil {
		t.Fatal(err)
	}
	g.deal() // hand 2, dealt by ann: bob leads
	enter(t, g, 2, "up 3E", "bob 3V", "cy noplay", "bob capture")
	if rows := g.Sheet().Rounds; g.stage != turning || len(rows) != 2 {
		t.Errorf("stage %v, %d rows, want hand 2 shown while the next up-card is turned", g.stage, len(rows))
	}
}

// TestLegalKeepsCardsThatProve: cy said No Play on 3 Saturn (event 5); cy's 3 Neptune would
// prove it false (U14), but it is a card cy may hold and lead now, so Legal offers it.
func TestLegalKeepsCardsThatProve(t *testing.T) {
	g := play(t, three(nil), opening).Game
	if !slices.ContainsFunc(g.Legal(), func(m referee.Move) bool { return g.Notation(m) == "cy play 3N" }) {
		t.Errorf("Legal leaves out cy's 3 Neptune: %d moves", len(g.Legal()))
	}
}

// late is a hand of ann and bob (bob deals, ann leads) near its end: ann and bob hold the
// cards given, and every other card of the deck has been seen.
func late(t *testing.T, ann, bob string) *game {
	t.Helper()
	g := play(t, events.Created{Kind: "capture", Players: []string{"ann", "bob"}, Dealer: "bob", Ruleset: "capture/1"}, "up 4E").Game.(*game)
	h := g.cur()
	for k := range cards {
		h.seen[k] = true
	}
	for p, cs := range []string{ann, bob} {
		h.held[p] = 0
		for _, w := range strings.Fields(cs) {
			h.seen[key(card(t, w))] = false
			h.held[p]++
		}
	}
	h.stack, h.unknown = 0, 0
	return g
}

// TestClaimProvedByElimination: a No Play is proved false as soon as the cards nobody has
// shown are too few to fill the hand without a card that could have been played (U14, P14
// clarified): bob says No Play on 3 Venus with 3 Saturn and 7 Earth; once ann leads her last
// card, only those two are unseen. A No Play the record already proves false is flagged on
// its own event, and neither Legal nor the hint offers it.
func TestClaimProvedByElimination(t *testing.T) {
	g := late(t, "3V 1N", "3S 7E")
	flags := enter(t, g, 3, "ann 3V", "bob noplay", "ann capture", "ann 1N")
	if len(flags) != 1 || flags[0].Seq != 4 || flags[0].Rule != "U6" || flags[0].RevealedBy != 6 {
		t.Fatalf("flags %v, want bob's No Play at 4 flagged by ann's last card at 6", flags)
	}
	if m := flags[0].Message; m != "bob said No Play here but held a 3 above Venus, which could be played: after event 6 only 1 card nobody has shown is not such a card, and bob holds 2" {
		t.Errorf("message %q", m)
	}

	g = late(t, "3V", "3S 7E")
	enter(t, g, 3, "ann 3V")
	if h := g.Hint(); h != "bob plays 3 Saturn: the cards not seen show bob holds a 3 above Venus, so no noplay (U6)" {
		t.Errorf("hint %q", h)
	}
	if slices.ContainsFunc(g.Legal(), func(m referee.Move) bool { return m.Type == TypeNoPlay }) {
		t.Error("Legal offers a No Play the record proves false")
	}
	if f := enter(t, g, 4, "bob noplay"); len(f) != 1 || f[0].Seq != 4 || f[0].RevealedBy != 0 || f[0].Rule != "U6" {
		t.Errorf("a No Play proved false at once: %v", f)
	}
}

// TestHintNamesCards: the hint names the cards that may still be played, those nobody has
// shown (U5, U16), and counts a capture of one card as one.
func TestHintNamesCards(t *testing.T) {
	two := events.Created{Kind: "capture", Players: []string{"ann", "bob"}, Dealer: "bob", Ruleset: "capture/1"}
	for _, tt := range []struct{ script, want string }{
		{"up 4E\nann 3S\nbob 3N\nann 3M", "bob plays 3 Jupiter, 3 Earth, or a Galaxy (Venus, Saturn), or says noplay"},
		{"up 4E\nann 3S\nbob 3N\nann GS", "bob says noplay: nothing left unseen can follow Galaxy Saturn"},
		{"up 4E\nann 3S\nbob 3J\nann noplay", "the round is closed: bob may add 3 Earth, then captures (capture)"},
		{"up 4E\nann 3S\nbob 3E", "ann plays a Galaxy (Venus, Saturn), or says noplay"},
		{"up 4E\nann 5V\nbob noplay\nann capture", "ann captures 1 card; ann leads a Neptune, Saturn or Venus card, or passes the lead if holding none"},
	} {
		if h := play(t, two, tt.script).Game.Hint(); h != tt.want {
			t.Errorf("%q: hint %q, want %q", tt.script, h, tt.want)
		}
	}
	if h := late(t, "3V 1E", "3S 7E 1N").Hint(); h != "ann leads 3 Venus, 3 Saturn, or 1 Neptune, or passes the lead if holding none" {
		t.Errorf("few cards left to lead: hint %q", h)
	}
	// Only 7 Earth is unseen and not a Secondary card, so ann, holding two, holds one (U4, U14).
	if h := late(t, "3V 1N", "3S 7E").Hint(); h != "ann leads 3 Venus, 3 Saturn, or 1 Neptune: the cards not seen show ann holds one, so no pass (U4)" {
		t.Errorf("a lead owed: hint %q", h)
	}
}

// TestForcedMovesSetAside: a forced move the game cannot go on from — a Galaxy lead, a card
// played out of turn, a bid that does not beat the high bid — is set aside, and its flag says
// so rather than that it was ignored (L8); a card that cannot follow is applied as played.
func TestForcedMovesSetAside(t *testing.T) {
	for _, tt := range []struct {
		opts     map[string]string
		script   string
		setAside bool
	}{
		{nil, "up 4E\nann GV", true},
		{nil, "up 4E\nbob 3V", true},
		{map[string]string{"extra": "on"}, "up 4E\nann bid 2\nbob bid 1", true},
		{nil, "up 4E\nann 3V\nbob 5S", false},
	} {
		o := play(t, three(tt.opts), tt.script)
		f := o.Flags[len(o.Flags)-1]
		if f.SetAside != tt.setAside || strings.Contains(f.Message, "ignored") {
			t.Errorf("%q: %s", tt.script, f)
		}
	}
}

// TestCardsAsTheyAreShown: a card is typed as the hints and the prompt write it, in two or
// three words ("3 Mars", "Galaxy Venus", "Moon of Saturn"), in every move that names cards.
func TestCardsAsTheyAreShown(t *testing.T) {
	g := play(t, three(nil), "up 4E").Game
	for line, want := range map[string]string{
		"up 4 Earth":                      "up 4E",
		"up Galaxy Venus":                 "up GV",
		"3 Mars":                          "ann play 3M",
		"bob Moon of Saturn":              "bob play MoS",
		"cy play sun earth":               "cy play SuE",
		"ann left 3 Mars Galaxy Venus 4N": "ann left 3M GV 4N",
	} {
		m, err := g.Parse(strings.Fields(line))
		if err != nil || g.Notation(m) != want {
			t.Errorf("%q reads as %q, %v; want %q", line, g.Notation(m), err, want)
		}
	}
	for line, want := range map[string]string{
		"3 Mras":         `"3 Mras" is not a UCD card: "Mras" is not a suit`,
		"play 3 Mars 4V": "play takes one card",
		"3 Mars 4V":      "a play takes one card",
		"up 4":           `"4" is not a UCD card: it has no suit`,
	} {
		if _, err := g.Parse(strings.Fields(line)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", line, err, want)
		}
	}
}

// TestPassWhileFollowing: a pass is the leader's (U4); a player who cannot follow says No
// Play, and one who closed the round adds or captures. The refusal says so, not that the
// player to act is out of turn.
func TestPassWhileFollowing(t *testing.T) {
	for script, want := range map[string]string{
		"up 4E\nann 3V\nbob pass":                    "U4 bob follows 3 Venus: a pass is for the player who leads; a player who cannot play says noplay (U6)",
		"up 4E\nann 3V\nbob 3S\ncy noplay\nbob pass": "U16 the round is closed: a pass is for the player who leads; bob adds a card or captures (capture)",
		"up 4E\nann 3V\ncy pass":                     "U15 bob plays or says No Play: cy passes out of turn",
	} {
		o := play(t, three(nil), script)
		f := o.Flags[len(o.Flags)-1]
		if got := f.Rule + " " + f.Message; got != want || !f.SetAside {
			t.Errorf("%q: %s (set aside %v), want %s", script, got, f.SetAside, want)
		}
	}
}

// TestNextUpCard: the hint asks for the up-card at a hand's start and for the next one when a
// capture took it (U8).
func TestNextUpCard(t *testing.T) {
	if h := play(t, three(nil), "").Game.Hint(); h != "hand 1: turn the up-card (up CARD)" {
		t.Errorf("at the start: %q", h)
	}
	if h := play(t, three(nil), "up GV").Game.Hint(); h != "hand 1: turn the up-card (up CARD)" {
		t.Errorf("after a Galaxy went to the bottom: %q", h)
	}
	o := play(t, three(nil), "up 3E\nann 3V\nbob 3S\ncy noplay\nbob capture")
	if h := o.Game.Hint(); h != "bob captures 2 cards and the up-card 3 Earth; hand 1: turn the next up-card (up CARD)" {
		t.Errorf("in the middle: %q", h)
	}
	if f := flagsOf(play(t, three(nil), "up 3E\nann 3V\nbob 3S\ncy noplay\nbob capture\nbob 4V")); f != "7 U8 illegal" {
		t.Errorf("a lead before the next up-card: %q", f)
	}
}

// TestLegalWhileShowing: while the players show the cards they have left, Legal is not empty:
// for each player yet to show, one set of as many unseen cards as the player holds, which the
// referee takes; and the hint names the No Play that a card shown would prove false (U14).
func TestLegalWhileShowing(t *testing.T) {
	g := play(t, three(nil), "up 4E").Game.(*game)
	g.cur().held = []int{1, 3, 2} // the hand near its end
	if f := enter(t, g, 3, "ann 3V", "bob 3S", "cy noplay", "bob capture"); len(f) > 0 {
		t.Fatal(f)
	}
	legal := g.Legal()
	var shown []string
	for _, m := range legal {
		shown = append(shown, g.Notation(m))
		if f := referee.Own(g.Clone().Apply(7, m), 7); len(f) > 0 {
			t.Errorf("Legal lists %s, which is flagged: %v", g.Notation(m), f)
		}
	}
	if want := []string{"bob left 1V 2V", "cy left 1V 2V"}; !slices.Equal(shown, want) {
		t.Errorf("Legal lists %q, want %q", shown, want)
	}
	if h := g.Hint(); h != "bob captures 2 cards; hand 1 is over: show the cards left: bob left CARD… (2), cy left CARD… (2); the cards cy shows may prove the No Play at event 5 false (U14)" {
		t.Errorf("hint %q", h)
	}
}

// TestHintNamesFalseClaims: when a card the hint lists would prove one of the player's No
// Plays or passes false, the hint says so, once for each card denied (U14, as P14's revokes).
func TestHintNamesFalseClaims(t *testing.T) {
	// ann passes the lead twice and says No Play on 4 Saturn: a Neptune she plays to 6 Saturn
	// proves both passes, and no 4 is listed.
	o := play(t, three(nil), "up 7E\npass\nbob 3S\ncy noplay\nbob capture\nbob 4V\ncy 4S\nann noplay\ncy capture\ncy pass\nann pass\nbob 5V\ncy noplay\nbob capture\nbob 6V\ncy 6S")
	if h := o.Game.Hint(); h != "ann plays 6 Neptune, 6 Mars, 6 Jupiter, 6 Earth, or a Galaxy (Venus, Saturn, Neptune), or says noplay; from ann, a Neptune, Saturn or Venus card would prove the passes at events 3, 12 false (U14)" {
		t.Errorf("hint %q", h)
	}
	// A lead lists every card: both kinds are named.
	o = play(t, three(nil), "up 7E\npass\nbob 3S\ncy noplay\nbob capture\nbob 4V\ncy 4S\nann noplay\ncy 4J\ncy capture\ncy 5N\nann 5M\nbob noplay\nann capture")
	if h := o.Game.Hint(); !strings.HasSuffix(h, "; from ann, a Neptune, Saturn or Venus card would prove the pass at event 3 false; a 4 above Saturn would prove the No Play at event 9 false (U14)") {
		t.Errorf("hint %q", h)
	}
}

// TestSheetColumnsOfOptions: the sheet has a column for each option that is on (the bonus
// suit, with follows the last up-card, the extra hand and its bid, halving), and none for an
// option that is off, which would stay empty.
func TestSheetColumnsOfOptions(t *testing.T) {
	keys := func(opts map[string]string) string {
		g, err := newGame(three(opts))
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, c := range g.Sheet().Columns {
			out = append(out, c.Key)
		}
		return strings.Join(out, " ")
	}
	if got := keys(nil); got != "dealer captured left score total" {
		t.Errorf("no options: columns %s", got)
	}
	if got := keys(map[string]string{"bonus": "follows", "extra": "on", "halving": "on"}); got != "dealer bonus up extra captured left bid halving score total" {
		t.Errorf("every option: columns %s", got)
	}
	if got := keys(map[string]string{"bonus": "fixed"}); got != "dealer bonus captured left score total" {
		t.Errorf("bonus=fixed: columns %s", got)
	}
}
