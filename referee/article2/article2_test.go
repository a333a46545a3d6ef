package article2

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/refereetest"
)

var logOf = refereetest.Log

func replay(t testing.TB, evs []events.Event) *referee.Outcome {
	t.Helper()
	return refereetest.Replay(t, Rules{}, evs)
}

// A table is how the random games are seated: the number of players and the options.
type table struct {
	players int
	opts    map[string]string
}

var tables = []table{
	{2, map[string]string{"parties": "off"}},
	{3, map[string]string{"parties": "off"}},
	{4, map[string]string{"parties": "off"}},
	{4, map[string]string{"parties": "on"}},
}

func generate(seed int) (table, events.Created, []referee.Move) {
	tb := tables[seed%len(tables)]
	setup, moves := playout(rand.New(rand.NewPCG(uint64(seed), 2)), tb.opts, []string{"ann", "bob", "cy", "dee"}[:tb.players])
	return tb, setup, moves
}

func TestRandomLegalGames(t *testing.T) {
	games := 2400
	if testing.Short() {
		games = 240
	}
	for seed := range games {
		tb, setup, moves := generate(seed)
		evs := logOf(t, setup, moves)
		o := replay(t, evs)
		if len(o.Flags) > 0 {
			t.Fatalf("seed %d (%d players %v): legal game flagged: %+v", seed, tb.players, tb.opts, o.Flags[0])
		}
		if !o.Game.Over() || len(o.Game.Legal()) != 0 {
			t.Fatalf("seed %d: game not over after %d moves (hint %q)", seed, len(moves), o.Game.Hint())
		}
		g := o.Game.(*game)
		checkInvariants(t, seed, g, moves)
		s := o.Sheet()
		if !s.Finished {
			t.Fatalf("seed %d: sheet not finished", seed)
		}
		// Totals: in the party variant two Candidate points and three for the President's
		// party; otherwise one for the President, none in a drawn game.
		sum := 0
		for _, p := range g.players {
			lines := 0
			for _, l := range s.Breakdown[p] {
				lines += l.Points
			}
			if lines != s.Totals[p] {
				t.Fatalf("seed %d: %s's breakdown adds to %d, total %d", seed, p, lines, s.Totals[p])
			}
			sum += s.Totals[p]
		}
		want := 1
		switch {
		case g.parties:
			want = 5
		case g.noPresident:
			want = 0
		}
		if sum != want {
			t.Fatalf("seed %d: points add to %d, want %d (%v)", seed, sum, want, s.Totals)
		}
		if g.noPresident != (g.president == referee.Nobody) || (g.noPresident && tb.players != 2) {
			t.Fatalf("seed %d: %d players, president %d, no President %v", seed, tb.players, g.president, g.noPresident)
		}
		// Replay is deterministic: the same flags and the same sheet.
		again := replay(t, evs)
		a, _ := json.Marshal(s)
		b, _ := json.Marshal(again.Sheet())
		if string(a) != string(b) || !reflect.DeepEqual(o.Flags, again.Flags) {
			t.Fatalf("seed %d: replay not deterministic", seed)
		}
		if seed%10 == 5 {
			checkADHDByName(t, seed, setup, moves, string(a))
		}
	}
}

// checkInvariants checks a finished game: seven cards a player a phase, the deck's counts,
// attributes equal to the cards in play, and two Candidates.
func checkInvariants(t *testing.T, seed int, g *game, moves []referee.Move) {
	t.Helper()
	n := len(g.players)
	// Seven cards each per phase, counted from the moves between the starts.
	var per [2]map[string]int
	ph := -1
	for _, m := range moves {
		switch m.Type {
		case TypeStart:
			ph++
			per[ph] = map[string]int{}
		case TypePlay:
			per[ph][m.Actor]++
		}
	}
	for i := range per {
		for _, p := range g.players {
			if per[i][p] != HandSize || g.phases[i].played[referee.PlayerIndex(g.players, p)] != HandSize {
				t.Fatalf("seed %d %s: %s played %d cards (referee: %v)", seed, phaseNames[i], p, per[i][p], g.phases[i].played)
			}
		}
	}
	total := 0
	for k, c := range deck {
		if g.used[k] > c.Count || (n == 4 && g.used[k] != c.Count) {
			t.Fatalf("seed %d: %d %s played, the deck holds %d", seed, g.used[k], c.Name, c.Count)
		}
		total += g.used[k]
	}
	if total != n*HandSize*2 || len(g.order) != total {
		t.Fatalf("seed %d: %d cards played, want %d", seed, total, n*HandSize*2)
	}
	inPlay := 0
	for p := range g.players {
		e, a := 0, 0
		for _, c := range g.on[p] {
			e += deck[c.card].Electability
			a += deck[c.card].Affiliation
			if c.gone != 0 || c.target != p {
				t.Fatalf("seed %d: card %d listed on %s but gone %d / on %d", seed, c.seq, g.players[p], c.gone, c.target)
			}
		}
		if e != g.e[p] || a != g.a[p] {
			t.Fatalf("seed %d: %s has E %d A %d, cards in play say %d %d", seed, g.players[p], g.e[p], g.a[p], e, a)
		}
		inPlay += len(g.on[p])
	}
	if inPlay != g.inPlay || inPlay != len(g.inPlayNow()) {
		t.Fatalf("seed %d: %d cards in play, counted %d", seed, g.inPlay, inPlay)
	}
	cands := 0
	for p := range g.players {
		if g.candidate[p] {
			cands++
		}
	}
	if cands != 2 {
		t.Fatalf("seed %d: %d Candidates", seed, cands)
	}
	if g.parties && g.candidate[g.members[0][0]] == g.candidate[g.members[0][1]] {
		t.Fatalf("seed %d: party %s has not exactly one Candidate", seed, g.partyNames[0])
	}
}

// checkADHDByName writes every Voter ADHD whose card is the only one of its name on its
// target as "adhd PLAYER CARD": the game must replay to the same sheet with no flag.
func checkADHDByName(t *testing.T, seed int, setup events.Created, moves []referee.Move, sheet string) {
	t.Helper()
	g, err := newGame(setup)
	if err != nil {
		t.Fatal(err)
	}
	named := slices.Clone(moves)
	changed := 0
	for i, m := range moves {
		var p payload
		if err := json.Unmarshal(m.Payload, &p); err != nil {
			t.Fatal(err)
		}
		if m.Type == TypePlay && p.Card == "adhd" && p.Seq != 0 {
			e := g.plays[p.Seq]
			same := 0
			for _, c := range g.on[e.target] {
				if c.card == e.card {
					same++
				}
			}
			if same == 1 {
				named[i] = referee.NewMove(TypePlay, m.Actor, payload{Card: "adhd", Target: g.players[e.target], Discard: deck[e.card].Key})
				changed++
			}
		}
		g.Apply(int64(i+2), m)
	}
	o := replay(t, logOf(t, setup, named))
	b, _ := json.Marshal(o.Sheet())
	if len(o.Flags) > 0 || string(b) != sheet {
		t.Fatalf("seed %d: %d ADHDs by name: flags %+v, same sheet %v", seed, changed, o.Flags, string(b) == sheet)
	}
}

// newSetup seats players (comma-separated) with options and parties.
func newSetup(players string, opts map[string]string, teams map[string][]string) events.Created {
	return events.Created{Kind: "article2", Players: strings.Split(players, ","), Options: opts, Teams: teams, Ruleset: "article2/1"}
}

var (
	three      = newSetup("ann,bob,cy", nil, nil)
	two        = newSetup("ann,bob", nil, nil)
	four       = newSetup("ann,bob,cy,dee", nil, nil)
	partyTeams = map[string][]string{"red": {"ann", "cy"}, "blue": {"bob", "dee"}}
	partyFour  = newSetup("ann,bob,cy,dee", map[string]string{"parties": "on"}, partyTeams)
)

// lines splits a script into moves, one a line; "MOVE *N" repeats a move N times and lines
// starting with # are comments.
func lines(t *testing.T, script string) []string {
	t.Helper()
	var out []string
	for _, line := range strings.Split(script, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		times := 1
		if i := strings.LastIndex(line, " *"); i >= 0 {
			n, err := strconv.Atoi(line[i+2:])
			if err != nil {
				t.Fatalf("%q: %v", line, err)
			}
			line, times = line[:i], n
		}
		for range times {
			out = append(out, line)
		}
	}
	return out
}

// play parses and records a script of moves, each in the light of the game so far, and
// replays the log.
func play(t *testing.T, setup events.Created, script string) *referee.Outcome {
	t.Helper()
	return refereetest.Play(t, Rules{}, setup, lines(t, script))
}

var flagsOf = refereetest.Flags

func TestRefusals(t *testing.T) {
	tests := []struct {
		name, script string
		want         string // "seq rule severity"; seq 2 is the first move
	}{
		{"a card on the player himself", "start ann\nann play tack ann", ""},
		{"a play before the phase starts", "ann play tack bob", "2 E4 illegal"},
		{"a start during the phase", "start ann\ntack bob\nstart bob", "4 E4 illegal"},
		{"out of turn", "start ann\nbob play tack ann", "3 E4 illegal"},
		{"a play set aside keeps the turn", "start ann\nbob play tack ann\nann play tack bob\nbob play tack ann", "3 E4 illegal"},
		{"seating order wraps around", "start cy\ncy play tack ann\nann play tack bob\nbob play tack cy", ""},
		{"a ninth Tack Center", "start ann\ntack bob *9", "11 E1 impossible"},
		{"a third Gaffe", "start ann\ngaffe bob *3", "5 E1 impossible"},
		{"a ninth Voter ADHD", "start ann\nadhd *9", "11 E1 impossible"},
		{"ADHD with nothing in play is spent for nothing", "start ann\nadhd", ""},
		{"ADHD by event", "start ann\ntack bob\nadhd 3", ""},
		{"ADHD by player and card", "start ann\ntack bob\nadhd bob tack", ""},
		{"ADHD on a card played in the same turn order later", "start ann\ntack bob\ntoe cy\nadhd cy toe", ""},
		{"ADHD with cards in play needs a target", "start ann\ntack bob\nadhd", "4 E5 illegal"},
		{"ADHD on a target when nothing is in play", "start ann\nadhd bob tack", "3 E5 illegal"},
		{"ADHD ambiguous by name", "start ann\ntack bob\ntack bob\nadhd bob tack", "5 E5 illegal"},
		{"ADHD on an ADHD by event", "start ann\nadhd\nadhd 3", "4 E5 illegal"},
		{"ADHD on an ADHD by name", "start ann\ntack bob\nadhd bob adhd", "4 E5 illegal"},
		{"ADHD on a card already discarded", "start ann\ntack bob\nadhd 3\nadhd 3", "5 E5 illegal"},
		{"ADHD on a card the player does not have", "start ann\ntack bob\nadhd cy tack", "4 E5 illegal"},
		{"ADHD on a start", "start ann\ntack bob\nadhd 2", "4 E5 illegal"},
		{"ADHD on a later event", "start ann\ntack bob\nadhd 9", "4 E5 illegal"},
		{"ADHD on a play set aside", "start ann\nbob play tack ann\ntack bob\nbob play adhd 3", "3 E4 illegal; 5 E5 illegal"},
		{"a draw with no tie", "start ann\ndraw ann", "3 E6 illegal"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := flagsOf(play(t, three, tt.script)); got != tt.want {
				t.Errorf("flags %q, want %q", got, tt.want)
			}
		})
	}
}

func TestRefusedADHDIsSpent(t *testing.T) {
	// bob's ADHD names no card while one is in play: refused, but the card was played, so it
	// counts against the deck and the turn passes to cy; the Tack Center stays on bob.
	o := play(t, three, "start ann\ntack bob\nadhd")
	g := o.Game.(*game)
	if g.used[adhd] != 1 || g.e[1] != 4 || g.phases[primary].turn(3) != 2 {
		t.Errorf("used %d, bob's E %d, turn %d", g.used[adhd], g.e[1], g.phases[primary].turn(3))
	}
	if f := o.Flags[0]; !strings.Contains(f.Hint, "adhd 3 (bob's Tack Center)") {
		t.Errorf("hint %q does not list the card in play", f.Hint)
	}
	// ADHD by event undoes the card (E5).
	o = play(t, three, "start ann\ntack bob\ntoe bob\nadhd 3")
	g = o.Game.(*game)
	if g.e[1] != -3 || g.a[1] != 5 || g.inPlay != 1 {
		t.Errorf("bob E %d A %d, %d in play; want the Toe the Line alone", g.e[1], g.a[1], g.inPlay)
	}
}

func TestNewRefuses(t *testing.T) {
	on := map[string]string{"parties": "on"}
	tests := []struct {
		name  string
		setup events.Created
		want  string
	}{
		{"one player", newSetup("ann", nil, nil), "2 to 4 players"},
		{"five players", newSetup("ann,bob,cy,dee,eve", nil, nil), "2 to 4 players"},
		{"a player named like a card", newSetup("ann,tack", nil, nil), "would be read"},
		{"a player named like a card's prefix", newSetup("ann,t", nil, nil), "would be read"},
		{"a player named like a verb", newSetup("ann,Draw", nil, nil), "would be read"},
		{"a player named like an event", newSetup("ann,12", nil, nil), "would be read"},
		{"an unknown option", newSetup("ann,bob", map[string]string{"wrap": "on"}, nil), "no option"},
		{"parties with three players", newSetup("ann,bob,cy", on, nil), "four players"},
		{"parties without teams", newSetup("ann,bob,cy,dee", on, nil), "two parties of two"},
		{"teams without parties", newSetup("ann,bob,cy,dee", nil, partyTeams), "parties=on"},
		{"three teams", newSetup("ann,bob,cy,dee", on, map[string][]string{"a": {"ann", "cy"}, "b": {"bob"}, "c": {"dee"}}), "two parties"},
		{"a team of three", newSetup("ann,bob,cy,dee", on, map[string][]string{"a": {"ann", "cy", "bob"}, "b": {"dee"}}), "has 3 players"},
		{"a player in both teams", newSetup("ann,bob,cy,dee", on, map[string][]string{"a": {"ann", "cy"}, "b": {"ann", "dee"}}), "two parties"},
		{"a stranger in a team", newSetup("ann,bob,cy,dee", on, map[string][]string{"a": {"ann", "cy"}, "b": {"bob", "eve"}}), "not a player"},
		{"another kind", events.Created{Kind: "pinochle", Players: []string{"ann", "bob"}}, "not article2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Rules{}.New(tt.setup)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one saying %q", err, tt.want)
			}
		})
	}
	if _, err := (Rules{}).New(newSetup("Ann,BOB,cy,dee", on, map[string][]string{"red": {"ann", "cy"}, "blue": {"bob", "dee"}})); err != nil {
		t.Errorf("teams naming players in another case: %v", err)
	}
}

// The Primary of a three-player game in which ann is far ahead: her eighteen cards, then
// three more that decide the second place.
const annAhead = `
start ann
toe ann *8
true ann *2
party ann *2
civil ann *2
policy ann *3
tack ann
`

func TestPrimaryTieBrokenByElectability(t *testing.T) {
	// bob and cy both reach E+A 2; bob's Electability 3 beats cy's 0 (E6): no draw.
	o := play(t, three, annAhead+`
slam bob
strange bob
strange cy
start bob
news bob *3
tack cy *7
steal cy *4
slam cy *3
neg cy *4`)
	g := o.Game.(*game)
	if flagsOf(o) != "" || !o.Game.Over() {
		t.Fatalf("flags %q, over %v", flagsOf(o), o.Game.Over())
	}
	if !g.candidate[0] || !g.candidate[1] || g.candidate[2] {
		t.Errorf("candidates %v, want ann and bob", g.candidate)
	}
	// bob: E 3+9, A −1 → 13 > 0; ann is far below 0: bob is President.
	s := o.Sheet()
	if g.president != 1 || s.Totals["bob"] != 1 || s.Totals["ann"] != 0 || s.Winner == nil || *s.Winner != "bob" {
		t.Errorf("president %d, totals %v, winner %v", g.president, s.Totals, s.Winner)
	}
	if got := s.Rounds[0].Players["cy"]["role"]; got != "Spoiler" {
		t.Errorf("cy's role %v", got)
	}
	if got := s.Rounds[1].Players["bob"]; got["role"] != "President" || got["total"] != 13 {
		t.Errorf("bob's General %v", got)
	}
}

// tiedPrimary leaves bob and cy tied at E+A 2, Electability 0, for the second Candidate.
const tiedPrimary = annAhead + `
slam ann
strange bob
strange cy
`

// general gives cy, once a Candidate, E−A 7 and bob (a Spoiler) the rest.
const general3 = `
news cy *3
tack bob *7
steal bob *4
slam bob *2
neg bob *4
gaffe bob
`

func TestPrimaryTieNeedsADraw(t *testing.T) {
	o := play(t, three, tiedPrimary)
	g := o.Game.(*game)
	if flagsOf(o) != "" || g.Over() {
		t.Fatalf("flags %q, over %v", flagsOf(o), g.Over())
	}
	if h := g.Hint(); !strings.Contains(h, "tied for the last Candidate place between bob and cy") || !strings.Contains(h, "draw bob|cy") {
		t.Errorf("hint %q does not ask for the cut", h)
	}
	var legal []string
	for _, m := range g.Legal() {
		legal = append(legal, g.Notation(m))
	}
	if strings.Join(legal, ", ") != "draw bob, draw cy" {
		t.Errorf("legal %v", legal)
	}
	if r := o.Sheet().Rounds[0].Players; r["bob"]["role"] != "tied" || r["ann"]["role"] != "Candidate" {
		t.Errorf("roles %v", r)
	}
	// ann is not in the tie; cy wins the cut; then no cut is needed.
	o = play(t, three, tiedPrimary+"draw ann\ndraw cy\ndraw bob\nstart bob"+general3)
	g = o.Game.(*game)
	if got := flagsOf(o); got != "24 E6 illegal; 26 E6 illegal" {
		t.Errorf("flags %q", got)
	}
	if !g.candidate[2] || g.candidate[1] || g.president != 2 || !g.Over() {
		t.Errorf("candidates %v, president %d", g.candidate, g.president)
	}
	if b := o.Sheet().Breakdown["cy"]; len(b) != 2 || !strings.HasSuffix(b[0].Text, "; won the cut at event 25") || b[1].Points != 1 {
		t.Errorf("cy's breakdown %+v", b)
	}
}

func TestGeneralBeforeTheDraw(t *testing.T) {
	// The table starts the General before cutting: the start is illegal (the cut comes
	// first), and as played, the General's result waits for the Primary's cut, recorded later.
	o := play(t, three, tiedPrimary+"start bob"+general3)
	g := o.Game.(*game)
	if got := flagsOf(o); got != "24 E6 illegal" {
		t.Errorf("flags %q", got)
	}
	if f := o.Flags[0]; f.Message != "the Primary's cut for the last Candidate place must be recorded before the General starts" || !strings.Contains(f.Hint, "draw bob|cy") {
		t.Errorf("message %q, hint %q", f.Message, f.Hint)
	}
	if g.Over() || g.resolved[general] || !strings.Contains(g.Hint(), "draw bob|cy") {
		t.Errorf("over %v, General resolved %v, hint %q", g.Over(), g.resolved[general], g.Hint())
	}
	o = play(t, three, tiedPrimary+"start bob"+general3+"draw cy")
	if g := o.Game.(*game); !g.Over() || g.president != 2 {
		t.Errorf("over %v president %d", g.Over(), g.president)
	}
}

func TestADHDChangesTheCandidates(t *testing.T) {
	// bob holds E+A 5 (True Blue), cy 3 (Policy Proposal). A Voter ADHD on bob's True Blue,
	// the Primary's last card, makes cy the second Candidate; the same ADHD on one of ann's
	// cards leaves bob there.
	primary := `
start ann
toe ann *8
party ann *2
civil ann *2
policy ann *2
strange ann *2
tack ann
news ann
true bob
policy cy
`
	o := play(t, three, primary+"adhd bob true")
	g := o.Game.(*game)
	if flagsOf(o) != "" || !g.candidate[0] || g.candidate[1] || !g.candidate[2] {
		t.Errorf("with ADHD on bob: flags %q, candidates %v; want ann and cy", flagsOf(o), g.candidate)
	}
	o = play(t, three, primary+"adhd ann news")
	g = o.Game.(*game)
	if flagsOf(o) != "" || !g.candidate[0] || !g.candidate[1] || g.candidate[2] {
		t.Errorf("with ADHD on ann: flags %q, candidates %v; want ann and bob", flagsOf(o), g.candidate)
	}
}

// twoEqual is a two-player game whose General leaves both above 0 at E−A 71; ann has the
// Negative Ad, bob the card named by %s.
const twoEqual = `
start ann
tack ann *4
tack bob *4
steal ann *2
steal bob *2
slam ann *2
start bob
slam bob *2
news ann
news bob
soulja ann
soulja bob
neg ann
%s bob
strange ann
strange bob
gaffe ann
gaffe bob
uncivil ann
uncivil bob
`

func TestGeneralTieBrokenByElectability(t *testing.T) {
	// bob's Civil Debate: E 38, A −33; ann's Negative Ad: E 35, A −36. Both 71: bob has the
	// higher Electability (E7).
	o := play(t, two, fmt.Sprintf(twoEqual, "civil"))
	g := o.Game.(*game)
	if flagsOf(o) != "" || !g.Over() || g.president != 1 {
		t.Fatalf("flags %q over %v president %d", flagsOf(o), g.Over(), g.president)
	}
	if r := o.Sheet().Rounds[1].Players; r["ann"]["total"] != 71 || r["bob"]["total"] != 71 || r["bob"]["electability"] != 38 {
		t.Errorf("General row %v", r)
	}
}

func TestGeneralTieNeedsADraw(t *testing.T) {
	script := fmt.Sprintf(twoEqual, "neg")
	o := play(t, two, script)
	g := o.Game.(*game)
	if flagsOf(o) != "" || g.Over() || !strings.Contains(g.Hint(), "General is tied for President between ann and bob (E−A 71, Electability 35)") {
		t.Fatalf("flags %q over %v hint %q", flagsOf(o), g.Over(), g.Hint())
	}
	o = play(t, two, script+"draw bob")
	g = o.Game.(*game)
	s := o.Sheet()
	if flagsOf(o) != "" || !g.Over() || s.Winner == nil || *s.Winner != "bob" || !s.Finished {
		t.Errorf("flags %q over %v winner %v", flagsOf(o), g.Over(), s.Winner)
	}
}

// TestMoveAfterTheEnd: a move after the General's result is refused citing E7, saying the game
// is over: a play typed without its player, or the table's move with one, when read; the rest
// when applied (set aside when forced).
func TestMoveAfterTheEnd(t *testing.T) {
	_, setup, moves := generate(1)
	evs := logOf(t, setup, moves)
	g := replay(t, evs).Game
	if !g.Over() {
		t.Fatal("the playout did not end")
	}
	president := g.(*game).players[g.(*game).president]
	for _, typed := range []string{"tack ann", "play tack bob", "adhd", "adhd 3", "bob start ann", "ann draw bob"} {
		_, err := g.Parse(strings.Fields(typed))
		if err == nil || !strings.HasSuffix(err.Error(), "(E7)") || !strings.Contains(err.Error(), "the game is over: the General Election made "+president+" President") {
			t.Errorf("%q after the end: %v, want a refusal saying the game is over, citing E7", typed, err)
		}
	}
	for _, typed := range []string{"ann play tack bob", "bob adhd", "start ann", "draw ann"} {
		m, err := g.Parse(strings.Fields(typed))
		if err != nil {
			t.Fatalf("%q after the end: %v", typed, err)
		}
		if f := g.Clone().Apply(int64(len(evs)+1), m); len(f) != 1 || f[0].Rule != "E7" || !f[0].SetAside || !strings.HasPrefix(f[0].Message, "the game is over") {
			t.Errorf("%q after the end: %+v", typed, f)
		}
	}
}

func TestTwoPlayersNobodyAboveZero(t *testing.T) {
	// Both end below 0 (ann −55, bob −59) and two players have no Spoiler: no President, a
	// drawn game (E7). A draw after the end is flagged.
	script := `
start ann
toe ann *4
toe bob *4
true ann
true bob
party ann
party bob
civil ann
civil bob
start bob
policy ann *2
policy bob
strange ann
strange bob
neg ann *2
neg bob *2
uncivil ann
uncivil bob
gaffe ann
gaffe bob
tack ann
`
	o := play(t, two, script+"draw ann")
	g := o.Game.(*game)
	s := o.Sheet()
	if flagsOf(o) != "32 E7 illegal" || !g.Over() || !g.noPresident || !s.Finished || !s.Draw || s.Winner != nil {
		t.Fatalf("flags %q over %v no President %v sheet draw %v winner %v", flagsOf(o), g.Over(), g.noPresident, s.Draw, s.Winner)
	}
	if want := "the game is over: the General Election has no President, so the game is drawn; no cut is needed"; o.Flags[0].Message != want {
		t.Errorf("the draw after the end: %q, want %q", o.Flags[0].Message, want)
	}
	if s.Totals["ann"] != 0 || s.Totals["bob"] != 0 || !strings.Contains(s.Breakdown["ann"][1].Text, "no President") {
		t.Errorf("totals %v breakdown %+v", s.Totals, s.Breakdown["ann"])
	}
	// Even an adjustment does not make a President.
	if w, _ := g.Decide(map[string]int{"ann": 3, "bob": 0}); w != nil {
		t.Errorf("Decide with an adjustment: %v, want a draw", w)
	}
}

// spoilerGame is a four-player game where ann and bob are the Candidates and end below 0, so
// the Spoiler with the higher Electability is President; %s is the card Voter ADHD takes from
// cy: her Uncivil Debate (cy E 38, dee 35) or her Policy Proposal (both 35).
const spoilerGame = `
start ann
toe ann *4
true ann
party ann
civil ann
toe bob *4
true bob
party bob
civil bob
policy cy
strange cy
news cy *2
neg cy *2
uncivil cy
policy dee *2
strange dee
news dee
neg dee *2
uncivil dee
start cy
tack cy *4
steal cy *2
slam cy *2
soulja cy
gaffe cy
tack dee *4
steal dee *2
slam dee *2
soulja dee
gaffe dee
adhd ann true
adhd ann party
adhd ann civil
adhd bob true
adhd bob party
adhd bob civil
adhd cy %s
adhd dee uncivil
`

func TestNoCandidateAboveZero(t *testing.T) {
	o := play(t, four, fmt.Sprintf(spoilerGame, "uncivil"))
	g := o.Game.(*game)
	if flagsOf(o) != "" || !g.Over() || !g.viaSpoiler || g.president != 2 {
		t.Fatalf("flags %q over %v via Spoiler %v president %d", flagsOf(o), g.Over(), g.viaSpoiler, g.president)
	}
	s := o.Sheet()
	if b := s.Breakdown["cy"]; b[1].Text != "President: no Candidate is above 0, and this Spoiler has the highest Electability, 38" {
		t.Errorf("cy's breakdown %+v", b)
	}
	// dee, a Spoiler, was judged on Electability, not on E−A; ann, a Candidate, on E−A.
	if b := s.Breakdown["dee"]; b[1].Text != "not elected: a Spoiler, Electability 35" {
		t.Errorf("dee's breakdown %+v", b)
	}
	if b := s.Breakdown["ann"]; !strings.HasPrefix(b[1].Text, "not elected: General E−A ") {
		t.Errorf("ann's breakdown %+v", b)
	}
	// The round is the phase; its name is the election, not a second "phase".
	if s.RoundName != "phase" || s.Columns[0].Title != "election" {
		t.Errorf("round %q, first column %q", s.RoundName, s.Columns[0].Title)
	}
	// Spoilers tied on Electability: a draw between them.
	script := fmt.Sprintf(spoilerGame, "policy")
	o = play(t, four, script)
	g = o.Game.(*game)
	if g.Over() || !strings.Contains(g.Hint(), "tied for President between cy and dee (Electability 35)") {
		t.Fatalf("over %v hint %q", g.Over(), g.Hint())
	}
	o = play(t, four, script+"draw bob\ndraw dee")
	g = o.Game.(*game)
	if flagsOf(o) != fmt.Sprintf("%d E7 illegal", 2+58) || g.president != 3 || !g.Over() {
		t.Errorf("flags %q president %d", flagsOf(o), g.president)
	}
}

// allTied leaves every player at E 8, A −4 after the Primary.
const allTied = `
start ann
toe ann *2
tack ann *2
steal ann
slam ann
neg ann
toe bob *2
tack bob *2
steal bob
slam bob
neg bob
toe cy *2
tack cy *2
steal cy
slam cy
neg cy
toe dee *2
tack dee *2
steal dee
slam dee
neg dee
`

// partyGeneral gives ann E−A 21 with three Newspaper Endorsements; bob ends at −21, cy at 17.
const partyGeneral = `
start dee
news ann *3
soulja cy *2
true bob *2
civil bob *2
strange dee *2
party dee *2
policy cy *3
uncivil dee *2
gaffe dee *2
adhd cy steal
adhd cy slam
adhd cy neg
adhd dee steal
adhd dee slam
adhd dee neg
adhd bob steal
adhd bob slam
`

func TestPartyVariant(t *testing.T) {
	// Every player ends the Primary at E 8, A −4: each party cuts for its Candidate (E8), in
	// either order. In the General ann's three Newspaper Endorsements make her President.
	o := play(t, partyFour, allTied)
	g := o.Game.(*game)
	if h := g.Hint(); !strings.Contains(h, "blue's Candidate between bob and dee (E+A 4, Electability 8)") {
		t.Errorf("hint %q", h)
	}
	if n := len(g.Legal()); n != 4 {
		t.Errorf("%d legal draws, want 4", n)
	}
	o = play(t, partyFour, allTied+"draw bob\ndraw dee\ndraw ann\ndraw cy"+partyGeneral)
	g = o.Game.(*game)
	// draw dee: the blue cut was decided at 31; draw cy: the red cut at 33.
	if got := flagsOf(o); got != "32 E8 illegal; 34 E8 illegal" {
		t.Errorf("flags %q", got)
	}
	s := o.Sheet()
	want := map[string]int{"ann": 3, "bob": 1, "cy": 1, "dee": 0}
	if !reflect.DeepEqual(s.Totals, want) || s.Winner == nil || *s.Winner != "ann" || !g.Over() {
		t.Errorf("totals %v, want %v; winner %v", s.Totals, want, s.Winner)
	}
	if r := s.Rounds[1].Players; r["ann"]["points"] != 2 || r["cy"]["points"] != 1 || s.Rounds[0].Players["bob"]["points"] != 1 {
		t.Errorf("points per phase: %v / %v", s.Rounds[0].Players, r)
	}
	if b := s.Breakdown["cy"]; len(b) != 2 || b[1].Text != "party-mate of President ann" || b[1].Points != 1 {
		t.Errorf("cy's breakdown %+v", b)
	}
	// One point is said as one.
	i := slices.IndexFunc(g.Status(), func(f referee.Field) bool { return f.Label == "bob" })
	if i < 0 || !strings.Contains(g.Status()[i].Value+";", "; party blue, 1 point;") {
		t.Errorf("the status %+v, want bob's party's 1 point", g.Status())
	}
}

func TestPartySpoilerPresidentWinsOnSharedPoints(t *testing.T) {
	// The parties red (ann, cy) and blue (bob, dee): ann and bob are Candidates and end below
	// 0; Spoiler cy becomes President (+2) and party-mate ann, a Candidate, has 1 + 1. The
	// points tie, but they are the match's currency (E8): the President wins the game (E7).
	o := play(t, partyFour, fmt.Sprintf(spoilerGame, "uncivil"))
	s := o.Sheet()
	want := map[string]int{"ann": 2, "bob": 1, "cy": 2, "dee": 0}
	if flagsOf(o) != "" || !reflect.DeepEqual(s.Totals, want) || s.Draw || s.Winner == nil || *s.Winner != "cy" {
		t.Errorf("flags %q totals %v (want %v) draw %v winner %v, want cy", flagsOf(o), s.Totals, want, s.Draw, s.Winners)
	}
	if s.Decided != "the President wins the game (E7)" {
		t.Errorf("the sheet should say the President wins: %q", s.Decided)
	}
}

func TestPrimaryFourWayTie(t *testing.T) {
	// Without parties, all four at E 8, A −4 tie for both Candidate places: two draws, one
	// winner each (E6). ann wins the first cut, is named again (flagged), cy wins the second.
	script := allTied + "draw ann\ndraw ann\ndraw cy"
	o := play(t, four, allTied)
	if h := o.Game.Hint(); !strings.Contains(h, "tied for both Candidate places between ann, bob, cy and dee") || !strings.Contains(h, "draw ann|bob|cy|dee") {
		t.Errorf("hint %q", h)
	}
	o = play(t, four, allTied+"draw ann")
	if h := o.Game.Hint(); !strings.Contains(h, "between bob, cy and dee") || len(o.Game.Legal()) != 3 {
		t.Errorf("after one draw: hint %q, %d legal", o.Game.Hint(), len(o.Game.Legal()))
	}
	o = play(t, four, script+partyGeneral)
	g := o.Game.(*game)
	if got := flagsOf(o); got != "32 E6 illegal" {
		t.Errorf("flags %q", got)
	}
	// ann (E−A 21) beats cy (17) among the Candidates.
	s := o.Sheet()
	if !g.candidate[0] || !g.candidate[2] || g.candidate[1] || g.president != 0 || s.Winner == nil || *s.Winner != "ann" {
		t.Errorf("candidates %v president %d winner %v", g.candidate, g.president, s.Winner)
	}
}

func TestHintAndLegal(t *testing.T) {
	o := play(t, three, "")
	if h := o.Game.Hint(); h != "name who starts the Primary: start ann|bob|cy" {
		t.Errorf("hint %q", h)
	}
	o = play(t, three, "start bob")
	g := o.Game.(*game)
	// 14 kinds on 3 players, and Voter ADHD on nothing.
	if n := len(g.Legal()); n != 14*3+1 {
		t.Errorf("%d legal moves", n)
	}
	if h := g.Hint(); !strings.HasPrefix(h, "Primary, card 1 of 21: bob plays one of 7 cards left") {
		t.Errorf("hint %q", h)
	}
	o = play(t, three, "start bob\ngaffe ann\ngaffe ann")
	g = o.Game.(*game)
	if n := len(g.Legal()); n != 13*3+2 {
		t.Errorf("%d legal moves with the Gaffes gone and two cards in play", n)
	}
	if h := g.Hint(); !strings.Contains(h, "every copy played: gaffe") {
		t.Errorf("hint %q", h)
	}
	var st []string
	for _, f := range g.Status() {
		st = append(st, f.Label+": "+f.Value)
	}
	if !slices.Contains(st, "ann: E -6, A -6 (E+A -12); 7 cards in hand; in play: Gaffe #3, Gaffe #4") {
		t.Errorf("status %q", st)
	}
}

// guided checks that every move the hint names or gives as an example, and every move Legal
// lists, is accepted as the next event with no flag on itself.
func guided(t *testing.T, o *referee.Outcome) {
	t.Helper()
	g, seq := o.Game, o.Last+1
	for _, m := range append(hintMoves(g, g.Hint()), g.Legal()...) {
		if f := referee.Own(g.Clone().Apply(seq, m), seq); referee.Refuses(f) {
			t.Errorf("hint %q: %s is refused: %v", g.Hint(), g.Notation(m), f)
		}
	}
}

// wholeDeck is a four-player game that plays every card of the deck (E1) but the last Policy
// Proposal: the Voter ADHDs first, on nothing, and no tie in the Primary.
const wholeDeck = `
start ann
adhd *8
tack ann *8
toe bob *8
steal cy *4
start ann
slam dee *4
neg dee *4
soulja dee *2
gaffe dee *2
true dee *2
civil dee *2
uncivil dee *2
strange dee *2
party dee *2
news dee *3
policy dee *2
`

func TestHintNamesPlayableCards(t *testing.T) {
	// Every Tack Center is played: the example is a card the deck still holds (E1), and the
	// kind used up is said to be, not the deck to be empty.
	o := play(t, three, "start ann\ntack bob *8")
	g := o.Game.(*game)
	want := "Primary, card 9 of 21: cy plays one of 5 cards left, on any player (CARD PLAYER, e.g. toe cy); adhd SEQ discards a card in play; every copy played: tack"
	if h := g.Hint(); h != want {
		t.Errorf("hint %q\nwant %q", h, want)
	}
	guided(t, o)
	// The last card of a four-player game: only a Policy Proposal is left unplayed, and every
	// Voter ADHD is spent, so none is offered.
	o = play(t, four, wholeDeck)
	g = o.Game.(*game)
	want = "General, card 28 of 28: dee plays the last card in hand (only Policy Proposal is unplayed), on any player (CARD PLAYER, e.g. policy dee); every copy played but policy"
	if flagsOf(o) != "" || g.Hint() != want {
		t.Errorf("flags %q, hint %q\nwant %q", flagsOf(o), g.Hint(), want)
	}
	for _, f := range g.Status() {
		if f.Label == "dee" && !strings.Contains(f.Value, "; 1 card in hand;") {
			t.Errorf("dee's status %q", f.Value)
		}
	}
	guided(t, o)
}

func TestHintWaitsForTheCut(t *testing.T) {
	// While the Primary's cut is open, a start is refused (E6): the hint asks for the cut and
	// offers no start.
	o := play(t, three, tiedPrimary)
	g := o.Game.(*game)
	want := "the Primary is tied for the last Candidate place between bob and cy (E+A 2, Electability 0): the table cuts and records the winner: draw bob|cy; then the table names who starts the General"
	if h := g.Hint(); h != want {
		t.Errorf("hint %q\nwant %q", h, want)
	}
	guided(t, o)
	// Both parties tied (E8): the hint asks for both cuts, in either order.
	o = play(t, partyFour, allTied)
	want = "the Primary is tied for blue's Candidate between bob and dee (E+A 4, Electability 8): the table cuts and records the winner: draw bob|dee; " +
		"the Primary is tied for red's Candidate between ann and cy (E+A 4, Electability 8): the table cuts and records the winner: draw ann|cy; then the table names who starts the General"
	if h := o.Game.Hint(); h != want {
		t.Errorf("hint %q\nwant %q", h, want)
	}
	guided(t, o)
	// A card played before the General starts is set aside, and its flag's hint too asks for
	// the cut first.
	o = play(t, three, tiedPrimary+"ann play tack bob")
	if f := o.Flags; len(f) != 1 || f[0].Rule != "E4" || !f[0].SetAside || !strings.HasSuffix(f[0].Hint, "draw bob|cy; then the table names who starts the General") {
		t.Errorf("flags %+v", f)
	}
}

// tiedGeneral plays the General after allTied and its cuts (ann and cy Candidates) on the
// Spoilers bob and dee only, so ann and cy stay level at E−A 12, Electability 8 (E7).
const tiedGeneral = `
start ann
news dee *3
soulja bob
soulja dee
gaffe dee *2
true dee *2
civil dee *2
uncivil dee *2
strange dee *2
party dee *2
policy dee *3
adhd bob steal
adhd bob slam
adhd bob neg
adhd dee steal
adhd dee slam
adhd dee neg
adhd bob soulja
adhd dee soulja
`

func TestDrawOutsideTheGeneralTie(t *testing.T) {
	// bob was in the Primary's cut and lost it; naming him for the General's cut breaks E7,
	// the tie waiting, and is set aside. cy then wins the cut.
	script := allTied + "draw ann\ndraw cy" + tiedGeneral
	o := play(t, four, script)
	if h := o.Game.Hint(); !strings.Contains(h, "tied for President between ann and cy (E−A 12, Electability 8)") {
		t.Fatalf("flags %q, hint %q", flagsOf(o), h)
	}
	o = play(t, four, script+"draw bob\ndraw cy")
	g := o.Game.(*game)
	if got := flagsOf(o); got != "62 E7 illegal" || !o.Flags[0].SetAside || o.Flags[0].Message != "bob is not in the tie for President" {
		t.Errorf("flags %q: %+v", got, o.Flags)
	}
	if !g.Over() || g.president != 2 {
		t.Errorf("over %v, president %d", g.Over(), g.president)
	}
}

func TestSetAside(t *testing.T) {
	// A move the game cannot go on from is set aside (L8), and its flag says so, not its
	// words; the moves applied as played are not.
	tests := []struct {
		name, script string
		want         string // "seq rule severity"
		aside        bool   // the move is set aside
		message      string // the flag's words
	}{
		{"out of turn", "start ann\nbob play tack ann", "3 E4 illegal", true, "it is ann's turn, not bob's"},
		{"before the start", "ann play tack bob", "2 E4 illegal", true, "the Primary has not started: the table first names who starts it"},
		{"a second start", "start ann\nstart bob", "3 E4 illegal", true, "the Primary is under way, started by ann at event 2"},
		{"a draw with no tie", "start ann\ndraw ann", "3 E6 illegal", true, "no result is tied now, so no cut is needed"},
		{"a Voter ADHD on nothing is spent", "start ann\ntack bob\nadhd", "4 E5 illegal", false, "1 card is in play, so Voter ADHD must discard one of them; if forced, the Voter ADHD discards nothing"},
		{"a ninth Tack Center is applied", "start ann\ntack bob *9", "11 E1 impossible", false, "the deck holds 8 Tack Center, and this is the 9th one played"},
		{"the General before the cut is applied", tiedPrimary + "start bob", "24 E6 illegal", false, "the Primary's cut for the last Candidate place must be recorded before the General starts"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := play(t, three, tt.script)
			if got := flagsOf(o); got != tt.want || o.Flags[0].SetAside != tt.aside || o.Flags[0].Message != tt.message {
				t.Errorf("flags %q, %+v; want %q, set aside %v, %q", got, o.Flags, tt.want, tt.aside, tt.message)
			}
		})
	}
}

func TestParse(t *testing.T) {
	o := play(t, three, "start bob\ntack ann")
	g := o.Game.(*game) // cy to play
	for in, want := range map[string]string{
		"ann play tack bob":  "ann play tack bob",
		"tack bob":           "cy play tack bob",
		"TACK BOB":           "cy play tack bob",
		"Tack-Center cy":     "cy play tack cy",
		"tackcenter ann":     "cy play tack ann",
		"tac bob":            "cy play tack bob",
		"play toe bob":       "cy play toe bob",
		"c bob":              "cy play civil bob",
		"civ bob":            "cy play civil bob",
		"un bob":             "cy play uncivil bob",
		"ad bob":             "cy play neg bob",
		"neg bob":            "cy play neg bob",
		"targ bob":           "cy play neg bob",
		"sis bob":            "cy play soulja bob",
		"soul bob":           "cy play soulja bob",
		"g bob":              "cy play gaffe bob",
		"tr bob":             "cy play true bob",
		"new bob":            "cy play news bob",
		"pol bob":            "cy play policy bob",
		"par bob":            "cy play party bob",
		"str bob":            "cy play strange bob",
		"ste bob":            "cy play steal bob",
		"sl bob":             "cy play slam bob",
		"v":                  "cy play adhd",
		"adh 3":              "cy play adhd 3",
		"adhd ann tack":      "cy play adhd ann tack",
		"bob play adhd 0003": "bob play adhd 3",
		"start ann":          "start ann",
		"DRAW Cy":            "draw cy",
	} {
		m, err := g.Parse(strings.Fields(in))
		if err != nil || g.Notation(m) != want {
			t.Errorf("%q → %q, %v; want %q", in, g.Notation(m), err, want)
		}
	}
	for in, want := range map[string]string{
		"t bob":                     "could be Tack Center (tack), Toe the Line (toe), Targeted by a Negative Ad (neg), True Blue (true)",
		"st bob":                    "could be Steal Their Position (steal), Strange Pronouncement (strange)",
		"p bob":                     "could be Party Endorsement (party), Policy Proposal (policy)",
		"ne bob":                    "could be Targeted by a Negative Ad (neg), Newspaper Endorsement (news)",
		"a bob":                     "could be Targeted by a Negative Ad (neg), Voter ADHD (adhd)",
		"s bob":                     "could be",
		"tack":                      "on whom",
		"tack zed":                  `"zed" is not a player`,
		"tack bob cy":               "unexpected word",
		"zed tack bob":              "unknown player, move or card",
		"ann":                       "what does ann do?",
		"ann play":                  "play needs a card",
		"ann xyz bob":               `"xyz" is not a card`,
		"start":                     "start needs a player",
		"start zed":                 "not a player",
		"ann start bob":             "the table's move",
		"draw bob cy":               "unexpected word",
		"adhd bob":                  "which of bob's cards",
		"adhd 0":                    "not an event number",
		"adhd -3":                   "not an event number",
		"adhd xyz":                  "neither an event number nor a player",
		"adhd bob t":                "could be",
		"adhd bob tack ann":         "unexpected word",
		"adhd 99999999999999999999": "neither an event number",
	} {
		_, err := g.Parse(strings.Fields(in))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %q", in, err, want)
		}
	}
	// Before the phase starts nobody is to play, so the player must be named.
	o = play(t, three, "")
	if _, err := o.Game.Parse([]string{"tack", "bob"}); err == nil || !strings.Contains(err.Error(), "nobody is to play") {
		t.Errorf("tack bob before the start: %v", err)
	}
}

func TestDescribe(t *testing.T) {
	o := play(t, three, "start ann\ntack bob\nadhd 3")
	g := o.Game
	for _, tt := range []struct{ in, want string }{
		{"ann play tack bob", "ann plays Tack Center on bob (+4 E -3 A)"},
		{"bob play adhd 3", "bob plays Voter ADHD on bob's Tack Center (event 3)"},
		{"bob play adhd cy gaffe", "bob plays Voter ADHD on cy's Gaffe"},
		{"bob play adhd", "bob plays Voter ADHD on nothing"},
		{"start cy", "cy starts the phase"},
		{"draw cy", "cy wins the cut"},
	} {
		m, err := g.Parse(strings.Fields(tt.in))
		if err != nil || g.Describe(m) != tt.want {
			t.Errorf("%q → %q, %v; want %q", tt.in, g.Describe(m), err, tt.want)
		}
	}
}

func TestRulings(t *testing.T) {
	r := Rules{}
	var ids []string
	for _, x := range r.Rulings() {
		ids = append(ids, x.ID)
	}
	if strings.Join(ids, " ") != "E1 E2 E3 E4 E5 E6 E7 E8" {
		t.Errorf("rulings %v", ids)
	}
	total := 0
	for _, c := range Deck() {
		total += c.Count
	}
	if total != DeckSize || len(Deck()) != 15 {
		t.Errorf("%d cards of %d kinds", total, len(Deck()))
	}
	if lo, hi := r.Players(); lo != 2 || hi != 4 || r.Kind() != "article2" || r.Ruleset() != "article2/1" {
		t.Errorf("players %d–%d kind %s ruleset %s", lo, hi, r.Kind(), r.Ruleset())
	}
}

func TestPlayoutSeatsTwoToFour(t *testing.T) {
	seen := map[int]bool{}
	for seed := range 30 {
		setup, _ := Playout(rand.New(rand.NewPCG(uint64(seed), 1)), map[string]string{"parties": "off"})
		seen[len(setup.Players)] = true
	}
	if len(seen) != 3 {
		t.Errorf("player counts %v", seen)
	}
	setup, _ := Playout(rand.New(rand.NewPCG(1, 1)), map[string]string{"parties": "on"})
	if len(setup.Players) != 4 || len(setup.Teams) != 2 {
		t.Errorf("party variant seats %v in %v", setup.Players, setup.Teams)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"ann play tack bob", "tack bob", "adhd 3", "adhd bob tack", "adhd", "start ann", "draw cy", "c ann", "ad bob", "bob play adhd bob adhd", "t", "play"} {
		f.Add(s)
	}
	// A run of "1o" where a card or a move is read, which a fuzzer may lengthen; a huge one is
	// TestHugeWordsRefusedCheaply's.
	f.Add("ann play tack 1o1o1o1o1o")
	f.Add("1o1o1o1o1o")
	f.Fuzz(func(t *testing.T, in string) {
		g, err := newGame(three)
		if err != nil {
			t.Fatal(err)
		}
		g.Apply(2, referee.NewMove(TypeStart, "", payload{Player: "ann"}))
		g.Apply(3, referee.NewMove(TypePlay, "ann", payload{Card: "tack", Target: "bob"}))
		m, err := g.Parse(strings.Fields(in))
		if err != nil {
			return
		}
		again, err := g.Parse(strings.Fields(g.Notation(m)))
		if err != nil || !refereetest.Same(again, m) {
			t.Fatalf("%q → %q → %+v, %v", in, g.Notation(m), again, err)
		}
		g.Apply(4, m) // never panics
		g.Status()
		g.Sheet()
		g.Legal()
	})
}

// BenchmarkReplayGame replays one whole four-player game held in memory.
func BenchmarkReplayGame(b *testing.B) {
	setup, moves := playout(rand.New(rand.NewPCG(1, 3)), map[string]string{"parties": "on"}, []string{"ann", "bob", "cy", "dee"})
	log := logOf(b, setup, moves)
	for b.Loop() {
		o, err := referee.Replay(Rules{}, log)
		if err != nil || len(o.Flags) > 0 {
			b.Fatal(err, o.Flags)
		}
	}
}

func TestConformance(t *testing.T) {
	refereetest.Conform(t, Rules{}, refereetest.Config{
		Games: 200,
		Tests: []string{"*_test.go", "../../commands/testdata/script/*.txtar"},
	})
}
