package scoresheet

import (
	_ "embed"
	"errors"
	"fmt"
	"html/template"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/olekukonko/tablewriter/pkg/twwidth"

	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/scoring"
)

// Page writes the sheet as one printable page, laid out in pages (see paginate). html/template
// escapes every name, note and message; the page loads nothing from anywhere, so it prints the
// same offline and years later.
func Page(w io.Writer, v *View) error {
	p := v.printed(paper)
	p.paginate()
	return sheetTemplate().Execute(w, p)
}

// Content writes the score sheet as HTML without its page: the headings, tables, chart,
// flags and seal that a printable sheet holds, for a page of one's own (the server's game page)
// that styles them. Such a page is read on a phone, so the rounds have a row a player.
func Content(w io.Writer, s *scoring.Sheet, flags []referee.Flag) error {
	if s == nil {
		return errors.New("render: no score sheet")
	}
	return sheetTemplate().ExecuteTemplate(w, "content", New(s, flags).printed(phone))
}

// face is where a sheet is shown: the layouts of the rounds it offers, of which it takes the one
// of the fewest rows that fits, and its chart's size in CSS px.
type face struct {
	layouts                 []Layout
	chartWidth, chartHeight int
}

var (
	// paper is the printed page, whose chart is as wide as the narrower paper's printable width
	// (A4's, 703 px), so that its type prints at full size.
	paper = face{htmlLayouts, 700, chartHeight}
	// phone is a game's page on a phone: the fewest columns, a round's own values on a row of
	// their own, and a chart as wide as a 360 px phone less the page's margins.
	phone = face{[]Layout{{ByPlayer: true, Details: OnLine}}, 340, 220}
)

//go:embed sheet.html.tmpl
var sheetTemplateText string

// sheetTemplate is parsed when a page is first printed, not when the program starts: a move
// recorded from the command line never prints one.
var sheetTemplate = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("sheet").Funcs(template.FuncMap{
		"signed":     Signed,
		"capitalize": Capitalize,
		"cssString":  CSSString,
		"suits":      Suits,
	}).Parse(sheetTemplateText))
})

// Suits is text for a page with its red suits red, as the cards print them: each ♥ and ♦ in a
// span of class "red", the rest escaped. For text between tags, not in an attribute.
func Suits(text string) template.HTML {
	var b strings.Builder
	for {
		i := strings.IndexAny(text, "♥♦")
		if i < 0 {
			break
		}
		_, size := utf8.DecodeRuneInString(text[i:])
		b.WriteString(template.HTMLEscapeString(text[:i]))
		b.WriteString(`<span class="red">` + text[i:i+size] + `</span>`)
		text = text[i+size:]
	}
	b.WriteString(template.HTMLEscapeString(text))
	return template.HTML(b.String())
}

// CSSString is s as a quoted CSS string, every character but an ASCII letter, digit or space
// escaped: html/template refuses a value with a colon in a CSS string (it might be a URL), and
// a seal has one.
func CSSString(s string) template.CSS {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		if r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == ' ') {
			b.WriteRune(r)
		} else {
			fmt.Fprintf(&b, "\\%x ", r) // the space ends the escape and is not shown
		}
	}
	b.WriteByte('"')
	return template.CSS(b.String())
}

// printedSheet is the sheet as the template lays it out.
type printedSheet struct {
	*View
	Table    htmlRounds
	Chart    *SizedChart // nil for a sheet without one (see runningChart)
	Players  []playerBlock
	Columns  int  // player blocks side by side in the totals
	NewPage  bool // the totals start a page of their own
	PageFoot string
}

// SizedChart is a chart at the size a page draws it: a sheet's running totals, a season's ratings.
type SizedChart struct {
	Chart
	Width, Height int // in CSS px
	// ScreenOnly leaves the chart off the printed page, which has no room for it (see fitChart).
	ScreenOnly bool
}

// Drawn is the chart as inline SVG.
func (c *SizedChart) Drawn() (template.HTML, error) { return chartHTML(c.Chart, c.Width, c.Height) }

// runningChart is the chart of each player's total so far, from 0 before the first round to the
// running total of every scored round. A sheet without a running total has nothing to chart,
// and one with no scored round would chart only the start. A round not yet scored is left out:
// its total so far is not settled.
func (v *View) runningChart() (Chart, bool) {
	if v.Running < 0 {
		return Chart{}, false
	}
	c := Chart{Title: "Running totals by " + v.RoundName, XLabel: v.RoundName, YLabel: v.PlayerCols[v.Running], X: []string{"0"}}
	c.Series = make([]Series, len(v.Players))
	for p, name := range v.Players {
		c.Series[p] = Series{Name: name, Points: []Point{{X: 0, Y: 0}}}
	}
	for i, row := range v.Rounds {
		if !v.Scored[i] {
			continue
		}
		c.X = append(c.X, row[0])
		for p := range v.Players {
			if y, err := strconv.ParseFloat(v.PlayerValues(i, p)[v.Running], 64); err == nil {
				c.Series[p].Points = append(c.Series[p].Points, Point{X: len(c.X) - 1, Y: y})
			}
		}
	}
	return c, len(c.X) > 1
}

// htmlRounds is the rounds table: its header rows, and a row group for each round.
type htmlRounds struct {
	Header [][]htmlHead
	Rounds []htmlRound
	Width  int // columns, for a cell across the table
	Span   int // columns after the round's number, for its details
	// Ruled parts rounds of several rows by rules; Wrap lets text wrap, for a table too wide
	// for the page otherwise.
	Ruled, Wrap bool
	titles      []string // each column's own title, which may wrap at its spaces
}

type htmlHead struct {
	Text          string
	Rows, Columns int // spans
}

type htmlCell struct {
	Text string
	Num  bool
}

type htmlRound struct {
	Rows    [][]htmlCell
	Details string // the round's own values, on a row across the table
	// Break starts a page with the round, and Carry, on the last round of a page, says the
	// totals so far at its foot.
	Break bool
	Carry string
}

// playerBlock is one player's part of the totals: the lines that make the total, a line each.
type playerBlock struct {
	Player string
	Lines  []totalRow
	Total  int
}

// The printed rounds are 8 pt type. A line of the narrower paper (A4: 186 mm between 12 mm
// margins) is pageWidth points long; a character of the rounds takes charWidth on average, and
// a column columnWidth more for its padding and rule (measured in Chromium, a little over).
const (
	pageWidth   = 527.0
	charWidth   = 4.2
	columnWidth = 7.0
)

// htmlLayouts are the layouts a printed page offers: its lines are wide enough not to fold a
// player's text, and its columns need no tighter parting.
var htmlLayouts = []Layout{
	{ByPlayer: false, Details: InColumns},
	{ByPlayer: false, Details: OnLine},
	{ByPlayer: true, Details: InColumns},
	{ByPlayer: true, Details: OnLine},
}

// printed lays the sheet out for the face: the rounds in the layout, of those it offers, of the
// fewest rows that fits a line of the page (each row one line), else a row a player with the
// text let wrap; the totals a block a player, as many side by side as their longest line allows;
// the chart of the running totals at the face's size.
func (v *View) printed(f face) *printedSheet {
	p := &printedSheet{View: v, PageFoot: v.Title + " — game " + strconv.FormatInt(v.Game, 10)}
	if c, ok := v.runningChart(); ok {
		p.Chart = &SizedChart{Chart: c, Width: f.chartWidth, Height: f.chartHeight}
	}
	if v.Date != "" {
		p.PageFoot += HeadingSep + v.Date
	}
	if v.Seal != "" {
		p.PageFoot += HeadingSep + "seal " + v.Seal
	}
	if len(v.Rounds) > 0 {
		l, ok := v.ChooseLayout(f.layouts, func(l Layout) (int, bool) {
			t := v.htmlRounds(l)
			return t.lines(), t.width() <= pageWidth
		})
		if !ok {
			l = Layout{ByPlayer: true, Details: OnLine}
			if len(v.RoundCols) == 0 {
				l.Details = InColumns
			}
		}
		p.Table = v.htmlRounds(l)
		p.Table.Wrap = !ok
	}
	widest := 0
	for _, t := range v.Totals {
		if len(p.Players) == 0 || p.Players[len(p.Players)-1].Player != t.Who {
			p.Players = append(p.Players, playerBlock{Player: t.Who})
		}
		b := &p.Players[len(p.Players)-1]
		if t.Total {
			b.Total = t.Points
		} else {
			b.Lines = append(b.Lines, t)
			widest = max(widest, twwidth.Width(t.Text))
		}
	}
	p.Columns = max(1, min(len(p.Players), 3, totalsChars/(widest+blockChars)))
	return p
}

// totalsChars is how many characters of the totals' plain text a line of the page holds, and
// blockChars what a player's block of them takes beside its longest line: the points column,
// padding and the room between blocks.
const (
	totalsChars = 120
	blockChars  = 10
)

// htmlRounds is the rounds table in layout l.
func (v *View) htmlRounds(l Layout) htmlRounds {
	t := htmlRounds{Ruled: l.ByPlayer || l.Details == OnLine}
	numeric := v.PlayerNumeric()
	roundNumeric := v.Numeric[1 : 1+len(v.RoundCols)]
	var roundCols []string
	if l.Details == InColumns {
		roundCols = v.RoundCols
	}
	if !l.ByPlayer {
		top := []htmlHead{{Text: v.RoundName, Rows: 2}}
		for _, c := range roundCols {
			top = append(top, htmlHead{Text: c, Rows: 2})
		}
		var titles []htmlHead
		t.titles = slices.Concat([]string{v.RoundName}, roundCols)
		for _, p := range v.Players {
			top = append(top, htmlHead{Text: p, Columns: len(v.PlayerCols)})
			for _, c := range v.PlayerCols {
				titles = append(titles, htmlHead{Text: c})
				t.titles = append(t.titles, c)
			}
		}
		t.Header = [][]htmlHead{top, titles}
	} else {
		var head []htmlHead
		t.titles = slices.Concat([]string{v.RoundName}, roundCols, []string{"player"}, v.PlayerCols)
		for _, c := range t.titles {
			head = append(head, htmlHead{Text: c})
		}
		t.Header = [][]htmlHead{head}
	}
	for i, r := range v.Rounds {
		var round htmlRound
		row := []htmlCell{{Text: r[0], Num: true}}
		if l.Details == InColumns {
			for j, value := range v.RoundValues(i) {
				row = append(row, htmlCell{Text: value, Num: roundNumeric[j]})
			}
		}
		lead := len(row) // the round's cells, blank on its other players' rows
		for p, name := range v.Players {
			if l.ByPlayer {
				if p > 0 {
					row = make([]htmlCell, lead)
				}
				row = append(row, htmlCell{Text: name})
			}
			for j, value := range v.PlayerValues(i, p) {
				row = append(row, htmlCell{Text: value, Num: numeric[j]})
			}
			if l.ByPlayer || p == len(v.Players)-1 {
				round.Rows = append(round.Rows, row)
			}
		}
		if d := v.Details(i); l.Details == OnLine {
			round.Details = strings.Join(d, PairSep(d))
		}
		t.Rounds = append(t.Rounds, round)
	}
	t.Width = len(t.Rounds[0].Rows[0])
	t.Span = t.Width - 1
	return t
}

// width is how wide the table prints, in points: each column as wide as its widest cell or the
// longest word of its title (titles wrap), with its padding and rule.
func (t *htmlRounds) width() float64 {
	widths := make([]int, t.Width)
	for _, r := range t.Rounds {
		for _, row := range r.Rows {
			for c, cell := range row {
				widths[c] = max(widths[c], twwidth.Width(cell.Text))
			}
		}
	}
	for c, title := range t.titles {
		widths[c] = max(widths[c], LongestWord(title))
	}
	w := 0.0
	for _, chars := range widths {
		w += float64(chars)*charWidth + columnWidth
	}
	return w
}

// lines is how many printed lines the rounds take: a row a line, and a round's details as many
// lines as they fill across the page.
func (t *htmlRounds) lines() int {
	n := 0
	for i := range t.Rounds {
		n += t.roundLines(i)
	}
	return n
}

func (t *htmlRounds) roundLines(i int) int {
	r := &t.Rounds[i]
	n := len(r.Rows)
	if t.Wrap {
		n = 0
		for _, row := range r.Rows {
			n += rowLines(row, charsIn(pageWidth/float64(t.Width)-columnWidth))
		}
	}
	if r.Details != "" {
		n += textLines(r.Details, charsIn(pageWidth))
	}
	return n
}

// charsIn is how many characters of the rounds a line of so many points holds.
func charsIn(points float64) int { return int(points / charWidth) }

// rowLines is how many lines a row takes when its cells wrap at about limit characters.
func rowLines(row []htmlCell, limit int) int {
	n := 1
	for _, c := range row {
		n = max(n, textLines(c.Text, limit))
	}
	return n
}

// The printed page's heights, in points, as the print rules of sheet.html.tmpl make them
// (measured in Chromium). They only place the page breaks: a page laid out too long still prints
// whole, its last rows on a page of their own, every page numbered by the browser.
const (
	pageHeight    = 724  // US Letter, the shorter paper, between 12 mm margins
	titleHeight   = 17   // the title
	metaHeight    = 10.5 // a line of the players, date, match and options under it
	rowHeight     = 10.3 // a row of the rounds, a suit's glyph taller than a letter
	lineHeight    = 9.6  // a line of the other tables
	carryHeight   = 13   // the totals so far at the foot of a page
	headingHeight = 23   // a section's heading and the room above it
	blocksGap     = 6    // between rows of player blocks
	resultHeight  = 18   // the result's first line and the room above it
	resultLine    = 12   // each further line of the result
	footerHeight  = 24   // the seal and what it is for
	metaChars     = 110  // characters a line of the heading holds
	resultChars   = 90   // characters a line of the result holds
	messageChars  = 60   // characters a line of a flag's message holds
	noteChars     = 70   // characters a line of an adjustment's note holds
)

// The printed chart's heights in CSS px, a pixel pointsPerPixel points: full, and the least that
// still reads, with a row of legend and three ticks. Under its heading (headingHeight) it takes
// its own height and no more: the room under it is the next heading's. It leaves chartSlack
// points of the page unused, as the rest of the tail is laid out by estimates, which fall up to
// 5 pt short of what Chromium draws on the longest sheets.
const (
	chartHeight    = 240
	chartMinHeight = 150
	pointsPerPixel = 0.75
	chartSlack     = 8
)

// paginate places the page breaks of the printed sheet between rounds, so that no round is cut
// and each page but the last ends with the totals so far. The totals, the result, the flags and
// the seal stay together: on the last page of rounds when they fit, else on a page of their own.
// The chart of the running totals goes with them into the room they leave (fitChart).
func (p *printedSheet) paginate() {
	rounds := p.Table.Rounds
	if len(rounds) == 0 {
		return
	}
	running := p.Running
	carry := 0.0
	if running >= 0 {
		carry = carryHeight
	}
	header := 0.0
	for _, row := range p.Table.Header {
		lines := 1
		for _, h := range row {
			lines = max(lines, len(strings.Fields(h.Text))) // a title may wrap at each space
		}
		header += float64(lines) * rowHeight
	}
	y := titleHeight + float64(textLines(p.Heading(), metaChars))*metaHeight + header
	for i := range rounds {
		h := float64(p.Table.roundLines(i)) * rowHeight
		if i > 0 && y+h+carry > pageHeight {
			rounds[i].Break = true
			rounds[i-1].Carry = p.totalsAfter(i-1, running)
			y = header
		}
		y += h
	}
	tail := p.tailHeight()
	if y+tail > pageHeight {
		p.NewPage = true
		rounds[len(rounds)-1].Carry = p.totalsAfter(len(rounds)-1, running)
		y = 0
	}
	p.fitChart(pageHeight - y - tail)
}

// fitChart sizes the chart to the room the last page has beside the rest of the tail: its full
// height, else all the room there is down to chartMinHeight. With less room than that the chart
// is left off the printed page (the page on screen still shows it): it never takes a page of its
// own, as the sheet would print on a page more than it needs for the chart alone.
func (p *printedSheet) fitChart(room float64) {
	if p.Chart == nil {
		return
	}
	fits := int((room - headingHeight - chartSlack) / pointsPerPixel)
	switch {
	case fits >= p.Chart.Height:
	case fits >= chartMinHeight:
		p.Chart.Height = fits
	default:
		p.Chart.ScreenOnly = true
	}
}

// tailHeight is the height of what follows the rounds but the chart: the totals, the
// adjustments, the result, the flags and the seal.
func (p *printedSheet) tailHeight() float64 {
	h := float64(headingHeight)
	width := totalsChars / p.Columns
	for i := 0; i < len(p.Players); i += p.Columns {
		if i > 0 {
			h += blocksGap
		}
		rows := 0
		for _, b := range p.Players[i:min(i+p.Columns, len(p.Players))] {
			n := 2 // the player's name and the total
			for _, l := range b.Lines {
				n += textLines(l.Text, width-blockChars)
			}
			rows = max(rows, n)
		}
		h += float64(rows) * lineHeight
	}
	if len(p.Adjust) > 0 {
		h += headingHeight + lineHeight
		for _, a := range p.Adjust {
			h += float64(textLines(a.Note, noteChars)) * lineHeight
		}
	}
	h += resultHeight + float64(textLines(p.Result, resultChars)-1)*resultLine
	h += headingHeight // the flags'
	if len(p.Flags) > 0 {
		h += lineHeight
		for _, f := range p.Flags {
			h += float64(textLines(f.Message, messageChars)) * lineHeight
		}
	}
	if p.Seal != "" {
		h += footerHeight
		if p.Changed != "" {
			h += lineHeight
		}
	}
	return h
}

// textLines is how many lines text takes, wrapped at about width characters.
func textLines(text string, width int) int {
	return len(Fill(strings.Fields(text), " ", "", "", max(width, 1)))
}

var (
	spokenCard  = regexp.MustCompile(`(10|[2-9]|[JQKA])([♠♥♦♣])`)
	spokenRanks = map[string]string{"A": "ace", "K": "king", "Q": "queen", "J": "jack"}
	spokenSuits = strings.NewReplacer("♠", "spades", "♥", "hearts", "♦", "diamonds", "♣", "clubs")
)

// Spoken is text with its cards as a screen reader should say them ("Q♠" is "queen of
// spades", "10♥" "10 of hearts", a suit alone its name), or "" for text with no suit's glyph,
// which reads well as it is.
func Spoken(text string) string {
	if !strings.ContainsAny(text, "♠♥♦♣") {
		return ""
	}
	text = spokenCard.ReplaceAllStringFunc(text, func(card string) string {
		m := spokenCard.FindStringSubmatch(card)
		rank := m[1]
		if name, ok := spokenRanks[rank]; ok {
			rank = name
		}
		return rank + " of " + m[2]
	})
	return spokenSuits.Replace(text)
}
