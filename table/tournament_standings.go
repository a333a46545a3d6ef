package table

import (
	"context"
	"slices"
	"strings"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee/tournament"
)

// roundOver reports whether round r counts in the standings: ended, or every game of it over,
// as the end that the next pairing records will say.
func roundOver(r tournament.RoundState, games map[[2]int]*seated) bool {
	return len(stillPlaying(r, games)) == 0
}

// standingsOf ranks the tournament after the rounds that are over (roundOver), from the
// games as they now stand: a correction to an earlier round's game changes them at once. A game its round's
// end left unfinished counts as its sheet stands (docs/rules.md).
func standingsOf(n *tournament.Night, games map[[2]int]*seated) ([]tournament.Standing, error) {
	return standingsBefore(n, games, len(n.Rounds())+1)
}

// standingsBefore is the standings after the rounds before round, of those that ended.
func standingsBefore(n *tournament.Night, games map[[2]int]*seated, round int) ([]tournament.Standing, error) {
	var results []tournament.Result
	for _, r := range n.Rounds() {
		if !roundOver(r, games) || r.Round >= round {
			continue
		}
		for _, t := range r.Tables {
			// A table won by forfeit counts as the forfeit says (T10), whatever its game holds;
			// the others who played on score as at the table seated, those absent last.
			game, f := games[[2]int{r.Round, t.Table}], r.ForfeitAt(t.Table)
			switch {
			case game == nil || (f != nil && f.Seated == 0):
			case f != nil:
				res := game.resultIn(r.Round)
				res.Absent = len(t.Players) - len(f.Others)
				results = append(results, res)
			default:
				results = append(results, game.resultIn(r.Round))
			}
		}
	}
	var byes []tournament.Bye
	for _, b := range n.Byes() {
		if b.Round < round && b.Round <= len(n.Rounds()) && roundOver(n.Rounds()[b.Round-1], games) {
			byes = append(byes, b)
		}
	}
	return tournament.Standings(n.Entrants(), results, byes, n.Settings().TieBreaks)
}

// gamesOfTournamentOf is the state of the tournament that made g and its games; false for a
// game no tournament made.
func (a *App) gamesOfTournamentOf(ctx context.Context, g *play.Game) (*tournament.Night, map[[2]int]*seated, bool, error) {
	t, _, ok, err := a.tournamentOfGame(ctx, g.ID())
	if err != nil || !ok {
		return nil, nil, false, err
	}
	n, games, err := a.withGames(ctx, t)
	return n, games, err == nil, err
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
func (a *App) WouldHavePaired(ctx context.Context, after *play.Game) ([]PairingChange, error) {
	n, games, ok, err := a.gamesOfTournamentOf(ctx, after)
	if err != nil || !ok {
		return nil, err
	}
	games[[2]int{after.Setup().Round, after.Setup().Table}] = seatedOf(after)
	var out []PairingChange
	for _, r := range n.Rounds() {
		if r.Round <= after.Setup().Round {
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

// StandingsChange is what a correction to a game of a tournament does to its standings (T16):
// the standings with the game as it was, and as the correction leaves it.
type StandingsChange struct {
	Tournament string                `json:"tournament"`
	Before     []tournament.Standing `json:"before"`
	After      []tournament.Standing `json:"after"`
}

// StandingsChange is the tournament's standings with its game as before and as after a
// correction leaves it (recorded or a dry run's); nil for a game of no tournament, and for a
// game its round no longer counts (its table seated again).
func (a *App) StandingsChange(ctx context.Context, before, after *play.Game) (*StandingsChange, error) {
	n, games, ok, err := a.gamesOfTournamentOf(ctx, after)
	if err != nil || !ok {
		return nil, err
	}
	key := [2]int{after.Setup().Round, after.Setup().Table}
	if games[key] == nil || games[key].id != after.ID() {
		return nil, nil
	}
	ch := &StandingsChange{Tournament: after.Setup().Tournament}
	games[key] = seatedOf(before)
	if ch.Before, err = standingsOf(n, games); err != nil {
		return nil, err
	}
	games[key] = seatedOf(after)
	if ch.After, err = standingsOf(n, games); err != nil {
		return nil, err
	}
	return ch, nil
}

// CorrectionEntered is a correction as the table is told of it, with, for a game of a
// tournament, what it does to the standings.
type CorrectionEntered struct {
	play.Entered
	Standings *StandingsChange `json:"standings,omitempty"`
}

// CorrectionEntered tells done, a correction recorded or (dryRun) not.
func (a *App) CorrectionEntered(ctx context.Context, done *play.Corrected, dryRun bool) (CorrectionEntered, error) {
	ch, err := a.StandingsChange(ctx, done.Before, done.After)
	return CorrectionEntered{Entered: done.Entered(dryRun), Standings: ch}, err
}
