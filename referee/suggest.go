package referee

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tableside/tableside/cards"
)

// DidYouMean offers the candidate closest to a word that was not understood — a typo of a
// player's name or of a move — as "; did you mean bob?", or "" when none is close: at most two
// letters changed, added or dropped, and fewer than the word has. Case does not count.
func DidYouMean(word string, candidates ...[]string) string {
	w := strings.ToLower(word)
	best, dist := "", 3
	for _, list := range candidates {
		for _, c := range slices.Sorted(slices.Values(list)) {
			if d := distance(w, strings.ToLower(c)); d < dist && d < len([]rune(w)) {
				best, dist = c, d
			}
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf("; did you mean %s?", best)
}

// distance is the edit distance between a and b, counting a swap of two letters as one.
func distance(a, b string) int {
	s, t := []rune(a), []rune(b)
	d := make([][]int, len(s)+1)
	for i := range d {
		d[i] = make([]int, len(t)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(s); i++ {
		for j := 1; j <= len(t); j++ {
			cost := 1
			if s[i-1] == t[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && s[i-1] == t[j-2] && s[i-2] == t[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(s)][len(t)]
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
