// Package table is tableside's application: what happens at the table, beneath every face. The
// command line (package commands) and the server (package web) call it, and import neither the
// engines nor the log's envelope: it finds each game's engine (referee/kinds), opens the store
// (table/internal/store, which no face can import: a club's SQLite file or a league's
// PostgreSQL database) and the games in it, reads a new game's Setup and a move typed at the
// table and records it — judged by the referee, refused with its flags when it breaks a rule,
// judged again when another terminal recorded first — reads and records every correction,
// writes and reads transcripts and exported logs, sums matches, and keeps what every face
// shows alike: a kind's rulebook, the table codes and their checks, the seals, and the shape of
// a recorded entry (Entered).
//
// A face asks a Game what it shows and offers: the table now (View), what may be played (Hint,
// Choices, and Buttons for a phone), whether a move would be taken (Takes, by the rule Record
// applies), how typed words read back (ReadBack), and the game's Rulebook. The engine that
// answers stays behind the Game; the data the answers carry (a Flag, an Event, a Seal) is
// named here (names.go).
//
// Nothing here prints, parses a command line or serves a request. A failure the table should
// hear about is an *Error with a Code (Invalid, NotFound, Refused, Over, Conflict, Busy,
// Unavailable) and what a face needs to explain it: the message, a hint, the setup's field at
// fault, the flags of a refused move, the game as it now stands. Each face maps the codes once:
// to exit codes, to HTTP statuses.
//
// Every rule of the log is written once: Record and Correct share the append with its
// conflict re-judge (commit), and Record and the buttons one rule for taking a move (take);
// the command line's corrections and a transcript's are read by one reader (reading.read);
// `new` and a transcript's first line are read into one Setup.
package table
