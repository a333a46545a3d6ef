package web

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/render"
	"github.com/tableside/tableside/table"
)

// The API's handlers only decode, call the application and encode: every rule of the log is
// the application's (package table), shared with the command line.

func (s *Server) apiGames(w http.ResponseWriter, r *http.Request, c *caller) error {
	q := r.URL.Query()
	f := table.GamesFilter{Match: q.Get("match"), Player: q.Get("player"), Kind: q.Get("kind"), States: q["state"],
		Since: q.Get("since"), Until: q.Get("until"), Limit: gamesPage}
	switch order := q.Get("order"); order {
	case "", "newest":
	case "oldest":
		f.Oldest = true
	default:
		return &httpError{status: http.StatusBadRequest, code: "invalid", msg: fmt.Sprintf("order=%q is not an order", order), hint: "order=newest (the default) or order=oldest"}
	}
	for _, n := range []struct {
		name string
		to   *int64
	}{{"after", &f.After}, {"before", &f.Before}} {
		if text := q.Get(n.name); text != "" {
			v, err := strconv.ParseInt(text, 10, 64)
			if err != nil || v < 1 {
				return &httpError{status: http.StatusBadRequest, code: "invalid", msg: fmt.Sprintf("%s=%q is not a game's number", n.name, text), hint: "games are numbered from 1"}
			}
			*n.to = v
		}
	}
	if text := q.Get("limit"); text != "" {
		v, err := strconv.Atoi(text)
		if err != nil || v < 1 || v > gamesMostPage {
			return &httpError{status: http.StatusBadRequest, code: "invalid", msg: fmt.Sprintf("limit=%q is not a page's length", text), hint: fmt.Sprintf("from 1 to %d games a page", gamesMostPage)}
		}
		f.Limit = v
	}
	list := []table.Listed{}
	if err := s.app.ListGames(r.Context(), f, func(l table.Listed) error { list = append(list, l); return nil }); err != nil {
		return err
	}
	if len(list) == f.Limit { // there may be more: the next page starts past the last listed
		next := *r.URL
		nq := next.Query()
		cursor := "before"
		if f.Oldest {
			cursor = "after"
		}
		nq.Set(cursor, strconv.FormatInt(list[len(list)-1].ID, 10))
		next.RawQuery = nq.Encode()
		w.Header().Set("Link", fmt.Sprintf("<%s>; rel=\"next\"", next.RequestURI()))
	}
	writeJSON(w, http.StatusOK, list)
	return nil
}

// gamesPage is how many games a page of GET /api/games lists unless asked, gamesMostPage the
// most it lists.
const (
	gamesPage     = 100
	gamesMostPage = 1000
)

// created is the answer to a new game: the table now, its code and the address its phones join
// at.
type created struct {
	Game play.View `json:"game"`
	Code string    `json:"code"`
	Join string    `json:"join"`
}

func (s *Server) apiNew(w http.ResponseWriter, r *http.Request, c *caller) error {
	var setup table.Setup
	if err := readJSON(r, &setup); err != nil {
		return err
	}
	g, err := s.app.New(r.Context(), setup)
	if err != nil {
		return err
	}
	s.live.kick()
	w.Header().Set("Location", fmt.Sprintf("/api/games/%d", g.ID()))
	writeJSON(w, http.StatusCreated, s.created(g))
	return nil
}

func (s *Server) created(g *play.Game) created {
	return created{Game: g.View(), Code: table.ShowCode(s.keys.Code(g.ID())), Join: s.joinPath(g.ID())}
}

// joinPath is where a phone joins a game's table: what its QR code holds.
func (s *Server) joinPath(game int64) string {
	return "/join?" + url.Values{"game": {fmt.Sprint(game)}, "code": {s.keys.Code(game)}}.Encode()
}

// gameJSON is a call that answers with what of reads of the caller's game.
// gameCode is a game's table code and join link; a tournament's own log has none.
func (s *Server) gameCode(w http.ResponseWriter, r *http.Request, c *caller) error {
	g, err := s.app.Game(r.Context(), c.game)
	if err != nil {
		return err
	}
	if g.IsTournament() {
		return errNoCodeForTheLog(g.ID())
	}
	writeJSON(w, http.StatusOK, s.created(g))
	return nil
}

func (s *Server) gameJSON(of func(*play.Game) any) func(http.ResponseWriter, *http.Request, *caller) error {
	return func(w http.ResponseWriter, r *http.Request, c *caller) error {
		g, err := s.app.Game(r.Context(), c.game)
		if err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, of(g))
		return nil
	}
}

// contentTypes are the media types of the sheet's formats.
var contentTypes = map[string]string{
	"table": "text/plain; charset=utf-8", "md": "text/markdown; charset=utf-8",
	"csv": "text/csv; charset=utf-8", "json": "application/json; charset=utf-8",
	"html": "text/html; charset=utf-8", "transcript": "text/plain; charset=utf-8",
	"jsonl": "application/jsonl; charset=utf-8",
}

// formatOf reads ?format=, valid being the formats the call writes, the first the default.
func formatOf(r *http.Request, valid []string) (string, error) {
	f := r.URL.Query().Get("format")
	if f == "" {
		return valid[0], nil
	}
	if !slices.Contains(valid, f) {
		return "", &httpError{status: http.StatusBadRequest, code: "invalid", msg: fmt.Sprintf("no format %q (use %s)", f, strings.Join(valid, ", "))}
	}
	return f, nil
}

// writeBody writes a finished document: built whole first, so that a failure halfway becomes
// an error, not half a sheet.
func writeBody(w http.ResponseWriter, format, filename string, body []byte) {
	w.Header().Set("Content-Type", contentTypes[format])
	if filename != "" {
		w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", filename))
	}
	_, _ = w.Write(body) // an error here is a client that has gone
}

func (s *Server) apiScore(w http.ResponseWriter, r *http.Request, c *caller) error {
	format, err := formatOf(r, scoreFormats)
	if err != nil {
		return err
	}
	g, err := s.app.Game(r.Context(), c.game)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := render.Sheet(&b, format, g.Sheet(), g.Flags()); err != nil {
		return err
	}
	writeBody(w, format, "", b.Bytes())
	return nil
}

// scoreFormats are the sheet's formats with JSON first: an API answers in JSON unless asked.
var scoreFormats = append([]string{"json"}, slices.DeleteFunc(slices.Clone(render.Formats), func(f string) bool { return f == "json" })...)

// exportFormats are the ways a game leaves the file, as `tableside export` writes them.
var exportFormats = []string{"jsonl", "transcript"}

func (s *Server) apiExport(w http.ResponseWriter, r *http.Request, c *caller) error {
	format, err := formatOf(r, exportFormats)
	if err != nil {
		return err
	}
	g, err := s.app.Game(r.Context(), c.game)
	if err != nil {
		return err
	}
	var body []byte
	ext := map[string]string{"jsonl": "jsonl", "transcript": "txt"}[format]
	if format == "jsonl" {
		body, err = table.GameJSONL(g)
	} else {
		var t string
		t, err = table.Transcript(g)
		body = []byte(t)
	}
	if err != nil {
		return err
	}
	writeBody(w, format, fmt.Sprintf("game-%d.%s", g.ID(), ext), body)
	return nil
}

// move is the body of POST /api/games/{id}/moves.
type move struct {
	// Move is the move in the notation `tableside record` reads: "ann play QS".
	Move string `json:"move"`
	// Expect is the last event the caller saw. When the log has moved on, nothing is recorded
	// and the answer is 409 with the game as it now stands. 0 leaves the judging again to the
	// server, as `record` does.
	Expect int64 `json:"expect,omitempty"`
	// Force records a move that breaks a rule, flagged: it happened at the table.
	Force bool `json:"force,omitempty"`
	// PlayedAt is when the move was played (Unix ms), for a move sent later: a phone's, kept
	// while the network was gone. The event is stamped when it is stored, as ever, and keeps
	// this too.
	PlayedAt int64 `json:"played_at,omitempty"`
}

func (s *Server) apiRecord(w http.ResponseWriter, r *http.Request, c *caller) error {
	var m move
	if err := readJSON(r, &m, "expect"); err != nil {
		return err
	}
	rec, err := s.recordMove(r, c, m)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, rec.Entered())
	return nil
}

// recordMove records a move as the API and the game page both take it, for c.
func (s *Server) recordMove(r *http.Request, c *caller, m move) (*play.Recorded, error) {
	g, err := s.app.Game(r.Context(), c.game)
	if err != nil {
		return nil, err
	}
	words, err := g.MoveWords(m.Move)
	if err != nil {
		return nil, err
	}
	rec, err := s.app.Record(r.Context(), g, words, table.RecordOptions{Force: m.Force, Expect: m.Expect, PlayedAt: m.PlayedAt, ByTable: !c.director})
	if err == nil {
		s.live.kick()
	}
	return rec, roundOver(err)
}

// correction is the body of POST /api/games/{id}/corrections: a correction in the words of
// the command of the same name.
type correction struct {
	Verb   string   `json:"verb"` // undo, void, amend, rule, adjust, abandon or confirm
	Args   []string `json:"args,omitempty"`
	Note   string   `json:"note,omitempty"`
	Force  bool     `json:"force,omitempty"`
	DryRun bool     `json:"dry_run,omitempty"`
	// Expect is the last event the caller saw, as for a move.
	Expect int64 `json:"expect,omitempty"`
}

func (s *Server) apiCorrect(w http.ResponseWriter, r *http.Request, c *caller) error {
	var corr correction
	if err := readJSON(r, &corr, "expect"); err != nil {
		return err
	}
	done, err := s.correction(r, c, corr)
	if err != nil {
		return err
	}
	status := http.StatusCreated
	if corr.DryRun {
		status = http.StatusOK
	}
	told, err := s.app.CorrectionEntered(r.Context(), done, corr.DryRun)
	if err != nil {
		return err
	}
	writeJSON(w, status, told)
	return nil
}

// correction records a correction as the API and the game page both take it. A table may
// take back its own latest move; everything else is the director's.
func (s *Server) correction(r *http.Request, c *caller, corr correction) (*play.Corrected, error) {
	if !c.director && corr.Verb != "undo" && corr.Verb != "confirm" {
		return nil, errDirectorOnly
	}
	g, err := s.app.Game(r.Context(), c.game)
	if err != nil {
		return nil, err
	}
	done, err := s.app.Correct(r.Context(), g, play.Correction{Verb: corr.Verb, Args: corr.Args, Note: corr.Note, Force: corr.Force, Expect: corr.Expect},
		table.CorrectOptions{DryRun: corr.DryRun, ByTable: !c.director})
	if err == nil && !corr.DryRun {
		s.live.kick()
	}
	return done, roundOver(err)
}

// roundOver is err, or for a table's entry refused since its round is over (T16) the answer
// that says so and who may still change the game.
func roundOver(err error) error {
	var over *table.RoundOverError
	if !errors.As(err, &over) {
		return err
	}
	return &httpError{status: http.StatusForbidden, code: "round_over", msg: over.Error(),
		hint: fmt.Sprintf("ask the director, who may take it back or correct it: tableside undo %d, or the game's page, logged in", over.Game)}
}

func (s *Server) apiMatches(w http.ResponseWriter, r *http.Request, c *caller) error {
	m, err := s.app.Matches(r.Context())
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, nonNil(m))
	return nil
}

func (s *Server) apiMatch(w http.ResponseWriter, r *http.Request, c *caller) error {
	st, err := s.app.Match(r.Context(), r.PathValue("name"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, st)
	return nil
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
