// Package season is a club's statistics over the games of a season, handed to it one at a
// time: each player's results, head to head, the flags they drew, and ratings (Glicko-2 for the
// kinds two play, Weng–Lin for the others). It rates the games in the order they were played,
// whatever the order they are handed over in, so it keeps a little of every game (about a
// hundred bytes) and the rest of its figures a player; it does no I/O and gives the same report
// for the same games.
package season
