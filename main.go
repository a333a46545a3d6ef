// Command tableside is a referee and scorekeeper for card games played with real cards.
package main

import (
	_ "embed"
	"os"

	"github.com/tableside/tableside/commands"
)

//go:embed schema.sql
var schema string

func main() {
	os.Exit(commands.Main(schema, os.Args))
}
