//go:build unix

package needs

import (
	"os"
	"os/exec"
	"syscall"
)

// runAs makes cmd run as the user uid, group gid.
func runAs(cmd *exec.Cmd, uid, gid int) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}}
}

// freeze stops a process without ending it, so that it starts no other.
var freeze os.Signal = syscall.SIGSTOP
