package table

import (
	"context"
	_ "embed"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee/tournament"
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

// Games hands fn every game as `games` lists it, in the order they were created (ListGames).
func (a *App) Games(ctx context.Context, fn func(Listed) error) error {
	return a.ListGames(ctx, GamesFilter{Oldest: true}, fn)
}

// GamesFilter is what a list of games asks for, as `games` and `GET /api/games` take it: the
// zero filter takes every game, newest first.
type GamesFilter struct {
	Match, Player, Kind string
	// States are the states taken (StateInProgress, StateOver, StateAbandoned); none takes all.
	States []string
	// Since and Until take the games played on those days and between them (YYYY-MM-DD, the
	// day `games` shows).
	Since, Until string
	// After and Before take the games numbered above After and below Before (0: no bound): a
	// page's cursor.
	After, Before int64
	// Limit is the most games listed; 0 lists every game the filter takes.
	Limit int
	// Oldest lists the oldest first.
	Oldest bool
}

// Check names what in f a list cannot take.
func (f GamesFilter) Check() error {
	for _, st := range f.States {
		if !slices.Contains(states, st) {
			return play.Invalidf(nil, "the states are "+strings.Join(states, ", "), "no state %q", st)
		}
	}
	if f.Kind != "" && !slices.Contains(play.Kinds(), f.Kind) && f.Kind != tournament.Kind {
		return play.Invalidf(nil, "the kinds are "+strings.Join(append(play.Kinds(), tournament.Kind), ", "), "no kind %q", f.Kind)
	}
	for _, d := range []string{f.Since, f.Until} {
		if _, err := time.Parse(dateLayout, d); d != "" && err != nil {
			return play.Invalidf(nil, "a day is written YYYY-MM-DD, as 2026-03-14", "%q is not a day", d)
		}
	}
	switch {
	case f.Since != "" && f.Until != "" && f.Until < f.Since:
		return play.Invalidf(nil, "", "the list is until %s, before it begins on %s", f.Until, f.Since)
	case f.Limit < 0:
		return play.Invalidf(nil, "", "a limit of %d games: give 1 or more, or none to list them all", f.Limit)
	case f.After < 0 || f.Before < 0:
		return play.Invalidf(nil, "", "games are numbered from 1")
	}
	return nil
}

// states are the states a game can be in, in the order it goes through them.
var states = []string{StateInProgress, StateOver, StateAbandoned}

// takes reports whether f takes the game l (all but its numbers and limit).
func (f GamesFilter) takes(l Listed) bool {
	switch {
	case f.Match != "" && l.Match != f.Match,
		f.Kind != "" && l.Kind != f.Kind,
		f.Player != "" && !slices.Contains(l.Players, f.Player),
		len(f.States) > 0 && !slices.Contains(f.States, l.State),
		f.Since != "" && l.Date < f.Since,
		f.Until != "" && l.Date > f.Until:
		return false
	}
	return true
}

// ListGames hands fn each game f takes as `games` lists it, newest first unless f.Oldest, each
// read from its summary, or replayed for it when the store keeps none made from its last event
// (walkSummaries), a tournament's pairings unjudged, since a list shows no flag. A list with a
// limit reads the runs of games it lists, and a few ahead, not the file.
func (a *App) ListGames(ctx context.Context, f GamesFilter, fn func(Listed) error) error {
	if err := f.Check(); err != nil {
		return err
	}
	listed := 0
	err := walkSummaries(ctx, a, Walk{After: f.After, Before: f.Before, Newest: !f.Oldest}, func(s summary) error {
		if !f.takes(s.Listed) {
			return nil
		}
		if err := fn(s.Listed); err != nil {
			return err
		}
		if listed++; f.Limit > 0 && listed == f.Limit {
			return errListFull
		}
		return nil
	})
	if errors.Is(err, errListFull) {
		return nil
	}
	return err
}

// errListFull stops a list's walk at its limit.
var errListFull = errors.New("the list is full")

func listedOf(g *play.Game) Listed { return listedFrom(g, g.Sheet()) }

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
