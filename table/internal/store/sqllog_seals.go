package store

import (
	"context"
	"fmt"

	"github.com/tableside/tableside/events"
)

// hashesAtQuery reads event ? of every game, stepping through the games in id order and
// looking each one's event up by its key (CROSS JOIN keeps SQLite to that order, where it
// would rather read every event).
const hashesAtQuery = `SELECT e.game, e.hash FROM games g CROSS JOIN events e
	WHERE e.game = g.id AND e.seq = ? ORDER BY g.id`

// HashesAt reads event seq of every game whose log reaches it, in game order, each as the
// Head of the log cut after it: what finds the game a sheet's seal was made of, from the seal
// alone. It steps from game to game through the games and looks each event up by its key.
func (s *sqlLog) HashesAt(ctx context.Context, seq int64) ([]events.Head, error) {
	rows, err := s.query(ctx, hashesAtQuery, seq)
	if err != nil {
		return nil, fmt.Errorf("event %d of every game: %w", seq, err)
	}
	defer rows.Close()
	var out []events.Head
	for rows.Next() {
		h := events.Head{Events: seq}
		if err := rows.Scan(&h.Game, &h.Hash); err != nil {
			return nil, fmt.Errorf("event %d of every game: %w", seq, err)
		}
		out = append(out, h)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("event %d of every game: %w", seq, err)
	}
	return out, nil
}

// endsQuery steps from game to game through the events' key (each next game is one lookup)
// and reads each one's last event: a few lookups a game, where grouping the events would read
// every one of them, which cost `games` an eighth of its time on a large file.
const endsQuery = `WITH RECURSIVE g(game) AS (
		SELECT min(game) FROM events
		UNION ALL SELECT (SELECT min(game) FROM events WHERE game > g.game) FROM g WHERE g.game IS NOT NULL)
	SELECT e.game, e.seq, e.hash FROM g
	JOIN events e ON e.game = g.game AND e.seq = (SELECT max(seq) FROM events WHERE game = g.game)
	ORDER BY e.game`

// Ends reads where every game's log ends, in game order: what the file's seal is made of
// (events.FileSeal). It reads the log itself, not the games rows, since the log is the record.
func (s *sqlLog) Ends(ctx context.Context) ([]events.Head, error) {
	rows, err := s.query(ctx, endsQuery)
	if err != nil {
		return nil, fmt.Errorf("the games' last events: %w", err)
	}
	defer rows.Close()
	var heads []events.Head
	for rows.Next() {
		var h events.Head
		if err := rows.Scan(&h.Game, &h.Events, &h.Hash); err != nil {
			return nil, fmt.Errorf("the games' last events: %w", err)
		}
		heads = append(heads, h)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("the games' last events: %w", err)
	}
	return heads, nil
}
