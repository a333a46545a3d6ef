package store

import (
	"context"
	"fmt"

	"github.com/tableside/tableside/events"
)

// MovedGame is a game imported with its hash chain, and where it came from.
type MovedGame struct {
	Game int64 // its number here
	Moved
}

// MovedGames lists the games imported with their chains, an import at a time (by Batch) and in
// each by their number in its file: what a file's seal, written down where the file was kept,
// is held against once its games live here.
func (s *sqlLog) MovedGames(ctx context.Context) ([]MovedGame, error) {
	rows, err := s.query(ctx, `SELECT id, origin, import_batch, import_game FROM games
		WHERE import_batch IS NOT NULL ORDER BY import_batch, import_game, id`)
	if err != nil {
		return nil, fmt.Errorf("imported games: %w", err)
	}
	defer rows.Close()
	var out []MovedGame
	for rows.Next() {
		var m MovedGame
		if err := rows.Scan(&m.Game, &m.Origin, &m.Batch, &m.Number); err != nil {
			return nil, fmt.Errorf("imported games: %w", err)
		}
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("imported games: %w", err)
	}
	return out, nil
}

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
