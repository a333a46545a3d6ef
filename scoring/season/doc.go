// Package season is a club's statistics over the games of a season, handed to it one at a
// time: each player's results, head to head, the flags they drew, and ratings (Glicko-2 for the
// kinds two play, Weng–Lin for the others). It keeps figures a player, never a game, so a walk
// of any file needs the same memory; it does no I/O and gives the same report for the same games.
package season
