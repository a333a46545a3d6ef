package table

import (
	"container/list"
	"context"
	"sync"
	"time"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/table/internal/store"
)

// A server keeps the games in play replayed, so that a move replays only the events stored since
// the game was last read. The store stays the record: a kept game is held to its rows at every
// read and brought up to date from them, and replayed from its log when the store no longer
// holds the log as kept (a file restored from an older copy, a log rewound or edited by hand).

// keptIdle is how long what an App keeps stays unused before it leaves: a game left unfinished
// when the night ends, or put aside, is not held until others push it out. Read again, it is
// replayed from the store once.
const keptIdle = time.Hour

// OpenOption is a way of opening the application (Open, OpenExisting).
type OpenOption struct{ apply func(*App) }

// Keep makes an App keep what it reads between requests, for a process that serves many of
// them (the server): the games in play replayed, up to games of them and up to size bytes of
// them together, and beside them the tournament tables that made the games asked about
// (keptTables) and the season's statistics' tally (keptTally). 0 keeps none, as a process that
// records one move does not need to. The size bounds what games of any length cost: anyone who
// may read games could have the longest kept. A game over or abandoned is not kept, a game
// unread for an hour leaves, and a game larger than size alone is never kept.
func Keep(games int, size int64) OpenOption {
	return OpenOption{func(a *App) { a.keep(games, size) }}
}

// keep sets what a keeps (Keep), letting go of whatever it kept before.
func (a *App) keep(games int, size int64) {
	if games <= 0 || size <= 0 {
		a.kept, a.tables, a.tally = nil, nil, nil
		return
	}
	a.kept = &keptGames{newMemory[keptGame](games, size)}
	a.tables = &keptTables{newMemory[keptTable](games, size)}
	a.tally = &keptTally{}
}

// memory holds values by game between requests, the most recently used last, up to most of
// them, their sizes together at most size bytes, and none unused for longer than idle.
type memory[V any] struct {
	mu    sync.Mutex
	most  int
	size  int64
	held  int64 // the sizes of the values held, together
	idle  time.Duration
	now   func() time.Time
	order *list.List // of *memo[V], the least recently used first
	by    map[int64]*list.Element
}

// memo is a value held for a game, its size, and when it was last used.
type memo[V any] struct {
	game  int64
	value V
	size  int64
	used  time.Time
}

func newMemory[V any](most int, size int64) memory[V] {
	return memory[V]{most: most, size: size, idle: keptIdle, now: time.Now, order: list.New(), by: map[int64]*list.Element{}}
}

// recall is the value held for game, if any, used now.
func (m *memory[V]) recall(game int64) (V, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	m.leaveIdle(now)
	el, ok := m.by[game]
	if !ok {
		var none V
		return none, false
	}
	kept := el.Value.(*memo[V])
	kept.used = now
	m.order.MoveToBack(el)
	return kept.value, true
}

// remember holds for game what next makes of the value held before (nil for none): the value
// and its size, or ok false to let game's go. The least recently used leave until the rest fit.
func (m *memory[V]) remember(game int64, next func(before *memo[V]) (value V, size int64, ok bool)) {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	m.leaveIdle(now)
	el, held := m.by[game]
	var before *memo[V]
	if held {
		before = el.Value.(*memo[V])
	}
	value, size, ok := next(before)
	switch {
	case !ok && held:
		m.remove(el)
	case !ok:
	case held:
		m.held += size - before.size
		before.value, before.size, before.used = value, size, now
		m.order.MoveToBack(el)
	default:
		m.by[game] = m.order.PushBack(&memo[V]{game: game, value: value, size: size, used: now})
		m.held += size
	}
	for m.order.Len() > m.most || (m.held > m.size && m.order.Len() > 0) {
		m.remove(m.order.Front())
	}
}

// leaveIdle lets go of the values unused since before now less the idle time: the least
// recently used come first.
func (m *memory[V]) leaveIdle(now time.Time) {
	for el := m.order.Front(); el != nil && now.Sub(el.Value.(*memo[V]).used) > m.idle; el = m.order.Front() {
		m.remove(el)
	}
}

// remove lets the value held at el go.
func (m *memory[V]) remove(el *list.Element) {
	kept := el.Value.(*memo[V])
	m.order.Remove(el)
	delete(m.by, kept.game)
	m.held -= kept.size
}

// forget lets game's value go.
func (m *memory[V]) forget(game int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if el, ok := m.by[game]; ok {
		m.remove(el)
	}
}

// len is how many values are held.
func (m *memory[V]) len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.order.Len()
}

// keptGames are the games an App keeps (Keep), sized by sizeOf. A Game is never changed once
// made (each move makes a new one), so requests share them.
type keptGames struct{ memory[keptGame] }

// keptGame is a game kept and the guard the store answered when its log was last found as
// the game holds it (store.LoadOn, LoadFrom), none for a game read whole or a log the store
// cannot vouch for: such a game is held to every row at its next read.
type keptGame struct {
	game  *play.Game
	guard store.Guard
}

// What a kept game is taken to hold, for the bound on their size: a game's engine, view and
// sheet, and for each event the event, its text, what the engine keeps of it and its share of
// the view's legal moves. Together they are above what the heap holds (BenchmarkKeptGamesHeld:
// Pinochle at event 300 and 5,000 holds 0.85 of its size, some 370 bytes an event, the text 94
// of them), so that the bound holds the memory kept to at most itself.
const (
	keptGameBytes  = 8 << 10
	keptEventBytes = 320
)

// sizeOf is what the events of log add to a kept game's size.
func sizeOf(log []play.Event) int64 {
	var n int64
	for _, e := range log {
		n += eventSize(e)
	}
	return n
}

// sizeSince is what g's events after its first n add to a kept game's size: read in place,
// since a copy of the log (Log) at every move would cost what the kept game saves.
func sizeSince(g *play.Game, n int) int64 {
	var size int64
	for seq := int64(n) + 1; seq <= int64(g.Len()); seq++ {
		e, _ := g.EventAt(seq)
		size += eventSize(e)
	}
	return size
}

func eventSize(e play.Event) int64 {
	return keptEventBytes + int64(len(e.Type)+len(e.Actor)+len(e.Payload)+len(e.Hash))
}

// get is the game of id kept, or none.
func (k *keptGames) get(id int64) keptGame {
	if k == nil {
		return keptGame{}
	}
	g, _ := k.recall(id)
	return g
}

// keep keeps g, found under guard, in place of the game of its id kept before unless that one
// is further on; a game over or abandoned leaves.
func (k *keptGames) keep(g *play.Game, guard store.Guard) {
	k.put(g, func(*memo[keptGame]) store.Guard { return guard })
}

// keepAfter keeps after, the game from with the events this App just stored: under the guard
// from was found under, if from is still the game kept, which vouches for the rows up to its
// seq (the rows after it, these events among them, are held to the store's at the next read).
func (k *keptGames) keepAfter(from, after *play.Game) {
	k.put(after, func(before *memo[keptGame]) store.Guard {
		if before != nil && before.value.game == from {
			return before.value.guard
		}
		return store.Guard{}
	})
}

// put keeps g as keep does, under the guard guardOf says of the game kept before.
func (k *keptGames) put(g *play.Game, guardOf func(before *memo[keptGame]) store.Guard) {
	if k == nil {
		return
	}
	k.remember(g.ID(), func(before *memo[keptGame]) (keptGame, int64, bool) {
		kept := keptGame{g, guardOf(before)}
		switch {
		case g.Over() || g.Abandoned() != 0:
			return keptGame{}, 0, false
		case before == nil:
			return kept, keptGameBytes + sizeSince(g, 0), true
		case before.value.game.Last() > g.Last():
			// Two requests may bring one game up to date at once: keep the one further on.
			return before.value, before.size, true
		case judged(before.value.game) && !judged(g) && before.value.game.Last() == g.Last():
			// A tournament read with its flags serves a read without them too.
			return before.value, before.size, true
		}
		// It is the game kept and the events since, so only those are sized.
		return kept, before.size + sizeSince(g, before.value.game.Len()), true
	})
}

// drop lets the game of id go: the store no longer holds it as it was kept.
func (k *keptGames) drop(id int64) {
	if k != nil {
		k.forget(id)
	}
}

// upToDate is k, a kept game, brought up to the store's log: the events stored since it was
// read, played on it (Follow), and the guard the store found its log under. It reports false
// when the store no longer holds the game's log as the game holds it, any row of it changed,
// or when the events do not follow: the game must be read whole. Every row is held to the
// kept log, not only the last: an event edited in the middle of the log, its hash left as it
// was, is a broken chain to a fresh read, and must be so to a server that kept the game. While
// the store vouches for the rows up to the guard's seq, only those from it on are read again
// (store.LoadFrom); otherwise every row is (store.LoadOn).
func (a *App) upToDate(ctx context.Context, k keptGame) (*play.Game, store.Guard, bool, error) {
	g, guard := k.game, k.guard
	var more []play.Event
	var same bool
	var err error
	if guard.Seq >= 1 && guard.Seq <= int64(g.Len()) {
		more, guard, same, err = a.store.LoadFrom(ctx, g.ID(), eventsFrom(g, guard.Seq), guard)
	}
	if err == nil && !same {
		more, guard, same, err = a.store.LoadOn(ctx, g.ID(), g.Log())
	}
	if err != nil || !same {
		return nil, store.Guard{}, false, err
	}
	f, err := g.Follow(more)
	if err != nil {
		return nil, store.Guard{}, false, nil
	}
	return f, guard, true, nil
}

// eventsFrom is g's events from seq on, read in place: a copy of the whole log (Log) at every
// read would cost what reading from seq saves.
func eventsFrom(g *play.Game, seq int64) []play.Event {
	evs := make([]play.Event, 0, int64(g.Len())-seq+1)
	for ; seq <= int64(g.Len()); seq++ {
		e, _ := g.EventAt(seq)
		evs = append(evs, e)
	}
	return evs
}
