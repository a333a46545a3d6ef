package web

import (
	"fmt"
	"net/http"
	"strconv"
	"sync"

	"github.com/tableside/tableside/table"
)

// A tournament's tables are places: each has one code for the night (table.Keys'
// TournamentTableCode), which opens every game the tournament makes at that table, the
// tournament's view and what the table plays now. A phone holding it follows its table from
// round to round without joining again.

// tablesOf remembers the tournament table that made each game: a game's creation never
// changes, so it is asked of the core once a game, and not on each of its moves.
type tablesOf struct {
	mu   sync.Mutex
	made map[int64]table.TournamentTable
}

// tableOf is the tournament table that made game, if one did.
func (s *Server) tableOf(r *http.Request, game int64) (table.TournamentTable, bool, error) {
	s.tables.mu.Lock()
	at, ok := s.tables.made[game]
	s.tables.mu.Unlock()
	if ok {
		return at, true, nil
	}
	at, ok, err := s.app.TableOf(r.Context(), game)
	if table.CodeOf(err) == table.NotFound {
		return at, false, nil // no such game: the code opens nothing, as any wrong code
	}
	if err != nil || !ok {
		return at, false, err
	}
	s.tables.mu.Lock()
	if s.tables.made == nil {
		s.tables.made = map[int64]table.TournamentTable{}
	}
	s.tables.made[game] = at
	s.tables.mu.Unlock()
	return at, true, nil
}

// opensTable reports whether text is a table's code that opens what c's route names: a game
// (its own code, or the code of the tournament table that made it), a tournament's table
// (the {n} of the path), or a tournament (the code of any of its tables).
func (s *Server) opensTable(r *http.Request, c *caller, text string) (bool, error) {
	if !c.tournament {
		if _, ok := s.keys.OpensTable(c.game, text); ok {
			return true, nil
		}
		at, ok, err := s.tableOf(r, c.game)
		if err != nil || !ok {
			return false, err
		}
		_, ok = s.keys.OpensTournamentTable(at.Tournament, at.Table, text)
		return ok, nil
	}
	if n := r.PathValue("n"); n != "" {
		number, err := strconv.Atoi(n)
		_, ok := s.keys.OpensTournamentTable(c.game, number, text)
		return err == nil && ok, nil
	}
	g, err := s.app.TournamentLog(r.Context(), c.game)
	if table.CodeOf(err) == table.NotFound {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	tables, err := g.TournamentTables()
	if err != nil {
		return false, err
	}
	for n := 1; n <= tables; n++ {
		if _, ok := s.keys.OpensTournamentTable(c.game, n, text); ok {
			return true, nil
		}
	}
	return false, nil
}

// tableCode is one table of a tournament and its code, for the director.
type tableCode struct {
	Table int    `json:"table"`
	Code  string `json:"code"`
}

// tournamentCreated is the answer to a new tournament: the tournament and its tables' codes.
type tournamentCreated struct {
	Tournament *table.TournamentView `json:"tournament"`
	Tables     []tableCode           `json:"tables"`
}

// codes are the codes of tournament g's tables.
func (s *Server) codes(g *table.Game) ([]tableCode, error) {
	n, err := g.TournamentTables()
	if err != nil {
		return nil, err
	}
	out := make([]tableCode, 0, n)
	for t := 1; t <= n; t++ {
		out = append(out, tableCode{Table: t, Code: table.ShowCode(s.keys.TournamentTableCode(g.ID, t))})
	}
	return out, nil
}

func (s *Server) apiNewTournament(w http.ResponseWriter, r *http.Request, c *caller) error {
	var setup table.TournamentSetup
	if err := readJSON(r, &setup); err != nil {
		return err
	}
	g, err := s.app.NewTournament(r.Context(), setup)
	if err != nil {
		return err
	}
	s.live.kick()
	v, err := s.app.Tournament(r.Context(), g)
	if err != nil {
		return err
	}
	codes, err := s.codes(g)
	if err != nil {
		return err
	}
	w.Header().Set("Location", fmt.Sprintf("/api/tournaments/%d", g.ID))
	writeJSON(w, http.StatusCreated, tournamentCreated{Tournament: v, Tables: codes})
	return nil
}

func (s *Server) apiTournament(w http.ResponseWriter, r *http.Request, c *caller) error {
	g, err := s.app.TournamentLog(r.Context(), c.game)
	if err != nil {
		return err
	}
	v, err := s.app.Tournament(r.Context(), g)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, v)
	return nil
}

func (s *Server) apiTournamentCodes(w http.ResponseWriter, r *http.Request, c *caller) error {
	g, err := s.app.TournamentLog(r.Context(), c.game)
	if err != nil {
		return err
	}
	codes, err := s.codes(g)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, codes)
	return nil
}

func (s *Server) apiPair(w http.ResponseWriter, r *http.Request, c *caller) error {
	g, err := s.app.TournamentLog(r.Context(), c.game)
	if err != nil {
		return err
	}
	round, err := s.app.PairRound(r.Context(), g)
	if err != nil {
		return err
	}
	s.live.kick()
	writeJSON(w, http.StatusCreated, round)
	return nil
}

func (s *Server) apiTableNow(w http.ResponseWriter, r *http.Request, c *caller) error {
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil {
		return &httpError{status: http.StatusNotFound, code: "not_found", msg: fmt.Sprintf("no table %q: a table is a number", r.PathValue("n"))}
	}
	now, err := s.app.TableNow(r.Context(), c.game, n)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, now)
	return nil
}
