package webtest

import (
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/article2"
	"github.com/tableside/tableside/referee/candidate"
	"github.com/tableside/tableside/referee/pinochle"
)

// Table is one table of the night: the game it sets up and the moves its phones enter, in the
// words the API reads. Moves[i] is the game's event i+2 (event 1 creates it).
type Table struct {
	Setup events.Created
	Moves []string
	rules referee.Rules
}

// dealer is one kind of game the tables play: its rules and a seeded legal game of it.
type dealer struct {
	rules   referee.Rules
	playout func(*rand.Rand) (events.Created, []referee.Move)
}

// dealers are the games the tables play, in turn.
var dealers = []dealer{
	{pinochle.Rules{}, func(rng *rand.Rand) (events.Created, []referee.Move) {
		return pinochle.Playout(rng, map[string]string{"deal": "automatic", "opening": "10", "limit": "100"})
	}},
	{candidate.Rules{}, func(rng *rand.Rand) (events.Created, []referee.Move) { return candidate.Playout(rng, nil) }},
	{article2.Rules{}, func(rng *rand.Rand) (events.Created, []referee.Move) { return article2.Playout(rng, nil) }},
}

// longPinochle is Pinochle played to 500, long enough for a night of 300 moves a game.
var longPinochle = dealer{pinochle.Rules{}, func(rng *rand.Rand) (events.Created, []referee.Move) {
	return pinochle.Playout(rng, map[string]string{"deal": "automatic", "opening": "10", "limit": "500"})
}}

// Tables deals n tables, the kinds in turn, each with the first moves of a legal game drawn
// from rng. A game shorter than that is drawn again, so every table has exactly moves moves.
func Tables(rng *rand.Rand, n, moves int) ([]Table, error) { return deal(rng, dealers, n, moves) }

// PinochleTables deals n tables of Pinochle as Tables deals them, for nights whose games run
// to a few hundred moves.
func PinochleTables(rng *rand.Rand, n, moves int) ([]Table, error) {
	return deal(rng, []dealer{longPinochle}, n, moves)
}

// deal deals n tables of ds's kinds, in turn.
func deal(rng *rand.Rand, ds []dealer, n, moves int) ([]Table, error) {
	out := make([]Table, n)
	for i := range out {
		d := ds[i%len(ds)]
		for tries := 0; ; tries++ {
			setup, played := d.playout(rng)
			if len(played) < moves {
				if tries == 100 {
					return nil, fmt.Errorf("no game of %s in 100 has %d moves", d.rules.Kind(), moves)
				}
				continue
			}
			words, err := notation(d.rules, setup, played[:moves])
			if err != nil {
				return nil, err
			}
			out[i] = Table{Setup: setup, Moves: words, rules: d.rules}
			break
		}
	}
	return out, nil
}

// notation writes each move as a phone types it, in the light of the game as it stands
// before the move, as the server reads it.
func notation(r referee.Rules, setup events.Created, moves []referee.Move) ([]string, error) {
	g, err := r.New(setup)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", r.Kind(), err)
	}
	words := make([]string, len(moves))
	for i, m := range moves {
		words[i] = g.Notation(m)
		g.Apply(int64(i+2), m)
	}
	return words, nil
}

// newGame is the body of POST /api/games.
type newGame struct {
	Kind    string              `json:"kind"`
	Players []string            `json:"players"`
	Dealer  string              `json:"dealer,omitempty"`
	Opener  string              `json:"opener,omitempty"`
	Teams   map[string][]string `json:"teams,omitempty"`
	Options map[string]string   `json:"options,omitempty"`
}

// newGame asks for the table's setup.
func (t Table) newGame() newGame {
	s := t.Setup
	return newGame{Kind: s.Kind, Players: s.Players, Dealer: s.Dealer, Opener: s.Opener, Teams: s.Teams, Options: s.Options}
}

// Game is a table's game on the server and what its phones were told.
type Game struct {
	Table
	ID   int64
	Code string
	// Acked is every move a phone saw acknowledged (201), by the seq the server gave it.
	Acked map[int64]string
	// Twice lists each seq acknowledged more than once: a seq the server gave two moves.
	Twice []int64
}

// Check holds a game's stored log against its table: the log must be the game's creation
// followed by the table's first moves in order, and hold every move a phone saw acknowledged
// at the seq it was acknowledged with. whole asks for all of the table's moves.
func (g *Game) Check(log []events.Event, whole bool) error {
	if len(g.Twice) > 0 {
		return fmt.Errorf("game %d: seqs %v were acknowledged twice", g.ID, g.Twice)
	}
	if len(log) == 0 {
		return fmt.Errorf("game %d: the log is empty", g.ID)
	}
	setup, err := g.created(log[0])
	if err != nil {
		return fmt.Errorf("game %d: %w", g.ID, err)
	}
	moves := log[1:]
	if len(moves) > len(g.Moves) {
		return fmt.Errorf("game %d: %d moves stored, the table made %d", g.ID, len(moves), len(g.Moves))
	}
	if whole && len(moves) < len(g.Moves) {
		return fmt.Errorf("game %d: %d moves stored, the table made %d", g.ID, len(moves), len(g.Moves))
	}
	state, err := g.rules.New(setup)
	if err != nil {
		return fmt.Errorf("game %d: %w", g.ID, err)
	}
	for i, e := range moves {
		if e.Seq != int64(i+2) || !referee.IsMove(e.Type) {
			return fmt.Errorf("game %d: event %d of the log is %s with seq %d, not move %d of the table", g.ID, i+2, e.Type, e.Seq, i+1)
		}
		m := referee.Move{Type: e.Type, Actor: e.Actor, Payload: e.Payload}
		if words := state.Notation(m); words != g.Moves[i] {
			return fmt.Errorf("game %d: event %d is %q, the table made %q", g.ID, e.Seq, words, g.Moves[i])
		}
		state.Apply(e.Seq, m)
	}
	for _, seq := range slices.Sorted(maps.Keys(g.Acked)) {
		switch words := g.Acked[seq]; {
		case seq < 2 || seq > int64(len(log)):
			return fmt.Errorf("game %d: %q was acknowledged as event %d, but the log ends at event %d", g.ID, words, seq, len(log))
		case words != g.Moves[seq-2]:
			return fmt.Errorf("game %d: %q was acknowledged as event %d, which is %q", g.ID, words, seq, g.Moves[seq-2])
		}
	}
	return nil
}

// created reads the log's first event and checks that it sets up the table's game.
func (g *Game) created(first events.Event) (events.Created, error) {
	var c events.Created
	if first.Seq != 1 || first.Type != events.TypeCreated {
		return c, fmt.Errorf("the log starts with %s at seq %d", first.Type, first.Seq)
	}
	if err := json.Unmarshal(first.Payload, &c); err != nil {
		return c, fmt.Errorf("the creation is unreadable: %w", err)
	}
	want := g.Setup
	same := c.Kind == want.Kind && slices.Equal(c.Players, want.Players) && c.Dealer == want.Dealer &&
		c.Opener == want.Opener && maps.EqualFunc(c.Teams, want.Teams, slices.Equal)
	for name, value := range want.Options {
		same = same && c.Options[name] == value
	}
	if !same {
		return c, fmt.Errorf("created as %+v, the table set up %+v", c, want)
	}
	return c, nil
}
