package tournament

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/refereetest"
)

// night builds a tournament's log move by move, each typed move read in the light of the night
// so far, as the application records them.
type night struct {
	t     *testing.T
	setup events.Created
	moves []referee.Move
}

func newNightLog(t *testing.T, opts map[string]string, players ...string) *night {
	t.Helper()
	o := map[string]string{"game": "pinochle", "format": Swiss, "seed": "7"}
	for k, v := range opts {
		o[k] = v
	}
	return &night{t: t, setup: events.Created{Kind: Kind, Ruleset: "tournament/1", Tournament: "friday", Players: players, Options: o}}
}

// state is the night replayed so far.
func (b *night) state() (*Night, *referee.Outcome) {
	b.t.Helper()
	o := refereetest.Replay(b.t, Rules{}, refereetest.Log(b.t, b.setup, b.moves))
	return o.Game.(*Night), o
}

// typed records a move as the organiser types it and returns the flags it raised on itself.
func (b *night) typed(line string) []referee.Flag {
	b.t.Helper()
	g, _ := b.state()
	m, err := g.Parse(strings.Fields(line))
	if err != nil {
		b.t.Fatalf("%q: %v", line, err)
	}
	return b.add(m)
}

// add records a move and returns the flags it raised on itself.
func (b *night) add(m referee.Move) []referee.Flag {
	b.t.Helper()
	b.moves = append(b.moves, m)
	_, o := b.state()
	return referee.Own(o.Flags, int64(len(b.moves)+1))
}

// pair pairs the next round as the application does, with points given, standings by them.
func (b *night) pair(points map[string]float64) (Output, []referee.Flag) {
	b.t.Helper()
	g, _ := b.state()
	in := g.NextInput(standings(g, points), points)
	out, err := Pair(in)
	if err != nil {
		b.t.Fatal(err)
	}
	return out, b.add(PairedMove(in, out))
}

// wantFlag fails unless flags hold exactly one, citing rule, with a message and a hint.
func wantFlag(t *testing.T, what string, flags []referee.Flag, rule string) {
	t.Helper()
	if len(flags) != 1 || flags[0].Rule != rule || flags[0].Severity != referee.Illegal || flags[0].Message == "" {
		t.Fatalf("%s: flags %+v, want one illegal flag citing %s", what, flags, rule)
	}
}

// hasFlag fails unless flags hold an illegal one citing rule (others may cite other rulings
// the same seating breaks).
func hasFlag(t *testing.T, what string, flags []referee.Flag, rule string) {
	t.Helper()
	if !slices.ContainsFunc(flags, func(f referee.Flag) bool { return f.Rule == rule && f.Severity == referee.Illegal && f.Hint != "" }) {
		t.Fatalf("%s: flags %+v, want an illegal one citing %s", what, flags, rule)
	}
}

func noFlag(t *testing.T, what string, flags []referee.Flag) {
	t.Helper()
	if len(flags) != 0 {
		t.Fatalf("%s: flagged %+v", what, flags)
	}
}

func TestNotationReadsBack(t *testing.T) {
	b := newNightLog(t, nil, "ann", "bob", "cy", "dee")
	b.pair(nil)
	g, _ := b.state()
	for _, line := range []string{
		"arrive eve", "arrive eve 1500", "rate ann 1500", "drop bob",
		"seat 1 ann-bob cy-dee", "seat 1 ann-bob bye cy dee", "end 1", "release 1", "close",
	} {
		m, err := g.Parse(strings.Fields(line))
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if got := g.Notation(m); got != line {
			t.Errorf("%q is written back as %q", line, got)
		}
		if back, err := g.Parse(strings.Fields(g.Notation(m))); err != nil || !refereetest.Same(back, m) {
			t.Errorf("%q reads back as %+v (%v)", line, back, err)
		}
		if g.Describe(m) == "" || g.Describe(m) == m.Type {
			t.Errorf("%q is described as %q", line, g.Describe(m))
		}
	}
	// Names read in any case, written as entered; end names the round in play.
	for typed, want := range map[string]string{"DROP Bob": "drop bob", "end": "end 1", "seat 1 ANN-bob Cy-dee": "seat 1 ann-bob cy-dee"} {
		m, err := g.Parse(strings.Fields(typed))
		if err != nil || g.Notation(m) != want {
			t.Errorf("%q reads as %q (%v), want %q", typed, g.Notation(m), err, want)
		}
	}
}

func TestParseErrorsNameTheWord(t *testing.T) {
	g, _ := newNightLog(t, nil, "ann", "bob").state()
	for line, want := range map[string]string{
		"pair":                  "the organiser pairs a round",
		"arrive":                "arrive takes a name",
		"arrive bye":            `"bye"`,
		"arrive a-b":            `"a-b"`,
		"arrive eve x":          `rating "x"`,
		"rate ann":              "rate takes a name and a rating",
		"drop":                  "drop takes a name",
		"seat x ann-bob":        `round "x"`,
		"seat 1 ann":            `table "ann" seats one player`,
		"seat 1 ann- bob":       `table "ann-"`,
		"seat 1 ann-bob bye":    `"bye" names nobody`,
		"seat 1 bye ann bob-cy": `"bob-cy" after "bye"`,
		"end":                   "no round has been paired yet",
		"end 0":                 `round "0"`,
		"close now":             "close takes no word",
		"drp ann":               "did you mean drop?",
	} {
		_, err := g.Parse(strings.Fields(line))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want one saying %q", line, err, want)
		}
	}
}

func TestNewRefusesWhatTheGameDoesNot(t *testing.T) {
	for _, tc := range []struct {
		opts map[string]string
		want string
	}{
		{map[string]string{"table_size": "4"}, "table_size 4: pinochle is played at tables of 2"},
		{map[string]string{"format": Rotation}, "pinochle is played by two: a rotation is for the kinds played at larger tables"},
		{map[string]string{"game": "capture", "format": RoundRobin, "table_size": "3"}, "a round robin is played at tables of 2, not 3"},
		{map[string]string{"game": "article2", "table_size": "5"}, "table_size 5: article2 is played at tables of 2 to 4"},
		{map[string]string{"tie_breaks": "rating,rating"}, "rating is listed twice"},
		{map[string]string{"game": "chess"}, "option game=chess"},
	} {
		_, err := Rules{}.New(newNightLog(t, tc.opts, "ann", "bob").setup)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want %q", tc.opts, err, tc.want)
		}
	}
	if _, err := (Rules{}).New(newNightLog(t, nil, "ann", "a-b").setup); err == nil {
		t.Error("a player whose name holds the - that joins a table was entered")
	}
	g, err := Rules{}.New(newNightLog(t, map[string]string{"tie_breaks": "direct,rating", "double": "on", "format": RoundRobin}, "ann", "bob", "cy").setup)
	if err != nil {
		t.Fatal(err)
	}
	// A round robin's rounds are its tables' (3 players: 3 rows, played twice), whatever rounds says.
	if s := g.(*Night).Settings(); !slices.Equal(s.TieBreaks, []string{Direct, Rating}) || s.Rounds != 6 || !s.Double || s.Seed != 7 {
		t.Errorf("settings %+v", s)
	}
}

// TestPlayerFlags is T1 on arrivals, ratings and drops.
func TestPlayerFlags(t *testing.T) {
	b := newNightLog(t, nil, "ann", "bob", "cy", "dee")
	noFlag(t, "rate before round 1", b.typed("rate ann 1600"))
	wantFlag(t, "rate of one not entered", b.typed("rate zed 1500"), "T1")
	wantFlag(t, "arrive of one present", b.typed("arrive Ann"), "T1")
	wantFlag(t, "drop of one not entered", b.typed("drop zed"), "T1")
	noFlag(t, "drop", b.typed("drop dee"))
	wantFlag(t, "drop of one who dropped", b.typed("drop dee"), "T1")
	noFlag(t, "arrive before round 1", b.typed("arrive eve 1400"))
	noFlag(t, "arrive of one who left before round 1", b.typed("arrive dee"))
	b.pair(nil)
	wantFlag(t, "rate after round 1", b.typed("rate bob 1500"), "T1")
	noFlag(t, "arrive while round 1 is in play", b.typed("arrive fay"))
	g, _ := b.state()
	var got []string
	for _, e := range g.Entrants() {
		got = append(got, e.Name)
		if e.Name == "fay" && (e.Arrived != 2 || e.Number != 6) {
			t.Errorf("fay's entry %+v: paired from round 2, number 6", e)
		}
	}
	if want := []string{"ann", "bob", "cy", "eve", "dee", "fay"}; !slices.Equal(got, want) {
		t.Errorf("entrants %v, want %v (dee left before round 1, so came back after eve)", got, want)
	}
	if slices.ContainsFunc(g.Rounds()[0].Tables, func(tb Table) bool { return slices.Contains(tb.Players, "fay") }) {
		t.Error("fay, arriving in round 1, is seated in it")
	}

	rr := newNightLog(t, map[string]string{"format": RoundRobin}, "ann", "bob", "cy")
	noFlag(t, "arrive before a round robin", rr.typed("arrive dee"))
	rr.pair(nil)
	wantFlag(t, "arrive after round 1 of a round robin", rr.typed("arrive eve"), "T1")
}

// TestRoundFlags is T9 on the rounds' course: end, release, close, and a pairing out of turn.
func TestRoundFlags(t *testing.T) {
	b := newNightLog(t, nil, "ann", "bob", "cy", "dee")
	if f := b.add(referee.NewMove(TypeEnd, "", roundOf{1})); len(f) != 1 || f[0].Rule != "T9" || !f[0].SetAside {
		t.Fatalf("end before any round: %+v", f)
	}
	wantFlag(t, "release with confirm=off", b.add(referee.NewMove(TypeRelease, "", roundOf{1})), "T9")
	out, flags := b.pair(nil)
	noFlag(t, "the application's pairing", flags)
	round1 := b.moves[len(b.moves)-1]
	wantFlag(t, "a round paired while one is in play", b.add(round1), "T9")
	b.moves = b.moves[:len(b.moves)-1]
	wantFlag(t, "end of a round not in play", b.typed("end 2"), "T9")
	noFlag(t, "end", b.typed("end"))
	wantFlag(t, "end twice", b.typed("end 1"), "T9")
	wantFlag(t, "round 1 paired again", b.add(round1), "T9")
	wantFlag(t, "seat after the round ended", b.typed("seat 1 "+tablesWords(out.Tables)), "T9")
	noFlag(t, "close", b.typed("close"))
	wantFlag(t, "close twice", b.typed("close"), "T9")
	g, _ := b.state()
	if !g.Over() || !g.Closed() || len(g.Legal()) != 0 {
		t.Errorf("a closed night: over %v, legal %v", g.Over(), g.Legal())
	}

	c := newNightLog(t, map[string]string{"confirm": "on"}, "ann", "bob")
	c.pair(nil)
	wantFlag(t, "release before the round ended", c.typed("release"), "T9")
	noFlag(t, "end", c.typed("end"))
	noFlag(t, "release", c.typed("release"))
	if g, _ := c.state(); !g.Rounds()[0].Released || !g.Rounds()[0].Ended {
		t.Errorf("round 1 after end and release: %+v", g.Rounds()[0])
	}

	// Closing the night ends the round in play: its games are the director's (T16).
	d := newNightLog(t, nil, "ann", "bob")
	d.pair(nil)
	noFlag(t, "close during round 1", d.typed("close"))
	if g, _ := d.state(); !g.Rounds()[0].Ended {
		t.Errorf("round 1 after the close in its play: %+v", g.Rounds()[0])
	}
}

// TestPairedInputIsTheNights is T1 and T5 on a pairing's input: the players present, round 1
// in the tournament's own order (TR1), and the rest as the log has it.
func TestPairedInputIsTheNights(t *testing.T) {
	b := newNightLog(t, nil, "ann", "bob", "cy", "dee")
	g, _ := b.state()
	stale := g.NextInput(nil, nil)
	b.typed("arrive eve")
	out, _ := Pair(stale)
	wantFlag(t, "a pairing leaving out an arrival", b.add(PairedMove(stale, out)), "T1")

	b = newNightLog(t, nil, "ann", "bob", "cy", "dee")
	b.typed("rate dee 2000")
	g, _ = b.state()
	in := g.NextInput(nil, nil)
	if in.Players[0].Name != "dee" {
		t.Fatalf("round 1 is not by rating: %v", namesOf(in.Players))
	}
	slices.Reverse(in.Players)
	out, _ = Pair(in)
	wantFlag(t, "round 1 in an order of the application's", b.add(PairedMove(in, out)), "T5")

	b = newNightLog(t, nil, "ann", "bob", "cy", "dee")
	g, _ = b.state()
	in = g.NextInput(nil, nil)
	in.Players[0].Byes = 1
	out, _ = Pair(in)
	wantFlag(t, "a bye the log does not have", b.add(PairedMove(in, out)), "T9")
}

// TestRound1IsDrawnFromTheSeed: without ratings round 1's order is a shuffle drawn from the
// seed, the same every time, and another seed draws another (TR1).
func TestRound1IsDrawnFromTheSeed(t *testing.T) {
	players := []string{"ann", "bob", "cy", "dee", "eve", "fay", "gus", "hal"}
	order := func(seed string) []string {
		g, _ := newNightLog(t, map[string]string{"seed": seed}, players...).state()
		return namesOf(g.NextInput(nil, nil).Players)
	}
	if !slices.Equal(order("7"), order("7")) {
		t.Error("one seed draws two orders")
	}
	if slices.Equal(order("7"), order("8")) && slices.Equal(order("7"), order("9")) {
		t.Error("three seeds draw one order")
	}
	if slices.Equal(order("7"), players) {
		t.Error("round 1 is in the order of entry, not drawn")
	}
}

// seatedBy pairs round 1 of four (a v c, b v d, by the fold), ends it, pairs round 2 with ann
// and bob on a point, and returns the night and round 2's pairing.
func seatedBy(t *testing.T) (*night, Output) {
	b := newNightLog(t, nil, "ann", "bob", "cy", "dee")
	for _, p := range []string{"ann", "bob", "cy", "dee"} {
		b.typed("rate " + p + " " + map[string]string{"ann": "1900", "bob": "1800", "cy": "1700", "dee": "1600"}[p])
	}
	out, flags := b.pair(nil)
	noFlag(t, "round 1", flags)
	if got := tablesWords(out.Tables); got != "ann-cy dee-bob" && got != "ann-cy bob-dee" {
		t.Fatalf("round 1 seats %s", got)
	}
	b.typed("end")
	out, flags = b.pair(map[string]float64{"ann": 1, "bob": 1})
	noFlag(t, "round 2", flags)
	return b, out
}

// TestSeatByHand is T2, T4, T5 and T7 on a round seated by hand: each as paired raises no flag,
// each worse than the pairing is flagged (TR2).
func TestSeatByHand(t *testing.T) {
	b, out := seatedBy(t)
	if got := seatingWords(out.Tables, nil); got != "bob-ann dee-cy" && got != "ann-bob cy-dee" && got != "ann-bob dee-cy" && got != "bob-ann cy-dee" {
		t.Fatalf("round 2 seats %s", got)
	}
	noFlag(t, "round 2 seated as paired", b.typed("seat 2 "+seatingWords(out.Tables, nil)))
	hasFlag(t, "a rematch seated by hand", b.typed("seat 2 ann-cy bob-dee"), "T4")
	wantFlag(t, "far scores paired by hand", b.typed("seat 2 dee-ann cy-bob"), "T5")
	swapped := slices.Clone(out.Tables[0].Players)
	slices.Reverse(swapped)
	wantFlag(t, "the wrong first", b.typed("seat 2 "+strings.Join(swapped, "-")+" "+seatingWords(out.Tables[1:], nil)), "T7")
	wantFlag(t, "a table of 3 at tables of 2", b.typed("seat 2 ann-bob-cy bye dee"), "T2")
	wantFlag(t, "a player seated twice", b.typed("seat 2 ann-bob cy-ann"), "T1")
	wantFlag(t, "a player not present", b.typed("seat 2 ann-bob cy-zed bye dee"), "T1")
	wantFlag(t, "a seating of a round not in play", b.typed("seat 3 ann-bob cy-dee"), "T9")
	g, _ := b.state()
	if r := g.Rounds()[1]; !r.ByHand || tablesWords(r.Tables) != "ann-bob cy-zed" {
		t.Errorf("round 2 as it now stands: %+v", r)
	}
	// The seating stands as played, flagged; a name in it that no entrant has does not stop
	// round 3 from being paired.
	b.typed("end")
	if _, flags := b.pair(map[string]float64{"ann": 2, "bob": 1, "cy": 1, "dee": 1}); len(flags) != 0 {
		t.Errorf("round 3: %+v", flags)
	}
}

// TestSeatTheWrongBye is T3: five players, and the bye by hand to the one who had it.
func TestSeatTheWrongBye(t *testing.T) {
	b := newNightLog(t, nil, "ann", "bob", "cy", "dee", "eve")
	out, _ := b.pair(nil)
	if len(out.Byes) != 1 {
		t.Fatalf("round 1 of five gives byes %v", out.Byes)
	}
	had := out.Byes[0]
	b.typed("end")
	points := map[string]float64{had: 1}
	out, flags := b.pair(points)
	noFlag(t, "round 2", flags)
	var others []string
	for _, p := range []string{"ann", "bob", "cy", "dee", "eve"} {
		if p != had {
			others = append(others, p)
		}
	}
	// Seat the other four with the bye to the one who had it: a second bye while others have none.
	g, _ := b.state()
	in := g.Rounds()[1].Input
	r, _ := read(in)
	var tables []Table
	for i := 0; i < 4; i += 2 {
		ps := []*competitor{r.byName[others[i]], r.byName[others[i+1]]}
		slices.SortFunc(ps, func(a, b *competitor) int { return a.rank - b.rank })
		first := firstOf(ps)
		tables = append(tables, Table{Table: i/2 + 1, Players: firstSeated(others[i:i+2], first.Name)})
	}
	f := b.typed("seat 2 " + tablesWords(tables) + " bye " + had)
	if !slices.ContainsFunc(f, func(f referee.Flag) bool { return f.Rule == "T3" && strings.Contains(f.Hint, out.Byes[0]) }) {
		t.Fatalf("a second bye to %s: flags %+v, want T3 naming %s", had, f, out.Byes[0])
	}
}

// TestAnEquallyRightBye: a bye by hand to another player as right by T3's words (as few byes,
// as many points, the rest paired with no rematch) is not flagged; the list's order among
// equal points is the project's own choice (TR1), not T3's.
func TestAnEquallyRightBye(t *testing.T) {
	b := newNightLog(t, nil, "ann", "bob", "cy", "dee", "eve")
	out, _ := b.pair(nil)
	g, _ := b.state()
	top := g.Rounds()[0].Input.Players[0].Name
	if out.Byes[0] == top {
		t.Fatalf("round 1 gives the bye to the top of its order, %s", top)
	}
	// The others, in the order of the input, paired top half against bottom half.
	var rest []string
	for _, p := range g.Rounds()[0].Input.Players[1:] {
		rest = append(rest, p.Name)
	}
	noFlag(t, "the bye to "+top, b.typed(fmt.Sprintf("seat 1 %s-%s %s-%s bye %s", rest[0], rest[2], rest[1], rest[3], top)))
}

// TestReplayIsDeterministic: one log, flags and all, replays to the same state and flags.
func TestReplayIsDeterministic(t *testing.T) {
	b, _ := seatedBy(t)
	b.typed("seat 2 ann-cy bob-dee")
	b.typed("drop zed")
	log := refereetest.Log(t, b.setup, b.moves)
	first := refereetest.Replay(t, Rules{}, log)
	for range 5 {
		again := refereetest.Replay(t, Rules{}, log)
		a, _ := json.Marshal([]any{first.Flags, first.Game.(*Night).Rounds(), first.Game.(*Night).Entrants(), first.Game.Status()})
		c, _ := json.Marshal([]any{again.Flags, again.Game.(*Night).Rounds(), again.Game.(*Night).Entrants(), again.Game.Status()})
		if string(a) != string(c) {
			t.Fatalf("two replays differ:\n%s\n%s", a, c)
		}
	}
	if len(first.Flags) < 2 {
		t.Fatalf("flags %+v: the rematch and the drop were not flagged", first.Flags)
	}
}

// TestLargerTables is T2 and T6 at tables of 3.
func TestLargerTables(t *testing.T) {
	b := newNightLog(t, map[string]string{"game": "capture", "table_size": "3"}, "ann", "bob", "cy", "dee", "eve", "fay")
	out, flags := b.pair(nil)
	noFlag(t, "round 1", flags)
	b.typed("end")
	_, flags = b.pair(nil)
	noFlag(t, "round 2", flags)
	hasFlag(t, "round 1's tables again", b.typed("seat 2 "+tablesWords(out.Tables)), "T6")
	wantFlag(t, "tables of 4 and 2", b.typed("seat 2 ann-bob-cy-dee eve-fay"), "T2")
	wantFlag(t, "a bye at tables of 3", b.typed("seat 2 ann-bob-cy dee-eve bye fay"), "T2")
}

// TestTheNightsTables: the tables a night has codes for are T2's for the players present (an
// odd one out at tables of 2 has the bye), or the most a round seated, when more.
func TestTheNightsTables(t *testing.T) {
	pairs := newNightLog(t, nil, "ann", "bob", "cy", "dee", "eve")
	larger := newNightLog(t, map[string]string{"game": "capture", "table_size": "4"}, "ann", "bob", "cy", "dee", "eve", "fay", "gus")
	for _, tt := range []struct {
		what string
		b    *night
		move string
		want int
	}{
		{"5 at tables of 2", pairs, "", 2},
		{"6 at tables of 2", pairs, "arrive fay", 3},
		{"7 at tables of 4", larger, "", 2},
		{"8 at tables of 4", larger, "arrive hal", 2},
		{"9 at tables of 4", larger, "arrive ivy", 3},
	} {
		if tt.move != "" {
			noFlag(t, tt.move, tt.b.typed(tt.move))
		}
		if n, _ := tt.b.state(); n.Tables() != tt.want {
			t.Errorf("%s: %d tables, want %d", tt.what, n.Tables(), tt.want)
		}
	}
	pairs.pair(nil)
	pairs.typed("drop ann")
	pairs.typed("drop bob")
	if n, _ := pairs.state(); n.Tables() != 3 {
		t.Errorf("after round 1's three tables, 4 present: %d tables, want 3", n.Tables())
	}
}

// TestRoundRobinIsBerger is T4 in a round robin: its row of Berger's tables.
func TestRoundRobinIsBerger(t *testing.T) {
	b := newNightLog(t, map[string]string{"format": RoundRobin}, "ann", "bob", "cy", "dee")
	out, flags := b.pair(nil)
	noFlag(t, "round 1", flags)
	noFlag(t, "round 1 as paired", b.typed("seat 1 "+seatingWords(out.Tables, nil)))
	a, c := out.Tables[0].Players, out.Tables[1].Players
	wantFlag(t, "another pairing", b.typed("seat 1 "+a[0]+"-"+c[0]+" "+a[1]+"-"+c[1]), "T4")
	wantFlag(t, "Berger's first reversed", b.typed("seat 1 "+a[1]+"-"+a[0]+" "+strings.Join(c, "-")), "T7")
}

// TestAdjustIsFlagged: a tournament takes no adjustment (T8, TR3).
func TestAdjustIsFlagged(t *testing.T) {
	b := newNightLog(t, nil, "ann", "bob")
	log := refereetest.Log(t, b.setup, nil)
	payload, _ := json.Marshal(events.Adjust{Player: "ann", Points: 1, Note: "late"})
	log = append(log, events.Event{Game: 1, Seq: 2, Type: events.TypeAdjust, Payload: payload})
	o := refereetest.Replay(t, Rules{}, log)
	wantFlag(t, "an adjustment", referee.Own(o.Flags, 2), "T8")
}

// TestVoidOfADropBringsThePlayerBack: a void of a drop, replayed, leaves the player present and
// paired in the next round (L2).
func TestVoidOfADropBringsThePlayerBack(t *testing.T) {
	b := newNightLog(t, nil, "ann", "bob", "cy", "dee")
	b.pair(nil)
	b.typed("drop bob")
	b.typed("end")
	log := refereetest.Log(t, b.setup, b.moves)
	g := refereetest.Replay(t, Rules{}, log).Game.(*Night)
	if slices.Contains(namesOf(g.NextInput(nil, nil).Players), "bob") {
		t.Fatal("bob dropped and is still paired")
	}
	payload, _ := json.Marshal(events.Void{Target: 3})
	log = append(log, events.Event{Game: 1, Seq: int64(len(log) + 1), Type: events.TypeVoid, Payload: payload})
	o := refereetest.Replay(t, Rules{}, log)
	g = o.Game.(*Night)
	if len(o.Flags) != 0 || !g.Entrants()[1].Present || !slices.Contains(namesOf(g.NextInput(nil, nil).Players), "bob") {
		t.Fatalf("after the void of bob's drop: flags %v, entrants %+v", o.Flags, g.Entrants())
	}
}

// TestStatusSheetAndLegal: where the night stands, its rounds' sheet, and what may be typed.
func TestStatusSheetAndLegal(t *testing.T) {
	b := newNightLog(t, map[string]string{"confirm": "on", "rounds": "3"}, "ann", "bob", "cy")
	g, _ := b.state()
	if s := g.stage(); s != "1 of 3, not yet paired" {
		t.Errorf("stage before round 1: %q", s)
	}
	out, _ := b.pair(nil)
	g, _ = b.state()
	if s := g.stage(); s != "1 of 3, in play" {
		t.Errorf("stage in round 1: %q", s)
	}
	status := map[string]string{}
	for _, f := range g.Status() {
		status[f.Label] = f.Value
	}
	if status["tables"] != tablesWords(out.Tables) || status["byes"] != out.Byes[0] || status["present"] != "ann bob cy" {
		t.Errorf("status %v", status)
	}
	legal := map[string]bool{}
	for _, m := range g.Legal() {
		legal[g.Notation(m)] = true
		if g.Example(m) != (m.Type == TypeArrive) {
			t.Errorf("%s: example %v", g.Notation(m), g.Example(m))
		}
	}
	for _, want := range []string{"arrive newcomer", "drop ann", "end 1", "close"} {
		if !legal[want] {
			t.Errorf("legal %v lacks %q", legal, want)
		}
	}
	if legal["release 1"] {
		t.Error("release is legal while round 1 is in play")
	}
	b.typed("end")
	g, _ = b.state()
	if !slices.ContainsFunc(g.Legal(), func(m referee.Move) bool { return g.Notation(m) == "release 1" }) {
		t.Error("release is not legal once round 1 ended with confirm=on")
	}
	s := g.Sheet()
	if len(s.Rounds) != 1 || s.Rounds[0].Values["tables"] != tablesWords(out.Tables) || !s.Rounds[0].Scored || s.Finished || len(s.Totals) != 0 {
		t.Errorf("sheet %+v", s)
	}
	if w, _ := g.Decide(nil); w != nil {
		t.Errorf("a tournament's log names winners %v", w)
	}
}

// TestConform holds the tournament to what every engine passes: its playouts replay with no
// flag and end, Legal's moves raise none, a move changed raises one, Notation reads back, a
// clone is independent, a replayer with corrections keeps up. Its rulings are cited here: T1
// to T16 and TR1 to TR3 here, TR4 in tables_spread_test.go.
func TestConform(t *testing.T) {
	refereetest.Conform(t, Rules{}, refereetest.Config{
		Games:    200,
		Unlisted: []string{TypeRate, TypeTieBreaks, TypeBye, TypeForfeit, TypeApart, TypeKeep, TypeHere},
		Sampled:  []string{TypeArrive},
		Recorded: []string{TypePaired},
		Tests:    []string{"night_test.go", "tables_spread_test.go"},
	})
}

// TestPlayoutsReplayClean plays many larger random tournaments: none raises a flag, and a
// replay of the same log reaches the same state.
func TestPlayoutsReplayClean(t *testing.T) {
	names := make([]string, 20)
	for i := range names {
		names[i] = "p" + string(rune('a'+i))
	}
	seeds := 300
	if testing.Short() {
		seeds = 30
	}
	for seed := range seeds {
		setup, moves := Rules{}.Playout(rand.New(rand.NewPCG(uint64(seed), 37)), names)
		log := refereetest.Log(t, setup, moves)
		o := refereetest.Replay(t, Rules{}, log)
		if len(o.Flags) > 0 {
			t.Fatalf("seed %d (%v): %+v", seed, setup.Options, o.Flags[0])
		}
		again := refereetest.Replay(t, Rules{}, log)
		a, _ := json.Marshal(o.Game.(*Night).Rounds())
		c, _ := json.Marshal(again.Game.(*Night).Rounds())
		if string(a) != string(c) || !o.Game.Over() {
			t.Fatalf("seed %d: two replays differ, or the night is not over", seed)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"arrive eve 1500", "seat 1 ann-bob bye cy", "drop ann", "end", "release 1", "close", "pair", "seat 1 -", "seat 1 X-X"} {
		f.Add(s)
	}
	b := newNightLog(&testing.T{}, nil, "ann", "bob", "cy")
	g, _ := Rules{}.New(b.setup)
	n := g.(*Night)
	in := n.NextInput(nil, nil)
	out, _ := Pair(in)
	n.Apply(2, PairedMove(in, out))
	f.Fuzz(func(t *testing.T, line string) {
		m, err := n.Parse(strings.Fields(line))
		if err != nil {
			if !strings.Contains(err.Error(), referee.ErrMove.Error()) {
				t.Fatalf("%q: an error not of Parse: %v", line, err)
			}
			return
		}
		back, err := n.Parse(strings.Fields(n.Notation(m)))
		if err != nil || !refereetest.Same(back, m) {
			t.Fatalf("%q: %q reads back as %+v (%v)", line, n.Notation(m), back, err)
		}
		n.Clone().Apply(3, m)
	})
}

// TestNamesItsGamesRefuse: a name a game of the night's kind reads as a card (a, an ace in
// Advantage) is refused at entry, in the setup and in an arrival as typed, since the round
// that seats it could make no game. A night recorded before that was checked still replays.
func TestNamesItsGamesRefuse(t *testing.T) {
	if err := CheckEntrants("advantage", []string{"ann", "a", "cy"}); err == nil || !strings.Contains(err.Error(), `"a"`) {
		t.Errorf("entrants ann, a, cy at advantage: %v, want a refusal naming a", err)
	}
	if err := CheckEntrants("capture", []string{"ann", "a", "cy"}); err != nil {
		t.Errorf("entrants ann, a, cy at capture, which reads a as no card: %v", err)
	}
	b := newNightLog(t, map[string]string{"game": "advantage"}, "ann", "bob")
	g, _ := b.state()
	if _, err := g.Parse([]string{"arrive", "a"}); err == nil || !strings.Contains(err.Error(), `"a"`) {
		t.Errorf("arrive a at advantage: %v, want a refusal naming a", err)
	}
	if f := b.add(referee.NewMove(TypeArrive, "", player{Player: "a"})); len(f) != 0 {
		t.Errorf("an arrival of a recorded already: flags %+v, want it replayed as recorded", f)
	}
}

// TestTieBreaksAreLockedOnceRound1IsPaired is T14: the tie-breaks may be chosen again before
// round 1 is paired; after it, a change stands as the director made it, flagged, and is kept
// for the slips. Words that name no tie-break are refused at entry.
func TestTieBreaksAreLockedOnceRound1IsPaired(t *testing.T) {
	b := newNightLog(t, nil, "ann", "bob", "cy", "dee")
	noFlag(t, "tie-breaks before round 1", b.typed("tie-breaks direct, rating"))
	g, _ := b.state()
	if got := g.Settings().TieBreaks; !slices.Equal(got, []string{Direct, Rating}) || len(g.TieBreakChanges()) != 0 {
		t.Errorf("before round 1: tie-breaks %v, changes %v", got, g.TieBreakChanges())
	}
	for _, words := range []string{"tie-breaks", "tie-breaks bucholz", "tie-breaks direct direct"} {
		if _, err := g.Parse(strings.Fields(words)); err == nil {
			t.Errorf("%q is read as a move", words)
		}
	}
	b.pair(nil)
	wantFlag(t, "tie-breaks after round 1 is paired", b.typed("tie-breaks buchholz"), "T14")
	g, _ = b.state()
	changes := g.TieBreakChanges()
	if got := g.Settings().TieBreaks; !slices.Equal(got, []string{Buchholz}) || len(changes) != 1 ||
		changes[0].Paired != 1 || !slices.Equal(changes[0].From, []string{Direct, Rating}) || !slices.Equal(changes[0].To, []string{Buchholz}) {
		t.Errorf("after round 1: tie-breaks %v, changes %+v", got, changes)
	}
	if c := g.Clone().(*Night); len(c.TieBreakChanges()) != 1 {
		t.Errorf("a clone lost the change: %+v", c.TieBreakChanges())
	}
}

// TestALotPartsTheFinalTies is T15: the close draws a lot from the seed, the same on every
// replay; players equal on points and every chosen tie-break are then parted by it, the lot
// shown as the last tie-break. Before the close they share their place.
func TestALotPartsTheFinalTies(t *testing.T) {
	b := newNightLog(t, nil, "ann", "bob", "cy", "dee")
	b.pair(nil)
	noFlag(t, "end", b.typed("end"))
	g, _ := b.state()
	open, err := Standings(g.Entrants(), nil, nil, g.Settings().TieBreaks)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range open {
		if s.Place != 1 || s.TieBreaks[Lot] != 0 {
			t.Errorf("before the close, with no result: %+v, want every place shared and no lot", s)
		}
	}
	noFlag(t, "close", b.typed("close"))
	g, _ = b.state()
	again, _ := b.state()
	closed, err := Standings(g.Entrants(), nil, nil, g.Settings().TieBreaks)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range closed {
		if s.Place != i+1 || s.TieBreaks[Lot] != float64(i+1) {
			t.Errorf("after the close, place %d: %+v, want the lot's order, each place its own", i+1, s)
		}
	}
	if !slices.Equal(g.Entrants(), again.Entrants()) {
		t.Errorf("two replays draw different lots: %+v and %+v", g.Entrants(), again.Entrants())
	}
	other := newNightLog(t, map[string]string{"seed": "8"}, "ann", "bob", "cy", "dee")
	other.pair(nil)
	other.typed("end")
	other.typed("close")
	o, _ := other.state()
	if slices.Equal(g.Entrants(), o.Entrants()) {
		t.Errorf("seeds 7 and 8 draw the same lot: %+v", o.Entrants())
	}
}

// resultsOf is every table of the night's rounds as if its first player won, leaving out the
// tables forfeited (their result is the forfeit's, T10).
func resultsOf(g *Night) []Result {
	var out []Result
	for _, r := range g.Rounds() {
		for _, t := range r.Tables {
			if slices.ContainsFunc(r.Forfeits, func(f Forfeit) bool { return f.Table == t.Table }) {
				continue
			}
			places := make([]int, len(t.Players))
			for i := range places {
				places[i] = 2
			}
			places[slices.Index(t.Players, t.First)] = 1
			out = append(out, Result{Round: r.Round, Players: t.Players, Places: places, Scores: make([]int, len(t.Players))})
		}
	}
	return out
}

// standingOf is name's line of standings.
func standingOf(t *testing.T, standings []Standing, name string) Standing {
	t.Helper()
	i := slices.IndexFunc(standings, func(s Standing) bool { return s.Name == name })
	if i < 0 {
		t.Fatalf("%s is not in the standings %+v", name, standings)
	}
	return standings[i]
}

// TestByesAskedFor is T11, and T12 for them: a bye asked before its round is paired leaves the
// player out of that round's pairing, scores ½ (as the tournament set), is not the pairing
// bye of T3, and counts in Buchholz as a round against the player's own points. Asked after
// the pairing, twice for a round, or in a round robin, it is set aside; beyond the limit or in
// the last round, it stands flagged.
func TestByesAskedFor(t *testing.T) {
	b := newNightLog(t, map[string]string{"rounds": "3"}, "ann", "bob", "cy", "dee", "eve")
	noFlag(t, "eve asks for a bye in round 1", b.typed("bye eve"))
	wantFlag(t, "eve asks again for round 1", b.typed("bye eve 1"), "T11")
	b.moves = b.moves[:len(b.moves)-1]
	g, _ := b.state()
	in := g.NextInput(nil, nil)
	if slices.Contains(namesOf(in.Players), "eve") || len(in.Players) != 4 {
		t.Fatalf("round 1's input with eve's bye: %v", namesOf(in.Players))
	}
	out, flags := b.pair(nil)
	noFlag(t, "round 1 paired without eve", flags)
	if len(out.Byes) != 0 {
		t.Errorf("four players paired with a pairing bye: %v", out.Byes)
	}
	wantFlag(t, "a bye asked for round 1 once it is paired", b.typed("bye ann 1"), "T11")
	b.moves = b.moves[:len(b.moves)-1]
	noFlag(t, "end", b.typed("end"))
	wantFlag(t, "eve's second bye, one allowed", b.typed("bye eve 2"), "T11")
	b.moves = b.moves[:len(b.moves)-1]
	wantFlag(t, "a bye in the last round", b.typed("bye ann 3"), "T11")
	b.moves = b.moves[:len(b.moves)-1]

	g, _ = b.state()
	st, err := Standings(g.Entrants(), resultsOf(g), g.Byes(), []string{Buchholz, BuchholzCut1, SonnebornBerger})
	if err != nil {
		t.Fatal(err)
	}
	eve := standingOf(t, st, "eve")
	if eve.Points != 0.5 || eve.Byes != 0 || eve.Unplayed != 1 || eve.Games != 0 ||
		eve.TieBreaks[Buchholz] != 0.5 || eve.TieBreaks[BuchholzCut1] != 0 || eve.TieBreaks[SonnebornBerger] != 0 {
		t.Errorf("eve after her asked bye: %+v, want ½ point, no pairing bye, Buchholz her own ½ and cut-1 cutting it", eve)
	}
	if in := g.NextInput(nil, map[string]float64{"eve": 0.5}); slices.ContainsFunc(in.Players, func(p Player) bool { return p.Name == "eve" && p.Byes != 0 }) {
		t.Errorf("eve's asked bye counts as a pairing bye in round 2's input: %+v", in.Players)
	}

	zero := newNightLog(t, map[string]string{"rounds": "3", "asked_bye_points": "zero", "asked_byes": "2", "asked_bye_last": "on"}, "ann", "bob", "cy")
	noFlag(t, "a zero-point bye", zero.typed("bye cy"))
	noFlag(t, "a second, two allowed", zero.typed("bye cy 2"))
	noFlag(t, "one in the last round, allowed", zero.typed("bye ann 3"))
	if g, _ := zero.state(); !slices.ContainsFunc(g.Asked(), func(b Bye) bool { return b.Player == "cy" && !b.Half }) {
		t.Errorf("zero-point byes: %+v", g.Asked())
	}
	rr := newNightLog(t, map[string]string{"format": RoundRobin}, "ann", "bob", "cy")
	wantFlag(t, "a bye asked for in a round robin", rr.typed("bye ann"), "T11")
}

// TestForfeits is T10, and T12 for them: at a table of 2 the player who did not come loses by
// forfeit and the opponent wins by it, neither a game; both count the round as unplayed in
// Buchholz, and it adds nothing to Sonneborn–Berger. Two forfeit losses running drop the
// player. A table forfeited twice or a player not seated is set aside.
func TestForfeits(t *testing.T) {
	b := newNightLog(t, nil, "ann", "bob", "cy", "dee")
	out, _ := b.pair(nil)
	table1 := out.Tables[0]
	absent := table1.Players[1]
	opponent := table1.Players[0]
	noFlag(t, "a forfeit", b.typed("forfeit "+absent))
	wantFlag(t, "the table forfeited again", b.typed("forfeit "+opponent), "T10")
	b.moves = b.moves[:len(b.moves)-1]
	wantFlag(t, "a forfeit of nobody seated", b.typed("forfeit zed"), "T10")
	b.moves = b.moves[:len(b.moves)-1]
	noFlag(t, "end", b.typed("end"))

	g, _ := b.state()
	st, err := Standings(g.Entrants(), resultsOf(g), g.Byes(), []string{Buchholz, SonnebornBerger})
	if err != nil {
		t.Fatal(err)
	}
	won, lost := standingOf(t, st, opponent), standingOf(t, st, absent)
	if won.Points != 1 || won.Games != 0 || won.Unplayed != 1 || won.TieBreaks[Buchholz] != 1 || won.TieBreaks[SonnebornBerger] != 0 {
		t.Errorf("the forfeit's winner: %+v, want 1 point, no game, Buchholz their own 1, no Sonneborn–Berger", won)
	}
	if lost.Points != 0 || lost.Games != 0 || lost.Unplayed != 1 || lost.TieBreaks[Buchholz] != 0 {
		t.Errorf("the absent player: %+v, want 0 points and no game", lost)
	}

	b.pair(map[string]float64{opponent: 1})
	noFlag(t, "a second forfeit running", b.typed("forfeit "+absent))
	if g, _ := b.state(); g.entrant(absent).Present {
		t.Errorf("%s, absent two rounds running, is still present", absent)
	}

	// At a table of 3 the others play on, in a game made for the forfeit, and score as at the
	// table seated, the absent player last; a second forfeit there leaves one, who wins by it.
	big := newNightLog(t, map[string]string{"game": "capture", "table_size": "3"}, "ann", "bob", "cy")
	seated, _ := big.pair(nil)
	noFlag(t, "a forfeit at a table of 3", big.typed("forfeit ann"))
	wantFlag(t, "the same player forfeited again", big.typed("forfeit ann"), "T10")
	big.moves = big.moves[:len(big.moves)-1]
	g, _ = big.state()
	r := g.Rounds()[0]
	others := slices.DeleteFunc(slices.Clone(seated.Tables[0].Players), func(p string) bool { return p == "ann" })
	if f := r.ForfeitAt(1); f == nil || f.Seated != int64(len(big.moves)+1) || !slices.Equal(r.PlayingAt(1), others) {
		t.Fatalf("ann's forfeit at a table of 3: %+v, playing %v; want %v playing on in a game of the forfeit's event %d", f, r.PlayingAt(1), others, len(big.moves)+1)
	}
	if byes := g.Byes(); len(byes) != 1 || byes[0] != (Bye{Round: 1, Player: "ann", Kind: ForfeitLost}) {
		t.Errorf("ann's forfeit at a table of 3: byes %+v, want ann's loss alone", byes)
	}
	played := Result{Round: 1, Players: others, Places: []int{2, 1}, Scores: []int{3, 9}, Absent: 1}
	st, err = Standings(g.Entrants(), []Result{played}, g.Byes(), []string{Buchholz, SonnebornBerger})
	if err != nil {
		t.Fatal(err)
	}
	if first, second, absentee := standingOf(t, st, others[1]), standingOf(t, st, others[0]), standingOf(t, st, "ann"); first.Points != 1 || second.Points != 0.5 || absentee.Points != 0 || absentee.Unplayed != 1 || second.Games != 1 {
		t.Errorf("a table of 3 played on by two: %+v, %+v, %+v; want 1 and ½ as at a table of 3, ann 0 unplayed", first, second, absentee)
	}
	noFlag(t, "a second forfeit at the table", big.typed("forfeit "+others[0]))
	if g, _ := big.state(); g.Rounds()[0].PlayingAt(1) != nil || !slices.Contains(g.Byes(), Bye{Round: 1, Player: others[1], Kind: ForfeitWon}) {
		t.Errorf("the table left with one: playing %v, byes %+v; want %s winning by forfeit", g.Rounds()[0].PlayingAt(1), g.Byes(), others[1])
	}
}

// TestTheNightKeepsApartAndKeepsTables is T13 on the night's log: the pairs who must not meet
// and the players who must keep a table go into the next pairing's input, of those paired in
// it, so that calc pair and the checker see them; a pairing that breaks them is flagged.
func TestTheNightKeepsApartAndKeepsTables(t *testing.T) {
	b := newNightLog(t, nil, "ann", "bob", "cy", "dee")
	noFlag(t, "apart", b.typed("apart ann cy"))
	wantFlag(t, "apart again", b.typed("apart cy ann"), "T13")
	b.moves = b.moves[:len(b.moves)-1]
	wantFlag(t, "apart from nobody entered", b.typed("apart ann zed"), "T13")
	b.moves = b.moves[:len(b.moves)-1]
	noFlag(t, "keep", b.typed("keep dee 1"))
	g, _ := b.state()
	in := g.NextInput(nil, nil)
	if !slices.Equal(in.Apart, [][2]string{{"ann", "cy"}}) || !slices.Equal(in.Keep, []Kept{{"dee", 1}}) {
		t.Fatalf("round 1's input: apart %v, keep %v", in.Apart, in.Keep)
	}
	out, flags := b.pair(nil)
	noFlag(t, "round 1 paired", flags)
	for _, tb := range out.Tables {
		if slices.Contains(tb.Players, "ann") && slices.Contains(tb.Players, "cy") {
			t.Errorf("ann and cy meet: %+v", out)
		}
		if slices.Contains(tb.Players, "dee") && tb.Table != 1 {
			t.Errorf("dee is seated at table %d", tb.Table)
		}
	}
	hasFlag(t, "a seating by hand of ann and cy", b.typed("seat 1 ann-cy dee-bob"), "T13")
}

// TestTheRoundClockIsASetting is TR5's part in the log: a tournament's round time is an
// option, none unless set; the application counts it from each round's seating event.
func TestTheRoundClockIsASetting(t *testing.T) {
	if g, _ := newNightLog(t, map[string]string{"round_minutes": "40"}, "ann", "bob").state(); g.Settings().RoundMinutes != 40 {
		t.Errorf("round_minutes=40 reads as %d", g.Settings().RoundMinutes)
	}
	if g, _ := newNightLog(t, nil, "ann", "bob").state(); g.Settings().RoundMinutes != 0 {
		t.Errorf("no round_minutes reads as %d", g.Settings().RoundMinutes)
	}
}

// TestATournamentIsDealtNoCards: a tournament's log holds no deal; its games are dealt, each
// by its own kind (D1).
func TestATournamentIsDealtNoCards(t *testing.T) {
	if piles, err := (Rules{}).Deal(nil, 2, nil); err == nil || piles != nil {
		t.Errorf("a tournament dealt %v, %v", piles, err)
	}
}
