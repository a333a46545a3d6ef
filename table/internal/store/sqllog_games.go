package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/tableside/tableside/events"
)

// gamesQuery selects a GameInfo's fields; Games and MatchGames add the WHERE and ORDER BY.
const gamesQuery = `SELECT g.id, g.kind, g.match, g.created_at, f.payload, l.at, l.seq
	FROM games g
	LEFT JOIN events f ON f.game = g.id AND f.seq = 1
	LEFT JOIN events l ON l.game = g.id
		AND l.seq = (SELECT max(seq) FROM events WHERE game = g.id)`

// matchGamesQuery finds a match's games through the partial index games_match, which SQLite
// uses only when the query repeats the index's condition (a match name is not empty). The
// index keeps each match's games in id order, so they are not sorted again.
const matchGamesQuery = gamesQuery + ` WHERE g.match = ? AND g.match <> '' ORDER BY g.id`

// MatchGames lists the games of match in id order, reading no other match's games. A match
// nobody has played has none; the name "" is refused, since it stands for no match.
func (s *sqlLog) MatchGames(ctx context.Context, match string) ([]GameInfo, error) {
	if match == "" {
		return nil, errors.New("list games of a match: no match named")
	}
	games, err := s.listGames(ctx, matchGamesQuery, match)
	if err != nil {
		return nil, fmt.Errorf("list games of match %q: %w", match, err)
	}
	return games, nil
}

func (s *sqlLog) listGames(ctx context.Context, query string, args ...any) ([]GameInfo, error) {
	rows, err := s.query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var games []GameInfo
	for rows.Next() {
		var g GameInfo
		var payload []byte
		var lastAt, count sql.NullInt64
		if err := rows.Scan(&g.ID, &g.Kind, &g.Match, &g.CreatedAt, &payload, &lastAt, &count); err != nil {
			return nil, err
		}
		g.LastAt, g.Events = lastAt.Int64, int(count.Int64)
		if payload != nil {
			var c events.Created
			if err := json.Unmarshal(payload, &c); err != nil {
				return nil, fmt.Errorf("game %d: %s payload: %w", g.ID, events.TypeCreated, err)
			}
			g.Players, g.Tournament, g.Round, g.Table = c.Players, c.Tournament, c.Round, c.Table
			g.TournamentID, g.Seated = c.TournamentID, c.Seated
		}
		games = append(games, g)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return games, nil
}

// Matches lists every match in name order, with its number of games and the kind of its first.
func (s *sqlLog) Matches(ctx context.Context) ([]MatchInfo, error) {
	rows, err := s.query(ctx, `SELECT g.match, count(*),
			(SELECT kind FROM games f WHERE f.match = g.match AND f.match <> '' ORDER BY f.id LIMIT 1)
		FROM games g WHERE g.match <> '' GROUP BY g.match ORDER BY g.match`)
	if err != nil {
		return nil, fmt.Errorf("list matches: %w", err)
	}
	defer rows.Close()
	var matches []MatchInfo
	for rows.Next() {
		var m MatchInfo
		if err := rows.Scan(&m.Name, &m.Games, &m.Kind); err != nil {
			return nil, fmt.Errorf("list matches: %w", err)
		}
		matches = append(matches, m)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list matches: %w", err)
	}
	return matches, nil
}

// gameSpanQuery reads the ends of the games' key and of the events' key: four lookups, where
// taking the ids of every row would read every event.
const gameSpanQuery = `SELECT min(lo), max(hi) FROM (
		SELECT (SELECT min(id) FROM games) AS lo, (SELECT max(id) FROM games) AS hi
		UNION ALL SELECT (SELECT min(game) FROM events), (SELECT max(game) FROM events)) AS ends`

// GameSpan is the lowest and highest game id in the file, (0, 0) when it has none. It spans
// the games rows and the events alike, so that a walk from lo to hi reads every event: a game
// whose row is gone (which verify names) is walked all the same, first or last.
func (s *sqlLog) GameSpan(ctx context.Context) (lo, hi int64, err error) {
	var l, h sql.NullInt64
	if err := s.queryRow(ctx, gameSpanQuery).Scan(&l, &h); err != nil {
		return 0, 0, fmt.Errorf("game ids: %w", err)
	}
	return l.Int64, h.Int64, nil
}

// GameIDs lists every game's id in order, from the games table alone.
func (s *sqlLog) GameIDs(ctx context.Context) ([]int64, error) {
	rows, err := s.query(ctx, `SELECT id FROM games ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("game ids: %w", err)
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("game ids: %w", err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("game ids: %w", err)
	}
	return ids, nil
}

// CountGames is the number of games in the file, for a walk's progress.
func (s *sqlLog) CountGames(ctx context.Context) (int, error) {
	var n int
	if err := s.queryRow(ctx, `SELECT count(*) FROM games`).Scan(&n); err != nil {
		return 0, fmt.Errorf("count games: %w", err)
	}
	return n, nil
}

// CountEvents is the number of events in the file.
func (s *sqlLog) CountEvents(ctx context.Context) (int, error) {
	var n int
	if err := s.queryRow(ctx, `SELECT count(*) FROM events`).Scan(&n); err != nil {
		return 0, fmt.Errorf("count events: %w", err)
	}
	return n, nil
}

// GamesSince lists the games created at or after since (Unix ms), in id order: the games of a
// club night.
func (s *sqlLog) GamesSince(ctx context.Context, since int64) ([]GameInfo, error) {
	games, err := s.listGames(ctx, gamesQuery+` WHERE g.created_at >= ? ORDER BY g.id`, since)
	if err != nil {
		return nil, fmt.Errorf("list games since %d: %w", since, err)
	}
	return games, nil
}
