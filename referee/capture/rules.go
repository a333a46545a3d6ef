package capture

import (
	"github.com/tableside/tableside/cards/ucd"
	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
)

// Event types of Capture's moves. They are stored: never rename one.
const (
	TypeUp      = "capture.up"      // the table turns the up-card: {"card":"3N"}
	TypeBid     = "capture.bid"     // a bid for the extra hand: {"points":2}
	TypePass    = "capture.pass"    // a pass in the auction, or of the lead: {}
	TypePlay    = "capture.play"    // a lead, a play or a card added after the close: {"card":"3N"}
	TypeNoPlay  = "capture.noplay"  // No Play: {}
	TypeCapture = "capture.capture" // the last player adds no more and captures the round: {}
	TypeLeft    = "capture.left"    // a player's cards left at the end of a hand: {"cards":["5V"]}
)

// Hands is the number of hands in a game (U10).
const Hands = 6

// Rules is Capture's rulebook.
type Rules struct{}

// Kind implements referee.Rules.
func (Rules) Kind() string { return "capture" }

// Name implements referee.Rules.
func (Rules) Name() string { return "Capture" }

// Ruleset implements referee.Rules.
func (Rules) Ruleset() string { return "capture/1" }

// Players implements referee.Rules: Capture is for two to six.
func (Rules) Players() (int, int) { return ucd.MinPlayers, ucd.MaxPlayers }

// Seating implements referee.Rules: the dealer, whose left-hand neighbour leads first (U3).
func (Rules) Seating() referee.Seating { return referee.Seating{Dealer: true} }

// Options implements referee.Rules: the No Play rule and the three advanced options.
func (Rules) Options() []referee.Option {
	return []referee.Option{
		{Name: "noplay", Values: []string{"closes", "passes"}, Rule: "U7"},
		{Name: "bonus", Values: []string{"off", "fixed", "follows"}, Rule: "U11"},
		{Name: "extra", Values: []string{"off", "on"}, Rule: "U12"},
		{Name: "halving", Values: []string{"off", "on"}, Rule: "U13"},
	}
}

// Rulings implements referee.Rules: U1–U23 as RULINGS.md words them.
func (Rules) Rulings() []referee.Ruling { return rulings }

// IsWord implements referee.Rules.
func (Rules) IsWord(name string) bool { return isWord(name) }

// Grammar implements referee.Rules.
func (Rules) Grammar() []string {
	return []string{
		"up CARD                    the table turns the up-card (a Galaxy goes to the bottom: enter the next; U3, U8, U23)",
		"[PLAYER] bid N | pass       the extra-hand auction (extra=on), from the dealer's left",
		"[PLAYER] [play] CARD        a lead, a play, or a card added after the round closes",
		"[PLAYER] pass               pass the lead (no card that may lead)",
		"[PLAYER] noplay             No Play (also: np)",
		"[PLAYER] capture            the last player adds no more and captures the round (also: take)",
		"PLAYER left CARD… | none    the cards a player holds when the hand ends",
		"cards: rank then suit — 1…7, Mo (Moon), Su (Sun), G (Galaxy); E J M N S V: 3N, MoS, SuE, GV, or written out as hints write them: 3 Mars, Moon of Saturn",
		"a move without PLAYER is made by the player to act; turns, captures, up-cards taken and going out are worked out",
	}
}

// New implements referee.Rules.
func (Rules) New(setup events.Created) (referee.Game, error) {
	return newGame(setup)
}

func newGame(setup events.Created) (*game, error) {
	if setup.Kind != "capture" {
		return nil, referee.SetupErrorf(referee.FieldKind, "kind %q is not capture", setup.Kind)
	}
	if err := referee.CheckPlayers(setup.Players, ucd.MinPlayers, ucd.MaxPlayers, isWord); err != nil {
		return nil, err
	}
	opts, err := referee.CheckOptions(Rules{}.Options(), setup.Options)
	if err != nil {
		return nil, err
	}
	n := len(setup.Players)
	if opts["extra"] == "on" && n == ucd.MaxPlayers {
		return nil, referee.SetupErrorf(referee.FieldOptions, "the extra hand is for 2 to 5 players (U12)")
	}
	g := &game{players: setup.Players, passes: opts["noplay"] == "passes", bonus: opts["bonus"],
		extra: opts["extra"] == "on", halving: opts["halving"] == "on"}
	g.dealer = referee.PlayerIndex(setup.Players, setup.Dealer)
	switch {
	case setup.Dealer == "":
		return nil, referee.SetupErrorf(referee.FieldDealer, "name the dealer (U3: the player to the dealer's left leads first)")
	case g.dealer < 0:
		return nil, referee.SetupErrorf(referee.FieldDealer, "dealer %q is not a player", setup.Dealer)
	}
	g.size = 9
	if n <= 3 {
		g.size = 13
	}
	g.totals = make([]int, n)
	g.adjusted = make([]int, n)
	g.deal()
	return g, nil
}

var rulings = []referee.Ruling{
	{ID: "U1", Title: "Deck", Text: "Six suits, high to low: E (Earth), J (Jupiter), M (Mars) — the Primary suits — and N (Neptune), S (Saturn), V (Venus) — the Secondary suits. Ranks Sun, Moon, 7 … 1: 54 cards. Plus one Galaxy card per suit, ranked by its suit and above every regular card."},
	{ID: "U2", Title: "Galaxy cards in play", Text: "As many as players, the lowest first: 2 players V and S; 3 add N; 4 add M; 5 add J; 6 add E."},
	{ID: "U3", Title: "Deal", Text: "13 cards each for 2–3 players, 9 for 4–6. The top card of the rest is the up-card; a Galaxy turned up goes to the bottom and the next card is turned. Deal rotates left; the player left of the dealer leads first."},
	{ID: "U4", Title: "Leading", Text: "Every lead is a regular Secondary card (N, S or V). A player without one passes the lead to the left; if nobody has one, the first who passed leads any regular Primary card. Never lead a Galaxy. If nobody holds a regular card the hand ends."},
	{ID: "U5", Title: "Following", Text: "Each play must be the same number or name (Sun, Moon) as the lead and of a higher suit than the last card played, or a Galaxy that outranks the last card played. After a Galaxy only a higher Galaxy can follow."},
	{ID: "U6", Title: "Must play", Text: "A player holding a legal regular card must play. A Galaxy is always optional: a player whose only legal cards are Galaxies may say No Play."},
	{ID: "U7", Title: "No Play", Text: "Option noplay=closes|passes. With closes, the first No Play closes the round: the player who played last may add more cards of that number/name in rising suit order, then captures every card of the round. With passes, play goes on around the table and the round closes when everyone else in turn has said No Play."},
	{ID: "U8", Title: "Up-card", Text: "When the round's number/name equals the up-card's, its capturer also takes the up-card and the next card is turned (a Galaxy goes to the bottom; with no regular card left there is no up-card)."},
	{ID: "U9", Title: "Going out", Text: "When a player plays their last card the round still runs to its capture, then the hand ends."},
	{ID: "U10", Title: "Hand score", Text: "Cards captured (1 each) minus cards left in hand (1 each). A game is six hands; highest total wins; ties are shared."},
	{ID: "U11", Title: "Bonus suit", Text: "Option bonus=off|fixed|follows. The first up-card's suit doubles every card of that suit, captured or left in hand (follows: the suit of the up-card at the end of the hand). Galaxy cards are never bonus cards."},
	{ID: "U12", Title: "Extra hand", Text: "Option extra=off|on, 2–5 players. One more hand is dealt face down. After the up-card is turned, players bid for it from the dealer's left: integers from 1, a pass is final, the auction ends when the high bid has gone round unchallenged. The winner sets their own hand aside (out of play) and takes the extra hand; the bid is deducted from their hand score unless they went out first."},
	{ID: "U13", Title: "Halving", Text: "Option halving=off|on. After a hand is scored, a game total of exactly 60, 80 or 100 (2–3 players) or 30, 40 or 50 (4–5 players) is halved. No halving with 6 players."},
	{ID: "U14", Title: "What the referee can know", Text: "Hands are fixed after the deal (the extra hand aside), so a No Play or a passed lead followed later by a card that would have been legal then is flagged retroactively, on the earlier event."},
	{ID: "U15", Title: "Turns in a round", Text: "After a lead, play goes to the left. A player with no cards left says No Play when their turn comes. Under passes a No Play only skips that turn: the player may still play later in the same round."},
	{ID: "U16", Title: "Adding", Text: "In both options, when the round closes the player who played last may add regular cards of the round's number/name, each of a higher suit than the last card played (Galaxies cannot be added); then they capture the round and lead the next."},
	{ID: "U17", Title: "A lead nobody can make", Text: "If the first passer holds no regular card, the next player to their left who holds one leads any regular card."},
	{ID: "U18", Title: "Going out and up-cards", Text: "The player who went out is the first to play their last card. A capture takes at most one up-card. When only Galaxies remain in the stack there is no up-card for the rest of the hand."},
	{ID: "U19", Title: "Bonus without an up-card", Text: "With follows and no up-card showing at the end of the hand, the last up-card shown decides; with no up-card turned in the whole hand there is no bonus suit."},
	{ID: "U20", Title: "Auction and set-aside cards", Text: "The first bid is any integer from 1; each later bid must exceed the high bid; there is no maximum. Cards set aside (the winner's old hand, an unclaimed extra hand) are out of play and score nothing. A hand that ends with nobody out is scored as usual, bid deducted."},
	{ID: "U21", Title: "Halving, exactly", Text: "Only the exact listed positive totals are halved, at most once per hand, after every hand including the sixth, before the winner is decided (totals as L5)."},
	{ID: "U22", Title: "Flags change no score", Text: "A flag (U14 or any other) does not change a hand score by itself; the table settles it with a ruling or an adjustment."},
	{ID: "U23", Title: "The last capture of a hand and the up-card", Text: "U8 holds for every capture, the one that ends the hand included: when it takes the up-card, the next card of the stack is turned and becomes the up-card (the table enters it). With bonus=follows that card's suit is the bonus suit of the hand (U11: the up-card at the end of the hand). U19 applies only when no regular card is left to turn. With bonus=off or fixed the card changes nothing, and the table need not enter it."},
}

// inPlay reports whether a Galaxy of suit s is in the deck for n players (U2: the lowest
// suits first, as many as players).
func inPlay(c ucd.Card, n int) bool { return c.IsRegular() || c.IsGalaxy() && int(c.Suit) <= n }

// thresholds are the totals halved after a hand (U13, U21), by the number of players.
func thresholds(n int) []int {
	switch {
	case n <= 3:
		return []int{60, 80, 100}
	case n <= 5:
		return []int{30, 40, 50}
	}
	return nil
}
