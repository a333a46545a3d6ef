// Package store keeps tableside's log. Store is the contract every store keeps, and
// storetest.Run the suite every store passes; SQLite, the embedded default, keeps it in one file:
// append with the seq last seen, the hash chain computed on every insert, triggers that refuse
// an edit, schema versions and their migrations, and the checks `verify` makes of the file. It
// sits under the application (package table) so that the compiler keeps every face away from
// it: the command line and the server reach the log only through the application.
//
// The rule that nothing is edited is in the file, not only in this package: triggers in
// schema.sql refuse UPDATE and DELETE, so another SQLite tool cannot change an event by accident
// either.
//
// # Optimistic concurrency
//
// Two terminals may record into the same game at once. A writer reads the log, decides the next
// move, and calls Append with the seq of the last event it saw. In the same immediate
// transaction as the insert, the store checks that this is still the last event; if someone else
// recorded first, nothing is written and the error wraps ErrConflict, and the writer reloads,
// lets the referee look again, and retries. (game, seq) is the primary key and another trigger
// forbids gaps, so no event is lost, duplicated or numbered twice, even across processes.
//
// # Games and matches
//
// Beside the log, each game has a row in games with copies of what its game.created event says
// and listings need: its kind, creation time and match. GamesSince, MatchGames and
// Matches read those rows, so finding a match's games does not mean replaying every game.
// A match holds games of one kind, the kind of its first game; Create refuses another
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
// # PostgreSQL
//
// Postgres keeps the same log in a PostgreSQL database, for a league whose servers share one
// (OpenPostgres; postgres.sql is its schema). Both stores run the same Go over database/sql
// (sqlLog), so events are prepared, numbered, hashed and checked alike; PostgreSQL keeps
// payloads as TEXT, refuses an edit with triggers as SQLite does, keeps its schema version in
// the table tableside_schema, serializes writers with advisory locks (see Postgres), lets four
// of a process write at once and gives up on a lock after lock_timeout (5 s), and tells a
// watch of every commit with NOTIFY on the channel tableside_events, listening again when the
// database comes back. TroubleOf tells a store's passing troubles apart: busy, unreachable, a
// commit in doubt.
//
// Every call but Close takes a context; a call whose context is done fails with an error
// wrapping ctx.Err(), and a write it had not committed is not made.
package store
