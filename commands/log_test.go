package commands

import (
	"testing"
	"time"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/play"
)

// TestLogSaysWhenALateMoveWasPlayed: the log's time is when an event was stored, and for a move
// stored later than it was played (a phone's, kept offline), when it was played too.
func TestLogSaysWhenALateMoveWasPlayed(t *testing.T) {
	stored := time.Date(2026, 11, 20, 12, 10, 40, 0, time.Local).UnixMilli()
	for _, c := range []struct {
		played int64
		want   string
	}{
		{0, "12:10:40"},
		{stored - 200, "12:10:40"},
		{time.Date(2026, 11, 20, 12, 3, 5, 0, time.Local).UnixMilli(), "12:10:40 (played 12:03:05)"},
	} {
		if got := logTime(play.Entry{Event: events.Event{At: stored}, PlayedAt: c.played}); got != c.want {
			t.Errorf("stored at %d, played at %d: the log says %q, want %q", stored, c.played, got, c.want)
		}
	}
}
