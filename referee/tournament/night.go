package tournament

import (
	"cmp"
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/kinds"
	"github.com/tableside/tableside/scoring"
)

// Kind is a tournament's kind, in the first event of its log. It is not a game's kind: the
// application finds a tournament's log by it, not in referee/kinds.
const Kind = events.TournamentKind

// Event types of a tournament's moves. They are stored: never rename one.
const (
	TypeArrive  = "tournament.arrive"  // {"player":"eve","rating":1500}  a late arrival, paired from the next round (T1)
	TypeRate    = "tournament.rate"    // {"player":"ann","rating":1500}  a rating given to an entrant before round 1
	TypeDrop    = "tournament.drop"    // {"player":"bob"}                 not paired again (T1)
	TypePaired  = "tournament.paired"  // Paired: a round's pairing as made (T9), recorded by the application, never typed
	TypeSeat    = "tournament.seat"    // Seat: the current round's pairing changed by hand (T9)
	TypeEnd     = "tournament.end"     // {"round":2}: the round is over (its games over, or the organiser ended it)
	TypeRelease = "tournament.release" // {"round":2}: with confirm=on, the organiser lets the next round be paired though not every scored round of this one is confirmed
	TypeClose   = "tournament.close"   // {}: no more rounds
	TypeBye     = "tournament.bye"     // {"player":"ann","round":3}: a bye the player asked for, before the round is paired (T11)
	TypeForfeit = "tournament.forfeit" // {"player":"bob","round":2}: the player did not come to the table: lost by forfeit (T10)
	TypeApart   = "tournament.apart"   // {"players":["ann","bob"]}: two players who must not meet (T13)
	TypeHere    = "tournament.here"    // {"player":"ann","by":3}: ann checked in before round 1, at table 3's phone or by the organiser
	TypeKeep    = "tournament.keep"    // {"player":"ann","table":1}: a player who must keep a table (T13)
	// {"tie_breaks":["buchholz","direct"]}: the tie-breaks chosen again, which are locked once
	// round 1 is paired (T14)
	TypeTieBreaks = "tournament.tie_breaks"
)

// Paired is a round's pairing as it was made: its input and what the pairing gave (T9).
type Paired struct {
	Round  int    `json:"round"`
	Input  Input  `json:"input"`
	Output Output `json:"output"`
}

// Seat is the round in play's pairing changed by hand: its tables (the first player of each
// is first) and byes.
type Seat struct {
	Round  int      `json:"round"`
	Tables []Table  `json:"tables"`
	Byes   []string `json:"byes"`
}

// player is the payload of arrive, rate and drop.
type player struct {
	Player string `json:"player"`
	Rating int    `json:"rating,omitempty"`
	// By is the table whose phone asked it (a check-in, a drop), 0 for the organiser.
	By int `json:"by,omitempty"`
}

// playerIn is the payload of a bye asked for and of a forfeit: the player, and the round.
type playerIn struct {
	Player string `json:"player"`
	Round  int    `json:"round"`
	By     int    `json:"by,omitempty"` // the table whose phone asked it, 0 for the organiser
}

// apartOf is the payload of two players who must not meet.
type apartOf struct {
	Players [2]string `json:"players"`
}

// roundOf is the payload of end and release.
type roundOf struct {
	Round int `json:"round"`
}

// PairedMove is the move recording a round's pairing as made: the application computes in and
// out (Pair) and appends this move. Its actor is "".
func PairedMove(in Input, out Output) referee.Move {
	return referee.NewMove(TypePaired, "", Paired{Round: in.Round, Input: in, Output: out})
}

// Rules is a tournament's rulebook: a club night played in rounds, its log replayed like a
// game's so that corrections, flags and exports serve it too. Its zero value judges each
// recorded pairing by pairing its input again (JudgePairing); Judging and Unjudged give a
// reader its own way.
type Rules struct {
	judge    Judge
	unjudged bool
}

// Judge is a way to judge a recorded pairing, out, against its input, in: the flags
// JudgePairing gives, numbered as if at event 0 (the night numbers them).
type Judge func(in Input, out Output) []referee.Flag

// Judging is the rulebook judging recorded pairings by judge: one that remembers what it
// found, since a judgement costs a round's pairing and a log is read again and again.
func Judging(judge Judge) Rules { return Rules{judge: judge} }

// Unjudged is the rulebook of a read that shows no flag (a list of games, the standings): it
// records each pairing as made and leaves it unjudged, so that reading a night costs what its
// log holds, not a pairing a round. What the night is does not depend on a judgement.
func Unjudged() Rules { return Rules{unjudged: true} }

// Judges reports whether r judges the pairings it replays (every rulebook but Unjudged).
func (r Rules) Judges() bool { return !r.unjudged }

// Kind implements referee.Rules.
func (Rules) Kind() string { return Kind }

// Name implements referee.Rules.
func (Rules) Name() string { return "Tournament" }

// Ruleset implements referee.Rules.
func (Rules) Ruleset() string { return "tournament/1" }

// Players implements referee.Rules: the entrants at the start, as many as a round pairs.
func (Rules) Players() (int, int) { return 2, maxPlayers }

// Seating implements referee.Rules: a tournament seats nobody at its start.
func (Rules) Seating() referee.Seating { return referee.Seating{} }

// The defaults of a tournament's options.
const (
	defaultRounds    = "5"
	defaultTieBreaks = Buchholz + "," + SonnebornBerger
)

// Options implements referee.Rules.
func (Rules) Options() []referee.Option {
	return []referee.Option{
		{Name: "game", Values: kindNames(), Rule: "T2"},
		{Name: "format", Values: []string{Swiss, RoundRobin, Rotation}, Rule: "T5"},
		// A round robin's rounds are its tables' count: this option is ignored for it.
		{Name: "rounds", Values: []string{defaultRounds}, Rule: "T9", Numeric: true},
		{Name: "table_size", Values: []string{"2"}, Rule: "T2", Numeric: true},
		{Name: "tie_breaks", Values: append([]string{defaultTieBreaks}, TieBreaks...), Rule: "T8", List: true},
		{Name: "double", Values: []string{"off", "on"}, Rule: "T4"},
		{Name: "confirm", Values: []string{"off", "on"}, Rule: "L9"},
		// The seed the application draws at creation, so that the log holds it (T5).
		{Name: "seed", Values: []string{"1"}, Rule: "T5", Numeric: true},
		// The byes a player may ask for (T11): how many, what each scores, and whether the last
		// round takes one.
		{Name: "asked_byes", Values: []string{"1"}, Rule: "T11", Numeric: true},
		{Name: "asked_bye_points", Values: []string{"half", "zero"}, Rule: "T11"},
		{Name: "asked_bye_last", Values: []string{"off", "on"}, Rule: "T11"},
		// A round's time, in minutes from its pairing; 0 for none (TR5).
		{Name: "round_minutes", Values: []string{"0"}, Rule: "TR5", Numeric: true},
	}
}

// Rulings implements referee.Rules: the T rulings as RULINGS.md words them, then the project's own.
func (Rules) Rulings() []referee.Ruling { return rulings }

// Grammar implements referee.Rules.
func (Rules) Grammar() []string {
	return []string{
		"arrive NAME [RATING]          a late arrival, paired from the next round (T1)",
		"rate NAME RATING              an entrant's rating, before round 1",
		"drop NAME                     a player leaves: not paired again (T1)",
		"seat ROUND A-B C-D … [bye E]  the round in play seated by hand: each table's players joined by -, the first listed first (T9)",
		"end [ROUND]                   the round in play is over",
		"release [ROUND]               with confirm=on: let the next round be paired before every result is confirmed",
		"close                         no more rounds",
		"bye NAME [ROUND]              a bye the player asks for, before the round is paired (T11)",
		"forfeit NAME [ROUND]          the player did not come to the table: lost by forfeit, the opponent wins by it (T10)",
		"here NAME                     the entrant has come, before round 1: a check-in",
		"apart NAME NAME               two players who must not meet while a pairing keeps them apart (T13)",
		"keep NAME TABLE               a player who must keep a table, whatever the pairing (T13)",
		"tie-breaks TB,TB…             the tie-breaks chosen again, before round 1 is paired (T14)",
		"a round is paired, never typed: `tableside tournament pair`, or Pair round on the organiser's page",
	}
}

// reserved are the words of the grammar, which no player may be called.
var reserved = []string{"arrive", "rate", "drop", "seat", "end", "release", "close", "pair", "paired", "bye"}

// IsWord implements referee.Rules: a name the tournament's own notation would read as
// something else.
func (Rules) IsWord(name string) bool { return isWord(name) }

// isWord reports whether a name would be read as something else: a word of the grammar, a
// number (a round, a rating), or a name holding the - that joins a table's players.
func isWord(name string) bool {
	_, err := strconv.Atoi(name)
	return err == nil || strings.Contains(name, "-") || slices.Contains(reserved, strings.ToLower(name))
}

// wordsOf is isWord for a night of game: a name its games would read as something else (a,
// read as a card) is refused as well, at entry, rather than by the game of a round it is
// seated in, which would leave that round with no game. Only entry checks it: a night
// recorded before it was checked still replays.
func wordsOf(game string) func(string) bool {
	r := kinds.All()[game]
	return func(name string) bool { return isWord(name) || r != nil && r.IsWord(name) }
}

// CheckEntrants refuses, for a new tournament of game, a list of entrants its setup may not
// name, by New's rules and by its games' own: a name a game of the kind would read as a card
// or a move.
func CheckEntrants(game string, names []string) error {
	return referee.CheckPlayers(names, 2, maxPlayers, wordsOf(game))
}

// CheckGames refuses, for a new tournament of game, games whose options seat the players in
// sides (Article II's party variant, E8): a tournament seats each player alone (T2), and
// the party variant is a match of its own. Only creation checks it, so that a night
// recorded before still replays.
func CheckGames(game string, options map[string]string) error {
	r := kinds.All()[game]
	if r == nil {
		return nil // the kind is refused by New, naming the kinds there are
	}
	if t := r.Seating().Teams; t != nil && (t.Option == "" || options[t.Option] == t.Value) {
		return referee.SetupErrorf(referee.FieldOptions, "%s plays in sides, and a tournament seats each player alone (T2): play it as a match of its own", describeSides(t))
	}
	return nil
}

// describeSides names what seats a game's players in sides: its option, or the kind itself.
func describeSides(t *referee.Teams) string {
	if t.Option == "" {
		return "the game"
	}
	return "option " + t.Option + "=" + t.Value
}

// Settings are a tournament's options, read.
type Settings struct {
	Game, Format    string
	Rounds          int
	TableSize       int
	TieBreaks       []string
	Double, Confirm bool
	Seed            uint64
	// AskedByes is how many byes a player may ask for (T11), each scoring ½ when AskedByeHalf,
	// else 0; none in the last round unless AskedByeLast.
	AskedByes                  int
	AskedByeHalf, AskedByeLast bool
	// RoundMinutes is a round's time from its pairing, 0 for none (TR5).
	RoundMinutes int
	// GameOptions are the options of every game the tournament makes, defaults filled in.
	GameOptions map[string]string
}

// Entrant is one of the tournament's players: their pairing number (the order of entry),
// rating, whether they are present, and the first round they may be paired in (1, or the
// round after their arrival). The standings rank entrants.
type Entrant struct {
	Name    string
	Rating  int
	Number  int
	Present bool
	// Here says the entrant checked in before round 1 (here).
	Here    bool
	Arrived int
	// Lot is the entrant's number in the lot drawn when the tournament closed (T15), 1 first;
	// 0 before.
	Lot int
}

// RoundState is a round paired, its pairing as it now stands: a Seat replaces the tables and
// byes recorded with its pairing, and sets ByHand.
type RoundState struct {
	Round    int
	Input    Input
	Tables   []Table
	Byes     []string
	ByHand   bool
	Ended    bool
	Released bool
	// Forfeits are the round's forfeits (T10): each a table's absent player, and the others
	// at the table, who win by it.
	Forfeits []Forfeit
	// GaveWay says which of T13's wishes its pairing could not keep.
	GaveWay []string
	// Seated is the event that seated the round as it now stands: its pairing, or the seating
	// by hand that replaced it. Each table's game names it (events.Created's Seated).
	Seated int64
}

// Night is a tournament's state, its log replayed: the referee.Game of a tournament.
type Night struct {
	name, date string
	settings   Settings
	entrants   []Entrant
	rounds     []RoundState
	closed     bool
	rules      Rules // how its pairings are judged
	// changes are the tie-breaks chosen again after round 1 was paired (T14), in order.
	changes []TieBreakChange
	// asked are the byes players asked for (T11), in order: a bye is not paired in its round.
	asked []Bye
	// apart are the pairs who must not meet, and keep the players who must keep a table (T13).
	apart [][2]string
	keep  []Kept
}

// Forfeit is a player who did not come to their table (T10): they lose by forfeit. One other
// left at the table wins by it, and the table's game does not count; two or more play on, in
// a game of their own made for the forfeit (Seated, its event), in which the absent player
// takes the last place.
type Forfeit struct {
	Table  int      `json:"table"`
	Absent string   `json:"absent"`
	Others []string `json:"others"`
	Seated int64    `json:"seated,omitempty"`
}

// PlayingAt is who plays at table n of round r: its players as seated, less those forfeited
// (T10); none for a table won by forfeit or not in the round.
func (r RoundState) PlayingAt(n int) []string {
	if f := r.ForfeitAt(n); f != nil {
		if len(f.Others) < 2 {
			return nil
		}
		return slices.Clone(f.Others)
	}
	for _, t := range r.Tables {
		if t.Table == n {
			return slices.Clone(t.Players)
		}
	}
	return nil
}

// ForfeitAt is the latest forfeit at table n of round r, which says who plays on there (T10);
// nil for none.
func (r RoundState) ForfeitAt(n int) *Forfeit {
	for i := len(r.Forfeits) - 1; i >= 0; i-- {
		if r.Forfeits[i].Table == n {
			return &r.Forfeits[i]
		}
	}
	return nil
}

// TieBreakChange is the tie-breaks chosen again once round 1 was paired, flagged T14: every
// slip printed after it says so.
type TieBreakChange struct {
	Seq    int64    `json:"seq"`
	Paired int      `json:"paired"` // the rounds paired when it was made
	From   []string `json:"from"`
	To     []string `json:"to"`
}

// TieBreakChanges lists the tie-breaks chosen again after round 1 was paired (T14).
func (n *Night) TieBreakChanges() []TieBreakChange { return slices.Clone(n.changes) }

// New implements referee.Rules.
func (r Rules) New(setup events.Created) (referee.Game, error) {
	n, err := newNight(setup)
	if err != nil {
		return nil, err
	}
	n.rules = r
	return n, nil
}

func newNight(setup events.Created) (*Night, error) {
	if setup.Kind != Kind {
		return nil, referee.SetupErrorf(referee.FieldKind, "kind %q is not %s", setup.Kind, Kind)
	}
	if err := referee.CheckPlayers(setup.Players, 2, maxPlayers, isWord); err != nil {
		return nil, err
	}
	opts, err := referee.CheckOptions(Rules{}.Options(), setup.Options)
	if err != nil {
		return nil, err
	}
	s := Settings{Game: opts["game"], Format: opts["format"], TieBreaks: strings.Split(opts["tie_breaks"], ","),
		Double: opts["double"] == "on", Confirm: opts["confirm"] == "on"}
	s.Rounds, _ = strconv.Atoi(opts["rounds"])
	s.TableSize, _ = strconv.Atoi(opts["table_size"])
	s.Seed, _ = strconv.ParseUint(opts["seed"], 10, 64)
	s.AskedByes, _ = strconv.Atoi(opts["asked_byes"])
	s.RoundMinutes, _ = strconv.Atoi(opts["round_minutes"])
	s.AskedByeHalf, s.AskedByeLast = opts["asked_bye_points"] == "half", opts["asked_bye_last"] == "on"
	in := Input{Format: s.Format, Kind: s.Game, TableSize: s.TableSize}
	if err := shape(&in); err != nil {
		return nil, referee.SetupErrorf(referee.FieldOptions, "%s", strings.TrimPrefix(err.Error(), ErrInput.Error()+": "))
	}
	// The games' options are the game's own, checked by its rules, every one written down so
	// that the games do not depend on a default a later version might change.
	if s.GameOptions, err = referee.CheckOptions(kinds.All()[s.Game].Options(), setup.GameOptions); err != nil {
		return nil, err
	}
	n := &Night{name: setup.Tournament, date: setup.Date, settings: s}
	for _, p := range setup.Players {
		n.enter(p, 0)
	}
	return n, nil
}

// enter adds an entrant, paired from the next round.
func (n *Night) enter(name string, rating int) {
	n.entrants = append(n.entrants, Entrant{Name: name, Rating: rating, Number: len(n.entrants) + 1, Present: true, Arrived: len(n.rounds) + 1})
}

// entrant finds an entrant by name, in any case; nil for none.
func (n *Night) entrant(name string) *Entrant {
	i := slices.IndexFunc(n.entrants, func(e Entrant) bool { return strings.EqualFold(e.Name, name) })
	if i < 0 {
		return nil
	}
	return &n.entrants[i]
}

// Settings is the tournament's settings. A round robin's rounds are its tables' count, for the
// field at round 1 (the players present, until it is paired).
func (n *Night) Settings() Settings {
	s := n.settings
	s.TieBreaks = slices.Clone(s.TieBreaks)
	if s.Format == RoundRobin {
		field := len(n.present())
		if len(n.rounds) > 0 {
			field = n.rounds[0].Input.Entrants
		}
		s.Rounds = max(0, field+field%2-1)
		if s.Double {
			s.Rounds *= 2
		}
	}
	return s
}

// Entrants is every entrant, in order of entry.
func (n *Night) Entrants() []Entrant { return slices.Clone(n.entrants) }

// Rounds is the rounds paired so far.
func (n *Night) Rounds() []RoundState {
	out := slices.Clone(n.rounds)
	for i := range out {
		out[i].Tables = cloneTables(out[i].Tables)
		out[i].Byes = slices.Clone(out[i].Byes)
		out[i].Forfeits = slices.Clone(out[i].Forfeits)
	}
	return out
}

// Closed reports whether the tournament has been closed: no more rounds.
func (n *Night) Closed() bool { return n.closed }

// Byes lists the byes given so far, round by round.
func (n *Night) Byes() []Bye {
	var out []Bye
	for _, r := range n.rounds {
		for _, b := range r.Byes {
			out = append(out, Bye{Round: r.Round, Player: b})
		}
		for _, b := range n.asked {
			if b.Round == r.Round {
				out = append(out, b)
			}
		}
		for _, f := range r.Forfeits {
			out = append(out, Bye{Round: r.Round, Player: f.Absent, Kind: ForfeitLost})
			if len(f.Others) == 1 { // more play on, and their game counts
				out = append(out, Bye{Round: r.Round, Player: f.Others[0], Kind: ForfeitWon})
			}
		}
	}
	return out
}

// Asked lists the byes players asked for (T11), paired rounds' and the next's.
func (n *Night) Asked() []Bye { return slices.Clone(n.asked) }

// askedFor reports whether name asked for a bye in round.
func (n *Night) askedFor(name string, round int) bool {
	return slices.ContainsFunc(n.asked, func(b Bye) bool { return b.Round == round && b.Player == name })
}

// Tables is how many tables the night has: the most any round has seated, or as many as the
// players present fill now at its table size (T2), whichever is more.
func (n *Night) Tables() int {
	most := tablesFor(len(n.present()), n.settings.TableSize)
	for _, r := range n.rounds {
		most = max(most, len(r.Tables))
	}
	return most
}

// present is the entrants present, in order of entry.
func (n *Night) present() []Entrant {
	return slices.DeleteFunc(slices.Clone(n.entrants), func(e Entrant) bool { return !e.Present })
}

// latest is the latest round paired; nil before round 1.
func (n *Night) latest() *RoundState {
	if len(n.rounds) == 0 {
		return nil
	}
	return &n.rounds[len(n.rounds)-1]
}

// inPlay is the round paired and not ended; nil when there is none.
func (n *Night) inPlay() *RoundState {
	if r := n.latest(); r != nil && !r.Ended {
		return r
	}
	return nil
}

// NextInput is the input of the next round's pairing: the players present, in the standings
// order given (names, best first; players missing from it follow in order of entry), with
// their points from points (0 when absent) and their night so far from the rounds as they now
// stand. Round 1's order is the tournament's own (T5): by rating, highest first, and where
// ratings tie or there are none, a shuffle drawn from the seed.
func (n *Night) NextInput(order []string, points map[string]float64) Input {
	s := n.settings
	in := Input{Format: s.Format, Kind: s.Game, Round: len(n.rounds) + 1, TableSize: s.TableSize, Seed: s.Seed, Double: s.Double}
	// A player who asked for a bye this round is not paired in it (T11).
	present := slices.DeleteFunc(n.present(), func(e Entrant) bool { return n.askedFor(e.Name, in.Round) })
	if in.Round == 1 {
		rng := rand.New(rand.NewPCG(s.Seed, 0))
		rng.Shuffle(len(present), func(i, j int) { present[i], present[j] = present[j], present[i] })
		slices.SortStableFunc(present, func(a, b Entrant) int { return cmp.Compare(b.Rating, a.Rating) })
	} else {
		// By place, looked up once a name: a big field sorts in n log n comparisons.
		place := make(map[string]int, len(order))
		for i, name := range slices.Backward(order) {
			place[name] = i // the first place a name is given, as a search from the start finds it
		}
		rank := func(e Entrant) int {
			if i, ok := place[e.Name]; ok {
				return i
			}
			return len(order) + e.Number
		}
		slices.SortStableFunc(present, func(a, b Entrant) int { return rank(a) - rank(b) })
	}
	paired := map[string]bool{}
	for _, e := range present {
		paired[e.Name] = true
	}
	for _, pq := range n.apart {
		if paired[pq[0]] && paired[pq[1]] {
			in.Apart = append(in.Apart, pq)
		}
	}
	for _, k := range n.keep {
		if paired[k.Player] {
			in.Keep = append(in.Keep, k)
		}
	}
	met, byes, first, small := n.history()
	for _, e := range present {
		in.Players = append(in.Players, Player{Name: e.Name, Number: e.Number, Points: points[e.Name], Rating: e.Rating,
			Opponents: nonNil(met[e.Name]), Byes: byes[e.Name], First: nonNilBools(first[e.Name]), Small: small[e.Name]})
	}
	for _, e := range n.entrants {
		switch {
		case !e.Present:
			in.Dropped = append(in.Dropped, e.Name)
		case n.askedFor(e.Name, in.Round):
			in.Away = append(in.Away, e.Name)
		}
	}
	if s.Format == RoundRobin {
		in.Entrants = len(present)
		if len(n.rounds) > 0 {
			in.Entrants = n.rounds[0].Input.Entrants
		}
	}
	return in
}

// history is each player's night so far, from the rounds as they now stand: whom they met
// (once a meeting), their byes, whether they were first, a game a round, and how many rounds
// they sat at one of the round's smaller tables. A name seated
// by hand that no entrant has is flagged where it was seated (T1) and left out here, so that
// the next round can still be paired.
func (n *Night) history() (met map[string][]string, byes map[string]int, first map[string][]bool, small map[string]int) {
	met, byes, first, small = map[string][]string{}, map[string]int{}, map[string][]bool{}, map[string]int{}
	entered := map[string]bool{}
	for _, e := range n.entrants {
		entered[e.Name] = true
	}
	for _, r := range n.rounds {
		largest := 0
		for _, t := range r.Tables {
			largest = max(largest, len(t.Players))
		}
		for _, t := range r.Tables {
			if len(t.Players) < largest {
				for _, p := range t.Players {
					small[p]++
				}
			}
			for _, p := range t.Players {
				for _, q := range t.Players {
					if q != p && entered[q] {
						met[p] = append(met[p], q)
					}
				}
				first[p] = append(first[p], t.First == p)
			}
		}
		for _, b := range r.Byes {
			byes[b]++
		}
	}
	return met, byes, first, small
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func nonNilBools(s []bool) []bool {
	if s == nil {
		return []bool{}
	}
	return s
}

func cloneTables(ts []Table) []Table {
	out := slices.Clone(ts)
	for i := range out {
		out[i].Players = slices.Clone(out[i].Players)
	}
	return out
}

// Clone implements referee.Game.
func (n *Night) Clone() referee.Game {
	c := *n
	c.settings.TieBreaks = slices.Clone(n.settings.TieBreaks)
	c.changes = slices.Clone(n.changes)
	c.asked = slices.Clone(n.asked)
	c.apart = slices.Clone(n.apart)
	c.keep = slices.Clone(n.keep)
	c.entrants = slices.Clone(n.entrants)
	c.rounds = n.Rounds()
	for i := range c.rounds {
		c.rounds[i].Input = cloneInput(c.rounds[i].Input)
	}
	return &c
}

func cloneInput(in Input) Input {
	in.Players = slices.Clone(in.Players)
	for i := range in.Players {
		in.Players[i].Opponents = slices.Clone(in.Players[i].Opponents)
		in.Players[i].First = slices.Clone(in.Players[i].First)
	}
	in.Dropped = slices.Clone(in.Dropped)
	in.Away = slices.Clone(in.Away)
	in.Apart = slices.Clone(in.Apart)
	in.Keep = slices.Clone(in.Keep)
	return in
}

// Over implements referee.Game: a tournament is over once closed.
func (n *Night) Over() bool { return n.closed }

// End implements referee.Game: a closed tournament records nothing more (T9).
func (n *Night) End() (rule, why string) {
	if !n.closed {
		return "", ""
	}
	return "T9", "the tournament has been closed: it pairs no more rounds"
}

// Decide implements referee.Game: a tournament's winner is the standings', which need its
// games' results, so its own log names none.
func (n *Night) Decide(map[string]int) ([]string, string) { return nil, "" }

// Adjust implements referee.Game: a tournament takes no adjustment (JudgeAdjust flags it).
func (n *Night) Adjust(scoring.Adjustment) {}

// JudgeAdjust implements referee.AdjustJudge: a tournament's points are its games' results
// (T8), so an adjustment belongs on a game's log, not the tournament's.
func (n *Night) JudgeAdjust(a scoring.Adjustment) []referee.Flag {
	f := referee.Flagf(a.Seq, "T8", referee.Illegal, "a tournament takes no adjustment: its points are its games' results")
	f.Hint = "adjust the score of the game it concerns, or void or amend that game's moves"
	return []referee.Flag{f}
}

// Sheet implements referee.Game: the rounds, one row a round, with its tables and byes. It has
// no totals: the standings need the games' results, which the application holds.
func (n *Night) Sheet() *scoring.Sheet {
	s := &scoring.Sheet{Kind: Kind, Title: n.name, Date: n.date, Match: n.name, RoundName: "round",
		Columns:   []scoring.Column{{Key: "tables", Title: "tables"}, {Key: "byes", Title: "byes"}},
		Breakdown: map[string][]scoring.Line{}, Totals: map[string]int{}, Finished: n.closed,
		Options: n.options()}
	for _, e := range n.entrants {
		s.Players = append(s.Players, e.Name)
	}
	for _, r := range n.rounds {
		s.Rounds = append(s.Rounds, scoring.Round{Number: r.Round, Scored: r.Ended,
			Values: map[string]any{"tables": tablesWords(r.Tables), "byes": strings.Join(r.Byes, " ")}})
	}
	return s
}

// options are the settings as the log's options spell them.
func (n *Night) options() map[string]string {
	s := n.settings
	onOff := func(b bool) string {
		if b {
			return "on"
		}
		return "off"
	}
	return map[string]string{"game": s.Game, "format": s.Format, "rounds": strconv.Itoa(s.Rounds),
		"table_size": strconv.Itoa(s.TableSize), "tie_breaks": strings.Join(s.TieBreaks, ","),
		"double": onOff(s.Double), "confirm": onOff(s.Confirm), "seed": strconv.FormatUint(s.Seed, 10),
		"asked_byes": strconv.Itoa(s.AskedByes), "asked_bye_points": map[bool]string{true: "half", false: "zero"}[s.AskedByeHalf],
		"asked_bye_last": onOff(s.AskedByeLast), "round_minutes": strconv.Itoa(s.RoundMinutes)}
}

// tablesWords writes tables as a seat move types them: "ann-bob cy-dee".
func tablesWords(ts []Table) string {
	words := make([]string, len(ts))
	for i, t := range ts {
		words[i] = strings.Join(t.Players, "-")
	}
	return strings.Join(words, " ")
}

// Status implements referee.Game.
func (n *Night) Status() []referee.Field {
	var present []string
	for _, e := range n.present() {
		present = append(present, e.Name)
	}
	fields := []referee.Field{
		{Label: "tournament", Value: cmp.Or(n.name, "(unnamed)")},
		{Label: "game", Value: n.settings.Game + ", " + n.settings.Format},
		{Label: "round", Value: n.stage()},
		{Label: "present", Value: strings.Join(present, " ")},
	}
	if r := n.latest(); r != nil {
		fields = append(fields, referee.Field{Label: "tables", Value: tablesWords(r.Tables)})
		if len(r.Byes) > 0 {
			fields = append(fields, referee.Field{Label: "byes", Value: strings.Join(r.Byes, " ")})
		}
	}
	return fields
}

// stage says where the night stands: "2 of 5, in play".
func (n *Night) stage() string {
	of := " of " + strconv.Itoa(n.Settings().Rounds)
	r := n.latest()
	switch {
	case n.closed:
		return "closed after " + strconv.Itoa(len(n.rounds)) + of
	case r == nil:
		return "1" + of + ", not yet paired"
	case !r.Ended:
		return strconv.Itoa(r.Round) + of + ", in play"
	}
	return strconv.Itoa(r.Round) + of + ", ended; " + strconv.Itoa(r.Round+1) + " not yet paired"
}

// Hint implements referee.Game.
func (n *Night) Hint() string {
	switch r := n.latest(); {
	case n.closed:
		return "the tournament is closed"
	case r != nil && !r.Ended:
		return "round " + n.stage() + ": end it when its games are over (end), drop or arrive a player, or seat it by hand (seat)"
	}
	return "round " + n.stage() + ": pair it, arrive, drop or rate a player, or close"
}

// Legal implements referee.Game. An arrival is listed once, as an example of what to type.
func (n *Night) Legal() []referee.Move {
	if n.closed {
		return nil
	}
	var out []referee.Move
	if n.settings.Format != RoundRobin || len(n.rounds) == 0 {
		name := exampleName
		for i := 2; n.entrant(name) != nil; i++ {
			name = exampleName + strconv.Itoa(i)
		}
		out = append(out, referee.NewMove(TypeArrive, "", player{Player: name}))
	}
	for _, e := range n.present() {
		out = append(out, referee.NewMove(TypeDrop, "", player{Player: e.Name}))
	}
	if r := n.latest(); r != nil {
		switch {
		case !r.Ended:
			out = append(out, referee.NewMove(TypeEnd, "", roundOf{r.Round}))
		case n.settings.Confirm:
			out = append(out, referee.NewMove(TypeRelease, "", roundOf{r.Round}))
		}
	}
	return append(out, referee.NewMove(TypeClose, "", struct{}{}))
}

// exampleName is the name Legal's example arrival uses.
const exampleName = "newcomer"

// Example implements referee.Exampler: an arrival names someone nobody can list.
func (n *Night) Example(m referee.Move) bool { return m.Type == TypeArrive }

// sortedKeys is a helper for messages: a map's keys in order.
func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }
