package referee

import "github.com/tableside/tableside/events"

// Replayer follows a log as it grows, one event at a time, so that each event can be read in
// the light of the game as it stood just before it, corrections so far included: after every
// Add its state is the state a Replay of the log so far reaches. This is how a transcript is
// read, each line meaning what it meant when it was written.
//
// A correction changes the game from the event it names onwards. The replayer keeps a copy of
// the state before each event it is told corrections will name, so a correction costs the
// events it re-judges (one, for an undo), not a replay of the whole log. Flags are left to
// Replay, which judges the finished log once.
type Replayer struct {
	rules  Rules
	setup  events.Created
	log    []events.Event
	fixes  *fixes
	game   Game
	keep   map[int64]bool
	before map[int64]Game // copies of the state before the kept events
}

// NewReplayer starts following the game that first creates. keep names the events that later
// corrections will name; a correction of any other event replays from the start.
func NewReplayer(r Rules, first events.Event, keep []int64) (*Replayer, error) {
	setup, g, err := start(r, first)
	if err != nil {
		return nil, err
	}
	rp := &Replayer{rules: r, setup: setup, fixes: newFixes(setup.Players, 0), game: g,
		keep: map[int64]bool{}, before: map[int64]Game{}}
	for _, seq := range keep {
		rp.keep[seq] = true
	}
	first.Seq = 1
	rp.fixes.read(first)
	rp.log = append(rp.log, first)
	return rp, nil
}

// Game is the state after every event added. Read it (parse a move, list what is legal); to
// try a move on it, apply the move to a Clone.
func (rp *Replayer) Game() Game { return rp.game }

// Setup is the game's setup, from its first event.
func (rp *Replayer) Setup() events.Created { return rp.setup }

// Before returns a copy of the state just before the event at seq: how the game stood when that
// event was recorded, with every correction added so far applied.
func (rp *Replayer) Before(seq int64) Game {
	if g, ok := rp.before[seq]; ok {
		return g.Clone()
	}
	g, _ := rp.rules.New(rp.setup) // NewReplayer made one from this setup already
	for _, e := range rp.log[1:max(1, min(int(seq)-1, len(rp.log)))] {
		rp.fixes.step(g, e)
	}
	return g
}

// Add appends the next event of the log and brings the state up to date. The event's Seq is
// set to its place in the log.
func (rp *Replayer) Add(e events.Event) {
	e.Seq = int64(len(rp.log) + 1)
	rp.log = append(rp.log, e)
	if changed, _ := rp.fixes.read(e); changed != 0 {
		rp.rewind(changed)
		return
	}
	if rp.keep[e.Seq] {
		rp.before[e.Seq] = rp.game.Clone()
	}
	rp.fixes.step(rp.game, e)
}

// rewind replays the log from the event at target, whose form in force a correction changed,
// taking fresh copies of the kept states after it.
func (rp *Replayer) rewind(target int64) {
	g := rp.Before(target)
	for _, e := range rp.log[target-1:] {
		if e.Seq > target && rp.keep[e.Seq] {
			rp.before[e.Seq] = g.Clone()
		}
		rp.fixes.step(g, e)
	}
	rp.game = g
}
