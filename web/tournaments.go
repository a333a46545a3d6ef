package web

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/table"
	"github.com/tableside/tableside/web/now"
)

// A tournament's tables are places: each has one code for the night (table.Keys'
// TournamentTableCode), which opens every game the tournament makes at that table, the
// tournament's view and what the table plays now. A phone holding it follows its table from
// round to round without joining again.

// isTournamentLog reports whether game is a tournament's own log, which has no table code; a
// game not in the file is none.
func (s *Server) isTournamentLog(r *http.Request, game int64) (bool, error) {
	log, err := s.app.IsTournamentLog(r.Context(), game)
	if table.CodeOf(err) == play.NotFound {
		return false, nil
	}
	return log, err
}

// errNoCodeForTheLog refuses the table code of a tournament's own log: the organiser runs it,
// and its tables join by their own codes.
func errNoCodeForTheLog(id int64) error {
	return &httpError{status: http.StatusNotFound, code: "not_found", msg: fmt.Sprintf("game %d is tournament %d's own log, which has no table code", id, id),
		hint: fmt.Sprintf("its tables join by their own codes, on the organiser's page /tournaments/%d", id)}
}

// tableOf is the tournament table that made game, if one did (App.TableOf).
func (s *Server) tableOf(r *http.Request, game int64) (table.TournamentTable, bool, error) {
	at, ok, err := s.app.TableOf(r.Context(), game)
	if table.CodeOf(err) == play.NotFound {
		return at, false, nil // no such game: the code opens nothing, as any wrong code
	}
	return at, ok, err
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
	if table.CodeOf(err) == play.NotFound {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	tables, err := table.TournamentTables(g)
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
func (s *Server) codes(g *play.Game) ([]tableCode, error) {
	n, err := table.TournamentTables(g)
	if err != nil {
		return nil, err
	}
	out := make([]tableCode, 0, n)
	for t := 1; t <= n; t++ {
		out = append(out, tableCode{Table: t, Code: table.ShowCode(s.keys.TournamentTableCode(g.ID(), t))})
	}
	return out, nil
}

func (s *Server) apiNewTournament(w http.ResponseWriter, r *http.Request, c *caller) error {
	// The setup reads 0 rounds or tables as their defaults; a client that writes either means a
	// number, so 0 is refused as the command line and the page refuse it.
	var body struct {
		table.TournamentSetup
		Rounds    *int `json:"rounds"`
		TableSize *int `json:"table_size"`
	}
	if err := readJSON(r, &body); err != nil {
		return err
	}
	setup := body.TournamentSetup
	for _, f := range []struct {
		name string
		n    *int
	}{{"rounds", body.Rounds}, {"table_size", body.TableSize}} {
		if f.n != nil && *f.n < 1 {
			return &play.Error{Code: play.Invalid, Field: f.name, Message: fmt.Sprintf("%s %d: it is one or more (leave it out for the default)", f.name, *f.n)}
		}
	}
	if body.Rounds != nil {
		setup.Rounds = *body.Rounds
	}
	if body.TableSize != nil {
		setup.TableSize = *body.TableSize
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
	w.Header().Set("Location", fmt.Sprintf("/api/tournaments/%d", g.ID()))
	writeJSON(w, http.StatusCreated, tournamentCreated{Tournament: v, Tables: codes})
	return nil
}

// tournament loads tournament id's log and its view.
func (s *Server) tournament(r *http.Request, id int64) (*play.Game, *table.TournamentView, error) {
	g, err := s.app.TournamentLog(r.Context(), id)
	if err != nil {
		return nil, nil, err
	}
	v, err := s.app.Tournament(r.Context(), g)
	return g, v, err
}

func (s *Server) apiTournament(w http.ResponseWriter, r *http.Request, c *caller) error {
	_, v, err := s.tournament(r, c.game)
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
	var want struct {
		Round int `json:"round"`
	}
	if r.ContentLength != 0 {
		if err := readJSON(r, &want); err != nil {
			return err
		}
	}
	round, err := s.app.PairRound(r.Context(), g, want.Round)
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

// joinTable checks a tournament table's code and, when it is right, gives the phone the
// table's cookie, which opens every game the tournament makes at that table, and goes to what
// the table plays now. A wrong code counts as a guess.
func (s *Server) joinTable(w http.ResponseWriter, r *http.Request, c *caller, tournamentText, tableText, codeText string) error {
	id, err := strconv.ParseInt(strings.TrimSpace(tournamentText), 10, 64)
	n, nerr := strconv.Atoi(strings.TrimSpace(tableText))
	var code string
	var ok bool
	if !s.guard.try(clientAddr(r), func() bool {
		code, ok = s.keys.OpensTournamentTable(id, n, codeText)
		return err == nil && nerr == nil && ok
	}) {
		return errGuessing
	}
	if err != nil || nerr != nil || !ok {
		return s.show(w, http.StatusUnauthorized, "join", c, "Join a table", codeForm{Tournament: tournamentText, Table: tableText, Code: codeText, AtTournament: true,
			Problem: "That is not the code of that table. Check the tournament's and the table's numbers and the code with the organiser."})
	}
	setCookie(w, r, tournamentTableCookie(id, strconv.Itoa(n)), code, directorFor)
	http.Redirect(w, r, tablePath(id, n), http.StatusSeeOther)
	return nil
}

// tablePath is the page of a tournament's table, where its phone goes.
func tablePath(tournament int64, table int) string {
	return fmt.Sprintf("/tournaments/%d/tables/%d", tournament, table)
}

// tableNumber reads the {n} of the path: a table of the tournament.
func tableNumber(r *http.Request) (int, error) {
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil || n < 1 {
		return 0, &httpError{status: http.StatusNotFound, code: "not_found", msg: fmt.Sprintf("no table %q: a table is a number from 1", r.PathValue("n"))}
	}
	return n, nil
}

// tableWaiting is a tournament's table as its page shows it while the table has no game: before
// round 1 is paired, or in a round that seats nobody there. Follow is the game to go to once it
// has one.
type tableWaiting struct {
	*table.TableNow
	Last, Newest int64
	Follow       string
	// Unchecked are the entrants not checked in yet, before round 1: the phone says who is here.
	Unchecked []string
	// Notice says what the phone asked last.
	Notice string
}

// tableView is what table n of the caller's tournament plays now.
func (s *Server) tableView(r *http.Request, c *caller) (*tableWaiting, error) {
	n, err := tableNumber(r)
	if err != nil {
		return nil, err
	}
	now, err := s.app.TableNow(r.Context(), c.game, n)
	if err != nil {
		return nil, err
	}
	v := &tableWaiting{TableNow: now}
	if now.Game != nil && now.Game.Game != 0 {
		v.Follow = fmt.Sprintf("/games/%d", now.Game.Game)
	}
	if now.Round == 0 {
		g, err := s.app.TournamentLog(r.Context(), c.game)
		if err != nil {
			return nil, err
		}
		tv, err := s.app.Tournament(r.Context(), g)
		if err != nil {
			return nil, err
		}
		for _, e := range tv.Entrants {
			if e.Present && !e.Here {
				v.Unchecked = append(v.Unchecked, e.Name)
			}
		}
	}
	if done, err := strconv.ParseInt(r.URL.Query().Get("asked"), 10, 64); err == nil {
		if g, err := s.app.TournamentLog(r.Context(), c.game); err == nil {
			if e, ok := g.EventAt(done); ok {
				v.Notice = "Recorded: " + g.Describe(e) + ". The organiser sees it, and may take it back."
			}
		}
	}
	return v, nil
}

// tableAsks records what a table's phone asks for one of its players (table.TableAsks), and
// goes back to the page it was asked from.
func (s *Server) tableAsks(w http.ResponseWriter, r *http.Request, c *caller) error {
	n, err := tableNumber(r)
	if err != nil {
		return err
	}
	rec, err := s.app.TableAsks(r.Context(), c.game, n, r.PostFormValue("verb"), strings.TrimSpace(r.PostFormValue("player")))
	if err != nil {
		return err
	}
	s.live.kick()
	back := r.PostFormValue("back")
	if !strings.HasPrefix(back, "/") || strings.HasPrefix(back, "//") {
		back = fmt.Sprintf("/tournaments/%d/tables/%d", c.game, n)
	}
	sep := "?"
	if strings.Contains(back, "?") {
		sep = "&"
	}
	http.Redirect(w, r, fmt.Sprintf("%s%sasked=%d", back, sep, rec.Event.Seq), http.StatusSeeOther)
	return nil
}

// tablePage is where the phone at a tournament's table goes: the table's game, once its round
// is paired; until then a page that says so and goes to the game when it is made.
func (s *Server) tablePage(w http.ResponseWriter, r *http.Request, c *caller) error {
	v, err := s.tableView(r, c)
	if err != nil {
		return err
	}
	if v.Follow != "" {
		http.Redirect(w, r, v.Follow, http.StatusSeeOther)
		return nil
	}
	g, err := s.app.TournamentLog(r.Context(), c.game)
	if err != nil {
		return err
	}
	v.Last = g.Last()
	if v.Newest, err = s.app.NewestGame(r.Context()); err != nil {
		return err
	}
	return s.show(w, http.StatusOK, "table", c, fmt.Sprintf("%s · table %d", v.Name, v.Table), v)
}

func (s *Server) tablePart(w http.ResponseWriter, r *http.Request, c *caller) error {
	v, err := s.tableView(r, c)
	if err != nil {
		return err
	}
	return s.part(w, "table", "now", v)
}

// seatOf is where the tournament made g, a game whose seat reads text, and where its table
// has moved on to: the phone at the table follows it there.
func (s *Server) seatOf(r *http.Request, c *caller, g *play.Game, text string) (*now.Seat, error) {
	v := &now.Seat{Name: g.Setup().Tournament, Text: text, Table: g.Setup().Table}
	at, ok, err := s.tableOf(r, g.ID())
	if err != nil {
		return nil, err
	}
	if ok {
		v.Tournament = at.Tournament
	}
	moved, err := s.app.TableMovedOn(r.Context(), g)
	if err != nil {
		return nil, err
	}
	v.MovedOn, v.SitsOut = moved.Game, moved.SitsOut
	if v.MovedOn != 0 && c.atTable {
		v.Follow = fmt.Sprintf("/games/%d?from=%d", v.MovedOn, g.ID())
	}
	return v, nil
}

// tableJoinPath is the link a tournament table's QR code holds.
func (s *Server) tableJoinPath(tournament int64, n int) string {
	return "/join?" + url.Values{"tournament": {strconv.FormatInt(tournament, 10)}, "table": {strconv.Itoa(n)},
		"code": {s.keys.TournamentTableCode(tournament, n)}}.Encode()
}

// tableCards is a card for each table of a tournament, for the night: its phone scans it once.
func (s *Server) tableCards(w http.ResponseWriter, r *http.Request, c *caller) error {
	g, err := s.app.TournamentLog(r.Context(), c.game)
	if err != nil {
		return err
	}
	n, err := table.TournamentTables(g)
	if err != nil {
		return err
	}
	v := cardsView{Title: "Table cards · " + g.Setup().Tournament,
		Intro: "One card for each table, for the whole night: print this page and put each card on its table. Its phone joins once and follows the table from round to round."}
	for t := 1; t <= n; t++ {
		v.Cards = append(v.Cards, tableCard{Name: fmt.Sprintf("table %d", t), QR: fmt.Sprintf("/tournaments/%d/tables/%d/qr.svg", g.ID(), t),
			Lines: []string{g.Setup().Tournament, fmt.Sprintf("tournament %d", g.ID())}, Code: s.keys.TournamentTableCode(g.ID(), t)})
	}
	return s.show(w, http.StatusOK, "cards", c, v.Title, v)
}

// tableQR is the QR code of the address where a tournament table's phone joins.
func (s *Server) tableQR(w http.ResponseWriter, r *http.Request, c *caller) error {
	n, err := tableNumber(r)
	if err != nil {
		return err
	}
	if _, err := s.app.TournamentLog(r.Context(), c.game); err != nil {
		return err
	}
	return writeQR(w, base(r)+s.tableJoinPath(c.game, n))
}
