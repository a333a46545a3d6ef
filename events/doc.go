// Package events is tableside's record of what happened at the table: the event envelope, the
// type strings and payloads every game shares, the hash chain that links a game's events, and
// the seals printed on score sheets. It does no I/O: the store that keeps the log is the
// application's own (table/internal/store), and every package above this one reads and writes
// events without knowing where they are kept.
//
// # Append-only
//
// Every move typed at the table becomes an Event, appended to its game's log and never edited or
// deleted. A mistake is corrected by another event: void takes a move back, amend replaces it,
// ruling settles a flag, adjust adds or takes points. So the log says what really happened,
// mistakes and their corrections included, and replaying it years later through the same
// ruleset (named in the game.created event) gives the same flags and the same scores.
//
// # Hash chain
//
// Each event stores Hash(prev, e): a SHA-256 over the previous event's hash and this event's
// content. CheckChain walks a game's log and names the first event that no longer matches, which
// is how `tableside verify` finds an event edited behind the referee's back (by someone who
// dropped the store's triggers, say). It is a tamper check, not a signature: whoever recomputes
// every later hash, or removes a game's last events, goes unnoticed by the chain alone; a Seal
// kept outside the file catches both.
package events
