package store

import (
	"context"
	"fmt"
)

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
