//go:build !linux

package main

import "os/exec"

// dieWithTest: only Linux can tie a child's life to its parent's; elsewhere
// the tests' Cleanup is what stops the server.
func dieWithTest(*exec.Cmd) {}
