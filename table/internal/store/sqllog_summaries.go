package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"strconv"

	"github.com/tableside/tableside/events"
)

// Summary is what the application's replay says of a game, kept beside its log so that a list
// reads a row a game instead of a replay (schema.sql's summaries). The store never reads Body:
// it keeps it with the event it was made from and hands it back only while that event is the
// game's last, made by the version asked for, its seal whole.
type Summary struct {
	Version string // the engine that made it; "" is no summary
	Body    []byte // JSON
}

// Summarized is a summary made from a game's log as read, for Summarize: Seq and Hash are the
// last event it was made from.
type Summarized struct {
	Game int64
	Seq  int64
	Hash string
	Summary
}

// sealOf is a summary's seal. It covers the game and the event it was made from as well as the
// body, so that a row edited, or copied to another game or an earlier point of one, does not
// match.
func sealOf(game, seq int64, hash, version string, body []byte) string {
	h := sha256.New()
	h.Write([]byte(strconv.FormatInt(game, 10) + "\n" + strconv.FormatInt(seq, 10) + "\n" + hash + "\n" + version + "\n"))
	h.Write(body)
	return hex.EncodeToString(h.Sum(nil))
}

// upsertSummary replaces a game's summary: a read model, the one table whose rows change.
const upsertSummary = `INSERT INTO summaries (game, seq, hash, version, body, seal) VALUES (?, ?, ?, ?, ?, ?)
	ON CONFLICT (game) DO UPDATE SET seq = excluded.seq, hash = excluded.hash, version = excluded.version,
		body = excluded.body, seal = excluded.seal`

// summarize writes sum as game's summary made from its event last, in the writing transaction
// that wrote last: nothing for no summary, whose game's row, if any, is then stale.
func (w *writing) summarize(ctx context.Context, game int64, last events.Event, sum Summary) error {
	if sum.Version == "" {
		return nil
	}
	st, err := w.stmt(ctx, upsertSummary)
	if err != nil {
		return fmt.Errorf("summary: %w", err)
	}
	if _, err := st.ExecContext(ctx, game, last.Seq, last.Hash, sum.Version, string(sum.Body), sealOf(game, last.Seq, last.Hash, sum.Version, sum.Body)); err != nil {
		return fmt.Errorf("summary: %w", err)
	}
	return nil
}

// Summarize writes summaries made from logs as read, in one transaction: each one whose game's
// log still ends at the event it was made from. It returns how many it wrote; one whose game
// has moved on since is left out, since the next event's summary replaces it.
func (s *sqlLog) Summarize(ctx context.Context, sums []Summarized) (int, error) {
	w, done, err := s.beginWriting(ctx, true)
	if err != nil {
		return 0, fmt.Errorf("summarize: %w", err)
	}
	defer done()
	written := 0
	for _, sum := range sums {
		var seq int64
		var hash string
		err := w.scanRow(ctx, `SELECT seq, hash FROM events WHERE game = ? ORDER BY seq DESC LIMIT 1`, []any{sum.Game}, &seq, &hash)
		switch {
		case err == sql.ErrNoRows:
			continue
		case err != nil:
			return 0, fmt.Errorf("summarize: game %d: %w", sum.Game, err)
		case seq != sum.Seq || hash != sum.Hash:
			continue
		}
		if err := w.summarize(ctx, sum.Game, events.Event{Seq: seq, Hash: hash}, sum.Summary); err != nil {
			return 0, fmt.Errorf("summarize: game %d: %w", sum.Game, err)
		}
		written++
	}
	if err := commit(w.tx); err != nil {
		return 0, fmt.Errorf("summarize: %w", err)
	}
	return written, nil
}

// summariesQuery reads the games of a span with their summaries and their logs' last events:
// the last event by the primary key's last entry of the game, one probe a game.
const summariesQuery = `SELECT g.id, s.seq, s.hash, s.version, s.body, s.seal, e.seq, e.hash
	FROM games g
	LEFT JOIN summaries s ON s.game = g.id
	LEFT JOIN events e ON e.game = g.id AND e.seq = (SELECT max(seq) FROM events WHERE game = g.id)
	WHERE g.id >= ? AND g.id <= ?
	ORDER BY g.id`

// Summaries hands fn every game from from to to (to 0: to the last) in id order, with its
// summary body when a current one of version is kept: made from the game's last event by
// version, its seal whole. Otherwise the body is nil, and the caller replays the game: a
// summary is never trusted over the log.
func (s *sqlLog) Summaries(ctx context.Context, version string, from, to int64, fn func(game int64, body []byte) error) error {
	if to <= 0 {
		to = 1<<63 - 1
	}
	rows, err := s.query(ctx, summariesQuery, from, to)
	if err != nil {
		return fmt.Errorf("summaries: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var game int64
		var seq, lastSeq sql.NullInt64
		var hash, ver, seal, lastHash sql.NullString
		var body []byte
		if err := rows.Scan(&game, &seq, &hash, &ver, &body, &seal, &lastSeq, &lastHash); err != nil {
			return fmt.Errorf("summaries: %w", err)
		}
		current := seq.Valid && lastSeq.Valid && seq.Int64 == lastSeq.Int64 && hash.String == lastHash.String &&
			ver.String == version && seal.String == sealOf(game, seq.Int64, hash.String, ver.String, body)
		if !current {
			body = nil
		}
		if err := fn(game, body); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("summaries: %w", err)
	}
	return nil
}

// verifySummaries names the games whose summary's seal does not match its row, and summaries
// of no game: rows written outside tableside. (A summary made from an earlier event, or by
// another engine, is only stale: no read takes it.)
func (s *sqlLog) verifySummaries(ctx context.Context) ([]events.Broken, error) {
	found, err := s.findings(ctx, `SELECT game, 0, 'a summary is kept of a game that has no games row: the row was written behind the log''s back'
		FROM summaries WHERE game NOT IN (SELECT id FROM games)`)
	if err != nil {
		return nil, err
	}
	rows, err := s.query(ctx, `SELECT game, seq, hash, version, body, seal FROM summaries ORDER BY game`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var game, seq int64
		var hash, version, seal string
		var body []byte
		if err := rows.Scan(&game, &seq, &hash, &version, &body, &seal); err != nil {
			return nil, err
		}
		if seal != sealOf(game, seq, hash, version, body) {
			found = append(found, events.Broken{Game: game, Reason: "its summary is not as tableside wrote it (the seal does not match): " +
				"the row was changed behind the log's back; lists replay the game instead, and `tableside summarize` makes it again"})
		}
	}
	return found, rows.Err()
}
