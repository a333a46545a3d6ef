package candidate

import (
	"math/rand/v2"
	"testing"

	"github.com/tableside/tableside/referee"
)

// BenchmarkReplayGame replays one whole game held in memory: the referee's cost alone. What a
// replay costs against reading the same games from the file is BenchmarkCheckAll's measure, in
// package table.
func BenchmarkReplayGame(b *testing.B) {
	setup, moves := Playout(rand.New(rand.NewPCG(1, 3)), nil)
	log := logOf(b, setup, moves)
	for b.Loop() {
		if _, err := referee.Replay(Rules{}, log); err != nil {
			b.Fatal(err)
		}
	}
}
