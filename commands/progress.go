package commands

import (
	"io"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/urfave/cli/v2"
)

// progress is a bar on standard error for a long walk, drawn only when standard error is a
// terminal and the output is not JSON, so that scripts and pipes see nothing of it. Done
// clears it.
type progress struct{ bar *progressbar.ProgressBar }

// newProgress is a bar for a walk of n games.
func newProgress(c *cli.Context, what string, n int, format string) progress {
	if format == "json" {
		return progress{}
	}
	return newBar(c, what, int64(n), progressbar.OptionShowCount(),
		progressbar.OptionSetItsString("games"), progressbar.OptionShowIts())
}

// newByteProgress is a bar for reading size bytes (-1 when not known); Reader counts them.
func newByteProgress(c *cli.Context, what string, size int64) progress {
	return newBar(c, what, size, progressbar.OptionShowBytes(true))
}

func newBar(c *cli.Context, what string, max int64, opts ...progressbar.Option) progress {
	if !isTerminal(c.App.ErrWriter) {
		return progress{}
	}
	return progress{progressbar.NewOptions64(max, append([]progressbar.Option{
		progressbar.OptionSetWriter(c.App.ErrWriter),
		progressbar.OptionSetDescription(what),
		progressbar.OptionSetTheme(progressbar.ThemeASCII),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(100 * time.Millisecond),
		progressbar.OptionClearOnFinish(),
	}, opts...)...)}
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
