// Package play is a game apart from the application: a game's log replayed by its engine, and
// everything a face asks of it that needs no store. The application (package table) reads and
// appends logs and builds on it; the phone's engine (web/engine), compiled to WebAssembly,
// imports it and the drawing of the page alone, so that a phone judges a move as the server
// does, with or without a network, and carries no store, statistics or tournaments.
//
// A Game is a log as it stands, replayed (Replay, or ReplayBy with the application's engines,
// which know a tournament's referee), followed as the log grows (Follow), and asked: the table
// now (View), what may be played (Hint, Legal, Choices, Buttons), whether a move would be taken
// (Takes), how typed words read back (ReadBack), what each event says (Describe, Entries), the
// score sheet (Sheet), and the kind's Rulebook. Take is the one rule by which the referee takes
// a move, which Record, the buttons and a phone's Judge all apply; a correction is read
// against the game the typist saw (ReadCorrection) and judged against the log it will follow
// (JudgeCorrection). What was judged is stored nowhere: the application appends it.
//
// Words and Line are the one reader and writer of a typed line. A failure the table should hear
// about is an *Error with a Code, the same for every face.
package play
