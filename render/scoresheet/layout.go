package scoresheet

import (
	"strings"
)

// The rounds are the long part of a sheet: a game to 100 runs to 25 hands of Pinochle, and
// Advantage to 45 rounds. Each face (the terminal, the printed page) tries the layouts below at
// its own width and takes the one of the fewest lines (textLayouts in package render, htmlLayouts), so that a round
// takes one line where it can and rarely more than a line a player.

// Layout is one way of laying out the rounds table.
type Layout struct {
	ByPlayer bool // each round a line per player, else the players side by side on one line
	Details  Place
	// Fold puts a player's text columns (Advantage's drops, pick and pairs) into one column of
	// "title value" pairs, for a line a player.
	Fold bool
	// Tight parts a player's own columns by spaces rather than rules, for players side by side
	// in a terminal.
	Tight bool
}

// Place is where a round's own values (Pinochle's bidder, bid and trump) go.
type Place int

const (
	InColumns Place = iota // a column for each
	InColumn               // one "details" column of "title value" pairs, beside the players' lines
	OnLine                 // a line of "title value" pairs under the round, across the players' columns
)

// ChooseLayout is the layout, of those a face offers, that takes the fewest lines as lines counts
// them (ok false for a layout too wide for the face). It reports false when none fits. Rounds
// with no values of their own are laid out with their (no) columns, players side by side only
// when they have values, and only two text columns or more are folded.
func (v *View) ChooseLayout(offered []Layout, lines func(Layout) (n int, ok bool)) (Layout, bool) {
	best, fewest := Layout{}, -1
	for _, l := range offered {
		if len(v.RoundCols) == 0 && l.Details != InColumns || !l.ByPlayer && len(v.PlayerCols) == 0 ||
			l.Fold && len(v.TextPlayerCols()) < 2 {
			continue
		}
		if n, ok := lines(l); ok && (fewest < 0 || n < fewest) {
			best, fewest = l, n
		}
	}
	return best, fewest >= 0
}

// RoundValues are round i's own values, in the order of RoundCols.
func (v *View) RoundValues(i int) []string { return v.Rounds[i][1 : 1+len(v.RoundCols)] }

// PlayerValues are player p's values in round i, in the order of PlayerCols.
func (v *View) PlayerValues(i, p int) []string {
	base, k := 1+len(v.RoundCols), len(v.PlayerCols)
	return v.Rounds[i][base+p*k : base+(p+1)*k]
}

// TextPlayerCols are the indexes in PlayerCols of the columns that hold text, not numbers.
func (v *View) TextPlayerCols() []int {
	var cols []int
	for j, num := range v.PlayerNumeric() {
		if !num {
			cols = append(cols, j)
		}
	}
	return cols
}

// Details are round i's own values as "title value" pairs, the empty ones left out.
func (v *View) Details(i int) []string {
	var pairs []string
	for j, value := range v.RoundValues(i) {
		if value != "" {
			pairs = append(pairs, v.RoundCols[j]+" "+value)
		}
	}
	return pairs
}

// PlayerNumeric reports, for each of PlayerCols, whether it holds only integers.
func (v *View) PlayerNumeric() []bool {
	base, k := 1+len(v.RoundCols), len(v.PlayerCols)
	num := make([]bool, k)
	for j := range num {
		num[j] = true
		for p := range v.Players {
			num[j] = num[j] && v.Numeric[base+p*k+j]
		}
	}
	return num
}

// totalsAfter is "totals after hand 19: ann 80 · bob 60", read from the running total of round
// i, or "" when the sheet has none.
func (v *View) totalsAfter(i, running int) string {
	if running < 0 {
		return ""
	}
	parts := make([]string, len(v.Players))
	for p, name := range v.Players {
		parts[p] = name + " " + v.PlayerValues(i, p)[running]
	}
	return "totals after " + v.RoundName + " " + v.Rounds[i][0] + ": " + strings.Join(parts, HeadingSep)
}
