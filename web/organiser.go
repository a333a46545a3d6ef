package web

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/render"
	"github.com/tableside/tableside/scoring"
	"github.com/tableside/tableside/table"
)

// The organiser's pages run a tournament from a laptop: start it, say who is here, pair each
// round, and see its tables and what holds a round up. Every action is the core's, as the
// command line's `tournament` and `record` do it.

// tournamentForm is the new tournament page: the kinds to choose from, or the form of one kind.
type tournamentForm struct {
	Kinds []kindChoice // when no kind is chosen yet
	Kind  string
	Name  string // the kind's name
	// TwoPlayer says the kind is played by two: no table size.
	TwoPlayer bool
	// RoundRobin says the kind's tournaments may be round robins, so the form asks whether one
	// is double.
	RoundRobin bool
	// MinTable and MaxTable are the players a table of the kind seats.
	MinTable, MaxTable int
	Formats            []string
	TieBreaks          []string // the tie-breaks there are
	Options            []optionField
	// What was entered; Chosen has a tie-break, or "" for none, in each of the form's
	// tieBreakChoices places, in order.
	Tournament, Format, Players, Date string
	Rounds, TableSize, RoundMinutes   int
	Chosen                            []string
	Double, Confirm                   bool
	Problem, Hint                     string
}

// tieBreakChoices is how many tie-breaks the form offers to choose, in order.
const tieBreakChoices = 3

// tournamentFormOf is the empty form of a kind, its defaults those of the tournament's rules.
func tournamentFormOf(kind string) (*tournamentForm, error) {
	book, err := table.RulebookOf(kind)
	if err != nil {
		return nil, err
	}
	rules, err := table.RulebookOf(table.TournamentKind)
	if err != nil {
		return nil, err
	}
	formats, err := table.TournamentFormats(book.Kind)
	if err != nil {
		return nil, err
	}
	f := &tournamentForm{Kind: book.Kind, Name: book.Name, TwoPlayer: book.Players[1] == 2, MinTable: book.Players[0], MaxTable: book.Players[1],
		Formats: formats, Format: formats[0], RoundRobin: slices.Contains(formats, table.RoundRobin), Options: optionFields(book), Date: today(), Rounds: 5, TableSize: min(4, book.Players[1])}
	for _, o := range rules.Options {
		switch o.Name {
		case "rounds":
			f.Rounds, _ = strconv.Atoi(o.Values[0])
		case "tie_breaks":
			f.TieBreaks = o.Values[1:]
			f.choose(strings.Split(o.Values[0], ","))
		}
	}
	return f, nil
}

// choose sets the form's tie-break places to tieBreaks, in order, the rest to none.
func (f *tournamentForm) choose(tieBreaks []string) {
	f.Chosen = make([]string, max(tieBreakChoices, len(tieBreaks)))
	copy(f.Chosen, tieBreaks)
}

// read reads the posted form into a tournament's setup, keeping what was entered in f.
func (f *tournamentForm) read(r *http.Request) (table.TournamentSetup, error) {
	f.Tournament, f.Format, f.Players, f.Date = strings.TrimSpace(r.PostFormValue("name")), r.PostFormValue("format"), r.PostFormValue("players"), r.PostFormValue("date")
	f.Double, f.Confirm = r.PostFormValue("double") != "", r.PostFormValue("confirm") != ""
	var chosen []string
	for _, tb := range r.PostForm["tie_break"] {
		if tb != "" && !slices.Contains(chosen, tb) {
			chosen = append(chosen, tb)
		}
	}
	f.choose(chosen)
	s := table.TournamentSetup{Name: f.Tournament, Game: f.Kind, Format: f.Format, TieBreaks: chosen, Double: f.Double, Confirm: f.Confirm,
		Date: f.Date, Options: readOptions(r, f.Options)}
	for field, into := range map[string]*int{"rounds": &f.Rounds, "table_size": &f.TableSize} {
		text := strings.TrimSpace(r.PostFormValue(field))
		if text == "" {
			continue
		}
		n, err := strconv.Atoi(text)
		if err != nil {
			return s, invalidf("%s %q is not a number", strings.ReplaceAll(field, "_", " "), text)
		}
		if n < 1 {
			return s, invalidf("%s %d: it is one or more (leave it empty for the default)", strings.ReplaceAll(field, "_", " "), n)
		}
		*into = n
	}
	s.Rounds = f.Rounds
	if !f.TwoPlayer {
		s.TableSize = f.TableSize
	}
	if text := strings.TrimSpace(r.PostFormValue("round_minutes")); text != "" {
		n, err := strconv.Atoi(text)
		if err != nil || n < 0 {
			return s, invalidf("round minutes %q: give the minutes a round may take, or none for no clock", text)
		}
		f.RoundMinutes, s.RoundMinutes = n, n
	}
	// One player a line, a rating after the name if the club rates: "ann 1500".
	for i, line := range strings.Split(f.Players, "\n") {
		words := strings.Fields(line)
		switch len(words) {
		case 0:
			continue
		case 1, 2:
			s.Players = append(s.Players, words[0])
		default:
			return s, invalidf("line %d, %q: write a player's name, and a rating after it if they have one", i+1, strings.TrimSpace(line))
		}
		if len(words) == 2 {
			rating, err := strconv.Atoi(words[1])
			if err != nil && !strings.ContainsFunc(words[1], unicode.IsDigit) {
				// Two words with no number: a name of two words, which no face takes.
				return s, invalidf("line %d: player name %q: names are one word (%s), and a rating after it is a number",
					i+1, strings.Join(words, " "), strings.Join(words, "_"))
			}
			if err != nil {
				return s, invalidf("line %d: %s's rating %q is not a number", i+1, words[0], words[1])
			}
			if s.Ratings == nil {
				s.Ratings = map[string]int{}
			}
			s.Ratings[words[0]] = rating
		}
	}
	return s, nil
}

func (s *Server) newTournamentPage(w http.ResponseWriter, r *http.Request, c *caller) error {
	kind := r.URL.Query().Get("kind")
	if kind == "" {
		return s.show(w, http.StatusOK, "tournament_new", c, "New tournament", &tournamentForm{Kinds: kindsForm("").Kinds})
	}
	f, err := tournamentFormOf(kind)
	if err != nil {
		return s.show(w, http.StatusBadRequest, "tournament_new", c, "New tournament", &tournamentForm{Kinds: kindsForm("").Kinds, Problem: err.Error()})
	}
	return s.show(w, http.StatusOK, "tournament_new", c, "New tournament of "+f.Name, f)
}

func (s *Server) createTournament(w http.ResponseWriter, r *http.Request, c *caller) error {
	f, err := tournamentFormOf(r.PostFormValue("kind"))
	if err != nil {
		return s.show(w, http.StatusBadRequest, "tournament_new", c, "New tournament", &tournamentForm{Kinds: kindsForm("").Kinds, Problem: err.Error()})
	}
	setup, err := f.read(r)
	var g *play.Game
	if err == nil {
		g, err = s.app.NewTournament(r.Context(), setup)
	}
	switch {
	case err == nil:
		s.live.kick()
		http.Redirect(w, r, fmt.Sprintf("/tournaments/%d", g.ID()), http.StatusSeeOther)
		return nil
	case !isBadRequest(err):
		return err
	}
	f.Problem, f.Hint = err.Error(), table.HintOf(err)
	return s.show(w, http.StatusBadRequest, "tournament_new", c, "New tournament of "+f.Name, f)
}

// organiserView is a tournament as the organiser's page shows it.
type organiserView struct {
	*table.TournamentView
	// Current is the latest round paired, nil before the first; Tables, its tables, each with
	// where its game stands while it is played.
	Current *table.RoundView
	Tables  []roundTable
	Codes   []tableCode
	Base    string
	// What the last action did, and, while nothing was recorded after it, the event to take
	// back to undo it.
	Notice   string
	TakeBack int64
	Refusal  *problem
	// Asked is a move the organiser clicked that changes the night for good, asked again
	// with what it does before it is recorded.
	Asked *askedMove
	// Flags are the flags still open in the tournament's games, the director's to rule on.
	Flags []tableFlag
	// AtTables are what the tables' phones asked (a check-in, a drop, a bye) and stands: the
	// organiser may refuse each. Last is the log's last event, which a refusal records after.
	AtTables []tableAsked
	Last     int64
	log      *play.Game
}

// tableAsked is a move a table's phone asked, as the organiser's page lists it.
type tableAsked struct {
	Seq  int64
	Text string
}

// tablesAsked lists the moves of g, a tournament's log, that a table's phone asked and that
// still stand (not taken back).
func tablesAsked(g *play.Game) []tableAsked {
	var out []tableAsked
	taken := map[int64]bool{}
	log := g.Log()
	for _, e := range log {
		if target := g.TakenBack(e); target != 0 {
			taken[target] = true
		}
	}
	for _, e := range log {
		// Only a table's own asks carry "by": a round's pairing, large, is not read.
		if !bytes.Contains(e.Payload, []byte(`"by":`)) || taken[e.Seq] || play.IsCorrectionEvent(e) {
			continue
		}
		var by struct {
			By int `json:"by"`
		}
		if json.Unmarshal(e.Payload, &by) == nil && by.By > 0 {
			out = append(out, tableAsked{Seq: e.Seq, Text: g.Describe(e)})
		}
	}
	return out
}

// tournamentRefuse takes back a move a table's phone asked (a void of it, with the note that
// the organiser refused it).
func (s *Server) tournamentRefuse(w http.ResponseWriter, r *http.Request, c *caller) error {
	if _, err := s.app.TournamentLog(r.Context(), c.game); err != nil {
		return err
	}
	seq := strings.TrimSpace(r.PostFormValue("seq"))
	done, err := s.correction(r, c, correction{Verb: "void", Args: []string{seq}, Note: "refused by the organiser", Expect: afterOf(r)})
	if err != nil {
		return s.organiserRefused(w, r, c, err)
	}
	s.live.kick()
	http.Redirect(w, r, fmt.Sprintf("/tournaments/%d?done=%d", c.game, done.Event.Seq), http.StatusSeeOther)
	return nil
}

// tableFlag is a flag still open in a tournament's game: where it was raised, and what it
// says, with the game's last event, after which a ruling on it is recorded.
type tableFlag struct {
	Round, Table int
	Game, Seq    int64
	Rule         string
	Severity     string
	Message      string
	Last         int64
}

// openFlags lists the flags still open in v's games, round by round and table by table.
func (s *Server) openFlags(r *http.Request, v *table.TournamentView) ([]tableFlag, error) {
	var out []tableFlag
	for _, round := range v.Played {
		for _, t := range round.Tables {
			if t.Flags == 0 { // as its summary says: a night's games are not all read for a few flags
				continue
			}
			g, err := s.app.Game(r.Context(), t.Game)
			if err != nil {
				return nil, err
			}
			for _, f := range g.OpenFlags() {
				out = append(out, tableFlag{Round: round.Round, Table: t.Table, Game: t.Game, Seq: f.Seq, Rule: f.Rule,
					Severity: fmt.Sprint(f.Severity), Message: f.Message, Last: g.Last()})
			}
		}
	}
	return out, nil
}

// askedMove is a drop, a round's end or release, or the close, as the organiser's page asks
// before recording it: what it does, and the words to record it.
type askedMove struct {
	Verb, Player, Round string
	Question            string
	Does                string
	Yes, No             string
}

// asked is the question the page asks before recording verb (of player, for a drop), or nil
// for a move that is recorded at once (an arrival).
func (v *organiserView) asked(verb, player, inRound string) *askedMove {
	a := &askedMove{Verb: verb, Player: player, Round: inRound}
	round := 0
	if v.Current != nil {
		round = v.Current.Round
	}
	switch verb {
	case "forfeit":
		a.Question, a.Yes, a.No = fmt.Sprintf("%s did not come?", render.Capitalize(player)), "Forfeit: "+player+" did not come", "Back"
		a.Does = fmt.Sprintf("%s loses round %s by forfeit, the opponent wins by it, and the table's game does not count (T10).", player, cmp.Or(inRound, strconv.Itoa(round)))
		if others := v.playingWith(player); len(others) >= 2 {
			a.Does = fmt.Sprintf("%s loses round %s by forfeit and takes the table's last place; %s play on in a game of their own, the table's game stopped (T10).",
				player, cmp.Or(inRound, strconv.Itoa(round)), strings.Join(others, ", "))
		}
	case "drop":
		a.Question, a.Yes, a.No = fmt.Sprintf("Drop %s?", player), "Drop "+player, "Keep "+player
		a.Does = fmt.Sprintf("%s is not paired again (T1); the results so far stand.", player)
	case "end":
		a.Question, a.Yes, a.No = fmt.Sprintf("End round %d now?", round), fmt.Sprintf("End round %d", round), "Let the tables play on"
		a.Does = "Its unfinished games count as their sheets stand"
		if len(v.Next.Playing) > 0 {
			a.Does += fmt.Sprintf(" (tables %s still play)", joinInts(v.Next.Playing))
		}
		a.Does += ", and from then on only the director may change them (T16)."
	case "release":
		a.Question, a.Yes, a.No = fmt.Sprintf("Release round %d?", round), fmt.Sprintf("Release round %d", round), "Wait for the confirmations"
		a.Does = "The next round may be paired though some of this round's results are not confirmed."
	case "close":
		a.Question, a.Yes, a.No = "Close the tournament?", "Close the tournament", "Keep it open"
		a.Does = "No more rounds are paired and nothing more is recorded in it (T9); the round in play, if any, ends with it, and its games are the director's (T16)."
	default:
		return nil
	}
	return a
}

// joinInts writes numbers as a list: 1, 4, 5.
func joinInts(ns []int) string {
	words := make([]string, len(ns))
	for i, n := range ns {
		words[i] = strconv.Itoa(n)
	}
	return strings.Join(words, ", ")
}

// playingWith is who plays on at player's table of the latest round without them.
func (v *organiserView) playingWith(player string) []string {
	for _, t := range v.Tables {
		playing := t.Players
		if t.PlayingOn != nil {
			playing = t.PlayingOn
		}
		if slices.Contains(playing, player) {
			return slices.DeleteFunc(slices.Clone(playing), func(p string) bool { return p == player })
		}
	}
	return nil
}

// roundTable is a table of the latest round, and, while its game holds the round up, what the
// game waits for.
type roundTable struct {
	table.TableGame
	Events  int
	Playing bool
	Next    string // the game's hint: who is to do what
}

func (s *Server) organiserView(r *http.Request) (*organiserView, error) {
	id, err := gameID(r)
	if err != nil {
		return nil, err
	}
	g, tv, err := s.tournament(r, id)
	if err != nil {
		return nil, err
	}
	v := &organiserView{TournamentView: tv, Base: base(r), log: g}
	if v.Codes, err = s.codes(g); err != nil {
		return nil, err
	}
	if v.Flags, err = s.openFlags(r, tv); err != nil {
		return nil, err
	}
	v.AtTables, v.Last = tablesAsked(g), g.Last()
	if len(tv.Played) == 0 {
		return v, nil
	}
	v.Current = &tv.Played[len(tv.Played)-1]
	for _, t := range v.Current.Tables {
		rt := roundTable{TableGame: t, Playing: slices.Contains(tv.Next.Playing, t.Table)}
		if rt.Playing && t.Game != 0 {
			game, err := s.app.Game(r.Context(), t.Game)
			if err != nil {
				return nil, err
			}
			rt.Events, rt.Next = game.Len(), game.Hint()
		}
		v.Tables = append(v.Tables, rt)
	}
	return v, nil
}

func (s *Server) organiserPage(w http.ResponseWriter, r *http.Request, c *caller) error {
	v, err := s.organiserView(r)
	if err != nil {
		return err
	}
	if n, err := strconv.Atoi(r.URL.Query().Get("paired")); err == nil {
		v.Notice = fmt.Sprintf("Round %d is paired and its games are made: the phones at the tables show them now.", n)
	}
	if done, err := strconv.ParseInt(r.URL.Query().Get("done"), 10, 64); err == nil {
		if e, ok := v.log.EventAt(done); ok {
			if target := v.log.TakenBack(e); target != 0 {
				v.Notice = notice(v.log, e)
			} else {
				v.Notice = "Recorded: " + v.log.Describe(e) + "."
				if done == v.log.Last() {
					v.TakeBack = done
				}
			}
		}
	}
	return s.show(w, http.StatusOK, "tournament", c, v.Name, v)
}

// tournamentUndo takes back the organiser's latest move, the one the page offered to take
// back: a move recorded after it (another tab's) is a conflict, and nothing is taken back.
func (s *Server) tournamentUndo(w http.ResponseWriter, r *http.Request, c *caller) error {
	if _, err := s.app.TournamentLog(r.Context(), c.game); err != nil {
		return err
	}
	after := afterOf(r)
	if after == 0 {
		return s.organiserRefused(w, r, c, &httpError{status: http.StatusBadRequest, code: "invalid", msg: "take back what? The page names the move it offers to take back"})
	}
	done, err := s.correction(r, c, correction{Verb: "undo", Expect: after})
	if err != nil {
		return s.organiserRefused(w, r, c, err)
	}
	s.live.kick()
	http.Redirect(w, r, fmt.Sprintf("/tournaments/%d?done=%d", c.game, done.Event.Seq), http.StatusSeeOther)
	return nil
}

func (s *Server) organiserPart(w http.ResponseWriter, r *http.Request, c *caller) error {
	v, err := s.organiserView(r)
	if err != nil {
		return err
	}
	return s.part(w, "tournament", "now", v)
}

// organiserRefused shows the organiser's page again with why an action was refused.
func (s *Server) organiserRefused(w http.ResponseWriter, r *http.Request, c *caller, err error) error {
	var te *play.Error
	var he *httpError
	if !errors.As(err, &te) && !errors.As(err, &he) {
		return err
	}
	v, verr := s.organiserView(r)
	if verr != nil {
		return verr
	}
	status, _ := statusOf(err)
	v.Refusal = &problem{Status: status, Message: err.Error(), Hint: table.HintOf(err)}
	if te != nil {
		v.Refusal.Message, v.Refusal.Flags = te.Message, te.Flags
	}
	return s.show(w, status, "tournament", c, v.Name, v)
}

// pairPage pairs the next round, as `tournament pair` does.
func (s *Server) pairPage(w http.ResponseWriter, r *http.Request, c *caller) error {
	g, err := s.app.TournamentLog(r.Context(), c.game)
	if err != nil {
		return err
	}
	// The round the page offered to pair: a second tab, or a second click, that pairs it once
	// it is paired is told so.
	want := 0
	if text := r.PostFormValue("round"); text != "" {
		if want, err = strconv.Atoi(text); err != nil {
			return s.organiserRefused(w, r, c, &httpError{status: http.StatusBadRequest, code: "invalid", msg: fmt.Sprintf("round %q: a round is a number", text)})
		}
	}
	round, err := s.app.PairRound(r.Context(), g, want)
	if err != nil {
		return s.organiserRefused(w, r, c, err)
	}
	s.live.kick()
	http.Redirect(w, r, fmt.Sprintf("/tournaments/%d?paired=%d", c.game, round.Round), http.StatusSeeOther)
	return nil
}

// tournamentMove records one of the organiser's moves in the tournament's log, in the words
// `tableside record` takes: an arrival, a drop, a round's end or release, the close.
func (s *Server) tournamentMove(w http.ResponseWriter, r *http.Request, c *caller) error {
	if _, err := s.app.TournamentLog(r.Context(), c.game); err != nil {
		return err // a game's moves are the table's, not the organiser's page's
	}
	verb, player := strings.TrimSpace(r.PostFormValue("verb")), strings.TrimSpace(r.PostFormValue("player"))
	if r.PostFormValue("sure") == "" {
		v, err := s.organiserView(r)
		if err != nil {
			return err
		}
		if v.Asked = v.asked(verb, player, r.PostFormValue("round")); v.Asked != nil {
			return s.show(w, http.StatusOK, "tournament", c, v.Name, v)
		}
	}
	words := strings.Join(strings.Fields(strings.Join([]string{verb, player, r.PostFormValue("with"), r.PostFormValue("rating"), r.PostFormValue("table"), r.PostFormValue("round")}, " ")), " ")
	rec, err := s.recordMove(r, c, move{Move: words})
	if err != nil {
		return s.organiserRefused(w, r, c, err)
	}
	http.Redirect(w, r, fmt.Sprintf("/tournaments/%d?done=%d", c.game, rec.Event.Seq), http.StatusSeeOther)
	return nil
}

// latestSlip is the caller's tournament, its view, and its latest round's slip; a 404 before
// any round is paired.
func (s *Server) latestSlip(r *http.Request, c *caller) (*play.Game, *table.TournamentView, scoring.Slip, error) {
	g, v, err := s.tournament(r, c.game)
	if err != nil {
		return nil, nil, scoring.Slip{}, err
	}
	slip, ok := v.Slip(g.Record())
	if !ok {
		return nil, nil, slip, &httpError{status: http.StatusNotFound, code: "not_found", msg: fmt.Sprintf("tournament %d has no round paired yet", g.ID()), hint: "pair round 1 first"}
	}
	return g, v, slip, nil
}

// printPage is one of the director's prints (render.PrintKinds), as `tournament print` writes
// it: one printable page with the tournament's seal.
func (s *Server) printPage(w http.ResponseWriter, r *http.Request, c *caller) error {
	kind := r.PathValue("kind")
	if !slices.Contains(render.PrintKinds, kind) {
		return &httpError{status: http.StatusNotFound, code: "not_found", msg: fmt.Sprintf("no print %q", kind), hint: "the prints are " + strings.Join(render.PrintKinds, ", ")}
	}
	g, v, slip, err := s.latestSlip(r, c)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := render.PrintHTML(&b, kind, render.NewPrint(slip, v.Crosstable(g.Record()), v.TieBreaks, v.Standings, v.Finished, v.Closed, v.Winners)); err != nil {
		return err
	}
	writeBody(w, "html", "", b.Bytes())
	return nil
}

// slipPage is the latest round's slip for the notice board, as `tournament slip` writes it:
// one printable page with the tournament's seal.
func (s *Server) slipPage(w http.ResponseWriter, r *http.Request, c *caller) error {
	_, v, slip, err := s.latestSlip(r, c)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := render.SlipHTML(&b, slip, render.TournamentStandings(v.TieBreaks, v.Standings, render.Whole)); err != nil {
		return err
	}
	writeBody(w, "html", "", b.Bytes())
	return nil
}
