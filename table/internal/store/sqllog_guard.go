package store

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/tableside/tableside/events"
)

// A server that keeps a game in play holds it to the store at every read: every row of it, as
// LoadOn reads them, costs what reading them costs, and grows with the log. A Guard lets the
// next read take only the rows from a seq on: the database vouches, by a token read in the
// same statement as the rows, that none of the rows up to that seq changed since the token
// was read.
//
//   - SQLite: the file's schema_version. The triggers refuse every change to a row once
//     written, and lifting or changing one changes the schema, which SQLite counts; a version
//     is taken for a guard only once the schema at it is found to be schema.sql's, as verify
//     finds it. One token vouches for every game of the file.
//   - PostgreSQL: a game's own rows, by their count and the sum, modulo a prime, of a 64-bit
//     hash of each row's seq and xmin (the transaction that wrote that version of the row).
//     Its triggers do not fire in a replica session (session_replication_role), which leaves no
//     mark in the catalogs; but every change to a row, whoever makes it, writes a new version
//     of it under a new xmin, and a row removed leaves the count. The token is an aggregate over
//     the game's rows, read by the database, a small part of the cost of the rows themselves.
type Guard struct {
	// Seq is the last row the token vouches for; Token is "" for no guard.
	Seq   int64
	Token string
}

// logGuard is how a store's database vouches for a game's rows, in its own SQL.
type logGuard struct {
	// row is each row's part of the token, as a column; held is heldQuery's token of its rows
	// (each row's part named part); upTo the token of a game's rows up to a seq, with the
	// game's id and the seq as its parameters when upToArgs.
	row, held, upTo string
	upToArgs        bool
	// fold is a token with rows' parts added (nil: one token vouches for every row).
	fold func(token string, parts []string) (string, bool)
	// check says whether a token vouches at all (nil: every token read does).
	check func(ctx context.Context, token string) (bool, error)
	// seen is the last token check found to vouch.
	mu   sync.Mutex
	seen string
}

// vouches reports whether token vouches for the rows, by check: the first time a token is
// seen, and never again while it stands.
func (g *logGuard) vouches(ctx context.Context, token string) (bool, error) {
	if token == "" {
		return false, nil
	}
	if g.check == nil {
		return true, nil
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if token == g.seen {
		return true, nil
	}
	ok, err := g.check(ctx, token)
	if err != nil || !ok {
		return false, err
	}
	g.seen = token
	return true, nil
}

// LoadOn reads game's log for a reader that holds it as read before (held, in seq order from
// event 1), as a server keeping a game in play does: it reports whether every row of held is
// in the store as held has it, column for column (the hash, and what the hash is made from,
// so that an event edited with its hash left as it was shows, as it shows to a fresh read,
// which checks the chain), and returns the events stored after them. The database gives the
// rows held as one text (readsAsText), held to held without making events of them, and reads
// the rows after as LoadAfter reads them: the rows held cost a fraction of reading them as events
// (BenchmarkKeptGameRead, package table), and nothing is replayed. A game with no events holds
// none of held. The guard vouches for the rows held, for LoadFrom; none when the database does
// not guard its log as its schema does (a trigger lifted, or not as made).
func (s *sqlLog) LoadOn(ctx context.Context, game int64, held []events.Event) (more []events.Event, guard Guard, same bool, err error) {
	if len(held) == 0 {
		return nil, Guard{}, false, nil
	}
	last := held[len(held)-1]
	var n, origin int64
	var rows, token string
	if err := s.queryRow(ctx, s.heldQuery, game, game, last.Seq).Scan(&n, &rows, &origin, &token); err != nil {
		return nil, Guard{}, false, fmt.Errorf("game %d: %w", game, err)
	}
	if n != int64(len(held)) || origin != held[0].Origin || !readAs(rows, held) {
		return nil, Guard{}, false, nil
	}
	if ok, err := s.guard.vouches(ctx, token); err == nil && ok {
		guard = Guard{Seq: last.Seq, Token: token}
	}
	// The game is there, as its rows were just read: what follows needs no more than the rows.
	more, err = s.eventsAfter(ctx, game, last.Seq)
	return more, guard, err == nil, err
}

// LoadFrom reads, for a reader that found a game's rows as it holds them under guard (LoadOn,
// or LoadFrom before), the events stored after those it holds: tail, its events from the
// guard's seq on. While the guard's token stands (read in the same statement as the rows) the
// rows up to its seq are as they were, and only those from it on are read again, held to tail
// column for column, with those after. It reports false when the token is not as it was, or a
// row not as tail has it: the reader then holds every row to the store's (LoadOn). now vouches
// for every row read.
func (s *sqlLog) LoadFrom(ctx context.Context, game int64, tail []events.Event, guard Guard) (more []events.Event, now Guard, same bool, err error) {
	if guard.Token == "" || len(tail) == 0 || tail[0].Seq != guard.Seq {
		return nil, Guard{}, false, nil
	}
	from, token, parts, err := s.eventsFrom(ctx, game, guard.Seq)
	if err != nil || token != guard.Token || len(from) < len(tail) {
		return nil, Guard{}, false, err
	}
	for i, e := range tail {
		if !sameRow(from[i], e) {
			return nil, Guard{}, false, nil
		}
	}
	now = Guard{Seq: from[len(from)-1].Seq, Token: token}
	if s.guard.fold != nil {
		var ok bool
		if now.Token, ok = s.guard.fold(token, parts[1:]); !ok {
			now = Guard{}
		}
	}
	if len(from) == len(tail) {
		return nil, now, true, nil // nothing after, as LoadAfter says it
	}
	return from[len(tail):], now, true, nil
}

// sameRow reports whether a and b, of one game, are the same row.
func sameRow(a, b events.Event) bool {
	return a.Seq == b.Seq && a.Type == b.Type && a.Actor == b.Actor &&
		string(a.Payload) == string(b.Payload) && a.At == b.At && a.Hash == b.Hash && a.Origin == b.Origin
}

// eventsFrom reads game's events from event from on, in seq order, the token of the rows up
// to it as they were read, and each row's part of the token.
func (s *sqlLog) eventsFrom(ctx context.Context, game, from int64) ([]events.Event, string, []string, error) {
	args := []any{game, game, from}
	if s.guard.upToArgs {
		args = []any{game, game, from, game, from}
	}
	rows, err := s.query(ctx, s.onQuery, args...)
	if err != nil {
		return nil, "", nil, fmt.Errorf("game %d: %w", game, err)
	}
	defer rows.Close()
	var evs []events.Event
	var parts []string
	var token, part string
	sc := newEventScanner(true)
	dest := append(sc.dest, &token, &part)
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return nil, "", nil, fmt.Errorf("game %d: %w", game, err)
		}
		evs = append(evs, sc.e)
		parts = append(parts, part)
	}
	if err := rows.Err(); err != nil {
		return nil, "", nil, fmt.Errorf("game %d: %w", game, err)
	}
	return evs, token, parts, nil
}

// rowHashPrime is the prime PostgreSQL's token sums its rows' hashes modulo (2^61 − 1), so
// that a sum of many rows stays a bigint.
const rowHashPrime = 2305843009213693951

// pgGuard is PostgreSQL's: a game's rows by their count and the sum of their parts, each a
// hash of its seq and xmin, as "count:sum".
func pgGuard() logGuard {
	p := strconv.FormatInt(rowHashPrime, 10)
	row := `((hashtextextended(seq::text || ':' || xmin::text, 0) % ` + p + `) + ` + p + `) % ` + p
	token := func(part string) string {
		return `count(*)::text || ':' || (coalesce(sum(` + part + `), 0) % ` + p + `)::text`
	}
	return logGuard{
		row:      row,
		held:     token("part"),
		upTo:     `(SELECT ` + token(row) + ` FROM events WHERE game = ? AND seq <= ?)`,
		upToArgs: true,
		fold:     foldRowHashes,
	}
}

// foldRowHashes adds rows' parts to a "count:sum" token.
func foldRowHashes(token string, parts []string) (string, bool) {
	count, sum, ok := strings.Cut(token, ":")
	n, err1 := strconv.ParseUint(count, 10, 64)
	total, err2 := strconv.ParseUint(sum, 10, 64)
	if !ok || err1 != nil || err2 != nil || total >= rowHashPrime {
		return "", false
	}
	for _, part := range parts {
		h, err := strconv.ParseUint(part, 10, 64)
		if err != nil || h >= rowHashPrime {
			return "", false
		}
		n++
		total = (total + h) % rowHashPrime // both below 2^61: no overflow
	}
	return strconv.FormatUint(n, 10) + ":" + strconv.FormatUint(total, 10), true
}
