package table

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/tournament"
	"github.com/tableside/tableside/scoring"
	"github.com/tableside/tableside/table/internal/store"
)

// A tournament is a log like a game's, replayed by the tournament's referee
// (referee/tournament): its entrants, arrivals and drops, each round's pairing as it was made,
// the rounds' ends. Its games are games of their own, in the match its name gives, each
// knowing its round and table. What needs the games' results — the standings, and so the next
// round's pairing — is worked out here, from the games as they now stand.

// TournamentSetup is a new tournament as the organiser names it.
type TournamentSetup struct {
	Name      string         `json:"name"`
	Game      string         `json:"game"`
	Format    string         `json:"format,omitempty"`
	Rounds    int            `json:"rounds,omitempty"`
	TableSize int            `json:"table_size,omitempty"`
	TieBreaks []string       `json:"tie_breaks,omitempty"`
	Double    bool           `json:"double,omitempty"`
	Confirm   bool           `json:"confirm,omitempty"`
	Players   []string       `json:"players"`
	Ratings   map[string]int `json:"ratings,omitempty"`
	Date      string         `json:"date,omitempty"`
	// Options are the games' options (pinochle's limit=50); the kind's defaults for the rest.
	Options map[string]string `json:"options,omitempty"`
}

// AddOption reads an option of the tournament's games written NAME=VALUE, as `new` reads a
// game's.
func (s *TournamentSetup) AddOption(written string) error {
	return addWritten(&s.Options, FieldOptions, "option", "NAME=VALUE", written, strings.TrimSpace)
}

// TournamentStanding is one player's line of a tournament's standings.
type TournamentStanding = tournament.Standing

// NewTournament starts a tournament: its log, with its settings, its entrants and their
// ratings. Its name is the match its games will be in, so it must be a match not yet begun.
func (a *App) NewTournament(ctx context.Context, s TournamentSetup) (*Game, error) {
	s.Name = strings.TrimSpace(s.Name)
	if s.Name == "" {
		return nil, setupError("name", "name the tournament: its games are a match of that name")
	}
	if games, err := a.store.MatchGames(ctx, s.Name); err != nil {
		return nil, err
	} else if len(games) > 0 {
		return nil, setupError("name", "a match called %q already holds %d games: name the tournament anew", s.Name, len(games))
	}
	if id, ok, err := a.tournamentNamed(ctx, s.Name); err != nil {
		return nil, err
	} else if ok {
		return nil, setupError("name", "tournament %d is called %q already: name this one anew", id, s.Name)
	}
	options := map[string]string{"game": s.Game, "seed": strconv.FormatUint(rand.Uint64N(1<<53)+1, 10)}
	if s.Format != "" {
		options["format"] = s.Format
	}
	if s.Rounds != 0 {
		options["rounds"] = strconv.Itoa(s.Rounds)
	}
	if s.TableSize != 0 {
		options["table_size"] = strconv.Itoa(s.TableSize)
	}
	if len(s.TieBreaks) > 0 {
		options["tie_breaks"] = strings.Join(s.TieBreaks, ",")
	}
	if s.Double {
		options["double"] = "on"
	}
	if s.Confirm {
		options["confirm"] = "on"
	}
	date := s.Date
	if date == "" {
		date = a.today()
	}
	c := events.Created{Kind: tournament.Kind, Ruleset: tournament.Rules{}.Ruleset(), Players: s.Players,
		Tournament: s.Name, TournamentID: newIdentity(rand.Uint64()), Options: options, Date: date, GameOptions: s.Options}
	if game, err := rulesOfKind(s.Game); err == nil {
		// Every option of the games is written down, so that none depends on a default a later
		// version might change; a kind unknown is refused below, naming it.
		if c.GameOptions, err = referee.CheckOptions(game.Options(), s.Options); err != nil {
			return nil, err
		}
	}
	if _, err := checkCreated(c); err != nil {
		return nil, err
	}
	if err := tournament.CheckEntrants(s.Game, s.Players); err != nil {
		return nil, engineSetupError(err)
	}
	first, err := json.Marshal(c)
	if err != nil {
		return nil, err
	}
	log := []events.Event{a.stamp(events.TypeCreated, "", first)}
	// Ratings are moves of the log, in the order of entry, so that a replay reads them as given.
	for _, p := range s.Players {
		if r, ok := s.Ratings[p]; ok {
			m := referee.NewMove(tournament.TypeRate, "", map[string]any{"player": p, "rating": r})
			log = append(log, a.stamp(m.Type, m.Actor, m.Payload))
		}
	}
	for name := range s.Ratings {
		if !slices.Contains(s.Players, name) {
			return nil, setupError("ratings", "%s has a rating and is not among the players", name)
		}
	}
	return a.create(ctx, log)
}

// night is the tournament g's state, or an error when g is a game.
func (g *Game) night() (*tournament.Night, error) {
	n, ok := g.outcome.Game.(*tournament.Night)
	if !ok {
		return nil, invalid(nil, "", "game %d is a game of %s, not a tournament", g.ID, g.Setup.Kind)
	}
	return n, nil
}

// IsTournament reports whether g is a tournament's log rather than a game.
func (g *Game) IsTournament() bool { _, ok := g.outcome.Game.(*tournament.Night); return ok }

// TableGame is one table of a round: its players, first seated first, and the game it plays.
type TableGame struct {
	Table   int      `json:"table"`
	Players []string `json:"players"`
	First   string   `json:"first"`
	Game    int64    `json:"game"`
	Over    bool     `json:"over"`
}

// RoundView is one round of a tournament as its tables stand.
type RoundView struct {
	Round  int         `json:"round"`
	Tables []TableGame `json:"tables"`
	Byes   []string    `json:"byes"`
	ByHand bool        `json:"by_hand,omitempty"`
	Ended  bool        `json:"ended"`
}

// tournamentGames are the games of tournament t, n, by round and table as its rounds are now
// seated: of one round only, when round is not 0. A table's game is the one its round's
// seating made, or the latest an earlier seating of the round made there for the same players
// (a table seated back to players it had keeps their game, stopped or not); a game of other
// players is not the table's. Only those games are replayed; the rest are passed over by what
// their creation says.
func (a *App) tournamentGames(ctx context.Context, t *Game, n *tournament.Night, round int) (map[[2]int]*Game, error) {
	infos, err := a.store.MatchGames(ctx, t.Setup.Tournament)
	if err != nil {
		return nil, err
	}
	made, err := a.madeBy(ctx, t)
	if err != nil {
		return nil, err
	}
	rounds := n.Rounds()
	out := map[[2]int]*Game{}
	for _, info := range infos { // in the order made: a table's latest game counts
		if !made(info) || info.Round < 1 || info.Round > len(rounds) || (round != 0 && info.Round != round) {
			continue
		}
		r := rounds[info.Round-1]
		at := slices.IndexFunc(r.Tables, func(tb tournament.Table) bool { return tb.Table == info.Table })
		seatedNow := info.Seated != 0 && info.Seated == r.Seated
		if at < 0 || (!seatedNow && !slices.Equal(info.Players, r.Tables[at].Players)) {
			continue
		}
		g, err := a.Game(ctx, info.ID)
		if err != nil {
			return nil, err
		}
		out[[2]int{info.Round, info.Table}] = g
	}
	return out, nil
}

// madeBy says which of a match's games tournament t made: those naming its identity. A
// tournament written before identities were kept made, besides the games naming the identity
// it has now (identity), those that name its name and no identity, made after it and before
// the next tournament of its name that has none either.
func (a *App) madeBy(ctx context.Context, t *Game) (func(store.GameInfo) bool, error) {
	id, err := identity(t)
	if err != nil {
		return nil, err
	}
	if t.Setup.TournamentID != "" {
		return func(info store.GameInfo) bool { return info.TournamentID == id && info.ID > t.ID }, nil
	}
	logs, err := a.tournamentLogs(ctx)
	if err != nil {
		return nil, err
	}
	next := int64(maxGame)
	for _, l := range logs {
		if l.ID > t.ID && l.TournamentID == "" && l.Tournament == t.Setup.Tournament {
			next = min(next, l.ID)
		}
	}
	return func(info store.GameInfo) bool {
		named := info.TournamentID == "" && info.Tournament == t.Setup.Tournament && info.ID < next
		return info.ID > t.ID && (info.TournamentID == id || named)
	}, nil
}

// identity is tournament t's identity, which the games it makes name: its TournamentID, or, for
// a log written before tournaments had one, its seed, drawn at random when it was made and kept
// in its first event, written as a TournamentID is.
func identity(t *Game) (string, error) {
	if t.Setup.TournamentID != "" {
		return t.Setup.TournamentID, nil
	}
	n, err := t.night()
	if err != nil {
		return "", err
	}
	return newIdentity(n.Settings().Seed), nil
}

// newIdentity writes a tournament's identity from a random number.
func newIdentity(r uint64) string { return fmt.Sprintf("%016x", r) }

// withGames is the tournament g's state and its games, by round and table.
func (a *App) withGames(ctx context.Context, g *Game) (*tournament.Night, map[[2]int]*Game, error) {
	n, err := g.night()
	if err != nil {
		return nil, nil, err
	}
	games, err := a.tournamentGames(ctx, g, n, 0)
	return n, games, err
}

// Rounds lists a tournament's rounds, each table with its game.
func (a *App) Rounds(ctx context.Context, g *Game) ([]RoundView, error) {
	n, games, err := a.withGames(ctx, g)
	if err != nil {
		return nil, err
	}
	return roundViews(n, games), nil
}

func roundViews(n *tournament.Night, games map[[2]int]*Game) []RoundView {
	var out []RoundView
	for _, r := range n.Rounds() {
		out = append(out, roundViewOf(r, games))
	}
	return out
}

// roundViewOf is round r with its games.
func roundViewOf(r tournament.RoundState, games map[[2]int]*Game) RoundView {
	v := RoundView{Round: r.Round, Byes: nonNilStrings(r.Byes), ByHand: r.ByHand, Ended: r.Ended, Tables: []TableGame{}}
	for _, t := range r.Tables {
		tg := TableGame{Table: t.Table, Players: t.Players, First: t.First}
		if game := games[[2]int{r.Round, t.Table}]; game != nil {
			tg.Game, tg.Over = game.ID, game.Over() || game.Abandoned != 0
		}
		v.Tables = append(v.Tables, tg)
	}
	return v
}

func nonNilStrings(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// stillPlaying lists the tables of round r whose games are not over (not made counts as not
// over), until the round is ended.
func stillPlaying(r tournament.RoundState, games map[[2]int]*Game) []int {
	playing := []int{}
	for _, t := range r.Tables {
		if game := games[[2]int{r.Round, t.Table}]; !r.Ended && (game == nil || !(game.Over() || game.Abandoned != 0)) {
			playing = append(playing, t.Table)
		}
	}
	return playing
}

// roundOver reports whether round r counts in the standings: ended, or every game of it over,
// as the end that the next pairing records will say.
func roundOver(r tournament.RoundState, games map[[2]int]*Game) bool {
	return len(stillPlaying(r, games)) == 0
}

// standingsOf ranks the tournament after the rounds that are over (roundOver), from the
// games as they now stand: a correction to an earlier round's game changes them at once. A game its round's
// end left unfinished counts as its sheet stands (docs/rules.md).
func standingsOf(n *tournament.Night, games map[[2]int]*Game) ([]tournament.Standing, error) {
	return standingsBefore(n, games, len(n.Rounds())+1)
}

// standingsBefore is the standings after the rounds before round, of those that ended.
func standingsBefore(n *tournament.Night, games map[[2]int]*Game, round int) ([]tournament.Standing, error) {
	var results []tournament.Result
	for _, r := range n.Rounds() {
		if !roundOver(r, games) || r.Round >= round {
			continue
		}
		for _, t := range r.Tables {
			if game := games[[2]int{r.Round, t.Table}]; game != nil {
				results = append(results, tournament.ResultOf(r.Round, game.Sheet()))
			}
		}
	}
	var entrants []tournament.Entrant
	for _, e := range n.Entries() {
		entrants = append(entrants, tournament.Entrant{Name: e.Name, Rating: e.Rating})
	}
	var byes []tournament.Bye
	for _, b := range n.Byes() {
		if b.Round < round && b.Round <= len(n.Rounds()) && roundOver(n.Rounds()[b.Round-1], games) {
			byes = append(byes, b)
		}
	}
	return tournament.Standings(entrants, results, byes, n.Settings().TieBreaks)
}

// TournamentView is a tournament as `tournament show` and its JSON give it.
type TournamentView struct {
	Game      int64    `json:"game"`
	Name      string   `json:"name"`
	Date      string   `json:"date,omitempty"`
	Kind      string   `json:"kind"`
	Format    string   `json:"format"`
	Rounds    int      `json:"rounds"`
	TableSize int      `json:"table_size"`
	TieBreaks []string `json:"tie_breaks"`
	// FirstIs says what the first at a table does in this kind of game: "opens" or "deals".
	FirstIs   string               `json:"first_is"`
	Closed    bool                 `json:"closed"`
	Played    []RoundView          `json:"played"`
	Standings []TournamentStanding `json:"standings"`
	// After is the latest round the standings count (roundOver), 0 before any.
	After int `json:"after"`
	// Next is what stands between the tournament and its next round.
	Next NextRound `json:"next"`
	// Entrants are its players in order of entry: who is here, and who has dropped.
	Entrants []Entrant `json:"entrants"`
}

// Entrant is a tournament's player: their rating, whether they are here to be paired, and the
// first round they could be (1, or the round after a late arrival).
type Entrant struct {
	Name    string `json:"name"`
	Rating  int    `json:"rating,omitempty"`
	Present bool   `json:"present"`
	From    int    `json:"from"`
}

// Tournament is the tournament g as it stands: its rounds with their games, and its standings
// after the rounds that have ended.
func (a *App) Tournament(ctx context.Context, g *Game) (*TournamentView, error) {
	n, games, err := a.withGames(ctx, g)
	if err != nil {
		return nil, err
	}
	standings, err := standingsOf(n, games)
	if err != nil {
		return nil, err
	}
	s := n.Settings()
	firstIs := "deals"
	if rules, err := engineOf(s.Game); err == nil && rules.Seating().Opener {
		firstIs = "opens"
	}
	entrants := []Entrant{}
	for _, e := range n.Entries() {
		entrants = append(entrants, Entrant{Name: e.Name, Rating: e.Rating, Present: e.Present, From: e.Arrived})
	}
	after := 0
	for _, r := range n.Rounds() {
		if roundOver(r, games) {
			after = r.Round
		}
	}
	return &TournamentView{After: after, Entrants: entrants, Game: g.ID, Name: g.Setup.Tournament, Date: g.Setup.Date, Kind: s.Game, Format: s.Format, Rounds: s.Rounds,
		TableSize: s.TableSize, TieBreaks: nonNilStrings(s.TieBreaks), FirstIs: firstIs, Closed: n.Closed(),
		Played: nonNilRounds(roundViews(n, games)), Standings: standings, Next: nextRound(g.Setup.Tournament, n, games)}, nil
}

// Slip is the slip of v's latest round for the notice board, with the standings it was paired
// from and record's seal (none when nil); false before the first round is paired.
func (v *TournamentView) Slip(record *scoring.Record) (scoring.Slip, bool) {
	if len(v.Played) == 0 {
		return scoring.Slip{}, false
	}
	r := v.Played[len(v.Played)-1]
	s := scoring.Slip{Name: v.Name, Kind: v.Kind, Date: v.Date, Round: r.Round, FirstWord: v.FirstIs, Byes: r.Byes, TieBreaks: v.TieBreaks,
		After: v.After, Foot: fmt.Sprintf("%s, round %d · tournament %d", v.Name, r.Round, v.Game)}
	if record != nil {
		s.Foot += " · seal " + record.Seal
	}
	for _, t := range r.Tables {
		s.Tables = append(s.Tables, scoring.SlipTable{Table: t.Table, Players: t.Players, Game: t.Game})
	}
	for _, st := range v.Standings {
		line := scoring.SlipStanding{Place: st.Place, Name: st.Name, Points: st.Points}
		for _, tb := range v.TieBreaks {
			line.TieBreaks = append(line.TieBreaks, st.TieBreaks[tb])
		}
		s.Standings = append(s.Standings, line)
	}
	return s, true
}

func nonNilRounds(r []RoundView) []RoundView {
	if r == nil {
		return []RoundView{}
	}
	return r
}

// NextRound is what stands between a tournament and the pairing of its next round, as the
// organiser's page and the wall show it.
type NextRound struct {
	// Round is the round to pair next.
	Round int `json:"round"`
	// Playing lists the tables of the round in play whose games are not over, until it ends.
	Playing []int `json:"playing"`
	// Unconfirmed lists the round's games with scored rounds nobody has confirmed (L9), with
	// confirm=on, until the organiser releases the round.
	Unconfirmed []int64 `json:"unconfirmed"`
	// Ready says that pairing now pairs it; Why says what holds it up when it does not.
	Ready bool   `json:"ready"`
	Why   string `json:"why,omitempty"`
}

// nextRound is what holds up the next round of tournament name, n, its games as games give
// them: the round in play's games, then its confirmations, then the tournament's end.
func nextRound(name string, n *tournament.Night, games map[[2]int]*Game) NextRound {
	rounds := n.Rounds()
	next := NextRound{Round: len(rounds) + 1, Playing: []int{}, Unconfirmed: []int64{}}
	var why []string
	if len(rounds) > 0 {
		last := rounds[len(rounds)-1]
		next.Playing = stillPlaying(last, games)
		for _, t := range last.Tables {
			game := games[[2]int{last.Round, t.Table}]
			if n.Settings().Confirm && !last.Released && game != nil && len(game.Waiting()) > 0 {
				next.Unconfirmed = append(next.Unconfirmed, game.ID)
			}
		}
		if len(next.Playing) > 0 {
			var tables []string
			for _, t := range next.Playing {
				tables = append(tables, strconv.Itoa(t))
			}
			why = append(why, fmt.Sprintf("round %d is still being played at %s %s", last.Round, referee.Plural(len(tables), "table", "tables"), strings.Join(tables, ", ")))
		}
		if len(next.Unconfirmed) > 0 {
			var in []string
			for _, id := range next.Unconfirmed {
				in = append(in, fmt.Sprintf("game %d", id))
			}
			why = append(why, fmt.Sprintf("round %d has scored rounds no one has confirmed, in %s (L9)", last.Round, strings.Join(in, ", ")))
		}
	}
	switch s := n.Settings(); {
	case n.Closed():
		why = append(why, fmt.Sprintf("tournament %q is closed", name))
	case s.Format != tournament.RoundRobin && next.Round > s.Rounds:
		why = append(why, fmt.Sprintf("tournament %q has played its %d rounds", name, s.Rounds))
	}
	next.Ready = len(why) == 0
	if len(why) > 0 {
		next.Why = why[0]
	}
	return next
}

// PairRound pairs round of the tournament g and makes its games: the round after those g has
// paired, when round is 0, g being the log as the caller read it. The round before must be
// over: every game of it over (its end is then recorded), or ended by the organiser; with
// confirm=on, every scored round of its games confirmed (L9), or the round released. A round
// in play whose games are not all made (the machine stopped between) has them made instead,
// and nothing new is paired. A round paired already, by another terminal or another server
// meanwhile, is not paired again: the error is a Conflict that names it, with the round.
// Nothing a pairing does stops a game or sets a result aside (T9).
func (a *App) PairRound(ctx context.Context, g *Game, round int) (*RoundView, error) {
	n, err := g.night()
	if err != nil {
		return nil, err
	}
	if round == 0 {
		round = len(n.Rounds()) + 1
	}
	for rejudged := 0; ; rejudged++ {
		view, err := a.pairOnce(ctx, g, round)
		if !errors.Is(err, store.ErrConflict) || rejudged >= retries {
			return view, err
		}
		// Another terminal recorded in the log first: judge again against it.
		if g, err = a.Game(ctx, g.ID); err != nil {
			return nil, err
		}
	}
}

// pairOnce is PairRound against the log g: an error wrapping store.ErrConflict when the log
// moved on before the pairing could be recorded.
func (a *App) pairOnce(ctx context.Context, g *Game, round int) (*RoundView, error) {
	n, games, err := a.withGames(ctx, g)
	if err != nil {
		return nil, err
	}
	rounds := n.Rounds()
	switch {
	case round < 1:
		return nil, invalid(nil, "", "round %d: rounds are numbered from 1", round)
	case round <= len(rounds):
		return a.pairedAlready(ctx, g, n, rounds[round-1], games)
	case round > len(rounds)+1:
		return nil, invalid(nil, fmt.Sprintf("pair round %d first: tableside tournament pair %d", len(rounds)+1, g.ID),
			"round %d cannot be paired before round %d", round, len(rounds)+1)
	}
	if len(rounds) > 0 {
		if last := rounds[len(rounds)-1]; !last.Ended {
			if made, err := a.makeGames(ctx, g, n, last, games); err != nil || made {
				if err != nil {
					return nil, err
				}
				return a.roundView(ctx, g, last.Round)
			}
		}
	}
	next := nextRound(g.Setup.Tournament, n, games)
	held := func(hint string) error {
		return &Error{Code: Over, Game: g, Message: next.Why + "; nothing was paired", Hint: hint}
	}
	if len(next.Playing) > 0 {
		return nil, held(fmt.Sprintf("wait for the games, or end the round: tableside record %d end", g.ID))
	}
	if len(rounds) > 0 && !rounds[len(rounds)-1].Ended {
		rec, err := a.record(ctx, g, referee.NewMove(tournament.TypeEnd, "", map[string]int{"round": len(rounds)}), RecordOptions{Expect: g.Last})
		if err != nil {
			return nil, err
		}
		g = rec.Game
		if n, err = g.night(); err != nil {
			return nil, err
		}
	}
	switch {
	case len(next.Unconfirmed) > 0:
		return nil, held(fmt.Sprintf("have the other side confirm them, or release the round: tableside record %d release", g.ID))
	case !next.Ready && !n.Closed():
		return nil, held(fmt.Sprintf("close it: tableside record %d close", g.ID))
	case !next.Ready:
		return nil, held("")
	}
	standings, err := standingsOf(n, games)
	if err != nil {
		return nil, err
	}
	var order []string
	points := map[string]float64{}
	for _, s := range standings {
		order = append(order, s.Name)
		points[s.Name] = s.Points
	}
	in := n.NextInput(order, points)
	out, err := tournament.Pair(in)
	if err != nil {
		return nil, invalid(err, "", "%v", err)
	}
	rec, err := a.record(ctx, g, tournament.PairedMove(in, out), RecordOptions{Expect: g.Last})
	if err != nil {
		return nil, err
	}
	g = rec.Game
	if n, err = g.night(); err != nil {
		return nil, err
	}
	if _, err := a.makeGames(ctx, g, n, n.Rounds()[len(n.Rounds())-1], games); err != nil {
		return nil, err
	}
	return a.roundView(ctx, g, in.Round)
}

// pairedAlready is the answer to pairing round r, paired already: a Conflict with the round as
// its games stand. The round in play has any game still missing made first, so that a request
// that lost the race to the one pairing it helps finish it rather than leave a table without.
func (a *App) pairedAlready(ctx context.Context, g *Game, n *tournament.Night, r tournament.RoundState, games map[[2]int]*Game) (*RoundView, error) {
	if !r.Ended && r.Round == len(n.Rounds()) {
		if _, err := a.makeGames(ctx, g, n, r, games); err != nil {
			return nil, err
		}
	}
	view, err := a.roundView(ctx, g, r.Round)
	if err != nil {
		return nil, err
	}
	return nil, &Error{Code: Conflict, Game: g, Round: view, Err: ErrPairedAlready,
		Message: fmt.Sprintf("round %d of tournament %d is paired already; nothing was paired again", r.Round, g.ID),
		Hint:    fmt.Sprintf("its tables: tableside tournament show %d", g.ID)}
}

// ErrPairedAlready is the cause of the Conflict that refuses to pair a round paired already.
var ErrPairedAlready = errors.New("the round is paired already")

// roundView is round's view as the store now holds its games.
func (a *App) roundView(ctx context.Context, g *Game, round int) (*RoundView, error) {
	rounds, err := a.Rounds(ctx, g)
	if err != nil {
		return nil, err
	}
	for _, r := range rounds {
		if r.Round == round {
			return &r, nil
		}
	}
	return nil, fmt.Errorf("tournament %d has no round %d", g.ID, round)
}

// makeGames makes the games of round r, as it is now seated, that are not made yet, and
// reports whether it made any: each table's game, its players seated first player first, who
// opens or deals named as the kind's setup names them, in the tournament's match, knowing its
// tournament, round, table and the seating that made it. A game another terminal made meanwhile
// is refused by the store (store.GameMadeError) and left to it: each table's game is made once.
func (a *App) makeGames(ctx context.Context, g *Game, n *tournament.Night, r tournament.RoundState, games map[[2]int]*Game) (bool, error) {
	settings := n.Settings()
	rules, err := engineOf(settings.Game)
	if err != nil {
		return false, err
	}
	id, err := identity(g)
	if err != nil {
		return false, err
	}
	made := false
	for _, t := range r.Tables {
		if games[[2]int{r.Round, t.Table}] != nil {
			continue
		}
		c := events.Created{Kind: settings.Game, Ruleset: rules.Ruleset(), Players: t.Players, Options: settings.GameOptions,
			Date: a.today(), Match: g.Setup.Tournament, Tournament: g.Setup.Tournament, TournamentID: id,
			Round: r.Round, Table: t.Table, Seated: r.Seated}
		switch seating := rules.Seating(); {
		case seating.Opener:
			c.Opener = t.First
		case seating.Dealer:
			c.Dealer = t.First
		}
		if _, err := checkCreated(c); err != nil {
			return made, err
		}
		b, err := json.Marshal(c)
		if err != nil {
			return made, err
		}
		game, err := a.create(ctx, []events.Event{a.stamp(events.TypeCreated, "", b)})
		if errors.Is(err, store.ErrGameMade) {
			continue
		}
		if err != nil {
			return made, err
		}
		games[[2]int{r.Round, t.Table}] = game
		made = true
	}
	return made, nil
}

// seatGames makes the games of the round in play of tournament g as a seating by hand has just
// seated it, at once, as a pairing makes its own: a table whose players stay keeps its game;
// the games of the seating replaced that are still in play are stopped (L6) rather than
// removed, so that nothing of them is lost and none stays in play on the club page.
func (a *App) seatGames(ctx context.Context, g *Game) error {
	n, games, err := a.withGames(ctx, g)
	if err != nil {
		return err
	}
	rounds := n.Rounds()
	if len(rounds) == 0 {
		return nil
	}
	r := rounds[len(rounds)-1]
	infos, err := a.store.MatchGames(ctx, g.Setup.Tournament)
	if err != nil {
		return err
	}
	made, err := a.madeBy(ctx, g)
	if err != nil {
		return err
	}
	kept := map[int64]bool{}
	for _, game := range games {
		kept[game.ID] = true
	}
	for _, info := range infos {
		if !made(info) || info.Round != r.Round || kept[info.ID] {
			continue
		}
		old, err := a.Game(ctx, info.ID)
		if err != nil {
			return err
		}
		if old.Over() || old.Abandoned != 0 {
			continue
		}
		note := fmt.Sprintf("table %d of round %d was seated again by hand (tournament %d)", info.Table, r.Round, g.ID)
		if _, err := a.Correct(ctx, old, Correction{Verb: "abandon", Note: note}, false); err != nil {
			return err
		}
	}
	_, err = a.makeGames(ctx, g, n, r, games)
	return err
}

// PairingChange is a later round of a tournament whose pairing a correction to an earlier
// round's game would have changed, had the game stood so when that round was paired: the
// tables it was played at, and those it would have had. It stands as played (T9).
type PairingChange struct {
	Round  int     `json:"round"`
	Played Pairing `json:"played"`
	Would  Pairing `json:"would"`
}

// WouldHavePaired lists the later rounds of after's tournament whose pairing would have
// differed had after, a game as a correction leaves it (a dry run's), stood so when each was
// paired: each round's recorded input, its standings order and points made again from the
// games as they would have been. Nothing for a game of no tournament.
func (a *App) WouldHavePaired(ctx context.Context, after *Game) ([]PairingChange, error) {
	at, ok, err := a.TableOf(ctx, after.ID)
	if err != nil || !ok {
		return nil, err
	}
	tg, err := a.Game(ctx, at.Tournament)
	if err != nil {
		return nil, err
	}
	n, games, err := a.withGames(ctx, tg)
	if err != nil {
		return nil, err
	}
	games[[2]int{after.Setup.Round, after.Setup.Table}] = after
	var out []PairingChange
	for _, r := range n.Rounds() {
		if r.Round <= after.Setup.Round {
			continue
		}
		standings, err := standingsBefore(n, games, r.Round)
		if err != nil {
			return nil, err
		}
		in := reordered(r.Input, standings)
		would, err := tournament.Pair(in)
		if err != nil {
			return nil, err
		}
		played := Pairing{Round: r.Round, Tables: r.Tables, Byes: nonNilStrings(r.Byes)}
		if !samePairing(played, would) {
			out = append(out, PairingChange{Round: r.Round, Played: played, Would: would})
		}
	}
	return out, nil
}

// reordered is a round's recorded input with its players' points and order as standings give
// them, all else as recorded.
func reordered(in PairingInput, standings []tournament.Standing) PairingInput {
	place := map[string]int{}
	points := map[string]float64{}
	for i, s := range standings {
		place[s.Name], points[s.Name] = i, s.Points
	}
	in.Players = slices.Clone(in.Players)
	for i := range in.Players {
		in.Players[i].Points = points[in.Players[i].Name]
	}
	if in.Round > 1 {
		slices.SortStableFunc(in.Players, func(p, q tournament.Player) int { return place[p.Name] - place[q.Name] })
	}
	return in
}

// samePairing reports whether two pairings seat the same players together at each table and
// give the same byes, whatever the tables' numbers.
func samePairing(a, b Pairing) bool {
	key := func(p Pairing) string {
		var tables []string
		for _, t := range p.Tables {
			seated := slices.Sorted(slices.Values(t.Players))
			tables = append(tables, strings.Join(seated, " "))
		}
		slices.Sort(tables)
		return strings.Join(tables, " | ") + " bye " + strings.Join(slices.Sorted(slices.Values(p.Byes)), " ")
	}
	return key(a) == key(b)
}
