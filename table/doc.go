// Package table is tableside's application: what happens at the table, beneath every face. The
// command line (package commands) and the server (package web) call it; it holds the engine
// registry, opens the store (table/internal/store, which no face can import) and the games in
// it, reads a new game's Setup and a move typed at the table and records it — judged by the
// referee, refused with its flags when it breaks a rule, judged again when another terminal
// recorded first — reads and records every correction, writes and reads transcripts and
// exported logs, sums matches, and keeps what every face shows alike: a kind's rulebook, the
// table codes, the file's seal, and the shape of a recorded entry (Entered).
//
// Nothing here prints, parses a command line or serves a request. A failure the table should
// hear about is an *Error with a Code (Invalid, NotFound, Refused, Over, Conflict, Busy) and
// what a face needs to explain it: the message, a hint, the setup's field at fault, the flags
// of a refused move, the game as it now stands. Each face maps the codes once: to exit codes,
// to HTTP statuses.
//
// Every rule of the log is written once: Record and Correct share the append with its
// conflict re-judge (commit); the command line's corrections and a transcript's are read by one
// reader (reading.read); `new` and a transcript's first line are read into one Setup.
package table
