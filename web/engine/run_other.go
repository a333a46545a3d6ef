//go:build !js

package main

import "os"

// run answers the requests of stdin.
func run() error { return new(engine).answerLines(os.Stdin, os.Stdout) }
