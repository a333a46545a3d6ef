package pinochle

import (
	"strconv"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
)

// Event types of Pinochle's moves. They are stored: never rename one.
const (
	TypeBid   = "pinochle.bid"   // {"points":12}
	TypePass  = "pinochle.pass"  // {}
	TypeTrump = "pinochle.trump" // {"suit":"H"}
	TypeMeld  = "pinochle.meld"  // {"cards":[…]}, empty when the player shows none
	TypePlay  = "pinochle.play"  // {"card":"AS"}
	TypeHand  = "pinochle.hand"  // {"cards":[…]}: the player's whole hand, shown
)

// HandSize is the number of cards each player holds (P2); Tricks the tricks of a hand.
const (
	HandSize = 12
	Tricks   = 12
)

// Rules is two-hand auction Pinochle's rulebook.
type Rules struct{}

// Kind implements referee.Rules.
func (Rules) Kind() string { return "pinochle" }

// Name implements referee.Rules.
func (Rules) Name() string { return "Pinochle" }

// Ruleset implements referee.Rules.
func (Rules) Ruleset() string { return "pinochle/1" }

// Players implements referee.Rules: two-hand Pinochle is for two.
func (Rules) Players() (int, int) { return 2, 2 }

// Seating implements referee.Rules: the first hand's opener (P3), or its dealer, since the
// non-dealer opens.
func (Rules) Seating() referee.Seating { return referee.Seating{Dealer: true, Opener: true} }

// Options implements referee.Rules.
func (Rules) Options() []referee.Option {
	return []referee.Option{
		{Name: "deal", Values: []string{"automatic", "selection"}, Rule: "P2"},
		{Name: "opening", Values: []string{"10"}, Rule: "P3", Numeric: true},
		{Name: "limit", Values: []string{"100"}, Rule: "P13", Numeric: true},
	}
}

// Rulings implements referee.Rules: P1–P14 as RULINGS.md words them.
func (Rules) Rulings() []referee.Ruling { return rulings }

// IsWord implements referee.Rules.
func (Rules) IsWord(name string) bool { return isWord(name) }

// Grammar implements referee.Rules.
func (Rules) Grammar() []string {
	return []string{
		"[PLAYER] bid N            a bid of N points (or just N for the player to act)",
		"[PLAYER] pass             a pass; the first pass ends the auction",
		"[PLAYER] trump SUIT       the bid winner names trump (trump H, trump ♥)",
		"PLAYER meld CARD…|none    the cards a player shows as meld (ann meld KH QH 9H)",
		"[PLAYER] play CARD        a card played to the trick (or just the card: AS, 10♥)",
		"PLAYER hand CARD×12       the player's whole hand, shown (checked against everything)",
		"aliases: b = bid, p = pass, t = trump, m = meld; cards 9 J Q K 10 A (T = 10) × S H D C",
	}
}

// New implements referee.Rules.
func (Rules) New(setup events.Created) (referee.Game, error) {
	return newGame(setup)
}

func newGame(setup events.Created) (*game, error) {
	if setup.Kind != "pinochle" {
		return nil, referee.SetupErrorf(referee.FieldKind, "kind %q is not pinochle", setup.Kind)
	}
	if err := referee.CheckPlayers(setup.Players, 2, 2, isWord); err != nil {
		return nil, err
	}
	g := &game{players: [2]string{setup.Players[0], setup.Players[1]}}
	// The first hand's opener is named (P3); naming the dealer names the other player.
	dealer, opener := referee.PlayerIndex(g.players[:], setup.Dealer), referee.PlayerIndex(g.players[:], setup.Opener)
	switch {
	case setup.Dealer == "" && setup.Opener == "":
		return nil, referee.SetupErrorf(referee.FieldOpener, "name the first opener (P3)")
	case setup.Opener != "" && opener < 0:
		return nil, referee.SetupErrorf(referee.FieldOpener, "opener %q is not a player", setup.Opener)
	case setup.Dealer != "" && dealer < 0:
		return nil, referee.SetupErrorf(referee.FieldDealer, "dealer %q is not a player", setup.Dealer)
	case setup.Dealer != "" && setup.Opener != "" && dealer == opener:
		return nil, referee.SetupErrorf(referee.FieldDealer, "the non-dealer opens, so %s cannot both deal and open", setup.Dealer)
	case opener >= 0:
		g.firstOpener = opener
	default:
		g.firstOpener = 1 - dealer
	}
	opts, err := referee.CheckOptions(Rules{}.Options(), setup.Options)
	if err != nil {
		return nil, err
	}
	g.opening, _ = strconv.Atoi(opts["opening"])
	g.limit, _ = strconv.Atoi(opts["limit"])
	g.deal = opts["deal"]
	g.startHand()
	return g, nil
}

var rulings = []referee.Ruling{
	{ID: "P1", Title: "Deck", Text: "48 cards: 9 J Q K 10 A, two of each, four suits. Order low to high: 9 J Q K 10 A. (The text's \"a 3 in the trump suit\" is a slip: it only means any trump beats any non-trump.)"},
	{ID: "P2", Title: "Deal", Text: "Option deal=automatic|selection. Automatic: 24 cards dealt one at a time alternately, the other 24 unused. Selection: players alternate; each turn a player sees the top card and keeps it (the next is discarded unseen) or discards it (and must keep the next), until both hold 12. Only 24 cards are ever in play: no card of the 48 can appear more than twice."},
	{ID: "P3", Title: "Bidding", Text: "Option opening=10, raise by at least 1. The opener alternates hand by hand; the first hand's opener is named when the game is created. If the opener passes at once, the opponent owns the bid at the opening value. Otherwise bids alternate, each strictly higher; the first pass ends the auction."},
	{ID: "P4", Title: "Trump", Text: "The bid winner names trump. It must be a suit in which they hold a marriage (K+Q) or a 9. If they hold none, they are set (−bid, meld forfeited) and the hand is still played for the opponent's sake."},
	{ID: "P5", Title: "Meld classes", Text: "A: runs, marriages, the 9 of trump (deece). B: pinochles. C: arounds (aces, kings, queens, jacks). A card counts at most once in each class and may count in several."},
	{ID: "P6", Title: "Meld values", Text: "Run (A 10 K Q J of trump) 15; double run 150; royal marriage (trump K Q) 4; marriage 2; each 9 of trump 1; pinochle (Q♠ J♦) 4; double pinochle 30; aces/kings/queens/jacks around 10/8/6/4; double around 100/80/60/40. Doubles replace singles (two pinochles = 30, not 38)."},
	{ID: "P7", Title: "Run and marriage", Text: "The K and Q inside a run are not also a royal marriage; a second trump K+Q adds 4 (run + royal = 19). A double run is 150 in all."},
	{ID: "P8", Title: "Round robin", Text: "A marriage in each suit = 24 is exactly kings around 8 + queens around 6 + three marriages 6 + royal marriage 4. It is a label for those parts, never added on top; shown in the breakdown as one line."},
	{ID: "P9", Title: "Meld is shown", Text: "After trump is named both players show their meld cards; the score counts only meld that was shown. Shown cards are then known to be in that hand."},
	{ID: "P10", Title: "Play", Text: "The bid winner leads the first trick; the winner of a trick leads the next. Follow suit if you can; otherwise play anything. No duty to trump or to win the trick. Of two identical cards the first played wins."},
	{ID: "P11", Title: "Count", Text: "Each A, 10 and K taken in tricks is 1 point. No last-trick bonus."},
	{ID: "P12", Title: "Hand score", Text: "A player who took no trick scores 0. The bidder scores meld + count if that reaches the bid, else −bid (meld and count forfeited). The other player scores meld + count."},
	{ID: "P13", Title: "Game", Text: "Option limit=100. After each hand: a player whose total is above the limit wins; if both are, the higher total wins; if equal, the bidder of that hand wins. Totals may go negative."},
	{ID: "P14", Title: "What the referee can know", Text: "There are no draws after the deal, so every card a player plays or shows was in their hand from the start. When a player later plays a card of a suit they failed to follow earlier, the earlier play was a revoke: the referee flags that earlier play (not the later one) and says which later event revealed it. Likewise a trump named without a marriage or 9 is flagged when the hand comes to light, and shown meld must be played later."},
}
