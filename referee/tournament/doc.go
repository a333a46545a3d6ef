// Package tournament is the referee of a club night played in rounds: it pairs a round by the
// tournament rulings T1–T9 (worded in rulings.go, as `tableside rules tournament` prints them,
// and the project's own in docs/rules.md), from a published input to a published output
// (contract.go), as a chess pairing program reads a TRF file. Like the game engines it is
// pure: no I/O, no clock, and randomness only from the seed its input carries, so a round
// pairs the same on every machine, years later.
package tournament
