// Package events is tableside's record of what happened at the table: the event envelope, the
// type strings and payloads every game shares, and the SQLite store that keeps the log.
//
// # Append-only
//
// Every move typed at the table becomes an Event, appended to its game's log and never edited or
// deleted. A mistake is corrected by another event: void takes a move back, amend replaces it,
// ruling settles a flag, adjust adds or takes points. So the log says what really happened,
// mistakes and their corrections included, and replaying it years later through the same
// ruleset (named in the game.created event) gives the same flags and the same scores. The rule
// is in the file, not only in this package: triggers in schema.sql refuse UPDATE and DELETE, so
// another SQLite tool cannot change an event by accident either.
//
// # Hash chain
//
// Each event stores Hash(prev, e): a SHA-256 over the previous event's hash and this event's
// content. Store.Verify walks every chain and names the first event that no longer matches, which
// is how `tableside verify` finds an event edited behind the referee's back (by someone who
// dropped the triggers, say). It is a tamper check, not a signature: whoever recomputes every
// later hash, or removes a game's last events, goes unnoticed.
//
// # Optimistic concurrency
//
// Two terminals may record into the same game at once. A writer reads the log, decides the next
// move, and calls Store.Append with the seq of the last event it saw. In the same immediate
// transaction as the insert, the store checks that this is still the last event; if someone else
// recorded first, nothing is written and the error wraps ErrConflict, and the writer reloads,
// lets the referee look again, and retries. (game, seq) is the primary key and another trigger
// forbids gaps, so no event is lost, duplicated or numbered twice, even across processes.
//
// # Games and matches
//
// Beside the log, each game has a row in games with copies of what its game.created event says
// and listings need: its kind, creation time and match. Store.Games, Store.MatchGames and
// Store.Matches read those rows, so finding a match's games does not mean replaying every game.
// A match holds games of one kind, the kind of its first game; Store.Create refuses another
// (MatchKindError) in the same transaction as the insert, so two terminals cannot both start
// the same match with different games.
//
// # The file
//
// One SQLite file (modernc.org/sqlite, no cgo) in WAL mode, so readers never wait for a writer.
// Its header carries an application id and the schema version (PRAGMA user_version); Open
// creates a new file from schema.sql, upgrades an older one (version 1 gains games.match, filled
// from each game's first event) in one transaction that either completes or leaves the file as
// it was, and refuses anything else — a text file, another program's database, a database from
// a newer tableside — without writing to it.
//
// Every call but Close takes a context; a call whose context is done fails with an error
// wrapping ctx.Err(), and a write it had not committed is not made.
package events
