package commands

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"

	"github.com/creack/pty"

	"github.com/tableside/tableside/internal/needs"
)

// screen collects what a program writes to its terminal.
type screen struct {
	mu  sync.Mutex
	out bytes.Buffer
}

func (s *screen) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.out.Write(p)
}

func (s *screen) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.out.String()
}

// waitFor waits until the screen shows want, failing at the test's deadline with what it shows.
func (s *screen) waitFor(t *testing.T, want string) {
	t.Helper()
	shown := false
	defer func() {
		if !shown {
			t.Logf("the screen shows:\n%s", s.String())
		}
	}()
	needs.Wait(t, fmt.Sprintf("the screen to show %q", want), func() bool { return strings.Contains(s.String(), want) })
	shown = true
}

// playing is `tableside play` on a real terminal (a pseudo-terminal): what it shows, and keys
// typed at it.
type playing struct {
	t      *testing.T
	cmd    *exec.Cmd
	tty    *os.File
	screen screen
	copied chan struct{}
}

// startPlay starts `tableside play game` in dir on a terminal cols columns wide.
func startPlay(t *testing.T, dir, game string, cols uint16) *playing {
	t.Helper()
	p := &playing{t: t, cmd: tablesideCmd(t, dir, "play", game), copied: make(chan struct{})}
	// Say what the terminal is, whatever the test's own environment says: without TERM (a
	// shell started with env -i, some CI runners) the line editor rightly falls back to
	// reading plain lines, and there are no keys to test. No colour: the suits read plainly.
	p.cmd.Env = append(p.cmd.Env, "TERM=xterm", "NO_COLOR=1")
	tty, err := pty.StartWithSize(p.cmd, &pty.Winsize{Rows: 40, Cols: cols})
	if err != nil {
		t.Fatal(err)
	}
	p.tty = tty
	t.Cleanup(func() { tty.Close() })
	go func() {
		io.Copy(&p.screen, tty) // ends when the program has gone and the terminal closes
		close(p.copied)
	}()
	return p
}

func (p *playing) typeIn(keys string) {
	p.t.Helper()
	if _, err := p.tty.Write([]byte(keys)); err != nil {
		p.t.Fatal(err)
	}
}

func (p *playing) waitFor(want string) {
	p.t.Helper()
	p.screen.waitFor(p.t, want)
}

// quit leaves the prompt and returns everything the terminal showed.
func (p *playing) quit() string {
	p.t.Helper()
	p.typeIn("quit\r")
	if err := p.cmd.Wait(); err != nil {
		p.t.Fatalf("play: %v\n%s", err, p.screen.String())
	}
	p.tty.Close()
	<-p.copied
	return p.screen.String()
}

// TestPlayPromptEditsLines types at the play prompt on a real terminal (a pseudo-terminal):
// Up recalls a refused move to be mended, and Tab completes a legal move.
func TestPlayPromptEditsLines(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, "new", "pinochle", "--players", "ann,bob", "--opener", "ann")
	p := startPlay(t, dir, "1", 100)
	p.waitFor("> ")
	p.typeIn("ann bid 10\r")
	p.waitFor("2: ann bids 10")
	p.typeIn("bob bid 9\r")
	p.waitFor("must")          // refused: a bid must beat 10
	p.typeIn("\x1b[A\x7f11\r") // Up brings back "bob bid 9"; Backspace, then 11
	p.waitFor("3: bob bids 11")
	p.typeIn("ann pa\t\r") // Tab completes the only legal move that begins so
	p.waitFor("4: ann passes")
	if shown := p.quit(); strings.Contains(shown, `"\x1b`) {
		t.Errorf("an arrow key was read as a move:\n%s", shown)
	}
	log := run(t, dir, "log", "1")
	for _, want := range []string{"ann bids 10", "bob bids 11", "ann passes"} {
		if !strings.Contains(log, want) {
			t.Errorf("the log has no %q:\n%s", want, log)
		}
	}
	if strings.Contains(log, "bids 9") {
		t.Errorf("the refused bid was recorded:\n%s", log)
	}
}

// TestPlayPromptCompletesBareCards: in every game where a bare card or number is a move, Tab
// completes one as the README types it. The first Tab fills in what the candidates share and
// the second lists them, as a shell does; what is typed next picks one.
func TestPlayPromptCompletesBareCards(t *testing.T) {
	type step struct{ keys, shows string }
	for _, tc := range []struct {
		game  string   // as new makes it
		setup []string // the moves recorded before the prompt starts
		steps []step
	}{
		{"capture --players ann,bob,cy --dealer cy", []string{"up 4E"}, []step{
			{"3\t\t", "3V  3S  3N"},
			{"V\r", "3: ann plays 3 Venus"},
		}},
		{"pinochle --players ann,bob --opener ann", nil, []step{
			{"1\t\r", "2: ann bids 10"}, // the only bid now
		}},
		{"pinochle --players ann,bob --opener ann", []string{"12", "pass", "trump H", "ann meld none", "bob meld none"}, []step{
			{"A\t\t", "AS  AH  AD  AC"}, // the aces, not amend or adjust
			{"H\r", "7: ann plays A♥"},
		}},
		{"article2 --players ann,bob,cy", []string{"start ann"}, []step{
			{"t\t\t", "tack  toe  true"},
			{"o\tcy\r", "3: ann plays Toe the Line on cy"},
		}},
	} {
		t.Run(strings.Fields(tc.game)[0], func(t *testing.T) {
			dir := t.TempDir()
			run(t, dir, append([]string{"new"}, strings.Fields(tc.game)...)...)
			for _, m := range tc.setup {
				run(t, dir, append([]string{"record", "1"}, strings.Fields(m)...)...)
			}
			p := startPlay(t, dir, "1", 100)
			p.waitFor("ann's turn")
			for _, s := range tc.steps {
				p.typeIn(s.keys)
				p.waitFor(s.shows)
			}
			p.quit()
		})
	}
}

// TestPlayPromptSaysWhoseTurn: the prompt names who is to act, the table included, with the
// totals beside where the terminal is wide; on a phone's width it keeps only whose turn it is.
func TestPlayPromptSaysWhoseTurn(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, "new", "capture", "--players", "ann,bob,cy", "--dealer", "cy")
	p := startPlay(t, dir, "1", 100)
	p.waitFor("the table's turn · ann 0 · bob 0 · cy 0 > ")
	p.typeIn("up 4E\r")
	p.waitFor("ann's turn · ann 0 · bob 0 · cy 0 > ")
	p.typeIn("3V\r")
	p.waitFor("bob's turn · ann 0 · bob 0 · cy 0 > ")
	p.quit()

	phone := startPlay(t, dir, "1", 40)
	phone.waitFor("bob's turn > ")
	if shown := phone.quit(); strings.Contains(shown, "bob 0") {
		t.Errorf("the prompt leaves too little room on a 40-column terminal:\n%s", shown)
	}
}

// TestPlayPromptAnswersMistakesOnce: a word the game does not know and a move it refuses are
// each answered with the hint once, as the error's hint, not again above the next prompt; and
// the word is never said to mean an alias the game's move list does not name (clear → lead).
func TestPlayPromptAnswersMistakesOnce(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, "new", "capture", "--players", "ann,bob,cy", "--dealer", "cy")
	run(t, dir, "record", "1", "up", "4E")
	p := startPlay(t, dir, "1", 100)
	p.waitFor("ann's turn")
	p.typeIn("clear\r")
	p.waitFor(`unknown player, move or card "clear"`)
	p.typeIn("1E\r")
	p.waitFor("rule U4")
	p.typeIn("log\r")
	p.waitFor("up-card: 4 Earth")
	shown := p.quit()
	// Once before the first prompt, then once for each mistake, until the log is shown.
	const hint = "ann leads a Neptune, Saturn or Venus card, or passes the lead if holding none"
	if n := strings.Count(shown[:strings.Index(shown, "up-card: 4 Earth")], hint); n != 3 {
		t.Errorf("the hint is shown %d times, want 3:\n%s", n, shown)
	}
	if strings.Contains(shown, "did you mean lead") {
		t.Errorf("clear is taken for lead, which `rules capture` does not list:\n%s", shown)
	}
}

// TestPlayPromptHelpShowsTheGame: help lists the moves of the game being played and examples
// of what is legal now, as the game writes them, not another game's.
func TestPlayPromptHelpShowsTheGame(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, "new", "capture", "--players", "ann,bob,cy", "--dealer", "cy")
	run(t, dir, "record", "1", "up", "4E")
	p := startPlay(t, dir, "1", 100)
	p.waitFor("ann's turn")
	p.typeIn("help\r")
	p.waitFor("in double quotes")
	shown := p.quit()
	for _, want := range []string{"moves of Capture", "[PLAYER] noplay", "now, for example:", "play 1V, or just 1V", "force MOVE"} {
		if !strings.Contains(shown, want) {
			t.Errorf("help has no %q:\n%s", want, shown)
		}
	}
	for _, other := range []string{"reveal", "bid 9"} {
		if strings.Contains(shown, other) {
			t.Errorf("help in Capture shows %q, a move of another game:\n%s", other, shown)
		}
	}
}

// TestProgressShowsOnlyOnATerminal walks the store with standard error on a terminal and
// standard output in a pipe: the bar is drawn on the terminal, no wider than it, and wiped at
// the end, while the output is what it is with no terminal at all. Under --format json the
// terminal sees nothing.
func TestProgressShowsOnlyOnATerminal(t *testing.T) {
	dir := t.TempDir()
	for range 3 {
		run(t, dir, "new", "pinochle", "--players", "ann,bob", "--opener", "ann")
	}
	for _, format := range []string{"text", "json"} {
		piped := run(t, dir, "check", "--all", "--format", format)

		ptmx, tty, err := pty.Open()
		if err != nil {
			t.Fatal(err)
		}
		if err := pty.Setsize(ptmx, &pty.Winsize{Rows: 24, Cols: 60}); err != nil {
			t.Fatal(err)
		}
		cmd := tablesideCmd(t, dir, "check", "--all", "--format", format)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, tty
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		tty.Close()
		var s screen
		copied := make(chan struct{})
		go func() {
			io.Copy(&s, ptmx) // ends when the program has gone and the terminal closes
			close(copied)
		}()
		if err := cmd.Wait(); err != nil {
			t.Fatalf("check --all: %v\n%s", err, s.String())
		}
		<-copied
		ptmx.Close()

		if out.String() != piped {
			t.Errorf("%s: the output changed with a terminal on standard error:\n%s\nwant:\n%s", format, out.String(), piped)
		}
		shown := s.String()
		if format == "json" {
			if shown != "" {
				t.Errorf("json: the terminal shows %q, want nothing", shown)
			}
			continue
		}
		if !strings.Contains(shown, "checking ") || !strings.Contains(shown, "/3 games [") {
			t.Errorf("no bar on the terminal: %q", shown)
		}
		for _, line := range strings.Split(shown, "\r") {
			if len(line) > 60 {
				t.Errorf("a bar line is %d columns on a 60-column terminal: %q", len(line), line)
			}
		}
		last := shown[strings.LastIndex(shown, "\r")+1:]
		if strings.Trim(strings.NewReplacer("\x1b[0m", "", "\x1b[K", "").Replace(last), " ") != "" {
			t.Errorf("the bar is left on the screen: %q", shown)
		}
	}
}
