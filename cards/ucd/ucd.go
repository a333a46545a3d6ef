package ucd

import (
	"errors"
	"fmt"
)

// Suit is one of the six suits. The values rise with the suits' rank (Venus lowest, Earth
// highest), so s > t means s is the higher suit; the zero Suit is not a suit.
type Suit int8

// The suits, lowest first (U1: E > J > M > N > S > V).
const (
	Venus   Suit = iota + 1 // V, Secondary, lowest suit
	Saturn                  // S, Secondary
	Neptune                 // N, Secondary
	Mars                    // M, Primary
	Jupiter                 // J, Primary
	Earth                   // E, Primary, highest suit
)

// Suits lists the six suits from high to low, as the rules print them: E J M N S V.
var Suits = [6]Suit{Earth, Jupiter, Mars, Neptune, Saturn, Venus}

// Valid reports whether s is one of the six suits.
func (s Suit) Valid() bool { return s >= Venus && s <= Earth }

// Primary reports whether s is a Primary suit: Earth, Jupiter or Mars.
func (s Suit) Primary() bool { return s >= Mars && s <= Earth }

// Secondary reports whether s is a Secondary suit: Neptune, Saturn or Venus (the suits of a lead, U4).
func (s Suit) Secondary() bool { return s >= Venus && s <= Neptune }

// Above reports whether s is a higher suit than t (Earth is above every other suit).
func (s Suit) Above(t Suit) bool { return s.Valid() && t.Valid() && s > t }

// String is the stored letter: E, J, M, N, S or V.
func (s Suit) String() string {
	if s.Valid() {
		return string(" VSNMJE"[s])
	}
	return fmt.Sprintf("Suit(%d)", int(s))
}

// Name is the suit's full name: Earth, Jupiter, Mars, Neptune, Saturn or Venus.
func (s Suit) Name() string {
	if s.Valid() {
		return [...]string{"", "Venus", "Saturn", "Neptune", "Mars", "Jupiter", "Earth"}[s]
	}
	return s.String()
}

// Rank is a card's rank. The nine regular ranks are the numbers 1…7 (their own values), then
// Moon (8) and Sun (9); Galaxy (10) stands for the Galaxy cards, which the rules rank above
// every regular card ("Galaxy (high), Sun, Moon, 7 … 1"). Galaxy is not a number or name
// that a round can be played in (U5): Regular tells the two apart. The values rise with the
// rank, so r > q means r is the higher rank; the zero Rank is not a rank.
type Rank int8

// The named ranks.
const (
	Moon   Rank = 8
	Sun    Rank = 9
	Galaxy Rank = 10
)

// MinRank and MaxRank bound the regular ranks (1 … Sun); Galaxy is above them.
const (
	MinRank Rank = 1
	MaxRank Rank = Sun
)

// Ranks lists the nine regular ranks from low to high: 1 … 7, Moon, Sun.
var Ranks = [9]Rank{1, 2, 3, 4, 5, 6, 7, Moon, Sun}

// Valid reports whether r is a regular rank or Galaxy.
func (r Rank) Valid() bool { return r >= MinRank && r <= Galaxy }

// Regular reports whether r is one of the nine regular ranks (a number or name), not Galaxy.
func (r Rank) Regular() bool { return r >= MinRank && r <= MaxRank }

// Above reports whether r is a higher rank than q: Sun > Moon > 7 > … > 1, and Galaxy above all.
func (r Rank) Above(q Rank) bool { return r.Valid() && q.Valid() && r > q }

// String is the stored notation: "1" … "7", "Mo", "Su", or "G" for Galaxy.
func (r Rank) String() string {
	switch {
	case r == Moon:
		return "Mo"
	case r == Sun:
		return "Su"
	case r == Galaxy:
		return "G"
	case r.Valid():
		return string(rune('0' + r))
	}
	return fmt.Sprintf("Rank(%d)", int(r))
}

// Name is the rank as a player says it: "1" … "7", "Moon", "Sun" or "Galaxy".
func (r Rank) Name() string {
	switch r {
	case Moon:
		return "Moon"
	case Sun:
		return "Sun"
	case Galaxy:
		return "Galaxy"
	}
	return r.String()
}

// Card is one card of the Universal Card Deck: a regular card (Rank 1 … Sun and a Suit) or
// the Galaxy card of a suit (Rank Galaxy). Every pair of a valid Rank and a valid Suit is a
// real card (9×6 regular + 6 Galaxies = 60), so Valid is the whole check; the zero Card is
// not valid.
type Card struct {
	Rank Rank
	Suit Suit
}

// GalaxyOf is the Galaxy card of suit s.
func GalaxyOf(s Suit) Card { return Card{Galaxy, s} }

// Valid reports whether c is one of the 60 cards.
func (c Card) Valid() bool { return c.Rank.Valid() && c.Suit.Valid() }

// IsGalaxy reports whether c is a Galaxy card.
func (c Card) IsGalaxy() bool { return c.Rank == Galaxy && c.Suit.Valid() }

// IsRegular reports whether c is one of the 54 regular cards.
func (c Card) IsRegular() bool { return c.Rank.Regular() && c.Suit.Valid() }

// Compare orders cards from low to high (negative when a is below b, 0 when equal, positive
// when a is above b), for sorting and for Outranks:
//
//   - a Galaxy is above every regular card, and Galaxies rank by their suit (U1);
//   - regular cards rank by suit first, then by rank — the order of the cut for deal ("high
//     suit deals; on the same suit the card rankings go into effect"). In play the rules only
//     ever compare regular cards of the same number or name, where the suit alone decides.
//
// Compare of an invalid card is not meaningful.
func Compare(a, b Card) int {
	key := func(c Card) int {
		if c.Rank == Galaxy {
			return 100 + int(c.Suit)
		}
		return 10*int(c.Suit) + int(c.Rank)
	}
	return key(a) - key(b)
}

// Outranks reports whether c ranks above o (see Compare). It is what U5 asks of a Galaxy
// ("a Galaxy that outranks the last card played"; after a Galaxy only a higher Galaxy), and
// for a regular card of the round's number or name it is the "higher suit" test. It does
// not check the number or name: 3E outranks 7N, yet cannot follow it.
func (c Card) Outranks(o Card) bool {
	return c.Valid() && o.Valid() && Compare(c, o) > 0
}

// String is the canonical stored form: rank then suit letter, "3N", "MoS", "SuE", "GV".
func (c Card) String() string { return c.Rank.String() + c.Suit.String() }

// Pretty is the form for score sheets and messages: "3 Neptune", "Moon of Saturn",
// "Sun of Earth", "Galaxy Venus". Parse reads it back.
func (c Card) Pretty() string {
	if !c.Valid() {
		return c.String()
	}
	switch c.Rank {
	case Moon, Sun:
		return c.Rank.Name() + " of " + c.Suit.Name()
	}
	return c.Rank.Name() + " " + c.Suit.Name()
}

// MinPlayers and MaxPlayers bound the number of players the deck is made up for.
const (
	MinPlayers = 2
	MaxPlayers = 6
)

// ErrPlayers is returned by Galaxies and Deck for a number of players outside 2–6.
var ErrPlayers = errors.New("the Universal Card Deck is for 2 to 6 players")

// Regular returns the 54 regular cards in a fixed order: suit by suit from high to low
// (Earth, Jupiter, Mars, Neptune, Saturn, Venus), each suit from 1 up to Moon and Sun.
// The slice is new on every call.
func Regular() []Card {
	out := make([]Card, 0, len(Suits)*len(Ranks))
	for _, s := range Suits {
		for _, r := range Ranks {
			out = append(out, Card{r, s})
		}
	}
	return out
}

// galaxyOrder is the order Galaxy cards join the deck (U2), lowest suit first.
var galaxyOrder = [6]Suit{Venus, Saturn, Neptune, Mars, Jupiter, Earth}

// Galaxies returns the Galaxy cards in play for that many players (U2: as many as players,
// the lowest first), in the order they join: 2 players GV GS; 3 add GN; 4 GM; 5 GJ; 6 GE.
// Outside 2–6 it returns nil and an error wrapping ErrPlayers.
func Galaxies(players int) ([]Card, error) {
	if players < MinPlayers || players > MaxPlayers {
		return nil, fmt.Errorf("%d players: %w", players, ErrPlayers)
	}
	out := make([]Card, players)
	for i := range out {
		out[i] = GalaxyOf(galaxyOrder[i])
	}
	return out, nil
}

// Deck returns the deck for that many players: the 54 regular cards (in Regular's order)
// followed by the Galaxies in play (in Galaxies' order), 56 to 60 cards. Outside 2–6 it
// returns nil and an error wrapping ErrPlayers.
func Deck(players int) ([]Card, error) {
	g, err := Galaxies(players)
	if err != nil {
		return nil, err
	}
	return append(Regular(), g...), nil
}
