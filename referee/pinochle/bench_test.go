package pinochle

import (
	"math/rand/v2"
	"testing"

	"github.com/tableside/tableside/referee"
)

// BenchmarkReplayGame replays one whole game to 400 points held in memory: the referee's cost
// alone, without the store.
func BenchmarkReplayGame(b *testing.B) {
	setup, moves := Playout(rand.New(rand.NewPCG(5, 5)), map[string]string{"deal": "automatic", "opening": "10", "limit": "400"})
	log := logOf(b, setup, moves[:399])
	b.ReportMetric(float64(len(log)), "events")
	for b.Loop() {
		if _, err := referee.Replay(Rules{}, log); err != nil {
			b.Fatal(err)
		}
	}
}
