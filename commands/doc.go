// Package commands is tableside's command line: one file per command, the only package that
// knows urfave/cli and prints. A command reads its flags, calls the application in
// table and renders what comes back; errors become `tableside: error: …` lines with a
// `tableside: hint: …` where one helps, and the application's error codes become exit codes
// 0 (ok), 1 (an error, a refused move, a game over, a conflict) and 2 (a usage mistake, bad
// input, no such game).
package commands
