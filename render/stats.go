package render

import (
	"bufio"
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/render/scoresheet"
	"github.com/tableside/tableside/scoring/season"
)

// StatsSections are the parts of the statistics that CSV writes, one table a file, the first
// the default; the terminal and Markdown show them all, a kind at a time.
var StatsSections = []string{"players", "ladder", "head-to-head", "flags", "results"}

// StatsFormats are the formats Stats writes, the first the default.
var StatsFormats = []string{"table", "md", "csv", "html"}

// Stats writes a season's statistics in format, one of StatsFormats; section chooses the table
// that CSV writes, one of StatsSections.
func Stats(w io.Writer, format string, r season.Report, section string) error {
	switch format {
	case "table", "md":
		return statsText(w, format == "md", r)
	case "csv":
		return statsCSV(w, r, section)
	case "html":
		return statsHTML(w, r)
	}
	return formatError(format, StatsFormats)
}

// statsTable is one section of a kind's statistics: its header and rows, and which columns are
// numbers (aligned right in a terminal).
type statsTable struct {
	section string
	title   string
	header  []string
	numeric []bool
	rows    [][]string
}

// statsTables lays out one kind's sections, in StatsSections' order, for people or, plain, for
// a spreadsheet (numbers it reads as numbers: 0.625, not 62%). A one-player report leaves out
// the ladder's other rows but keeps its ranks.
func statsTables(k season.KindReport, only string, plain bool) []statsTable {
	percent, margin, average := percent, signedDecimal, func(x float64) string { return decimal(x, 1) }
	if plain {
		percent = func(x float64) string { return decimal(x, 4) }
		margin = func(x float64) string { return decimal(x, 2) }
		average = margin
	}
	glicko := k.Method == season.Glicko2
	players := statsTable{title: "Players",
		header:  []string{"player", "games", "wins", "win rate", "average", "best", "worst", "margin", "place", "forced", "flagged"},
		numeric: []bool{false, true, true, true, true, true, true, true, true, true, true}}
	for _, f := range k.Players {
		place := ""
		if f.Place != nil {
			place = decimal(*f.Place, 2)
		}
		players.rows = append(players.rows, []string{f.Player, itoa(f.Games), itoa(f.Wins), percent(f.WinRate), average(f.Average),
			itoa(f.Best), itoa(f.Worst), margin(f.Margin), place, itoa(f.Forced), itoa(f.Flagged)})
	}
	ladder := statsTable{title: "Ladder (" + methodName(k.Method) + ")",
		header:  []string{"rank", "player", "rating", "deviation", "volatility", "rated"},
		numeric: []bool{true, false, true, true, true, true}}
	switch {
	case plain: // one header for both methods, so that every kind's rows share it
		ladder.header = []string{"rank", "player", "method", "rating", "deviation", "volatility", "mu", "rated"}
		ladder.numeric = []bool{true, false, false, true, true, true, true, true}
	case !glicko:
		ladder.header = []string{"rank", "player", "rating (μ − 3σ)", "μ", "σ", "games"}
	}
	for _, p := range k.Ladder {
		if only != "" && p.Player != only {
			continue
		}
		var row []string
		switch {
		case plain:
			// A figure the method does not have is left blank, not written as a zero.
			volatility, mu := "", decimal(p.Mu, 2)
			if glicko {
				volatility, mu = decimal(p.Volatility, 6), ""
			}
			row = []string{itoa(p.Rank), p.Player, string(k.Method), decimal(p.Rating, 2), decimal(p.Deviation, 2), volatility, mu, itoa(p.Rated)}
		case glicko:
			row = []string{itoa(p.Rank), p.Player, decimal(p.Rating, 1), decimal(p.Deviation, 1), decimal(p.Volatility, 5), itoa(p.Rated)}
		default:
			row = []string{itoa(p.Rank), p.Player, decimal(p.Rating, 2), decimal(p.Mu, 2), decimal(p.Deviation, 2), itoa(p.Rated)}
		}
		ladder.rows = append(ladder.rows, row)
	}
	h2h := statsTable{title: "Head to head", header: []string{"player", "opponent", "games", "won", "lost", "drawn"},
		numeric: []bool{false, false, true, true, true, true}}
	for _, o := range k.HeadToHead {
		h2h.rows = append(h2h.rows, []string{o.Player, o.Opponent, itoa(o.Games), itoa(o.Won), itoa(o.Lost), itoa(o.Drawn)})
	}
	flags := statsTable{title: "Flags drawn, by ruling", header: []string{"player", "rule", "flags"}, numeric: []bool{false, false, true}}
	for _, f := range k.Flags {
		flags.rows = append(flags.rows, []string{f.Player, f.Rule, itoa(f.Count)})
	}
	results := statsTable{title: "Latest results", header: []string{"player", "game", "night", "match", "score", "place", "result", "opponents", "marks"},
		numeric: []bool{false, true, false, false, true, true, false, false, false}}
	for _, f := range k.Players {
		for _, r := range f.Recent {
			results.rows = append(results.rows, []string{f.Player, strconv.FormatInt(r.Game, 10), r.Night, r.Match, itoa(r.Score),
				itoa(r.Place), outcome(r), strings.Join(r.Opponents, ", "), marks(r)})
		}
	}
	return []statsTable{players, ladder, h2h, flags, results}
}

// shownTables are the tables of a kind that people are shown: those with rows (the latest
// results in one player's report only), without the columns empty in every row (the place, in
// the kinds two play).
func shownTables(k season.KindReport, only string) []statsTable {
	var out []statsTable
	for i, t := range statsTables(k, only, false) {
		if len(t.rows) == 0 || StatsSections[i] == "results" && only == "" {
			continue
		}
		t.section = StatsSections[i]
		var keep []int
		for c := range t.header {
			if slices.ContainsFunc(t.rows, func(row []string) bool { return row[c] != "" }) {
				keep = append(keep, c)
			}
		}
		pick := func(from []string) []string {
			out := make([]string, len(keep))
			for i, c := range keep {
				out[i] = from[c]
			}
			return out
		}
		numeric := make([]bool, len(keep))
		for i, c := range keep {
			numeric[i] = t.numeric[c]
		}
		t.header, t.numeric = pick(t.header), numeric
		for r, row := range t.rows {
			t.rows[r] = pick(row)
		}
		out = append(out, t)
	}
	return out
}

func methodName(m season.Method) string {
	if m == season.Glicko2 {
		return "Glicko-2, a night a rating period"
	}
	return "Weng–Lin, a game at a time"
}

// outcome says how a game ended for the player.
func outcome(r season.Result) string {
	if r.Won {
		return "won"
	}
	if r.Place == 1 {
		return "drawn"
	}
	return "lost"
}

// marks says what was out of the ordinary in a game: a move forced over a refusal, a flag.
func marks(r season.Result) string {
	var m []string
	if r.Forced {
		m = append(m, "forced")
	}
	if r.Flagged {
		m = append(m, "flagged")
	}
	return strings.Join(m, ", ")
}

func itoa(n int) string { return strconv.Itoa(n) }

// decimal writes x with places decimals, a half rounded away from zero as people round it
// (1.25 is 1.3), where strconv would round it to even.
func decimal(x float64, places int) string {
	scale := math.Pow(10, float64(places))
	return strconv.FormatFloat(math.Round(x*scale)/scale, 'f', places, 64)
}

// signedDecimal writes a margin with its sign: "+12.5", "-3.0".
func signedDecimal(x float64) string {
	if x < 0 {
		return decimal(x, 1)
	}
	return "+" + decimal(x, 1)
}

func percent(x float64) string { return decimal(100*x, 0) + "%" }

// statsText writes every kind's sections, those with rows, under the kind's heading.
func statsText(w io.Writer, md bool, r season.Report) error {
	bw := bufio.NewWriter(w)
	width := Columns(w)
	fmt.Fprintln(bw, statsSummary(r))
	for _, k := range r.Kinds {
		if md {
			fmt.Fprintf(bw, "\n## %s\n", kindHeading(k))
		} else {
			fmt.Fprintf(bw, "\n%s\n", kindHeading(k))
		}
		for _, t := range shownTables(k, r.Player) {
			if md {
				fmt.Fprintf(bw, "\n### %s\n\n", t.title)
			} else {
				fmt.Fprintf(bw, "\n%s\n", t.title)
			}
			if err := table(bw, md, t.header, t.rows, t.numeric, textColumns(t.numeric), width); err != nil {
				return err
			}
		}
	}
	return bw.Flush()
}

// kindHeading names a kind and its games: "Article II: 138 games".
func kindHeading(k season.KindReport) string {
	title := k.Title
	if title == "" {
		title = k.Kind
	}
	return fmt.Sprintf("%s: %d %s", title, k.Games, referee.Plural(k.Games, "game", "games"))
}

// statsSummary says what was counted and what was left out.
func statsSummary(r season.Report) string {
	s := fmt.Sprintf("%d %s counted", r.Games, referee.Plural(r.Games, "game", "games"))
	var out []string
	if r.Abandoned > 0 {
		out = append(out, fmt.Sprintf("%d abandoned", r.Abandoned))
	}
	if r.Unfinished > 0 {
		out = append(out, fmt.Sprintf("%d still in play", r.Unfinished))
	}
	if len(out) > 0 {
		s += "; left out: " + strings.Join(out, ", ")
	}
	if r.Games == 0 {
		s += ": no game has been played to its end yet"
	}
	return s
}

// statsCSV writes one section for every kind, each row led by its kind.
func statsCSV(w io.Writer, r season.Report, section string) error {
	at := -1
	for i, s := range StatsSections {
		if s == section {
			at = i
		}
	}
	if at < 0 {
		return fmt.Errorf("%w: no section %q (use %s)", ErrFormat, section, strings.Join(StatsSections, ", "))
	}
	rows := [][]string{append([]string{"kind"}, statsTables(season.KindReport{}, "", true)[at].header...)}
	for _, k := range r.Kinds {
		t := statsTables(k, r.Player, true)[at]
		for _, row := range t.rows {
			rows = append(rows, append([]string{k.Kind}, row...))
		}
	}
	return writeRect(w, rows)
}

// statsHTML writes the statistics as a page of their own.
func statsHTML(w io.Writer, r season.Report) error {
	return statsTemplate().Execute(w, newStatsPage(r, nil))
}

// StatsContent writes the statistics as HTML without their page, for a page of one's own (the
// server's). link gives the address a cell links to, by its column's header ("player", "game")
// and its text; "" for none.
func StatsContent(w io.Writer, r season.Report, link func(header, text string) string) error {
	return statsTemplate().ExecuteTemplate(w, "content", newStatsPage(r, link))
}

//go:embed stats.html.tmpl
var statsTemplateText string

//go:embed stats.css
var statsStyle string

// StatsStyle lays out the statistics that StatsContent writes, inside an element of class
// "stats": the page of their own uses it, and so must a page that shows them, so that both fit
// a phone alike.
func StatsStyle() template.CSS { return template.CSS(statsStyle) } // our own file

// statsTemplate is parsed when the statistics are first written as HTML.
var statsTemplate = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("stats").Parse(statsTemplateText))
})

// statsPage is the statistics as the template lays them out.
type statsPage struct {
	Heading, Summary string
	Kinds            []statsKind
}

// Style is the page's layout of the statistics (StatsStyle).
func (*statsPage) Style() template.CSS { return StatsStyle() }

type statsKind struct {
	Heading string
	Chart   *scoresheet.SizedChart
	Tables  []htmlStatsTable
}

type htmlStatsTable struct {
	Title, Class string
	Header       []htmlStatsCell
	Rows         [][]htmlStatsCell
}

type htmlStatsCell struct {
	Text, Link string
	Num        bool
}

// The rating chart's size, in CSS px; charted is how many of the ladder's first players it
// draws, each with its own dash and marker.
const (
	ratingChartWidth  = 720
	ratingChartHeight = 300
	charted           = 6
)

func newStatsPage(r season.Report, link func(header, text string) string) *statsPage {
	p := &statsPage{Heading: "Season statistics", Summary: statsSummary(r)}
	if r.Player != "" {
		p.Heading = r.Player + ": season statistics"
	}
	for _, k := range r.Kinds {
		sk := statsKind{Heading: kindHeading(k)}
		if c, ok := LadderChart(k, r.Player); ok {
			sk.Chart = &scoresheet.SizedChart{Chart: c, Width: ratingChartWidth, Height: ratingChartHeight}
		}
		for _, t := range shownTables(k, r.Player) {
			ht := htmlStatsTable{Title: t.title, Class: t.section}
			for c, h := range t.header {
				ht.Header = append(ht.Header, htmlStatsCell{Text: h, Num: t.numeric[c]})
			}
			for _, row := range t.rows {
				cells := make([]htmlStatsCell, len(row))
				for c, text := range row {
					cells[c] = htmlStatsCell{Text: text, Num: t.numeric[c]}
					if link != nil {
						cells[c].Link = link(t.header[c], text)
					}
				}
				ht.Rows = append(ht.Rows, cells)
			}
			sk.Tables = append(sk.Tables, ht)
		}
		p.Kinds = append(p.Kinds, sk)
	}
	return p
}

// LadderChart is a kind's rating histories over the nights: of the ladder's first six (charted),
// each drawn its own way, or of player alone when not "". False when the ratings span one night
// or none: a chart of one night's points says less than the ladder beside it.
func LadderChart(k season.KindReport, player string) (Chart, bool) {
	players := k.Ladder[:min(charted, len(k.Ladder))]
	title := "Ratings over the nights"
	if len(players) < len(k.Ladder) {
		title += ": the ladder's first " + strconv.Itoa(len(players))
	}
	if player != "" {
		i := slices.IndexFunc(k.Ladder, func(r season.Rated) bool { return r.Player == player })
		if i < 0 {
			return Chart{}, false
		}
		players, title = k.Ladder[i:i+1], "Rating of "+player
	}
	var nights []string
	for _, p := range players {
		for _, h := range p.History {
			nights = append(nights, h.Night)
		}
	}
	slices.Sort(nights)
	nights = slices.Compact(nights)
	c := Chart{Title: title, XLabel: "night", YLabel: "rating", X: nights}
	for _, p := range players {
		s := Series{Name: p.Player}
		for _, h := range p.History {
			x, _ := slices.BinarySearch(nights, h.Night)
			s.Points = append(s.Points, Point{X: x, Y: h.Rating})
		}
		c.Series = append(c.Series, s)
	}
	return c, len(nights) > 1
}
