package commands

import (
	"io"
	"sync"
	"time"

	"github.com/cheggaaa/pb/v3"
	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/table"
)

// progress is a bar on standard error for a long walk, drawn only when standard error is a
// terminal and the output is not JSON, so that scripts and pipes see nothing of it. A nil
// progress draws nothing.
//
// The bar is drawn by the steps themselves, at most every redraw, never by a timer of the
// library's, and Above prints with the bar off the screen: findings printed on standard output
// then cannot meet a half-drawn bar on a terminal shared by both streams, whichever goroutine
// counts and whichever prints.
type progress struct {
	bar   *pb.ProgressBar
	w     io.Writer
	mu    sync.Mutex
	drawn time.Time // when it was last drawn
	shown bool      // whether it is on the screen now
}

const redraw = 100 * time.Millisecond

// gamesBar and bytesBar are the two bars' layouts: what, how far, a bar, how fast, how long.
const (
	gamesBar = `{{string . "what"}} {{counters . "%s/%s games"}} {{bar . "[" "=" ">" " " "]"}} {{percent . "%.0f%%"}} {{rtime . "%s left" "" ""}}`
	bytesBar = `{{string . "what"}} {{counters . "%s/%s" "%s"}} {{bar . "[" "=" ">" " " "]"}} {{speed . "%s/s" ""}} {{rtime . "%s left" "" ""}}`
)

// openWalk opens the database for a walk of every game, with a bar for it that says what the
// walk does ("checking"); none for JSON. The caller closes the app.
func openWalk(c *cli.Context, what, format string) (*table.App, *progress, error) {
	app, err := openApp(c)
	if err != nil {
		return nil, nil, err
	}
	n, err := app.CountGames(c.Context)
	if err != nil {
		app.Close()
		return nil, nil, err
	}
	return app, newProgress(c, what, n, format), nil
}

// newProgress is a bar for a walk of n games.
func newProgress(c *cli.Context, what string, n int, format string) *progress {
	if format == "json" {
		return nil
	}
	return newBar(c, what, int64(n), gamesBar)
}

// newByteProgress is a bar for reading size bytes (-1 when not known); Reader counts them.
func newByteProgress(c *cli.Context, what string, size int64) *progress {
	p := newBar(c, what, size, bytesBar)
	if p != nil {
		p.bar.Set(pb.Bytes, true)
	}
	return p
}

func newBar(c *cli.Context, what string, total int64, layout string) *progress {
	w := c.App.ErrWriter
	if !isTerminal(w) {
		return nil
	}
	width := 80
	if t, ok := w.(*terminal); ok && t.columns > 0 {
		width = t.columns
	}
	// A column short of the terminal's width, so that the cursor never wraps to a new line; an
	// unknown total (-1) draws an empty bar and the count alone.
	bar := pb.New64(max(total, 0)).SetTemplateString(layout).SetWriter(w).SetWidth(width-1).
		Set("what", what).Set(pb.Terminal, true).Set(pb.ReturnSymbol, "\r").Set(pb.Color, false).
		Set(pb.CleanOnFinish, true).Set(pb.Static, true).Start()
	return &progress{bar: bar, w: w}
}

// add counts n more done and redraws the bar when it was last drawn long enough ago.
func (p *progress) add(n int64) {
	if p == nil {
		return
	}
	p.bar.Add64(n)
	p.mu.Lock()
	defer p.mu.Unlock()
	if now := time.Now(); now.Sub(p.drawn) >= redraw {
		p.drawn, p.shown = now, true
		p.bar.Write()
	}
}

// Reader counts what is read from r on the bar.
func (p *progress) Reader(r io.Reader) io.Reader {
	if p == nil {
		return r
	}
	return countingReader{r, p}
}

type countingReader struct {
	r io.Reader
	p *progress
}

func (c countingReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.p.add(int64(n))
	return n, err
}

// Step counts one game done.
func (p *progress) Step() { p.add(1) }

// Above runs print, which writes to the terminal, with the bar taken off its line, so that
// what it prints starts on a clean line; the next redraw draws the bar again below it.
func (p *progress) Above(print func()) {
	if p == nil {
		print()
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown {
		io.WriteString(p.w, "\r\x1b[K") // carriage return, erase to the end of the line
		p.shown = false
	}
	print()
}

// Done takes the bar off the screen.
func (p *progress) Done() {
	if p == nil {
		return
	}
	p.bar.Finish()
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown {
		p.bar.Write() // a finished bar that cleans on finish wipes its line
		p.shown = false
	}
}
