package table

import (
	"cmp"
	"context"
	_ "embed"
	"fmt"
	"slices"
	"strings"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/scoring"
)

// MatchInfo is a match as `match` lists it.
type MatchInfo struct {
	Match string `json:"match"`
	Kind  string `json:"kind"`
	Games int    `json:"games"`
}

// Matches lists every match, by name.
func (a *App) Matches(ctx context.Context) ([]MatchInfo, error) {
	infos, err := a.store.Matches(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]MatchInfo, len(infos))
	for i, m := range infos {
		out[i] = MatchInfo{m.Name, m.Kind, m.Games}
	}
	return out, nil
}

// Standings is a match's table, Standing a player's line in it and MatchGame a game's part:
// data of scoring, as a round's slip is, so that render lays them out for both faces.
type (
	Standings = scoring.MatchStandings
	Standing  = scoring.MatchStanding
	MatchGame = scoring.MatchGame
)

// Match sums each player's points over the match's games, adjustments included, and ranks
// them; equal points share a rank, and a win shared by several players counts for each.
// It reads only the match's own games.
func (a *App) Match(ctx context.Context, name string) (*Standings, error) {
	infos, err := a.store.MatchGames(ctx, name)
	if err != nil {
		return nil, err
	}
	if len(infos) == 0 {
		return nil, a.noMatch(ctx, name)
	}
	s := &Standings{Match: name, Kind: infos[0].Kind}
	by := map[string]*Standing{}
	var order []string
	for _, info := range infos {
		if info.Kind != s.Kind {
			s.Others = append(s.Others, info.ID)
			continue
		}
		g, err := a.Game(ctx, info.ID)
		if err != nil {
			return nil, err
		}
		if ml, ok := play.RulesAs[referee.MatchLength](g); ok && s.Length == 0 {
			s.Length, s.Rule = ml.MatchGames(g.Setup())
		}
		sheet := g.Sheet()
		s.Played = append(s.Played, MatchGame{Game: g.ID(), Finished: sheet.Finished, Totals: sheet.Totals, Winners: sheet.Winners})
		for _, p := range g.Setup().Players {
			if by[p] == nil {
				by[p] = &Standing{Player: p}
				order = append(order, p)
			}
			by[p].Games++
			by[p].Points += sheet.Totals[p]
			if slices.Contains(sheet.Winners, p) {
				by[p].Wins++
			}
		}
	}
	s.Games = len(s.Played)
	s.Complete = s.Length > 0 && s.Games >= s.Length
	for _, p := range order {
		s.Standings = append(s.Standings, *by[p])
	}
	slices.SortStableFunc(s.Standings, func(x, y Standing) int { return cmp.Compare(y.Points, x.Points) })
	for i := range s.Standings {
		s.Standings[i].Rank = i + 1
		if i > 0 && s.Standings[i].Points == s.Standings[i-1].Points {
			s.Standings[i].Rank = s.Standings[i-1].Rank
		}
		if s.Standings[i].Rank == 1 {
			s.Leaders = append(s.Leaders, s.Standings[i].Player)
		}
	}
	return s, nil
}

// noMatch is the error for a match that holds no games, with the name most likely meant.
func (a *App) noMatch(ctx context.Context, name string) error {
	e := &play.Error{Code: play.NotFound, Message: fmt.Sprintf("no games in match %q", name),
		Hint: "a match begins when a game is created in it"}
	infos, err := a.store.Matches(ctx)
	if err != nil {
		return err
	}
	names := make([]string, len(infos))
	for i, m := range infos {
		names[i] = m.Name
	}
	if guess := referee.DidYouMean(name, names); guess != "" {
		e.Hint = strings.TrimPrefix(guess, "; ")
	}
	return e
}
