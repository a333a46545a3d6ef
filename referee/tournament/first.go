package tournament

// firstOf is who opens or deals at a table, by T7 as docs/rules.md orders its criteria: at a
// table of 2, the player whose being first makes nobody first, or second, a third time running
// when the other's would; then the player first fewest times; then one not first in their
// latest game; then the higher in the standings. ps is the table's players in standings order.
func firstOf(ps []*competitor) *competitor {
	if len(ps) == 2 {
		a, b := ps[0], ps[1]
		switch thirdA, thirdB := thirdRunning(a, b), thirdRunning(b, a); {
		case thirdA && !thirdB:
			return b
		case thirdB && !thirdA:
			return a
		}
	}
	best := ps[0]
	for _, p := range ps[1:] {
		if dueBefore(p, best) {
			best = p
		}
	}
	return best
}

// dueBefore reports whether p is due to be first before q, who stands higher in the
// standings: first fewer times, or as often and not first in their latest game when q was not
// so (q was first in theirs, or has played no game).
func dueBefore(p, q *competitor) bool {
	if p.firsts != q.firsts {
		return p.firsts < q.firsts
	}
	return notFirstInLatest(p) && !notFirstInLatest(q)
}

// notFirstInLatest reports whether p played a game and was not first in the latest: a player
// who has played none has no latest game to have been second in.
func notFirstInLatest(p *competitor) bool { return len(p.First) > 0 && !p.First[len(p.First)-1] }

// thirdRunning reports whether seating first first and second second at a table of 2 makes
// either of them first, or second, for the third time running (T7).
func thirdRunning(first, second *competitor) bool {
	return twiceRunning(first, true) || twiceRunning(second, false)
}

// twiceRunning reports whether p's last two games were both first (or both not, when first is
// false).
func twiceRunning(p *competitor, first bool) bool {
	n := len(p.First)
	return n >= 2 && p.First[n-1] == first && p.First[n-2] == first
}
