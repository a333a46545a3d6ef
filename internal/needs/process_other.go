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
