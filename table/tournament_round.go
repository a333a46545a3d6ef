package table

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/tournament"
	"github.com/tableside/tableside/table/internal/store"
)

// stillPlaying lists the tables of round r whose games are not over (not made counts as not
// over), until the round is ended. A table won by forfeit (T10) plays nothing; one whose
// others play on plays their game.
func stillPlaying(r tournament.RoundState, games map[[2]int]*seated) []int {
	playing := []int{}
	for _, t := range r.Tables {
		if r.PlayingAt(t.Table) == nil {
			continue
		}
		if game := games[[2]int{r.Round, t.Table}]; !r.Ended && (game == nil || !game.over) {
			playing = append(playing, t.Table)
		}
	}
	return playing
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
func nextRound(name string, n *tournament.Night, games map[[2]int]*seated) NextRound {
	rounds := n.Rounds()
	next := NextRound{Round: len(rounds) + 1, Playing: []int{}, Unconfirmed: []int64{}}
	var why []string
	if len(rounds) > 0 {
		last := rounds[len(rounds)-1]
		next.Playing = stillPlaying(last, games)
		for _, t := range last.Tables {
			game := games[[2]int{last.Round, t.Table}]
			if n.Settings().Confirm && !last.Released && game != nil && game.unconfirmed {
				next.Unconfirmed = append(next.Unconfirmed, game.id)
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
func (a *App) PairRound(ctx context.Context, g *play.Game, round int) (*RoundView, error) {
	n, err := tournamentNight(g)
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
		if g, err = a.TournamentLog(ctx, g.ID()); err != nil {
			return nil, err
		}
	}
}

// pairOnce is PairRound against the log g: an error wrapping store.ErrConflict when the log
// moved on before the pairing could be recorded.
func (a *App) pairOnce(ctx context.Context, g *play.Game, round int) (*RoundView, error) {
	n, games, err := a.withGames(ctx, g)
	if err != nil {
		return nil, err
	}
	rounds := n.Rounds()
	switch {
	case round < 1:
		return nil, play.Invalidf(nil, "", "round %d: rounds are numbered from 1", round)
	case round <= len(rounds):
		return a.pairedAlready(ctx, g, n, rounds[round-1], games)
	case round > len(rounds)+1:
		return nil, play.Invalidf(nil, fmt.Sprintf("pair round %d first: tableside tournament pair %d", len(rounds)+1, g.ID()),
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
	next := nextRound(g.Setup().Tournament, n, games)
	held := func(hint string) error {
		return &play.Error{Code: play.Over, Game: g, Message: next.Why + "; nothing was paired", Hint: hint}
	}
	if len(next.Playing) > 0 {
		return nil, held(fmt.Sprintf("wait for the games, or end the round: tableside record %d end", g.ID()))
	}
	if len(rounds) > 0 && !rounds[len(rounds)-1].Ended {
		rec, err := a.record(ctx, g, referee.NewMove(tournament.TypeEnd, "", map[string]int{"round": len(rounds)}), RecordOptions{Expect: g.Last()})
		if err != nil {
			return nil, err
		}
		g = rec.Game
		if n, err = tournamentNight(g); err != nil {
			return nil, err
		}
	}
	switch {
	case len(next.Unconfirmed) > 0:
		return nil, held(fmt.Sprintf("have the other side confirm them, or release the round: tableside record %d release", g.ID()))
	case !next.Ready && !n.Closed():
		return nil, held(fmt.Sprintf("close it: tableside record %d close", g.ID()))
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
	out, judged, err := tournament.PairJudged(in)
	if err != nil {
		return nil, play.Invalidf(err, "", "%v", err)
	}
	// Recording the pairing judges it: what it will find is known already.
	a.judgements.hold(g.ID(), contentOf(in, out), judged)
	rec, err := a.record(ctx, g, tournament.PairedMove(in, out), RecordOptions{Expect: g.Last()})
	if err != nil {
		return nil, err
	}
	g = rec.Game
	if n, err = tournamentNight(g); err != nil {
		return nil, err
	}
	paired := n.Rounds()[len(n.Rounds())-1]
	if _, err := a.makeGames(ctx, g, n, paired, games); err != nil {
		return nil, err
	}
	// The games just made are the round's, unless another terminal made one first.
	if v := roundViewOf(paired, games); !slices.ContainsFunc(v.Tables, func(t TableGame) bool { return t.Game == 0 }) {
		return &v, nil
	}
	return a.roundView(ctx, g, in.Round)
}

// pairedAlready is the answer to pairing round r, paired already: a Conflict with the round as
// its games stand. The round in play has any game still missing made first, so that a request
// that lost the race to the one pairing it helps finish it rather than leave a table without.
func (a *App) pairedAlready(ctx context.Context, g *play.Game, n *tournament.Night, r tournament.RoundState, games map[[2]int]*seated) (*RoundView, error) {
	if !r.Ended && r.Round == len(n.Rounds()) {
		if _, err := a.makeGames(ctx, g, n, r, games); err != nil {
			return nil, err
		}
	}
	view, err := a.roundView(ctx, g, r.Round)
	if err != nil {
		return nil, err
	}
	return nil, &play.Error{Code: play.Conflict, Game: g, Err: &RoundPaired{view},
		Message: fmt.Sprintf("round %d of tournament %d is paired already; nothing was paired again", r.Round, g.ID()),
		Hint:    fmt.Sprintf("its tables: tableside tournament show %d", g.ID())}
}

// ErrPairedAlready is the cause of the Conflict that refuses to pair a round paired already.
var ErrPairedAlready = errors.New("the round is paired already")

// roundView is round's view as the store now holds its games: that round's alone are read.
func (a *App) roundView(ctx context.Context, g *play.Game, round int) (*RoundView, error) {
	n, err := tournamentNight(g)
	if err != nil {
		return nil, err
	}
	rounds := n.Rounds()
	if round < 1 || round > len(rounds) {
		return nil, fmt.Errorf("tournament %d has no round %d", g.ID(), round)
	}
	games, err := a.tournamentGames(ctx, g, n, round)
	if err != nil {
		return nil, err
	}
	v := roundViewOf(rounds[round-1], games)
	return &v, nil
}

// makeGames makes the games of round r, as it is now seated, that are not made yet, and
// reports whether it made any: each table's game, its players seated first player first, who
// opens or deals named as the kind's setup names them, in the tournament's match, knowing its
// tournament, round, table and the seating that made it. They are made together, as the store
// makes many (each all or nothing, the seating checked once for them all). A game another
// terminal made meanwhile is refused by the store (store.GameMadeError) and left to it: each
// table's game is made once.
func (a *App) makeGames(ctx context.Context, g *play.Game, n *tournament.Night, r tournament.RoundState, games map[[2]int]*seated) (bool, error) {
	settings := n.Settings()
	rules, err := engineOf(settings.Game)
	if err != nil {
		return false, err
	}
	id, err := identity(g)
	if err != nil {
		return false, err
	}
	var batch []store.NewGame
	var tables []int
	var replayed []*replayedNew // each game as stored, replayed for its summary
	for _, t := range r.Tables {
		players := r.PlayingAt(t.Table)
		if games[[2]int{r.Round, t.Table}] != nil || players == nil {
			continue
		}
		// The others at a table who play on without a player who did not come play a game
		// made for the forfeit (T10), its first the first seated still there.
		seatedBy, opener := r.Seated, t.First
		if f := r.ForfeitAt(t.Table); f != nil {
			seatedBy = f.Seated
			if !slices.Contains(players, opener) {
				opener = players[0]
			}
		}
		c := events.Created{Kind: settings.Game, Ruleset: rules.Ruleset(), Players: players, Options: settings.GameOptions,
			Date: a.today(), Match: g.Setup().Tournament, Tournament: g.Setup().Tournament, TournamentID: id,
			Round: r.Round, Table: t.Table, Seated: seatedBy}
		switch seating := rules.Seating(); {
		case seating.Opener:
			c.Opener = opener
		case seating.Dealer:
			c.Dealer = opener
		}
		if _, err := checkCreated(c); err != nil {
			return false, err
		}
		b, err := json.Marshal(c)
		if err != nil {
			return false, err
		}
		first := a.stamp(events.TypeCreated, "", b)
		most, _ := matchLength(first)
		replayed = append(replayed, &replayedNew{})
		batch = append(batch, store.NewGame{Events: []events.Event{first}, Most: most, Summarize: replayed[len(replayed)-1].summarize(a)})
		tables = append(tables, t.Table)
	}
	if len(batch) == 0 {
		return false, nil
	}
	res, err := a.store.CreateMany(ctx, batch)
	if err != nil {
		return false, notStored(err, "the round's games")
	}
	made := false
	for i, c := range res {
		if errors.Is(c.Err, store.ErrGameMade) {
			continue
		}
		if c.Err != nil {
			if refusal := matchRefusal(batch[i].Events[0], c.Err); refusal != nil {
				return made, refusal
			}
			return made, notStored(c.Err, "the round's games")
		}
		game, err := replayed[i].g, replayed[i].err
		if err != nil {
			return made, err
		}
		games[[2]int{r.Round, tables[i]}] = seatedOf(game)
		made = true
	}
	return made, nil
}

// seatGames makes the games of round of tournament g (0: the round in play) as a seating by
// hand or a forfeit at a larger table has just seated it, at once, as a pairing makes its own:
// a table whose players stay keeps its game; the games of the seating replaced that are still
// in play are stopped (L6), why said, rather than removed, so that nothing of them is lost
// and none stays in play on the club page.
func (a *App) seatGames(ctx context.Context, g *play.Game, round int, why string) error {
	n, games, err := a.withGames(ctx, g)
	if err != nil {
		return err
	}
	rounds := n.Rounds()
	if len(rounds) == 0 {
		return nil
	}
	if round < 1 || round > len(rounds) {
		round = len(rounds)
	}
	r := rounds[round-1]
	infos, err := a.store.MatchGames(ctx, g.Setup().Tournament)
	if err != nil {
		return err
	}
	made, err := a.madeBy(ctx, g)
	if err != nil {
		return err
	}
	kept := map[int64]bool{}
	for _, game := range games {
		kept[game.id] = true
	}
	for _, info := range infos {
		if !made(info) || info.Round != r.Round || kept[info.ID] {
			continue
		}
		old, err := a.Game(ctx, info.ID)
		if err != nil {
			return err
		}
		if old.Over() || old.Abandoned() != 0 {
			continue
		}
		note := fmt.Sprintf("table %d of round %d %s (tournament %d)", info.Table, r.Round, why, g.ID())
		if _, err := a.Correct(ctx, old, play.Correction{Verb: "abandon", Note: note}, CorrectOptions{}); err != nil {
			return err
		}
	}
	_, err = a.makeGames(ctx, g, n, r, games)
	return err
}
