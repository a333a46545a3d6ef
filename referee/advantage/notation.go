package advantage

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tableside/tableside/cards"
	"github.com/tableside/tableside/referee"
)

// verbs maps every word that names a move, aliases included, to its event type.
var verbs = map[string]string{
	"deal": TypeDeal,
	"drop": TypeDrop,
	"draw": TypeDraw,
	"pick": TypePick, "trade": TypePick,
	"pair": TypePair, "pairs": TypePair,
	"pass": TypePass, "stop": TypePass,
}

// moveWords are the moves as `tableside rules advantage` lists them: a word not understood is
// matched against these, never against an alias the list leaves out.
var moveWords = []string{"deal", "drop", "draw", "pick", "pair", "pass"}

// isWord reports whether a player name would be read as a verb, a card or a rank.
func isWord(name string) bool {
	if _, ok := verbs[strings.ToLower(name)]; ok {
		return true
	}
	if _, err := cards.Parse(name); err == nil {
		return true
	}
	_, err := cards.ParseRank(name)
	return err == nil || strings.EqualFold(name, "on") || strings.EqualFold(name, "for")
}

// Parse implements referee.Game.
func (g *game) Parse(words []string) (referee.Move, error) {
	actor, words, err := referee.SplitActor(g.players[:], words, "drop, draw, pick, pair or pass")
	if err != nil {
		return referee.Move{}, err
	}
	typ, ok := verbs[strings.ToLower(words[0])]
	if !ok {
		return referee.Move{}, referee.MoveErrorf("unknown player or move %q (players: %s; moves: %s)%s", words[0], strings.Join(g.players[:], ", "), strings.Join(moveWords, ", "), referee.DidYouMean(words[0], g.players[:], moveWords))
	}
	verb, args := words[0], words[1:]
	if typ == TypeDeal {
		if actor != "" {
			return referee.Move{}, referee.MoveErrorf("the deal is the table's move, not %s's (leave the player out)", actor)
		}
		return g.parseDeal(args)
	}
	if actor == "" {
		if g.stage == ended {
			return referee.Move{}, referee.MoveErrorf("%s (A10)", g.endedText())
		}
		if g.stage == dealing {
			return referee.Move{}, referee.MoveErrorf("nobody is to act, so name the player (ann %s …)", verb)
		}
		actor = g.players[g.turn]
	}
	who := referee.PlayerIndex(g.players[:], actor)
	switch typ {
	case TypePass:
		if len(args) > 0 {
			return referee.Move{}, referee.MoveErrorf("unexpected word %q after %s", args[0], verb)
		}
		return referee.NewMove(TypePass, actor, payload{}), nil
	case TypeDraw:
		if len(args) == 0 {
			return referee.Move{}, referee.MoveErrorf("draw names the card drawn (draw 5S), or the cards of a refill (draw 5S KD)")
		}
		var cs []cards.Card
		for _, w := range args {
			c, err := parseCard(w)
			if err != nil {
				return referee.Move{}, err
			}
			cs = append(cs, c)
		}
		if len(cs) == 1 {
			return referee.NewMove(TypeDraw, actor, payload{Card: &cs[0]}), nil // as a draw was always stored
		}
		return referee.NewMove(TypeDraw, actor, payload{Cards: cs}), nil
	case TypePair:
		return g.parsePairs(who, actor, args)
	}
	// A drop or a pick: a card, then the pile, after "on" or "for", or left out when the card
	// fits one pile only.
	link := map[string]string{TypeDrop: "on", TypePick: "for"}[typ]
	if len(args) == 0 {
		return referee.Move{}, referee.MoveErrorf("%s needs a card (%s 7H %s 9H)", verb, verb, link)
	}
	c, err := parseCard(args[0])
	if err != nil {
		return referee.Move{}, err
	}
	rest := args[1:]
	if len(rest) > 0 && (strings.EqualFold(rest[0], "on") || strings.EqualFold(rest[0], "for")) {
		rest = rest[1:]
	}
	if !slices.Contains(g.hands[who], c) {
		// Refused when recorded, for that (A7), before any question about the pile: the pile
		// is kept only when it reads as one.
		m := payload{Card: &c}
		if len(rest) == 1 {
			if pile, err := g.parsePile(rest[0]); err == nil {
				m.Pile = &pile
			}
		}
		return referee.NewMove(typ, actor, m), nil
	}
	var pile cards.Card
	switch len(rest) {
	case 0:
		var fit []cards.Card
		for i := range g.piles {
			if len(g.piles[i]) > 0 && fits(c, g.top(i)) {
				fit = append(fit, g.top(i))
			}
		}
		if g.stage == ended {
			return referee.Move{}, referee.MoveErrorf("%s (A10)", g.endedText())
		}
		if len(fit) != 1 || g.stage == dealing {
			return referee.Move{}, referee.MoveErrorf("name the pile: %s %s %s TOP (the tops are %s)", verb, c, link, g.tops())
		}
		pile = fit[0]
	case 1:
		if pile, err = g.parsePile(rest[0]); err != nil {
			return referee.Move{}, err
		}
	default:
		return referee.Move{}, referee.MoveErrorf("unexpected word %q after %s", rest[1], strings.Join(words[:len(words)-len(rest)+1], " "))
	}
	return referee.NewMove(typ, actor, payload{Card: &c, Pile: &pile}), nil
}

func parseCard(word string) (cards.Card, error) {
	c, err := cards.Parse(word)
	if err != nil {
		return c, referee.MoveErrorf("%q is not a card (rank then suit: 7H, TC, QS)%s", word, referee.DidYouMeanCard(word, nil))
	}
	return c, nil
}

// parsePile reads a pile named by its top card or its place, 1 to 3.
func (g *game) parsePile(word string) (cards.Card, error) {
	if n, err := strconv.Atoi(word); err == nil {
		switch {
		case g.stage == dealing:
			return cards.Card{}, referee.MoveErrorf("pile %d: nothing is dealt yet", n)
		case n < 1 || n > Piles:
			return cards.Card{}, referee.MoveErrorf("pile %d: the piles are 1 to %d", n, Piles)
		}
		return g.top(n - 1), nil
	}
	c, err := cards.Parse(word)
	if err != nil {
		return c, referee.MoveErrorf("%q is not a pile: name its top card or its place 1–%d (the tops are %s)%s", word, Piles, g.tops(), referee.DidYouMeanCard(word, func(c cards.Card) bool { return g.pileTopped(c) >= 0 }))
	}
	return c, nil
}

// parsePairs reads the pairs laid aside: each word a card, or a rank naming a pair of that
// rank in the hand (given twice for two pairs).
func (g *game) parsePairs(who int, actor string, args []string) (referee.Move, error) {
	if len(args) == 0 {
		return referee.Move{}, referee.MoveErrorf("pair names the pairs (pair 7 K, or pair 7H 7S)")
	}
	hand := slices.Clone(g.hands[who])
	var out, loose []cards.Card
	for _, w := range args {
		if c, err := cards.Parse(w); err == nil {
			loose = append(loose, c)
			continue
		}
		r, err := cards.ParseRank(w)
		if err != nil {
			return referee.Move{}, referee.MoveErrorf("%q is not a card or a rank", w)
		}
		var of []cards.Card
		for _, c := range hand {
			if c.Rank == r {
				of = append(of, c)
			}
		}
		switch {
		case len(of) < 2:
			return referee.Move{}, referee.MoveErrorf("%s holds no pair of %s left to name (name the cards to record it anyway)", actor, r)
		case len(of) == 3:
			return referee.Move{}, referee.MoveErrorf("%s holds three %ss: name the two cards (pair %s %s)", actor, r, of[0], of[1])
		}
		out = append(out, of[0], of[1])
		for _, c := range of[:2] {
			hand = slices.Delete(hand, slices.Index(hand, c), slices.Index(hand, c)+1)
		}
	}
	if len(loose)%2 != 0 {
		return referee.Move{}, referee.MoveErrorf("cards pair two by two: %d cards named", len(loose))
	}
	return referee.NewMove(TypePair, actor, payload{Cards: append(out, loose...)}), nil
}

// parseDeal reads "C C C / [PLAYER] C C C / [PLAYER] C C C": the centre, then the hands, the
// non-dealer's first when the players are not named.
func (g *game) parseDeal(args []string) (referee.Move, error) {
	var parts [][]string
	cur := []string{}
	for _, w := range args {
		if w == "/" {
			parts, cur = append(parts, cur), []string{}
			continue
		}
		cur = append(cur, w)
	}
	parts = append(parts, cur)
	if len(parts) != 3 {
		return referee.Move{}, referee.MoveErrorf("a deal is the centre and two hands, split by /: deal 7H KS 2D / %s 3C 4C 9H / %s 5S 6S JD", g.players[1-g.dealer], g.players[g.dealer])
	}
	read := func(ws []string) ([]cards.Card, error) {
		var cs []cards.Card
		for _, w := range ws {
			c, err := parseCard(w)
			if err != nil {
				return nil, err
			}
			cs = append(cs, c)
		}
		return cs, nil
	}
	center, err := read(parts[0])
	if err != nil {
		return referee.Move{}, err
	}
	hands := map[string][]cards.Card{}
	order := []int{1 - g.dealer, g.dealer}
	for i, part := range parts[1:] {
		name := g.players[order[i]]
		if len(part) > 0 {
			if p := referee.PlayerIndex(g.players[:], part[0]); p != referee.Nobody {
				name, part = g.players[p], part[1:]
			}
		}
		if _, dup := hands[name]; dup {
			return referee.Move{}, referee.MoveErrorf("%s's hand is given twice", name)
		}
		if hands[name], err = read(part); err != nil {
			return referee.Move{}, err
		}
	}
	return referee.NewMove(TypeDeal, "", payload{Center: center, Hands: hands}), nil
}

// Notation implements referee.Game.
func (g *game) Notation(m referee.Move) string { return g.words(m, false) }

// Describe implements referee.Game.
func (g *game) Describe(m referee.Move) string { return g.words(m, true) }

// words writes a move in notation (for Parse) or for people (suit signs, verbs conjugated).
func (g *game) words(m referee.Move, pretty bool) string {
	var p payload
	if err := json.Unmarshal(m.Payload, &p); err != nil {
		return fmt.Sprintf("%s (unreadable: %v)", m.Type, err)
	}
	card := func(c *cards.Card) string { return referee.CardWord(c, pretty) }
	list := func(cs []cards.Card) string {
		if len(cs) == 0 {
			return "" // a deal's part left empty reads back as written
		}
		return referee.CardWords(cs, pretty, " ")
	}
	// A move that names no pile (a card not in hand, read as typed) is written without one.
	pile := func(link string, c *cards.Card) string {
		if c == nil {
			return ""
		}
		return link + card(c)
	}
	type form struct{ plain, pretty string }
	var f form
	switch m.Type {
	case TypeDeal:
		parts := []string{list(p.Center)}
		for _, i := range []int{1 - g.dealer, g.dealer} {
			for name, h := range p.Hands {
				if strings.EqualFold(name, g.players[i]) {
					parts = append(parts, name+" "+list(h))
				}
			}
		}
		f = form{"deal " + strings.Join(parts, " / "), "dealt: centre " + strings.Join(parts, "; hand of ")}
	case TypeDrop:
		f = form{m.Actor + " drop " + card(p.Card) + pile(" on ", p.Pile), m.Actor + " drops " + card(p.Card) + pile(" on ", p.Pile)}
	case TypeDraw:
		f = form{m.Actor + " draw " + list(drawn(p)), m.Actor + " draws " + list(drawn(p))}
	case TypePick:
		f = form{m.Actor + " pick " + card(p.Card) + pile(" for ", p.Pile), m.Actor + " trades " + card(p.Card) + pile(" for the ", p.Pile)}
		if p.Pile != nil {
			f.pretty += " pile"
		}
	case TypePair:
		f = form{m.Actor + " pair " + list(p.Cards), m.Actor + " lays aside " + list(p.Cards)}
	case TypePass:
		f = form{m.Actor + " pass", m.Actor + " passes"}
	default:
		return strings.TrimSpace(m.Actor + " " + m.Type)
	}
	if pretty {
		return f.pretty
	}
	return f.plain
}
