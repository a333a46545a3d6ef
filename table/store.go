package table

import (
	"cmp"
	"context"
	_ "embed"
	"fmt"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
)

// Listed is a game as `games` lists it: a public JSON contract (docs/json.md).
type Listed struct {
	ID        int64    `json:"id"`
	Kind      string   `json:"kind"`
	Players   []string `json:"players"`
	Match     string   `json:"match,omitempty"`
	Date      string   `json:"date"` // the day the game was played, as stats reads it (nightOf)
	Events    int      `json:"events"`
	CreatedAt int64    `json:"created_at"`
	LastAt    int64    `json:"last_at"`
	State     string   `json:"state"`   // StateInProgress, StateOver or StateAbandoned
	Winners   []string `json:"winners"` // once over: who won, [] for a draw
	// Totals are each player's points so far, adjustments included.
	Totals map[string]int `json:"totals"`
}

// The states of a game.
const (
	StateInProgress = "in progress"
	StateOver       = "over"
	StateAbandoned  = "abandoned"
)

// Games hands fn each game as `games` lists it, in the order they were created, each replayed
// for its state (a walk of the file: see EachGame).
func (a *App) Games(ctx context.Context, fn func(Listed) error) error {
	return a.EachGame(ctx, Walk{}, func(g *Game) error { return fn(g.listed()) })
}

func (g *Game) listed() Listed {
	first, last := g.Log[0], g.Log[len(g.Log)-1]
	s := g.Sheet()
	l := Listed{ID: g.ID, Kind: g.Setup.Kind, Players: g.Setup.Players, Match: g.Setup.Match, Date: nightOf(g.Setup, first),
		Events: len(g.Log), CreatedAt: first.At, LastAt: last.At, State: StateInProgress, Winners: []string{}, Totals: s.Totals}
	switch {
	case s.Abandoned:
		l.State = StateAbandoned
	case g.Game.Over():
		l.State, l.Winners = StateOver, s.Winners
	}
	return l
}

// GameIDs lists every game's id in order, reading the games table only: no game is replayed
// and no event read.
func (a *App) GameIDs(ctx context.Context) ([]int64, error) { return a.store.GameIDs(ctx) }

// Walk says how EachGame walks the file.
type Walk struct {
	// Workers is how many games are replayed at once: 0 for one per core.
	Workers int
	// Hashes reads each event's hash; without it Event.Hash is "" (a replay does not need it).
	Hashes bool
}

// EachGame replays every game, in the order they were created, and hands each to fn in that
// order. Up to w.Workers workers each read a run of games (their own read of the file, in one
// query) and replay them, while fn takes the finished runs in order: the walk holds a few runs
// at a time however large the file, and fn sees exactly what a one-core walk gives it. fn is
// called from one goroutine at a time.
func (a *App) EachGame(ctx context.Context, w Walk, fn func(*Game) error) error {
	return walkGames(ctx, a, w, func(log []events.Event) (*Game, error) { return replay(log[0].Game, log) }, fn)
}

// walkGames is EachGame for any work on a game's log: work runs on the workers, fn in file
// order on one goroutine.
func walkGames[T any](ctx context.Context, a *App, w Walk, work func([]events.Event) (T, error), fn func(T) error) error {
	workers := w.Workers
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	lo, hi, err := a.store.GameSpan(ctx)
	if err != nil || hi == 0 {
		return err
	}
	defer lessGC()()
	type run struct {
		done []T
		err  error
	}
	type job struct {
		from, to int64
		done     chan run
	}
	grp, ctx := errgroup.WithContext(ctx)
	jobs := make(chan job)
	// Each run's result, in file order; its capacity bounds the runs read but not yet handed
	// to fn.
	order := make(chan chan run, workers)
	grp.Go(func() error {
		defer close(order)
		defer close(jobs)
		for from := lo; from <= hi; from += runGames {
			j := job{from, min(from+runGames, hi+1), make(chan run, 1)}
			select {
			case order <- j.done:
			case <-ctx.Done():
				return ctx.Err()
			}
			select {
			case jobs <- j:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		return nil
	})
	for range workers {
		grp.Go(func() error {
			for j := range jobs {
				var r run
				r.err = a.store.ScanGames(ctx, j.from, j.to, w.Hashes, func(log []events.Event) error {
					t, err := work(log)
					if err == nil {
						r.done = append(r.done, t)
					}
					return err
				})
				j.done <- r
			}
			return nil
		})
	}
	grp.Go(func() error {
		for done := range order {
			select {
			case r := <-done:
				// The games before a failure are handed on, as a walk on one core would.
				for _, t := range r.done {
					if err := fn(t); err != nil {
						return err
					}
				}
				if r.err != nil {
					return r.err
				}
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		return nil
	})
	return grp.Wait()
}

// walkGC is the garbage collector's GOGC during a walk.
const walkGC = 400

// walking counts the walks under way, and before is the GOGC they found: a server may walk
// the file for two requests at once, and the last walk to end, not the first, puts it back.
var (
	walkingMu sync.Mutex
	walking   int
	before    int
)

// lessGC sets GOGC to walkGC until the returned function is called. A walk keeps little and
// throws away much: collecting garbage a quarter as often costs a few megabytes and saves about
// a third of the time.
func lessGC() (restore func()) {
	walkingMu.Lock()
	defer walkingMu.Unlock()
	if walking == 0 {
		before = debug.SetGCPercent(walkGC)
	}
	walking++
	return func() {
		walkingMu.Lock()
		defer walkingMu.Unlock()
		if walking--; walking == 0 {
			debug.SetGCPercent(before)
		}
	}
}

// runGames is how many game ids a worker of EachGame reads at once: enough that a query's cost
// is spread over many games, few enough that the runs in hand stay small.
const runGames = 32

// Verified is what a walk of every hash chain found.
type Verified struct {
	Broken []events.Broken
	Games  int
	Events int
	// Seal is the file's seal now (events.FileSeal).
	Seal events.Seal
}

// Verify checks the whole file: what store.VerifyFile checks, and every game's hash chain,
// walked on every core. done, when not nil, is called as each game's walk is taken in.
func (a *App) Verify(ctx context.Context, done func()) (*Verified, error) {
	return a.verify(ctx, 0, done)
}

// verify is Verify on the given number of workers (0 for one per core).
func (a *App) verify(ctx context.Context, workers int, done func()) (*Verified, error) {
	broken, err := a.store.VerifyFile(ctx)
	if err != nil {
		return nil, err
	}
	err = walkGames(ctx, a, Walk{Workers: workers, Hashes: true}, func(log []events.Event) (*events.Broken, error) {
		return events.CheckChain(log), nil
	}, func(b *events.Broken) error {
		if b != nil {
			broken = append(broken, *b)
		}
		if done != nil {
			done()
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("verify: %w", err)
	}
	events.SortFindings(broken)
	v := &Verified{Broken: broken}
	if v.Games, err = a.store.CountGames(ctx); err != nil {
		return nil, err
	}
	if v.Events, err = a.store.CountEvents(ctx); err != nil {
		return nil, err
	}
	if v.Seal, err = a.FileSeal(ctx); err != nil {
		return nil, err
	}
	return v, nil
}

// demoTranscript is a complete twelve-seat game of Candidate, dealt and bid at random by the
// playout generator with a fixed seed (TestDemoTranscript keeps it so).
//
//go:embed demo/candidate.txt
var demoTranscript string

// Demo records the bundled complete game of Candidate.
func (a *App) Demo(ctx context.Context) (*Imported, error) {
	return a.Import(ctx, []byte(demoTranscript))
}

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

// Standing is one player's line in a match.
type Standing struct {
	Player string `json:"player"`
	Rank   int    `json:"rank"` // equal points share a rank
	Points int    `json:"points"`
	Wins   int    `json:"wins"`
	Games  int    `json:"games"`
}

// MatchGame is one game's part in a match.
type MatchGame struct {
	Game     int64          `json:"game"`
	Finished bool           `json:"finished"`
	Totals   map[string]int `json:"totals"`
	Winners  []string       `json:"winners"`
}

// Standings is a match's table: each player's points summed over its games.
type Standings struct {
	Match     string      `json:"match"`
	Kind      string      `json:"kind"`
	Games     int         `json:"games"`
	Standings []Standing  `json:"standings"`
	Leaders   []string    `json:"leaders"` // everyone at rank 1
	Played    []MatchGame `json:"played"`
	// Length is how many games the match holds when its rules fix it (a party match of Article
	// II is four, E8), with the ruling; Complete is set once it holds them all.
	Length   int    `json:"length,omitempty"`
	Rule     string `json:"rule,omitempty"`
	Complete bool   `json:"complete,omitempty"`
	// Others are games filed under the match's name with another kind (older databases allowed
	// it); they are not counted.
	Others []int64 `json:"others,omitempty"`
}

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
		if ml, ok := g.Rules.(referee.MatchLength); ok && s.Length == 0 {
			s.Length, s.Rule = ml.MatchGames(g.Setup)
		}
		sheet := g.Sheet()
		s.Played = append(s.Played, MatchGame{g.ID, sheet.Finished, sheet.Totals, sheet.Winners})
		for _, p := range g.Setup.Players {
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
	e := &Error{Code: NotFound, Message: fmt.Sprintf("no games in match %q", name),
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

// CountGames is the number of games in the file, for a walk's progress.
func (a *App) CountGames(ctx context.Context) (int, error) { return a.store.CountGames(ctx) }
