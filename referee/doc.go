// Package referee replays a game's log through its rules. Each game has an engine (Rules, Game)
// in a package of its own; Replay applies the log's corrections (void, amend, ruling, adjust),
// feeds the moves in force to the engine in order, and collects the flags it raises. Engines
// are pure: no I/O, no clock, no randomness, so the same log gives the same flags and scores on
// every machine, years later.
//
// An engine applies every move as the table played it, legal or not, so that one mistake does
// not hide the next (L8); a move the game cannot go on from (a bid with no candidate up) is set
// aside, and its flag says so (Flag.SetAside).
package referee
