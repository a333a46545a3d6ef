package table

import (
	"context"
	"errors"
	"fmt"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/tournament"
	"github.com/tableside/tableside/table/internal/store"
)

// retries bounds how often an entry is judged again when other terminals keep recording first.
const retries = 20

// commit appends what judge makes of g. When another terminal recorded first, it judges the
// entry again against the newer record and tries again — unless strict, when that is a
// Conflict — so whatever is appended was judged against the log it follows. It returns the
// game the entry was last judged against, the game with it, the event as stored, and how
// often it was judged again.
//
// A table's entry (byTable) is refused once the game's tournament round is over (T16), and is
// stored only while the tournament's log stands as it was when the round was found in play:
// an end of the round recorded between the look and the write sends the entry round again,
// to be refused.
func (a *App) commit(ctx context.Context, g *play.Game, strict, byTable bool, judge func(*play.Game) (play.Judgement, error)) (before, after *play.Game, stored events.Event, rejudged int, err error) {
	for moved := 0; ; rejudged++ {
		var while store.Unmoved
		if byTable {
			if while, err = a.roundInPlay(ctx, g); err != nil {
				return nil, nil, stored, rejudged, err
			}
		}
		j, err := judge(g)
		if err != nil {
			var e *play.Error
			if errors.As(err, &e) {
				e.Rejudged = rejudged
			}
			return nil, nil, stored, rejudged, err
		}
		// The game with its event is made as the event is stored, for the summary the store
		// keeps beside it in the same transaction.
		var after *play.Game
		_, err = a.store.AppendWhile(ctx, g.ID(), g.Last(), []events.Event{j.Event()}, func(stored []events.Event) store.Summary {
			after = g.With(j.Stored(stored[0]))
			return storedSummary(after)
		}, while)
		if errors.Is(err, store.ErrMovedOn) && moved < retries {
			moved++
			rejudged-- // judged again on the same game: only the round is looked at again
			continue
		}
		if errors.Is(err, store.ErrConflict) {
			fresh, ferr := a.Game(ctx, g.ID())
			if ferr != nil {
				return nil, nil, stored, rejudged, ferr
			}
			if !strict && rejudged < retries {
				g = fresh
				continue
			}
			return nil, nil, stored, rejudged, conflict(fresh, g.Last(), rejudged)
		}
		if err != nil {
			return nil, nil, stored, rejudged, err
		}
		a.kept.keepAfter(g, after)
		e, _ := after.EventAt(after.Last())
		return g, after, e, rejudged, nil
	}
}

// conflict is the error for an entry made against a view of the game that ended at event saw,
// when the log has moved on to g.
func conflict(g *play.Game, saw int64, rejudged int) *play.Error {
	return &play.Error{Code: play.Conflict, Game: g, Rejudged: rejudged, Err: store.ErrConflict,
		Message: fmt.Sprintf("%v: the log ends at event %d, not %d; nothing was recorded", store.ErrConflict, g.Last(), saw)}
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
	// ByTable says the move is a table's (its phone or page, by the table's code), not the
	// director's: once the game's tournament round is over it is refused (RoundOverError, T16).
	ByTable bool
}

// Record reads a move typed at the table against g — the game as the typist saw it, which
// says who "bid 9" is by and what suit it is — judges it and appends it. A move that breaks a
// rule is refused with its flags unless forced. If another terminal recorded first, the move
// as read is judged again against the newer record: it keeps its author, so a move made for
// the player who was to act is refused, not given to whoever is to act now.
func (a *App) Record(ctx context.Context, g *play.Game, words []string, opt RecordOptions) (*play.Recorded, error) {
	// A stale view is told so first: its words may mean nothing in the game as it now stands.
	if opt.Expect != 0 && opt.Expect != g.Last() {
		return nil, conflict(g, opt.Expect, 0)
	}
	m, err := g.Read(words, opt.Force)
	if err != nil {
		return nil, err
	}
	if err := g.CheckPlayed(opt.PlayedAt, a.now()); err != nil {
		return nil, err
	}
	if opt.PlayedAt != 0 {
		m.Payload = play.WithPlayed(m.Payload, opt.PlayedAt)
	}
	rec, err := a.record(ctx, g, m, opt)
	if err != nil || !rec.Game.IsTournament() {
		return rec, err
	}
	switch m.Type {
	case tournament.TypeSeat:
		// A round seated by hand has its games at once, as a pairing has (T9).
		err = a.seatGames(ctx, rec.Game, 0, "was seated again by hand")
	case tournament.TypeForfeit:
		// The others at a larger table play on in a game of their own (T10).
		if f, round := forfeitRecorded(rec); f != nil && f.Seated != 0 {
			err = a.seatGames(ctx, rec.Game, round, fmt.Sprintf("plays on without %s, who did not come (T10)", f.Absent))
		}
	}
	return rec, err
}

// forfeitRecorded is the forfeit rec stored, and its round, if the night took it (T10).
func forfeitRecorded(rec *play.Recorded) (*tournament.Forfeit, int) {
	n, err := tournamentNight(rec.Game)
	if err != nil {
		return nil, 0
	}
	for _, r := range n.Rounds() {
		for i := range r.Forfeits {
			if r.Forfeits[i].Seated == rec.Event.Seq {
				return &r.Forfeits[i], r.Round
			}
		}
	}
	return nil, 0
}

// record judges a move, read already, against g and appends it, as Record does.
func (a *App) record(ctx context.Context, g *play.Game, m referee.Move, opt RecordOptions) (*play.Recorded, error) {
	var raised []referee.Flag
	before, after, e, rejudged, err := a.commit(ctx, g, opt.Expect != 0, opt.ByTable, func(g *play.Game) (play.Judgement, error) {
		e := a.stamp(m.Type, m.Actor, m.Payload)
		e.Seq = g.Last() + 1
		j, flags, err := g.Take(e, opt.Force)
		raised = flags
		return j, err
	})
	if err != nil {
		return nil, notStored(err, "the move")
	}
	return &play.Recorded{Event: e, Flags: raised, Game: after, Before: before, Rejudged: rejudged}, nil
}
