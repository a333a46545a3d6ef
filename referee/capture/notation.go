package capture

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/tableside/tableside/cards/ucd"
	"github.com/tableside/tableside/referee"
)

// verbs maps every word that names a move, aliases included, to its event type.
var verbs = map[string]string{
	"up": TypeUp, "upcard": TypeUp,
	"bid":  TypeBid,
	"pass": TypePass,
	"play": TypePlay, "lead": TypePlay, "add": TypePlay,
	"noplay": TypeNoPlay, "np": TypeNoPlay,
	"capture": TypeCapture, "take": TypeCapture,
	"left": TypeLeft,
}

// moveWords are the moves as `tableside rules capture` lists them: a word not understood is
// matched against these, never against an alias the list leaves out.
var moveWords = []string{"play", "noplay", "pass", "capture", "bid", "up", "left"}

// isWord reports whether a player name would be read as a verb or a card.
func isWord(name string) bool {
	if _, ok := verbs[strings.ToLower(name)]; ok {
		return true
	}
	_, err := ucd.Parse(name)
	return err == nil || strings.EqualFold(name, "none")
}

// parseCards reads words as cards, each in one word or as Pretty writes it ("3 Mars",
// "Moon of Saturn"), as the prompt and the hints name them.
func parseCards(words []string) ([]ucd.Card, error) {
	var out []ucd.Card
	for len(words) > 0 {
		c, n, err := ucd.ParseFirst(words)
		if err != nil {
			return nil, referee.MoveErrorf("%v", err)
		}
		out, words = append(out, c), words[n:]
	}
	return out, nil
}

// parseCard reads words as one card; what names a form such as "one card (3N)".
func parseCard(verb string, words []string, what string) (ucd.Card, error) {
	cs, err := parseCards(words)
	switch {
	case err != nil:
		return ucd.Card{}, err
	case len(cs) != 1:
		return ucd.Card{}, referee.MoveErrorf("%s takes %s", verb, what)
	}
	return cs[0], nil
}

// Parse implements referee.Game.
func (g *game) Parse(words []string) (referee.Move, error) {
	actor, words, err := referee.SplitActor(g.players, words, "a card, noplay, pass, capture, bid N or left CARD…")
	if err != nil {
		return referee.Move{}, err
	}
	typ, ok := verbs[strings.ToLower(words[0])]
	verb, args := words[0], words[1:]
	if !ok {
		if _, _, cerr := ucd.ParseFirst(words); cerr != nil {
			if hint := referee.DidYouMean(words[0], g.players, moveWords); hint != "" {
				return referee.Move{}, referee.MoveErrorf("unknown player, move or card %q%s", words[0], hint)
			}
			return referee.Move{}, referee.MoveErrorf("unknown player, move or card %q (players: %s; moves: CARD, %s): %v", words[0], strings.Join(g.players, ", "), strings.Join(moveWords, ", "), cerr)
		}
		typ, verb, args = TypePlay, "a play", words // a bare card is a play
	}
	need := func(n int, form string) error {
		if len(args) != n {
			return referee.MoveErrorf("%s takes %s", words[0], form)
		}
		return nil
	}
	if g.stage == ended && (actor == "") != (typ == TypeUp) {
		// A player's move without the player, or the table's with one, is refused for the
		// end before its name is asked about; the rest is read, and Apply refuses it (U10).
		return referee.Move{}, referee.MoveErrorf("%s (U10)", overText)
	}
	if typ == TypeUp {
		if actor != "" {
			return referee.Move{}, referee.MoveErrorf("the up-card is the table's move, not %s's (leave the player out)", actor)
		}
		c, err := parseCard(verb, args, "the card turned (up 3N)")
		if err != nil {
			return referee.Move{}, err
		}
		return referee.NewMove(TypeUp, "", payload{Card: &c}), nil
	}
	if actor == "" {
		who := g.acting()
		if who == referee.Nobody {
			return referee.Move{}, referee.MoveErrorf("nobody in particular is to act, so name the player (ann %s …)", words[0])
		}
		actor = g.players[who]
	}
	switch typ {
	case TypeBid:
		if err := need(1, "a number (bid 2)"); err != nil {
			return referee.Move{}, err
		}
		n, err := strconv.Atoi(args[0])
		if err != nil || n < 1 {
			return referee.Move{}, referee.MoveErrorf("%q is not a bid: bids are whole numbers from 1", args[0])
		}
		return referee.NewMove(TypeBid, actor, payload{Points: &n}), nil
	case TypePlay:
		c, err := parseCard(verb, args, "one card (3N, MoS, GV)")
		if err != nil {
			return referee.Move{}, err
		}
		return referee.NewMove(TypePlay, actor, payload{Card: &c}), nil
	case TypeLeft:
		if len(args) == 1 && strings.EqualFold(args[0], "none") {
			args = nil
		}
		cs, err := parseCards(args)
		if err != nil {
			return referee.Move{}, err
		}
		return referee.NewMove(TypeLeft, actor, payload{Cards: cs}), nil
	}
	if err := need(0, "nothing after it"); err != nil {
		return referee.Move{}, err
	}
	return referee.NewMove(typ, actor, payload{}), nil
}

// acting is the player a move without a name is made by: the player to act, or in the adding
// step the player who played last; nobody while the table acts or hands are shown.
func (g *game) acting() int {
	h := g.cur()
	switch g.stage {
	case bidding, leading, following:
		return h.toAct
	case adding:
		return h.lastPlayer()
	}
	return referee.Nobody
}

// Notation implements referee.Game.
func (g *game) Notation(m referee.Move) string { return g.words(m, false) }

// Describe implements referee.Game.
func (g *game) Describe(m referee.Move) string { return g.words(m, true) }

func (g *game) words(m referee.Move, pretty bool) string {
	var p payload
	if err := json.Unmarshal(m.Payload, &p); err != nil {
		return fmt.Sprintf("%s (unreadable: %v)", m.Type, err)
	}
	card := func(c *ucd.Card) string { return referee.CardWord(c, pretty) }
	list := func(cs []ucd.Card) string {
		if pretty {
			return referee.CardWords(cs, true, ", ")
		}
		return referee.CardWords(cs, false, " ")
	}
	points := "?"
	if p.Points != nil {
		points = strconv.Itoa(*p.Points)
	}
	type form struct{ plain, pretty string }
	var f form
	switch m.Type {
	case TypeUp:
		f = form{"up " + card(p.Card), "up-card: " + card(p.Card)}
	case TypeBid:
		f = form{m.Actor + " bid " + points, m.Actor + " bids " + points + " for the extra hand"}
	case TypePass:
		f = form{m.Actor + " pass", m.Actor + " passes"}
	case TypePlay:
		f = form{m.Actor + " play " + card(p.Card), m.Actor + " plays " + card(p.Card)}
	case TypeNoPlay:
		f = form{m.Actor + " noplay", m.Actor + ": No Play"}
	case TypeCapture:
		f = form{m.Actor + " capture", m.Actor + " captures the round"}
	case TypeLeft:
		f = form{m.Actor + " left " + list(p.Cards), m.Actor + " is left with " + list(p.Cards)}
	default:
		return strings.TrimSpace(m.Actor + " " + m.Type)
	}
	if pretty {
		return f.pretty
	}
	return f.plain
}
