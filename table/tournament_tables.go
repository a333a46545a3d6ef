package table

import (
	"context"
	"crypto/hmac"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee/tournament"
	"github.com/tableside/tableside/table/internal/store"
)

// A tournament's tables are places: each has one code for the night, which opens every game
// the tournament makes at that table, in every round, so that the table's phone follows its
// table from one round's game to the next without joining again.

// TournamentTableCode is the code of a tournament's table for the night. Its message is not a
// game's ("table N"), so it is never a game's code.
func (k *Keys) TournamentTableCode(tournament int64, table int) string {
	return k.Sign(fmt.Sprintf("tournament %d, table %d", tournament, table))[:codeLength]
}

// OpensTournamentTable reads text as a person types a table code (ReadTableCode) and reports
// whether it is the code of the tournament's table, compared in constant time. code is the
// code as read.
func (k *Keys) OpensTournamentTable(tournament int64, table int, text string) (code string, ok bool) {
	code, shaped := ReadTableCode(text)
	return code, shaped && tournament > 0 && table > 0 && hmac.Equal([]byte(code), []byte(k.TournamentTableCode(tournament, table)))
}

// TournamentTable is one table of a tournament: the tournament's log and the table's number.
type TournamentTable struct {
	Tournament int64 `json:"tournament"`
	Table      int   `json:"table"`
}

// TableOf finds the tournament table that made game; ok is false for a game no tournament made.
// A game names its tournament by its identity (events.Created's TournamentID, identity), or,
// made before identities were kept, by its name alone: its tournament is then the latest of
// that name without an identity made before it. Either way it is the latest log so named
// before the game, which must have paired the game's round. Of the game it reads the first
// event alone, so that the answer costs the same on a game of any length: a server asks it
// to check a tournament table's code, and an App that keeps (Keep) remembers it.
func (a *App) TableOf(ctx context.Context, game int64) (TournamentTable, bool, error) {
	first, err := a.first(ctx, game)
	if err != nil {
		return TournamentTable{}, false, err
	}
	return a.tables.of(game, first, func() (TournamentTable, bool, error) { return a.tableMadeAt(ctx, game, first) })
}

// tournamentOfGame is the log of the tournament that made game, and its state; false for a
// game no tournament made.
func (a *App) tournamentOfGame(ctx context.Context, game int64) (*play.Game, *tournament.Night, bool, error) {
	at, ok, err := a.TableOf(ctx, game)
	if err != nil || !ok {
		return nil, nil, false, err
	}
	t, err := a.TournamentLog(ctx, at.Tournament)
	if err != nil {
		return nil, nil, false, err
	}
	n, err := tournamentNight(t)
	if err != nil {
		return nil, nil, false, err
	}
	return t, n, true, nil
}

// tableMadeAt is TableOf for game, whose first event is first, found in the store.
func (a *App) tableMadeAt(ctx context.Context, game int64, first play.Event) (t TournamentTable, ok bool, err error) {
	c, err := play.CreatedOf(first)
	if err != nil {
		return t, false, fmt.Errorf("game %d: %w", game, err)
	}
	if c.Kind == tournament.Kind || c.Tournament == "" || c.Round < 1 || c.Table < 1 {
		return t, false, nil
	}
	logs, err := a.tournamentLogs(ctx)
	if err != nil {
		return t, false, err
	}
	var maker *play.Game
	for _, l := range logs {
		if l.ID > game || l.Tournament != c.Tournament || (l.TournamentID != c.TournamentID && l.TournamentID != "") {
			continue
		}
		g, err := a.TournamentLog(ctx, l.ID)
		if err != nil {
			return t, false, err
		}
		if id, err := identity(g); err != nil {
			return t, false, err
		} else if id == c.TournamentID || c.TournamentID == "" && l.TournamentID == "" {
			maker = g
		}
	}
	if maker == nil {
		return t, false, nil
	}
	n, err := tournamentNight(maker)
	if err != nil || len(n.Rounds()) < c.Round {
		return t, false, err
	}
	return TournamentTable{Tournament: maker.ID(), Table: c.Table}, true, nil
}

// IsTournamentLog reports whether game is a tournament's own log, which no table plays: it has
// no table code, only its tables have theirs.
func (a *App) IsTournamentLog(ctx context.Context, game int64) (bool, error) {
	first, err := a.first(ctx, game)
	if err != nil {
		return false, err
	}
	c, err := play.CreatedOf(first)
	if err != nil {
		return false, fmt.Errorf("game %d: %w", game, err)
	}
	return c.Kind == tournament.Kind, nil
}

// TournamentTables is how many tables tournament g has codes for: as many as its referee
// says the night has (tournament.Night.Tables).
func TournamentTables(g *play.Game) (int, error) {
	n, err := tournamentNight(g)
	if err != nil {
		return 0, err
	}
	return n.Tables(), nil
}

// TableNow is what a tournament's table is playing now: the tournament's latest round, the
// table's game in it, and how the round stands.
type TableNow struct {
	Tournament int64  `json:"tournament"`
	Name       string `json:"name"`
	Table      int    `json:"table"`
	// Round is the latest round paired, 0 before the first.
	Round int `json:"round"`
	// Game is the table's game in that round; null when the round seats nobody at the table.
	Game *TableGame `json:"game"`
	// Ended says the round is over; Playing lists its tables whose games are not.
	Ended   bool  `json:"ended"`
	Playing []int `json:"playing"`
	Closed  bool  `json:"closed"`
	// Text says it in words: "round 2, table 3: ann v cy, ann deals".
	Text string `json:"text"`
}

// TableNow is what table of tournament is playing now: a phone at the table asks it after each
// round, to follow its table to the new game. Only the latest round's games are replayed.
func (a *App) TableNow(ctx context.Context, tournament int64, table int) (*TableNow, error) {
	if table < 1 {
		return nil, &play.Error{Code: play.NotFound, Message: fmt.Sprintf("no table %d: tables are numbered from 1", table)}
	}
	g, err := a.TournamentLog(ctx, tournament)
	if err != nil {
		return nil, err
	}
	n, err := tournamentNight(g)
	if err != nil {
		return nil, err
	}
	now := &TableNow{Tournament: g.ID(), Name: g.Setup().Tournament, Table: table, Playing: []int{}, Closed: n.Closed()}
	rounds := n.Rounds()
	if len(rounds) == 0 {
		now.Text = fmt.Sprintf("table %d: round 1 is not paired yet", table)
		return now, nil
	}
	games, err := a.tournamentGames(ctx, g, n, len(rounds))
	if err != nil {
		return nil, err
	}
	r := roundViewOf(rounds[len(rounds)-1], games)
	now.Round, now.Ended = r.Round, r.Ended
	for _, t := range r.Tables {
		if !t.Over {
			now.Playing = append(now.Playing, t.Table)
		}
		if t.Table == table {
			now.Game = &t
		}
	}
	switch {
	case now.Game == nil:
		now.Text = fmt.Sprintf("round %d seats nobody at table %d", r.Round, table)
	case now.Game.Game == 0: // not made yet: pairing the round again makes it
		now.Text = seatText(r.Round, table, now.Game.Players, "", "")
	default:
		game, err := a.Game(ctx, now.Game.Game)
		if err != nil {
			return nil, err
		}
		now.Text = SeatText(game)
	}
	return now, nil
}

// seatText says where a tournament's game is played and who is first, in the words a phone
// shows: "round 2, table 3: ann v cy, ann deals". first is "" when not known yet.
func seatText(round, table int, players []string, first, does string) string {
	text := fmt.Sprintf("round %d, table %d: %s", round, table, strings.Join(players, " v "))
	if first != "" {
		text += ", " + first + " " + does
	}
	return text
}

// SeatText says where g, a tournament's game, is played, and who opens or deals; "" for a game
// no tournament made.
func SeatText(g *play.Game) string {
	if g.Setup().Round < 1 || g.Setup().Table < 1 {
		return ""
	}
	first, does := g.Setup().Opener, "opens"
	if first == "" {
		first, does = g.Setup().Dealer, "deals"
	}
	return seatText(g.Setup().Round, g.Setup().Table, g.Setup().Players, first, does)
}

// MovedOn is where a tournament's table has gone since one of its games: the game it plays
// now, or, when a later round seats nobody there, that round.
type MovedOn struct {
	// Game is the latest game made at the same table for a later round, or for the same round
	// seated again by hand; 0 while the game asked about is the table's latest.
	Game int64
	// SitsOut is the latest round paired when it seats nobody at the table, 0 otherwise.
	SitsOut int
}

// TableMovedOn is where the table of g, a game a tournament made, has gone since. It reads the
// tournament's list of games, and replays none of them.
func (a *App) TableMovedOn(ctx context.Context, g *play.Game) (MovedOn, error) {
	var m MovedOn
	if g.Setup().Tournament == "" || g.Setup().Round < 1 {
		return m, nil
	}
	infos, err := a.store.MatchGames(ctx, g.Setup().Tournament)
	if err != nil {
		return m, err
	}
	latest, latestHere := 0, g.Setup().Round
	for _, info := range infos {
		// A game of before identities follows its table by the name, as it was made.
		if info.Tournament != g.Setup().Tournament || (info.TournamentID != g.Setup().TournamentID && g.Setup().TournamentID != "") {
			continue
		}
		latest = max(latest, info.Round)
		if info.ID > g.ID() && info.Table == g.Setup().Table && info.Round >= g.Setup().Round {
			m.Game, latestHere = info.ID, info.Round
		}
	}
	if latest > latestHere {
		m.Game, m.SitsOut = 0, latest
	}
	return m, nil
}

// roundOfGame is the round of its tournament that made g, with the tournament's state; false
// for a game no tournament made, or a round it no longer has.
func (a *App) roundOfGame(ctx context.Context, g *play.Game) (*play.Game, *tournament.Night, tournament.RoundState, bool, error) {
	c := g.Setup()
	if c.Tournament == "" || c.Round < 1 || g.IsTournament() {
		return nil, nil, tournament.RoundState{}, false, nil
	}
	t, n, ok, err := a.tournamentOfGame(ctx, g.ID())
	if err != nil || !ok {
		return nil, nil, tournament.RoundState{}, false, err
	}
	rounds := n.Rounds()
	if c.Round > len(rounds) {
		return nil, nil, tournament.RoundState{}, false, nil
	}
	return t, n, rounds[c.Round-1], true, nil
}

// RoundOver says why g, a game a tournament made, is now the director's alone (T16): the round
// it was made for is over (ended, the next round paired, or the tournament closed), so that a
// table's phone may no longer move, undo or confirm in it. "" while its round is in play, and
// for a game no tournament made.
func (a *App) RoundOver(ctx context.Context, g *play.Game) (string, error) {
	_, err := a.roundInPlay(ctx, g)
	var over *RoundOverError
	if errors.As(err, &over) {
		return over.Why, nil
	}
	return "", err
}

// roundInPlay is where the log of g's tournament ends while g's round is in play, for a
// table's entry to be stored only while it stays there (store.AppendWhile); a RoundOverError
// once the round is over; nothing for a game no tournament made.
func (a *App) roundInPlay(ctx context.Context, g *play.Game) (store.Unmoved, error) {
	t, _, r, ok, err := a.roundOfGame(ctx, g)
	switch {
	case err != nil || !ok:
		return store.Unmoved{}, err
	case r.Ended:
		return store.Unmoved{}, &RoundOverError{Game: g.ID(),
			Why: fmt.Sprintf("round %d of %s is over, and a change to its games is the director's (T16)", r.Round, g.Setup().Tournament)}
	}
	return store.Unmoved{Game: t.ID(), Last: t.Last()}, nil
}

// RoundOverError refuses a table's entry in a game whose tournament round is over (T16):
// nothing was recorded.
type RoundOverError struct {
	Game int64
	Why  string
}

func (e *RoundOverError) Error() string { return "nothing was recorded: " + e.Why }

// RoundDeadline is when the time of g's round is out (TR5), in ms since 1970 by its pairing's
// recorded time: 0 for a game of no tournament, a tournament with no clock, or a round over.
func (a *App) RoundDeadline(ctx context.Context, g *play.Game) (int64, error) {
	t, n, r, ok, err := a.roundOfGame(ctx, g)
	if err != nil || !ok || r.Ended {
		return 0, err
	}
	return deadlineOf(t, n, r), nil
}

// deadlineOf is when round r of the tournament t, n its state, is out of time (TR5): its
// seating's recorded time and the round's minutes; 0 with no clock.
func deadlineOf(t *play.Game, n *tournament.Night, r tournament.RoundState) int64 {
	e, ok := t.EventAt(r.Seated)
	if minutes := n.Settings().RoundMinutes; ok && minutes > 0 {
		return e.At + int64(minutes)*60_000
	}
	return 0
}

// AsksConfirmation reports whether game's scored rounds wait for the other side's confirmation
// before its tournament goes on: a game of a tournament with confirm=on (L9). Elsewhere a
// confirmation is a player's choice, and nothing waits for it.
func (a *App) AsksConfirmation(ctx context.Context, game int64) (bool, error) {
	_, n, ok, err := a.tournamentOfGame(ctx, game)
	if err != nil || !ok {
		return false, err
	}
	return n.Settings().Confirm, nil
}

// TableAsks records what table's phone asks for one of its players (tournament.TableAsks): a
// check-in before round 1, for any entrant; once a round is paired, a drop or a bye in the
// next round, only for a player of the table's game. The tournament's referee judges it as
// the organiser's own.
func (a *App) TableAsks(ctx context.Context, tournamentID int64, table int, verb, name string) (*play.Recorded, error) {
	now, err := a.TableNow(ctx, tournamentID, table)
	if err != nil {
		return nil, err
	}
	switch {
	case verb == "here" && now.Round > 0:
		return nil, play.Invalidf(nil, "the director enters a late arrival", "round 1 is paired: a check-in is before it")
	case verb != "here" && (now.Game == nil || !slices.Contains(now.Game.Players, name)):
		return nil, &play.Error{Code: play.Refused, Message: fmt.Sprintf("%s does not sit at table %d in round %d: a table asks for its own players", name, table, now.Round)}
	}
	m, err := tournament.TableAsks(verb, name, now.Round+1, table)
	if err != nil {
		return nil, play.Invalidf(err, "", "%v", err)
	}
	g, err := a.TournamentLog(ctx, tournamentID)
	if err != nil {
		return nil, err
	}
	return a.record(ctx, g, m, RecordOptions{})
}
