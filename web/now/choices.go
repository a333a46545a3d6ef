package now

import (
	"slices"
	"strings"

	"github.com/tableside/tableside/play"
)

// The legal moves as a phone lays them out: the core says which moves are buttons
// (play.Game.Buttons); here they are put on a screen, a turn of up to 63 moves (Article II's,
// a card on each player) in groups of a few taps each.

// offer is one button of the page, or a group of moves that differ only in their last word:
// the group's button opens a button for each of them.
type offer struct {
	Text    string
	Move    string        // the move in words, for a button
	Targets []play.Choice // for a group: its moves, each Text what sets it apart ("bob")
}

// flatOffers is how many buttons a phone shows as they come, about a screenful; a turn with
// more is offered in two steps where it can be.
const flatOffers = 12

// offers lays the legal moves out as buttons. Beyond a screenful, moves that differ only in
// their last word are grouped, when that makes several groups: Article II's card first, then
// the player it goes on (or, for Voter ADHD, the card it discards). When all of them differ
// only in their last word, which would make one group, they are grouped by the last word of
// their words for people: Capture's up-card by its suit, then the card. lead is what the
// buttons' words begin with ("ann plays"), said once above them; "" when nothing is shared or
// the moves fit on a screen.
func offers(legal []play.Choice) (lead string, out []offer) {
	flat := make([]offer, len(legal))
	for i, c := range legal {
		flat[i] = offer{Text: c.Text, Move: c.Move}
	}
	if len(legal) <= flatOffers {
		return "", flat
	}
	var groups [][]play.Choice
	at := map[string]int{} // each group's index, by the words its moves share
	for _, c := range legal {
		words := strings.Fields(c.Move)
		shared := strings.Join(words[:len(words)-1], " ")
		i, ok := at[shared]
		if !ok {
			i = len(groups)
			at[shared] = i
			groups = append(groups, nil)
		}
		groups[i] = append(groups[i], c)
	}
	if several := len(slices.DeleteFunc(slices.Clone(groups), func(g []play.Choice) bool { return len(g) < 2 })); several < 2 {
		if len(groups) == 1 {
			if lead, out, ok := byLastWord(legal); ok {
				return lead, out
			}
		}
		// One group of everything would only add a tap: the moves stay as they are, with the
		// words the largest group shares ("cy plays") said once.
		largest := slices.MaxFunc(groups, func(a, b []play.Choice) int { return len(a) - len(b) })
		return stripLead(flat, func(o offer) bool {
			return slices.ContainsFunc(largest, func(c play.Choice) bool { return c.Move == o.Move })
		})
	}
	for _, g := range groups {
		if o, ok := grouped(g); ok {
			out = append(out, o)
			continue
		}
		for _, c := range g {
			out = append(out, offer{Text: c.Text, Move: c.Move})
		}
	}
	return stripLead(out, nil)
}

// byLastWord groups moves by the last word of their words for people, when that makes
// several groups of more than one: "up-card: 3 Earth" and "up-card: Moon of Earth" under
// "Earth". Each group's button says that word, and each move in it its words but those
// every move begins with, which are the lead: "up-card".
func byLastWord(legal []play.Choice) (lead string, out []offer, ok bool) {
	said := make([][]string, len(legal))
	for i, c := range legal {
		said[i] = strings.Fields(c.Text)
		if len(said[i]) < 2 {
			return "", nil, false
		}
	}
	front := slices.MinFunc(said, func(a, b []string) int { return len(a) - len(b) })
	front = front[:len(front)-2] // each move keeps its last two words at least
	for i := range front {
		if !all(said, func(w []string) bool { return w[i] == front[i] }) {
			front = front[:i]
			break
		}
	}
	var keys []string
	members := map[string][]play.Choice{}
	for i, c := range legal {
		key := said[i][len(said[i])-1]
		if _, seen := members[key]; !seen {
			keys = append(keys, key)
		}
		members[key] = append(members[key], play.Choice{Move: c.Move, Text: strings.Join(said[i][len(front):], " ")})
	}
	if len(slices.DeleteFunc(slices.Clone(keys), func(k string) bool { return len(members[k]) < 2 })) < 2 {
		return "", nil, false
	}
	for _, key := range keys {
		if g := members[key]; len(g) > 1 {
			out = append(out, offer{Text: key, Targets: g})
		} else {
			out = append(out, offer{Text: g[0].Text, Move: g[0].Move})
		}
	}
	return strings.TrimSuffix(strings.Join(front, " "), ":"), out, true
}

// grouped is the offer of a group of moves: what their words for people share, with "…" where
// they differ, and each move by what sets it apart. A group of one, or one whose moves read the
// same, is no group.
func grouped(g []play.Choice) (offer, bool) {
	if len(g) < 2 {
		return offer{}, false
	}
	said := make([][]string, len(g))
	for i, c := range g {
		said[i] = strings.Fields(c.Text)
	}
	shortest := slices.MinFunc(said, func(a, b []string) int { return len(a) - len(b) })
	front, back := 0, 0
	for front < len(shortest) && all(said, func(w []string) bool { return w[front] == shortest[front] }) {
		front++
	}
	for back < len(shortest)-front && all(said, func(w []string) bool { return w[len(w)-1-back] == shortest[len(shortest)-1-back] }) {
		back++
	}
	o := offer{Text: strings.Join(slices.Concat(shortest[:front], []string{"…"}, shortest[len(shortest)-back:]), " ")}
	for i, c := range g {
		apart := said[i][front : len(said[i])-back]
		if len(apart) == 0 {
			return offer{}, false
		}
		o.Targets = append(o.Targets, play.Choice{Move: c.Move, Text: strings.Join(apart, " ")})
	}
	return o, true
}

// all reports whether every one of xs is ok.
func all[T any](xs []T, ok func(T) bool) bool {
	return !slices.ContainsFunc(xs, func(x T) bool { return !ok(x) })
}

// stripLead takes the words every offer sharing them begins with (every offer, with sharing
// nil) off those offers, to be said once: so that the buttons say what differs. It leaves
// every button some words of its own; an offer that does not share them keeps all its words.
func stripLead(out []offer, sharing func(offer) bool) (string, []offer) {
	if sharing == nil {
		sharing = func(offer) bool { return true }
	}
	var lead []string
	first := true
	for _, o := range out {
		if !sharing(o) {
			continue
		}
		words := strings.Fields(o.Text)
		if first {
			lead, first = words[:max(0, len(words)-1)], false
			continue
		}
		n := 0
		for n < len(lead) && n < len(words)-1 && lead[n] == words[n] {
			n++
		}
		lead = lead[:n]
	}
	if len(lead) == 0 {
		return "", out
	}
	for i := range out {
		if sharing(out[i]) {
			out[i].Text = strings.Join(strings.Fields(out[i].Text)[len(lead):], " ")
		}
	}
	return strings.Join(lead, " "), out
}
