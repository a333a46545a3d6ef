package referee

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/internal/tail"
	"github.com/tableside/tableside/scoring"
)

// LogRulings settle what the rule texts cannot: how corrections in the log itself behave. They
// apply to every game and are listed with each game's own rulings.
var LogRulings = []Ruling{
	{ID: "L1", Title: "Corrections", Text: "void, amend and ruling events must name an earlier move of the same game (void may also name an adjustment); one that does not is flagged and has no effect. The latest correction of a move is the one in force: an amend after a void brings the move back in its new form."},
	{ID: "L2", Title: "Re-judging", Text: "a voided or amended move changes the record from that point on: every later move is judged again against the corrected record, so a flag may appear or disappear on a later event."},
	{ID: "L3", Title: "Settling flags", Text: "a flag stays open until its move is voided or amended, or the table rules on it: condone lets the move stand as played and settles its flags; void takes the move back."},
	{ID: "L4", Title: "Adjustments", Text: "an adjustment adds or takes points from one player, with a note; it is shown on the score sheet and counts toward the total."},
	{ID: "L5", Title: "Adjusted totals", Text: "a game that ends on a score (Pinochle's limit, and anything like it) judges it on the totals with every adjustment recorded so far, at the point where the rules check it (the end of a hand); an adjustment alone does not end a hand. The winner is chosen on the same totals, and every view reports them."},
	{ID: "L6", Title: "Abandoned games", Text: "a game may be abandoned, with a note, before its end; an abandoned game takes no more moves and has no winner. A void of the abandon takes the game up again where it stood."},
	{ID: "L7", Title: "Doubtful imports", Text: "a game imported from a file whose hash chain was missing, forged, reordered or gapped keeps that doubt in its first event, flagged as a warning on event 1, until a ruling condones it (rule 1 condone, once the game has been checked against the table's paper); event 1 cannot be voided."},
	{ID: "L8", Title: "Forced moves stand as played", Text: "a move recorded flagged with --force is applied as the table played it, wherever the game can go on from it: the cards move as they moved, and the points follow the cards. Only a move the game cannot go on from is set aside, and its flag says so. The open flag is settled by a ruling (void takes the move back, condone keeps it) or an adjustment."},
	{ID: "L9", Title: "Confirmations", Text: "a player may confirm the result of a scored round (a hand, a seat, a phase) as the log stands: the other side's check of what was entered, recorded with who confirmed and when. A confirmation names a round that is scored and a player of the game, or it is flagged and has no effect; it stands until a later correction changes a move made before it, and a void takes it back. A game needs none."},
}

// Outcome is what a replay of a game's log finds.
type Outcome struct {
	Setup events.Created
	Game  Game
	// Flags on every event, open and settled, in event order.
	Flags []Flag
	// Notes says, for each event that a correction touched, what happened to it
	// ("voided by 14", "amended by 20").
	Notes       map[int64]string
	Adjustments []scoring.Adjustment
	// Last is the sequence number of the log's last event.
	Last int64
	// Abandoned is the event that abandoned the game, when one stands (L6); 0 otherwise.
	Abandoned int64
	// confirmations are the rounds' confirmations in force (L9), in log order.
	confirmations []confirmed
	// moves are the moves in force, in order, with the seq they stand at; movesTail is their
	// backing array, shared with the outcomes tried on from this one (Try), so that a move
	// does not copy every move before it.
	moves     []Played
	movesTail *tail.Tail[Played]
	fixes     *fixes
}

// confirmed is a confirmation of the round numbered round.
type confirmed struct {
	round int
	scoring.Confirmation
}

// Played is a move in force at a sequence number of the log.
type Played struct {
	Seq  int64
	Move Move
}

// Moves returns the moves in force after every correction, in order.
func (o *Outcome) Moves() []Played { return o.moves }

// OpenFlags returns the flags still needing a ruling.
func (o *Outcome) OpenFlags() []Flag {
	var open []Flag
	for _, f := range o.Flags {
		if f.Open() {
			open = append(open, f)
		}
	}
	return open
}

// Sheet is the game's score sheet with the adjustments counted in and, once the game is
// finished, its winners decided on those totals.
func (o *Outcome) Sheet() *scoring.Sheet {
	s := o.Game.Sheet()
	s.Adjustments = o.Adjustments
	for _, a := range o.Adjustments {
		s.Totals[a.Player] += a.Points
		s.Breakdown[a.Player] = append(s.Breakdown[a.Player], scoring.Line{Text: "adjustment: " + a.Note, Points: a.Points})
	}
	for _, c := range o.confirmations {
		if i := slices.IndexFunc(s.Rounds, func(r scoring.Round) bool { return r.Number == c.round }); i >= 0 {
			s.Rounds[i].Confirmed = append(s.Rounds[i].Confirmed, c.Confirmation)
		}
	}
	s.Winners = []string{}
	s.Abandoned = o.Abandoned != 0
	if s.Finished && !s.Abandoned {
		winners, why := o.Game.Decide(s.Totals)
		s.Winners, s.Decided = append(s.Winners, winners...), why
		s.Draw = len(s.Winners) == 0
		if len(s.Winners) == 1 {
			w := s.Winners[0]
			s.Winner = &w
		}
	}
	return s
}

// Leader names the single player with the highest total, in a list of one, or none when the
// top total is shared (a draw).
func Leader(players []string, totals map[string]int) []string {
	best, count := 0, 0
	var who string
	for i, p := range players {
		switch t := totals[p]; {
		case i == 0 || t > best:
			best, count, who = t, 1, p
		case t == best:
			count++
		}
	}
	if count != 1 {
		return nil
	}
	return []string{who}
}

// correction is the state of one event after the log's corrections so far.
type correction struct {
	voidedBy  int64
	amendedBy int64
	move      *Move // the replacement, when amended
	condoned  string
}

// fixes holds what the log's corrections do to the events they name. It reads the log in order,
// so the latest correction of an event is the one in force (L1).
type fixes struct {
	players []string
	types   map[int64]string      // the type of every event read, by seq
	of      map[int64]*correction // by the seq of the event corrected
}

// newFixes makes room for the types of size events, so that reading a long log does not grow
// the map again and again.
func newFixes(players []string, size int) *fixes {
	return &fixes{players: players, types: make(map[int64]string, size), of: map[int64]*correction{}}
}

func (fx *fixes) at(target int64) *correction {
	if fx.of[target] == nil {
		fx.of[target] = &correction{}
	}
	return fx.of[target]
}

// read takes in the next event of the log. It returns the seq of the event whose form in force
// a correction changed (a void, an amend, a ruling that voids; 0 otherwise), and a flag for a
// correction or adjustment that names nothing it may touch (L1).
func (fx *fixes) read(e events.Event) (changed int64, flag *Flag) {
	fx.types[e.Seq] = e.Type
	bad := func(format string, args ...any) (int64, *Flag) {
		return 0, &Flag{Seq: e.Seq, Rule: "L1", Severity: Impossible, Message: fmt.Sprintf(format, args...) + "; it has no effect"}
	}
	switch e.Type {
	case events.TypeVoid:
		var v events.Void
		if err := json.Unmarshal(e.Payload, &v); err != nil {
			return bad("unreadable void: %v", err)
		}
		if t := fx.types[v.Target]; !IsMove(t) && t != events.TypeAdjust && t != events.TypeAbandon && t != events.TypeConfirm || v.Target >= e.Seq {
			return bad("void names event %d, which is not an earlier move", v.Target)
		}
		fx.at(v.Target).voidedBy = e.Seq
		return v.Target, nil
	case events.TypeAmend:
		var a events.Amend
		if err := json.Unmarshal(e.Payload, &a); err != nil {
			return bad("unreadable amend: %v", err)
		}
		if !IsMove(fx.types[a.Target]) || a.Target >= e.Seq || !IsMove(a.Type) {
			return bad("amend names event %d, which is not an earlier move", a.Target)
		}
		c := fx.at(a.Target)
		c.voidedBy, c.amendedBy = 0, e.Seq
		c.move = &Move{Type: a.Type, Actor: a.Actor, Payload: a.Payload}
		return a.Target, nil
	case events.TypeRuling:
		var r events.Ruling
		if err := json.Unmarshal(e.Payload, &r); err != nil {
			return bad("unreadable ruling: %v", err)
		}
		doubt := fx.types[r.Target] == events.TypeCreated && r.Decision == events.Condone // L7
		if !doubt && (!IsMove(fx.types[r.Target]) || r.Target >= e.Seq) {
			return bad("ruling names event %d, which is not an earlier move (event 1 may only be condoned)", r.Target)
		}
		switch r.Decision {
		case events.Condone:
			note := "condoned by " + fmt.Sprint(e.Seq)
			if r.Note != "" {
				note += ": " + r.Note
			}
			fx.at(r.Target).condoned = note
		case events.VoidIt:
			fx.at(r.Target).voidedBy = e.Seq
			return r.Target, nil
		default:
			return bad("ruling %q is neither %s nor %s", r.Decision, events.Condone, events.VoidIt)
		}
	case events.TypeAdjust:
		if _, ok := fx.adjustment(e); !ok {
			return bad("adjustment names no player of this game")
		}
	}
	return 0, nil
}

// adjustment reads an adjust event; ok is false when it names no player of the game.
func (fx *fixes) adjustment(e events.Event) (scoring.Adjustment, bool) {
	var a events.Adjust
	if err := json.Unmarshal(e.Payload, &a); err != nil || !slices.Contains(fx.players, a.Player) {
		return scoring.Adjustment{}, false
	}
	return scoring.Adjustment{Seq: e.Seq, Player: a.Player, Points: a.Points, Note: a.Note}, true
}

// inForce says what an event of the log does once the corrections read so far are applied: a
// move to play (in its amended form; played says there is one), an adjustment to count, a flag
// (a second creation), or nothing (a correction, or an event voided). The move is a value, not
// a pointer: a replay makes one an event, and each was an allocation.
func (fx *fixes) inForce(e events.Event) (m Move, played bool, adj *scoring.Adjustment, flag *Flag) {
	c := fx.of[e.Seq]
	if c != nil && c.voidedBy != 0 {
		return Move{}, false, nil, nil
	}
	switch e.Type {
	case events.TypeVoid, events.TypeAmend, events.TypeRuling, events.TypeAbandon, events.TypeConfirm:
		return Move{}, false, nil, nil
	case events.TypeAdjust:
		if a, ok := fx.adjustment(e); ok {
			return Move{}, false, &a, nil
		}
		return Move{}, false, nil, nil
	case events.TypeCreated:
		return Move{}, false, nil, &Flag{Seq: e.Seq, Rule: "L1", Severity: Impossible, Message: "a game can be created only once", SetAside: true}
	}
	if c != nil && c.move != nil {
		return *c.move, true, nil, nil
	}
	return Move{Type: e.Type, Actor: e.Actor, Payload: e.Payload}, true, nil, nil
}

// step plays one event of the log on g in its form in force, and says what that was: the move
// played (played says there was one) or the adjustment counted, and the flags raised.
func (fx *fixes) step(g Game, e events.Event) (m Move, played bool, adj *scoring.Adjustment, flags []Flag) {
	m, played, adj, flag := fx.inForce(e)
	switch {
	case flag != nil:
		flags = []Flag{*flag}
	case adj != nil:
		g.Adjust(*adj)
		if j, ok := g.(AdjustJudge); ok {
			flags = j.JudgeAdjust(*adj)
		}
	case played:
		flags = g.Apply(e.Seq, m)
	}
	return m, played, adj, flags
}

// start reads a log's first event and sets up its game.
func start(r Rules, first events.Event) (events.Created, Game, error) {
	if first.Type != events.TypeCreated {
		return events.Created{}, nil, fmt.Errorf("%w: the log does not start with %s", ErrSetup, events.TypeCreated)
	}
	var setup events.Created
	if err := json.Unmarshal(first.Payload, &setup); err != nil {
		return events.Created{}, nil, fmt.Errorf("%w: first event: %v", ErrSetup, err)
	}
	g, err := r.New(setup)
	return setup, g, err
}

// Replay plays a game's whole log through its rules.
func Replay(r Rules, evs []events.Event) (*Outcome, error) {
	return ReplayUntil(r, evs, 0)
}

// ReplayUntil plays the log up to, not including, the move at seq stop (0: the whole log), with
// every correction in the log applied. It is how an amendment is read: in the light of the game
// as it stood when the amended move was made.
func ReplayUntil(r Rules, evs []events.Event, stop int64) (*Outcome, error) {
	if len(evs) == 0 {
		return nil, fmt.Errorf("%w: the log is empty", ErrSetup)
	}
	setup, g, err := start(r, evs[0])
	if err != nil {
		return nil, err
	}
	o := &Outcome{Setup: setup, Game: g, Notes: map[int64]string{}, Last: evs[len(evs)-1].Seq,
		moves: make([]Played, 0, len(evs))}
	fx := newFixes(setup.Players, len(evs))
	var flags []Flag
	for _, d := range setup.Doubts {
		from := cmp.Or(d.From, "a file")
		flags = append(flags, Flag{Seq: evs[0].Seq, Rule: "L7", Severity: Warning,
			Message: fmt.Sprintf("imported from %s, which cannot be traced to the log that kept the game: %s", from, d.Problem),
			Hint:    "check the game against the table's paper, then settle this with a ruling on event 1 (condone)"})
	}
	for _, e := range evs {
		if _, f := fx.read(e); f != nil {
			flags = append(flags, *f)
		}
	}
	for _, e := range evs {
		if c := fx.of[e.Seq]; e.Type == events.TypeAbandon && (c == nil || c.voidedBy == 0) {
			o.Abandoned = e.Seq
		}
	}
	for seq, c := range fx.of {
		switch {
		case c.voidedBy != 0:
			o.Notes[seq] = fmt.Sprintf("voided by %d", c.voidedBy)
		case c.amendedBy != 0:
			o.Notes[seq] = fmt.Sprintf("amended by %d", c.amendedBy)
		}
	}
	for _, e := range evs[1:] {
		if stop != 0 && e.Seq >= stop {
			break
		}
		if f := o.abandonedBefore(e); f != nil {
			flags = append(flags, *f)
			continue
		}
		m, played, adj, f := fx.step(g, e)
		switch {
		case played:
			o.moves = append(o.moves, Played{e.Seq, m})
		case adj != nil:
			o.Adjustments = append(o.Adjustments, *adj)
		case e.Type == events.TypeConfirm:
			f = o.confirm(g, fx, e)
		}
		flags = append(flags, f...)
	}
	o.fixes = fx
	o.standing()
	o.Flags = o.settle(flags)
	return o, nil
}

// confirm reads a confirmation in force against the game as it stands at it (L9): it must
// name a player of the game and a round that is scored.
func (o *Outcome) confirm(g Game, fx *fixes, e events.Event) []Flag {
	if c := fx.of[e.Seq]; c != nil && c.voidedBy != 0 {
		return nil
	}
	bad := func(format string, args ...any) []Flag {
		return []Flag{{Seq: e.Seq, Rule: "L9", Severity: Impossible, Message: fmt.Sprintf(format, args...) + "; it has no effect", SetAside: true}}
	}
	var c events.Confirm
	if err := json.Unmarshal(e.Payload, &c); err != nil {
		return bad("unreadable confirmation: %v", err)
	}
	if !slices.Contains(fx.players, c.Player) {
		return bad("%q is not a player of this game", c.Player)
	}
	s := g.Sheet()
	i := slices.IndexFunc(s.Rounds, func(r scoring.Round) bool { return r.Number == c.Round })
	scored := i >= 0 && s.Rounds[i].Scored
	switch {
	case !scored && fx.changedBefore(e.Seq):
		// The round was scored when confirmed; a later correction undid that. The confirmation
		// stands no more, and is no breach.
		if i >= 0 {
			o.confirmations = append(o.confirmations, confirmed{c.Round, scoring.Confirmation{Player: c.Player, Seq: e.Seq, At: e.At}})
		}
		return nil
	case i < 0:
		return bad("the game has no %s %d yet", s.RoundName, c.Round)
	case !scored:
		return bad("%s %d is not scored yet", s.RoundName, c.Round)
	}
	o.confirmations = append(o.confirmations, confirmed{c.Round, scoring.Confirmation{Player: c.Player, Seq: e.Seq, At: e.At, Stands: true}})
	return nil
}

// changedBefore reports whether a correction recorded after event seq changed a move made
// before it: what the log said at seq is not what it says now.
func (fx *fixes) changedBefore(seq int64) bool {
	for target, fix := range fx.of {
		if target < seq && (fix.voidedBy > seq || fix.amendedBy > seq) {
			return true
		}
	}
	return false
}

// standing marks the confirmations that a later correction undid: it changed a move made
// before the confirmation, so what was confirmed is not what the log now says (L9).
func (o *Outcome) standing() {
	for i := range o.confirmations {
		if c := &o.confirmations[i]; o.fixes.changedBefore(c.Seq) {
			c.Stands = false
		}
	}
}

// abandonedBefore flags a move made after the abandon in force (L6); such a move is set aside.
func (o *Outcome) abandonedBefore(e events.Event) *Flag {
	if o.Abandoned == 0 || e.Seq <= o.Abandoned || !IsMove(e.Type) {
		return nil
	}
	return &Flag{Seq: e.Seq, Rule: "L6", Severity: Illegal, Message: fmt.Sprintf("the game was abandoned at event %d", o.Abandoned), SetAside: true}
}

// settle marks the flags on condoned moves settled (L3) and orders all by event.
func (o *Outcome) settle(flags []Flag) []Flag {
	for i := range flags {
		if c := o.fixes.of[flags[i].Seq]; c != nil && c.condoned != "" {
			flags[i].Settled = c.condoned
		}
	}
	slices.SortStableFunc(flags, func(a, b Flag) int { return int(a.Seq - b.Seq) })
	return flags
}

// Try plays a move recorded at the end of the log, event e, on a copy of the game, and returns
// the outcome a replay of the log with it would give, with the flags it raises (on itself, or
// on earlier events it proves wrong). o is left as it was, so a refused move costs nothing.
func (o *Outcome) Try(e events.Event) (*Outcome, []Flag) {
	next := *o
	next.Game = o.Game.Clone()
	var m Move
	var played bool
	var raised []Flag
	if f := o.abandonedBefore(e); f != nil {
		raised = []Flag{*f}
	} else {
		m, played, _, raised = o.fixes.step(next.Game, e)
	}
	raised = o.settle(raised)
	next.Flags = o.settle(append(slices.Clip(o.Flags), raised...))
	if played {
		next.moves, next.movesTail = tail.Append(o.moves, o.movesTail, Played{e.Seq, m})
	}
	next.Last = e.Seq
	return &next, raised
}

// IsMove reports whether an event of type t is a move of the game, as opposed to its creation
// or the log's bookkeeping (corrections and adjustments).
func IsMove(t string) bool {
	switch t {
	case "", events.TypeCreated, events.TypeVoid, events.TypeAmend, events.TypeRuling, events.TypeAdjust, events.TypeAbandon, events.TypeConfirm:
		return false
	}
	return true
}
