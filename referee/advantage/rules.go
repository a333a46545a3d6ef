package advantage

import (
	"time"

	"github.com/tableside/tableside/cards"
	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
)

// Event types of Advantage's moves. They are stored: never rename one.
const (
	// TypeDeal: the table's deal, {"center":["7H","KS","2D"],"hands":{"ann":[…],"bob":[…]}}.
	TypeDeal = "advantage.deal"
	// TypeDrop: a card from hand onto a pile, named by its top card: {"card":"7H","pile":"9H"}.
	TypeDrop = "advantage.drop"
	// TypeDraw: a card from the stock into the drawer's hand: {"card":"5S"}; several drawn at
	// once to refill (A6), in the order drawn: {"cards":["5S","KD"]}.
	TypeDraw = "advantage.draw"
	// TypePick: a card from hand traded for the pile it tops: {"card":"8S","pile":"QH"}.
	TypePick = "advantage.pick"
	// TypePair: pairs laid aside, two cards of a rank after each other: {"cards":["7H","7S"]}.
	TypePair = "advantage.pair"
	// TypePass: the player drops, picks or pairs no more this turn: {}.
	TypePass = "advantage.pass"
)

// Hand is the size of a hand kept up by refills (A6); Piles the piles in the centre (A4).
const (
	Hand  = 3
	Piles = 3
)

// Rules is Advantage's rulebook.
type Rules struct{}

// Kind implements referee.Rules.
func (Rules) Kind() string { return "advantage" }

// Name implements referee.Rules.
func (Rules) Name() string { return "Advantage" }

// Ruleset implements referee.Rules.
func (Rules) Ruleset() string { return "advantage/1" }

// Players implements referee.Rules: Advantage is for two.
func (Rules) Players() (int, int) { return 2, 2 }

// Seating implements referee.Rules: the dealer, since the non-dealer drops first (A1).
func (Rules) Seating() referee.Seating { return referee.Seating{Dealer: true} }

// Options implements referee.Rules: Advantage has none.
func (Rules) Options() []referee.Option { return []referee.Option{} }

// Rulings implements referee.Rules: A1–A14 as RULINGS.md words them.
func (Rules) Rulings() []referee.Ruling { return rulings }

// IsWord implements referee.Rules.
func (Rules) IsWord(name string) bool { return isWord(name) }

// Grammar implements referee.Rules.
func (Rules) Grammar() []string {
	return []string{
		"deal C C C / [PLAYER] C C C / [PLAYER] C C C   the centre, then each hand (unnamed: the non-dealer's first)",
		"[PLAYER] drop CARD [on PILE]      a card onto a pile; PILE is its top card or its place 1–3",
		"[PLAYER] draw CARD…               the card drawn from the stock when no drop or pick is possible; to refill, one card or several",
		"[PLAYER] pick CARD for PILE       trade a card from hand for a whole pile",
		"[PLAYER] pair RANK|CARD…          lay aside pairs: a rank names the pair of it in hand (pair 7 K, pair 7H 7S)",
		"[PLAYER] pass                     no (second) drop, no pick, or no pairs this turn",
		"a move without PLAYER is made by the player to act; the switch and whose turn it is are worked out",
	}
}

// New implements referee.Rules.
func (Rules) New(setup events.Created) (referee.Game, error) {
	return newGame(setup)
}

func newGame(setup events.Created) (*game, error) {
	if setup.Kind != "advantage" {
		return nil, referee.SetupErrorf(referee.FieldKind, "kind %q is not advantage", setup.Kind)
	}
	if err := referee.CheckPlayers(setup.Players, 2, 2, isWord); err != nil {
		return nil, err
	}
	if _, err := referee.CheckOptions(Rules{}.Options(), setup.Options); err != nil {
		return nil, err
	}
	g := &game{players: [2]string{setup.Players[0], setup.Players[1]}, dealer: referee.PlayerIndex(setup.Players, setup.Dealer)}
	switch {
	case setup.Dealer == "":
		return nil, referee.SetupErrorf(referee.FieldDealer, "name the dealer (A1: the non-dealer drops first)")
	case g.dealer < 0:
		return nil, referee.SetupErrorf(referee.FieldDealer, "dealer %q is not a player", setup.Dealer)
	case setup.Opener != "" && referee.PlayerIndex(setup.Players, setup.Opener) != 1-g.dealer:
		return nil, referee.SetupErrorf(referee.FieldOpener, "the non-dealer plays first (A1), so %s cannot open", setup.Opener)
	}
	date, err := time.Parse("2006-01-02", setup.Date)
	if err != nil {
		return nil, referee.SetupErrorf(referee.FieldDate, "the game's date (YYYY-MM-DD) is needed to settle a tie (A11), not %q", setup.Date)
	}
	g.day = date.Day()
	g.turn = 1 - g.dealer
	g.rounds = []*round{{}}
	return g, nil
}

var rulings = []referee.Ruling{
	{ID: "A1", Title: "Order", Text: "Every round: non-dealer drops (and refills), dealer drops (and refills), the hands are switched, non-dealer picks, dealer picks, then each pairs (non-dealer first) and refills."},
	{ID: "A2", Title: "Classes and colours", Text: "Red = ♥♦, black = ♠♣. Face = J Q K; number = 2–9; the 10 is wild and in neither class; the Ace is a class of its own."},
	{ID: "A3", Title: "Drop", Text: "A card may go onto a pile whose top card is: the same rank; or, of the same colour, face on face or ace, number on number or ace, ace on number or face. A 10 goes on anything and anything goes on a 10."},
	{ID: "A4", Title: "Pick", Text: "Trade one card from hand for a whole pile, leaving the traded card face up as the new pile: face for face-or-ace top of its colour, number for number-or-ace top of its colour, an ace for any top of its colour, any card for a same-rank top, anything for a 10 top, a 10 for any pile. There are always exactly three piles."},
	{ID: "A5", Title: "Drop one or two", Text: "At least one drop, at most two, one at a time. If the first drop is impossible the player draws one card from the stock (if any) and drops if they now can, else they pass. No draw for a second drop."},
	{ID: "A6", Title: "Hand of three", Text: "Refill to three from the stock right after your own drops and right after your own pairing. Fewer than three only when the stock is empty."},
	{ID: "A7", Title: "Open hands", Text: "All hands are open, drawn cards too."},
	{ID: "A8", Title: "Picking is optional", Text: "At most one pick a round. With no legal pick a player may draw one card, then pick or pass."},
	{ID: "A9", Title: "Pairing", Text: "One pairing step per round, only for a player who picked that round; in it they lay aside any number of same-rank pairs. Pairs made by the refill wait for a later step."},
	{ID: "A10", Title: "End", Text: "With the stock empty, the game ends the moment a player who must act cannot drop, cannot pick at their picking turn, or holds no cards. Nobody pairs after that, this round included."},
	{ID: "A11", Title: "Winner and tie", Text: "Most pairs wins. Tie: the player holding the highest four of a kind (both pairs of one rank among their pairs; A high) wins; if neither has one, the dealer wins on an odd day of the month, else the non-dealer. The game's date is stored with the game, so a replay gives the same result."},
	{ID: "A12", Title: "Drops, draws and refills", Text: "The refill after dropping happens once, when the drop turn ends, never between the two drops. A player who cannot make a first drop must draw if the stock has a card; if they then drop, they may still make a second drop (no further draw). Each drop is judged against the pile's current top, so both drops may go on the same pile."},
	{ID: "A13", Title: "When the stock is empty", Text: "A player who cannot make their first drop, or has no legal pick at their picking turn (also right after their draw took the last card), ends the game (A10): passing applies only while the stock has cards. Choosing not to pick never ends the game, nor does an impossible second drop. The end is checked only for the player due to drop or pick."},
	{ID: "A14", Title: "Switch, picks and pairs", Text: "The switch exchanges whole hands of any size; pairs laid aside stay with their owner. Any of the three piles may be picked, whoever dropped on it. In their pairing step a player lays aside the same-rank pairs they name, from any cards in their hand. A 10 is wild for dropping and picking only: a pair is always two cards of one rank."},
}

// class is a card's class for dropping and picking (A2).
type class int

const (
	number class = iota
	face
	ace
	wild // the 10
)

func classOf(c cards.Card) class {
	switch {
	case c.Rank == 10:
		return wild
	case c.Rank == cards.Ace:
		return ace
	case c.Rank >= cards.Jack:
		return face
	}
	return number
}

func red(c cards.Card) bool { return c.Suit == cards.Hearts || c.Suit == cards.Diamonds }

// fits reports whether c may go onto a pile topped by top (A3), which is also whether c may be
// traded for that pile (A4): the two rulings allow the same cards. The same rank always fits,
// and a 10 fits either way; otherwise the colours must match, and then a face fits a face or
// an ace, a number a number or an ace, and an ace any card.
func fits(c, top cards.Card) bool {
	switch {
	case c.Rank == top.Rank, classOf(c) == wild, classOf(top) == wild:
		return true
	case red(c) != red(top):
		return false
	}
	switch classOf(c) {
	case face:
		return classOf(top) == face || classOf(top) == ace
	case number:
		return classOf(top) == number || classOf(top) == ace
	}
	return true // an ace
}
