package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"

	"github.com/tableside/tableside/events"
)

// verifyRows runs checks, queries that each return (game, seq, reason) for every row that
// breaks a rule the store keeps, names the game ids missing between games (idGaps) and the
// summaries written outside tableside (verifySummaries).
func (s *sqlLog) verifyRows(ctx context.Context, checks []string) ([]events.Broken, error) {
	var broken []events.Broken
	for _, q := range checks {
		found, err := s.findings(ctx, q)
		if err != nil {
			return nil, err
		}
		broken = append(broken, found...)
	}
	gaps, err := s.idGaps(ctx)
	if err != nil {
		return nil, err
	}
	sums, err := s.verifySummaries(ctx)
	if err != nil {
		return nil, err
	}
	return slices.Concat(broken, gaps, sums), nil
}

// movedChecks hold where imported games came from to what an import writes, in SQL both
// databases read: the number the chain covers, the import and the number in its file are kept
// together or not at all, and no two games are the same game of one file.
var movedChecks = []string{
	`SELECT id, 0, 'the games row says only in part where the game was imported from: the row was changed behind the log''s back'
	FROM games WHERE (origin IS NULL) <> (import_batch IS NULL) OR (origin IS NULL) <> (import_game IS NULL) OR origin < 1`,
	`SELECT max(id), 0, 'two games say they are game ' || import_game || ' of the same imported file (also game ' || min(id)
		|| '): a games row was changed behind the log''s back'
	FROM games WHERE import_batch IS NOT NULL GROUP BY import_batch, import_game HAVING count(*) > 1`,
}

func (s *sqlLog) findings(ctx context.Context, query string) ([]events.Broken, error) {
	rows, err := s.query(ctx, query)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var found []events.Broken
	for rows.Next() {
		var b events.Broken
		if err := rows.Scan(&b.Game, &b.Seq, &b.Reason); err != nil {
			return nil, err
		}
		found = append(found, b)
	}
	return found, rows.Err()
}

// idGaps names the games missing between two games of the file: ids are handed out in turn and
// a game is never deleted, so a gap is a game removed.
func (s *sqlLog) idGaps(ctx context.Context) ([]events.Broken, error) {
	rows, err := s.query(ctx, `SELECT id, next FROM (SELECT id, lead(id) OVER (ORDER BY id) AS next FROM games) AS g
		WHERE next > id + 1`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var found []events.Broken
	// Games are numbered from 1: a file whose first game is not game 1 lost its first games.
	var first sql.NullInt64
	if err := s.queryRow(ctx, `SELECT min(id) FROM games`).Scan(&first); err != nil {
		return nil, err
	}
	if first.Int64 > 1 {
		what := "missing, before game 2: a game is never deleted"
		if first.Int64 > 2 {
			what = fmt.Sprintf("missing, with every game to %d, before game %d: a game is never deleted", first.Int64-1, first.Int64)
		}
		found = append(found, events.Broken{Game: 1, Reason: what})
	}
	for rows.Next() {
		var id, next int64
		if err := rows.Scan(&id, &next); err != nil {
			return nil, err
		}
		what := fmt.Sprintf("missing between games %d and %d: a game is never deleted", id, next)
		if next > id+2 {
			what = fmt.Sprintf("missing, with every game to %d, between games %d and %d: a game is never deleted", next-1, id, next)
		}
		found = append(found, events.Broken{Game: id + 1, Reason: what})
	}
	return found, rows.Err()
}
