package play

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/scoring"
)

func decode(e events.Event, v any) error { return json.Unmarshal(e.Payload, v) }

// moveOf is an event's move, as the engines read it.
func moveOf(e events.Event) referee.Move {
	return referee.Move{Type: e.Type, Actor: e.Actor, Payload: e.Payload}
}

// EventAt returns the event at seq.
func (g *Game) EventAt(seq int64) (events.Event, bool) {
	if seq < 1 || seq > int64(len(g.log)) {
		return events.Event{}, false
	}
	return g.log[seq-1], true
}

// Describe writes any event of the log for people, corrections included: "ann bids 9♥",
// "void event 6 (misheard)".
func (g *Game) Describe(e events.Event) string {
	if referee.IsMove(e.Type) {
		return g.outcome.Game.Describe(moveOf(e))
	}
	if e.Type == events.TypeCreated {
		return fmt.Sprintf("new %s game: %s", g.setup.Kind, strings.Join(g.setup.Players, ", "))
	}
	if c, ok := correctionOf(e); ok {
		return c.describe(g.outcome.Game.Describe, func() string { return g.outcome.Game.Sheet().RoundName })
	}
	return e.Type
}

// TakenBack is the event e took back when e is a void of an event of the log: what an undo
// undid. It is 0 for any other event.
func (g *Game) TakenBack(e Event) int64 {
	c, ok := correctionOf(e)
	if !ok || c.verb != verbVoid || c.target < 1 || c.target > int64(len(g.log)) {
		return 0
	}
	return c.target
}

// Scores is the score sheet's figures alone, without the game's id, options or the check of its
// log's record: what a walk of the whole file counts.
func (g *Game) Scores() *scoring.Sheet { return g.outcome.Sheet() }

// Sheet is the game's score sheet, with its id and options.
func (g *Game) Sheet() *scoring.Sheet {
	s := g.outcome.Sheet()
	s.Game, s.Options, s.Title = g.id, g.setup.Options, g.rules.Name()
	s.Date, s.Match, s.Teams = g.setup.Date, g.setup.Match, g.setup.Teams
	s.Record = g.Record()
	return s
}

// Waiting is a scored round that nobody has confirmed, or whose confirmations a later
// correction undid (L9).
type Waiting struct {
	Round int    `json:"round"`
	Name  string `json:"name"` // "hand 3"
}

// Waiting lists the scored rounds waiting for a confirmation, in order.
func (g *Game) Waiting() []Waiting {
	s := g.outcome.Sheet()
	var out []Waiting
	for _, r := range s.Rounds {
		if r.Scored && !slices.ContainsFunc(r.Confirmed, func(c scoring.Confirmation) bool { return c.Stands }) {
			out = append(out, Waiting{Round: r.Number, Name: fmt.Sprintf("%s %d", s.RoundName, r.Number)})
		}
	}
	return out
}

// Scored lists the rounds that are scored in g and were not in before: those the move between
// them scored.
func (g *Game) Scored(before *Game) []int {
	was := map[int]bool{}
	for _, r := range before.outcome.Sheet().Rounds {
		was[r.Number] = r.Scored
	}
	var out []int
	for _, r := range g.outcome.Sheet().Rounds {
		if r.Scored && !was[r.Number] {
			out = append(out, r.Number)
		}
	}
	return out
}

// Record is the game's stored log as a read sees it: its seal and whether its hash chain
// verifies (a hash an event, which every read of one game can afford). It is nil for a game read
// without its hashes, as the walks of the whole file read them.
func (g *Game) Record() *scoring.Record {
	if len(g.log) == 0 || g.log[0].Hash == "" {
		return nil
	}
	r := &scoring.Record{Seal: events.SealOf(g.log).String(), Intact: true}
	if b := g.chain.get(); b != nil {
		r.Intact, r.BrokenAt, r.Problem = false, b.Seq, b.Reason
	}
	return r
}

// Flags is every flag of the game, open and settled, in event order, never nil: a copy.
func (g *Game) Flags() []referee.Flag { return nonNil(slices.Clone(g.flags)) }

// OpenFlags is the flags still needing a ruling, never nil.
func (g *Game) OpenFlags() []referee.Flag { return nonNil(g.outcome.OpenFlags()) }

func nonNil(f []referee.Flag) []referee.Flag {
	if f == nil {
		return []referee.Flag{}
	}
	return f
}

// View is the table now, as `show` gives it: a public JSON contract (docs/json.md).
type View struct {
	Game    int64             `json:"game"`
	Kind    string            `json:"kind"`
	Players []string          `json:"players"`
	Options map[string]string `json:"options"`
	Date    string            `json:"date,omitempty"`
	Match   string            `json:"match,omitempty"`
	Status  []referee.Field   `json:"status"`
	Over    bool              `json:"over"`
	Hint    string            `json:"hint"`
	Legal   []string          `json:"legal"`
	Flags   []referee.Flag    `json:"flags"` // the open ones
	Last    int64             `json:"last"`  // the seq of the log's last event
	Record  *scoring.Record   `json:"record,omitempty"`
}

// View is the table now.
func (g *Game) View() View {
	return View{Game: g.id, Kind: g.setup.Kind, Players: g.setup.Players, Options: g.setup.Options,
		Date: g.setup.Date, Match: g.setup.Match, Status: g.outcome.Game.Status(), Over: g.Over(),
		Hint: g.Hint(), Legal: g.Legal(), Flags: g.OpenFlags(), Last: g.last, Record: g.Record()}
}

// Entry is one event of the log as `log` gives it: the stored envelope, what it says, what a
// correction did to it, and its flags.
type Entry struct {
	events.Event
	Text  string         `json:"text"`
	Note  string         `json:"note,omitempty"`
	Flags []referee.Flag `json:"flags"`
	// PlayedAt is when the move was played (Unix ms), where it was stored later (PlayedAt).
	PlayedAt int64 `json:"played_at,omitempty"`
	// Untrusted marks the event where the log's hash chain breaks, and every event after it:
	// they may not be what was recorded.
	Untrusted bool `json:"untrusted,omitempty"`
}

// Entries is the whole log, one entry an event.
func (g *Game) Entries() []Entry { return g.entries(g.log) }

// Latest is the latest n events as Entries lists them, newest first: what a page shows of the
// log, without describing the rest.
func (g *Game) Latest(n int) []Entry {
	out := g.entries(g.log[max(0, len(g.log)-n):])
	slices.Reverse(out)
	return out
}

// entries are the events of log, a run of g's, as Entries lists them.
func (g *Game) entries(log []events.Event) []Entry {
	bySeq := map[int64][]referee.Flag{}
	for _, f := range g.flags {
		bySeq[f.Seq] = append(bySeq[f.Seq], f)
	}
	var broken int64
	if r := g.Record(); r != nil && !r.Intact {
		broken = r.BrokenAt
	}
	out := make([]Entry, len(log))
	for i, e := range log {
		out[i] = Entry{e, g.Describe(e), g.notes[e.Seq], nonNil(bySeq[e.Seq]), PlayedAt(e), broken != 0 && e.Seq >= broken}
	}
	return out
}

// Checked is a game's referee report, as `check` gives it.
type Checked struct {
	Game   int64           `json:"game"`
	Kind   string          `json:"kind"`
	Open   int             `json:"open"`
	Flags  []referee.Flag  `json:"flags"`
	Record *scoring.Record `json:"record,omitempty"`
}

// Checked is the game's referee report.
func (g *Game) Checked() Checked {
	c := Checked{Game: g.id, Kind: g.setup.Kind, Flags: g.Flags(), Record: g.Record()}
	// Counted rather than listed: a walk of the whole file checks every game.
	for _, f := range g.flags {
		if f.Open() {
			c.Open++
		}
	}
	return c
}

// LatestMove is the seq of the latest move in force, what undo takes back; 0 when there is
// none.
func (g *Game) LatestMove() int64 {
	moves := g.outcome.Moves()
	if len(moves) == 0 {
		return 0
	}
	return moves[len(moves)-1].Seq
}

// before is the game as it stood just before the event at seq, every correction applied.
func (g *Game) before(seq int64) referee.Game {
	o, err := referee.ReplayUntil(g.rules, g.log, seq)
	if err != nil {
		panic(err) // the same log replayed whole already
	}
	return o.Game
}
