// Package commands is tableside's command line: one file per command, the only package that
// knows urfave/cli and prints. Every command opens the store, loads a game's log, replays it
// through the referee and renders what it finds; errors become `tableside: error: …` lines
// with a `tableside: hint: …` where one helps, and exit codes 0 (ok), 1 (an error or a refused
// move) and 2 (a usage mistake).
package commands
