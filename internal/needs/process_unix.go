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

// ownGroup makes cmd lead a process group of its own, which the processes it starts join.
func ownGroup(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Setpgid = true
}

// killGroup kills p and every process of its group.
func killGroup(p *os.Process) {
	if syscall.Kill(-p.Pid, syscall.SIGKILL) != nil {
		p.Kill()
	}
}
