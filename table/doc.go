// Package table is tableside's application: what happens at the table and in the club, beneath
// every face. The command line (package commands) and the server (package web) call it, and
// import neither the engines nor the log's envelope. It builds on the game (package play, a
// log replayed and what a face asks of it, which needs no store), and adds what needs one: it
// opens the store (table/internal/store, which no face can import: a club's SQLite file or a
// league's PostgreSQL database), reads a new game's Setup and records a move typed at the table
// — judged by play's one rule (Take), refused with its flags when it breaks a rule, judged
// again when another terminal recorded first — and every correction, imports and exports
// transcripts and JSON lines, walks the whole file (check, games, stats, verify), sums matches,
// and keeps the seals, a kind's rulebook and the table codes with their checks.
//
// Tournaments are logs of their own, replayed by the tournament's referee (referee/tournament):
// a tournament's setup, its next round paired by T1–T9 and its games made once a table, its
// standings, and its tables as places (the table that made a game, what a table plays now).
// Pairing from a published input alone is `calc pair` (Pair).
//
// A server keeps the games in play replayed (Keep when the application is opened, bounded by
// count and bytes), each checked against every stored row of the game at each read and never
// trusted over the store, and the tournament table of each game beside them.
//
// Nothing here prints, parses a command line or serves a request. A failure the table should
// hear about is a *play.Error with a Code (Invalid, NotFound, Refused, Over, Conflict, Busy,
// Unavailable, Damaged) and what a face needs to explain it; Explain turns a store's passing
// troubles into one. Each face maps the codes once: to exit codes, to HTTP statuses.
//
// Every rule of the log is written once: Record and Correct share the append with its conflict
// re-judge (commit), and Record, the buttons and a phone's Judge one rule for taking a move;
// the command line's corrections and a transcript's are read by one reader; `new` and a
// transcript's first line are read into one Setup.
package table
