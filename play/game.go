package play

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/internal/tail"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/kinds"
)

// engines are the games tableside referees, by kind.
var engines = kinds.All()

// Kinds lists the games tableside referees, in name order.
func Kinds() []string {
	ks := slices.Collect(maps.Keys(engines))
	slices.Sort(ks)
	return ks
}

// RulesOf is the engine of a kind of game, named in any case.
func RulesOf(kind string) (referee.Rules, error) {
	r, ok := engines[strings.ToLower(kind)]
	if !ok {
		return nil, Invalidf(nil, "", "unknown game %q (kinds: %s)", kind, strings.Join(Kinds(), ", "))
	}
	return r, nil
}

// EngineOf is the engine of a stored log's kind, as the log names it.
func EngineOf(kind string) (referee.Rules, error) {
	r, ok := engines[kind]
	if !ok {
		return nil, fmt.Errorf("this tableside does not know the game %q (it knows %s)", kind, strings.Join(Kinds(), ", "))
	}
	return r, nil
}

// Game is one game as its log stands: the events, and what the referee made of them. Faces ask
// it their questions (the view, the legal moves, whether a move would be taken); the engine
// that answers them stays behind it.
//
// A Game never changes once made, and may be shared between requests and goroutines: its state
// is unexported, and what it hands out (Log, Setup, AllFlags) is a copy a caller may change.
type Game struct {
	id    int64
	log   []events.Event
	setup events.Created
	// flags are the flags on every event, open and settled, in event order.
	flags []Flag
	// notes says, for each event a correction touched, what happened to it ("voided by 14").
	notes map[int64]string
	// last is the seq of the log's last event.
	last int64
	// abandoned is the event that abandoned the game, when one stands (L6); 0 otherwise.
	abandoned int64

	rules   referee.Rules
	outcome *referee.Outcome
	chain   *chainCheck
	// logTail is log's backing array, shared with the games judged on from this one (With): a
	// move appends to it rather than copying the log, so that it costs the same at the end
	// of a long game as at its start.
	logTail *tail.Tail[events.Event]
	// The legal moves, in notation and as choices, worked out once for the game as it stands:
	// a server keeping the game answers every phone's request from them.
	legal   func() []string
	choices func() []Choice
}

// newGame is the game whose log replays to o under r.
func newGame(id int64, r referee.Rules, log []events.Event, o *referee.Outcome) *Game {
	g := &Game{id: id, log: log, setup: o.Setup, flags: o.Flags, notes: o.Notes, last: o.Last,
		abandoned: o.Abandoned, rules: r, outcome: o, chain: &chainCheck{log: log}}
	g.legal, g.choices = sync.OnceValue(g.workOutLegal), sync.OnceValue(g.workOutChoices)
	return g
}

// ID is the game's number in its store.
func (g *Game) ID() int64 { return g.id }

// Log is the game's log, every event as stored: a copy.
func (g *Game) Log() []events.Event { return slices.Clone(g.log) }

// Len is how many events the log holds.
func (g *Game) Len() int { return len(g.log) }

// First is the log's first event, which says what the game is.
func (g *Game) First() events.Event { return g.log[0] }

// Setup is the game's setup as its first event gives it: a copy.
func (g *Game) Setup() events.Created {
	s := g.setup
	s.Players = slices.Clone(s.Players)
	s.Options = maps.Clone(s.Options)
	s.GameOptions = maps.Clone(s.GameOptions)
	if s.Teams != nil {
		s.Teams = make(map[string][]string, len(g.setup.Teams))
		for name, members := range g.setup.Teams {
			s.Teams[name] = slices.Clone(members)
		}
	}
	return s
}

// Note says what a correction did to the event at seq ("voided by 14"), or "".
func (g *Game) Note(seq int64) string { return g.notes[seq] }

// Last is the seq of the log's last event.
func (g *Game) Last() int64 { return g.last }

// Abandoned is the event that abandoned the game, when one stands (L6); 0 otherwise.
func (g *Game) Abandoned() int64 { return g.abandoned }

// chainCheck is where a game's hash chain breaks, worked out once, when first asked (a game's
// seal is asked at every view): for a game judged one move after another, from the check of the
// game before, by one hash, so that a phone's game of 300 moves is not hashed 300 times over.
type chainCheck struct {
	once   sync.Once
	broken *events.Broken
	log    []events.Event
	before *chainCheck // the check of the log without its last event, when known
}

func (c *chainCheck) get() *events.Broken {
	c.once.Do(func() {
		// Once worked out, the log and the games before are not needed: let them go, so that
		// a game judged move after move, and kept, does not keep every log it grew from.
		defer func() { c.log, c.before = nil, nil }()
		if c.before == nil {
			c.broken = events.CheckChain(c.log)
			return
		}
		if c.broken = c.before.get(); c.broken == nil {
			n := len(c.log)
			c.broken = events.CheckChainAfter(c.log[n-2], c.log[n-1:])
		}
	})
	return c.broken
}

// IsTournament reports whether g is a tournament's log rather than a game.
func (g *Game) IsTournament() bool { return g.setup.Kind == events.TournamentKind }

// StateAs is g's state in its engine as T, when it is one: how the application reads a log of a
// kind of its own (a tournament's Night), which no face can name.
func StateAs[T referee.Game](g *Game) (T, bool) {
	t, ok := g.outcome.Game.(T)
	return t, ok
}

// RulesAs is g's engine as T, when it is one: what a kind says of itself beyond the rules every
// kind has (referee.MatchLength).
func RulesAs[T any](g *Game) (T, bool) {
	t, ok := g.rules.(T)
	return t, ok
}

// Replay replays game id's log through the engine of the game its first event names: the game
// as that log stands, wherever the log came from (the store, or a phone's own copy).
func Replay(id int64, log []events.Event) (*Game, error) { return ReplayBy(EngineOf, id, log) }

// ReplayBy is Replay with the engine of a log's kind found by engine: the application's, which
// knows a tournament's referee beside the games.
func ReplayBy(engine func(kind string) (referee.Rules, error), id int64, log []events.Event) (*Game, error) {
	c, err := CreatedOf(log[0])
	if err == nil {
		var r referee.Rules
		if r, err = engine(c.Kind); err == nil {
			var o *referee.Outcome
			if o, err = referee.Replay(r, log); err == nil {
				return newGame(id, r, log, o), nil
			}
		}
	}
	return nil, fmt.Errorf("game %d: %w", id, err)
}

// CreatedOf reads a game's first event.
func CreatedOf(first events.Event) (events.Created, error) {
	var c events.Created
	if first.Type != events.TypeCreated {
		return c, fmt.Errorf("a game log starts with %s, not %s", events.TypeCreated, first.Type)
	}
	if err := json.Unmarshal(first.Payload, &c); err != nil {
		return c, fmt.Errorf("the game's first event is unreadable: %v", err)
	}
	return c, nil
}
