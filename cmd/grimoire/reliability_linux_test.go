package main

import (
	"os/exec"
	"syscall"
)

// dieWithTest makes the server die with the test process, so a test
// binary killed by its timeout leaves no grimoire listening behind it.
func dieWithTest(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
