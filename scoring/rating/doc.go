// Package rating is the arithmetic of the two rating methods the ladder offers. It keeps no state
// and does no I/O; the same games always give the same figures.
//
// Glicko follows Mark Glickman's "Example of the Glicko-2 system" (glicko.net/glicko/glicko2.pdf),
// steps 1 to 8: a player is rated once per rating period on every head-to-head result of the
// period, the volatility found by the Illinois iteration of step 5.
//
// Skill follows the Bayesian approximation of Weng and Lin with the Plackett–Luce model ("A
// Bayesian Approximation Method for Online Ranking", JMLR 12, 2011, Algorithm 4) as OpenSkill
// implements it (openskill.py and openskill.js, PlackettLuce, with their defaults): one game of
// any number of teams of any size, ties allowed, rates every player at once.
package rating
