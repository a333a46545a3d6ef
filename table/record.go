package table

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/internal/tail"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/tournament"
	"github.com/tableside/tableside/table/internal/store"
)

// retries bounds how often an entry is judged again when other terminals keep recording first.
const retries = 20

// judged is an entry judged against a game: the event to append, and the outcome the log has
// with it.
type judged struct {
	event events.Event
	next  *referee.Outcome
}

// with is the game once j's event is in its log.
func (g *Game) with(j judged) *Game {
	log, grown := tail.Append(g.Log, g.logTail, j.event)
	next := newGame(g.ID, g.rules, log, j.next)
	next.logTail = grown
	next.chain.before = g.chain
	return next
}

// commit appends what judge makes of g. When another terminal recorded first, it judges the
// entry again against the newer record and tries again — unless strict, when that is a
// Conflict — so whatever is appended was judged against the log it follows. It returns the
// game the entry was last judged against, the game with it, the event as stored, and how
// often it was judged again.
func (a *App) commit(ctx context.Context, g *Game, strict bool, judge func(*Game) (judged, error)) (before, after *Game, stored events.Event, rejudged int, err error) {
	for ; ; rejudged++ {
		j, err := judge(g)
		if err != nil {
			var e *Error
			if errors.As(err, &e) {
				e.Rejudged = rejudged
			}
			return nil, nil, stored, rejudged, err
		}
		evs, err := a.store.Append(ctx, g.ID, g.Last, []events.Event{j.event})
		if errors.Is(err, store.ErrConflict) {
			fresh, ferr := a.Game(ctx, g.ID)
			if ferr != nil {
				return nil, nil, stored, rejudged, ferr
			}
			if !strict && rejudged < retries {
				g = fresh
				continue
			}
			return nil, nil, stored, rejudged, conflict(fresh, g.Last, rejudged)
		}
		if err != nil {
			return nil, nil, stored, rejudged, err
		}
		j.event = evs[0]
		after := g.with(j)
		a.kept.keep(after)
		return g, after, evs[0], rejudged, nil
	}
}

// conflict is the error for an entry made against a view of the game that ended at event saw,
// when the log has moved on to g.
func conflict(g *Game, saw int64, rejudged int) *Error {
	return &Error{Code: Conflict, Game: g, Rejudged: rejudged, Err: store.ErrConflict,
		Message: fmt.Sprintf("%v: the log ends at event %d, not %d; nothing was recorded", store.ErrConflict, g.Last, saw)}
}

// closed refuses a move in a game that is over or abandoned, unless it is forced.
func closed(g *Game, opt RecordOptions) *Error {
	switch {
	case opt.Force:
	case g.Abandoned != 0:
		return &Error{Code: Over, Game: g, Message: fmt.Sprintf("game %d was abandoned at event %d; nothing was recorded", g.ID, g.Abandoned),
			Hint: fmt.Sprintf("void the abandon (event %d) to take the game up again", g.Abandoned)}
	case g.Over():
		// The engine's own words for the end, the rule cited, as it would flag the move itself:
		// every face (the command line, the API, the phone) shows this message.
		rule, why := g.outcome.Game.End()
		return &Error{Code: Over, Game: g, Message: fmt.Sprintf("%s %d is over — rule %s: %s; nothing was recorded", logNoun(g), g.ID, rule, why)}
	}
	return nil
}

// logNoun is what a log is called when it is named by its number: a tournament, or a game.
func logNoun(g *Game) string {
	if g.IsTournament() {
		return "tournament"
	}
	return "game"
}

// take is the one rule by which the referee takes a move, e, as the event after g's log: a move
// in a game that is over or abandoned, or whose own flags refuse it, is refused unless forced;
// a warning passes and is shown. It returns the judgement and the flags the move raised.
func (g *Game) take(e events.Event, opt RecordOptions) (judged, []Flag, error) {
	if err := closed(g, opt); err != nil {
		return judged{}, nil, err
	}
	next, flags := g.outcome.Try(e)
	if own := referee.Own(flags, e.Seq); referee.Refuses(own) && !opt.Force {
		return judged{}, nil, refused(g, own, "legal now: "+g.Hint())
	}
	return judged{e, next}, flags, nil
}

// RecordOptions say how to record a move.
type RecordOptions struct {
	// Force records a move that breaks a rule, flagged: it happened at the table.
	Force bool
	// Expect, when not 0, is the last event the caller saw: if the log has moved on, nothing is
	// recorded and the error is a Conflict. When 0, a move that loses the race to another
	// terminal is judged again against the newer record, made by the same player.
	Expect int64
	// PlayedAt, when not 0, is when the move was played (Unix ms), where it is recorded later:
	// a phone's move kept while the network was gone. The event is stamped when it is stored,
	// as ever, and its payload keeps the time played (played.go).
	PlayedAt int64
}

// Recorded is what recording a move did.
type Recorded struct {
	Event events.Event
	// Flags are the flags the move raised: on itself (a forced move), or on earlier events it
	// proved wrong.
	Flags []referee.Flag
	// Game is the game with the move; Before, the game it was judged against.
	Game, Before *Game
	// Rejudged counts how often it was judged again because another terminal recorded first.
	Rejudged int
}

// Own are the flags the move raised on itself.
func (r *Recorded) Own() []referee.Flag { return referee.Own(r.Flags, r.Event.Seq) }

// Record reads a move typed at the table against g — the game as the typist saw it, which
// says who "bid 9" is by and what suit it is — judges it and appends it. A move that breaks a
// rule is refused with its flags unless forced. If another terminal recorded first, the move
// as read is judged again against the newer record: it keeps its author, so a move made for
// the player who was to act is refused, not given to whoever is to act now.
func (a *App) Record(ctx context.Context, g *Game, words []string, opt RecordOptions) (*Recorded, error) {
	// A stale view is told so first: its words may mean nothing in the game as it now stands.
	if opt.Expect != 0 && opt.Expect != g.Last {
		return nil, conflict(g, opt.Expect, 0)
	}
	m, err := g.read(words, opt.Force)
	if err != nil {
		return nil, err
	}
	if err := g.checkPlayed(opt.PlayedAt, a.now()); err != nil {
		return nil, err
	}
	if opt.PlayedAt != 0 {
		m.Payload = withPlayed(m.Payload, opt.PlayedAt)
	}
	rec, err := a.record(ctx, g, m, opt)
	if err == nil && m.Type == tournament.TypeSeat && rec.Game.IsTournament() {
		// A round seated by hand has its games at once, as a pairing has (T9).
		err = a.seatGames(ctx, rec.Game)
	}
	return rec, err
}

// read reads words typed at the table as a move in g. A game that takes no more moves says so
// first, unless the move is forced: the words may mean nothing in it ("no auction is open").
func (g *Game) read(words []string, force bool) (referee.Move, error) {
	if err := closed(g, RecordOptions{Force: force}); err != nil {
		return referee.Move{}, err
	}
	m, err := g.outcome.Game.Parse(words)
	if err != nil {
		return m, invalid(err, g.Hint(), "%v", err)
	}
	return m, nil
}

// Judge is what recording words at g's end would do, by the same rule as Record, stored
// nowhere: the move as the event after g's log, stamped at (Unix ms), the flags it raised, and
// the game with it; or the refusal Record would give. A phone judges with it where the server
// is out of reach, and again on top of the server's events when they come.
func (g *Game) Judge(words []string, force bool, at int64) (*Recorded, error) {
	m, err := g.read(words, force)
	if err != nil {
		return nil, err
	}
	// Chained as the store chains it, so that the phone's copy of the log stays whole to the
	// end; the server stamps and chains it anew when it stores it.
	var payload bytes.Buffer
	if err := json.Compact(&payload, m.Payload); err != nil {
		return nil, err
	}
	prev := g.Log[len(g.Log)-1]
	e := events.Event{Game: g.ID, Origin: prev.Origin, Seq: g.Last + 1, Type: m.Type, Actor: m.Actor, Payload: payload.Bytes(), At: at}
	e.Hash = events.Hash(prev.Hash, e)
	j, flags, err := g.take(e, RecordOptions{Force: force})
	if err != nil {
		return nil, err
	}
	return &Recorded{Event: e, Flags: flags, Game: g.with(j), Before: g}, nil
}

// record judges a move, read already, against g and appends it, as Record does.
func (a *App) record(ctx context.Context, g *Game, m referee.Move, opt RecordOptions) (*Recorded, error) {
	var raised []referee.Flag
	before, after, e, rejudged, err := a.commit(ctx, g, opt.Expect != 0, func(g *Game) (judged, error) {
		e := a.stamp(m.Type, m.Actor, m.Payload)
		e.Seq = g.Last + 1
		j, flags, err := g.take(e, opt)
		raised = flags
		return j, err
	})
	if err != nil {
		return nil, notStored(err, "the move")
	}
	return &Recorded{Event: e, Flags: raised, Game: after, Before: before, Rejudged: rejudged}, nil
}

// Follow is g with more, the events stored after its log since it was read: each move played on
// from g, as Record plays it, and the whole log replayed again from a correction on, since a
// correction may change what came before it. Events that do not follow g's last, by number or
// by hash, are a Conflict: the log they come from is not the one g was read from, and the
// whole of it is needed.
func (g *Game) Follow(more []Event) (*Game, error) {
	for i, e := range more {
		last := g.Log[len(g.Log)-1]
		if e.Seq != last.Seq+1 || e.Game != g.ID || (last.Hash != "" && events.CheckChainAfter(last, more[i:i+1]) != nil) {
			return nil, &Error{Code: Conflict, Game: g, Message: fmt.Sprintf("event %d of game %d does not follow event %d as read: read the game's whole log again", e.Seq, e.Game, last.Seq)}
		}
		if !referee.IsMove(e.Type) {
			return Replay(g.ID, append(slices.Clip(g.Log), more[i:]...))
		}
		next, _ := g.outcome.Try(e)
		g = g.with(judged{e, next})
	}
	return g, nil
}
