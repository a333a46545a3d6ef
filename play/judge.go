package play

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/internal/tail"
	"github.com/tableside/tableside/referee"
)

// Judgement is an entry judged against a game: the event to append, and what the referee makes
// of the log with it.
type Judgement struct {
	event events.Event
	next  *referee.Outcome
}

// Event is the event the entry appends.
func (j Judgement) Event() events.Event { return j.event }

// Stored is j with its event as the store stored it (stamped, numbered and chained): what was
// judged is the same move.
func (j Judgement) Stored(e events.Event) Judgement { j.event = e; return j }

// With is the game once j's event is in its log.
func (g *Game) With(j Judgement) *Game {
	log, grown := tail.Append(g.log, g.logTail, j.event)
	next := newGame(g.id, g.rules, log, j.next)
	next.logTail = grown
	next.chain.before = g.chain
	return next
}

// closed refuses a move in a game that is over or abandoned, unless it is forced.
func closed(g *Game, force bool) *Error {
	switch {
	case force:
	case g.abandoned != 0:
		return &Error{Code: Over, Game: g, Message: fmt.Sprintf("game %d was abandoned at event %d; nothing was recorded", g.id, g.abandoned),
			Hint: fmt.Sprintf("void the abandon (event %d) to take the game up again", g.abandoned)}
	case g.Over():
		// The engine's own words for the end, the rule cited, as it would flag the move itself:
		// every face (the command line, the API, the phone) shows this message.
		rule, why := g.outcome.Game.End()
		return &Error{Code: Over, Game: g, Message: fmt.Sprintf("%s %d is over — rule %s: %s; nothing was recorded", logNoun(g), g.id, rule, why)}
	}
	return nil
}

// logNoun is what a log is called when it is named by its number: a tournament, or a game.
func logNoun(g *Game) string {
	if g.IsTournament() {
		return strings.ToLower(g.rules.Name())
	}
	return "game"
}

// replayed is log, g's own grown or corrected, replayed by g's engine.
func (g *Game) replayed(log []events.Event) (*Game, error) {
	o, err := referee.Replay(g.rules, log)
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", g.id, err)
	}
	return newGame(g.id, g.rules, log, o), nil
}

// Take is the one rule by which the referee takes a move, e, as the event after g's log: a move
// in a game that is over or abandoned, or whose own flags refuse it, is refused unless forced;
// a warning passes and is shown. It returns the judgement and the flags the move raised.
func (g *Game) Take(e events.Event, force bool) (Judgement, []Flag, error) {
	if err := closed(g, force); err != nil {
		return Judgement{}, nil, err
	}
	next, flags := g.outcome.Try(e)
	if own := referee.Own(flags, e.Seq); referee.Refuses(own) && !force {
		return Judgement{}, nil, refused(g, own, "legal now: "+g.Hint())
	}
	return Judgement{e, next}, flags, nil
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

// Read reads words typed at the table as a move in g. A game that takes no more moves says so
// first, unless the move is forced: the words may mean nothing in it ("no auction is open").
func (g *Game) Read(words []string, force bool) (referee.Move, error) {
	if err := closed(g, force); err != nil {
		return referee.Move{}, err
	}
	m, err := g.outcome.Game.Parse(words)
	if err != nil {
		return m, Invalidf(err, g.Hint(), "%v", err)
	}
	return m, nil
}

// Judge is what recording words at g's end would do, by the same rule as Record, stored
// nowhere: the move as the event after g's log, stamped at (Unix ms), the flags it raised, and
// the game with it; or the refusal Record would give. A phone judges with it where the server
// is out of reach, and again on top of the server's events when they come.
func (g *Game) Judge(words []string, force bool, at int64) (*Recorded, error) {
	m, err := g.Read(words, force)
	if err != nil {
		return nil, err
	}
	// Chained as the store chains it, so that the phone's copy of the log stays whole to the
	// end; the server stamps and chains it anew when it stores it.
	var payload bytes.Buffer
	if err := json.Compact(&payload, m.Payload); err != nil {
		return nil, err
	}
	prev := g.log[len(g.log)-1]
	e := events.Event{Game: g.id, Origin: prev.Origin, Seq: g.last + 1, Type: m.Type, Actor: m.Actor, Payload: payload.Bytes(), At: at}
	e.Hash = events.Hash(prev.Hash, e)
	j, flags, err := g.Take(e, force)
	if err != nil {
		return nil, err
	}
	return &Recorded{Event: e, Flags: flags, Game: g.With(j), Before: g}, nil
}

// Follow is g with more, the events stored after its log since it was read: each move played on
// from g, as Record plays it, and the whole log replayed again from a correction on, since a
// correction may change what came before it. Events that do not follow g's last, by number or
// by hash, are a Conflict: the log they come from is not the one g was read from, and the
// whole of it is needed.
func (g *Game) Follow(more []Event) (*Game, error) {
	for i, e := range more {
		last := g.log[len(g.log)-1]
		if e.Seq != last.Seq+1 || e.Game != g.id || (last.Hash != "" && events.CheckChainAfter(last, more[i:i+1]) != nil) {
			return nil, &Error{Code: Conflict, Game: g, Message: fmt.Sprintf("event %d of game %d does not follow event %d as read: read the game's whole log again", e.Seq, e.Game, last.Seq)}
		}
		if !referee.IsMove(e.Type) {
			return g.replayed(append(slices.Clip(g.log), more[i:]...))
		}
		next, _ := g.outcome.Try(e)
		g = g.With(Judgement{e, next})
	}
	return g, nil
}
