package refereetest

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
)

// simGames overrides how many games Simulate plays, for the long run that the default, kept to
// about a minute an engine, leaves out; simSeed plays one game alone, again, as a failure
// names it.
var (
	simGames = flag.Int("sim.games", 0, "games Simulate plays per engine (0: the engine's own number)")
	simSeed  = flag.Int("sim.seed", -1, "play only the game of this seed, as a failure names it (-1: every game)")
)

// A Table is one game at a simulated table, as an engine's tests build it. It deals real cards
// from a shuffled deck and knows every one of them; the referee knows only what is entered.
// Play runs the whole game: at every act it asks the table's typist (Typist.Act) to enter the
// act a player makes, lawful or a breach, and goes on from what was done. It follows the
// record as an independent judge would, telling the typist when the entered record first
// proves each breach (Typist.Proved). It never asks the referee anything.
type Table interface {
	Setup() events.Created
	Play(t Typist)
}

// Typist enters what happens at a simulated table into the record, as the person at the
// keyboard does: mistyping now and then, taking a slip back, and recording a refused act with
// --force when it happened anyway.
type Typist interface {
	// Act enters what a player does now: the lawful act the player's real cards allow and
	// the player chooses, or, now and then, one of the breaches given instead. It returns the
	// act that happened at the table — a breach the referee sets aside, or one the table
	// takes back after a refusal, leaves the lawful act to happen — and the event it stands
	// at in the record.
	Act(lawful referee.Move, breaches ...Breach) (done referee.Move, seq int64)
	// Unprompted enters, now and then, one of the breaches a player makes where the game
	// waits for no act of his (a drop after the referee closed his turn, nothing fitting). It
	// returns the zero Move when nothing was entered.
	Unprompted(breaches ...Breach) (done referee.Move, seq int64)
	// AfterEnd types, as the table may, a move after the game's end, with its player and
	// without: the record must refuse it, citing a ruling.
	AfterEnd(m referee.Move)
	// Proved says that the record proves the breach entered at seq from event by on (by is
	// seq itself for a breach proved on its face): the first event from which whatever was
	// played, shown or melded, elimination included, shows that it was a breach (P14, U14).
	// A breach is proved once.
	Proved(seq, by int64)
}

// Breach is an act that breaks a ruling, which a player could make at the table now.
type Breach struct {
	Move referee.Move
	// Rule is the ruling it breaks, which the referee's flag must cite.
	Rule string
	// What names the kind of breach, for the figures: "revoke", "bid out of turn".
	What string
	// Open: the record proves it on its face, at its own event (a bid below the minimum), so
	// Record refuses it; the table need not call Proved.
	Open bool
	// Severity is the severity its flag must have: referee.Illegal when left empty.
	Severity referee.Severity
	// SetAside: forced, the referee sets it aside because the game cannot go on from it
	// (L8), so the table takes it back and the player acts again.
	SetAside bool
}

// SimConfig says what Simulate needs of an engine beyond its Rules and its Conform Config.
type SimConfig struct {
	// Games is how many games to play by default; a tenth with -short; -sim.games overrides.
	Games int
	// Deal seats a new game at a simulated table.
	Deal func(rng *rand.Rand, names []string) Table
	// Hidden: the table makes breaches that the record may never prove (a card that is never
	// shown). A run of many games fails unless some stay unproved, since only those test that
	// nothing unproved is flagged.
	Hidden bool
	// HintMoves reads the moves a hint names or gives as examples, as a player would, so that
	// each can be tried.
	HintMoves func(g referee.Game, hint string) []referee.Move
}

// The simulated table's habits, per act entered.
const (
	breachRate = 0.06 // a player breaks a rule, where one can be broken
	typoRate   = 0.06 // the typist mistypes, then enters the act right
	slipRate   = 0.03 // the typist enters another lawful-looking move, then takes it back
	forceRate  = 0.5  // a refused breach is recorded with --force rather than taken back
	maxEntries = 20000
)

// Figures are what Simulate measured over one engine's games.
type Figures struct {
	Games, Acts, Entries int
	// Breaches made and left standing in the record; of them, those the record proves, those
	// flagged as the ruling says (its rule, on its event, naming the proving event), and
	// those missed. Unproved are the breaches nothing entered ever proves; UnprovedFlagged
	// those of them flagged anyway.
	Breaches, Proved, Flagged, Missed, Unproved, UnprovedFlagged int
	// Retracted breaches were refused and taken back; SetAside ones forced and set aside.
	Retracted, SetAside int
	// Unrefused are breaches the record shows on their face that Record accepted; Uncited,
	// moves after the end refused without a ruling, or accepted.
	Unrefused, Uncited int
	// FalseFlags are flags on lawful acts or corrections; Stray, flags on a breach that cite
	// another rule; Misplaced, flags on a breach with its rule but another severity, proving
	// event or setting aside than the ruling says.
	FalseFlags, Stray, Misplaced int
	// HintExceptions count every point where the guidance was wrong: an empty hint or legal
	// list while the game is on, a move listed or named that Record refuses, a hint silent on
	// the earlier event a move it names would prove wrong, a lawful act refused or not listed;
	// Exceptions counts them by kind.
	HintExceptions int
	Exceptions     map[string]int
	// Stuck games did not reach their end; Mismatches, states after a correction (or at the
	// end) that a fresh replay does not reach, or that the correction should not have led to:
	// a void not back where the game stood before the move, an amend not where the move
	// amended in leads.
	Stuck, Mismatches int
	// Typos are words mistyped; Slips, other moves entered and taken back, by a void (Voids,
	// typos' moves included) or an amend (Amends); Forced, refused moves recorded all the same.
	Typos, Slips, Voids, Amends, Forced int
	// AfterEnd are the moves typed after the end.
	AfterEnd int
	// Kinds counts the breaches made, by "rule what".
	Kinds map[string]int
	// Examples holds the first failures of each goal, for the test's message.
	Examples []string
}

func (f *Figures) fail(format string, args ...any) {
	if len(f.Examples) < 12 {
		f.Examples = append(f.Examples, fmt.Sprintf(format, args...))
	}
}

// String writes the figures as the closing lines of a run.
func (f *Figures) String() string {
	counted := func(m map[string]int) string {
		var out []string
		for k, n := range m {
			out = append(out, fmt.Sprintf("%s %d", k, n))
		}
		sort.Strings(out)
		return strings.Join(out, ", ")
	}
	return fmt.Sprintf("games %d, acts %d, entries %d; breaches %d (%s); proved %d, flagged %d, missed %d; "+
		"never proved %d, of them flagged %d; refused and taken back %d, forced and set aside %d, open but accepted %d; "+
		"moves after the end typed %d, refused without a ruling %d; "+
		"false flags %d, stray flags %d, misplaced flags %d; hint exceptions %d (%s); stuck games %d; replay mismatches %d; "+
		"typos %d, slips taken back %d, voids %d, amends %d, forced %d",
		f.Games, f.Acts, f.Entries, f.Breaches, counted(f.Kinds), f.Proved, f.Flagged, f.Missed,
		f.Unproved, f.UnprovedFlagged, f.Retracted, f.SetAside, f.Unrefused, f.AfterEnd, f.Uncited,
		f.FalseFlags, f.Stray, f.Misplaced, f.HintExceptions, counted(f.Exceptions), f.Stuck, f.Mismatches,
		f.Typos, f.Slips, f.Voids, f.Amends, f.Forced)
}

// Simulate plays seeded games at simulated tables whose truth is known, entering every act as
// a typist would, and checks the referee against that truth:
//   - recall: every breach the record proves is flagged on its own event, with its ruling and
//     severity, naming the proving event; a breach the record shows on its face is refused;
//     breaches nothing proves raise no flag;
//   - precision: no flag on a lawful act;
//   - guidance: at every point of a game not over, the hint is not empty, Legal lists a move,
//     every move Legal lists and every move the hint names is accepted with no flag on
//     itself, the hint names the earlier event a move it names would show wrong, and the
//     lawful act a player makes is listed and accepted;
//   - no stuck table: every game reaches its end, at the table and in the record;
//   - corrections: after every void the game is where it stood before the move voided, after
//     every amend where the move amended in leads, and the state a replayer following the log
//     reaches is the state a fresh replay reaches; at the end the record as entered replays
//     to the state and flags it was entered with.
//
// It logs the figures, and fails the test on any goal missed, or when a run of many games
// never made a kind of breach or correction it is there to test. -sim.seed N plays the game
// of seed N alone, as a failure names it.
func Simulate(t *testing.T, r referee.Rules, c Config, sc SimConfig) *Figures {
	t.Helper()
	games := sc.Games
	if testing.Short() {
		games = max(1, games/10)
	}
	// The default run is about a minute's work on an idle machine; on one busy with other
	// work it stops starting games, past the -short run's, once it has spent half of what
	// the test had left before go test's -timeout, so that the tests after it have the rest.
	// Every game played is checked in full, and the log says how many were.
	stopAt, budgeted := t.Deadline()
	if budgeted {
		stopAt = time.Now().Add(time.Until(stopAt) / 2)
	}
	least := max(1, games/10)
	if *simGames > 0 {
		games, budgeted = *simGames, false
	}
	first := 0
	if *simSeed >= 0 {
		first, games, budgeted = *simSeed, 1, false
	}
	f := &Figures{Kinds: map[string]int{}, Exceptions: map[string]int{}}
	for seed := first; seed < first+games; seed++ {
		if budgeted && seed-first >= least && time.Now().After(stopAt) {
			t.Logf("%s: played %d of %d games: half the test's time was spent (go test -timeout)", r.Name(), seed-first, games)
			break
		}
		rng := rand.New(rand.NewPCG(uint64(seed), 0x5A7))
		s := &sim{t: t, rules: r, c: c, sc: sc, rng: rng, seed: seed, f: f, breaches: map[int64]*standing{}}
		s.run(sc.Deal(rng, Names))
	}
	t.Logf("%s: %s", r.Name(), f)
	// What a run of many games must have made at least once, or it tests nothing of it.
	many := games >= 10
	goals := []struct {
		missed bool
		what   string
	}{
		{f.Missed > 0, fmt.Sprintf("%d proved breaches not flagged as the rulings say", f.Missed)},
		{f.UnprovedFlagged > 0, fmt.Sprintf("%d breaches nothing proves were flagged", f.UnprovedFlagged)},
		{f.Unrefused > 0, fmt.Sprintf("%d breaches seen on their face were not refused", f.Unrefused)},
		{f.Uncited > 0, fmt.Sprintf("%d moves after the end accepted or refused without a ruling", f.Uncited)},
		{f.FalseFlags > 0, fmt.Sprintf("%d flags on lawful acts", f.FalseFlags)},
		{f.Stray > 0, fmt.Sprintf("%d flags on breaches citing another rule", f.Stray)},
		{f.Misplaced > 0, fmt.Sprintf("%d flags on breaches with another severity, proving event or setting aside", f.Misplaced)},
		{f.HintExceptions > 0, fmt.Sprintf("%d points where the guidance was wrong", f.HintExceptions)},
		{f.Stuck > 0, fmt.Sprintf("%d games that did not reach their end", f.Stuck)},
		{f.Mismatches > 0, fmt.Sprintf("%d states a correction or a fresh replay should not have led to", f.Mismatches)},
		{f.Breaches == 0, "no breach was made: the simulation tests nothing"},
		{many && sc.Hidden && f.Unproved == 0, "no breach stayed unproved: nothing tests that unproved breaches stay silent"},
		{many && f.Retracted == 0, "no refused breach was taken back"},
		{many && f.SetAside == 0, "no breach was forced and set aside"},
		{many && f.Forced == 0, "nothing was forced"},
		{many && f.Typos == 0, "the typist never mistyped"},
		{many && f.Voids == 0, "no move was voided"},
		{many && f.Amends == 0, "no move was amended"},
	}
	for _, g := range goals {
		if g.missed {
			t.Errorf("%s: %s", r.Name(), g.what)
		}
	}
	if t.Failed() {
		t.Errorf("first failures (rerun one with -sim.seed N):\n  %s", strings.Join(f.Examples, "\n  "))
	}
	return f
}

// severity is the severity the breach's flag must have.
func (b Breach) severity() referee.Severity {
	if b.Severity == "" {
		return referee.Illegal
	}
	return b.Severity
}

// standing is a breach as it stands in the record.
type standing struct {
	Breach
	by int64 // the event that proves it; 0 while unproved
}

// stop ends a simulated game early: the record cannot follow the table any further.
type stop struct{}

// sim is one game at a simulated table: the log as entered, the game as every terminal sees it
// after each entry, and a replayer following the log as an import does.
type sim struct {
	t     *testing.T
	rules referee.Rules
	c     Config
	sc    SimConfig
	rng   *rand.Rand
	seed  int
	f     *Figures

	players  []string
	log      []events.Event
	o        *referee.Outcome  // the game as entered, each move judged with Try as Record does
	rp       *referee.Replayer // the same log followed as an import follows it
	breaches map[int64]*standing
}

func (s *sim) run(tbl Table) {
	s.f.Games++
	setup := tbl.Setup()
	s.players = setup.Players
	s.log = Log(s.t, setup, nil)
	s.o = Replay(s.t, s.rules, s.log)
	var err error
	if s.rp, err = referee.NewReplayer(s.rules, s.log[0], nil); err != nil {
		s.t.Fatal(err)
	}
	if !s.play(tbl) {
		return
	}
	if !s.o.Game.Over() {
		s.f.Stuck++
		s.f.fail("seed %d: the table's game ended, the record's is not over: %s", s.seed, s.o.Game.Hint())
		return
	}
	s.judge()
}

// play runs the table's game, and reports whether it ran to its end.
func (s *sim) play(tbl Table) (ended bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(stop); !ok {
				panic(r)
			}
			s.f.Stuck++
		}
	}()
	tbl.Play(s)
	return true
}

// Act implements Typist.
func (s *sim) Act(lawful referee.Move, breaches ...Breach) (referee.Move, int64) {
	s.f.Acts++
	if s.o.Game.Over() {
		s.f.fail("seed %d, event %d: the record's game is over, the table's goes on with %s", s.seed, s.next(), s.o.Game.Notation(lawful))
		panic(stop{})
	}
	return s.act(&lawful, breaches)
}

// Unprompted implements Typist.
func (s *sim) Unprompted(breaches ...Breach) (referee.Move, int64) {
	if len(breaches) == 0 || s.rng.Float64() >= breachRate {
		return referee.Move{}, 0
	}
	s.f.Acts++
	return s.act(nil, breaches)
}

// act enters the lawful act, or now and then one of the breaches. With no lawful act, the
// player does nothing unless a breach is made.
func (s *sim) act(lawful *referee.Move, breaches []Breach) (referee.Move, int64) {
	// The game the referee closed by itself may have ended: the breach after it reopens it.
	if !s.o.Game.Over() {
		s.guide(lawful)
	}
	var b *Breach
	if len(breaches) > 0 && (lawful == nil || s.rng.Float64() < breachRate) {
		b = &breaches[s.rng.IntN(len(breaches))]
	}
	for {
		if b == nil && lawful == nil {
			return referee.Move{}, 0
		}
		act := b.moveOr(lawful)
		seq, refused := s.enter(act, b == nil)
		switch {
		case !refused && b == nil:
			return act, seq
		case !refused:
			if b.Open {
				s.f.Unrefused++
				s.f.fail("seed %d: the %s at event %d (%s) is seen on its face, but was accepted", s.seed, b.What, seq, s.describe(seq))
			}
			s.stand(seq, *b)
			return act, seq
		case b == nil:
			s.exception("lawful act refused", "the lawful %s is refused: %s", s.o.Game.Notation(act), s.refusal(act))
			return act, s.force(act)
		case s.rng.Float64() >= forceRate:
			s.f.Retracted++ // the table takes it back, and the player acts lawfully
		case b.SetAside:
			s.stand(s.force(act), *b)
			s.f.SetAside++
			if lawful != nil {
				s.guide(lawful)
			}
		default:
			seq := s.force(act)
			s.stand(seq, *b)
			return act, seq
		}
		b = nil
	}
}

// AfterEnd implements Typist.
func (s *sim) AfterEnd(m referee.Move) {
	g := s.o.Game
	if !g.Over() {
		return // the run finds the record's game not over
	}
	words := strings.Fields(g.Notation(m))
	typed := [][]string{words}
	if len(words) > 1 && slices.Contains(s.players, words[0]) {
		typed = append(typed, words[1:])
	}
	for _, w := range typed {
		s.f.AfterEnd++
		why := ""
		if read, err := s.typed(w); err != nil {
			why = err.Error()
		} else if !s.refused(read) {
			s.f.Uncited++
			s.f.fail("seed %d: after the end, %q is accepted", s.seed, strings.Join(w, " "))
			continue
		} else {
			why = s.refusal(read)
		}
		if !s.citesRuling(why) {
			s.f.Uncited++
			s.f.fail("seed %d: after the end, %q is refused citing no ruling: %s", s.seed, strings.Join(w, " "), why)
		}
	}
}

// citesRuling reports whether a refusal names one of the engine's rulings.
func (s *sim) citesRuling(why string) bool {
	for _, r := range s.rules.Rulings() {
		if regexp.MustCompile(`\b` + regexp.QuoteMeta(r.ID) + `\b`).MatchString(why) {
			return true
		}
	}
	return false
}

// moveOr is the breach's move, or lawful's when there is no breach.
func (b *Breach) moveOr(lawful *referee.Move) referee.Move {
	if b != nil {
		return b.Move
	}
	return *lawful
}

// Proved implements Typist.
func (s *sim) Proved(seq, by int64) {
	b := s.breaches[seq]
	switch {
	case b == nil:
		s.t.Fatalf("seed %d: the table says event %d, proved by %d, was a breach; it was not", s.seed, seq, by)
	case b.by != 0:
		s.t.Fatalf("seed %d: the table proves the breach at event %d twice, by %d and by %d", s.seed, seq, b.by, by)
	}
	b.by = by
}

// stand notes a breach that stands in the record at seq.
func (s *sim) stand(seq int64, b Breach) {
	s.f.Breaches++
	s.f.Kinds[b.Rule+" "+b.What]++
	s.breaches[seq] = &standing{Breach: b}
	if b.Open {
		s.breaches[seq].by = seq
	}
}

func (s *sim) next() int64 { return int64(len(s.log) + 1) }

func (s *sim) exception(kind, format string, args ...any) {
	s.f.HintExceptions++
	s.f.Exceptions[kind]++
	s.f.fail("seed %d, event %d: "+format, append([]any{s.seed, s.next()}, args...)...)
}

// guide checks the guidance the table sees before an act: a hint, and every move Legal lists
// or the hint names accepted, the player's lawful act, if any, among them.
func (s *sim) guide(lawful *referee.Move) {
	g := s.o.Game
	hint := g.Hint()
	if strings.TrimSpace(hint) == "" {
		s.exception("empty hint", "the hint is empty")
	}
	legal := g.Legal()
	if len(legal) == 0 {
		s.exception("empty legal list", "Legal lists no move while the game is on (hint %q)", hint)
	}
	for _, m := range legal {
		if s.refused(m) {
			s.exception("listed move refused", "Legal lists %s, which is refused: %s", g.Notation(m), s.refusal(m))
		}
	}
	if s.sc.HintMoves != nil {
		for _, m := range s.sc.HintMoves(g, hint) {
			if s.refused(m) {
				s.exception("hinted move refused", "the hint %q names %s, which is refused: %s", hint, g.Notation(m), s.refusal(m))
			}
			for _, seq := range s.proves(m) {
				if !regexp.MustCompile(fmt.Sprintf(`\b%d\b`, seq)).MatchString(hint) {
					s.exception("hint silent on a proof", "the hint %q names %s, which would show event %d wrong, and does not say so", hint, g.Notation(m), seq)
				}
			}
		}
	}
	if lawful != nil && !listed(legal, *lawful, s.c) {
		s.exception("lawful act not listed", "the lawful %s is not among the %d moves Legal lists (hint %q)", g.Notation(*lawful), len(legal), hint)
	}
}

// refused reports whether Record would refuse m now.
func (s *sim) refused(m referee.Move) bool {
	return referee.Refuses(referee.Own(s.o.Game.Clone().Apply(s.next(), m), s.next()))
}

// proves lists the earlier events m would flag if Record took it now.
func (s *sim) proves(m referee.Move) []int64 {
	var out []int64
	for _, f := range s.o.Game.Clone().Apply(s.next(), m) {
		if f.Seq != s.next() {
			out = append(out, f.Seq)
		}
	}
	return out
}

func (s *sim) refusal(m referee.Move) string {
	var why []string
	for _, f := range referee.Own(s.o.Game.Clone().Apply(s.next(), m), s.next()) {
		why = append(why, f.Reason())
	}
	return strings.Join(why, "; ")
}

// event is the next event of the log.
func (s *sim) event(typ, actor string, payload []byte) events.Event {
	return events.Event{Game: 1, Seq: s.next(), Type: typ, Actor: actor, Payload: payload}
}

// append records e as Record does, with the outcome Try gave.
func (s *sim) append(e events.Event, next *referee.Outcome) {
	s.log = append(s.log, e)
	s.o = next
	s.rp.Add(e)
	s.f.Entries++
	if len(s.log) > maxEntries {
		s.f.fail("seed %d: %d entries and the game goes on", s.seed, len(s.log))
		panic(stop{})
	}
}

// record judges m as Record does: it appends it unless its own flags refuse it and it is not
// forced, and reports whether it was refused.
func (s *sim) record(m referee.Move, force bool) (seq int64, refused bool) {
	e := s.event(m.Type, m.Actor, m.Payload)
	next, raised := s.o.Try(e)
	if referee.Refuses(referee.Own(raised, e.Seq)) && !force {
		if strings.TrimSpace(s.o.Game.Hint()) == "" {
			s.exception("empty hint", "a refusal of %s has no hint", s.o.Game.Notation(m))
		}
		return 0, true
	}
	s.append(e, next)
	return e.Seq, false
}

func (s *sim) force(m referee.Move) int64 {
	s.f.Forced++
	seq, _ := s.record(m, true)
	return seq
}

// typed reads words as the table's terminal does, against the game as it stands.
func (s *sim) typed(words []string) (referee.Move, error) { return s.o.Game.Parse(words) }

// enter types act and records it, after a typo or a slip now and then (only while entering a
// lawful act is a slip made, to be taken back). It reports whether act was refused.
func (s *sim) enter(act referee.Move, lawful bool) (seq int64, refused bool) {
	if s.rng.Float64() < typoRate {
		s.typo(act)
	}
	if lawful && s.rng.Float64() < slipRate {
		if seq, ok := s.slip(act); ok {
			return seq, false
		}
	}
	words := strings.Fields(s.o.Game.Notation(act))
	m, err := s.typed(words)
	if err != nil || !Same(m, act) {
		s.t.Fatalf("seed %d: %q, the notation of %+v, reads as %+v (%v)", s.seed, strings.Join(words, " "), act, m, err)
	}
	return s.record(m, false)
}

// typo types act with one slip of the keys. What the slip makes is refused — a word no move
// has, or a move that breaks a rule — with a hint, or is a move of its own, which the typist
// takes back.
func (s *sim) typo(act referee.Move) {
	words := strings.Fields(s.o.Game.Notation(act))
	i := s.rng.IntN(len(words))
	switch k := s.rng.IntN(4); {
	case k == 0 && len(words) > 1:
		words = slices.Delete(words, i, i+1)
	case k == 1:
		words = slices.Insert(words, i, words[i])
	default:
		w := []rune(words[i])
		j := s.rng.IntN(len(w))
		w[j] = []rune("abcdefghijklmnopqrstuvwxyz0123456789AKQJT")[s.rng.IntN(41)]
		words[i] = string(w)
	}
	s.f.Typos++
	m, err := s.typed(words)
	if err != nil {
		if strings.TrimSpace(s.o.Game.Hint()) == "" {
			s.exception("empty hint", "%q is not read (%v), and the hint is empty", strings.Join(words, " "), err)
		}
		return
	}
	if Same(m, act) {
		return // the slip made no difference
	}
	before := s.where()
	if seq, refused := s.record(m, false); !refused {
		s.f.Slips++
		s.takeBack(seq, before)
	}
}

// slip enters another move Legal lists instead of act, as a finger on the wrong card does, and
// takes it back: with an undo or a void and then act, or with an amend to act, when act can be
// amended in. It returns the event act stands at when an amend put it there.
func (s *sim) slip(act referee.Move) (int64, bool) {
	var others []referee.Move
	for _, m := range s.o.Game.Legal() {
		if !Same(m, act) {
			others = append(others, m)
		}
	}
	if len(others) == 0 {
		return 0, false
	}
	wrong := others[s.rng.IntN(len(others))]
	before := s.o.Game.Clone()
	back := s.where()
	seq, refused := s.record(wrong, false)
	if refused {
		return 0, false
	}
	s.f.Slips++
	if s.rng.IntN(2) == 0 {
		amended := before.Clone()
		if own := referee.Own(amended.Apply(seq, act), seq); !referee.Refuses(own) {
			s.f.Amends++
			s.correct(events.TypeAmend, events.Amend{Target: seq, Type: act.Type, Actor: act.Actor, Payload: act.Payload},
				observe(s.t, amended), "amend of event %d to %s", seq, s.o.Game.Notation(act))
			return seq, true
		}
	}
	s.takeBack(seq, back)
	return 0, false
}

// where is where the game stands, flags and all, for a void to come back to.
func (s *sim) where() string {
	return observe(s.t, s.o.Game) + strings.Join(flagKeys(s.o.Flags), "\n")
}

// takeBack takes back the move just recorded at seq, with a void naming it (what an undo
// records), which must bring the game back to where it stood before: before.
func (s *sim) takeBack(seq int64, before string) {
	note := ""
	if s.rng.IntN(2) == 0 {
		note = "misheard"
	}
	s.f.Voids++
	s.correct(events.TypeVoid, events.Void{Target: seq, Note: note}, "", "void of event %d", seq)
	if s.where() != before {
		s.f.Mismatches++
		s.f.fail("seed %d: after the void of event %d, the game is not where it stood before the move", s.seed, seq)
	}
}

// correct records a correction as the table's terminal does — the game replayed with it — and
// checks that the replayer following the log reaches the same state, and, when want is not
// empty, that it is the state want the correction (what) should lead to.
func (s *sim) correct(typ string, payload any, want string, what string, args ...any) {
	b, err := json.Marshal(payload)
	if err != nil {
		s.t.Fatal(err)
	}
	e := s.event(typ, "", b)
	next, err := referee.Replay(s.rules, append(slices.Clip(s.log), e))
	if err != nil {
		s.t.Fatal(err)
	}
	s.append(e, next)
	if observe(s.t, s.rp.Game()) != observe(s.t, s.o.Game) {
		s.f.Mismatches++
		s.f.fail("seed %d: after the %s at event %d, the replayer is not where a fresh replay is", s.seed, fmt.Sprintf(what, args...), e.Seq)
	}
	if want != "" && observe(s.t, s.o.Game) != want {
		s.f.Mismatches++
		s.f.fail("seed %d: after the %s at event %d, the game is not where the move amended in leads", s.seed, fmt.Sprintf(what, args...), e.Seq)
	}
}

// judge holds the flags of a fresh replay of the finished record against the breaches as
// they stand, and against the game as it was entered.
func (s *sim) judge() {
	final := Replay(s.t, s.rules, s.log)
	if !slices.Equal(flagKeys(final.Flags), flagKeys(s.o.Flags)) || observe(s.t, final.Game) != observe(s.t, s.o.Game) {
		s.f.Mismatches++
		s.f.fail("seed %d: the record as entered replays to other flags or another state", s.seed)
	}
	inForce := map[int64]bool{}
	for _, p := range final.Moves() {
		inForce[p.Seq] = true
	}
	found := map[int64]bool{}
	for _, fl := range final.Flags {
		b := s.breaches[fl.Seq]
		switch {
		case b == nil:
			s.f.FalseFlags++
			s.f.fail("seed %d: a flag on a lawful act: event %d (%s): %s", s.seed, fl.Seq, s.describe(fl.Seq), fl)
		case fl.Rule != b.Rule:
			s.f.Stray++
			s.f.fail("seed %d: the %s at event %d (%s) is flagged under %s: %s", s.seed, b.What, fl.Seq, s.describe(fl.Seq), fl.Rule, fl)
		case b.by == 0:
			s.f.UnprovedFlagged++
			s.f.fail("seed %d: the %s at event %d (%s), which nothing proves, is flagged: %s", s.seed, b.What, fl.Seq, s.describe(fl.Seq), fl)
		case fl.RevealedBy == revealedBy(fl.Seq, b.by) && fl.SetAside == b.SetAside && fl.Severity == b.severity():
			found[fl.Seq] = true
		default:
			s.f.Misplaced++
			s.f.fail("seed %d: the %s at event %d (%s) is proved by event %d, %s, set aside %v, but flagged: %s", s.seed, b.What, fl.Seq, s.describe(fl.Seq), b.by, b.severity(), b.SetAside, fl)
		}
	}
	for seq, b := range s.breaches {
		if !inForce[seq] {
			s.t.Fatalf("seed %d: the breach at event %d is not a move in force", s.seed, seq)
		}
		switch {
		case b.by == 0:
			s.f.Unproved++
		case found[seq]:
			s.f.Proved++
			s.f.Flagged++
		default:
			s.f.Proved++
			s.f.Missed++
			s.f.fail("seed %d: the %s at event %d (%s), proved by event %d, is not flagged so", s.seed, b.What, seq, s.describe(seq), b.by)
		}
	}
}

// revealedBy is what a flag on a breach at seq proved by event by names: nothing when it was
// proved on its face.
func revealedBy(seq, by int64) int64 {
	if by == seq {
		return 0
	}
	return by
}

// describe writes the move in force at seq, for messages.
func (s *sim) describe(seq int64) string {
	return notationAt(s.t, s.rules, s.log, seq)
}

// Payload reads a move's payload into an engine's own type. The move is a simulated table's
// own, so one that does not read is a bug in the test.
func Payload[T any](m referee.Move) T {
	var p T
	if err := json.Unmarshal(m.Payload, &p); err != nil {
		panic(fmt.Sprintf("the table's own %s does not read: %v", m.Type, err))
	}
	return p
}
