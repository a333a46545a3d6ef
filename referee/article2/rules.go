package article2

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
)

// Event types of Article II's moves. They are stored: never rename one.
const (
	// TypePlay is a card played: {"card":"tack","target":"bob"}. Voter ADHD names the card it
	// discards by the event that played it, {"card":"adhd","seq":12}, or by the player it is on
	// and its name, {"card":"adhd","target":"bob","discard":"tack"}; with no card in play it
	// names nothing, {"card":"adhd"}.
	TypePlay = "article2.play"
	// TypeStart is the table naming who starts the phase: {"player":"ann"}.
	TypeStart = "article2.start"
	// TypeDraw is the table recording who won a cut that breaks a tie: {"player":"ann"}.
	TypeDraw = "article2.draw"
)

// HandSize is the cards each player holds and plays in a phase (E4); DeckSize the whole deck
// (E1), enough for four players and both phases.
const (
	HandSize = 7
	DeckSize = 56
)

// Card is one of the fifteen kinds of card in the deck (E1): how many copies the deck holds and
// what one does to the Electability and Affiliation of the player it is played on.
type Card struct {
	// Key is how the card is stored in a move and written in notation: "tack".
	Key          string `json:"key"`
	Name         string `json:"name"`
	Count        int    `json:"count"`
	Electability int    `json:"electability"`
	Affiliation  int    `json:"affiliation"`
}

// kind indexes deck.
type kind int

// adhd is Voter ADHD: it changes no attribute but discards a card in play (E5).
const adhd kind = 14

// deck is the 2008 card list, in the order the rule text gives it.
var deck = [...]Card{
	{"tack", "Tack Center", 8, 4, -3},
	{"toe", "Toe the Line", 8, -3, 5},
	{"steal", "Steal Their Position", 4, 6, -5},
	{"slam", "Slam Your Fellows", 4, 3, -3},
	{"neg", "Targeted by a Negative Ad", 4, -3, 0},
	{"soulja", "Sister Soulja Moment", 2, 7, -7},
	{"gaffe", "Gaffe", 2, -3, -3},
	{"true", "True Blue", 2, 0, 5},
	{"civil", "Civil Debate", 2, 0, 3},
	{"uncivil", "Uncivil Debate", 2, -3, 0},
	{"strange", "Strange Pronouncement", 2, 0, 2},
	{"party", "Party Endorsement", 2, 0, 5},
	{"news", "Newspaper Endorsement", 3, 3, 0},
	{"policy", "Policy Proposal", 3, 0, 3},
	{"adhd", "Voter ADHD", 8, 0, 0},
}

const kinds = len(deck)

// Deck returns the fifteen kinds of card, in the order of the rule text.
func Deck() []Card { return slices.Clone(deck[:]) }

// Rules is Article II's rulebook.
type Rules struct{}

// Kind implements referee.Rules.
func (Rules) Kind() string { return "article2" }

// Name implements referee.Rules.
func (Rules) Name() string { return "Article II" }

// Ruleset implements referee.Rules.
func (Rules) Ruleset() string { return "article2/1" }

// Players implements referee.Rules: two to four (E1 holds enough cards for four).
func (Rules) Players() (int, int) { return 2, 4 }

// Seating implements referee.Rules: no dealer, since the table names who starts each phase as
// a move (E4); two parties of two in the party variant (E8).
func (Rules) Seating() referee.Seating {
	return referee.Seating{Teams: &referee.Teams{Count: 2, Size: 2, Option: "parties", Value: "on"}}
}

// Options implements referee.Rules.
func (Rules) Options() []referee.Option {
	return []referee.Option{{Name: "parties", Values: []string{"off", "on"}, Rule: "E8"}}
}

// Rulings implements referee.Rules: E1–E8 as RULINGS.md words them.
func (Rules) Rulings() []referee.Ruling { return rulings }

// MatchGames implements referee.MatchLength: a party match is four games (E8).
func (Rules) MatchGames(setup events.Created) (int, string) {
	if setup.Options["parties"] == "on" {
		return 4, "E8"
	}
	return 0, ""
}

// IsWord implements referee.Rules.
func (Rules) IsWord(name string) bool { return isWord(name) }

// Grammar implements referee.Rules.
func (Rules) Grammar() []string {
	lines := []string{
		"start PLAYER                    the table names who starts the phase (the Primary, then the General)",
		"[PLAYER] play CARD TARGET       a card played on a player, the player included (ann play tack bob)",
		"[PLAYER] CARD TARGET            the same without the word play (tack bob, by the player to act)",
		"[PLAYER] play adhd SEQ          Voter ADHD discards the card played at event SEQ (adhd 12)",
		"[PLAYER] play adhd TARGET CARD  ... or TARGET's card of that name, if they have one only (adhd bob tack)",
		"[PLAYER] play adhd              ... or nothing, when no card at all is in play",
		"draw PLAYER                     the table records who won the cut that breaks a tie (E6, E7, E8)",
		"CARD: a unique prefix of the card's name, or " + strings.Join(keyWords(), " "),
	}
	lines = append(lines, "the cards (short name, name, copies in the deck, effect):")
	for _, c := range deck {
		lines = append(lines, fmt.Sprintf("  %-8s %-28s ×%d  %s", c.Key, c.Name, c.Count, effect(c)))
	}
	return lines
}

// keyWords lists the short names of the cards for the grammar, "neg|ad" for the Negative Ad.
func keyWords() []string {
	var out []string
	for _, c := range deck {
		w := c.Key
		for _, al := range aliases {
			if deck[al.kind].Key == c.Key {
				w += "|" + al.word
			}
		}
		out = append(out, w)
	}
	return out
}

// New implements referee.Rules.
func (Rules) New(setup events.Created) (referee.Game, error) {
	return newGame(setup)
}

func newGame(setup events.Created) (*game, error) {
	if setup.Kind != "article2" {
		return nil, referee.SetupErrorf(referee.FieldKind, "kind %q is not article2", setup.Kind)
	}
	if err := referee.CheckPlayers(setup.Players, 2, 4, isWord); err != nil {
		return nil, err
	}
	opts, err := referee.CheckOptions(Rules{}.Options(), setup.Options)
	if err != nil {
		return nil, err
	}
	n := len(setup.Players)
	g := &game{
		players:   slices.Clone(setup.Players),
		parties:   opts["parties"] == "on",
		options:   opts,
		match:     setup.Match,
		e:         make([]int, n),
		a:         make([]int, n),
		on:        make([][]*entry, n),
		plays:     map[int64]*entry{},
		president: referee.Nobody,
	}
	for i := range g.phases {
		g.phases[i].played = make([]int, n)
	}
	switch {
	case g.parties && n != 4:
		return nil, referee.SetupErrorf(referee.FieldPlayers, "the party variant (E8) is for four players, not %d", n)
	case g.parties && len(setup.Teams) == 0:
		return nil, referee.SetupErrorf(referee.FieldTeams, "the party variant (E8) needs two parties of two, each with a name")
	case !g.parties && len(setup.Teams) > 0:
		return nil, referee.SetupErrorf(referee.FieldTeams, "parties are for the party variant (E8): set the option parties=on, or leave the teams out")
	case g.parties:
		if err := g.readParties(setup.Teams); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// readParties checks the teams of the party variant (E8): exactly two, of two players each,
// every player in one. Parties are kept in the order of their names, so a replay never depends
// on the order of a map.
func (g *game) readParties(teams map[string][]string) error {
	if len(teams) != 2 {
		return referee.SetupErrorf(referee.FieldTeams, "the party variant (E8) has two parties, not %d", len(teams))
	}
	g.partyOf = []int{referee.Nobody, referee.Nobody, referee.Nobody, referee.Nobody}
	for i, name := range slices.Sorted(maps.Keys(teams)) {
		members := teams[name]
		if strings.TrimSpace(name) == "" {
			return referee.SetupErrorf(referee.FieldTeams, "a party needs a name")
		}
		if len(members) != 2 {
			return referee.SetupErrorf(referee.FieldTeams, "party %s has %d players; each party has two (E8)", name, len(members))
		}
		g.partyNames[i] = name
		for _, m := range members {
			p := referee.PlayerIndex(g.players, m)
			switch {
			case p == referee.Nobody:
				return referee.SetupErrorf(referee.FieldTeams, "%q of party %s is not a player", m, name)
			case g.partyOf[p] != referee.Nobody:
				return referee.SetupErrorf(referee.FieldTeams, "%s is in two parties (%s and %s)", g.players[p], g.partyNames[g.partyOf[p]], name)
			}
			g.partyOf[p] = i
			g.members[i] = append(g.members[i], p)
		}
	}
	for i := range g.members {
		slices.Sort(g.members[i]) // seat order
	}
	return nil
}

var rulings = []referee.Ruling{
	{ID: "E1", Title: "Deck", Text: "The 2008 card list, 56 cards (Tack Center 8, Toe the Line 8, Steal Their Position 4, Slam Your Fellows 4, Targeted by a Negative Ad 4, Sister Soulja Moment 2, Gaffe 2, True Blue 2, Civil Debate 2, Uncivil Debate 2, Strange Pronouncement 2, Party Endorsement 2, Newspaper Endorsement 3, Policy Proposal 3, Voter ADHD 8). One deck for the whole game, no reshuffle: 4 players × 7 cards × 2 phases = 56, so it never runs out. No card type can be played more often than the deck holds it."},
	{ID: "E2", Title: "Start", Text: "Everyone starts at Electability 0, Affiliation 0. Negative values are allowed."},
	{ID: "E3", Title: "Cards stay in play", Text: "A played card stays on its target player; a player's attributes are the sum of the cards in play on them. Cards and attributes carry from the Primary into the General."},
	{ID: "E4", Title: "Turns", Text: "Each phase: seven cards each, a starting player named for the phase, then turns in seating order, one card a turn, no passing, until all hands are empty. A card may target any player, the one who plays it included."},
	{ID: "E5", Title: "Voter ADHD", Text: "Discards one card currently in play on any player (either phase), undoing it. It cannot target hands, the deck, or another ADHD (ADHD is never in play: it is discarded when it resolves). With nothing in play it is spent for nothing."},
	{ID: "E6", Title: "Primary result", Text: "Rank by Electability + Affiliation. The top two are the Candidates, the rest Spoilers. Ties: higher Electability, then a draw recorded as an event (the table cuts)."},
	{ID: "E7", Title: "General result", Text: "Score Electability − Affiliation. The Candidate with the highest total above 0 is President (tie: higher Electability, then a recorded draw). If no Candidate is above 0, the Spoiler with the highest Electability is President (tie: recorded draw). With no Spoiler (two players) there is no President: the game is drawn."},
	{ID: "E8", Title: "Party variant", Text: "Option parties=off|on, four players only. Two parties of two. After the Primary each party's higher E+A player is its Candidate. Points: becoming Candidate +1; President +2 and the President's party-mate +1. A match is four games; most points wins; ties are shared."},
}
