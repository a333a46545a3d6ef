package candidate

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tableside/tableside/cards"
	"github.com/tableside/tableside/referee"
)

// verbs maps every word that names a move, aliases included, to its event type.
var verbs = map[string]string{
	"seat": TypeSeat, "s": TypeSeat,
	"reveal": TypeReveal, "r": TypeReveal, "up": TypeReveal,
	"bid": TypeBid, "b": TypeBid,
	"pass": TypePass, "p": TypePass,
	"hand": TypeHand,
	"left": TypeLeft, "leftover": TypeLeft, "leftovers": TypeLeft,
}

// moveWords are the moves as `tableside rules candidate` lists them: a word not understood is
// matched against these, never against an alias the list leaves out.
var moveWords = []string{"seat", "reveal", "bid", "pass", "hand", "left"}

// isWord reports whether a player name would be read as a verb or a card in a move.
func isWord(name string) bool {
	if _, ok := verbs[strings.ToLower(name)]; ok {
		return true
	}
	_, err := cards.Parse(name)
	return err == nil
}

// Parse implements referee.Game.
func (g *game) Parse(words []string) (referee.Move, error) {
	actor, words, err := referee.SplitActor(g.players[:], words, "bid CARD or pass")
	if err != nil {
		return referee.Move{}, err
	}
	typ, ok := verbs[strings.ToLower(words[0])]
	if !ok {
		return referee.Move{}, referee.MoveErrorf("unknown player or move %q (players: %s; moves: %s)%s", words[0], strings.Join(g.players[:], ", "), strings.Join(moveWords, ", "), referee.DidYouMean(words[0], g.players[:], moveWords))
	}
	args := words[1:]
	need := func(n int, what string) error {
		switch {
		case len(args) < n:
			return referee.MoveErrorf("%s needs %s", words[0], what)
		case len(args) > n:
			return referee.MoveErrorf("unexpected word %q after %s", args[n], strings.Join(words[:n+1], " "))
		}
		return nil
	}
	switch typ {
	case TypeSeat, TypeReveal:
		if actor != "" {
			return referee.Move{}, referee.MoveErrorf("%s is the table's move, not %s's (leave the player out)", words[0], actor)
		}
		if typ == TypeSeat {
			if err := need(1, "a suit (S H D C)"); err != nil {
				return referee.Move{}, err
			}
			s, err := cards.ParseSuit(args[0])
			if err != nil {
				return referee.Move{}, referee.MoveErrorf("%q is not a suit (S H D C or ♠ ♥ ♦ ♣)", args[0])
			}
			return referee.NewMove(TypeSeat, "", payload{Suit: &s}), nil
		}
		if err := need(1, "a card (reveal 7H)"); err != nil {
			return referee.Move{}, err
		}
		c, err := g.card(args[0])
		if err != nil {
			return referee.Move{}, err
		}
		return referee.NewMove(TypeReveal, "", payload{Card: &c}), nil
	case TypeBid, TypePass:
		if actor == "" {
			if g.phase == over {
				rule, why := g.outOfPhase(auction)
				return referee.Move{}, referee.MoveErrorf("the game is over: %s (%s)", why, rule)
			}
			if g.phase != auction {
				return referee.Move{}, referee.MoveErrorf("no auction is open, so name the player (ann %s …)", words[0])
			}
			actor = g.players[g.toAct]
		}
		if typ == TypePass {
			if err := need(0, ""); err != nil {
				return referee.Move{}, err
			}
			return referee.NewMove(TypePass, actor, payload{}), nil
		}
		if err := need(1, "a card or rank (bid 9H, bid 9)"); err != nil {
			return referee.Move{}, err
		}
		c, err := g.card(args[0])
		if err != nil {
			return referee.Move{}, err
		}
		return referee.NewMove(TypeBid, actor, payload{Card: &c}), nil
	default:
		if actor == "" {
			return referee.Move{}, referee.MoveErrorf("name the player who shows the cards (ann %s …)", words[0])
		}
		if len(args) == 0 {
			return referee.Move{}, referee.MoveErrorf("%s needs the cards shown", words[0])
		}
		var shown []cards.Card
		for _, a := range args {
			c, err := g.card(a)
			if err != nil {
				return referee.Move{}, err
			}
			shown = append(shown, c)
		}
		return referee.NewMove(typ, actor, payload{Cards: shown}), nil
	}
}

// card reads a card, or a rank alone meaning a card of the current seat's suit.
func (g *game) card(word string) (cards.Card, error) {
	c, err := cards.Parse(word)
	if err == nil {
		return c, nil
	}
	r, rerr := cards.ParseRank(word)
	if rerr != nil {
		return cards.Card{}, referee.MoveErrorf("%q is not a card or rank (ranks A 2…10 J Q K, T for 10; suits S H D C or ♠ ♥ ♦ ♣)%s", word, referee.DidYouMeanCard(word, nil))
	}
	st := g.cur()
	if st == nil || g.phase == needSeat || g.phase == over {
		return cards.Card{}, referee.MoveErrorf("%q has no suit, and no seat is in play to lend it one", word)
	}
	return cards.Card{Rank: r, Suit: st.suit}, nil
}

// Notation implements referee.Game.
func (g *game) Notation(m referee.Move) string {
	return g.words(m, false)
}

// Describe implements referee.Game.
func (g *game) Describe(m referee.Move) string {
	return g.words(m, true)
}

// words writes a move in notation (for Parse) or for people (pretty suits, verbs conjugated).
func (g *game) words(m referee.Move, pretty bool) string {
	var p payload
	if err := json.Unmarshal(m.Payload, &p); err != nil {
		return fmt.Sprintf("%s (unreadable: %v)", m.Type, err)
	}
	card := func(c *cards.Card) string { return referee.CardWord(c, pretty) }
	list := func(cs []cards.Card) string { return referee.CardWords(cs, pretty, " ") }
	type form struct{ plain, pretty string }
	var f form
	switch m.Type {
	case TypeSeat:
		suit := "?"
		if p.Suit != nil {
			suit = p.Suit.String()
			if pretty {
				suit = p.Suit.Symbol()
			}
		}
		return "seat " + suit
	case TypeReveal:
		f = form{"reveal " + card(p.Card), "candidate " + card(p.Card) + " turned up"}
	case TypeBid:
		f = form{m.Actor + " bid " + card(p.Card), m.Actor + " bids " + card(p.Card)}
	case TypePass:
		f = form{m.Actor + " pass", m.Actor + " passes"}
	case TypeHand:
		f = form{m.Actor + " hand " + list(p.Cards), m.Actor + " shows their faction hand " + list(p.Cards)}
	case TypeLeft:
		f = form{m.Actor + " left " + list(p.Cards), m.Actor + " shows their leftover cards " + list(p.Cards)}
	default:
		return strings.TrimSpace(m.Actor + " " + m.Type)
	}
	if pretty {
		return f.pretty
	}
	return f.plain
}
