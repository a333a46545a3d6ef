package article2

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/tableside/tableside/referee"
)

// aliases are the words a card is known by besides its key and name.
var aliases = []struct {
	word string
	kind kind
}{{"ad", 4}} // Targeted by a Negative Ad

// The verbs; a move that starts with none of them is a play.
const (
	verbPlay  = "play"
	verbStart = "start"
	verbDraw  = "draw"
)

// squash is how a card's name or a typed word is compared: lower case, without spaces,
// hyphens or underscores ("Tack Center", "tack-center" and "TackCenter" are all "tackcenter").
func squash(s string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' || r == '_' {
			return -1
		}
		return unicode.ToLower(r)
	}, s)
}

// squashed holds the cards' names as squash writes them.
var squashed = func() (out [kinds]string) {
	for k, c := range deck {
		out[k] = squash(c.Name)
	}
	return out
}()

// byKey finds a card by the key a move stores.
func byKey(key string) (kind, bool) {
	for k, c := range deck {
		if c.Key == key {
			return kind(k), true
		}
	}
	return 0, false
}

// matches finds the cards a word typed at the table may mean: the one whose key, alias or
// whole name it is, else every card whose name, key or alias starts with it.
func matches(word string) []kind {
	w := squash(word)
	if w == "" {
		return nil
	}
	for k, c := range deck {
		if w == c.Key || w == squashed[k] {
			return []kind{kind(k)}
		}
	}
	for _, al := range aliases {
		if w == al.word {
			return []kind{al.kind}
		}
	}
	var hits []kind
	for k, c := range deck {
		match := strings.HasPrefix(squashed[k], w) || strings.HasPrefix(c.Key, w)
		for _, al := range aliases {
			match = match || al.kind == kind(k) && strings.HasPrefix(al.word, w)
		}
		if match {
			hits = append(hits, kind(k))
		}
	}
	return hits
}

// lookup reads a card typed at the table; a word that could be several cards is an error
// naming them.
func lookup(word string) (kind, error) {
	hits := matches(word)
	switch len(hits) {
	case 0:
		return 0, referee.MoveErrorf("%q is not a card (%s)", word, strings.Join(keyWords(), " "))
	case 1:
		return hits[0], nil
	}
	var names []string
	for _, k := range hits {
		names = append(names, fmt.Sprintf("%s (%s)", deck[k].Name, deck[k].Key))
	}
	return 0, referee.MoveErrorf("%q could be %s: type more of the name", word, strings.Join(names, ", "))
}

// isWord reports whether a player name would be read as something else in a move: a verb, a
// card or the start of one, or an event number.
func isWord(name string) bool {
	switch strings.ToLower(name) {
	case verbPlay, verbStart, verbDraw:
		return true
	}
	if _, err := strconv.ParseInt(name, 10, 64); err == nil {
		return true
	}
	return len(matches(name)) > 0
}

// Parse implements referee.Game.
func (g *game) Parse(words []string) (referee.Move, error) {
	actor, words, err := referee.SplitActor(g.players, words, "play CARD TARGET")
	if err != nil {
		return referee.Move{}, err
	}
	verb := strings.ToLower(words[0])
	if verb == verbStart || verb == verbDraw {
		if actor != "" && g.over { // refused for the end before the player's name is
			return referee.Move{}, referee.MoveErrorf("%s (E7)", g.overText())
		}
		if actor != "" {
			return referee.Move{}, referee.MoveErrorf("%s is the table's move, not %s's (leave the first player out: %s PLAYER)", verb, actor, verb)
		}
		switch {
		case len(words) < 2:
			return referee.Move{}, referee.MoveErrorf("%s needs a player (%s %s)", verb, verb, g.players[0])
		case len(words) > 2:
			return referee.Move{}, referee.MoveErrorf("unexpected word %q after %s %s", words[2], verb, words[1])
		}
		who := referee.PlayerIndex(g.players, words[1])
		if who == referee.Nobody {
			return referee.Move{}, referee.MoveErrorf("%q is not a player (players: %s)", words[1], strings.Join(g.players, ", "))
		}
		typ := TypeStart
		if verb == verbDraw {
			typ = TypeDraw
		}
		return referee.NewMove(typ, "", payload{Player: g.players[who]}), nil
	}
	if verb == verbPlay {
		words = words[1:]
		if len(words) == 0 {
			return referee.Move{}, referee.MoveErrorf("play needs a card and the player it is played on (play tack %s)", g.players[0])
		}
	}
	k, err := lookup(words[0])
	if err != nil {
		if verb != verbPlay && actor == "" && len(matches(words[0])) == 0 {
			return referee.Move{}, referee.MoveErrorf("unknown player, move or card %q (players: %s; moves: start, draw, play CARD TARGET)%s", words[0], strings.Join(g.players, ", "), referee.DidYouMean(words[0], g.players, []string{verbPlay, verbStart, verbDraw}))
		}
		return referee.Move{}, err
	}
	args := words[1:]
	if actor == "" {
		if g.over {
			return referee.Move{}, referee.MoveErrorf("%s (E7)", g.overText())
		}
		ph := &g.phases[g.at]
		if !ph.started || ph.done {
			return referee.Move{}, referee.MoveErrorf("name the player: nobody is to play now (%s)", g.Hint())
		}
		actor = g.players[ph.turn(len(g.players))]
	}
	target := func(word string) (string, error) {
		p := referee.PlayerIndex(g.players, word)
		if p == referee.Nobody {
			return "", referee.MoveErrorf("%q is not a player (players: %s)", word, strings.Join(g.players, ", "))
		}
		return g.players[p], nil
	}
	if k != adhd {
		switch {
		case len(args) == 0:
			return referee.Move{}, referee.MoveErrorf("on whom is %s played? (%s %s)", deck[k].Name, deck[k].Key, g.players[0])
		case len(args) > 1:
			return referee.Move{}, referee.MoveErrorf("unexpected word %q after %s %s", args[1], words[0], args[0])
		}
		t, err := target(args[0])
		if err != nil {
			return referee.Move{}, err
		}
		return referee.NewMove(TypePlay, actor, payload{Card: deck[k].Key, Target: t}), nil
	}
	// Voter ADHD: nothing, an event, or a player and a card (E5).
	switch len(args) {
	case 0:
		return referee.NewMove(TypePlay, actor, payload{Card: deck[adhd].Key}), nil
	case 1:
		if seq, err := strconv.ParseInt(args[0], 10, 64); err == nil {
			if seq < 1 {
				return referee.Move{}, referee.MoveErrorf("%q is not an event number", args[0])
			}
			return referee.NewMove(TypePlay, actor, payload{Card: deck[adhd].Key, Seq: seq}), nil
		}
		if p := referee.PlayerIndex(g.players, args[0]); p != referee.Nobody {
			return referee.Move{}, referee.MoveErrorf("which of %s's cards does it discard? (adhd %s CARD, or adhd SEQ)", g.players[p], g.players[p])
		}
		return referee.Move{}, referee.MoveErrorf("%q is neither an event number nor a player (adhd SEQ, or adhd PLAYER CARD)", args[0])
	case 2:
		t, err := target(args[0])
		if err != nil {
			return referee.Move{}, err
		}
		d, err := lookup(args[1])
		if err != nil {
			return referee.Move{}, err
		}
		return referee.NewMove(TypePlay, actor, payload{Card: deck[adhd].Key, Target: t, Discard: deck[d].Key}), nil
	}
	return referee.Move{}, referee.MoveErrorf("unexpected word %q after %s", args[2], strings.Join(words[:3], " "))
}

// Notation implements referee.Game.
func (g *game) Notation(m referee.Move) string { return g.words(m, false) }

// Describe implements referee.Game.
func (g *game) Describe(m referee.Move) string { return g.words(m, true) }

// words writes a move in notation (for Parse) or for people.
func (g *game) words(m referee.Move, pretty bool) string {
	var p payload
	if err := json.Unmarshal(m.Payload, &p); err != nil {
		return fmt.Sprintf("%s (unreadable: %v)", m.Type, err)
	}
	pick := func(plain, people string) string {
		if pretty {
			return people
		}
		return plain
	}
	switch m.Type {
	case TypeStart:
		return pick("start "+p.Player, p.Player+" starts the phase")
	case TypeDraw:
		return pick("draw "+p.Player, p.Player+" wins the cut")
	case TypePlay:
		k, ok := byKey(p.Card)
		if !ok {
			break
		}
		if k != adhd {
			c := deck[k]
			return pick(fmt.Sprintf("%s play %s %s", m.Actor, c.Key, p.Target),
				fmt.Sprintf("%s plays %s on %s (%s)", m.Actor, c.Name, p.Target, effect(c)))
		}
		switch {
		case p.Seq != 0:
			what := fmt.Sprintf("the card of event %d", p.Seq)
			if e := g.plays[p.Seq]; e != nil && e.target != referee.Nobody {
				what = fmt.Sprintf("%s's %s (event %d)", g.players[e.target], deck[e.card].Name, p.Seq)
			}
			return pick(fmt.Sprintf("%s play adhd %d", m.Actor, p.Seq), fmt.Sprintf("%s plays Voter ADHD on %s", m.Actor, what))
		case p.Target != "" || p.Discard != "":
			name := p.Discard
			if d, ok := byKey(p.Discard); ok {
				name = deck[d].Name
			}
			return pick(fmt.Sprintf("%s play adhd %s %s", m.Actor, p.Target, p.Discard), fmt.Sprintf("%s plays Voter ADHD on %s's %s", m.Actor, p.Target, name))
		}
		return pick(m.Actor+" play adhd", m.Actor+" plays Voter ADHD on nothing")
	}
	return strings.TrimSpace(m.Actor + " " + m.Type)
}

// effect writes what a card does: "+4 E −3 A".
func effect(c Card) string {
	var parts []string
	if c.Electability != 0 {
		parts = append(parts, fmt.Sprintf("%+d E", c.Electability))
	}
	if c.Affiliation != 0 {
		parts = append(parts, fmt.Sprintf("%+d A", c.Affiliation))
	}
	if len(parts) == 0 {
		return "discards a card in play"
	}
	return strings.Join(parts, " ")
}
