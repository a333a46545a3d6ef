package store

import (
	"context"
	"fmt"
)

// Moved is where an imported game came from. Its events are stored with the hashes they had
// there: their chain covers Origin, not the number the game gets here.
type Moved struct {
	// Origin is the number the game's hash chain covers: the one it was first recorded under.
	Origin int64
	// Batch names the import: the games of one file share it, so that the file's seal can be
	// held against them later (FileSeal numbers them as Number).
	Batch int64
	// Number is the game's number in the file it was imported from.
	Number int64
}

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
