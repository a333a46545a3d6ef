// Package tournamenttest holds a round's pairing to the tournament rulings, apart from the
// pairing code: an independent checker and a seeded random-tournament generator, as FIDE asks
// of a pairing program (C.04.4). It reads only the published contract (tournament.Input and
// tournament.Output), the rulings T1–T7 (as `tableside rules tournament` prints them) and tableside's own decisions
// (docs/rules.md, "Tournaments: pairing a round"), and shares no code with the pairing.
//
// Check finds every breach of a round's pairing. Points are read exactly, in 120ths; the
// standings order is the points, highest first, then the input's list order.
//
//   - T1: every player present is seated once or has the bye, nobody else appears, and the
//     output's round is the input's.
//   - T2: tables of 2 for the two-player kinds (and a many-player kind at size 2); otherwise
//     the fewest tables of at most the table size, as even as can be, the larger first, none
//     below the kind's least, and no bye. Tables are numbered 1 to k.
//   - T3, at tables of 2: no bye for an even count; for an odd count one, to a player with the
//     fewest byes, the lowest in the standings of those for whom the others can be paired with
//     the fewest rematches (none, when some bye leaves none).
//   - T4, at tables of 2: given the output's bye, no more pairs who met before than the least
//     any pairing has. In a round robin no pair meets more often than once (twice in a double).
//   - T5, in a Swiss at tables of 2: up to 16 players present, the total difference in points
//     is the least of the pairings with the output's bye and the fewest rematches, confirmed
//     by searching every pairing. Above 16 players T5 is not checked in full: only that no
//     two tables can exchange opponents for a smaller total with no more rematches. Round 1,
//     of any size,
//     pairs the top half against the bottom half (1 v n/2+1, …) of an order by rating, highest
//     first, any order among equal ratings (the pairing's shuffle) accepted.
//   - T6, at tables of more than two: up to 12 players, the pairs who met before seated
//     together are the fewest of any seating of T2's sizes, and in a Swiss, among those
//     seatings, the leaders are together: table 1 holds the best-placed player it can, then
//     the next best it can, and so on, then table 2 likewise; all confirmed by searching every
//     seating. Above 12 players T6 is not checked in full: only that no exchange of two
//     players between tables seats fewer repeat pairs, or in a Swiss as few with the leaders
//     closer together; the repeats are measured against LowerBoundRepeats.
//   - T7: who is first at each table, by docs/rules.md's order of clauses (a player with no
//     game has no latest game, so is never "not first in their latest game"); in a round robin,
//     Berger's white, reversed in a double's second cycle.
//   - A round robin's pairing is row round of Berger's tables for its entrants (a blank for an
//     odd count) by number; the opponents of numbers not present have the bye (T3), a pair
//     the tables do not make breaks T4.
//
// An input that breaks the contract gives one breach of rule "input": it is to be refused
// (among them opponents' lists that disagree, one player listing a meeting the other does
// not). A pairing that breaks T1 or T2 is not held to T3–T6.
//
// Fewest rematches among many players are counted by the rank of a random Tutte matrix modulo
// a prime of 61 bits, which can come out short with a chance under 1e-16; every search is
// exact. Check costs about the cube of the players present; the exhaustive searches are
// bounded by their 16 and 12 players.
//
// Play plays a whole random tournament from a seed through a pairer and Check, and reports
// each breach with the seed and round that replay it, so that a test of any pairer is a loop:
//
//	for seed := range uint64(5000) {
//		report, err := tournamenttest.Play(seed, tournament.Pair)
//		…
//		for _, b := range report.Breaches {
//			t.Error(b)
//		}
//	}
//
// Such a test must be in an external test package (package tournament_test): this package
// imports tournament for its contract.
package tournamenttest
