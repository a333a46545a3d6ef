package referee

import (
	"fmt"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/tableside/tableside/cards"
)

// DidYouMean offers the candidate closest to a word that was not understood — a typo of a
// player's name or of a move — as "; did you mean bob?", or "" when none is close: at most two
// letters changed, added or dropped, and fewer than the word has. Case does not count.
func DidYouMean(word string, candidates ...[]string) string {
	w := []rune(strings.ToLower(word))
	best, dist := "", maxTypos+1
	for _, list := range candidates {
		for _, c := range slices.Sorted(slices.Values(list)) {
			if d := distance(w, []rune(strings.ToLower(c))); d < dist && d < len(w) {
				best, dist = c, d
			}
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf("; did you mean %s?", best)
}

// maxTypos is the most letters a word DidYouMean answers may differ by from its suggestion.
const maxTypos = 2

// distanceCells counts the cells distance has filled, for tests that bound the work a
// suggestion costs: words of any length may be typed, and none may cost more than its length.
var distanceCells atomic.Int64

// distance is the edit distance between a and b, counting a swap of two letters as one, or
// maxTypos+1 for any distance above maxTypos. Only the cells within maxTypos of the diagonal can
// hold so small a distance, so only those are filled: the work grows with the words' length,
// not with the product of their lengths. Three rows are kept, for the swap looks two back.
func distance(a, b []rune) int {
	const far = maxTypos + 1
	if len(a)-len(b) > maxTypos || len(b)-len(a) > maxTypos {
		return far
	}
	var rows [3][]int
	for r := range rows {
		rows[r] = make([]int, len(b)+2) // a cell past the end, for the band's right edge
	}
	top := min(len(b), maxTypos)
	for j := 0; j <= top; j++ {
		rows[0][j] = j
	}
	rows[0][top+1] = far
	cells := 0
	for i := 1; i <= len(a); i++ {
		cur, prev, prev2 := rows[i%3], rows[(i+2)%3], rows[(i+1)%3]
		lo, hi := max(1, i-maxTypos), min(len(b), i+maxTypos)
		cur[lo-1] = far
		if lo == 1 {
			cur[0] = min(i, far)
		}
		for j := lo; j <= hi; j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d = min(d, prev2[j-2]+1)
			}
			cur[j] = min(d, far)
		}
		cur[hi+1] = far
		cells += hi - lo + 1
	}
	distanceCells.Add(int64(cells))
	return rows[len(a)%3][len(b)]
}

// DidYouMeanCard offers the card of a standard deck that a mistyped card word most likely meant
// (cards.Guess), as "; did you mean 10H?", when fits says it would serve (nil: any card of
// the deck would); else "".
func DidYouMeanCard(word string, fits func(cards.Card) bool) string {
	if c, ok := cards.Guess(word); ok && (fits == nil || fits(c)) {
		return fmt.Sprintf("; did you mean %s?", c)
	}
	return ""
}

// DidYouMeanSuit offers the suit a mistyped suit word most likely meant, as "; did you mean H?".
func DidYouMeanSuit(word string) string {
	if s, ok := cards.GuessSuit(strings.ToLower(word)); ok {
		return fmt.Sprintf("; did you mean %s?", s)
	}
	return ""
}
