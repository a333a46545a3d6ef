package commands

import (
	"io"
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

// newByteProgress is a bar for reading size bytes (-1 when not known); Reader counts them.
func newByteProgress(c *cli.Context, what string, size int64) progress {
	if !isTerminal(c.App.ErrWriter) {
		return progress{}
	}
	return progress{progressbar.NewOptions64(size,
		progressbar.OptionSetWriter(c.App.ErrWriter),
		progressbar.OptionSetDescription(what),
		progressbar.OptionSetTheme(progressbar.ThemeASCII),
		progressbar.OptionShowBytes(true),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
	)}
}

// Reader counts what is read from r on the bar.
func (p progress) Reader(r io.Reader) io.Reader {
	if p.bar == nil {
		return r
	}
	return io.TeeReader(r, p.bar)
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
