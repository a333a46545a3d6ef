package table

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee/tournament"
	"github.com/tableside/tableside/scoring/season"
	"github.com/tableside/tableside/table/internal/store"
)

// summaryVersion names what a summary holds and what the engines said when it was made: a
// summary of another version is never taken, so the games are replayed (and their summaries
// made again) once a change to either ships. TestSummariesMoveWithTheEngines holds it to a
// digest of the summaries of seeded games of every kind, which fails when a replay says
// something else and the version was left as it was.
const summaryVersion = "1"

// summary is what the store keeps of a game's replay (store.Summary's body, docs/design.md):
// what the list of games, the statistics and the pages need of a game, so that a list reads a
// row a game rather than a replay. Never trusted over the log: the store hands it back only
// while the event it was made from is the game's last.
type summary struct {
	Listed Listed `json:"listed"`
	// Result is the game's result as a tournament's standings count it (tournament.ResultOf),
	// its round left out; Unconfirmed says that a game a tournament's round made has scored
	// rounds nobody has confirmed (L9).
	Result      *tournament.Result `json:"result,omitempty"`
	Unconfirmed bool               `json:"unconfirmed,omitempty"`
	// Flags are the open flags by the player whose event raised them ("" the table) and rule.
	// A tournament's own log has none here: judging its pairings is check's (judgements.go).
	Flags map[string]map[string]int `json:"flags,omitempty"`
	// Finished and Abandoned are the statistics' reading of the end; Counted is the game as the
	// season counts it once finished (seasonGame).
	Finished  bool         `json:"finished,omitempty"`
	Abandoned bool         `json:"abandoned,omitempty"`
	Counted   *season.Game `json:"counted,omitempty"`
}

// summaryOf is g's summary.
func summaryOf(g *play.Game) summary {
	// The scores are worked out once for all the summary holds, a summary being made at every
	// append; with the game's teams, which place a party as one side, as its sheet has them, but
	// not the sheet's record, whose check of the whole chain the summary does not need.
	scores := g.Scores()
	scores.Teams = g.Setup().Teams
	s := summary{Listed: listedFrom(g, scores)}
	if g.IsTournament() {
		return s
	}
	result := tournament.ResultOf(0, scores)
	s.Result = &result
	if g.Setup().Round > 0 { // only a tournament's round waits for its games' confirmations
		s.Unconfirmed = len(g.Waiting()) > 0
	}
	for _, f := range g.Flags() {
		if !f.Open() {
			continue
		}
		by := ""
		if e, ok := g.EventAt(f.Seq); ok {
			by = e.Actor
		}
		if s.Flags == nil {
			s.Flags = map[string]map[string]int{}
		}
		if s.Flags[by] == nil {
			s.Flags[by] = map[string]int{}
		}
		s.Flags[by][f.Rule]++
	}
	sg := seasonGameFrom(g, scores)
	s.Finished, s.Abandoned = sg.finished, sg.abandoned
	if sg.finished {
		s.Counted = &sg.game
	}
	return s
}

// seasonGame is the game as the statistics count it, read from its summary.
func (s summary) seasonGame() seasonGame {
	l := s.Listed
	if l.Kind == tournament.Kind {
		return seasonGame{}
	}
	sg := seasonGame{selected: true, id: l.ID, kind: l.Kind, match: l.Match, night: l.Date, finished: s.Finished, abandoned: s.Abandoned}
	if s.Counted != nil {
		sg.game = *s.Counted
	}
	return sg
}

// stored is s as the store keeps it.
func (s summary) stored() store.Summary {
	body, err := json.Marshal(s)
	if err != nil {
		// A summary is maps, strings and numbers: it always encodes.
		panic(fmt.Sprintf("summary of game %d: %v", s.Listed.ID, err))
	}
	return store.Summary{Version: summaryVersion, Body: body}
}

// storedSummary is the summary the store keeps beside g's log once g's last event is stored.
func storedSummary(g *play.Game) store.Summary { return summaryOf(g).stored() }

// walkSummaries hands fn the summary of every game, in the order they were created, as
// walkGames does on w's workers: each run of games is read from its summaries (summariesIn),
// and the summaries of the games replayed are written when the walk is done.
func walkSummaries(ctx context.Context, a *App, w Walk, fn func(summary) error) error {
	var mu sync.Mutex // made is filled by the workers
	var made []store.Summarized
	err := walkRuns(ctx, a, w, func(ctx context.Context, from, to int64, emit func(summary) error) error {
		got, err := a.summariesIn(ctx, from, to, func(s store.Summarized) {
			mu.Lock()
			made = append(made, s)
			mu.Unlock()
		})
		if err != nil {
			return err
		}
		for _, s := range got {
			if err := emit(s); err != nil {
				return err
			}
		}
		return nil
	}, fn)
	// Written whether the walk ran to the end or was stopped (a list's limit, an error): what
	// was replayed is right either way.
	a.writeSummaries(context.WithoutCancel(ctx), made)
	return err
}

// summaries is the summary of each of the games ids, as walkSummaries reads them: a run of
// consecutive ids a query (a round's games are made together).
func (a *App) summaries(ctx context.Context, ids []int64) (map[int64]summary, error) {
	out := make(map[int64]summary, len(ids))
	var made []store.Summarized
	err := eachRun(slices.Sorted(slices.Values(ids)), func(from, to int64) error {
		got, err := a.summariesIn(ctx, from, to, func(s store.Summarized) { made = append(made, s) })
		for _, s := range got {
			out[s.Listed.ID] = s
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	a.writeSummaries(ctx, made)
	return out, nil
}

// summariesIn is the summary of every game from from to before to, in order, read from the
// summaries the store keeps: only the games without a current one (none, stale, edited, of
// another version) are read and replayed, and made hands over their summaries to be written
// (writeSummaries), so that the next read takes them.
func (a *App) summariesIn(ctx context.Context, from, to int64, made func(store.Summarized)) ([]summary, error) {
	var missing []int64
	var got []summary
	err := a.store.Summaries(ctx, summaryVersion, from, to-1, func(game int64, body []byte) error {
		var s summary
		if body == nil || json.Unmarshal(body, &s) != nil || s.Listed.ID != game {
			missing = append(missing, game)
			s = summary{Listed: Listed{ID: game}}
		}
		got = append(got, s)
		return nil
	})
	if err != nil {
		return nil, err
	}
	replayed := map[int64]summary{}
	err = eachRun(missing, func(from, to int64) error {
		return a.store.ScanGames(ctx, from, to, true, func(log []events.Event) error {
			g, err := replayShown(log[0].Game, log)
			if err != nil {
				return err
			}
			s := summaryOf(g)
			replayed[g.ID()] = s
			last := log[len(log)-1]
			made(store.Summarized{Game: last.Game, Seq: last.Seq, Hash: last.Hash, Summary: s.stored()})
			return nil
		})
	})
	if err != nil {
		return nil, err
	}
	out := got[:0]
	for _, s := range got {
		if r, ok := replayed[s.Listed.ID]; ok {
			s = r
		} else if slices.Contains(missing, s.Listed.ID) {
			continue // a games row without events, which verify names, lists nothing, as in a walk of the logs
		}
		out = append(out, s)
	}
	return out, nil
}

// writeSummaries writes the summaries made by a read, best effort: what was read is right
// either way, and a file that cannot be written (opened read-only, a role without the grant)
// is read all the same.
func (a *App) writeSummaries(ctx context.Context, made []store.Summarized) {
	if len(made) > 0 {
		_, _ = a.store.Summarize(ctx, made)
	}
}

// eachRun calls fn with each run of consecutive ids of sorted, from its first to after its
// last.
func eachRun(sorted []int64, fn func(from, to int64) error) error {
	for i := 0; i < len(sorted); {
		j := i + 1
		for j < len(sorted) && sorted[j] == sorted[j-1]+1 {
			j++
		}
		if err := fn(sorted[i], sorted[j-1]+1); err != nil {
			return err
		}
		i = j
	}
	return nil
}

// seated is a tournament's game as its rounds and standings read it (tournamentGames): what
// its summary keeps, or what the game says where it is at hand.
type seated struct {
	id          int64
	over        bool // over or abandoned
	unconfirmed bool
	flags       int               // the flags still open
	started     bool              // a move made after its creation
	result      tournament.Result // its round unset
}

// seatedOf is g as a tournament's reads take it.
func seatedOf(g *play.Game) *seated { return summaryOf(g).seated() }

// seated is the game s summarizes as a tournament's reads take it.
func (s summary) seated() *seated {
	st := &seated{id: s.Listed.ID, over: s.Listed.State != StateInProgress, unconfirmed: s.Unconfirmed, started: s.Listed.Events > 1}
	for _, byRule := range s.Flags {
		for _, n := range byRule {
			st.flags += n
		}
	}
	if s.Result != nil {
		st.result = *s.Result
	}
	return st
}

// resultIn is the game's result as the standings count it, in round.
func (st *seated) resultIn(round int) tournament.Result {
	r := st.result
	r.Round = round
	return r
}

// EachGame replays every game, in the order they were created, and hands each to fn in that
// order, with how the summary the store keeps as current differs from what the replay says
// (wrong; "" when it does not, or no read would take it: stale, or of another version), as
// `check --all` reports it. Up to w.Workers workers each read a run of games (their own read of
// the file, in one query) and replay them, while fn takes the finished runs in order: the walk
// holds a few runs at a time however large the file, and fn sees exactly what a one-core walk
// gives it. fn is called from one goroutine at a time.
func (a *App) EachGame(ctx context.Context, w Walk, fn func(g *play.Game, wrong string) error) error {
	type checked struct {
		g     *play.Game
		wrong string
	}
	return walkRuns(ctx, a, w, func(ctx context.Context, from, to int64, emit func(checked) error) error {
		kept := map[int64][]byte{}
		if err := a.store.Summaries(ctx, summaryVersion, from, to-1, func(game int64, body []byte) error {
			if body != nil {
				kept[game] = body
			}
			return nil
		}); err != nil {
			return err
		}
		return a.store.ScanGames(ctx, from, to, w.Hashes, func(log []events.Event) error {
			g, err := a.replay(log[0].Game, log)
			if err != nil {
				return err
			}
			c := checked{g: g}
			if body, ok := kept[g.ID()]; ok {
				c.wrong = summaryDiffers(body, summaryOf(g))
			}
			return emit(c)
		})
	}, func(c checked) error { return fn(c.g, c.wrong) })
}

// summaryDiffers says how a kept summary's body differs from the summary replayed, "" when it
// does not.
func summaryDiffers(body []byte, replayed summary) string {
	want := replayed.stored().Body
	if string(body) == string(want) {
		return ""
	}
	var kept summary
	if err := json.Unmarshal(body, &kept); err != nil {
		return fmt.Sprintf("the summary kept beside its log is not one tableside writes (%v)", err)
	}
	say := func(s summary) string {
		l := s.Listed
		return fmt.Sprintf("%s, winners %v, totals %v, %d events", l.State, l.Winners, l.Totals, l.Events)
	}
	return fmt.Sprintf("the summary kept beside its log says %s where its replay says %s: lists would show it wrongly; "+
		"`tableside summarize` makes it again", say(kept), say(replayed))
}

// Resummarize makes every game's summary again from its replay and writes it, whatever the
// store keeps: what `tableside summarize` runs once check --all names a summary that differs
// from its replay, or after an engine's fix. step is called once a game. It reports how many
// summaries it wrote; a game recorded in during the walk keeps the one its append wrote.
func (a *App) Resummarize(ctx context.Context, w Walk, step func()) (int, error) {
	w.Hashes = true
	written := 0
	var batch []store.Summarized
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		n, err := a.store.Summarize(ctx, batch)
		written, batch = written+n, batch[:0]
		return err
	}
	err := walkGames(ctx, a, w, func(log []events.Event) (store.Summarized, error) {
		g, err := replayShown(log[0].Game, log)
		if err != nil {
			return store.Summarized{}, err
		}
		last := log[len(log)-1]
		return store.Summarized{Game: last.Game, Seq: last.Seq, Hash: last.Hash, Summary: storedSummary(g)}, nil
	}, func(s store.Summarized) error {
		step()
		if batch = append(batch, s); len(batch) >= resummarizeBatch {
			return flush()
		}
		return nil
	})
	if err != nil {
		return written, err
	}
	return written, flush()
}

// resummarizeBatch is how many summaries one transaction of Resummarize writes.
const resummarizeBatch = 500
