package store

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/tableside/tableside/events"
)

// Load returns game's events in seq order, or ErrNoGame. The database gives the rows as one
// text (readsAsText), as it gives a kept game's rows: read row by row, the driver's work on
// each row and column was most of a long game's read. Rows the text does not read as (a time
// stored as a fraction, rows out of order) are read again row by row, which says what is wrong
// with them as it always did; so are rows the text leaves out (a column left null by a
// schema edited behind the store's back), which the count shows.
func (s *sqlLog) Load(ctx context.Context, game int64) ([]events.Event, error) {
	var rows string
	var n, origin int64
	if err := s.queryRow(ctx, s.loadQuery, game, game).Scan(&n, &rows, &origin); err != nil {
		return nil, fmt.Errorf("game %d: %w", game, err)
	}
	if n == 0 {
		return nil, fmt.Errorf("game %d: %w", game, ErrNoGame)
	}
	if evs, ok := eventsOf(rows, game, origin); ok && int64(len(evs)) == n {
		return evs, nil
	}
	return s.LoadAfter(ctx, game, 0)
}

// eventsOf makes game's events of rows as loadQuery reads them. It reports false for a text
// that does not read as rows in seq order. The events' texts are parts of rows, and their
// payloads parts of one allocation, each capped at its own end so that no append to one
// runs into the next.
func eventsOf(rows string, game, origin int64) ([]events.Event, bool) {
	n := strings.Count(rows, ",") + 1 // at least the number of rows: a text may hold commas
	evs := make([]events.Event, 0, n)
	type span struct{ from, to int }
	spans := make([]span, 0, n)
	size := 0
	for rest := rows; ; {
		var e events.Event
		var texts [4]string
		var ok bool
		if e.Seq, rest, ok = cutInt(rest); !ok {
			return nil, false
		}
		if e.At, rest, ok = cutInt(rest); !ok {
			return nil, false
		}
		for i := range texts {
			var l int64
			if l, rest, ok = cutInt(rest); !ok || l < 0 || l > int64(len(rest)) {
				return nil, false
			}
			if i == 2 {
				from := len(rows) - len(rest)
				spans = append(spans, span{from, from + int(l)})
				size += int(l)
			}
			texts[i], rest = rest[:l], rest[l:]
		}
		if len(evs) > 0 && e.Seq <= evs[len(evs)-1].Seq {
			return nil, false
		}
		e.Game, e.Type, e.Actor, e.Hash, e.Origin = game, texts[0], texts[1], texts[3], origin
		evs = append(evs, e)
		if rest == "" {
			break
		}
		if rest[0] != ',' {
			return nil, false
		}
		rest = rest[1:]
	}
	payloads := make([]byte, 0, size)
	for i, sp := range spans {
		at := len(payloads)
		payloads = append(payloads, rows[sp.from:sp.to]...)
		evs[i].Payload = payloads[at:len(payloads):len(payloads)]
	}
	return evs, true
}

// cutInt reads a whole number and the colon after it from the front of s.
func cutInt(s string) (int64, string, bool) {
	i := strings.IndexByte(s, ':')
	if i < 0 {
		return 0, "", false
	}
	v, err := strconv.ParseInt(s[:i], 10, 64)
	return v, s[i+1:], err == nil
}

// loadAfterQuery starts at (game, after+1) on the primary key, so reading the last few events
// of a long game costs no more than reading those of a short one.
// The number the game's chain covers is read once, by a subquery of no row of events: joined to
// every event it cost a read of 300 events a fifth more.
const loadAfterQuery = `SELECT game, seq, type, actor, payload, at, hash,
		coalesce((SELECT nullif(origin, id) FROM games WHERE id = ?), 0)
	FROM events WHERE game = ? AND seq > ? ORDER BY seq`

// LoadAfter returns game's events that follow event after, in seq order: what a page showing a
// game live needs to catch up. It returns nil when nothing follows after yet, ErrNoGame for an
// unknown game, and an error for a negative after.
func (s *sqlLog) LoadAfter(ctx context.Context, game, after int64) ([]events.Event, error) {
	if after < 0 {
		return nil, fmt.Errorf("game %d: no event %d to load after: events are numbered from 1", game, after)
	}
	evs, err := s.eventsAfter(ctx, game, after)
	if err != nil || len(evs) > 0 {
		return evs, err
	}
	// Nothing follows after: either the game is up to date or there is no such game. A game
	// whose events are all gone counts as none, as it does for Append.
	var exists bool
	if err := s.queryRow(ctx, `SELECT EXISTS (SELECT 1 FROM events WHERE game = ?)`, game).
		Scan(&exists); err != nil {
		return nil, fmt.Errorf("game %d: %w", game, err)
	}
	if !exists {
		return nil, fmt.Errorf("game %d: %w", game, ErrNoGame)
	}
	return nil, nil
}

// eventsAfter reads game's events that follow event after, in seq order.
func (s *sqlLog) eventsAfter(ctx context.Context, game, after int64) ([]events.Event, error) {
	rows, err := s.query(ctx, loadAfterQuery, game, game, after)
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", game, err)
	}
	defer rows.Close()
	var evs []events.Event
	sc := newEventScanner(true)
	for rows.Next() {
		e, err := sc.scan(rows)
		if err != nil {
			return nil, fmt.Errorf("game %d: %w", game, err)
		}
		evs = append(evs, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("game %d: %w", game, err)
	}
	return evs, nil
}

// First returns game's first event, read alone: what says whether and where a tournament made
// the game, which a request's credential is checked against before anything else of the game
// is read. It returns ErrNoGame for an unknown game.
func (s *sqlLog) First(ctx context.Context, game int64) (events.Event, error) {
	rows, err := s.query(ctx, loadAfterQuery+` LIMIT 1`, game, game, 0)
	if err != nil {
		return events.Event{}, fmt.Errorf("game %d: %w", game, err)
	}
	defer rows.Close()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return events.Event{}, fmt.Errorf("game %d: %w", game, err)
		}
		return events.Event{}, fmt.Errorf("game %d: %w", game, ErrNoGame)
	}
	e, err := newEventScanner(true).scan(rows)
	if err != nil {
		return events.Event{}, fmt.Errorf("game %d: %w", game, err)
	}
	return e, rows.Close()
}

// readsAsText sets the queries that read a game's rows as one text, each row written by the
// database's expression rowText: its seq, time, and its texts each after its length in bytes
// (so that no two sets of rows read alike), as readAs writes it. loadQuery reads all of them,
// heldQuery those up to a seq, with the token of the database's guard of them read in the
// same statement (logGuard); each with their number, and the number the chain covers. The
// rows come in the order of the primary key, which both databases aggregate in as they read it
// (an ORDER BY in the aggregate would sort them again: a third of the read); rows taken in
// another order would only read as changed, and be read again whole. onQuery reads a game's
// rows from a seq on, each with its part of the token, and the token of the rows up to it.
func (s *sqlLog) readsAsText(rowText string) {
	const query = `SELECT count(*), coalesce(string_agg(row, ','), ''),
		coalesce((SELECT nullif(origin, id) FROM games WHERE id = ?), 0)%s
	FROM (SELECT %s AS row%s FROM events WHERE game = ?%s ORDER BY seq) AS held`
	s.loadQuery = fmt.Sprintf(query, "", rowText, "", "")
	s.heldQuery = fmt.Sprintf(query, ", "+s.guard.held, rowText, ", "+s.guard.row+" AS part", " AND seq <= ?")
	s.onQuery = `SELECT game, seq, type, actor, payload, at, hash,
		coalesce((SELECT nullif(origin, id) FROM games WHERE id = ?), 0), ` + s.guard.upTo + `, ` + s.guard.row + `
	FROM events WHERE game = ? AND seq >= ? ORDER BY seq`
}

// concatenatedRow is a row as loadQuery and heldQuery read it, in the SQL both databases speak.
const concatenatedRow = `seq || ':' || at || ':' || octet_length(type) || ':' || type ||
	octet_length(actor) || ':' || actor || octet_length(payload) || ':' || payload ||
	octet_length(hash) || ':' || hash`

// formattedRow is the same row written by SQLite's printf, which builds it in one piece where
// each || makes a string of its own: a long game's read took a fifth less time on a server's
// night (BenchmarkClubNight, package web), its allocator's lock less contended. printf's %d
// would cut a time stored as a fraction to a whole one, so a row whose seq or time is not an
// integer is left out: the count then differs, and the rows are read again row by row.
const formattedRow = `CASE WHEN typeof(seq) = 'integer' AND typeof(at) = 'integer' THEN
	printf('%d:%d:%d:%s%d:%s%d:%s%d:%s', seq, at, octet_length(type), type,
		octet_length(actor), actor, octet_length(payload), payload, octet_length(hash), hash) END`

// readAs reports whether rows, as heldQuery reads them, are held's events.
func readAs(rows string, held []events.Event) bool {
	var b []byte
	for i, e := range held {
		b = b[:0]
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, e.Seq, 10)
		b = append(b, ':')
		b = strconv.AppendInt(b, e.At, 10)
		b = append(b, ':')
		b = appendText(b, e.Type)
		b = appendText(b, e.Actor)
		b = appendText(b, string(e.Payload))
		b = appendText(b, e.Hash)
		if len(rows) < len(b) || rows[:len(b)] != string(b) {
			return false
		}
		rows = rows[len(b):]
	}
	return rows == ""
}

// appendText appends text after its length, as heldQuery writes a row's texts.
func appendText(b []byte, text string) []byte {
	b = strconv.AppendInt(b, int64(len(text)), 10)
	return append(append(b, ':'), text...)
}

// eventScanner reads rows of game, seq, type, actor, payload, at and, with hashes, hash and the
// number the chain covers when it is not the game's (origin, 0 for none). It
// scans every row into the same destinations: a walk reads millions of rows, and a new event
// and list of destinations for each would cost an allocation a row.
type eventScanner struct {
	e    events.Event
	dest []any
}

func newEventScanner(withHash bool) *eventScanner {
	s := &eventScanner{}
	s.dest = []any{&s.e.Game, &s.e.Seq, &s.e.Type, &s.e.Actor, (*[]byte)(&s.e.Payload), &s.e.At, &s.e.Hash, &s.e.Origin}
	if !withHash {
		s.dest = s.dest[:6]
	}
	return s
}

// scan reads the row rows is at. The event is the caller's: Scan gives each row a new payload.
func (s *eventScanner) scan(rows *sql.Rows) (events.Event, error) {
	err := rows.Scan(s.dest...)
	return s.e, err
}

// ScanQuery is the query ScanGames reads the games whose id is in [?1, ?2) with when it reads
// no hashes, as a walk of the file for a replay does. A program that measures the walk against
// a plain read of the same rows runs this very query.
const ScanQuery = `SELECT game, seq, type, actor, payload, at` + scanRange

// scanHashQuery is ScanQuery with each event's hash and the number its chain covers.
const scanHashQuery = `SELECT e.game, e.seq, e.type, e.actor, e.payload, e.at, e.hash, coalesce(nullif(g.origin, e.game), 0)
	FROM events e LEFT JOIN games g ON g.id = e.game WHERE e.game >= ? AND e.game < ? ORDER BY e.game, e.seq`

// scanRange is the rest of both: the games' events in the order a walk takes them.
const scanRange = ` FROM events WHERE game >= ? AND game < ? ORDER BY game, seq`

// Scan calls fn with every event of every game, ordered by game then seq, reading one row at a
// time, without its hash: the read a walk of the file for a replay makes. It stops at the first
// error fn returns and returns that error unchanged.
func (s *sqlLog) Scan(ctx context.Context, fn func(events.Event) error) error {
	return s.scan(ctx, false, 0, math.MaxInt64, fn)
}

// ScanGames calls fn with the events of each game whose id is in [from, to), a game at a time in
// game order, in one pass over that part of the file: a walk holds one game's events at a time,
// and fn owns the slice it is given. Without withHash the hash column is not read and Hash is
// "" (a replay does not need it). A game with no events is not visited (VerifyFile names it).
// Each call is one read transaction, so it sees the games as they were when it began.
func (s *sqlLog) ScanGames(ctx context.Context, from, to int64, withHash bool, fn func([]events.Event) error) error {
	// A game's events gather in buf, kept from game to game, and each game is handed on in a
	// slice of its own size: games differ in length, and a slice grown event by event is
	// allocated and copied several times over.
	var buf []events.Event
	err := s.scan(ctx, withHash, from, to, func(e events.Event) error {
		if len(buf) > 0 && e.Game != buf[0].Game {
			if err := fn(slices.Clone(buf)); err != nil {
				return err
			}
			buf = buf[:0]
		}
		buf = append(buf, e)
		return nil
	})
	if err != nil || len(buf) == 0 {
		return err
	}
	return fn(slices.Clone(buf))
}

// scan reads the events of the games whose id is in [from, to) in game and seq order.
func (s *sqlLog) scan(ctx context.Context, withHash bool, from, to int64, fn func(events.Event) error) error {
	query := ScanQuery
	if withHash {
		query = scanHashQuery
	}
	rows, err := s.query(ctx, query, from, to)
	if err != nil {
		return fmt.Errorf("scan events: %w", err)
	}
	defer rows.Close()
	sc := newEventScanner(withHash)
	for rows.Next() {
		e, err := sc.scan(rows)
		if err != nil {
			return fmt.Errorf("scan events: %w", err)
		}
		if err := fn(e); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("scan events: %w", err)
	}
	return nil
}

// Heads returns the seq of the last event of each of games, by game; a game with no events is
// left out. Each is one search of the primary key, however long the log.
func (s *sqlLog) Heads(ctx context.Context, games []int64) (map[int64]int64, error) {
	heads := make(map[int64]int64, len(games))
	if len(games) == 0 {
		return heads, nil
	}
	args := make([]any, len(games))
	for i, g := range games {
		args[i] = g
	}
	q := `SELECT g.id, (SELECT max(seq) FROM events WHERE game = g.id) FROM games g WHERE g.id IN (?` +
		strings.Repeat(",?", len(games)-1) + `)`
	rows, err := s.query(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("last events: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var seq sql.NullInt64
		if err := rows.Scan(&id, &seq); err != nil {
			return nil, fmt.Errorf("last events: %w", err)
		}
		if seq.Valid {
			heads[id] = seq.Int64
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("last events: %w", err)
	}
	return heads, nil
}
