package web

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/table"
)

// Config is how the organiser runs the server.
type Config struct {
	// DirectorKey is the organiser's credential: corrections, rulings, adjustments, new games.
	// It also keys the table codes, so a game keeps its code as long as the key is the same.
	DirectorKey string
	// Public opens the club page and every game's page and sheet to anyone, for reading.
	Public bool
	// Night is how far back the club page looks for the night's games: 0 for 12 hours.
	Night time.Duration
	// Turn is how long the wall screen shows the night before it turns to the season's ladders,
	// and the ladders before it turns back: 0 for 20 seconds.
	Turn time.Duration
	// Poll is how often the file is looked at for moves recorded by another process (a
	// terminal on the command line): 0 for 200 ms.
	Poll time.Duration
	// Log receives the failures a client is not told the details of; nil discards them.
	Log *slog.Logger
}

// Server is the club night's HTTP face over the application: a JSON API and the pages of the
// tables' phones and the wall screen.
type Server struct {
	app     *table.App
	cfg     Config
	keys    *table.Keys
	guard   *limiter
	live    *hub
	log     *slog.Logger
	handler http.Handler
	stop    context.CancelFunc
	stopped chan struct{}
	// now is the server's clock, which a round's clock on every screen counts by (serverTime).
	now func() time.Time
}

// The limits of a request: a move, a correction or a new game is a few hundred bytes.
const (
	maxBody = 64 << 10
)

// New makes a server over app. Start it before serving, and Close it after.
func New(app *table.App, cfg Config) (*Server, error) {
	keys, err := table.NewKeys(cfg.DirectorKey)
	if err != nil {
		return nil, err
	}
	if cfg.Night == 0 {
		cfg.Night = 12 * time.Hour
	}
	if cfg.Turn == 0 {
		cfg.Turn = 20 * time.Second
	}
	if cfg.Poll == 0 {
		cfg.Poll = 200 * time.Millisecond
	}
	logger := cfg.Log
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	s := &Server{app: app, cfg: cfg, keys: keys, guard: newLimiter(), live: newHub(), log: logger, now: time.Now}
	mux := http.NewServeMux()
	for _, rt := range s.routes() {
		mux.Handle(rt.pattern, s.serve(rt))
	}
	mux.Handle("GET /static/", http.FileServerFS(staticFiles()))
	mux.HandleFunc("GET /static/engine.wasm", engineWasm)
	mux.HandleFunc("GET /sw.js", serviceWorker)
	mux.HandleFunc("GET /api/time", s.serverTime)
	s.handler = http.NewCrossOriginProtection().Handler(mux)
	return s, nil
}

// serverTime answers the server's clock, in ms since 1970, to anyone: a round's time runs by
// the log's record of its pairing, and a screen's own clock may be minutes off the server's,
// so a round's clock on a page asks the difference (clock.js). It is the time of day, which no
// credential guards.
func (s *Server) serverTime(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	fmt.Fprintf(w, `{"now":%d}`+"\n", s.now().UnixMilli())
}

// ServeHTTP serves a request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.handler.ServeHTTP(w, r) }

// Start begins watching the file for moves, until Close, and counts the season's statistics
// once in the background, so that the first page to show them (the wall's first turn to the
// ladders) does not wait for a walk of the whole file.
func (s *Server) Start(ctx context.Context) error {
	w, err := s.app.Watch(ctx)
	if err != nil {
		return err
	}
	ctx, s.stop = context.WithCancel(context.WithoutCancel(ctx))
	s.stopped = make(chan struct{})
	var both sync.WaitGroup
	both.Go(func() {
		defer w.Close()
		s.watch(ctx, w)
	})
	both.Go(func() {
		if _, err := s.app.KeptStats(ctx, table.StatsFilter{}); err != nil && ctx.Err() == nil {
			s.log.Error("counting the season's statistics", "err", err)
		}
	})
	go func() {
		both.Wait()
		close(s.stopped)
	}()
	return nil
}

// Close stops the watch and ends every live stream, so that a graceful shutdown does not wait
// for phones that never hang up.
func (s *Server) Close() {
	s.live.close()
	if s.stop != nil {
		s.stop()
		<-s.stopped
	}
}

// right is what a route needs of its caller.
type right int

const (
	// anyone: the login and join pages, and what they post.
	anyone right = iota
	// reader: the game's table, the director, or anyone when the server is public.
	reader
	// player: the game's table (its code) or the director.
	player
	// director: the organiser only.
	director
	// wall: the wall screen, which shows the room what anyone may see: its key, the director,
	// or anyone when the server is public. It is no reader of any game. A tournament's view
	// is the wall's, and its tables' too: the code of any of them opens it.
	wall
)

// route is one thing the server does: its method and path, who may, and the handler, which
// returns an error for serve to write in the route's own form (JSON for the API, a page for
// the rest).
type route struct {
	pattern string
	need    right
	handle  func(w http.ResponseWriter, r *http.Request, c *caller) error
}

// caller is who is asking, and about which game.
type caller struct {
	game int64 // the {id} of the path, 0 for none: a game's, or a tournament's on its routes
	// tournament says the {id} is a tournament's: a table's code is then one of its tables'.
	tournament bool
	need       right
	director   bool
	table      bool // holds the code of game
	// atTable says the code is a tournament table's, held by the phone at that table: its page
	// follows the table to the game of the next round.
	atTable bool
	wall    bool // holds the wall key
	api     bool
}

func (s *Server) routes() []route {
	return []route{
		// The JSON API (docs/api.md).
		{"GET /api/games", reader, s.apiGames},
		{"POST /api/games", director, s.apiNew},
		{"GET /api/games/{id}", reader, s.gameJSON(func(g *play.Game) any { return g.View() })},
		{"GET /api/games/{id}/log", reader, s.gameJSON(func(g *play.Game) any { return g.Entries() })},
		{"GET /api/games/{id}/check", reader, s.gameJSON(func(g *play.Game) any { return g.Checked() })},
		{"GET /api/games/{id}/score", reader, s.apiScore},
		{"GET /api/games/{id}/export", reader, s.apiExport},
		{"GET /api/games/{id}/events", reader, s.apiEvents},
		{"GET /api/games/{id}/code", director, s.gameCode},
		{"POST /api/games/{id}/moves", player, s.apiRecord},
		{"POST /api/games/{id}/corrections", player, s.apiCorrect},
		{"GET /api/games/{id}/live", reader, s.gameStream},
		{"GET /api/matches", reader, s.apiMatches},
		{"GET /api/matches/{name}", reader, s.apiMatch},
		{"GET /api/stats", reader, s.apiStats},
		{"POST /api/tournaments", director, s.apiNewTournament},
		{"GET /api/tournaments/{id}", wall, s.apiTournament},
		{"GET /api/tournaments/{id}/codes", director, s.apiTournamentCodes},
		{"POST /api/tournaments/{id}/pair", director, s.apiPair},
		{"GET /api/tournaments/{id}/tables/{n}", player, s.apiTableNow},
		{"GET /api/tournaments/{id}/tables/{n}/live", player, s.tableStream},
		{"GET /api/live", wall, s.clubStream},

		// The pages.
		{"GET /{$}", reader, s.clubPage},
		{"GET /club/now", reader, s.clubPart},
		{"GET /wall", wall, s.wallPage},
		{"GET /wall/now", wall, s.wallPart},
		{"GET /wall/ladder", wall, s.wallLadder},
		{"GET /stats", reader, s.statsPage},
		{"GET /stats/players/{name}", reader, s.playerPage},
		{"GET /wall/key", anyone, s.wallKey},
		{"GET /login", anyone, s.loginPage},
		{"POST /login", anyone, s.login},
		{"POST /logout", anyone, s.logout},
		{"GET /join", anyone, s.joinPage},
		{"POST /join", anyone, s.join},
		{"GET /games/new", director, s.newPage},
		{"GET /cards", director, s.cardsPage},
		{"POST /games", director, s.create},
		{"GET /games/{id}", reader, s.gamePage},
		{"GET /games/{id}/now", reader, s.gamePart},
		{"GET /games/{id}/sheet", reader, s.sheetPage},
		{"GET /games/{id}/rules", reader, s.rulesPage},
		{"GET /games/{id}/qr.svg", director, s.qr},
		{"POST /games/{id}/moves", player, s.record},
		{"POST /games/{id}/undo", player, s.undo},
		{"POST /games/{id}/confirm", player, s.confirm},
		{"POST /games/{id}/corrections", director, s.correct},
		{"GET /tournaments/new", director, s.newTournamentPage},
		{"POST /tournaments", director, s.createTournament},
		{"GET /tournaments/{id}", director, s.organiserPage},
		{"GET /tournaments/{id}/now", director, s.organiserPart},
		{"POST /tournaments/{id}/pair", director, s.pairPage},
		{"POST /tournaments/{id}/moves", director, s.tournamentMove},
		{"POST /tournaments/{id}/undo", director, s.tournamentUndo},
		{"POST /tournaments/{id}/refuse", director, s.tournamentRefuse},
		{"GET /tournaments/{id}/cards", director, s.tableCards},
		{"GET /tournaments/{id}/slip", director, s.slipPage},
		{"GET /tournaments/{id}/print/{kind}", director, s.printPage},
		{"GET /tournaments/{id}/tables/{n}/qr.svg", director, s.tableQR},
		{"GET /tournaments/{id}/tables/{n}", player, s.tablePage},
		{"GET /tournaments/{id}/tables/{n}/now", player, s.tablePart},
		{"POST /tournaments/{id}/tables/{n}/ask", player, s.tableAsks},
	}
}

// serve wraps a route: it reads the game's id, checks the caller's right, limits the body, and
// writes the handler's error.
func (s *Server) serve(rt route) http.Handler {
	api := strings.Contains(rt.pattern, " /api/")
	tournament := strings.Contains(rt.pattern, "/tournaments/{id}")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Body = http.MaxBytesReader(w, r.Body, maxBody)
		c := &caller{api: api, need: rt.need, tournament: tournament}
		err := s.admit(w, r, rt.need, c)
		if err == nil {
			err = rt.handle(w, r, c)
		}
		if err != nil {
			s.fail(w, r, c, err)
		}
	})
}

// gameID reads the {id} of the path.
func gameID(r *http.Request) (int64, error) {
	text := r.PathValue("id")
	if text == "" {
		return 0, nil
	}
	id, err := strconv.ParseInt(text, 10, 64)
	if err != nil || id < 1 {
		return 0, &httpError{status: http.StatusNotFound, code: "not_found", msg: fmt.Sprintf("no game %q: a game is a number", text)}
	}
	return id, nil
}

// httpError is a failure of the request itself, before the application is asked.
type httpError struct {
	status int
	code   string
	msg    string
	hint   string
}

func (e *httpError) Error() string { return e.msg }

// statusOf maps an application error to its HTTP status, once for every route.
func statusOf(err error) (int, string) {
	var h *httpError
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &h):
		return h.status, h.code
	case errors.As(err, &tooBig):
		return http.StatusRequestEntityTooLarge, "too_large"
	}
	switch code := table.CodeOf(err); code {
	case play.Invalid:
		return http.StatusBadRequest, string(code)
	case play.NotFound:
		return http.StatusNotFound, string(code)
	case play.Refused:
		return http.StatusUnprocessableEntity, string(code)
	case play.Over, play.Conflict:
		return http.StatusConflict, string(code)
	case play.Busy, play.Unavailable:
		return http.StatusServiceUnavailable, string(code)
	}
	return http.StatusInternalServerError, "internal"
}

// apiError is the body of every failed API request (docs/api.md).
type (
	apiError   = table.Problem
	apiProblem = play.ProblemDetail
)

// fail writes err as the route's answer: JSON for the API, a page for the rest. A failure of
// the machine is logged and told only as such.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, c *caller, err error) {
	if r.Context().Err() != nil && errors.Is(err, r.Context().Err()) {
		// The client went away (a phone left the page): nobody is there to answer, and nothing
		// failed.
		s.log.Debug("the client went away", "method", r.Method, "path", r.URL.Path)
		return
	}
	err = table.Explain(err)
	status, code := statusOf(err)
	hint := ""
	var h *httpError
	if errors.As(err, &h) {
		hint = h.hint
	}
	p := table.ProblemOf(err, code, hint)
	if status == http.StatusInternalServerError {
		s.log.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
		p.Error.Message = "the server could not do that; the organiser's log says why"
	}
	switch status {
	case http.StatusTooManyRequests:
		w.Header().Set("Retry-After", strconv.Itoa(int(lockout.Seconds())))
	case http.StatusServiceUnavailable:
		w.Header().Set("Retry-After", "2")
	}
	if status == http.StatusUnauthorized && c.api {
		w.Header().Set("WWW-Authenticate", `Bearer realm="tableside"`)
	}
	if c.api {
		writeJSON(w, status, p)
		return
	}
	s.errorPage(w, r, c, status, p.Error)
}

// writeJSON writes v with status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	_ = enc.Encode(v) // an error here is a client that has gone
}

// readJSON decodes a request's body into v, refusing fields v does not have, text that is not
// UTF-8, and null for any of notNull, fields whose absence means something null must not be
// taken for.
func readJSON(r *http.Request, v any, notNull ...string) error {
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		return err // only the body's limit, or a client gone
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return &httpError{status: http.StatusBadRequest, code: "invalid", msg: "the body is not the JSON this call takes: " + err.Error(), hint: "see docs/api.md"}
	}
	// One call is one value: a second one after it would be ignored, and the caller would not
	// know which was taken.
	if _, err := dec.Token(); err != io.EOF {
		return &httpError{status: http.StatusBadRequest, code: "invalid", msg: "the body holds more than one JSON value: send one", hint: "see docs/api.md"}
	}
	return checkFields(raw, notNull)
}

// checkFields refuses what decoding a body lets through silently, naming the body's field it
// is in: bytes that are no character (decoded as U+FFFD, a name that would never match what is
// typed again, as the command line refuses it), and null for any of notNull (decoded as if the
// field were not there). raw is a body that decodes.
func checkFields(raw []byte, notNull []string) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	// Where the walk is: the containers it is in, and for the body's own object whether the
	// next string is a field's name, and the field it is in.
	var open []json.Delim
	wantName, field := false, ""
	for from := int64(0); ; {
		tok, err := dec.Token()
		if err != nil {
			return nil // the end: the body decoded, so it is no other error
		}
		to := dec.InputOffset()
		inBody := len(open) == 1 && open[0] == '{'
		text, isText := tok.(string)
		naming := inBody && wantName && isText
		if isText && !utf8.Valid(raw[from:to]) {
			what := fmt.Sprintf("the field %q", field)
			if naming {
				what = "a field's name"
			}
			return &play.Error{Code: play.Invalid, Field: field,
				Message: what + " is not UTF-8 text: bytes that are no character cannot be kept or written back out; nothing was recorded"}
		}
		from = to
		switch d, _ := tok.(json.Delim); {
		case naming:
			field, wantName = text, false
			continue
		case d == '{' || d == '[':
			open = append(open, d)
		case d == '}' || d == ']':
			open = open[:len(open)-1]
		case inBody && tok == nil && slices.Contains(notNull, field):
			return &play.Error{Code: play.Invalid, Field: field,
				Message: fmt.Sprintf("the field %q is null: give a number, or leave the field out", field), Hint: "see docs/api.md"}
		}
		// After a value of the body's own object (or the object's start), a field's name comes.
		wantName = len(open) == 1 && open[0] == '{'
	}
}

//go:embed static
var static embed.FS

func staticFiles() fs.FS { return static }
