// Package ucd is the Universal Card Deck played in Capture (rules/004, rulings U1–U2): six
// suits and nine ranks of regular cards, plus one Galaxy card per suit, and the notation the
// referee and scorers share to type, store and show them.
//
// # The deck
//
// Suits, high to low: E Earth, J Jupiter, M Mars (the Primary suits), N Neptune, S Saturn,
// V Venus (the Secondary suits). Ranks, low to high: 1 2 3 4 5 6 7 Moon Sun — 54 regular
// cards. Each suit also has a Galaxy card, above every regular card; Galaxies rank by suit.
// Only as many Galaxies as players are in play, the lowest first: 2 players GV GS, 3 add GN,
// 4 GM, 5 GJ, 6 GE (see Galaxies and Deck).
//
// # What you type
//
// A card is its rank, then its suit, in any case, with or without a space between them;
// spaces around it are ignored.
//
//	rank   1 2 3 4 5 6 7    Mo or Moon    Su or Sun    G or Galaxy
//	suit   E J M N S V, or the names Earth Jupiter Mars Neptune Saturn Venus
//
// So 3N, 3n, "3 N", 7E, 1v; MoS, mos, moonS, "Moon S"; SuE, sunE, "sun e"; GV, gv,
// galaxyV, "Galaxy V". The rank and suit may also be joined by "of" between spaces, and
// the suit may be written out: "Moon of Saturn", "3 Neptune", "Galaxy Venus" — which is
// how Pretty writes a card, so everything the program shows can be typed back. A line typed
// at the table is split at its spaces, so ParseFirst reads a card from the words it begins
// with, in one, two or three words ("3N", "3 Mars", "Moon of Saturn"), the longest reading
// first: "sun earth" is the Sun of Earth (a suit alone is never a card, so no other reading
// exists).
//
// The rank always comes first. Suit first ("N3", "SMo", "VG", "Neptune 3") is refused, with
// a message giving the card the other way round ("write the rank first: 3N").
//
// # What is stored
//
// One canonical form (Card.String, and JSON, which uses it): the rank as 1…7, Mo, Su or G,
// then the suit letter, capitalised as here — 3N, 7E, MoS, SuE, GV. Parse reads every
// stored form back to the same card.
//
// # What is shown
//
// Card.Pretty, for sheets and messages: "3 Neptune", "Moon of Saturn", "Sun of Earth",
// "Galaxy Venus". Suit.Name gives the suit's name, Suit.String its letter.
//
// # One reading only
//
// M is the suit Mars and never a rank: the Moon is always written Mo or Moon. So MoM is the
// Moon of Mars (as are MoonM, "Mo M" and "Moon of Mars"), while MM and MS are refused with
// a message that M alone is Mars and the Moon is Mo; M3 is refused as suit first ("write
// the rank first: 3M"). Likewise S is only Saturn: the Sun is Su or Sun, so SuS is the Sun
// of Saturn and SS is refused. G is only Galaxy: no suit or rank is written G, so GM is the
// Galaxy of Mars and GG is refused. Numbers are 1 to 7 only: 0N, 8E and 10N are refused
// (nothing is written 10, so "10N" is never 1 then a suit "0N").
//
// The compact form is read one way only. Where one rank spelling extends another (Mo/Moon,
// Su/Sun, G/Galaxy) the extra letters ("on", "n", "alaxy") would have to begin a suit
// spelling whose remainder is again a suit spelling; "on" and "alaxy" begin no suit, and
// after "n" the rest of N or Neptune ("", "eptune") is no suit. One case needs saying out
// loud: "sun" on its own (SuN in canonical form, "Sun" as you might type it) is the Sun of
// Neptune, Su then N. The word Sun alone is not a card, so this is the only card it can
// be; but a bare "Sun" meant as a rank is not refused, it is the Sun of Neptune. By
// contrast "Moon", "Galaxy", "Mo", "Su", "G" and "3" alone have no suit and are refused,
// and so are the suits alone ("E", "Mars"). Parse also refuses, rather than guesses, any
// word it could read as two different cards; the tests check that none exists.
//
// Only ASCII letters fold case, so no other character (the Kelvin sign K, the long ſ) can
// pass for a notation letter.
//
// # Comparing
//
// Suit and Rank values rise with their rank, so s > t and r > q compare them (Above says it
// in words). Compare and Card.Outranks order whole cards: Galaxies above every regular card
// and by suit among themselves; regular cards by suit, then by rank (the order of the cut
// for deal). In play the rules compare regular cards only within one number or name, where
// the suit decides; the game, not this package, checks the number or name.
package ucd
