package web

import (
	"context"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/tableside/tableside/table"
)

// hub hands the news that a game moved to the pages showing it. A page's channel holds one
// note: a page that is slow to fetch the new state gets one note for several moves, and
// fetches the latest.
type hub struct {
	mu    sync.Mutex
	games map[int64]map[chan struct{}]bool
	club  map[chan struct{}]bool
	// made hears of every new game: the pages of a tournament's tables, which follow their
	// table to the game its next round makes. newest is the newest game the watch has seen.
	made   map[chan struct{}]bool
	newest int64
	heads  map[int64]int64
	kicks  chan struct{}
	done   chan struct{}
	closed bool
}

func newHub() *hub {
	return &hub{games: map[int64]map[chan struct{}]bool{}, club: map[chan struct{}]bool{}, made: map[chan struct{}]bool{},
		heads: map[int64]int64{}, kicks: make(chan struct{}, 1), done: make(chan struct{})}
}

// subscribe returns a channel that hears of every move of game (0: of any game, for the club
// page), and the function that lets it go.
func (h *hub) subscribe(game int64) (<-chan struct{}, func()) {
	return h.subscribeAll([]int64{game}, false)
}

// subscribeAll returns one channel that hears of every move of each of games (0: of any game)
// and, when made is set, of every new game; and the function that lets it go.
func (h *hub) subscribeAll(games []int64, made bool) (<-chan struct{}, func()) {
	ch := make(chan struct{}, 1)
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, game := range games {
		h.setOf(game)[ch] = true
	}
	if made {
		h.made[ch] = true
	}
	return ch, func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		delete(h.made, ch)
		for _, game := range games {
			set := h.setOf(game)
			delete(set, ch)
			if game != 0 && len(set) == 0 {
				delete(h.games, game)
				delete(h.heads, game)
			}
		}
	}
}

// setOf is the set of channels that hear of game's moves (0: of any game's); h.mu is held.
func (h *hub) setOf(game int64) map[chan struct{}]bool {
	if game == 0 {
		return h.club
	}
	if h.games[game] == nil {
		h.games[game] = map[chan struct{}]bool{}
	}
	return h.games[game]
}

// following reports whether some page follows its table to new games.
func (h *hub) following() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.made) > 0
}

// madeUpTo tells the pages that follow their table when newest is a newer game than the newest
// seen, once one has been seen.
func (h *hub) madeUpTo(newest int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if newest <= h.newest {
		return
	}
	first := h.newest == 0
	h.newest = newest
	if first {
		return // just learnt, not a new game
	}
	for ch := range h.made {
		note(ch)
	}
}

// watched lists the games some page is showing.
func (h *hub) watched() []int64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Sorted(maps.Keys(h.games))
}

// moved tells the pages of each game whose last event is no longer the one last seen.
func (h *hub) moved(heads map[int64]int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for game, seq := range heads {
		if h.heads[game] == seq {
			continue
		}
		first := h.heads[game] == 0
		h.heads[game] = seq
		if first {
			continue // just learnt, not a move
		}
		for ch := range h.games[game] {
			note(ch)
		}
	}
}

// clubMoved tells the club pages.
func (h *hub) clubMoved() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for ch := range h.club {
		note(ch)
	}
}

func note(ch chan struct{}) {
	select {
	case ch <- struct{}{}:
	default: // a note is already waiting
	}
}

// kick asks the watch to look at the file now: the server itself has just recorded.
func (h *hub) kick() { note(h.kicks) }

// close ends every stream.
func (h *hub) close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.closed {
		h.closed = true
		close(h.done)
	}
}

// clubEvery is how often at most the club page is told to fetch the standings again: every
// move of fifty tables would otherwise replay the night's matches fifty times a second.
const clubEvery = time.Second

// watch looks at the file every Poll, and at once after the server records, and tells the
// pages what moved.
func (s *Server) watch(ctx context.Context, w table.Watch) {
	tick := time.NewTicker(s.cfg.Poll)
	defer tick.Stop()
	var clubDue <-chan time.Time
	clubPending, lastClub := false, time.Time{}
	blind := false   // the watch or a read has failed and not yet recovered
	pending := false // a change heard whose games the pages have not been told of
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		case <-s.live.kicks:
		case <-clubDue:
			clubDue, clubPending, lastClub = nil, false, time.Now()
			s.live.clubMoved()
			continue
		}
		changed, err := w.Changed(ctx)
		// A change is kept until its heads are read: a failed read never drops it.
		pending = pending || changed
		var heads map[int64]int64
		var newest int64 // 0 when no page follows a table to its new games
		if err == nil && pending {
			heads, err = s.app.Heads(ctx, s.live.watched())
			if err == nil && s.live.following() {
				newest, err = s.app.NewestGame(ctx)
			}
		}
		if err != nil {
			// Said once, not at every look: a league's database may be gone for a while.
			if ctx.Err() == nil && !blind {
				s.log.Error("watching for moves", "err", err)
			}
			blind = true
			continue
		}
		if blind {
			s.log.Info("watching for moves again")
			blind = false
		}
		if !pending {
			continue
		}
		pending = false
		s.live.madeUpTo(newest)
		s.live.moved(heads)
		// Anything committed may change the club page: a new game, a move, a correction.
		if !clubPending {
			clubPending = true
			clubDue = time.After(max(0, clubEvery-time.Since(lastClub)))
		}
	}
}

// heartbeat keeps a quiet stream open through proxies and tells a phone that the server is
// still there.
const heartbeat = 15 * time.Second

// stream sends a page the note "moved" each time ch hears of a move, until the page hangs up
// or the server shuts down. The page then fetches what it shows (docs/api.md).
func (s *Server) stream(w http.ResponseWriter, r *http.Request, ch <-chan struct{}, first string) error {
	rc := http.NewResponseController(w)
	// A stream lasts as long as the page is open: the server's write timeout is for answers.
	if err := rc.SetWriteDeadline(time.Time{}); err != nil {
		return err
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	send := func(format string, args ...any) bool {
		if _, err := fmt.Fprintf(w, format, args...); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	// The first message says where the page stands, so that a page that reconnects after a
	// drop fetches what it missed. A reconnecting page waits a second before trying again.
	if !send("retry: 1000\nevent: hello\ndata: %s\n\n", first) {
		return nil
	}
	beat := time.NewTicker(heartbeat)
	defer beat.Stop()
	for {
		select {
		case <-r.Context().Done():
			return nil
		case <-s.live.done:
			return nil
		case <-beat.C:
			if !send(": still here\n\n") {
				return nil
			}
		case <-ch:
			if !send("event: moved\ndata: {}\n\n") {
				return nil
			}
		}
	}
}

// gameStream is a game's live stream.
func (s *Server) gameStream(w http.ResponseWriter, r *http.Request, c *caller) error {
	g, err := s.app.Game(r.Context(), c.game)
	if err != nil {
		return err
	}
	// A tournament's game also hears of new games, its table's next one may be among them, and
	// of its tournament's log: a round ended or the night closed locks the game (T16).
	follows := g.Setup().Round > 0
	heard := []int64{c.game}
	if follows {
		at, ok, err := s.app.TableOf(r.Context(), c.game)
		if err != nil {
			return err
		}
		if ok {
			heard = append(heard, at.Tournament)
		}
	}
	ch, leave := s.live.subscribeAll(heard, follows)
	defer leave()
	// The watch learns the heads when it next looks; tell it them now, so that a move made in
	// the next instant is not taken for the head it learns.
	heads := map[int64]int64{c.game: g.Last()}
	if len(heard) > 1 {
		if heads, err = s.app.Heads(r.Context(), heard); err != nil {
			return err
		}
	}
	s.live.moved(heads)
	if !follows {
		return s.stream(w, r, ch, fmt.Sprintf(`{"last":%d}`, g.Last()))
	}
	newest, err := s.newest(r)
	if err != nil {
		return err
	}
	return s.stream(w, r, ch, fmt.Sprintf(`{"last":%d,"newest":%d}`, g.Last(), newest))
}

// newest is the newest game, which the watch learns as it is now: a page that follows its
// table compares it with the newest when it was drawn, and looks again if a game was made
// between.
func (s *Server) newest(r *http.Request) (int64, error) {
	newest, err := s.app.NewestGame(r.Context())
	if err == nil {
		s.live.madeUpTo(newest)
	}
	return newest, err
}

// tableStream is the live stream of a tournament's table: the tournament's moves (a round
// paired, ended) and every new game, among which its table's next.
func (s *Server) tableStream(w http.ResponseWriter, r *http.Request, c *caller) error {
	g, err := s.app.TournamentLog(r.Context(), c.game)
	if err != nil {
		return err
	}
	ch, leave := s.live.subscribeAll([]int64{c.game}, true)
	defer leave()
	s.live.moved(map[int64]int64{c.game: g.Last()})
	newest, err := s.newest(r)
	if err != nil {
		return err
	}
	return s.stream(w, r, ch, fmt.Sprintf(`{"last":%d,"newest":%d}`, g.Last(), newest))
}

// clubStream is the club page's live stream.
func (s *Server) clubStream(w http.ResponseWriter, r *http.Request, c *caller) error {
	ch, leave := s.live.subscribe(0)
	defer leave()
	return s.stream(w, r, ch, "{}")
}
