package table

import (
	"container/list"
	"context"
	"sync"
	"time"
)

// A server keeps the games in play replayed, so that a move replays only the events stored since
// the game was last read. The store stays the record: a kept game is held to its rows at every
// read and brought up to date from them, and replayed from its log when the store no longer
// holds the log as kept (a file restored from an older copy, a log rewound or edited by hand).

// keptIdle is how long a kept game stays unread before it leaves: a game left unfinished when
// the night ends, or put aside, is not held until others push it out. Read again, it is
// replayed from the store once.
const keptIdle = time.Hour

// keptGames are the games an App keeps, the most recently read last, up to most of them, their
// sizes (sizeOf) together at most size bytes, and none unread for longer than idle. A Game is
// never changed once made (each move makes a new one), so requests share them.
type keptGames struct {
	mu    sync.Mutex
	most  int
	size  int64
	held  int64 // the sizes of the games kept, together
	idle  time.Duration
	now   func() time.Time
	order *list.List // of *keptGame, the least recently read first
	by    map[int64]*list.Element
}

// keptGame is a game kept, its size, and when it was last read.
type keptGame struct {
	*Game
	size int64
	read time.Time
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
func sizeOf(log []Event) int64 {
	var n int64
	for _, e := range log {
		n += keptEventBytes + int64(len(e.Type)+len(e.Actor)+len(e.Payload)+len(e.Hash))
	}
	return n
}

// KeepGames makes a keep the most recently read games in play, up to most of them and up to
// size bytes of them together, for a process that serves many moves (the server); 0 keeps
// none, as a process that records one move does not need to. The size bounds what games of
// any length cost: anyone who may read games could have the longest kept. A game over or
// abandoned is not kept, a game unread for an hour leaves, and a game larger than size alone
// is never kept.
func (a *App) KeepGames(most int, size int64) {
	if most <= 0 || size <= 0 {
		a.kept = nil
		return
	}
	a.kept = &keptGames{most: most, size: size, idle: keptIdle, now: time.Now, order: list.New(), by: map[int64]*list.Element{}}
}

// get is the game of id kept, or nil.
func (k *keptGames) get(id int64) *Game {
	if k == nil {
		return nil
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	now := k.now()
	k.leaveIdle(now)
	el, ok := k.by[id]
	if !ok {
		return nil
	}
	kg := el.Value.(*keptGame)
	kg.read = now
	k.order.MoveToBack(el)
	return kg.Game
}

// keep keeps g, in place of the game of its id kept before unless that one is further on; a
// game over or abandoned leaves.
func (k *keptGames) keep(g *Game) {
	if k == nil {
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	now := k.now()
	k.leaveIdle(now)
	el, ok := k.by[g.ID]
	if g.Over() || g.Abandoned != 0 {
		if ok {
			k.remove(el)
		}
		return
	}
	if ok {
		// Two requests may bring one game up to date at once: keep the one further on. It is
		// the game kept and the events since, so only those are sized.
		kg := el.Value.(*keptGame)
		if kg.Last <= g.Last {
			grown := sizeOf(g.Log[min(len(kg.Log), len(g.Log)):])
			kg.Game, kg.size, k.held = g, kg.size+grown, k.held+grown
		}
		kg.read = now
		k.order.MoveToBack(el)
	} else {
		size := keptGameBytes + sizeOf(g.Log)
		k.by[g.ID] = k.order.PushBack(&keptGame{Game: g, size: size, read: now})
		k.held += size
	}
	for k.order.Len() > k.most || (k.held > k.size && k.order.Len() > 0) {
		k.remove(k.order.Front())
	}
}

// leaveIdle lets go of the games unread since before now less the idle time: the least
// recently read come first.
func (k *keptGames) leaveIdle(now time.Time) {
	for el := k.order.Front(); el != nil && now.Sub(el.Value.(*keptGame).read) > k.idle; el = k.order.Front() {
		k.remove(el)
	}
}

// remove lets the game kept at el go.
func (k *keptGames) remove(el *list.Element) {
	kg := el.Value.(*keptGame)
	k.order.Remove(el)
	delete(k.by, kg.ID)
	k.held -= kg.size
}

// drop lets the game of id go: the store no longer holds it as it was kept.
func (k *keptGames) drop(id int64) {
	if k == nil {
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if el, ok := k.by[id]; ok {
		k.remove(el)
	}
}

// len is how many games are kept.
func (k *keptGames) len() int {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.order.Len()
}

// upToDate is g, a kept game, brought up to the store's log: the events stored since it was
// read, played on it (Follow). It reports false when the store no longer holds g's log as g
// holds it, any row of it changed, or when the events do not follow: the game must be read
// whole. Every row is held to the kept log, not only the last: an event edited in the middle
// of the log, its hash left as it was, is a broken chain to a fresh read, and must be so to a
// server that kept the game.
func (a *App) upToDate(ctx context.Context, g *Game) (*Game, bool, error) {
	more, same, err := a.store.LoadOn(ctx, g.ID, g.Log)
	if err != nil || !same {
		return nil, false, err
	}
	f, err := g.Follow(more)
	if err != nil {
		return nil, false, nil
	}
	return f, true, nil
}
