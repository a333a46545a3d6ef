package pinochle

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/tableside/tableside/cards"
	"github.com/tableside/tableside/referee"
)

var verbs = map[string]string{
	"bid": TypeBid, "b": TypeBid,
	"pass": TypePass, "p": TypePass,
	"trump": TypeTrump, "t": TypeTrump,
	"meld": TypeMeld, "m": TypeMeld, "show": TypeMeld,
	"play": TypePlay,
	"hand": TypeHand,
}

// moveWords are the moves as `tableside rules pinochle` lists them: a word not understood is
// matched against these, never against an alias the list leaves out.
var moveWords = []string{"bid", "pass", "trump", "meld", "play", "hand"}

// isWord reports whether a player name would be read as a verb, a bid or a card in a move.
func isWord(name string) bool {
	if _, ok := verbs[strings.ToLower(name)]; ok || strings.EqualFold(name, "none") {
		return true
	}
	if _, err := strconv.Atoi(name); err == nil {
		return true
	}
	_, err := cards.Parse(name)
	return err == nil
}

// actorFor is the player a move without a name is made by: the player to act in the auction
// or the trick, the bid winner for trump.
func (g *game) actorFor(typ string) (string, bool) {
	h := g.cur()
	ph := h.phase
	if ph == done && !g.over { // the next hand's auction, opened by the other player (P3)
		return g.players[1-h.opener], typ == TypeBid || typ == TypePass
	}
	switch {
	case (typ == TypeBid || typ == TypePass) && ph == bidding:
		return g.players[h.toAct], true
	case typ == TypeTrump && ph == naming:
		return g.players[h.bidder], true
	case typ == TypePlay && ph == playing:
		return g.players[h.turn], true
	}
	return "", false
}

// Parse implements referee.Game. Besides the verbs, a bare number is a bid and a bare card a
// play, both by the player to act.
func (g *game) Parse(words []string) (referee.Move, error) {
	actor, words, err := referee.SplitActor(g.players[:], words, "bid N, pass, trump SUIT, meld CARD…, play CARD")
	if err != nil {
		return referee.Move{}, err
	}
	typ, ok := verbs[strings.ToLower(words[0])]
	args := words[1:]
	if !ok { // a bare number bids, a bare card plays
		if _, err := strconv.Atoi(words[0]); err == nil {
			typ, args = TypeBid, words
		} else if _, err := cards.Parse(words[0]); err == nil {
			typ, args = TypePlay, words
		} else {
			return referee.Move{}, referee.MoveErrorf("unknown player or move %q (players: %s; moves: %s)%s", words[0], strings.Join(g.players[:], ", "), strings.Join(moveWords, ", "), referee.DidYouMean(words[0], g.players[:], moveWords))
		}
	}
	if actor == "" {
		if g.over && typ != TypeHand {
			return referee.Move{}, referee.MoveErrorf("%s (P13)", g.overText())
		}
		if typ == TypeMeld || typ == TypeHand {
			return referee.Move{}, referee.MoveErrorf("name the player who shows the cards (ann %s …)", words[0])
		}
		who, ok := g.actorFor(typ)
		if !ok {
			return referee.Move{}, referee.MoveErrorf("name the player: nobody is to %s now", strings.TrimPrefix(typ, "pinochle."))
		}
		actor = who
	}
	need := func(n int, what string) error {
		switch {
		case len(args) < n:
			return referee.MoveErrorf("%s needs %s", strings.TrimPrefix(typ, "pinochle."), what)
		case len(args) > n:
			return referee.MoveErrorf("unexpected word %q", args[n])
		}
		return nil
	}
	switch typ {
	case TypeBid:
		if err := need(1, "a number of points (bid 12)"); err != nil {
			return referee.Move{}, err
		}
		n, err := strconv.Atoi(args[0])
		if err != nil || n < 1 || n > 10000 {
			return referee.Move{}, referee.MoveErrorf("%q is not a bid (a whole number of points)", args[0])
		}
		return referee.NewMove(TypeBid, actor, payload{Points: &n}), nil
	case TypePass:
		if err := need(0, ""); err != nil {
			return referee.Move{}, err
		}
		return referee.NewMove(TypePass, actor, payload{}), nil
	case TypeTrump:
		if err := need(1, "a suit (S H D C)"); err != nil {
			return referee.Move{}, err
		}
		s, err := cards.ParseSuit(args[0])
		if err != nil {
			return referee.Move{}, referee.MoveErrorf("%q is not a suit (S H D C or ♠ ♥ ♦ ♣)%s", args[0], referee.DidYouMeanSuit(args[0]))
		}
		return referee.NewMove(TypeTrump, actor, payload{Suit: &s}), nil
	case TypePlay:
		if err := need(1, "a card (play AS)"); err != nil {
			return referee.Move{}, err
		}
		c, err := parseCard(args[0])
		if err != nil {
			return referee.Move{}, err
		}
		return referee.NewMove(TypePlay, actor, payload{Card: &c}), nil
	default:
		if len(args) == 0 {
			return referee.Move{}, referee.MoveErrorf("%s needs the cards shown (or none)", words[0])
		}
		var shown []cards.Card
		if !(typ == TypeMeld && len(args) == 1 && strings.EqualFold(args[0], "none")) {
			for _, a := range args {
				c, err := parseCard(a)
				if err != nil {
					return referee.Move{}, err
				}
				shown = append(shown, c)
			}
		}
		return referee.NewMove(typ, actor, payload{Cards: shown}), nil
	}
}

func parseCard(word string) (cards.Card, error) {
	c, err := cards.Parse(word)
	if err != nil || !inDeck(c) {
		return cards.Card{}, referee.MoveErrorf("%q is not a pinochle card (ranks 9 J Q K 10 A, T for 10; suits S H D C or ♠ ♥ ♦ ♣)%s", word, referee.DidYouMeanCard(word, inDeck))
	}
	return c, nil
}

// Notation implements referee.Game.
func (g *game) Notation(m referee.Move) string { return words(m, false) }

// Describe implements referee.Game.
func (g *game) Describe(m referee.Move) string { return words(m, true) }

func words(m referee.Move, pretty bool) string {
	var p payload
	if err := json.Unmarshal(m.Payload, &p); err != nil {
		return fmt.Sprintf("%s (unreadable: %v)", m.Type, err)
	}
	card := func(c cards.Card) string { return referee.CardWord(&c, pretty) }
	list := func() string { return referee.CardWords(p.Cards, pretty, " ") }
	pick := func(plain, people string) string {
		if pretty {
			return m.Actor + " " + people
		}
		return m.Actor + " " + plain
	}
	switch {
	case m.Type == TypeBid && p.Points != nil:
		return pick(fmt.Sprintf("bid %d", *p.Points), fmt.Sprintf("bids %d", *p.Points))
	case m.Type == TypePass:
		return pick("pass", "passes")
	case m.Type == TypeTrump && p.Suit != nil:
		if pretty {
			return pick("", "names "+p.Suit.Symbol()+" trump")
		}
		return pick("trump "+p.Suit.String(), "")
	case m.Type == TypeMeld:
		return pick("meld "+list(), "shows meld "+list())
	case m.Type == TypePlay && p.Card != nil:
		return pick("play "+card(*p.Card), "plays "+card(*p.Card))
	case m.Type == TypeHand:
		return pick("hand "+list(), "shows the hand "+list())
	}
	return strings.TrimSpace(m.Actor + " " + m.Type)
}
