package scoresheet

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/scoring"
)

// View is the sheet as text, laid out once for every format.
type View struct {
	Kind      string
	Title     string // the game's proper name, else its kind
	Game      int64
	Date      string
	Match     string
	Teams     string // "red: ann, cy; blue: bob, dee"
	Players   []string
	Options   string // "decks=3 wrap=on"
	RoundName string
	// RoundCols are the titles of the round's own columns, PlayerCols those of the columns
	// repeated for every player.
	RoundCols  []string
	PlayerCols []string
	// Running is the index in PlayerCols of each player's total so far, -1 when none has it.
	Running   int
	Rounds    [][]string // number, round values, then each player's values in seating order
	Scored    []bool     // per round: its result is settled
	Numeric   []bool     // per rounds column: only integers, aligned right
	Totals    []totalRow
	Adjust    []adjustRow
	Result    string
	Flags     []flagRow
	OpenFlags int
	// Seal is the stored log's seal, printed at the foot of every sheet; Changed says where its
	// hash chain breaks, when it does.
	Seal    string
	Changed string
}

// totalRow is one line of the totals section: a breakdown line, or a player's total.
type totalRow struct {
	Player string // set on a player's first row only
	Who    string // the player, on every row
	Text   string
	Points int
	Total  bool
}

type adjustRow struct {
	Seq    int64
	Player string
	Points int
	Note   string
}

type flagRow struct {
	Seq      int64
	Severity string
	Rule     string
	Message  string // with what revealed it and the hint
	Status   string // "open" or "settled (condone)"
	Open     bool
}

// New lays out the sheet s and the referee's flags about the game as text, for every face.
func New(s *scoring.Sheet, flags []referee.Flag) *View {
	v := &View{
		Kind:      s.Kind,
		Title:     cmp.Or(s.Title, s.Kind),
		Game:      s.Game,
		Date:      s.Date,
		Match:     s.Match,
		Players:   s.Players,
		RoundName: s.RoundName,
		Result:    result(s),
	}
	if r := s.Record; r != nil {
		v.Seal = r.Seal
		if !r.Intact {
			v.Changed = fmt.Sprintf("this record was changed outside tableside: event %d: %s", r.BrokenAt, r.Problem)
		}
	}
	if v.RoundName == "" {
		v.RoundName = "round"
	}
	var teams []string
	for _, name := range slices.Sorted(maps.Keys(s.Teams)) {
		teams = append(teams, name+": "+strings.Join(s.Teams[name], ", "))
	}
	v.Teams = strings.Join(teams, "; ")
	var opts []string
	for _, k := range slices.Sorted(maps.Keys(s.Options)) {
		opts = append(opts, k+"="+s.Options[k])
	}
	v.Options = strings.Join(opts, " ")

	var roundCols, playerCols []scoring.Column
	v.Running = -1
	for _, c := range s.Columns {
		if c.PerPlayer {
			if c.Running {
				v.Running = len(playerCols)
			}
			playerCols = append(playerCols, c)
			v.PlayerCols = append(v.PlayerCols, title(c))
		} else {
			roundCols = append(roundCols, c)
			v.RoundCols = append(v.RoundCols, title(c))
		}
	}
	// Confirmations (L9) are a column of the round's own, where the game has any.
	confirmed := slices.ContainsFunc(s.Rounds, func(r scoring.Round) bool { return len(r.Confirmed) > 0 })
	if confirmed {
		v.RoundCols = append(v.RoundCols, "confirmed by")
	}
	for _, r := range s.Rounds {
		row := []string{strconv.Itoa(r.Number)}
		for _, c := range roundCols {
			row = append(row, cellText(r.Values[c.Key]))
		}
		if confirmed {
			row = append(row, confirmedText(r.Confirmed))
		}
		for _, p := range s.Players {
			for _, c := range playerCols {
				row = append(row, cellText(r.Players[p][c.Key]))
			}
		}
		v.Rounds = append(v.Rounds, row)
		v.Scored = append(v.Scored, r.Scored)
	}
	v.Numeric = NumericColumns(1+len(v.RoundCols)+len(s.Players)*len(playerCols), v.Rounds)

	for _, p := range s.Players {
		name := p
		for _, l := range s.Breakdown[p] {
			v.Totals = append(v.Totals, totalRow{Player: name, Who: p, Text: l.Text, Points: l.Points})
			name = ""
		}
		v.Totals = append(v.Totals, totalRow{Player: name, Who: p, Text: "total", Points: s.Totals[p], Total: true})
	}
	for _, a := range s.Adjustments {
		v.Adjust = append(v.Adjust, adjustRow{Seq: a.Seq, Player: a.Player, Points: a.Points, Note: a.Note})
	}
	for _, f := range flags {
		row := flagRow{Seq: f.Seq, Severity: string(f.Severity), Rule: f.Rule, Message: flagMessage(f), Open: f.Open()}
		if row.Open {
			row.Status = "open"
			v.OpenFlags++
		} else {
			row.Status = "settled (" + f.Settled + ")"
		}
		v.Flags = append(v.Flags, row)
	}
	return v
}

// confirmedText names who confirmed a round, and whose confirmation a later correction undid:
// "bob", "bob (before a correction)".
func confirmedText(cs []scoring.Confirmation) string {
	var names []string
	for _, c := range cs {
		if c.Stands {
			names = append(names, c.Player)
		} else {
			names = append(names, c.Player+" (before a correction)")
		}
	}
	return strings.Join(names, ", ")
}

func title(c scoring.Column) string {
	if c.Title != "" {
		return c.Title
	}
	return c.Key
}

// RoundHeader is the header of the rounds table; sep joins a player's name to a column title:
// "\n" for a two-line header, " " where a header has one line.
func (v *View) RoundHeader(sep string) []string {
	h := append([]string{v.RoundName}, v.RoundCols...)
	for _, p := range v.Players {
		for _, c := range v.PlayerCols {
			h = append(h, p+sep+c)
		}
	}
	return h
}

// Heading is the line under the title: who plays, when, in which match and teams, and with
// which options.
func (v *View) Heading() string { return strings.Join(v.HeadingParts(), HeadingSep) }

// HeadingSep parts the pieces of a line of facts: the heading, a page's foot, the totals so far.
const HeadingSep = " · "

// HeadingParts are the pieces of the heading, for a face that lays them out in lines of its own.
func (v *View) HeadingParts() []string {
	parts := []string{"players " + strings.Join(v.Players, ", ")}
	for _, part := range [][2]string{{"teams", v.Teams}, {"played", v.Date}, {"match", v.Match}, {"options", v.Options}} {
		if part[1] != "" {
			parts = append(parts, part[0]+" "+part[1])
		}
	}
	return parts
}

// FlagsTitle counts what still needs a ruling.
func (v *View) FlagsTitle() string {
	switch {
	case len(v.Flags) == 0:
		return "Flags: none"
	case v.OpenFlags == 0:
		return "Flags (all settled)"
	}
	return fmt.Sprintf("Flags (%d open)", v.OpenFlags)
}

// cellText shows one value of a round: a string as it is, an int in decimal, a []string joined
// with spaces. Sheets read back from JSON hold float64 and []any; they show the same.
// joinItems writes a list in one cell: "9♥ 7♦" for single words, and with commas when an item
// is several words ("9♥ on 2♦, 3♥ on 8♦"), so that items stay apart.
func joinItems(items []string) string {
	if slices.ContainsFunc(items, func(s string) bool { return strings.Contains(s, " ") }) {
		return strings.Join(items, ", ")
	}
	return strings.Join(items, " ")
}

func cellText(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case int:
		return strconv.Itoa(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		if x == float64(int64(x)) {
			return strconv.FormatInt(int64(x), 10)
		}
		return strconv.FormatFloat(x, 'g', -1, 64)
	case []string:
		return joinItems(x)
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = cellText(e)
		}
		return joinItems(parts)
	case fmt.Stringer:
		return x.String()
	}
	return fmt.Sprint(v)
}

// Signed writes points with their sign, as an adjustment or a line of the breakdown shows them.
func Signed(n int) string {
	if n > 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

func isInt(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

// NumericColumns reports, for each of n columns, whether every non-empty cell is an integer and
// at least one is.
func NumericColumns(n int, rows [][]string) []bool {
	num := make([]bool, n)
	for c := range num {
		seen := false
		num[c] = true
		for _, r := range rows {
			if c >= len(r) || r[c] == "" {
				continue
			}
			seen = true
			if !isInt(r[c]) {
				num[c] = false
				break
			}
		}
		num[c] = num[c] && seen
	}
	return num
}

// flagMessage is the flag's message with what revealed it and what was legal instead.
func flagMessage(f referee.Flag) string {
	m := f.Message
	if f.RevealedBy != 0 {
		m += fmt.Sprintf(" (revealed by #%d)", f.RevealedBy)
	}
	if f.Hint != "" {
		m += "; hint: " + f.Hint
	}
	return m
}

// result is the sheet's last word: "ann wins 48 to 40", "draw at 40", "in progress", with the
// rule that decided it when the totals do not show it.
func result(s *scoring.Sheet) string {
	r := standing(s)
	if s.Finished && s.Decided != "" {
		r += " — " + s.Decided
	}
	return r
}

// standing is the result as the totals show it.
func standing(s *scoring.Sheet) string {
	switch {
	case s.Abandoned:
		return "abandoned"
	case !s.Finished:
		return "in progress"
	case s.Draw:
		top, have := 0, false
		for _, p := range s.Players {
			if t, ok := s.Totals[p]; ok && (!have || t > top) {
				top, have = t, true
			}
		}
		var tied []string
		for _, p := range s.Players {
			if t, ok := s.Totals[p]; ok && t == top {
				tied = append(tied, p)
			}
		}
		if !have {
			return "draw"
		}
		if len(s.Players) > 2 && len(tied) > 0 {
			return fmt.Sprintf("draw at %d (%s)", top, strings.Join(tied, ", "))
		}
		return fmt.Sprintf("draw at %d", top)
	case len(s.Winners) > 1:
		var others []string
		for _, p := range s.Players {
			if !slices.Contains(s.Winners, p) {
				others = append(others, fmt.Sprintf("%s %d", p, s.Totals[p]))
			}
		}
		text := fmt.Sprintf("%s share first place with %d", strings.Join(s.Winners, " and "), s.Totals[s.Winners[0]])
		if len(others) > 0 {
			text += ", then " + strings.Join(others, ", ")
		}
		return text
	case s.Winner != nil:
		w := *s.Winner
		var others []string
		for _, p := range s.Players {
			if p == w {
				continue
			}
			if len(s.Players) == 2 {
				others = append(others, strconv.Itoa(s.Totals[p]))
			} else {
				others = append(others, fmt.Sprintf("%s %d", p, s.Totals[p]))
			}
		}
		if len(others) == 0 {
			return fmt.Sprintf("%s wins with %d", w, s.Totals[w])
		}
		return fmt.Sprintf("%s wins %d to %s", w, s.Totals[w], strings.Join(others, ", "))
	}
	return "finished, no winner"
}
