package web

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tableside/tableside/commands/render"
	"github.com/tableside/tableside/commands/table"
	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
)

//go:embed pages
var pageFiles embed.FS

// pages are parsed once, when the first is shown: every page is the layout with its own main.
var pages = sync.OnceValue(func() map[string]*template.Template {
	funcs := template.FuncMap{"code": ShowCode, "join": strings.Join}
	out := map[string]*template.Template{}
	for _, name := range []string{"club", "game", "cards", "login", "join", "new", "error"} {
		out[name] = template.Must(template.New("layout.html").Funcs(funcs).ParseFS(pageFiles, "pages/layout.html", "pages/"+name+".html"))
	}
	return out
})

// page is what every page's layout needs.
type page struct {
	Title    string
	Director bool
	Public   bool
	Main     any
}

// show writes page name with status: built whole first, so that a failure becomes an error
// page rather than half a page.
func (s *Server) show(w http.ResponseWriter, status int, name string, c *caller, title string, main any) error {
	var b bytes.Buffer
	t := pages()[name]
	if err := t.Execute(&b, page{Title: title, Director: c.director, Public: s.cfg.Public, Main: main}); err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(b.Bytes())
	return nil
}

// part writes one named part of a page, for a live page to swap in.
func (s *Server) part(w http.ResponseWriter, name, part string, data any) error {
	var b bytes.Buffer
	if err := pages()[name].ExecuteTemplate(&b, part, data); err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(b.Bytes())
	return nil
}

// problem is a failure as a page shows it.
type problem struct {
	Status  int
	Message string
	Hint    string
	Flags   []referee.Flag
	Join    bool // offer the join form: the caller has no credential
	Game    int64
}

func (s *Server) errorPage(w http.ResponseWriter, c *caller, status int, p apiProblem) {
	pr := problem{Status: status, Message: p.Message, Hint: p.Hint, Join: status == http.StatusUnauthorized, Game: c.game}
	if err := s.show(w, status, "error", c, http.StatusText(status), pr); err != nil {
		http.Error(w, p.Message, status)
	}
}

// --- the club page, for the wall screen ---

// club is the night as the wall screen shows it.
type club struct {
	Since   time.Time
	Games   []table.Listed
	Matches []*table.Standings
	// Codes are the games' table codes, by id, for the director, who hands them out.
	Codes map[int64]string
}

func (s *Server) club(r *http.Request, c *caller) (*club, error) {
	since := time.Now().Add(-s.cfg.Night)
	games, err := s.app.GamesSince(r.Context(), since)
	if err != nil {
		return nil, err
	}
	cl := &club{Since: since, Games: games}
	var names []string
	for _, g := range games {
		if c.director {
			if cl.Codes == nil {
				cl.Codes = map[int64]string{}
			}
			cl.Codes[g.ID] = s.Code(g.ID)
		}
		if g.Match != "" && !slices.Contains(names, g.Match) {
			names = append(names, g.Match)
		}
	}
	for _, name := range names {
		st, err := s.app.Match(r.Context(), name)
		if err != nil {
			return nil, err
		}
		cl.Matches = append(cl.Matches, st)
	}
	return cl, nil
}

func (s *Server) clubPage(w http.ResponseWriter, r *http.Request, c *caller) error {
	cl, err := s.club(r, c)
	if err != nil {
		return err
	}
	return s.show(w, http.StatusOK, "club", c, "Club night", cl)
}

func (s *Server) clubPart(w http.ResponseWriter, r *http.Request, c *caller) error {
	cl, err := s.club(r, c)
	if err != nil {
		return err
	}
	return s.part(w, "club", "now", cl)
}

// cardsPage is a card for each game of the night still in play, to print and put on its table:
// the QR code its phone scans, and its game and code for a phone that cannot.
func (s *Server) cardsPage(w http.ResponseWriter, r *http.Request, c *caller) error {
	cl, err := s.club(r, c)
	if err != nil {
		return err
	}
	cl.Games = slices.DeleteFunc(cl.Games, func(g table.Listed) bool { return g.State != table.StateInProgress })
	return s.show(w, http.StatusOK, "cards", c, "Table cards", cl)
}

// --- a game's page, for the table's phone ---

// gameView is a game as its page shows it.
type gameView struct {
	table.View
	Title    string
	Turn     string // whose turn, or how the game ended
	Choices  []table.Choice
	Example  string        // a legal move in words, for the text box's placeholder
	Recent   []table.Entry // the latest events, newest first
	Undoes   string        // the move undo takes back, in words; "" when there is none
	Sheet    template.HTML
	Director bool
	Table    bool // the caller holds the table's code: it may record
	// Code and QR are the director's: the table's code, and whether the address the page was
	// opened at can be reached by phones.
	Code     string
	Loopback bool
	// What the last action did: a notice, or a refusal with what was tried.
	Notice  string
	Refusal *problem
	Tried   string
}

// recent is how many of the latest events the page lists.
const recent = 8

func (s *Server) gameView(r *http.Request, c *caller, g *table.Game) (*gameView, error) {
	var sheet bytes.Buffer
	if err := render.SheetContent(&sheet, g.Sheet(), g.AllFlags()); err != nil {
		return nil, err
	}
	v := &gameView{View: g.View(), Title: g.Rules.Name(), Choices: g.Choices(), Director: c.director, Table: c.table || c.director,
		Sheet: template.HTML(sheet.String())} // written by html/template, which escaped every name
	if len(v.Choices) > 0 {
		v.Example = v.Choices[0].Move
	}
	if v.Over {
		v.Turn = "The game is over."
	} else {
		v.Turn = "Next: " + v.Hint
	}
	if e, ok := g.EventAt(g.LatestMove()); ok {
		v.Undoes = g.Describe(e)
	}
	entries := g.Entries()
	for i := len(entries) - 1; i >= 0 && len(v.Recent) < recent; i-- {
		v.Recent = append(v.Recent, entries[i])
	}
	if c.director {
		v.Code = s.Code(g.ID)
		host, _, err := net.SplitHostPort(r.Host)
		if err != nil {
			host = r.Host
		}
		ip := net.ParseIP(host)
		v.Loopback = host == "localhost" || (ip != nil && ip.IsLoopback())
	}
	if done, err := strconv.ParseInt(r.URL.Query().Get("done"), 10, 64); err == nil {
		if e, ok := g.EventAt(done); ok {
			v.Notice = fmt.Sprintf("Recorded: %d. %s", e.Seq, g.Describe(e))
		}
	}
	return v, nil
}

// gameShown loads the caller's game as its page shows it.
func (s *Server) gameShown(r *http.Request, c *caller) (*gameView, error) {
	g, err := s.app.Game(r.Context(), c.game)
	if err != nil {
		return nil, err
	}
	return s.gameView(r, c, g)
}

func (s *Server) gamePage(w http.ResponseWriter, r *http.Request, c *caller) error {
	v, err := s.gameShown(r, c)
	if err != nil {
		return err
	}
	return s.show(w, http.StatusOK, "game", c, fmt.Sprintf("%s — game %d", v.Title, v.Game), v)
}

func (s *Server) gamePart(w http.ResponseWriter, r *http.Request, c *caller) error {
	v, err := s.gameShown(r, c)
	if err != nil {
		return err
	}
	return s.part(w, "game", "now", v)
}

func (s *Server) sheetPage(w http.ResponseWriter, r *http.Request, c *caller) error {
	g, err := s.app.Game(r.Context(), c.game)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := render.Sheet(&b, "html", g.Sheet(), g.AllFlags()); err != nil {
		return err
	}
	writeBody(w, "html", "", b.Bytes())
	return nil
}

// afterOf reads the form's "after": the last event the page showed.
func afterOf(r *http.Request) int64 {
	n, _ := strconv.ParseInt(r.PostFormValue("after"), 10, 64)
	return n
}

// acted answers a form that recorded: back to the game's page (so that reloading it does not
// post again), which says what was recorded.
func acted(w http.ResponseWriter, r *http.Request, game, seq int64) error {
	http.Redirect(w, r, fmt.Sprintf("/games/%d?done=%d", game, seq), http.StatusSeeOther)
	return nil
}

// refusedPage shows the game again with what went wrong: a refused move with its rule and
// hint, or a move that came too late because someone else at the table recorded first.
func (s *Server) refusedPage(w http.ResponseWriter, r *http.Request, c *caller, err error, tried string) error {
	var te *table.Error
	if !errors.As(err, &te) {
		return err
	}
	g := te.Game
	if g == nil {
		var gerr error
		if g, gerr = s.app.Game(r.Context(), c.game); gerr != nil {
			return err
		}
	}
	v, verr := s.gameView(r, c, g)
	if verr != nil {
		return verr
	}
	status, _ := statusOf(err)
	v.Tried = tried
	v.Refusal = &problem{Status: status, Message: te.Message, Hint: te.Hint, Flags: te.Flags}
	if te.Code == table.Conflict {
		v.Refusal.Message = "Not recorded: someone at the table recorded first. The table below is the game now; enter the move again if it still is to be made."
	}
	return s.show(w, status, "game", c, fmt.Sprintf("%s — game %d", v.Title, g.ID), v)
}

func (s *Server) record(w http.ResponseWriter, r *http.Request, c *caller) error {
	m := move{Move: r.PostFormValue("move"), Expect: afterOf(r), Force: r.PostFormValue("force") != ""}
	rec, err := s.recordMove(r, c.game, m)
	if err != nil {
		return s.refusedPage(w, r, c, err, m.Move)
	}
	return acted(w, r, c.game, rec.Event.Seq)
}

func (s *Server) undo(w http.ResponseWriter, r *http.Request, c *caller) error {
	done, err := s.correction(r, c, correction{Verb: "undo", Expect: afterOf(r)})
	if err != nil {
		return s.refusedPage(w, r, c, err, "")
	}
	return acted(w, r, c.game, done.Event.Seq)
}

func (s *Server) correct(w http.ResponseWriter, r *http.Request, c *caller) error {
	corr := correction{Verb: r.PostFormValue("verb"), Args: strings.Fields(r.PostFormValue("words")),
		Note: r.PostFormValue("note"), Force: r.PostFormValue("force") != "", Expect: afterOf(r)}
	done, err := s.correction(r, c, corr)
	if err != nil {
		return s.refusedPage(w, r, c, err, "")
	}
	return acted(w, r, c.game, done.Event.Seq)
}

// --- credentials ---

// codeForm is the join page: a table's game and code.
type codeForm struct {
	Game    string
	Code    string
	Problem string
}

func (s *Server) joinPage(w http.ResponseWriter, r *http.Request, c *caller) error {
	q := r.URL.Query()
	if q.Get("game") != "" && q.Get("code") != "" {
		return s.joinWith(w, r, c, q.Get("game"), q.Get("code")) // the QR code's link
	}
	return s.show(w, http.StatusOK, "join", c, "Join a table", codeForm{Game: q.Get("game")})
}

func (s *Server) join(w http.ResponseWriter, r *http.Request, c *caller) error {
	return s.joinWith(w, r, c, r.PostFormValue("game"), r.PostFormValue("code"))
}

// joinWith checks a game's code and, when it is right, gives the phone a cookie that lets it
// record in that game. A wrong code counts as a guess.
func (s *Server) joinWith(w http.ResponseWriter, r *http.Request, c *caller, gameText, codeText string) error {
	addr := clientAddr(r)
	if s.guard.blocked(addr) {
		return errGuessing
	}
	game, err := strconv.ParseInt(strings.TrimSpace(gameText), 10, 64)
	code, _, ok := events.ReadCode(codeText)
	if err != nil || game < 1 || !ok || !same(code, s.Code(game)) {
		s.guard.fail(addr)
		return s.show(w, http.StatusUnauthorized, "join", c, "Join a table",
			codeForm{Game: gameText, Code: codeText, Problem: "That is not the code of that game. Check both with the organiser."})
	}
	setCookie(w, r, tableCookie+strconv.FormatInt(game, 10), code, directorFor)
	http.Redirect(w, r, fmt.Sprintf("/games/%d", game), http.StatusSeeOther)
	return nil
}

func (s *Server) loginPage(w http.ResponseWriter, r *http.Request, c *caller) error {
	return s.show(w, http.StatusOK, "login", c, "Director", "")
}

func (s *Server) login(w http.ResponseWriter, r *http.Request, c *caller) error {
	addr := clientAddr(r)
	if s.guard.blocked(addr) {
		return errGuessing
	}
	if !same(r.PostFormValue("key"), s.cfg.DirectorKey) {
		s.guard.fail(addr)
		return s.show(w, http.StatusUnauthorized, "login", c, "Director", "That is not the director's key.")
	}
	setCookie(w, r, directorCookie, s.directorToken(time.Now().Add(directorFor)), directorFor)
	next := r.PostFormValue("next")
	if !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") {
		next = "/" // only a page of this server
	}
	http.Redirect(w, r, next, http.StatusSeeOther)
	return nil
}

func (s *Server) logout(w http.ResponseWriter, r *http.Request, c *caller) error {
	for _, ck := range r.Cookies() {
		if ck.Name == directorCookie || strings.HasPrefix(ck.Name, tableCookie) {
			setCookie(w, r, ck.Name, "", -time.Second)
		}
	}
	http.Redirect(w, r, "/login", http.StatusSeeOther)
	return nil
}

// --- new games ---

// newForm is the new game page.
type newForm struct {
	Kinds   []string
	Kind    string
	Players string
	Dealer  string
	Match   string
	Options string
	Problem string
	Hint    string
}

func (s *Server) newPage(w http.ResponseWriter, r *http.Request, c *caller) error {
	return s.show(w, http.StatusOK, "new", c, "New game", newForm{Kinds: table.Kinds(), Match: r.URL.Query().Get("match")})
}

func (s *Server) create(w http.ResponseWriter, r *http.Request, c *caller) error {
	f := newForm{Kinds: table.Kinds(), Kind: r.PostFormValue("kind"), Players: r.PostFormValue("players"),
		Dealer: r.PostFormValue("dealer"), Match: r.PostFormValue("match"), Options: r.PostFormValue("options")}
	su := table.Setup{Kind: f.Kind, Players: f.Players, Dealer: f.Dealer, Match: f.Match, Options: strings.Fields(f.Options)}
	g, err := s.app.New(r.Context(), su)
	if table.CodeOf(err) == table.Invalid {
		f.Problem, f.Hint = err.Error(), table.HintOf(err)
		return s.show(w, http.StatusBadRequest, "new", c, "New game", f)
	}
	if err != nil {
		return err
	}
	s.live.kick()
	http.Redirect(w, r, fmt.Sprintf("/games/%d", g.ID), http.StatusSeeOther)
	return nil
}

// qr is the QR code of the address where the game's phones join: the address the director
// opened the page at, with the game's code.
func (s *Server) qr(w http.ResponseWriter, r *http.Request, c *caller) error {
	if _, err := s.app.Game(r.Context(), c.game); err != nil {
		return err
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	u := (&url.URL{Scheme: scheme, Host: r.Host}).String() + s.joinPath(c.game)
	svg, err := qrSVG(u)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(svg)
	return nil
}
