//go:build !unix

package needs

import (
	"os"
	"os/exec"
)

// runAs leaves cmd as it is: only Unix's root is refused by PostgreSQL.
func runAs(*exec.Cmd, int, int) {}

// freeze ends the process where it cannot be stopped.
var freeze os.Signal = os.Kill

// ownGroup leaves cmd as it is: only Unix has process groups to end together.
func ownGroup(*exec.Cmd) {}

// killGroup kills p; what it started is left to end with it.
func killGroup(p *os.Process) { p.Kill() }
