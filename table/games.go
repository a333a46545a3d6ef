package table

import (
	"context"
	_ "embed"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/scoring"
)

// Listed is a game as `games` lists it: a public JSON contract (docs/json.md).
type Listed struct {
	ID      int64    `json:"id"`
	Kind    string   `json:"kind"`
	Players []string `json:"players"`
	Match   string   `json:"match,omitempty"`
	// Tournament, Round and Table say where a tournament's round made the game.
	Tournament string   `json:"tournament,omitempty"`
	Round      int      `json:"round,omitempty"`
	Table      int      `json:"table,omitempty"`
	Date       string   `json:"date"` // the day the game was played, as stats reads it (nightOf)
	Events     int      `json:"events"`
	CreatedAt  int64    `json:"created_at"`
	LastAt     int64    `json:"last_at"`
	State      string   `json:"state"`   // StateInProgress, StateOver or StateAbandoned
	Winners    []string `json:"winners"` // once over: who won, [] for a draw
	// Totals are each player's points so far, adjustments included.
	Totals map[string]int `json:"totals"`
}

// The states of a game.
const (
	StateInProgress = "in progress"
	StateOver       = "over"
	StateAbandoned  = "abandoned"
)

// Games hands fn each game as `games` lists it, in the order they were created, read from
// its summary, or replayed for it when the store keeps none made from its last event
// (walkSummaries), a tournament's pairings unjudged, since a list shows no flag.
func (a *App) Games(ctx context.Context, fn func(Listed) error) error {
	return walkSummaries(ctx, a, Walk{}, func(s summary) error { return fn(s.Listed) })
}

func listedOf(g *play.Game) Listed { return listedFrom(g, g.Scores()) }

// listedFrom is listedOf with g's scores, s, worked out already.
func listedFrom(g *play.Game, s *scoring.Sheet) Listed {
	first := g.First()
	last, _ := g.EventAt(g.Last())
	setup := g.Setup()
	l := Listed{ID: g.ID(), Kind: setup.Kind, Players: setup.Players, Match: setup.Match, Date: nightOf(setup, first),
		Round: setup.Round, Table: setup.Table,
		Events: g.Len(), CreatedAt: first.At, LastAt: last.At, State: StateInProgress, Winners: []string{}, Totals: s.Totals}
	if setup.Round > 0 {
		l.Tournament = setup.Tournament // a tournament's own log names it too, and is no round's game
	}
	switch {
	case s.Abandoned:
		l.State = StateAbandoned
	case g.Over():
		l.State, l.Winners = StateOver, s.Winners
	}
	return l
}

// GameIDs lists every game's id in order, reading the games table only: no game is replayed
// and no event read.
func (a *App) GameIDs(ctx context.Context) ([]int64, error) { return a.store.GameIDs(ctx) }

// CountGames is the number of games in the file, for a walk's progress.
func (a *App) CountGames(ctx context.Context) (int, error) { return a.store.CountGames(ctx) }
