package scoring

import "slices"

// Side is one side of a game: a party (Article II's, E8) or a player alone. Its total is its
// players' sum; it has won when one of its players is among the game's winners.
type Side struct {
	Players []string
	Total   int
	Won     bool
	// Place is the side's place among the sides, from 1; sides placed alike share it, and the
	// next side's place counts them all (two sharing first: the next is third).
	Place int
}

// Sides is who placed where in the sheet's game, by SidesOf.
func (s *Sheet) Sides() []Side { return SidesOf(s.Players, s.Teams, s.Totals, s.Winners, s.Draw) }

// SidesOf is the one rule of who placed where in a game, which the tournament's standings (T8)
// and the season's statistics and ratings both count by (docs/rules.md): the players in their
// sides, in seating order (a party where its first player sits), and each side's place. The
// winning sides share the first place whatever their totals, for a shared win is a shared
// first place and a party wins with its President (E8); a drawn game places every side first,
// as T8's draw shares the points; the other sides follow by their totals, equal totals sharing
// a place. A game with neither winners nor a draw (one still being played, or stopped) is
// placed by its totals alone.
func SidesOf(players []string, teams map[string][]string, totals map[string]int, winners []string, draw bool) []Side {
	var sides []Side
	seen := map[string]bool{}
	for _, p := range players {
		if seen[p] {
			continue
		}
		sd := Side{Players: []string{p}}
		for _, members := range teams {
			if slices.Contains(members, p) {
				sd.Players = slices.Clone(members)
			}
		}
		for _, m := range sd.Players {
			seen[m] = true
			sd.Total += totals[m]
			sd.Won = sd.Won || slices.Contains(winners, m)
		}
		sides = append(sides, sd)
	}
	first := func(sd Side) bool { return sd.Won || draw }
	for i := range sides {
		sides[i].Place = 1
		for _, o := range sides {
			if first(o) && !first(sides[i]) || !first(o) && !first(sides[i]) && o.Total > sides[i].Total {
				sides[i].Place++
			}
		}
	}
	return sides
}
