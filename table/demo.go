package table

import (
	"context"
	_ "embed"
)

// demoTranscript is a complete twelve-seat game of Candidate, dealt and bid at random by the
// playout generator with a fixed seed (TestDemoTranscript keeps it so).
//
//go:embed demo/candidate.txt
var demoTranscript string

// Demo records the bundled complete game of Candidate.
func (a *App) Demo(ctx context.Context) (*Imported, error) {
	return a.Import(ctx, []byte(demoTranscript))
}
