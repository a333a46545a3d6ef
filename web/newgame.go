package web

import (
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/table"
)

// The new game page asks for what the kind's own rules say a setup names (play.Rulebook:
// Players, Seating, Options), so each kind gets its own fields and nothing it would refuse.
// It is two plain pages: the kind first, then that kind's form.

// setupForm is the new game page: the kinds to choose from, or the form of one kind with what
// was entered in it.
type setupForm struct {
	Kinds []kindChoice // when no kind is chosen yet
	Kind  string
	Name  string
	Seats []seat
	play.Seating
	TeamNames []teamName // one for each team the kind seats
	Options   []optionField
	Date      string
	Match     string
	Matches   []string // the kind's matches so far, to pick from
	Problem   string
	Hint      string
}

// kindChoice is a kind of game as the first page offers it.
type kindChoice struct {
	Kind, Name, Players string
}

// seat is one player's row: as many rows as the kind takes players, the first ones required.
type seat struct {
	N        int // from 1, in seating order
	Name     string
	Required bool
	Dealer   bool // marked as the first dealer
	Opener   bool
	Team     int // the team's number from 1; 0 for none
}

// optionField is an option of the kind with its ruling's title and the value chosen.
type optionField struct {
	play.Option
	Title string
	Value string
}

// teamName is a team's number, from 1, and the name the table gives it.
type teamName struct {
	N    int
	Name string
}

// optionFields are the options of book's kind, each at its default, with its ruling's title.
func optionFields(book *play.Rulebook) []optionField {
	var out []optionField
	for _, o := range book.Options {
		title := ""
		if i := slices.IndexFunc(book.Rulings, func(ru play.Ruling) bool { return ru.ID == o.Rule }); i >= 0 {
			title = book.Rulings[i].Title
		}
		out = append(out, optionField{Option: o, Title: title, Value: o.Values[0]})
	}
	return out
}

// today is the date a new game's form offers.
func today() string { return time.Now().Format("2006-01-02") }

func (s *Server) newPage(w http.ResponseWriter, r *http.Request, c *caller) error {
	q := r.URL.Query()
	if q.Get("kind") == "" {
		return s.show(w, http.StatusOK, "new", c, "New game", kindsForm(q.Get("match")))
	}
	f, err := s.setupForm(r, q.Get("kind"))
	if err != nil {
		return s.kindProblem(w, c, err, q.Get("match"))
	}
	f.Match = q.Get("match")
	return s.show(w, http.StatusOK, "new", c, "New game of "+f.Name, f)
}

// kindsForm is the first page: which game.
func kindsForm(match string) *setupForm {
	f := &setupForm{Match: match}
	for _, k := range play.Kinds() {
		book, _ := table.RulebookOf(k)
		lo, hi := book.Players[0], book.Players[1]
		players := fmt.Sprintf("%d players", lo)
		if hi > lo {
			players = fmt.Sprintf("%d to %d players", lo, hi)
		}
		f.Kinds = append(f.Kinds, kindChoice{Kind: k, Name: book.Name, Players: players})
	}
	return f
}

// kindProblem answers a kind there is no such game of with the choice of kinds.
func (s *Server) kindProblem(w http.ResponseWriter, c *caller, err error, match string) error {
	f := kindsForm(match)
	f.Problem = err.Error()
	return s.show(w, http.StatusBadRequest, "new", c, "New game", f)
}

// setupForm is the empty form of a kind, as its rules describe its setup.
func (s *Server) setupForm(r *http.Request, kind string) (*setupForm, error) {
	book, err := table.RulebookOf(kind)
	if err != nil {
		return nil, err
	}
	f := &setupForm{Kind: book.Kind, Name: book.Name, Seating: book.Seating, Date: today()}
	lo, hi := book.Players[0], book.Players[1]
	for n := 1; n <= hi; n++ {
		f.Seats = append(f.Seats, seat{N: n, Required: n <= lo})
	}
	if f.Teams != nil {
		for n := 1; n <= f.Teams.Count; n++ {
			f.TeamNames = append(f.TeamNames, teamName{N: n})
		}
	}
	f.Options = optionFields(book)
	matches, err := s.app.Matches(r.Context())
	if err != nil {
		return nil, err
	}
	for _, m := range matches {
		if m.Kind == f.Kind {
			f.Matches = append(f.Matches, m.Match)
		}
	}
	return f, nil
}

// read fills the form with what was posted and makes the game it asks for, as the API's body
// says it.
func (f *setupForm) read(r *http.Request) (table.Setup, error) {
	names, teams := r.PostForm["player"], r.PostForm["team"]
	n := table.Setup{Kind: f.Kind, Date: strings.TrimSpace(r.PostFormValue("date")), Match: strings.TrimSpace(r.PostFormValue("match"))}
	f.Date, f.Match = n.Date, n.Match
	dealer, _ := strconv.Atoi(r.PostFormValue("dealer"))
	opener, _ := strconv.Atoi(r.PostFormValue("opener"))
	for i, name := range r.PostForm["teamname"] {
		if i < len(f.TeamNames) {
			f.TeamNames[i].Name = strings.TrimSpace(name)
		}
	}
	for i := range f.Seats {
		st := &f.Seats[i]
		if i < len(names) {
			st.Name = strings.TrimSpace(names[i])
		}
		if i < len(teams) {
			st.Team, _ = strconv.Atoi(teams[i])
		}
		st.Dealer, st.Opener = st.N == dealer, st.N == opener
		if st.Name == "" {
			if st.Dealer || st.Opener || st.Team != 0 {
				return n, invalidf("player %d is marked but has no name", st.N)
			}
			continue
		}
		n.Players = append(n.Players, st.Name)
		if st.Dealer {
			n.Dealer = st.Name
		}
		if st.Opener {
			n.Opener = st.Name
		}
		if st.Team < 0 || st.Team > len(f.TeamNames) {
			return n, invalidf("player %d: there is no team %d", st.N, st.Team)
		}
		if st.Team != 0 {
			team := f.TeamNames[st.Team-1].Name
			if team == "" {
				return n, invalidf("team %d has players but no name", st.Team)
			}
			if n.Teams == nil {
				n.Teams = map[string][]string{}
			}
			n.Teams[team] = append(n.Teams[team], st.Name)
		}
	}
	n.Options = readOptions(r, f.Options)
	return n, nil
}

// readOptions reads the options the form offered as fields, keeping each as entered in its
// field; nil when every field was left empty, for the rules' defaults.
func readOptions(r *http.Request, fields []optionField) map[string]string {
	var options map[string]string
	for i := range fields {
		o := &fields[i]
		o.Value = strings.TrimSpace(r.PostFormValue("option." + o.Name))
		if o.Value == "" {
			o.Value = o.Values[0] // the rules' default, as the form offered it
			continue
		}
		if options == nil {
			options = map[string]string{}
		}
		options[o.Name] = o.Value
	}
	return options
}

func (s *Server) create(w http.ResponseWriter, r *http.Request, c *caller) error {
	f, err := s.setupForm(r, r.PostFormValue("kind"))
	if err != nil {
		return s.kindProblem(w, c, err, r.PostFormValue("match"))
	}
	n, err := f.read(r)
	var g *play.Game
	if err == nil {
		g, err = s.app.New(r.Context(), n)
	}
	switch {
	case err == nil:
		s.live.kick()
		http.Redirect(w, r, fmt.Sprintf("/games/%d", g.ID()), http.StatusSeeOther)
		return nil
	case !isBadRequest(err):
		return err
	}
	f.Problem, f.Hint = err.Error(), table.HintOf(err)
	return s.show(w, http.StatusBadRequest, "new", c, "New game of "+f.Name, f)
}

// isBadRequest reports whether err is the form's fault, to be shown with the form.
func isBadRequest(err error) bool {
	status, _ := statusOf(err)
	return status == http.StatusBadRequest
}

// invalidf is a request that cannot be read as what it asks for: 400, invalid.
func invalidf(format string, args ...any) error {
	return &httpError{status: http.StatusBadRequest, code: "invalid", msg: fmt.Sprintf(format, args...)}
}
