package referee

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/scoring"
)

// LogRulings settle what the rule texts cannot: how corrections in the log itself behave. They
// apply to every game and are listed with each game's own rulings.
var LogRulings = []Ruling{
	{ID: "L1", Title: "Corrections", Text: "void, amend and ruling events must name an earlier move of the same game (void may also name an adjustment); one that does not is flagged and has no effect. The latest correction of a move is the one in force: an amend after a void brings the move back in its new form."},
	{ID: "L2", Title: "Re-judging", Text: "a voided or amended move changes the record from that point on: every later move is judged again against the corrected record, so a flag may appear or disappear on a later event."},
	{ID: "L3", Title: "Settling flags", Text: "a flag stays open until its move is voided or amended, or the table rules on it: condone lets the move stand as played and settles its flags; void takes the move back."},
	{ID: "L4", Title: "Adjustments", Text: "an adjustment adds or takes points from one player, with a note; it is shown on the score sheet and counts toward the total."},
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
	// moves are the moves in force, in order, with the seq they stand at.
	moves []Played
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

// Sheet is the game's score sheet with the adjustments counted in.
func (o *Outcome) Sheet() *scoring.Sheet {
	s := o.Game.Sheet()
	s.Adjustments = o.Adjustments
	for _, a := range o.Adjustments {
		s.Totals[a.Player] += a.Points
		s.Breakdown[a.Player] = append(s.Breakdown[a.Player], scoring.Line{Text: "adjustment: " + a.Note, Points: a.Points})
	}
	if s.Finished {
		s.Winner, s.Draw = o.Game.Decide(s.Totals)
	}
	return s
}

// Leader names the single player with the highest total, or reports a draw when the top total
// is shared.
func Leader(players []string, totals map[string]int) (winner *string, draw bool) {
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
		return nil, true
	}
	return &who, false
}

// correction is the state of one move after the log's corrections, in seq order.
type correction struct {
	voidedBy  int64
	amendedBy int64
	move      *Move // the replacement, when amended
	condoned  string
}

// Replay plays a game's whole log through its rules.
func Replay(r Rules, evs []events.Event) (*Outcome, error) {
	return ReplayUntil(r, evs, 0)
}

// ReplayUntil plays the log up to, not including, the move at seq stop (0: the whole log), with
// every correction in the log applied. It is how an amendment is read: in the light of the game
// as it stood when the amended move was made.
func ReplayUntil(r Rules, evs []events.Event, stop int64) (*Outcome, error) {
	if len(evs) == 0 || evs[0].Type != events.TypeCreated {
		return nil, fmt.Errorf("%w: the log does not start with %s", ErrSetup, events.TypeCreated)
	}
	var setup events.Created
	if err := json.Unmarshal(evs[0].Payload, &setup); err != nil {
		return nil, fmt.Errorf("%w: first event: %v", ErrSetup, err)
	}
	g, err := r.New(setup)
	if err != nil {
		return nil, err
	}
	o := &Outcome{Setup: setup, Game: g, Notes: map[int64]string{}, Last: evs[len(evs)-1].Seq}
	fixes, flags := corrections(evs, setup.Players)
	for seq, c := range fixes {
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
		c := fixes[e.Seq]
		if c != nil && c.voidedBy != 0 {
			continue
		}
		switch e.Type {
		case events.TypeVoid, events.TypeAmend, events.TypeRuling:
			continue
		case events.TypeAdjust:
			var a events.Adjust
			_ = json.Unmarshal(e.Payload, &a) // checked in corrections
			if slices.Contains(setup.Players, a.Player) {
				o.Adjustments = append(o.Adjustments, scoring.Adjustment{Seq: e.Seq, Player: a.Player, Points: a.Points, Note: a.Note})
			}
			continue
		case events.TypeCreated:
			flags = append(flags, Flag{Seq: e.Seq, Rule: "L1", Severity: Impossible, Message: "a game can be created only once; this event is ignored"})
			continue
		}
		m := Move{Type: e.Type, Actor: e.Actor, Payload: e.Payload}
		if c != nil && c.move != nil {
			m = *c.move
		}
		o.moves = append(o.moves, Played{e.Seq, m})
		flags = append(flags, g.Apply(e.Seq, m)...)
	}
	if stop == 0 {
		flags = append(flags, g.Finish()...)
	}
	for i := range flags {
		if c := fixes[flags[i].Seq]; c != nil && c.condoned != "" {
			flags[i].Settled = c.condoned
		}
	}
	slices.SortStableFunc(flags, func(a, b Flag) int { return int(a.Seq - b.Seq) })
	o.Flags = flags
	return o, nil
}

// corrections reads the log's void, amend and ruling events, in order, into the state of each
// move they touch, flagging those that name nothing they may touch (L1).
func corrections(evs []events.Event, players []string) (map[int64]*correction, []Flag) {
	kind := map[int64]string{}
	fixes := map[int64]*correction{}
	var flags []Flag
	bad := func(seq int64, format string, args ...any) {
		flags = append(flags, Flag{Seq: seq, Rule: "L1", Severity: Impossible, Message: fmt.Sprintf(format, args...) + "; it has no effect"})
	}
	at := func(target int64) *correction {
		if fixes[target] == nil {
			fixes[target] = &correction{}
		}
		return fixes[target]
	}
	for _, e := range evs {
		kind[e.Seq] = e.Type
		switch e.Type {
		case events.TypeVoid:
			var v events.Void
			if err := json.Unmarshal(e.Payload, &v); err != nil {
				bad(e.Seq, "unreadable void: %v", err)
				continue
			}
			if !IsMove(kind[v.Target]) && kind[v.Target] != events.TypeAdjust || v.Target >= e.Seq {
				bad(e.Seq, "void names event %d, which is not an earlier move", v.Target)
				continue
			}
			at(v.Target).voidedBy = e.Seq
		case events.TypeAmend:
			var a events.Amend
			if err := json.Unmarshal(e.Payload, &a); err != nil {
				bad(e.Seq, "unreadable amend: %v", err)
				continue
			}
			if !IsMove(kind[a.Target]) || a.Target >= e.Seq || !IsMove(a.Type) {
				bad(e.Seq, "amend names event %d, which is not an earlier move", a.Target)
				continue
			}
			c := at(a.Target)
			c.voidedBy, c.amendedBy = 0, e.Seq
			c.move = &Move{Type: a.Type, Actor: a.Actor, Payload: a.Payload}
		case events.TypeRuling:
			var r events.Ruling
			if err := json.Unmarshal(e.Payload, &r); err != nil {
				bad(e.Seq, "unreadable ruling: %v", err)
				continue
			}
			if !IsMove(kind[r.Target]) || r.Target >= e.Seq {
				bad(e.Seq, "ruling names event %d, which is not an earlier move", r.Target)
				continue
			}
			switch r.Decision {
			case events.Condone:
				note := "condoned by " + fmt.Sprint(e.Seq)
				if r.Note != "" {
					note += ": " + r.Note
				}
				at(r.Target).condoned = note
			case events.VoidIt:
				at(r.Target).voidedBy = e.Seq
			default:
				bad(e.Seq, "ruling %q is neither %s nor %s", r.Decision, events.Condone, events.VoidIt)
			}
		case events.TypeAdjust:
			var a events.Adjust
			if err := json.Unmarshal(e.Payload, &a); err != nil || !slices.Contains(players, a.Player) {
				bad(e.Seq, "adjustment names no player of this game")
			}
		}
	}
	return fixes, flags
}

// IsMove reports whether an event of type t is a move of the game, as opposed to its creation
// or the log's bookkeeping (corrections and adjustments).
func IsMove(t string) bool {
	switch t {
	case "", events.TypeCreated, events.TypeVoid, events.TypeAmend, events.TypeRuling, events.TypeAdjust:
		return false
	}
	return true
}
