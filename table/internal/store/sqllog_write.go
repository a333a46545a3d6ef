package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/tableside/tableside/events"
)

// Create starts a new game with the events evs, of which the first must be game.created with a
// Created payload naming the kind. It assigns the game id, the seqs 1…n and the hashes, keeps
// each event's At, and writes the game and all its events in one transaction. It returns the
// game id and the events as stored.
//
// A match holds games of one kind: a game whose match already holds a game of another kind is
// refused with a *MatchKindError, and nothing is written. The check is made in the writing
// transaction, so two terminals cannot both start a match with different kinds.
func (s *sqlLog) Create(ctx context.Context, evs []events.Event) (game int64, stored []events.Event, err error) {
	return s.CreateInMatch(ctx, evs, 0)
}

// CreateInMatch is Create for a game whose match holds at most most games (0: any number): a
// game that would be one too many is refused with a *MatchFullError, checked in the writing
// transaction like the match's kind.
func (s *sqlLog) CreateInMatch(ctx context.Context, evs []events.Event, most int) (game int64, stored []events.Event, err error) {
	ng := NewGame{Events: evs, Most: most}
	ng.Prepare()
	if ng.prepared.err != nil {
		return 0, nil, fmt.Errorf("create game: %w", ng.prepared.err)
	}
	w, done, err := s.beginWriting(ctx, false)
	if err != nil {
		return 0, nil, fmt.Errorf("create game: %w", err)
	}
	defer done()
	if game, err = w.insertGame(ctx, ng); err != nil {
		return 0, nil, err
	}
	if err := commit(w.tx); err != nil {
		return 0, nil, fmt.Errorf("create game: %w", err)
	}
	return game, ng.prepared.events, nil
}

// CreateMany stores many games in one transaction, the way a season is imported: much faster
// than a transaction a game, and still all or nothing for each game. A game refused (its events
// are bad, its match holds another kind or is full) is refused before any of it is written and
// has its Err; the others are stored. The error is for the transaction as a whole (the disk,
// a constraint no check foresaw): then nothing was stored.
func (s *sqlLog) CreateMany(ctx context.Context, games []NewGame) ([]CreateResult, error) {
	w, done, err := s.beginWriting(ctx, true)
	if err != nil {
		return nil, fmt.Errorf("create games: %w", err)
	}
	defer done()
	out := make([]CreateResult, len(games))
	for i, ng := range games {
		if ng.prepared == nil {
			ng.Prepare()
		}
		if ng.prepared.err != nil {
			out[i].Err = fmt.Errorf("create game: %w", ng.prepared.err)
			continue
		}
		game, err := w.insertGame(ctx, ng)
		var refused refusal
		switch {
		case errors.As(err, &refused):
			out[i].Err = err
		case err != nil:
			return nil, fmt.Errorf("create games: %w", err)
		default:
			out[i] = CreateResult{Game: game, Events: ng.prepared.events}
		}
	}
	if err := commit(w.tx); err != nil {
		return nil, fmt.Errorf("create games: %w", err)
	}
	return out, nil
}

// refusal is an error of a game refused for its match, found before any of it was written.
type refusal interface{ refused() }

func (*MatchKindError) refused()        {}
func (*MatchFullError) refused()        {}
func (*GameMadeError) refused()         {}
func (*TournamentStoredError) refused() {}

// insertGame writes a prepared game after checking its match (see CreateInMatch), filling in
// the events' Game, Seq and Hash (and Origin, for a game moved from where it began), and
// returns its id. A refusal for the match comes before anything is written.
func (w *writing) insertGame(ctx context.Context, ng NewGame) (int64, error) {
	p := ng.prepared
	if lock := w.s.lockCreate; lock != "" {
		if _, err := w.tx.ExecContext(ctx, lock); err != nil {
			return 0, fmt.Errorf("create game: %w", err)
		}
	}
	if match := p.created.Match; match != "" {
		var kind string
		err := w.scanRow(ctx, matchKindQuery, []any{match}, &kind)
		switch {
		case errors.Is(err, sql.ErrNoRows): // the match's first game
		case err != nil:
			return 0, fmt.Errorf("create game: match %q: %w", match, err)
		case kind != p.created.Kind:
			return 0, &MatchKindError{Match: match, Kind: kind, Refused: p.created.Kind}
		}
		if ng.Most > 0 {
			var n int
			if err := w.scanRow(ctx, `SELECT count(*) FROM games WHERE match = ? AND match <> ''`, []any{match}, &n); err != nil {
				return 0, fmt.Errorf("create game: match %q: %w", match, err)
			}
			if n >= ng.Most {
				return 0, &MatchFullError{Match: match, Games: n}
			}
		}
	}
	if err := w.checkSeating(ctx, p.created); err != nil {
		return 0, err
	}
	var origin, batch, number sql.NullInt64
	if moved := ng.Moved; moved != nil {
		origin = sql.NullInt64{Int64: moved.Origin, Valid: true}
		batch = sql.NullInt64{Int64: moved.Batch, Valid: true}
		number = sql.NullInt64{Int64: moved.Number, Valid: true}
	}
	var game int64
	err := w.scanRow(ctx, w.s.newGame, []any{p.created.Kind, p.events[0].At, p.created.Match, origin, batch, number}, &game)
	if errors.Is(err, sql.ErrNoRows) {
		err = fmt.Errorf("%w: the games row was kept out", ErrNotStored)
	}
	if err != nil {
		return 0, fmt.Errorf("create game: %w", err)
	}
	// A game kept under the number its chain covers says so by no Origin; the hashes are the
	// same either way.
	if origin.Int64 == game {
		origin.Int64 = 0
	}
	for i := range p.events {
		p.events[i].Origin = origin.Int64
	}
	if err := w.insert(ctx, game, 0, "", p.events, p.hashed); err != nil {
		return 0, fmt.Errorf("create game: %w", err)
	}
	if ng.Summarize != nil {
		if err := w.summarize(ctx, game, p.events[len(p.events)-1], ng.Summarize(game, p.events)); err != nil {
			return 0, fmt.Errorf("create game: %w", err)
		}
	}
	w.made(game, p.created)
	return game, nil
}

// checkSeating refuses a tournament's game whose table its seating has made already: two
// organisers' screens, or two servers, pairing one round at once must not make its games twice,
// and only the writing transaction sees every game made before it commits (creations take
// turns, lockCreate). Games written before a game knew its seating (Seated 0) are not checked:
// an old file may hold a table seated again by hand. A tournament's own log is refused when one
// of its identity is stored already: its games find it by that identity, so a second copy (the
// same file imported again) would take them over.
func (w *writing) checkSeating(ctx context.Context, c events.Created) error {
	if c.Kind == tournamentKind && c.TournamentID != "" {
		// Tournaments are few, and made once a night: the scan of their logs is cheap.
		id, found, err := w.findCreated(ctx, `g.kind = ?`, tournamentKind, func(_ int64, made events.Created) bool {
			return made.TournamentID == c.TournamentID
		})
		if found {
			return &TournamentStoredError{Tournament: c.Tournament, Game: id}
		}
		return err
	}
	key, ok := seatingOf(c)
	if !ok {
		return nil
	}
	made, err := w.seatingsIn(ctx, c.Match)
	if err != nil {
		return err
	}
	if id, found := made[key]; found {
		return &GameMadeError{Tournament: c.Tournament, Round: c.Round, Table: c.Table, Game: id}
	}
	return nil
}

// seating is what makes a tournament's game one table's of one seating (checkSeating).
type seating struct {
	kind, tournament, identity string
	seated                     int64
	round, table               int
}

// seatingOf is the seating game c is made for, or false for a game no seating made.
func seatingOf(c events.Created) (seating, bool) {
	if c.Seated < 1 || c.Round < 1 || c.Table < 1 || c.Tournament == "" {
		return seating{}, false
	}
	return seating{c.Kind, c.Tournament, c.TournamentID, c.Seated, c.Round, c.Table}, true
}

// seatingsIn are the seatings the games of match were made for, each with the first game made
// for it: read once a transaction, since the writing transaction is the only writer until it
// commits, and kept up with the games it makes (made), so that a round's games made together
// read their match once rather than once a game.
func (w *writing) seatingsIn(ctx context.Context, match string) (map[seating]int64, error) {
	if made, ok := w.seatings[match]; ok {
		return made, nil
	}
	made := map[seating]int64{}
	_, _, err := w.findCreated(ctx, `g.match = ? AND g.match <> ''`, match, func(id int64, c events.Created) bool {
		if key, ok := seatingOf(c); ok {
			if _, dup := made[key]; !dup {
				made[key] = id
			}
		}
		return false
	})
	if err != nil {
		return nil, err
	}
	if w.seatings == nil {
		w.seatings = map[string]map[seating]int64{}
	}
	w.seatings[match] = made
	return made, nil
}

// made notes game, just written for c, among its match's seatings when they have been read.
func (w *writing) made(game int64, c events.Created) {
	key, ok := seatingOf(c)
	if made := w.seatings[c.Match]; ok && made != nil {
		if _, dup := made[key]; !dup {
			made[key] = game
		}
	}
}

// tournamentKind is the kind of a tournament's own log (referee/tournament.Kind, which the store
// does not import).
const tournamentKind = "tournament"

// findCreated is the first game, among those where holds (of games g, for arg), whose
// game.created payload is is.
func (w *writing) findCreated(ctx context.Context, where string, arg any, is func(int64, events.Created) bool) (int64, bool, error) {
	rows, err := w.tx.QueryContext(ctx, w.s.q(`SELECT g.id, f.payload FROM games g
		JOIN events f ON f.game = g.id AND f.seq = 1
		WHERE `+where+` ORDER BY g.id`), arg)
	if err != nil {
		return 0, false, fmt.Errorf("create game: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var payload []byte
		if err := rows.Scan(&id, &payload); err != nil {
			return 0, false, fmt.Errorf("create game: %w", err)
		}
		var made events.Created
		if err := json.Unmarshal(payload, &made); err != nil {
			return 0, false, fmt.Errorf("create game: game %d: %s payload: %w", id, events.TypeCreated, err)
		}
		if is(id, made) {
			return id, true, nil
		}
	}
	if err := rows.Err(); err != nil {
		return 0, false, fmt.Errorf("create game: %w", err)
	}
	return 0, false, nil
}

// matchKindQuery reads the kind of a match's first game, which every later game must share.
// It repeats the condition of the partial index games_match (a match name is not empty) so
// that SQLite uses the index.
const matchKindQuery = `SELECT kind FROM games WHERE match = ? AND match <> '' ORDER BY id LIMIT 1`

// Append records evs at the end of game's log. after is the seq of the last event the caller
// saw: if anyone has recorded since, Append writes nothing and returns an error wrapping
// ErrConflict, and the caller reloads, decides again and retries. The check and the writes are
// one transaction that no other writer of the game shares (SQLite's immediate transaction holds
// the file; PostgreSQL's takes a lock on the game first, lockGame), so two writers can never both
// follow the same event. It returns
// ErrNoGame for an unknown game, and the events as stored (Game, Seq and Hash assigned).
func (s *sqlLog) Append(ctx context.Context, game, after int64, evs []events.Event) ([]events.Event, error) {
	return s.AppendSummarized(ctx, game, after, evs, nil)
}

// AppendSummarized is Append that also keeps what summarize makes of the events as stored as
// the game's summary, in the same transaction: the summary and the events it was made from
// are stored together or not at all. summarize is called inside the transaction, once the
// events are written and before the commit.
func (s *sqlLog) AppendSummarized(ctx context.Context, game, after int64, evs []events.Event, summarize func(stored []events.Event) Summary) ([]events.Event, error) {
	return s.AppendWhile(ctx, game, after, evs, summarize, Unmoved{})
}

// AppendWhile is AppendSummarized while another game's log still ends where while says: its
// last event is read in the same transaction, after that game is locked as an append to it
// locks it, so that an append to it either waits for this one or is seen by it. When it has
// moved on, nothing is written and the error wraps ErrMovedOn. A zero while holds no other
// game.
func (s *sqlLog) AppendWhile(ctx context.Context, game, after int64, evs []events.Event, summarize func(stored []events.Event) Summary, while Unmoved) ([]events.Event, error) {
	if len(evs) == 0 {
		return nil, fmt.Errorf("game %d: no events to append", game)
	}
	for i, e := range evs {
		if e.Type == events.TypeCreated {
			return nil, fmt.Errorf("game %d: event %d: %s only starts a game", game, i+1, events.TypeCreated)
		}
		if e.Game != 0 && e.Game != game {
			return nil, fmt.Errorf("game %d: event %d belongs to game %d", game, i+1, e.Game)
		}
	}
	stored, err := prepare(evs)
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", game, err)
	}

	w, done, err := s.beginWriting(ctx, false)
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", game, err)
	}
	defer done()
	if while.Game != 0 {
		// Locked before the game: every writer that locks both locks the lower id first, and
		// a tournament's log is made before its games.
		if err := w.heldAt(ctx, while); err != nil {
			return nil, err
		}
	}
	if s.lockGame != "" {
		if _, err := w.tx.ExecContext(ctx, s.q(s.lockGame), game); err != nil {
			return nil, fmt.Errorf("game %d: %w", game, err)
		}
	}
	var last, origin int64
	var prev string
	err = w.scanRow(ctx, `SELECT seq, hash, coalesce((SELECT nullif(origin, id) FROM games WHERE id = ?), 0)
		FROM events WHERE game = ? ORDER BY seq DESC LIMIT 1`, []any{game, game}, &last, &prev, &origin)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil, fmt.Errorf("game %d: %w", game, ErrNoGame)
	case err != nil:
		return nil, fmt.Errorf("game %d: %w", game, err)
	case last < after:
		return nil, fmt.Errorf("game %d: cannot follow event %d, the log ends at event %d", game, after, last)
	case last != after:
		return nil, fmt.Errorf("game %d: %w (you saw up to event %d, the log is now at event %d)",
			game, ErrConflict, after, last)
	}
	for i := range stored {
		stored[i].Origin = origin
	}
	if err := w.insert(ctx, game, after, prev, stored, false); err != nil {
		return nil, fmt.Errorf("game %d: %w", game, err)
	}
	if summarize != nil {
		if err := w.summarize(ctx, game, stored[len(stored)-1], summarize(stored)); err != nil {
			return nil, fmt.Errorf("game %d: %w", game, err)
		}
	}
	if err := commit(w.tx); err != nil {
		return nil, fmt.Errorf("game %d: %w", game, err)
	}
	return stored, nil
}

// Unmoved is a game's log as a writer saw it: it ends at event Last.
type Unmoved struct{ Game, Last int64 }

// heldAt locks while's game as an append to it does, and refuses with ErrMovedOn when its log
// no longer ends at while.Last.
func (w *writing) heldAt(ctx context.Context, while Unmoved) error {
	if w.s.lockGame != "" {
		if _, err := w.tx.ExecContext(ctx, w.s.q(w.s.lockGame), while.Game); err != nil {
			return fmt.Errorf("game %d: %w", while.Game, err)
		}
	}
	var last int64
	if err := w.scanRow(ctx, `SELECT coalesce(max(seq), 0) FROM events WHERE game = ?`, []any{while.Game}, &last); err != nil {
		return fmt.Errorf("game %d: %w", while.Game, err)
	}
	if last != while.Last {
		return fmt.Errorf("game %d: %w (seen up to event %d, now at event %d)", while.Game, ErrMovedOn, while.Last, last)
	}
	return nil
}

// writing is a write transaction of the log. An import writes hundreds of games in one, each
// with a games row, its events and a read of its last event: a transaction that writes many
// games (many) prepares each statement once, where one that writes one game runs its queries as they
// come. The insert of an event is always prepared, as a game's events share it.
type writing struct {
	s     *sqlLog
	tx    *sql.Tx
	many  bool
	stmts map[string]*sql.Stmt
	// seatings are the tournament seatings of the matches the transaction made games in,
	// by match (seatingsIn).
	seatings map[string]map[seating]int64
}

// beginWriting starts a write transaction (begin); done ends it, with its statements.
func (s *sqlLog) beginWriting(ctx context.Context, many bool) (w *writing, done func(), err error) {
	tx, done, err := s.begin(ctx)
	if err != nil {
		return nil, nil, err
	}
	return &writing{s: s, tx: tx, many: many}, done, nil
}

// stmt is query prepared in the transaction the first time it is asked for, or the store's
// kept statement of it taken into the transaction; it is closed with the transaction.
func (w *writing) stmt(ctx context.Context, query string) (*sql.Stmt, error) {
	if st := w.stmts[query]; st != nil {
		return st, nil
	}
	var st *sql.Stmt
	var err error
	if kept := w.s.statements.prepared(ctx, w.s.db, w.s.q(query)); kept != nil {
		st = w.tx.StmtContext(ctx, kept)
	} else if st, err = w.tx.PrepareContext(ctx, w.s.q(query)); err != nil {
		return nil, err
	}
	if w.stmts == nil {
		w.stmts = map[string]*sql.Stmt{}
	}
	w.stmts[query] = st
	return st, nil
}

// scanRow runs a query of one row with args and scans it into dest: sql.ErrNoRows when it
// finds none.
func (w *writing) scanRow(ctx context.Context, query string, args []any, dest ...any) error {
	if !w.many && w.s.statements == nil {
		return w.tx.QueryRowContext(ctx, w.s.q(query), args...).Scan(dest...)
	}
	st, err := w.stmt(ctx, query)
	if err != nil {
		return err
	}
	return st.QueryRowContext(ctx, args...).Scan(dest...)
}

// insert writes evs after event after of game, whose stored hash is prev, filling in their
// Game, Seq and Hash (their Origin is the caller's); hashed says Prepare hashed them already,
// as the same chain from prev.
//
// Whoever owns the database can make an insert write nothing and still succeed (a PostgreSQL
// rule DO INSTEAD NOTHING, a SQLite trigger that RAISEs IGNORE), or write another row than the
// one given. So each insert must have written one row, and the log must end, once they are
// all written, with the last one as given: a write the database did not make is never
// acknowledged (ErrNotStored), and the transaction writes nothing.
func (w *writing) insert(ctx context.Context, game, after int64, prev string, evs []events.Event, hashed bool) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	ins, err := w.stmt(ctx, `INSERT INTO events (game, seq, type, actor, payload, at, hash)
		VALUES (?, ?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return err
	}
	rows := ctx
	if !w.s.rowsWatched {
		rows = context.WithoutCancel(ctx)
	}
	for i := range evs {
		e := &evs[i]
		e.Game = game
		e.Seq = after + int64(i) + 1
		if !hashed {
			e.Hash = events.Hash(prev, *e)
			prev = e.Hash
		}
		res, err := ins.ExecContext(rows, e.Game, e.Seq, e.Type, e.Actor, string(e.Payload), e.At, e.Hash)
		if err != nil {
			return fmt.Errorf("event %d: %w", e.Seq, err)
		}
		n, err := res.RowsAffected()
		switch {
		case err != nil:
			return fmt.Errorf("event %d: %w", e.Seq, err)
		case n != 1:
			return fmt.Errorf("event %d: %w: the database wrote %d rows for it", e.Seq, ErrNotStored, n)
		}
	}
	// A failure to read is the connection's, not the rows': only rows read tell.
	last := evs[len(evs)-1]
	var seq int64
	var hash string
	err = w.scanRow(ctx, `SELECT seq, hash FROM events WHERE game = ? ORDER BY seq DESC LIMIT 1`, []any{game}, &seq, &hash)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return fmt.Errorf("event %d: %w: the game's log is empty once written", last.Seq, ErrNotStored)
	case err != nil:
		return fmt.Errorf("event %d: %w", last.Seq, err)
	case seq != last.Seq || hash != last.Hash:
		return fmt.Errorf("event %d: %w: the log does not end with it once written", last.Seq, ErrNotStored)
	}
	return nil
}
