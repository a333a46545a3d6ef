package table

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/play"
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
	Name      string   `json:"name"`
	Game      string   `json:"game"`
	Format    string   `json:"format,omitempty"`
	Rounds    int      `json:"rounds,omitempty"`
	TableSize int      `json:"table_size,omitempty"`
	TieBreaks []string `json:"tie_breaks,omitempty"`
	Double    bool     `json:"double,omitempty"`
	Confirm   bool     `json:"confirm,omitempty"`
	// RoundMinutes is each round's time from its pairing, 0 for no clock (TR5).
	RoundMinutes int            `json:"round_minutes,omitempty"`
	Players      []string       `json:"players"`
	Ratings      map[string]int `json:"ratings,omitempty"`
	Date         string         `json:"date,omitempty"`
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
func (a *App) NewTournament(ctx context.Context, s TournamentSetup) (*play.Game, error) {
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
	if s.RoundMinutes != 0 {
		options["round_minutes"] = strconv.Itoa(s.RoundMinutes)
	}
	date := s.Date
	if date == "" {
		date = a.today()
	}
	c := events.Created{Kind: tournament.Kind, Ruleset: tournament.Rules{}.Ruleset(), Players: s.Players,
		Tournament: s.Name, TournamentID: newIdentity(rand.Uint64()), Options: options, Date: date, GameOptions: s.Options}
	if game, err := play.RulesOf(s.Game); err == nil {
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
	if err := tournament.CheckGames(s.Game, c.GameOptions); err != nil {
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

// tournamentLogs lists the tournaments' own logs, in the order they were made. A tournament's
// log names it in its first event, as its games do.
func (a *App) tournamentLogs(ctx context.Context) ([]store.GameInfo, error) {
	infos, err := a.store.GamesSince(ctx, 0)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(infos, func(info store.GameInfo) bool { return info.Kind != tournament.Kind }), nil
}

// tournamentNamed is the first tournament called name, if any.
func (a *App) tournamentNamed(ctx context.Context, name string) (id int64, ok bool, err error) {
	logs, err := a.tournamentLogs(ctx)
	if err != nil {
		return 0, false, err
	}
	for _, l := range logs {
		if l.Tournament == name {
			return l.ID, true, nil
		}
	}
	return 0, false, nil
}

// TournamentLog loads the tournament whose log is id, to be shown or paired from: its
// pairings are not judged (replayShown), unless a read that judged them is kept; not found
// when id is a game's. Game reads it with its flags.
func (a *App) TournamentLog(ctx context.Context, id int64) (*play.Game, error) {
	g, err := a.read(ctx, id, true)
	if err != nil {
		return nil, err
	}
	if !g.IsTournament() {
		return nil, &play.Error{Code: play.NotFound, Message: fmt.Sprintf("no tournament %d: game %d is a game of %s", id, id, g.Setup().Kind)}
	}
	return g, nil
}

// night is the tournament g's state, or an error when g is a game.
func tournamentNight(g *play.Game) (*tournament.Night, error) {
	n, ok := play.StateAs[*tournament.Night](g)
	if !ok {
		return nil, play.Invalidf(nil, "", "game %d is a game of %s, not a tournament", g.ID(), g.Setup().Kind)
	}
	return n, nil
}

// TableGame is one table of a round: its players, first seated first, and the game it plays.
type TableGame struct {
	Table   int      `json:"table"`
	Players []string `json:"players"`
	First   string   `json:"first"`
	Game    int64    `json:"game"`
	Over    bool     `json:"over"`
	// Forfeit names the player who did not come (T10): the table's result is the forfeit's,
	// and its game does not count; at a larger table PlayingOn are the others, who play on in
	// Game, a game of their own, in which the absent player takes the last place.
	Forfeit   string   `json:"forfeit,omitempty"`
	PlayingOn []string `json:"playing_on,omitempty"`
	// Placed is each player's place at the table, from 1, once its game counts (over, or its
	// round ended); shared places are equal.
	Placed map[string]int `json:"placed,omitempty"`
	// Scores are each player's total on the game's own sheet, with Placed.
	Scores map[string]int `json:"scores,omitempty"`
	// Flags counts the flags still open in its game, the director's to rule on; Started says
	// a move was made in it.
	Flags   int  `json:"flags,omitempty"`
	Started bool `json:"started,omitempty"`
}

// RoundView is one round of a tournament as its tables stand.
type RoundView struct {
	Round  int         `json:"round"`
	Tables []TableGame `json:"tables"`
	Byes   []string    `json:"byes"`
	ByHand bool        `json:"by_hand,omitempty"`
	Ended  bool        `json:"ended"`
	// GaveWay says which wish of T13 its pairing could not keep, and why.
	GaveWay []string `json:"gave_way,omitempty"`
	// Asked are the players with a bye they asked for in the round (T11), and what it scores.
	Asked []AskedBye `json:"asked,omitempty"`
	// Deadline is when the round's time is out, in ms since 1970 by the pairing's recorded
	// time (TR5); 0 with no clock.
	Deadline int64 `json:"deadline,omitempty"`
}

// AskedBye is a bye a player asked for (T11): the player, and the points it scores.
type AskedBye struct {
	Player string  `json:"player"`
	Points float64 `json:"points"`
}

// tournamentGames are the games of tournament t, n, by round and table as its rounds are now
// seated: of one round only, when round is not 0. A table's game is the one its round's
// seating made, or the latest an earlier seating of the round made there for the same players
// (a table seated back to players it had keeps their game, stopped or not); a game of other
// players is not the table's. Only those games are read, from their summaries (a game whose
// summary is not current replayed); the rest are passed over by what their creation says.
func (a *App) tournamentGames(ctx context.Context, t *play.Game, n *tournament.Night, round int) (map[[2]int]*seated, error) {
	infos, err := a.store.MatchGames(ctx, t.Setup().Tournament)
	if err != nil {
		return nil, err
	}
	made, err := a.madeBy(ctx, t)
	if err != nil {
		return nil, err
	}
	rounds := n.Rounds()
	var ids []int64
	at := map[int64][2]int{}
	for _, info := range infos { // in the order made: a table's latest game counts
		if !made(info) || info.Round < 1 || info.Round > len(rounds) || (round != 0 && info.Round != round) {
			continue
		}
		r := rounds[info.Round-1]
		i := slices.IndexFunc(r.Tables, func(tb tournament.Table) bool { return tb.Table == info.Table })
		if i < 0 {
			continue
		}
		// A table whose others play on without a player who did not come plays the game made
		// for that forfeit (T10), or an earlier one of the same players.
		seatedBy, players := r.Seated, r.Tables[i].Players
		if f := r.ForfeitAt(info.Table); f != nil && f.Seated != 0 {
			seatedBy, players = f.Seated, f.Others
		}
		if seatedNow := info.Seated != 0 && info.Seated == seatedBy; !seatedNow && !slices.Equal(info.Players, players) {
			continue
		}
		ids = append(ids, info.ID)
		at[info.ID] = [2]int{info.Round, info.Table}
	}
	read, err := a.summaries(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := map[[2]int]*seated{}
	for _, id := range ids {
		if s, ok := read[id]; ok {
			out[at[id]] = s.seated()
		}
	}
	return out, nil
}

// madeBy says which of a match's games tournament t made: those naming its identity. A
// tournament written before identities were kept made, besides the games naming the identity
// it has now (identity), those that name its name and no identity, made after it and before
// the next tournament of its name that has none either.
func (a *App) madeBy(ctx context.Context, t *play.Game) (func(store.GameInfo) bool, error) {
	id, err := identity(t)
	if err != nil {
		return nil, err
	}
	if t.Setup().TournamentID != "" {
		return func(info store.GameInfo) bool { return info.TournamentID == id && info.ID > t.ID() }, nil
	}
	logs, err := a.tournamentLogs(ctx)
	if err != nil {
		return nil, err
	}
	next := int64(maxGame)
	for _, l := range logs {
		if l.ID > t.ID() && l.TournamentID == "" && l.Tournament == t.Setup().Tournament {
			next = min(next, l.ID)
		}
	}
	return func(info store.GameInfo) bool {
		named := info.TournamentID == "" && info.Tournament == t.Setup().Tournament && info.ID < next
		return info.ID > t.ID() && (info.TournamentID == id || named)
	}, nil
}

// identity is tournament t's identity, which the games it makes name: its TournamentID, or, for
// a log written before tournaments had one, its seed, drawn at random when it was made and kept
// in its first event, written as a TournamentID is.
func identity(t *play.Game) (string, error) {
	if t.Setup().TournamentID != "" {
		return t.Setup().TournamentID, nil
	}
	n, err := tournamentNight(t)
	if err != nil {
		return "", err
	}
	return newIdentity(n.Settings().Seed), nil
}

// newIdentity writes a tournament's identity from a random number.
func newIdentity(r uint64) string { return fmt.Sprintf("%016x", r) }

// withGames is the tournament g's state and its games, by round and table.
func (a *App) withGames(ctx context.Context, g *play.Game) (*tournament.Night, map[[2]int]*seated, error) {
	n, err := tournamentNight(g)
	if err != nil {
		return nil, nil, err
	}
	games, err := a.tournamentGames(ctx, g, n, 0)
	return n, games, err
}

// Rounds lists a tournament's rounds, each table with its game.
func (a *App) Rounds(ctx context.Context, g *play.Game) ([]RoundView, error) {
	n, games, err := a.withGames(ctx, g)
	if err != nil {
		return nil, err
	}
	return roundViews(n, games), nil
}

func roundViews(n *tournament.Night, games map[[2]int]*seated) []RoundView {
	var out []RoundView
	for _, r := range n.Rounds() {
		v := roundViewOf(r, games)
		for _, b := range n.Asked() {
			if b.Round == r.Round {
				v.Asked = append(v.Asked, AskedBye{Player: b.Player, Points: map[bool]float64{true: 0.5, false: 0}[b.Half]})
			}
		}
		out = append(out, v)
	}
	return out
}

// Crosstable is v's wall chart, with record's seal (none when nil): a row a player in the
// standings' order, a cell each round paired.
func (v *TournamentView) Crosstable(record *scoring.Record) scoring.Crosstable {
	ct := scoring.Crosstable{Name: v.Name, Kind: v.Kind, Date: v.Date, Rounds: len(v.Played), Notes: v.TieBreakNotes(),
		Foot: fmt.Sprintf("%s, crosstable after round %d · tournament %d", v.Name, v.After, v.Game)}
	if record != nil {
		ct.Foot += " · seal " + record.Seal
	}
	number := map[string]int{}
	for i, st := range v.Standings {
		number[st.Name] = i + 1
	}
	for i, st := range v.Standings {
		row := scoring.CrossRow{Number: i + 1, Place: st.Place, Name: st.Name, Points: st.Points, Cells: make([]scoring.CrossCell, len(v.Played))}
		for j, r := range v.Played {
			row.Cells[j] = crossCell(r, st.Name, number)
		}
		ct.Rows = append(ct.Rows, row)
	}
	return ct
}

// crossCell is name's round r, the players numbered by number.
func crossCell(r RoundView, name string, number map[string]int) scoring.CrossCell {
	for _, b := range r.Byes {
		if b == name {
			return scoring.CrossCell{Kind: "bye", Points: 1}
		}
	}
	for _, b := range r.Asked {
		if b.Player == name {
			return scoring.CrossCell{Kind: "asked", Points: b.Points}
		}
	}
	for _, t := range r.Tables {
		if !slices.Contains(t.Players, name) {
			continue
		}
		c := scoring.CrossCell{Kind: "playing", Table: t.Table, Of: len(t.Players), First: t.First == name, Score: t.Scores[name]}
		// At a larger table the others play on without those who did not come (T10).
		playing := t.Players
		if t.PlayingOn != nil {
			playing = t.PlayingOn
		}
		for _, p := range playing {
			if p != name {
				c.Opponents = append(c.Opponents, number[p])
			}
		}
		switch {
		case t.Forfeit == name || !slices.Contains(playing, name):
			c.Kind = "forfeit-lost"
		case t.Forfeit != "" && t.PlayingOn == nil:
			c.Kind, c.Points = "forfeit-won", 1
		case t.Placed != nil:
			c.Kind, c.Place = "game", t.Placed[name]
			// Those who did not come take the last places, as the standings count them.
			places := make([]int, 0, len(t.Players))
			for _, p := range t.Players {
				place, ok := t.Placed[p]
				if !ok {
					place = len(t.Placed) + 1
				}
				places = append(places, place)
			}
			c.Points = tournament.PointsOfPlace(c.Place, places)
		}
		return c
	}
	return scoring.CrossCell{}
}

// roundViewOf is round r with its games.
func roundViewOf(r tournament.RoundState, games map[[2]int]*seated) RoundView {
	v := RoundView{Round: r.Round, Byes: nonNilStrings(r.Byes), ByHand: r.ByHand, Ended: r.Ended, Tables: []TableGame{}, GaveWay: r.GaveWay}
	for _, t := range r.Tables {
		tg := TableGame{Table: t.Table, Players: t.Players, First: t.First}
		if game := games[[2]int{r.Round, t.Table}]; game != nil {
			tg.Game, tg.Over, tg.Flags, tg.Started = game.id, game.over, game.flags, game.started
			if res := game.resultIn(r.Round); (game.over || r.Ended) && len(res.Places) == len(res.Players) {
				tg.Placed, tg.Scores = map[string]int{}, map[string]int{}
				for i, p := range res.Players {
					tg.Placed[p] = res.Places[i]
					if i < len(res.Scores) {
						tg.Scores[p] = res.Scores[i]
					}
				}
			}
		}
		if f := r.ForfeitAt(t.Table); f != nil {
			tg.Forfeit = f.Absent
			if f.Seated != 0 {
				tg.PlayingOn = slices.Clone(f.Others)
			} else {
				tg.Placed, tg.Scores = nil, nil
				tg.Over = true
			}
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
	Entrants []TournamentEntrant `json:"entrants"`
	// TieBreakChanges are the tie-breaks chosen again after round 1 was paired (T14).
	TieBreakChanges []tournament.TieBreakChange `json:"tie_break_changes,omitempty"`
	// RoundMinutes is each round's time from its pairing, 0 for no clock (TR5).
	RoundMinutes int `json:"round_minutes,omitempty"`
	// Finished says the night is over: closed, or its last round played out and confirmed, so
	// that its standings are final but for the close's lot (T15). Winners are those first in
	// them, more than one while they share the place.
	Finished bool     `json:"finished"`
	Winners  []string `json:"winners,omitempty"`
}

// TieBreakNotes says each change of the tie-breaks made after round 1 was paired (T14), as
// every slip printed after it, and the tournament's show, say it.
func (v *TournamentView) TieBreakNotes() []string {
	var notes []string
	for _, c := range v.TieBreakChanges {
		notes = append(notes, fmt.Sprintf("the tie-breaks were changed after round %d was paired, from %s to %s (event %d, T14)",
			c.Paired, strings.Join(c.From, ", "), strings.Join(c.To, ", "), c.Seq))
	}
	return notes
}

// TournamentEntrant is a tournament's entrant as its view shows them: their rating, whether
// they are here to be paired, and the first round they could be (1, or the round after a late
// arrival).
type TournamentEntrant struct {
	Name    string `json:"name"`
	Rating  int    `json:"rating,omitempty"`
	Present bool   `json:"present"`
	// Here says the entrant checked in before round 1.
	Here bool `json:"here,omitempty"`
	From int  `json:"from"`
}

// Tournament is the tournament g as it stands: its rounds with their games, and its standings
// after the rounds that have ended.
func (a *App) Tournament(ctx context.Context, g *play.Game) (*TournamentView, error) {
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
	entrants := []TournamentEntrant{}
	for _, e := range n.Entrants() {
		entrants = append(entrants, TournamentEntrant{Name: e.Name, Rating: e.Rating, Present: e.Present, Here: e.Here, From: e.Arrived})
	}
	after := 0
	for _, r := range n.Rounds() {
		if roundOver(r, games) {
			after = r.Round
		}
	}
	next := nextRound(g.Setup().Tournament, n, games)
	rounds := n.Rounds()
	played := nonNilRounds(roundViews(n, games))
	for i, r := range rounds {
		played[i].Deadline = deadlineOf(g, n, r)
	}
	finished := n.Closed() || len(rounds) > 0 && len(rounds) >= s.Rounds && len(next.Playing) == 0 && len(next.Unconfirmed) == 0
	var winners []string
	for _, st := range standings {
		if finished && st.Place == 1 {
			winners = append(winners, st.Name)
		}
	}
	return &TournamentView{After: after, Finished: finished, Winners: winners, Entrants: entrants, Game: g.ID(), Name: g.Setup().Tournament, Date: g.Setup().Date, Kind: s.Game, Format: s.Format, Rounds: s.Rounds,
		TableSize: s.TableSize, TieBreaks: nonNilStrings(s.TieBreaks), FirstIs: firstIs, Closed: n.Closed(),
		Played: played, Standings: standings, Next: next, RoundMinutes: s.RoundMinutes,
		TieBreakChanges: n.TieBreakChanges()}, nil
}

// RoundRobin reports whether the tournament is a round robin, whose rounds are as many as its
// pairs need.
func (v *TournamentView) RoundRobin() bool { return v.Format == RoundRobin }

// Slip is the slip of v's latest round for the notice board, with the standings it was paired
// from and record's seal (none when nil); false before the first round is paired.
func (v *TournamentView) Slip(record *scoring.Record) (scoring.Slip, bool) {
	if len(v.Played) == 0 {
		return scoring.Slip{}, false
	}
	r := v.Played[len(v.Played)-1]
	s := scoring.Slip{Name: v.Name, Kind: v.Kind, Date: v.Date, Round: r.Round, FirstWord: v.FirstIs, Byes: r.Byes,
		After: v.After, Foot: fmt.Sprintf("%s, round %d · tournament %d", v.Name, r.Round, v.Game), Notes: v.TieBreakNotes()}
	if record != nil {
		s.Foot += " · seal " + record.Seal
	}
	for _, t := range r.Tables {
		s.Tables = append(s.Tables, scoring.SlipTable{Table: t.Table, Players: t.Players, Game: t.Game})
	}
	return s, true
}

func nonNilRounds(r []RoundView) []RoundView {
	if r == nil {
		return []RoundView{}
	}
	return r
}

// TournamentOfMatch is the tournament whose games make the match name, read from the newest
// of its games that a tournament made; false when no tournament made one.
func (a *App) TournamentOfMatch(ctx context.Context, name string) (*TournamentView, bool, error) {
	var made int64
	err := a.ListGames(ctx, GamesFilter{Match: name}, func(l Listed) error {
		if l.Tournament != "" && made == 0 {
			made = l.ID
		}
		return nil
	})
	if err != nil || made == 0 {
		return nil, false, err
	}
	at, ok, err := a.TableOf(ctx, made)
	if err != nil || !ok {
		return nil, false, err
	}
	g, err := a.TournamentLog(ctx, at.Tournament)
	if err != nil {
		return nil, false, err
	}
	v, err := a.Tournament(ctx, g)
	return v, err == nil, err
}
