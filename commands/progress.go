package commands

import (
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/urfave/cli/v2"
)

// progress is a bar on standard error for a walk of n games, drawn only when standard error is
// a terminal and the output is not JSON, so that scripts and pipes see nothing of it. Done
// clears it.
type progress struct{ bar *progressbar.ProgressBar }

func newProgress(c *cli.Context, what string, n int, format string) progress {
	if format == "json" || !isTerminal(c.App.ErrWriter) {
		return progress{}
	}
	return progress{progressbar.NewOptions(n,
		progressbar.OptionSetWriter(c.App.ErrWriter),
		progressbar.OptionSetDescription(what),
		progressbar.OptionSetTheme(progressbar.ThemeASCII),
		progressbar.OptionShowCount(),
		progressbar.OptionSetItsString("games"),
		progressbar.OptionShowIts(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
	)}
}

// Step counts one game done.
func (p progress) Step() {
	if p.bar != nil {
		p.bar.Add(1)
	}
}

// Clear takes the bar off its line, so that output written to the same terminal starts on a
// clean line; the next Step draws it again.
func (p progress) Clear() {
	if p.bar != nil {
		p.bar.Clear()
	}
}

// Done takes the bar off the screen.
func (p progress) Done() {
	if p.bar != nil {
		p.bar.Finish()
	}
}
