package table

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/scoring"
	"github.com/tableside/tableside/scoring/season"
)

// StatsFilter chooses the games `stats` counts, and the player it reports on. Since and Until
// are days, YYYY-MM-DD, both counted.
type StatsFilter struct {
	Kind, Match  string
	Since, Until string
	// Player keeps that player's rows alone; every game is still counted, for the ratings.
	Player string
}

// FieldPlayer names the player a statistic is asked for.
const FieldPlayer = "player"

// check refuses a filter that can select nothing for a reason the user can fix.
func (f StatsFilter) check() error {
	if f.Kind != "" {
		if _, err := engineOf(f.Kind); err != nil {
			return &play.Error{Code: play.Invalid, Field: FieldKind, Message: err.Error()}
		}
	}
	for _, d := range []struct{ field, day string }{{"since", f.Since}, {"until", f.Until}} {
		if d.day == "" {
			continue
		}
		if _, err := time.Parse(dateLayout, d.day); err != nil {
			return &play.Error{Code: play.Invalid, Field: d.field, Message: fmt.Sprintf("%s %q: write the day as YYYY-MM-DD", d.field, d.day)}
		}
	}
	if f.Since != "" && f.Until != "" && f.Until < f.Since {
		return &play.Error{Code: play.Invalid, Field: "until", Message: fmt.Sprintf("until %s is before since %s: no game can be between them", f.Until, f.Since)}
	}
	return nil
}

// selects reports whether the filter counts a game of kind in match, played on night.
func (f StatsFilter) selects(kind, match, night string) bool {
	return (f.Kind == "" || kind == f.Kind) && (f.Match == "" || match == f.Match) &&
		(f.Since == "" || night >= f.Since) && (f.Until == "" || night <= f.Until)
}

// nightOf is the day a game was played: its date, or for a game created before dates were kept,
// the day (UTC, the same on every machine) its first event was stored.
func nightOf(c events.Created, first events.Event) string {
	if c.Date != "" {
		return c.Date
	}
	return time.UnixMilli(first.At).UTC().Format(dateLayout)
}

// digestOf is a digest of a log that names no game number: the SHA-256 of every event's Seq,
// Type, Actor, Payload and At, laid out as events.Hash lays them out. It orders the games of a
// night begun in the same millisecond (season.Season) the same way whatever their numbers, so
// in every file they are imported into.
func digestOf(log []events.Event) uint64 {
	h := sha256.New()
	var b []byte
	field := func(f []byte) {
		b = binary.BigEndian.AppendUint64(b, uint64(len(f)))
		b = append(b, f...)
	}
	for _, e := range log {
		b = binary.BigEndian.AppendUint64(b[:0], uint64(e.Seq))
		field([]byte(e.Type))
		field([]byte(e.Actor))
		field(e.Payload)
		b = binary.BigEndian.AppendUint64(b, uint64(e.At))
		h.Write(b)
	}
	return binary.BigEndian.Uint64(h.Sum(nil))
}

// methodOf rates the kinds only two play with Glicko-2, the others with Weng–Lin.
func methodOf(kind string) season.Method {
	if r, err := engineOf(kind); err == nil {
		if _, most := r.Players(); most == 2 {
			return season.Glicko2
		}
	}
	return season.WengLin
}

// seasonGame is what the statistics take of one game: where it was played, and the game as
// season counts it once it is over. A walk's game that the filter leaves out is not replayed,
// and is the zero seasonGame, not selected.
type seasonGame struct {
	selected            bool
	id                  int64
	kind, match, night  string
	finished, abandoned bool
	game                season.Game
}

// count counts sg into s when f chooses it: finished, or left out and said to be.
func (sg seasonGame) count(s *season.Season, f StatsFilter) {
	switch {
	case !sg.selected || !f.selects(sg.kind, sg.match, sg.night):
	case sg.finished:
		s.Add(sg.game)
	default:
		s.LeaveOut(sg.abandoned)
	}
}

// Stats reads every game's summary (walkSummaries: a game without a current one is replayed,
// on w's workers) and gives the statistics of the games f selects. Each game is rated in the night it
// was played, whatever the order the games were entered in (season.Season), which keeps about a
// hundred bytes of every game counted until the report. step, when not nil, is called once a
// game, for a progress bar.
func (a *App) Stats(ctx context.Context, f StatsFilter, w Walk, step func()) (season.Report, error) {
	if err := a.checkStats(ctx, f); err != nil {
		return season.Report{}, err
	}
	s := season.New(methodOf)
	err := walkSummaries(ctx, a, w, func(sum summary) error {
		if step != nil {
			step()
		}
		sum.seasonGame().count(s, f)
		return nil
	})
	if err != nil {
		return season.Report{}, err
	}
	return reported(s, f)
}

// checkStats refuses a filter that can choose nothing, naming what is wrong: a kind this
// tableside does not know, a day it cannot read, a match nobody played.
func (a *App) checkStats(ctx context.Context, f StatsFilter) error {
	if err := f.check(); err != nil {
		return err
	}
	if f.Match == "" {
		return nil
	}
	infos, err := a.store.MatchGames(ctx, f.Match)
	if err != nil {
		return err
	}
	if len(infos) == 0 {
		return a.noMatch(ctx, f.Match)
	}
	return nil
}

// reported is the season's report, its kinds named, or f.Player's part of it.
func reported(s *season.Season, f StatsFilter) (season.Report, error) {
	r := s.Report()
	for i, k := range r.Kinds {
		if rules, err := engineOf(k.Kind); err == nil {
			r.Kinds[i].Title = rules.Name()
		}
	}
	if f.Player == "" {
		return r, nil
	}
	return StatsOf(r, f.Player)
}

// Tally keeps each game's part of the statistics between counts, for a face that counts them
// again and again (the server): counting again reads only the summaries of the games whose
// logs end elsewhere since (grown, or rewritten: a log's last hash covers every event before
// it), so that a club night's moves cost a few rows, not a walk of the file. Unlike a walk it
// holds a little of every game (a few hundred bytes), so its memory grows with the file.
// One caller at a time.
type Tally struct {
	games map[int64]tallied
	// reads counts the games read again, all counts together.
	reads int
}

// tallied is a game as last counted: where its log ended then (its last event and that
// event's hash), and its part.
type tallied struct {
	end events.Head
	seasonGame
}

// retallyShare is the share of the file's games that, when that many have changed, are read by
// a walk of the file (every core, a query a run of games) rather than as a list of ids.
const retallyShare = 4

// TalliedStats is Stats counted from t, which it brings up to date first: a game whose log
// ends elsewhere than when it was counted is read again from its summary (replayed when it has
// no current one), the others are taken as t holds them.
func (a *App) TalliedStats(ctx context.Context, t *Tally, f StatsFilter) (season.Report, error) {
	if err := a.checkStats(ctx, f); err != nil {
		return season.Report{}, err
	}
	ends, err := a.store.Ends(ctx)
	if err != nil {
		return season.Report{}, err
	}
	if t.games == nil {
		t.games = map[int64]tallied{}
	}
	end := make(map[int64]events.Head, len(ends))
	var changed []int64
	for _, h := range ends {
		end[h.Game] = h
		if t.games[h.Game].end != h {
			changed = append(changed, h.Game)
		}
	}
	// A summary read after Ends may be of a later event than end says: the next count finds
	// the log moved on and reads it again.
	read := func(s summary) error {
		id := s.Listed.ID
		t.games[id], t.reads = tallied{end[id], s.seasonGame()}, t.reads+1
		return nil
	}
	if len(changed) > len(ends)/retallyShare {
		err = walkSummaries(ctx, a, Walk{}, read)
	} else {
		var sums map[int64]summary
		if sums, err = a.summaries(ctx, changed); err == nil {
			for _, id := range changed {
				if s, ok := sums[id]; ok {
					_ = read(s)
				}
			}
		}
	}
	if err != nil {
		return season.Report{}, err
	}
	s := season.New(methodOf)
	for _, h := range ends {
		t.games[h.Game].count(s, f)
	}
	return reported(s, f)
}

// StatsOf is one player's part of a report (season.Report.Of), or an error naming the player
// when they finished none of its games, with a guess at the name meant.
func StatsOf(r season.Report, name string) (season.Report, error) {
	if of := r.Of(name); len(of.Kinds) > 0 {
		return of, nil
	}
	var names []string
	for _, k := range r.Kinds {
		for _, p := range k.Ladder {
			if !slices.Contains(names, p.Player) {
				names = append(names, p.Player)
			}
		}
	}
	e := &play.Error{Code: play.NotFound, Field: FieldPlayer, Message: fmt.Sprintf("%s finished none of the games counted", name)}
	if guess := referee.DidYouMean(name, names); guess != "" {
		e.Hint = strings.TrimPrefix(guess, "; ")
	}
	return season.Report{}, e
}

// seasonGameFrom is the game g as the statistics count it, its scores, s, worked out already.
func seasonGameFrom(g *play.Game, s *scoring.Sheet) seasonGame {
	if g.IsTournament() {
		return seasonGame{} // a tournament's own log is no game: its games count as they are
	}
	setup := g.Setup()
	sg := seasonGame{selected: true, id: g.ID(), kind: setup.Kind, match: setup.Match, night: nightOf(setup, g.First()),
		finished: s.Finished && !s.Abandoned, abandoned: s.Abandoned}
	if !sg.finished {
		return sg
	}
	sg.game = season.Game{ID: g.ID(), Kind: sg.kind, Night: sg.night, Begun: g.First().At, Digest: digestOf(g.Log()), Match: sg.match,
		Players: setup.Players, Teams: setup.Teams, Totals: s.Totals, Winners: s.Winners, Draw: s.Draw, Flagged: len(g.Flags()) > 0}
	// A move's own flags, raised where it stood, are what a refusal would have said: a move that
	// has any but a warning was recorded over the referee's refusal.
	own := map[int64][]referee.Flag{}
	for _, f := range g.Flags() {
		if e, ok := g.EventAt(f.Seq); ok && slices.Contains(setup.Players, e.Actor) {
			sg.game.Drawn = append(sg.game.Drawn, season.Drawn{Player: e.Actor, Rule: f.Rule})
		}
		if f.RevealedBy == 0 {
			own[f.Seq] = append(own[f.Seq], f)
		}
	}
	for _, flags := range own {
		sg.game.Forced = sg.game.Forced || referee.Refuses(flags)
	}
	return sg
}
