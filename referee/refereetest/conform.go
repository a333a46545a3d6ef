package refereetest

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
)

// Config says what Conform needs to know of an engine beyond its Rules.
type Config struct {
	// Games is how many random games to play; a tenth of them with -short.
	Games int
	// Unlisted are move types Legal never offers because they are not turns (a hand turned
	// face up): a legal move of such a type need not be among Legal's.
	Unlisted []string
	// Sampled are move types whose values are open-ended (a bid, a set of meld cards), of
	// which Legal offers one: a legal move of such a type needs one of its type and actor in
	// Legal.
	Sampled []string
	// Recorded are move types the application records and nobody types (a tournament's round
	// as paired): Notation writes them for reading, Parse need not read them back, and Legal
	// never offers them.
	Recorded []string
	// Tests are glob patterns of the tests that cite the engine's rulings, relative to the
	// engine's package: every ruling the engine lists must appear in one of them.
	Tests []string
}

// Names seats the players of Conform's games: enough for six, each a plain word.
var Names = []string{"ann", "bob", "cy", "dee", "eve", "fay"}

// Conform runs the checks every engine must pass on games from its own playout generator:
// a legal game raises no flag and ends; every move the game makes is among those Legal lists,
// and each of those raises no flag on itself; an event changed into a move Legal does not list
// raises a flag on itself; Parse reads back what Notation writes; replay is deterministic; a
// Clone is independent of its original; a Replayer following a log with corrections keeps the
// state a full replay reaches; the sheet's breakdown adds up and its winners agree with its
// draw; and every ruling the engine lists is cited by a test.
func Conform(t *testing.T, r referee.Rules, c Config) {
	t.Helper()
	games := c.Games
	if testing.Short() {
		games = max(1, games/10)
	}
	for seed := range games {
		rng := conformRand(seed)
		setup, moves := r.Playout(rng, Names)
		log := Log(t, setup, moves)
		o := Replay(t, r, log)
		if len(o.Flags) > 0 {
			t.Fatalf("seed %d: a legal game raised %d flags, the first: %+v (%s)", seed, len(o.Flags), o.Flags[0], notationAt(t, r, log, o.Flags[0].Seq))
		}
		if !o.Game.Over() || len(o.Game.Legal()) != 0 {
			t.Fatalf("seed %d: the playout ended after %d moves but the game is not over: %s", seed, len(moves), o.Game.Hint())
		}
		checkSheet(t, seed, o)
		again := Replay(t, r, log)
		if !slices.Equal(flagKeys(o.Flags), flagKeys(again.Flags)) || observe(t, o.Game) != observe(t, again.Game) {
			t.Fatalf("seed %d: two replays of one log differ", seed)
		}
		walk(t, seed, r, setup, moves, rng, c, seed < 3 || seed%10 == 0)
		if seed%10 == 0 {
			follow(t, seed, r, setup, moves, rng)
		}
	}
	checkCited(t, r, c.Tests)
}

// conformRand is the random source of Conform's game seed: its playout, then its checks.
func conformRand(seed int) *rand.Rand { return rand.New(rand.NewPCG(uint64(seed), 0xC0F)) }

// ConformPlayout is the playout of Conform's game seed of r: the same game, for holding
// another build of the engines to this one.
func ConformPlayout(r referee.Rules, seed int) (events.Created, []referee.Move) {
	return r.Playout(conformRand(seed), Names)
}

// notationAt writes the move at seq of a log, for messages.
func notationAt(t *testing.T, r referee.Rules, log []events.Event, seq int64) string {
	o, err := referee.ReplayUntil(r, log, seq)
	if err != nil || seq < 2 || int(seq) > len(log) {
		return "?"
	}
	e := log[seq-1]
	return o.Game.Notation(referee.Move{Type: e.Type, Actor: e.Actor, Payload: e.Payload})
}

// checkSheet checks a finished game's sheet: each breakdown adds up to its total, and the
// winners, the winner and the draw say the same thing.
func checkSheet(t *testing.T, seed int, o *referee.Outcome) {
	t.Helper()
	s := o.Sheet()
	if !s.Finished {
		t.Fatalf("seed %d: the game is over but its sheet is not finished", seed)
	}
	for _, p := range o.Setup.Players {
		sum := 0
		for _, l := range s.Breakdown[p] {
			sum += l.Points
		}
		if sum != s.Totals[p] {
			t.Fatalf("seed %d: %s's breakdown adds to %d, the total is %d", seed, p, sum, s.Totals[p])
		}
	}
	switch n := len(s.Winners); {
	case s.Draw != (n == 0), (s.Winner != nil) != (n == 1), n == 1 && *s.Winner != s.Winners[0]:
		t.Fatalf("seed %d: winners %v, winner %v, draw %v disagree", seed, s.Winners, s.Winner, s.Draw)
	}
	for _, w := range s.Winners {
		if !slices.Contains(o.Setup.Players, w) {
			t.Fatalf("seed %d: winner %q is not a player", seed, w)
		}
	}
}

// walk plays a legal game move by move. Before each move it checks that Parse reads back the
// Notation of the move and of every move Legal lists, and that the move is listed; when thorough,
// that each listed move raises no flag, and that the move changed into one not listed raises
// one; after the last move, that any move of the game made again raises one. At one random
// point it checks a Clone.
func walk(t *testing.T, seed int, r referee.Rules, setup events.Created, moves []referee.Move, rng *rand.Rand, c Config, thorough bool) {
	t.Helper()
	g, err := r.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	cloneAt := rng.IntN(len(moves))
	for i, m := range moves {
		seq := int64(i + 2)
		legal := g.Legal()
		for _, l := range append([]referee.Move{m}, legal...) {
			if slices.Contains(c.Recorded, l.Type) {
				continue
			}
			back, err := g.Parse(strings.Fields(g.Notation(l)))
			if err != nil || !Same(back, l) {
				t.Fatalf("seed %d, event %d: %q reads back as %+v (%v), not %+v", seed, seq, g.Notation(l), back, err, l)
			}
		}
		if !listed(legal, m, c) {
			t.Fatalf("seed %d, event %d: %s is legal but not among the %d moves Legal lists (hint %q)", seed, seq, g.Notation(m), len(legal), g.Hint())
		}
		if thorough || i%7 == 0 {
			for _, l := range legal {
				if f := referee.Own(g.Clone().Apply(seq, l), seq); len(f) > 0 {
					t.Fatalf("seed %d, event %d: Legal lists %s, which raises %+v", seed, seq, g.Notation(l), f[0])
				}
			}
			checkCorrupted(t, seed, g, seq, legal, corruptions(rng, m, moves, setup.Players), c)
		}
		if i == cloneAt {
			checkClone(t, seed, r, setup, g, moves, i)
		}
		if f := g.Apply(seq, m); len(f) > 0 {
			t.Fatalf("seed %d, event %d: %+v", seed, seq, f[0])
		}
	}
	checkCorrupted(t, seed, g, int64(len(moves)+2), nil, corruptions(rng, moves[rng.IntN(len(moves))], moves, setup.Players), c)
}

// corruptions are what the event of move m might have been changed into: m made by another
// player, another move of the game, and m with the payload of another move of its type. Each
// is a move of the game's own making, so Legal would list it just as it stands, were it legal.
func corruptions(rng *rand.Rand, m referee.Move, moves []referee.Move, players []string) []referee.Move {
	var out []referee.Move
	if i := referee.PlayerIndex(players, m.Actor); i != referee.Nobody {
		other := players[(i+1+rng.IntN(len(players)-1))%len(players)]
		out = append(out, referee.Move{Type: m.Type, Actor: other, Payload: m.Payload})
	}
	out = append(out, moves[rng.IntN(len(moves))])
	from := rng.IntN(len(moves))
	for j := range moves {
		if o := moves[(from+j)%len(moves)]; o.Type == m.Type {
			out = append(out, referee.Move{Type: m.Type, Actor: m.Actor, Payload: o.Payload})
			break
		}
	}
	return out
}

// checkCorrupted checks that each of the moves Legal does not list raises a flag on itself when
// applied to g as the event at seq: Legal lists every move that raises none, so a move it leaves
// out is one no player may make now, and a log that holds it must say so.
func checkCorrupted(t *testing.T, seed int, g referee.Game, seq int64, legal, bad []referee.Move, c Config) {
	t.Helper()
	for _, m := range bad {
		if listed(legal, m, c) {
			continue
		}
		if f := referee.Own(g.Clone().Apply(seq, m), seq); len(f) == 0 {
			t.Fatalf("seed %d, event %d: %s is not among the %d moves Legal lists (hint %q), yet raises no flag", seed, seq, g.Notation(m), len(legal), g.Hint())
		}
	}
}

// listed reports whether Legal's list offers m, or for a sampled type a move of its type and
// actor; moves of unlisted types need not be offered.
func listed(legal []referee.Move, m referee.Move, c Config) bool {
	switch {
	case slices.Contains(c.Unlisted, m.Type), slices.Contains(c.Recorded, m.Type):
		return true
	case slices.Contains(c.Sampled, m.Type):
		return slices.ContainsFunc(legal, func(l referee.Move) bool { return l.Type == m.Type && l.Actor == m.Actor })
	}
	return slices.ContainsFunc(legal, func(l referee.Move) bool { return Same(l, m) })
}

// checkClone clones g before move i, plays the rest of the game on the copy, and checks that
// the original did not change and that the copy ends where a replay of the whole game does.
func checkClone(t *testing.T, seed int, r referee.Rules, setup events.Created, g referee.Game, moves []referee.Move, i int) {
	t.Helper()
	before := observe(t, g)
	c := g.Clone()
	for j, m := range moves[i:] {
		c.Apply(int64(i+j+2), m)
	}
	if observe(t, g) != before {
		t.Fatalf("seed %d: playing on a clone made at event %d changed the original", seed, i+2)
	}
	if observe(t, c) != observe(t, Replay(t, r, Log(t, setup, moves)).Game) {
		t.Fatalf("seed %d: a clone made at event %d ends elsewhere than the replay", seed, i+2)
	}
}

// follow builds a log of the game with corrections woven in (voids, amends, rulings,
// adjustments, some naming nothing they may) and checks that a Replayer, told which events the
// corrections name, holds after every event the state a replay of the log so far reaches, and
// before each corrected event the state a replay up to it reaches.
func follow(t *testing.T, seed int, r referee.Rules, setup events.Created, moves []referee.Move, rng *rand.Rand) {
	t.Helper()
	log := WithCorrections(t, rng, setup, moves)
	var keep []int64
	for _, e := range log {
		if target := Target(e); target != 0 {
			keep = append(keep, target)
		}
	}
	rp, err := referee.NewReplayer(r, log[0], keep)
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range log[1:] {
		rp.Add(e)
		seq := int64(i + 2)
		if Target(e) == 0 && i%5 != 0 {
			continue
		}
		want, err := referee.ReplayUntil(r, log[:seq], seq+1)
		if err != nil {
			t.Fatal(err)
		}
		if observe(t, rp.Game()) != observe(t, want.Game) {
			t.Fatalf("seed %d: after event %d (%s) the replayer is not where a replay is", seed, seq, e.Type)
		}
		if target := Target(e); target > 1 {
			want, err := referee.ReplayUntil(r, log[:seq], target)
			if err != nil {
				t.Fatal(err)
			}
			if observe(t, rp.Before(target)) != observe(t, want.Game) {
				t.Fatalf("seed %d: at event %d the state before event %d is not where a replay is", seed, seq, target)
			}
		}
	}
}

// WithCorrections numbers a setup and its moves as a log, as Log does, and weaves corrections
// in at random: voids, amends (to another move of the game), rulings, adjustments and
// confirmations (with notes that are awkward to write down), some of them naming nothing they
// may.
func WithCorrections(tb testing.TB, rng *rand.Rand, setup events.Created, moves []referee.Move) []events.Event {
	tb.Helper()
	log := Log(tb, setup, nil)
	add := func(typ, actor string, payload any) {
		b, err := json.Marshal(payload)
		if err != nil {
			tb.Fatal(err)
		}
		if raw, ok := payload.(json.RawMessage); ok {
			b = raw
		}
		log = append(log, events.Event{Game: 1, Seq: int64(len(log) + 1), Type: typ, Actor: actor, Payload: b})
	}
	notes := []string{"", "slow play", "kept the score -- neatly", "two\nlines", "  spaced  ", `"quoted"`, "# not a comment", "tab\there", "♥ ok"}
	for _, m := range moves {
		add(m.Type, m.Actor, m.Payload)
		if rng.IntN(6) != 0 {
			continue
		}
		target := int64(2 + rng.IntN(len(log)-1))
		note := notes[rng.IntN(len(notes))]
		switch rng.IntN(7) {
		case 6: // a confirmation, of a round that may not be scored yet, or not exist
			add(events.TypeConfirm, "", events.Confirm{Round: 1 + rng.IntN(3), Player: setup.Players[rng.IntN(len(setup.Players))], Note: note})
		case 0, 1:
			add(events.TypeVoid, "", events.Void{Target: target, Note: note})
		case 2:
			o := moves[rng.IntN(len(moves))]
			add(events.TypeAmend, "", events.Amend{Target: target, Type: o.Type, Actor: o.Actor, Payload: o.Payload, Note: note})
		case 3:
			add(events.TypeRuling, "", events.Ruling{Target: target, Decision: []string{events.Condone, events.VoidIt}[rng.IntN(2)], Note: note})
		default:
			if note == "" {
				note = "penalty"
			}
			points := rng.IntN(10) - 5 // -5…4, then no zero: an adjustment of nothing is not made
			if points >= 0 {
				points++
			}
			add(events.TypeAdjust, "", events.Adjust{Player: setup.Players[rng.IntN(len(setup.Players))], Points: points, Note: note})
		}
	}
	return log
}

// Target is the event a correction names, or 0 for any other event.
func Target(e events.Event) int64 {
	var v struct {
		Target int64 `json:"target"`
	}
	switch e.Type {
	case events.TypeVoid, events.TypeAmend, events.TypeRuling:
		_ = json.Unmarshal(e.Payload, &v) // an unreadable correction names nothing
	}
	return v.Target
}

// observe sums up what can be seen of a state, to compare two: the sheet, the status, whose
// turn and what is legal.
func observe(tb testing.TB, g referee.Game) string {
	var legal []string
	for _, m := range g.Legal() {
		legal = append(legal, g.Notation(m))
	}
	b, err := json.Marshal(struct {
		Sheet  any
		Status []referee.Field
		Hint   string
		Legal  []string
		Over   bool
	}{g.Sheet(), g.Status(), g.Hint(), legal, g.Over()})
	if err != nil {
		tb.Fatal(err)
	}
	return string(b)
}

func flagKeys(flags []referee.Flag) []string {
	var out []string
	for _, f := range flags {
		out = append(out, fmt.Sprintf("%+v", f))
	}
	return out
}

// Same reports whether two moves are the same: type, actor and payload byte for byte.
func Same(a, b referee.Move) bool {
	return a.Type == b.Type && a.Actor == b.Actor && string(a.Payload) == string(b.Payload)
}

// checkCited checks that every ruling the engine lists appears, as a word, in a test.
func checkCited(t *testing.T, r referee.Rules, patterns []string) {
	t.Helper()
	var text strings.Builder
	for _, p := range patterns {
		files, err := filepath.Glob(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			text.Write(b)
		}
	}
	for _, rl := range r.Rulings() {
		if !regexp.MustCompile(`\b` + regexp.QuoteMeta(rl.ID) + `\b`).MatchString(text.String()) {
			t.Errorf("ruling %s (%s) is cited by no test in %v", rl.ID, rl.Title, patterns)
		}
	}
}
