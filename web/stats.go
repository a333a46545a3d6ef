package web

import (
	"bytes"
	"html/template"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"time"

	"github.com/tableside/tableside/render"
	"github.com/tableside/tableside/scoring/season"
	"github.com/tableside/tableside/table"
)

// statsCache keeps the statistics counted for each filter asked for: a count walks the whole
// file, and a club's pages ask for the same one again and again (the wall every time it turns to
// the ladders). They are counted again once the file has changed, but not more often than
// StatsEvery: on a club night the file changes with every move.
type statsCache struct {
	mu sync.Mutex
	// seen is the number of changes to the file the watch had seen at the count, at.
	seen    uint64
	at      time.Time
	reports map[table.StatsFilter]counted
}

// counted is a report and when it was counted.
type counted struct {
	season.Report
	at time.Time
}

// cachedFilters bounds the filters kept: a few pages' worth.
const cachedFilters = 16

// stats counts the statistics f asks for, or gives those counted since the file last changed
// (or less than StatsEvery ago), and when they were counted. One count runs at a time, on one
// core, leaving the other cores to the tables recording; a second request for the same filter
// waits for the first's answer.
func (s *Server) stats(r *http.Request, f table.StatsFilter) (season.Report, time.Time, error) {
	player := f.Player
	f.Player = "" // one count serves every player's page
	c := &s.statsCache
	c.mu.Lock()
	defer c.mu.Unlock()
	seen := s.changes.Load()
	if c.reports == nil || len(c.reports) >= cachedFilters || c.seen != seen && time.Since(c.at) >= s.cfg.StatsEvery {
		c.seen, c.at, c.reports = seen, time.Now(), map[table.StatsFilter]counted{}
	}
	rep, ok := c.reports[f]
	if !ok {
		r, err := s.app.Stats(r.Context(), f, table.Walk{Workers: 1}, nil)
		if err != nil {
			return season.Report{}, time.Time{}, err
		}
		rep = counted{r, time.Now()}
		c.reports[f] = rep
	}
	if player == "" {
		return rep.Report, rep.at, nil
	}
	of, err := table.StatsOf(rep.Report, player)
	return of, rep.at, err
}

// statsFilter reads the games a stats page or call asks for from its query.
func statsFilter(r *http.Request) table.StatsFilter {
	q := r.URL.Query()
	return table.StatsFilter{Kind: q.Get("kind"), Match: q.Get("match"), Since: q.Get("since"), Until: q.Get("until"), Player: q.Get("player")}
}

func (s *Server) apiStats(w http.ResponseWriter, r *http.Request, c *caller) error {
	rep, _, err := s.stats(r, statsFilter(r))
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
	// At is when the statistics were counted, and Every how soon after a change they are
	// counted again.
	At, Every string
}

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
	rep, at, err := s.stats(r, f)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := render.StatsContent(&b, rep, statsLink); err != nil {
		return err
	}
	v := statsView{Filter: f, Kinds: table.Kinds(), Content: template.HTML(b.String()), // written by html/template
		At: at.Format("15:04:05"), Every: spoken(s.cfg.StatsEvery)}
	return s.show(w, http.StatusOK, "stats", c, title, v)
}

// ladderView is the season's ladders as the wall shows them between the night's standings.
type ladderView struct {
	Kinds []ladderKind
}

type ladderKind struct {
	season.KindReport
	Top   []season.Rated
	Chart template.HTML
}

// wallTop is how many of each ladder the wall shows: what a room can read across it.
const wallTop = 10

// The wall's rating chart, in CSS px.
const (
	wallChartWidth  = 640
	wallChartHeight = 280
)

// wallLadder is the part of the wall that shows the season's ladders.
func (s *Server) wallLadder(w http.ResponseWriter, r *http.Request, c *caller) error {
	rep, _, err := s.stats(r, table.StatsFilter{})
	if err != nil {
		return err
	}
	var v ladderView
	for _, k := range rep.Kinds {
		lk := ladderKind{KindReport: k, Top: k.Ladder[:min(wallTop, len(k.Ladder))]}
		if chart, ok := render.LadderChart(k, ""); ok {
			if lk.Chart, err = render.ChartHTML(chart, wallChartWidth, wallChartHeight); err != nil {
				return err
			}
		}
		v.Kinds = append(v.Kinds, lk)
	}
	return s.part(w, "club", "ladder", v)
}

// spoken writes a wait as people say it: "a minute", "5 minutes", "30 seconds".
func spoken(d time.Duration) string {
	switch {
	case d == time.Minute:
		return "a minute"
	case d%time.Minute == 0:
		return strconv.Itoa(int(d/time.Minute)) + " minutes"
	case d >= time.Second:
		return strconv.Itoa(int(d/time.Second)) + " seconds"
	}
	return d.String()
}
