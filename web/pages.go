package web

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"maps"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/render"
	"github.com/tableside/tableside/table"
	"github.com/tableside/tableside/web/now"
)

//go:embed pages
var pageFiles embed.FS

// pages are parsed once, when the first is shown: every page is the layout with its own main.
var pages = sync.OnceValue(func() map[string]*template.Template {
	funcs := template.FuncMap{"tournamentOf": tournamentOf, "tournamentStandings": tournamentStandings, "matchStandings": matchStandings, "tieBreakLegend": render.TieBreakLegend, "winnerLine": winnerLine, "code": table.ShowCode, "join": strings.Join}
	maps.Copy(funcs, now.Funcs)
	out := map[string]*template.Template{}
	for _, name := range []string{"club", "game", "rules", "cards", "login", "join", "new", "error", "stats", "table", "tournament", "tournament_new"} {
		out[name] = template.Must(template.New("layout.html").Funcs(funcs).ParseFS(pageFiles, "pages/layout.html", "pages/parts.html", "pages/"+name+".html"))
	}
	// The game's page draws the part a phone draws too (web/now).
	template.Must(out["game"].ParseFS(now.Files, "now.html"))
	return out
})

// page is what every page's layout needs.
type page struct {
	Title    string
	Director bool
	Public   bool
	// Wall is the wall screen's page, which shows the room nothing to click.
	Wall bool
	// Style is what the page's main part adds to the stylesheet (styled).
	Style template.CSS
	Main  any
}

// styled is the main part of a page that brings rules of its own to the stylesheet.
type styled interface{ Style() template.CSS }

// show writes page name with status: built whole first, so that a failure becomes an error
// page rather than half a page.
func (s *Server) show(w http.ResponseWriter, status int, name string, c *caller, title string, main any) error {
	var b bytes.Buffer
	t := pages()[name]
	p := page{Title: title, Director: c.director, Public: s.cfg.Public, Wall: c.need == wall, Main: main}
	if st, ok := main.(styled); ok {
		p.Style = st.Style()
	}
	if err := t.Execute(&b, p); err != nil {
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
	Flags   []play.Flag
	Join    bool // offer the join form: the caller has no credential
	WallKey bool // offer the wall key's form: the wall screen has none
	Game    int64
	// Again posts the form that failed once more, as it was: offered when the store was busy
	// or unreachable, where the same entry may go through in a moment. Every form that records
	// names the event it followed, so one that did go through the first time is answered
	// as a conflict, not recorded twice.
	Again *again
}

// again is a form to post again: where, and its fields in order.
type again struct {
	Action string
	Fields [][2]string
}

// againOf is r's form to post again, or nil for a request that posted none.
func againOf(r *http.Request) *again {
	if r.Method != http.MethodPost || r.ParseForm() != nil || len(r.PostForm) == 0 {
		return nil
	}
	a := &again{Action: r.URL.Path}
	for _, name := range slices.Sorted(maps.Keys(r.PostForm)) {
		for _, value := range r.PostForm[name] {
			a.Fields = append(a.Fields, [2]string{name, value})
		}
	}
	return a
}

func (s *Server) errorPage(w http.ResponseWriter, r *http.Request, c *caller, status int, p apiProblem) {
	unauthorized := status == http.StatusUnauthorized
	pr := problem{Status: status, Message: p.Message, Hint: p.Hint, Join: unauthorized && c.need != wall, WallKey: unauthorized && c.need == wall, Game: c.game}
	if status == http.StatusServiceUnavailable {
		pr.Again = againOf(r)
	}
	if err := s.show(w, status, "error", c, http.StatusText(status), pr); err != nil {
		http.Error(w, p.Message, status)
	}
}

// --- the club page, for the director, and the wall screen, for the room ---

// club is the night as the club page and the wall screen show it.
type club struct {
	Since   time.Time
	Games   []table.Listed
	Matches []*table.Standings
	// Codes are the games' table codes, by id, for the director, who hands them out.
	Codes map[int64]string
	// Charts draw each match's points game by game, by its name.
	Charts map[string]template.HTML
	// Wall is the wall screen's view: it shows the room no code. Turn is how often, in
	// milliseconds, it turns between the night and the season's ladders.
	Wall bool
	Turn int64
	// WallKey and Base are the director's: the key that opens the wall screen on another
	// screen, and the address this page was opened at.
	WallKey string
	Base    string
	// Waiting is the director's too: each game's scored rounds that nobody has confirmed, in
	// the tournaments that asked for confirmations (confirm=on).
	Waiting []gameWaiting
	// Tournaments are the night's tournaments, each with its round in play and standings;
	// their games are shown in their seating on the wall, not among the night's games.
	Tournaments []nightTournament
}

// winnerLine says who won v, once it is finished (render.WinnerLine).
func winnerLine(v *table.TournamentView) string {
	return render.WinnerLine(v.Finished, v.Closed, v.Winners, v.Standings)
}

// nightTournament is a tournament as the club page and the wall show it.
type nightTournament struct {
	*table.TournamentView
	Current *table.RoundView // the latest round paired, nil before the first
	// Flags counts the flags open in its games, the director's to rule on; FlaggedTables are
	// the tables of the round in play with one.
	Flags         int
	FlaggedTables []int
	// SeatingUp says players may still be looking for their tables: a table of the round in
	// play has not started its game. The wall keeps the seating up until every one has.
	SeatingUp bool
}

// seatingUp reports whether a table of t's round in play has not started its game yet, as
// the games' summaries say.
func seatingUp(t nightTournament) bool {
	if t.Current == nil || t.Current.Ended || t.Finished {
		return false
	}
	return slices.ContainsFunc(t.Current.Tables, func(tb table.TableGame) bool { return tb.Forfeit == "" && !tb.Started })
}

// gameWaiting is one game's rounds waiting for a confirmation.
type gameWaiting struct {
	Game   int64
	Kind   string
	Rounds []play.Waiting
}

// club reads the night; codes adds each game's table code, and charts says how its matches'
// charts are drawn.
func (s *Server) club(r *http.Request, codes bool, charts chartSize) (*club, error) {
	since := time.Now().Add(-s.cfg.Night)
	games, err := s.app.GamesSince(r.Context(), since)
	if err != nil {
		return nil, err
	}
	cl := &club{Since: since}
	var names []string
	for _, g := range games {
		if g.Kind == table.TournamentKind {
			t, err := s.nightTournament(r, g.ID)
			if err != nil {
				return nil, err
			}
			cl.Tournaments = append(cl.Tournaments, t)
			continue
		}
		cl.Games = append(cl.Games, g)
		if codes {
			if cl.Codes == nil {
				cl.Codes = map[int64]string{}
			}
			cl.Codes[g.ID] = s.keys.Code(g.ID)
			// Only a tournament that asked for confirmations waits for them.
			asked, err := s.app.AsksConfirmation(r.Context(), g.ID)
			if err != nil {
				return nil, err
			}
			if asked {
				game, err := s.app.Game(r.Context(), g.ID)
				if err != nil {
					return nil, err
				}
				if rounds := game.Waiting(); len(rounds) > 0 {
					cl.Waiting = append(cl.Waiting, gameWaiting{g.ID, g.Kind, rounds})
				}
			}
		}
		if g.Match != "" && g.Tournament == "" && !slices.Contains(names, g.Match) {
			names = append(names, g.Match)
		}
	}
	for _, name := range names {
		st, err := s.app.Match(r.Context(), name)
		if err != nil {
			return nil, err
		}
		cl.Matches = append(cl.Matches, st)
		if chart, ok := matchChart(st); ok {
			if cl.Charts == nil {
				cl.Charts = map[string]template.HTML{}
			}
			if cl.Charts[name], err = charts.draw(chart); err != nil {
				return nil, err
			}
		}
	}
	return cl, nil
}

// shownTournament is a tournament as the night's pages draw it: on the wall, or the club page.
type shownTournament struct {
	T    nightTournament
	Wall bool
}

func tournamentOf(t nightTournament, wall bool) shownTournament { return shownTournament{t, wall} }

// shownStandings are standings as a page draws them (the "standings" part), in a table of
// class Class.
type shownStandings struct {
	render.Standings
	Class string
}

// wallRows is how many players a column of the wall's standings holds: a room of 24 reads
// them in two columns beside the round's seating, on one screen.
const wallRows = 12

// tournamentStandings are v's standings, whole, or brief on the wall, in columns of wallRows.
func tournamentStandings(v *table.TournamentView, wall bool) []shownStandings {
	const class = "standings tournament-standings"
	if !wall {
		return []shownStandings{{render.TournamentStandings(v.TieBreaks, v.Standings, render.Whole), class}}
	}
	brief := render.TournamentStandings(v.TieBreaks, v.Standings, render.Brief)
	var out []shownStandings
	for rows := range slices.Chunk(brief.Rows, wallRows) {
		out = append(out, shownStandings{render.Standings{Columns: brief.Columns, Rows: rows}, class})
	}
	return out
}

// matchStandings are a match's standings, brief: the chart beside them draws its games.
func matchStandings(st *table.Standings) shownStandings {
	return shownStandings{render.MatchStandings(st, render.Brief), "standings"}
}

// nightTournament is tournament id as the night shows it.
func (s *Server) nightTournament(r *http.Request, id int64) (nightTournament, error) {
	_, v, err := s.tournament(r, id)
	if err != nil {
		return nightTournament{}, err
	}
	t := nightTournament{TournamentView: v}
	if len(v.Played) > 0 {
		t.Current = &v.Played[len(v.Played)-1]
	}
	t.SeatingUp = seatingUp(t)
	flags, err := s.openFlags(r, v)
	t.Flags = len(flags)
	for _, f := range flags {
		if f.Round == t.Current.Round && !slices.Contains(t.FlaggedTables, f.Table) {
			t.FlaggedTables = append(t.FlaggedTables, f.Table)
		}
	}
	slices.Sort(t.FlaggedTables)
	return t, err
}

// chartSize is how a page draws a chart: its box, in CSS px, and its type.
type chartSize struct {
	width, height int
	font          float64
}

func (z chartSize) draw(c render.Chart) (template.HTML, error) {
	return render.ChartHTMLTyped(c, z.width, z.height, z.font)
}

// wallFont is the least type on the wall screen, in CSS px, charts included: what a room reads
// across it (site.css holds its words to the same).
const wallFont = 24

// A match's chart on the club page, a column of the matches side by side; on the wall, half of
// a projector's width.
var (
	clubChart      = chartSize{480, 260, render.ChartFont}
	wallMatchChart = chartSize{900, 420, wallFont}
)

// matchChart is a match's points summed game by game, a line a player in the standings' order,
// from 0 before the first game; a player who sat a game out has no point there.
func matchChart(st *table.Standings) (render.Chart, bool) {
	c := render.Chart{Title: "Points in match " + st.Match + ", game by game", XLabel: "game of the match", YLabel: "points", X: []string{"0"}}
	sums := map[string]int{}
	c.Series = make([]render.Series, len(st.Standings))
	for i, p := range st.Standings {
		c.Series[i] = render.Series{Name: p.Player, Points: []render.Point{{X: 0, Y: 0}}}
	}
	for g, played := range st.Played {
		c.X = append(c.X, strconv.Itoa(g+1))
		for i, p := range st.Standings {
			if points, ok := played.Totals[p.Player]; ok {
				sums[p.Player] += points
				c.Series[i].Points = append(c.Series[i].Points, render.Point{X: g + 1, Y: float64(sums[p.Player])})
			}
		}
	}
	return c, len(st.Played) > 0
}

func (s *Server) clubPage(w http.ResponseWriter, r *http.Request, c *caller) error {
	cl, err := s.club(r, c.director, clubChart)
	if err != nil {
		return err
	}
	if c.director {
		cl.WallKey, cl.Base = table.ShowWallKey(s.keys.WallKey()), base(r)
	}
	return s.show(w, http.StatusOK, "club", c, "Club night", cl)
}

func (s *Server) clubPart(w http.ResponseWriter, r *http.Request, c *caller) error {
	cl, err := s.club(r, c.director, clubChart)
	if err != nil {
		return err
	}
	return s.part(w, "club", "now", cl)
}

// wallView is the night as the wall screen shows the room: without a code, whoever opened it.
func (s *Server) wallView(r *http.Request) (*club, error) {
	cl, err := s.club(r, false, wallMatchChart)
	if err != nil {
		return nil, err
	}
	cl.Wall, cl.Turn = true, s.cfg.Turn.Milliseconds()
	// The wall shows a tournament's games in its seating, not among the night's games.
	cl.Games = slices.DeleteFunc(cl.Games, func(g table.Listed) bool { return g.Tournament != "" })
	return cl, nil
}

func (s *Server) wallPage(w http.ResponseWriter, r *http.Request, c *caller) error {
	cl, err := s.wallView(r)
	if err != nil {
		return err
	}
	return s.show(w, http.StatusOK, "club", c, "Club night", cl)
}

func (s *Server) wallPart(w http.ResponseWriter, r *http.Request, c *caller) error {
	cl, err := s.wallView(r)
	if err != nil {
		return err
	}
	return s.part(w, "club", "now", cl)
}

// wallKey opens the wall screen on the screen the key was entered on (the director's link
// holds it) and goes on to the wall, so that its address, on the projector, shows no key. A
// wrong key counts as a guess.
func (s *Server) wallKey(w http.ResponseWriter, r *http.Request, c *caller) error {
	var key string
	var ok bool
	if !s.guard.try(clientAddr(r), func() bool { key, ok = s.keys.OpensWall(r.URL.Query().Get("key")); return ok }) {
		return errGuessing
	}
	if !ok {
		return s.show(w, http.StatusUnauthorized, "error", c, "The wall screen", problem{Status: http.StatusUnauthorized,
			Message: "that is not the wall key", Hint: errNoWallKey.hint, WallKey: true})
	}
	setCookie(w, r, wallCookie, key, directorFor)
	http.Redirect(w, r, "/wall", http.StatusSeeOther)
	return nil
}

// base is the address a page was opened at, which the director's links and QR codes hold.
func base(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return (&url.URL{Scheme: scheme, Host: r.Host}).String()
}

// cardsView is a page of cards to print and put on the tables: each with the QR code its phone
// scans, and what a phone that cannot types.
type cardsView struct {
	Title, Intro string
	Cards        []tableCard
}

// tableCard is one table's card.
type tableCard struct {
	Name  string // "game 12", "table 3"
	QR    string // the address of its QR code's image
	Lines []string
	Code  string
}

// cardsPage is a card for each game of the night still in play, but a tournament's: its
// tables' phones join by the table.
func (s *Server) cardsPage(w http.ResponseWriter, r *http.Request, c *caller) error {
	cl, err := s.club(r, true, clubChart)
	if err != nil {
		return err
	}
	v := cardsView{Title: "Table cards", Intro: "One card for each game in play tonight: print this page and put each card on its table. A tournament's tables have their own, one a table for the night, on its page."}
	for _, g := range cl.Games {
		if g.State != table.StateInProgress || g.Tournament != "" {
			continue
		}
		kind := g.Kind
		if g.Match != "" {
			kind += " · " + g.Match
		}
		v.Cards = append(v.Cards, tableCard{Name: fmt.Sprintf("game %d", g.ID), QR: fmt.Sprintf("/games/%d/qr.svg", g.ID),
			Lines: []string{kind, strings.Join(g.Players, ", ")}, Code: cl.Codes[g.ID]})
	}
	return s.show(w, http.StatusOK, "cards", c, v.Title, v)
}

// --- a game's page, for the table's phone ---

// gameView is a game as its page shows it: the part that shows the game now, and around it
// the page's own.
type gameView struct {
	*now.Part
	Title    string
	Director bool
	// Code and QR are the director's: the table's code, and whether the address the page was
	// opened at can be reached by phones.
	Code     string
	Loopback bool
	// What the last action did: a notice, or a refusal with what was tried.
	Notice  string
	Refusal *now.Refusal
	Tried   string
	// Newest is the newest game when the page was drawn: its table's next game is newer.
	Newest int64
	// Entered are the rounds this phone scored, for its own drawing of the part.
	Entered []int
	// Deadline is when the time of the game's tournament round is out, 0 with no clock (TR5).
	Deadline int64
	// AskFor is what the phone at a tournament's table may ask for its players while their
	// round is in play: a drop after it, a bye in the next (nil elsewhere).
	AskFor *tableAskFor
	// Holds says the caller holds the table's code (or is the director), though it may no
	// longer record (Locked): its phone keeps its copy of the game, and sends what waits there
	// for the server to take or refuse.
	Holds bool
}

func (s *Server) gameView(r *http.Request, c *caller, g *play.Game) (v *gameView, err error) {
	here := enteredRounds(r, g.ID())
	sheet, err := now.SheetOf(g.Sheet(), g.Flags())
	if err != nil {
		return nil, err
	}
	v = &gameView{Part: now.Of(g, c.table || c.director, here, sheet), Title: g.Rulebook().Name, Director: c.director, Entered: slices.Sorted(maps.Keys(here))}
	v.Holds = v.Table
	if c.director {
		if !g.IsTournament() {
			v.Code = s.keys.Code(g.ID())
		}
		host, _, err := net.SplitHostPort(r.Host)
		if err != nil {
			host = r.Host
		}
		ip := net.ParseIP(host)
		v.Loopback = host == "localhost" || (ip != nil && ip.IsLoopback())
	}
	if text := table.SeatText(g); text != "" {
		if v.Seat, err = s.seatOf(r, c, g, text); err != nil {
			return nil, err
		}
		if v.Deadline, err = s.app.RoundDeadline(r.Context(), g); err != nil {
			return nil, err
		}
		if c.atTable && v.Locked == "" && v.Seat.Tournament != 0 && !g.IsTournament() {
			v.AskFor = &tableAskFor{Tournament: v.Seat.Tournament, Table: g.Setup().Table, Game: g.ID(), Players: g.Setup().Players, NextRound: g.Setup().Round + 1}
			if asked, err := strconv.ParseInt(r.URL.Query().Get("asked"), 10, 64); err == nil {
				if t, err := s.app.TournamentLog(r.Context(), v.Seat.Tournament); err == nil {
					if e, ok := t.EventAt(asked); ok {
						v.Notice = "Recorded: " + t.Describe(e) + ". The organiser sees it, and may take it back."
					}
				}
			}
		}
		if v.Holds && !c.director {
			if v.Locked, err = s.app.RoundOver(r.Context(), g); err != nil {
				return nil, err
			}
			v.Table = v.Locked == ""
		}
	}
	if _, err := strconv.ParseInt(r.URL.Query().Get("from"), 10, 64); err == nil && v.Seat != nil {
		v.Notice = render.Capitalize(v.Seat.Text) + ": your table's game now."
	}
	if done, err := strconv.ParseInt(r.URL.Query().Get("done"), 10, 64); err == nil {
		if e, ok := g.EventAt(done); ok {
			v.Notice = notice(g, e)
			if c.director && v.Seat != nil && play.IsCorrectionEvent(e) {
				moved, err := s.standingsMoved(r, g, e.Seq)
				if err != nil {
					return nil, err
				}
				v.Notice += moved
			}
		}
	}
	return v, nil
}

// standingsMoved says what the correction at seq of g, a game of a tournament, did to the
// tournament's standings (T16), as a sentence after the notice; "" where its round no longer
// counts the game.
func (s *Server) standingsMoved(r *http.Request, g *play.Game, seq int64) (string, error) {
	log := g.Log()
	before, err := table.Replay(g.ID(), log[:seq-1])
	if err != nil {
		return "", err
	}
	after, err := table.Replay(g.ID(), log[:seq])
	if err != nil {
		return "", err
	}
	ch, err := s.app.StandingsChange(r.Context(), before, after)
	if err != nil || ch == nil {
		return "", err
	}
	return " " + render.Capitalize(render.StandingsMoved(ch.Tournament, ch.Before, ch.After)) + ".", nil
}

// tableAskFor is what a tournament table's phone may ask for its players from their game's
// page.
type tableAskFor struct {
	Tournament int64
	Table      int
	Game       int64
	Players    []string
	NextRound  int
}

// notice says what the action that recorded e did: the move recorded, or, for an undo or a
// void, the move taken back, in the words the log said it in.
func notice(g *play.Game, e play.Event) string {
	if target := g.TakenBack(e); target != 0 {
		return fmt.Sprintf("Taken back: %s (event %d).", g.Entries()[target-1].Text, target)
	}
	return fmt.Sprintf("Recorded: %d. %s", e.Seq, g.Describe(e))
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
	if v.Seat != nil {
		if v.Newest, err = s.app.NewestGame(r.Context()); err != nil {
			return err
		}
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
	if err := render.Sheet(&b, "html", g.Sheet(), g.Flags()); err != nil {
		return err
	}
	writeBody(w, "html", "", b.Bytes())
	return nil
}

// rulesView is a game's rulebook as its rules page shows it.
type rulesView struct {
	Game    int64
	Book    *play.Rulebook
	Options []chosenOption
	Moves   []moveForm
}

// chosenOption is an option of the game and the value it was played with.
type chosenOption struct {
	play.Option
	Value string
}

// moveForm is a line of how moves are typed: a form and what it does, a note on its own, or a
// line of a table kept as it is set (Article II's cards).
type moveForm struct{ Form, What, Set string }

// rulesPage is the rulebook of the game's kind, for a player at the table to read: this game's
// options, how its moves are typed, and every ruling the referee cites.
func (s *Server) rulesPage(w http.ResponseWriter, r *http.Request, c *caller) error {
	g, err := s.app.Game(r.Context(), c.game)
	if err != nil {
		return err
	}
	book, err := table.RulebookOf(g.Setup().Kind)
	if err != nil {
		return err
	}
	v := rulesView{Game: g.ID(), Book: book}
	for _, o := range book.Options {
		v.Options = append(v.Options, chosenOption{o, g.Setup().Options[o.Name]})
	}
	for _, line := range book.Grammar {
		form, what, ok := play.SplitForm(line)
		switch {
		case strings.HasPrefix(line, " "):
			v.Moves = append(v.Moves, moveForm{Set: line})
		case ok:
			v.Moves = append(v.Moves, moveForm{Form: form, What: what})
		default:
			v.Moves = append(v.Moves, moveForm{What: line})
		}
	}
	return s.show(w, http.StatusOK, "rules", c, "Rules of "+book.Name, v)
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
	var te *play.Error
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
	v.Refusal = &now.Refusal{Game: g.ID(), Last: v.Last, Message: te.Message, Hint: te.Hint, Flags: te.Flags, Tried: tried, Table: v.Table}
	if te.Code == play.Conflict {
		v.Refusal.Message = "Not recorded: someone at the table recorded first. The table below is the game now; enter the move again if it still is to be made."
	}
	return s.show(w, status, "game", c, fmt.Sprintf("%s — game %d", v.Title, g.ID()), v)
}

func (s *Server) record(w http.ResponseWriter, r *http.Request, c *caller) error {
	m := move{Move: r.PostFormValue("move"), Expect: afterOf(r), Force: r.PostFormValue("force") != ""}
	rec, err := s.recordMove(r, c, m)
	if err != nil {
		return s.refusedPage(w, r, c, err, m.Move)
	}
	if scored := rec.Game.Scored(rec.Before); len(scored) > 0 {
		entered(w, r, c.game, scored)
	}
	return acted(w, r, c.game, rec.Event.Seq)
}

// The phone that entered the move that scored a round is not the side to confirm it (L9). The
// log does not say who entered a move, so the phone keeps it: a cookie of the game's rounds it
// scored, which offers the confirmation to every phone but this one.
func enteredCookie(game int64) string { return fmt.Sprintf("entered-%d", game) }

// entered adds rounds to the rounds this phone scored in game.
func entered(w http.ResponseWriter, r *http.Request, game int64, rounds []int) {
	all := enteredRounds(r, game)
	for _, n := range rounds {
		all[n] = true
	}
	var words []string
	for n := range all {
		words = append(words, strconv.Itoa(n))
	}
	slices.Sort(words)
	http.SetCookie(w, &http.Cookie{Name: enteredCookie(game), Value: strings.Join(words, "."), Path: fmt.Sprintf("/games/%d", game),
		MaxAge: int((24 * time.Hour).Seconds()), HttpOnly: true, SameSite: http.SameSiteLaxMode})
}

// enteredRounds reads the rounds this phone scored in game.
func enteredRounds(r *http.Request, game int64) map[int]bool {
	out := map[int]bool{}
	if ck, err := r.Cookie(enteredCookie(game)); err == nil {
		for _, w := range strings.Split(ck.Value, ".") {
			if n, err := strconv.Atoi(w); err == nil {
				out[n] = true
			}
		}
	}
	return out
}

// confirm records a phone's confirmation of a round (L9): POST round, player, after.
func (s *Server) confirm(w http.ResponseWriter, r *http.Request, c *caller) error {
	done, err := s.correction(r, c, correction{Verb: "confirm", Args: []string{r.PostFormValue("round"), r.PostFormValue("player")},
		Note: r.PostFormValue("note"), Expect: afterOf(r)})
	if err != nil {
		return s.refusedPage(w, r, c, err, "")
	}
	return acted(w, r, c.game, done.Event.Seq)
}

func (s *Server) undo(w http.ResponseWriter, r *http.Request, c *caller) error {
	done, err := s.correction(r, c, correction{Verb: "undo", Expect: afterOf(r)})
	if err != nil {
		return s.refusedPage(w, r, c, err, "")
	}
	return acted(w, r, c.game, done.Event.Seq)
}

func (s *Server) correct(w http.ResponseWriter, r *http.Request, c *caller) error {
	args, note, hasNote, err := play.Words(r.PostFormValue("words"))
	if err != nil {
		return s.refusedPage(w, r, c, &httpError{status: http.StatusBadRequest, code: "invalid", msg: err.Error()}, "")
	}
	if !hasNote {
		note = r.PostFormValue("note")
	}
	corr := correction{Verb: r.PostFormValue("verb"), Args: args, Note: note, Force: r.PostFormValue("force") != "", Expect: afterOf(r)}
	done, err := s.correction(r, c, corr)
	if err != nil {
		return s.refusedPage(w, r, c, err, "")
	}
	return acted(w, r, c.game, done.Event.Seq)
}

// --- credentials ---

// codeForm is the join page: a table's game and code, or a tournament's table and its code.
type codeForm struct {
	Game              string
	Tournament, Table string
	// AtTournament asks for a tournament's table rather than a game.
	AtTournament bool
	Code         string
	Problem      string
}

func (s *Server) joinPage(w http.ResponseWriter, r *http.Request, c *caller) error {
	q := r.URL.Query()
	switch {
	case q.Get("game") != "" && q.Get("code") != "":
		return s.joinWith(w, r, c, q.Get("game"), q.Get("code")) // the QR code's link
	case q.Get("tournament") != "" && q.Get("table") != "" && q.Get("code") != "":
		return s.joinTable(w, r, c, q.Get("tournament"), q.Get("table"), q.Get("code"))
	}
	return s.show(w, http.StatusOK, "join", c, "Join a table", codeForm{Game: q.Get("game"), Tournament: q.Get("tournament"), Table: q.Get("table"), AtTournament: q.Has("tournament")})
}

func (s *Server) join(w http.ResponseWriter, r *http.Request, c *caller) error {
	if r.PostFormValue("tournament") != "" {
		return s.joinTable(w, r, c, r.PostFormValue("tournament"), r.PostFormValue("table"), r.PostFormValue("code"))
	}
	return s.joinWith(w, r, c, r.PostFormValue("game"), r.PostFormValue("code"))
}

// joinWith checks a game's code and, when it is right, gives the phone a cookie that lets it
// record in that game. A wrong code counts as a guess.
func (s *Server) joinWith(w http.ResponseWriter, r *http.Request, c *caller, gameText, codeText string) error {
	game, err := strconv.ParseInt(strings.TrimSpace(gameText), 10, 64)
	var code string
	var ok bool
	var log bool
	if err == nil {
		if log, err = s.isTournamentLog(r, game); err != nil {
			return err
		}
	}
	if !s.guard.try(clientAddr(r), func() bool {
		code, ok = s.keys.OpensTable(game, codeText)
		ok = ok && !log
		return err == nil && ok
	}) {
		return errGuessing
	}
	if err != nil || !ok {
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
	var ok bool
	if !s.guard.try(clientAddr(r), func() bool { ok = s.keys.IsKey(r.PostFormValue("key")); return ok }) {
		return errGuessing
	}
	if !ok {
		return s.show(w, http.StatusUnauthorized, "login", c, "Director", "That is not the director's key.")
	}
	setCookie(w, r, directorCookie, s.keys.Login(time.Now().Add(directorFor)), directorFor)
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

// qr is the QR code of the address where the game's phones join: the address the director
// opened the page at, with the game's code.
func (s *Server) qr(w http.ResponseWriter, r *http.Request, c *caller) error {
	if g, err := s.app.Game(r.Context(), c.game); err != nil {
		return err
	} else if g.IsTournament() {
		return errNoCodeForTheLog(g.ID())
	}
	return writeQR(w, base(r)+s.joinPath(c.game))
}

// writeQR answers with the QR code of the address u.
func writeQR(w http.ResponseWriter, u string) error {
	svg, err := qrSVG(u)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(svg)
	return nil
}
