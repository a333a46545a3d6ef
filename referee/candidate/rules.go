package candidate

import (
	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
)

// Event types of Candidate's moves. They are stored: never rename one.
const (
	TypeSeat   = "candidate.seat"   // the table starts a seat: {"suit":"H"}
	TypeReveal = "candidate.reveal" // the table turns up a candidate: {"card":"7H"}
	TypeBid    = "candidate.bid"    // a player bids a faction card: {"card":"9H"}
	TypePass   = "candidate.pass"   // a player passes: {}
	TypeHand   = "candidate.hand"   // a player shows their five faction cards of the seat
	TypeLeft   = "candidate.left"   // a player shows the faction cards they had left at the seat's end
)

// Seats is the number of seats in a game (C5); Candidates the candidates of one seat; Faction
// the faction cards each player gets a seat.
const (
	Seats      = 12
	Candidates = 3
	Faction    = 5
)

// Rules is Candidate's rulebook.
type Rules struct{}

// Kind implements referee.Rules.
func (Rules) Kind() string { return "candidate" }

// Name implements referee.Rules.
func (Rules) Name() string { return "Candidate" }

// Ruleset implements referee.Rules.
func (Rules) Ruleset() string { return "candidate/1" }

// Players implements referee.Rules: Candidate is for two.
func (Rules) Players() (int, int) { return 2, 2 }

// Seating implements referee.Rules: the first dealer or the first opener, since the non-dealer
// opens (C6).
func (Rules) Seating() referee.Seating { return referee.Seating{Dealer: true, Opener: true} }

// Options implements referee.Rules.
func (Rules) Options() []referee.Option {
	return []referee.Option{
		{Name: "decks", Values: []string{"3", "1"}, Rule: "C5"},
		{Name: "wrap", Values: []string{"on", "off"}, Rule: "C3"},
	}
}

// Rulings implements referee.Rules: C1–C11 as RULINGS.md words them.
func (Rules) Rulings() []referee.Ruling { return rulings }

// IsWord implements referee.Rules.
func (Rules) IsWord(name string) bool { return isWord(name) }

// Grammar implements referee.Rules.
func (Rules) Grammar() []string {
	return []string{
		"seat SUIT                 the table starts a seat of that suit (seat H, seat ♥)",
		"reveal CARD               the table turns up the next candidate (reveal 7H)",
		"[PLAYER] bid CARD|RANK    a bid; rank alone means the seat's suit (ann bid 9H, bid 9)",
		"[PLAYER] pass             ends the auction; the high bidder captures the candidate",
		"PLAYER hand CARD×5        the player shows their faction cards of this seat (checked, C10)",
		"PLAYER left CARD…         the faction cards they had left at the end of the seat (C10)",
		"aliases: b = bid, p = pass, r = reveal, s = seat; a move without PLAYER is made by the player to act",
	}
}

// New implements referee.Rules.
func (r Rules) New(setup events.Created) (referee.Game, error) {
	return newGame(setup)
}

func newGame(setup events.Created) (*game, error) {
	if setup.Kind != "candidate" {
		return nil, referee.SetupErrorf(referee.FieldKind, "kind %q is not candidate", setup.Kind)
	}
	if err := referee.CheckPlayers(setup.Players, 2, 2, isWord); err != nil {
		return nil, err
	}
	g := &game{players: [2]string{setup.Players[0], setup.Players[1]}, ranOut: referee.Nobody}
	// The non-dealer opens the first candidate (C6), so naming either names both.
	dealer, opener := referee.PlayerIndex(g.players[:], setup.Dealer), referee.PlayerIndex(g.players[:], setup.Opener)
	switch {
	case setup.Dealer == "" && setup.Opener == "":
		return nil, referee.SetupErrorf(referee.FieldDealer, "name the dealer (C6)")
	case setup.Dealer != "" && dealer < 0:
		return nil, referee.SetupErrorf(referee.FieldDealer, "dealer %q is not a player", setup.Dealer)
	case setup.Opener != "" && opener < 0:
		return nil, referee.SetupErrorf(referee.FieldOpener, "opener %q is not a player", setup.Opener)
	case setup.Dealer != "" && setup.Opener != "" && dealer == opener:
		return nil, referee.SetupErrorf(referee.FieldDealer, "the non-dealer opens (C6), so %s cannot both deal and open", setup.Dealer)
	case dealer >= 0:
		g.opener = 1 - dealer
	default:
		g.opener = opener
	}
	opts, err := referee.CheckOptions(Rules{}.Options(), setup.Options)
	if err != nil {
		return nil, err
	}
	g.oneDeck = opts["decks"] == "1"
	g.wrap = opts["wrap"] == "on"
	return g, nil
}

var rulings = []referee.Ruling{
	{ID: "C1", Title: "Groups", Text: "Captured candidates are split into groups: a single (its value), two in sequence (×2), three in sequence (×3), three of a kind (×2), four of a kind (×3). Values: 2–10 are 1, J Q K A are 2. A run of four or more is not a group: it must be split. Two of a kind is not a group. Each card belongs to exactly one group."},
	{ID: "C2", Title: "Best split", Text: "A player's influence is the maximum over all splits, searched exactly. J Q K A = 20 (Q-K-A ×3 = 18, plus J = 2), not 24 and not 16."},
	{ID: "C3", Title: "Ace and wrap", Text: "A is next to both 2 and K, so A-2-3 and Q-K-A are runs. K-A-2 is a run too (ranks are circular). Option wrap=on|off; with off, K-A-2 is not a run. K A 2 scores 15 with wrap on, 9 with wrap off."},
	{ID: "C4", Title: "Scope", Text: "Each player's captures from all twelve seats are pooled and scored once, at the end. The score sheet still shows each seat's captures and a running influence so far."},
	{ID: "C5", Title: "Seats and decks", Text: "A seat is one full suit pile (13 cards): 5 faction cards to each player, 3 candidates face down. Option decks=3|1. With three decks there are 12 piles, three of each suit. With one deck there are 4 piles, rebuilt after seats 4 and 8, so each block of seats 1–4, 5–8, 9–12 uses each suit exactly once. Either way each suit is used exactly three times."},
	{ID: "C6", Title: "Dealer and openers", Text: "The first dealer is named when the game is created. The non-dealer opens the first candidate of seat 1. From then on the winner of the previous candidate opens the next one, across seat boundaries too; a candidate won by transfer (C9) counts as a win."},
	{ID: "C7", Title: "Bids", Text: "A bid is one faction card of the seat's suit, from the bidder's hand. Each bid must be strictly higher than the high bid (2 low … K, A high). Players alternate; the first pass ends the auction and the high bidder captures the candidate. The opener must bid if they hold a faction card: passing is not an opening move."},
	{ID: "C8", Title: "Spent cards", Text: "Every bid card is spent, the loser's too. A card can be bid once. Faction cards left in a hand at the end of a seat are discarded."},
	{ID: "C9", Title: "Running out", Text: "When a player lays their last faction card, the current auction still resolves normally. Then every remaining candidate of the seat goes to their opponent at no cost. Bids alternate one card at a time, so one player always runs out first and forfeits, even if the opponent runs out in the same auction. A player with no faction cards when a candidate is turned up loses it to the opponent."},
	{ID: "C10", Title: "What the referee can know", Text: "Faction hands are hidden; bids, revealed candidates and captures are public. Within a seat the 13 ranks are all different, so: a bid card must be of the seat's suit, not bid before in this seat, not a revealed candidate of this seat; a player bids at most 5 cards a seat; a revealed candidate must not be a card already bid in this seat. If a hand or the discarded leftovers are entered later, the referee checks them against all of that."},
	{ID: "C11", Title: "Tie", Text: "Equal influence is a draw."},
}
