// Package store keeps tableside's log. Store is the contract every store keeps, and
// storetest.Run the suite every store passes. Two stores keep it: SQLite, the embedded default,
// in one file, and Postgres, in a PostgreSQL database a league's servers share. Both reach
// their database through database/sql and run the same Go for what they do alike (sqlLog, in
// the files sqllog*.go): append with the seq last seen, the hash chain computed on every
// insert, the checks of a match, every read, and verify's checks of the games rows. Each
// store's own files (sqlite*.go, postgres*.go) hold what its database does its own way:
// opening, schema versions and their migrations, the guards verify holds to the schema, and
// the watch. The package sits under the application (package table) so that the compiler
// keeps every face away from it: the command line and the server reach the log only through
// the application.
//
// The rule that nothing is edited is in the database, not only in this package: triggers in
// schema.sql and postgres.sql refuse UPDATE and DELETE (and PostgreSQL's TRUNCATE), so another
// program cannot change an event by accident either.
//
// # Optimistic concurrency
//
// Two terminals may record into the same game at once. A writer reads the log, decides the next
// move, and calls Append with the seq of the last event it saw. In the same transaction as the
// insert, which no other writer of the game shares (SQLite's immediate transaction holds the
// file, PostgreSQL's takes a lock on the game), the store checks that this is still the last
// event; if someone else recorded first, nothing is written and the error wraps ErrConflict,
// and the writer reloads, lets the referee look again, and retries. (game, seq) is the primary
// key and a trigger forbids gaps, so no event is lost, duplicated or numbered twice, even
// across processes.
//
// # Games and matches
//
// Beside the log, each game has a row in games with copies of what its game.created event says
// and listings need (its kind, creation time and match) and, for a game imported with its hash
// chain, where it came from (Moved). GamesSince, MatchGames and Matches read those rows, so
// finding a match's games does not mean replaying every game. A match holds games of one kind,
// the kind of its first game, and at most the games CreateInMatch is given; Create refuses
// another kind (MatchKindError) and CreateInMatch one game too many (MatchFullError) in the
// same transaction as the insert, so two terminals cannot both start the same match with
// different games.
//
// # The file
//
// One SQLite file (modernc.org/sqlite, no cgo) in WAL mode, so readers never wait for a writer.
// Its header carries an application id and the schema version (PRAGMA user_version); Open
// creates a new file from schema.sql, upgrades an older one (version 2 gave games the match,
// filled from each game's first event; version 3 where an imported game came from) in one
// transaction that either completes or leaves the file as it was, and refuses anything else —
// a text file, another program's database, a database from a newer tableside — without writing
// to it.
//
// # PostgreSQL
//
// Postgres keeps the same log in a PostgreSQL database (OpenPostgres; postgres.sql is its
// schema). It keeps payloads as TEXT, refuses an edit with triggers as SQLite does, keeps its
// schema version in the table tableside_schema, serializes writers with advisory locks (see
// Postgres), lets eight of a process's transactions write at once and gives up on a lock after
// lock_timeout (5 s), and tells a watch of every commit with NOTIFY on the channel
// tableside_events, listening again when the database comes back. TroubleOf tells a store's
// passing troubles apart: busy, unreachable, a commit in doubt.
//
// Every call but Path and Close takes a context; a call whose context is done fails with an
// error wrapping ctx.Err(), and a write it had not committed is not made.
package store
