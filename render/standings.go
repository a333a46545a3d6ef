package render

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/tableside/tableside/referee/tournament"
	"github.com/tableside/tableside/scoring"
)

// Standings are a tournament's or a match's standings laid out once for every face: their
// columns, each column's head, and the rows in order, cell by cell. The terminal writes them
// with Write, a page draws the same cells in HTML, so that the two show one table.
type Standings struct {
	Columns []Column
	Rows    [][]string
}

// Column is one column of standings.
type Column struct {
	Head string
	// Name is what the column holds, in full where Head is short (the wall's "BH" is
	// buchholz): a phone's page labels each cell with it.
	Name string
	// Numeric columns hold numbers, which a page aligns right.
	Numeric bool
}

// Detail is how much of its standings a face shows.
type Detail int

const (
	// Whole standings have every column: the terminal's, and the organiser's page.
	Whole Detail = iota
	// Brief standings are for a screen read across a room, or beside a chart that draws the
	// games: a tournament's tie-breaks by their short names (TieBreakLegend says them in
	// words) and no games or byes; a match's games counted rather than a column each.
	Brief
)

// Heads are the columns' heads, in order.
func (s Standings) Heads() []string {
	heads := make([]string, len(s.Columns))
	for i, c := range s.Columns {
		heads[i] = c.Head
	}
	return heads
}

// Write writes the standings as a list in format, one of TableFormats.
func (s Standings) Write(w io.Writer, format string) error {
	return Table(w, format, s.Heads(), s.Rows)
}

// field is a column of standings and how a line of them writes its cell.
type field[T any] struct {
	Column
	cell func(T) string
}

// number is a field of numbers, named by its head.
func number[T any](head string, cell func(T) string) field[T] {
	return field[T]{Column{Head: head, Name: head, Numeric: true}, cell}
}

// laidOut are lines laid out in fields: the head and the cells of a column are decided
// together, so that no face can show one without the other.
func laidOut[T any](fields []field[T], lines []T) Standings {
	var s Standings
	for _, f := range fields {
		s.Columns = append(s.Columns, f.Column)
	}
	for _, line := range lines {
		row := make([]string, len(fields))
		for i, f := range fields {
			row[i] = f.cell(line)
		}
		s.Rows = append(s.Rows, row)
	}
	return s
}

// shortTieBreaks are the tie-breaks' names where a wall is short of room, as chess tables
// write them.
var shortTieBreaks = map[string]string{"buchholz": "BH", "buchholz-cut1": "BH−1", "sonneborn-berger": "SB", "game-scores": "scores"}

// tieBreakNames are the tie-breaks' names in words.
var tieBreakNames = map[string]string{"buchholz": "Buchholz", "buchholz-cut1": "Buchholz cut 1", "sonneborn-berger": "Sonneborn–Berger",
	"game-scores": "the sum of game scores", "direct": "the direct encounter", "rating": "rating", tournament.Lot: "the lot drawn at the close"}

// TieBreakLegend says what brief standings' tie-break columns are, and that they part ties in
// order.
func TieBreakLegend(tieBreaks []string) string {
	var words []string
	for _, tb := range tieBreaks {
		word := tieBreakNames[tb]
		if short, ok := shortTieBreaks[tb]; ok {
			word = short + ": " + word
		}
		words = append(words, word)
	}
	return strings.Join(words, " · ") + " — in this order, they part players equal on points."
}

// TournamentStandings lays out a tournament's standings, in their order: place, player,
// points, each tie-break in the tournament's order, then the games played and the byes,
// each a number of its own.
func TournamentStandings(tieBreaks []string, standings []tournament.Standing, detail Detail) Standings {
	fields := []field[tournament.Standing]{
		number("place", func(st tournament.Standing) string { return strconv.Itoa(st.Place) }),
		{Column{Head: "player", Name: "player"}, func(st tournament.Standing) string { return st.Name }},
		number("points", func(st tournament.Standing) string { return Points(st.Points) }),
	}
	// A closed tournament's lot parts its last ties (T15): the last tie-break, never chosen.
	if len(standings) > 0 && !slices.Contains(tieBreaks, tournament.Lot) {
		if _, drawn := standings[0].TieBreaks[tournament.Lot]; drawn {
			tieBreaks = append(slices.Clip(tieBreaks), tournament.Lot)
		}
	}
	for _, tb := range tieBreaks {
		f := number(tb, func(st tournament.Standing) string { return Points(st.TieBreaks[tb]) })
		if short, ok := shortTieBreaks[tb]; ok && detail == Brief {
			f.Head = short
		}
		fields = append(fields, f)
	}
	if detail == Whole {
		fields = append(fields,
			number("games", func(st tournament.Standing) string { return strconv.Itoa(st.Games) }),
			number("byes", func(st tournament.Standing) string { return strconv.Itoa(st.Byes) }))
		// The byes asked for and the forfeits, where the night has any (T10, T11).
		if slices.ContainsFunc(standings, func(st tournament.Standing) bool { return st.Unplayed > 0 }) {
			fields = append(fields, number("unplayed", func(st tournament.Standing) string { return strconv.Itoa(st.Unplayed) }))
		}
	}
	return laidOut(fields, standings)
}

// MatchStandings lays out a match's table, in rank order: rank and player; whole, each game's
// points (blank for a player not in it), then their sum and the wins; brief, the sum and the
// wins, then how many games each played.
func MatchStandings(m *scoring.MatchStandings, detail Detail) Standings {
	fields := []field[scoring.MatchStanding]{
		number("rank", func(st scoring.MatchStanding) string { return strconv.Itoa(st.Rank) }),
		{Column{Head: "player", Name: "player"}, func(st scoring.MatchStanding) string { return st.Player }},
	}
	if detail == Whole {
		for _, g := range m.Played {
			// The head says a game is still in play, so that every cell below holds a number.
			head := fmt.Sprintf("game %d", g.Game)
			if !g.Finished {
				head += " (in play)"
			}
			fields = append(fields, number(head, func(st scoring.MatchStanding) string {
				if points, played := g.Totals[st.Player]; played {
					return strconv.Itoa(points)
				}
				return ""
			}))
		}
	}
	fields = append(fields,
		number("points", func(st scoring.MatchStanding) string { return strconv.Itoa(st.Points) }),
		number("wins", func(st scoring.MatchStanding) string { return strconv.Itoa(st.Wins) }))
	if detail == Brief {
		fields = append(fields, number("games", func(st scoring.MatchStanding) string { return strconv.Itoa(st.Games) }))
	}
	return laidOut(fields, m.Standings)
}

// StandingsMoved says in a line what a correction did to a tournament's standings: each player
// whose place or points it changed, from before to after, in the order after; or that it
// changed neither.
func StandingsMoved(name string, before, after []tournament.Standing) string {
	was := map[string]tournament.Standing{}
	for _, s := range before {
		was[s.Name] = s
	}
	var moved []string
	for _, s := range after {
		b, ok := was[s.Name]
		if ok && b.Place == s.Place && b.Points == s.Points {
			continue
		}
		place, points := fmt.Sprintf("%d → %d", b.Place, s.Place), fmt.Sprintf("%s → %s", Points(b.Points), Points(s.Points))
		if b.Place == s.Place {
			place = fmt.Sprint(s.Place)
		}
		if b.Points == s.Points {
			points = Points(s.Points)
		}
		moved = append(moved, fmt.Sprintf("%s place %s, %s points", s.Name, place, points))
	}
	if len(moved) == 0 {
		return fmt.Sprintf("the standings of %s do not change", name)
	}
	return fmt.Sprintf("the standings of %s change: %s", name, strings.Join(moved, "; "))
}

// WinnerLine says who won a finished tournament, with their points: "ann wins with 4 points",
// or, while the first place is shared, who share it and that the close's lot parts them
// (T15). "" for a tournament not finished.
func WinnerLine(finished, closed bool, winners []string, standings []tournament.Standing) string {
	if !finished || len(winners) == 0 || len(standings) == 0 {
		return ""
	}
	points := Points(standings[0].Points) + " points"
	if standings[0].Points == 1 {
		points = "1 point"
	}
	if len(winners) == 1 {
		return fmt.Sprintf("%s wins with %s", winners[0], points)
	}
	line := fmt.Sprintf("%s share first place with %s", strings.Join(winners, ", "), points)
	if !closed {
		line += ": the close draws the lot that parts them (T15)"
	}
	return line
}
