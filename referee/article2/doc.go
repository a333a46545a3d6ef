// Package article2 referees Article II, Nick Simmonds' election game (2008 edition), for two to
// four players under house rulings E1–E8, with the party variant for four.
//
// A game has two phases, the Primary and the General. In each, every player holds seven cards
// from one 56-card deck and plays them one a turn, in seating order from a starting player, on
// any player, the one who plays it included. A card stays in play on its target and moves the
// target's Electability and Affiliation; Voter ADHD discards a card in play. After the Primary, Electability plus
// Affiliation picks the two Candidates (in the party variant, each party's better player);
// after the General, Electability minus Affiliation picks the President.
//
// The table types the starting player of each phase ("start ann"), every card played
// ("ann play tack bob", or just "tack bob" for the player to act) and, when a result is tied
// beyond what Electability settles, who won the cut ("draw bob"). Turns, attributes, roles,
// points and the end of the game are derived. Hands are hidden, so the referee checks what the
// record shows: turn order, the deck's counts of each card (E1), and that Voter ADHD names a
// card that is in play (E5).
package article2
