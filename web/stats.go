package web

import (
	"bytes"
	"html/template"
	"net/http"
	"net/url"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/render"
	"github.com/tableside/tableside/scoring/season"
	"github.com/tableside/tableside/table"
)

// statsFilter reads the games a stats page or call asks for from its query.
func statsFilter(r *http.Request) table.StatsFilter {
	q := r.URL.Query()
	return table.StatsFilter{Kind: q.Get("kind"), Match: q.Get("match"), Since: q.Get("since"), Until: q.Get("until"), Player: q.Get("player")}
}

func (s *Server) apiStats(w http.ResponseWriter, r *http.Request, c *caller) error {
	rep, err := s.app.KeptStats(r.Context(), statsFilter(r))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, rep)
	return nil
}

// statsView is the season's statistics as the stats pages show them.
type statsView struct {
	Filter  table.StatsFilter
	Kinds   []string
	Content template.HTML
}

// Style lays the statistics out as `stats --format html` does.
func (statsView) Style() template.CSS { return render.StatsStyle() }

// statsLink links a stats page's names to each player's page, and its games to theirs.
func statsLink(header, text string) string {
	switch header {
	case "player", "opponent":
		return "/stats/players/" + url.PathEscape(text)
	case "game":
		return "/games/" + text
	}
	return ""
}

// statsPage is the season's ladder and every player's figures, for the games the query asks
// for.
func (s *Server) statsPage(w http.ResponseWriter, r *http.Request, c *caller) error {
	f := statsFilter(r)
	f.Player = ""
	return s.showStats(w, r, c, f, "Season statistics")
}

// playerPage is one player's season: results, rating history, head to head.
func (s *Server) playerPage(w http.ResponseWriter, r *http.Request, c *caller) error {
	f := statsFilter(r)
	f.Player = r.PathValue("name")
	return s.showStats(w, r, c, f, f.Player+" · season statistics")
}

func (s *Server) showStats(w http.ResponseWriter, r *http.Request, c *caller, f table.StatsFilter, title string) error {
	rep, err := s.app.KeptStats(r.Context(), f)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := render.StatsContent(&b, rep, statsLink); err != nil {
		return err
	}
	v := statsView{Filter: f, Kinds: play.Kinds(), Content: template.HTML(b.String())} // written by html/template
	return s.show(w, http.StatusOK, "stats", c, title, v)
}

// ladderView is the season's ladders as the wall shows them between the night's standings.
type ladderView struct {
	Kinds []ladderKind
}

type ladderKind struct {
	season.KindReport
	Top    []season.Rated
	Rating ratingWords
	Chart  template.HTML
}

// ratingWords say what a ladder's rating is, to a room that sees Glicko-2's 1500s beside
// Weng–Lin's single figures.
type ratingWords struct {
	Column, Meaning string
}

func ratingOf(m season.Method) ratingWords {
	if m == season.Glicko2 {
		return ratingWords{"rating", "Glicko-2 rating, for two players: everyone starts at 1500, and each night's results move it."}
	}
	return ratingWords{"rating (μ − 3σ)", "Weng–Lin rating, for games of more players: μ − 3σ, a skill each player is very likely above. Everyone starts at 0, and each game moves it."}
}

// wallTop is how many of each ladder the wall shows: what a room can read across it.
const wallTop = 10

// wallLadderChart is the wall's rating chart, beside its ladder.
var wallLadderChart = chartSize{1000, 440, wallFont}

// wallLadder is the part of the wall that shows the season's ladders: nothing (204) while no
// game has been played to its end, so that the wall stays on the night rather than turn to
// empty ladders.
func (s *Server) wallLadder(w http.ResponseWriter, r *http.Request, c *caller) error {
	rep, err := s.app.KeptStats(r.Context(), table.StatsFilter{})
	if err != nil {
		return err
	}
	if len(rep.Kinds) == 0 {
		w.WriteHeader(http.StatusNoContent)
		return nil
	}
	var v ladderView
	for _, k := range rep.Kinds {
		lk := ladderKind{KindReport: k, Top: k.Ladder[:min(wallTop, len(k.Ladder))], Rating: ratingOf(k.Method)}
		if chart, ok := render.LadderChart(k, ""); ok {
			if lk.Chart, err = wallLadderChart.draw(chart); err != nil {
				return err
			}
		}
		v.Kinds = append(v.Kinds, lk)
	}
	return s.part(w, "club", "ladder", v)
}
