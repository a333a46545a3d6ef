package store

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
)

// notifyChannel is the channel postgres.sql's trigger notifies when events are committed.
const notifyChannel = "tableside_events"

// Watch listens on tableside_events on a connection of its own, which postgres.sql's trigger
// notifies whenever events are committed, by this process or any other. A connection lost (the
// database restarted) is made again, every watchRetry, for as long as the watch is open: a
// server outlives its database's restart. Close it when done.
func (s *Postgres) Watch(ctx context.Context) (Watcher, error) {
	conn, err := s.listen(ctx)
	if err != nil {
		return nil, fmt.Errorf("watch the database: %w", err)
	}
	listen, stop := context.WithCancel(context.Background())
	w := &pgWatch{stop: stop}
	w.wg.Go(func() { w.run(listen, conn, s.listen) })
	return w, nil
}

// listen opens a connection that listens on tableside_events.
func (s *Postgres) listen(ctx context.Context) (*pgx.Conn, error) {
	conn, err := pgx.ConnectConfig(ctx, s.cfg)
	if err != nil {
		return nil, err
	}
	if _, err := conn.Exec(ctx, "LISTEN "+notifyChannel); err != nil {
		conn.Close(context.Background())
		return nil, err
	}
	return conn, nil
}

// watchRetry is how often a watch whose connection was lost tries to make it again.
const watchRetry = 250 * time.Millisecond

// pgWatch waits for notifications in a goroutine of its own, so that Changed never waits.
type pgWatch struct {
	stop    context.CancelFunc
	wg      sync.WaitGroup
	changed atomic.Bool
	mu      sync.Mutex
	err     error // why the watch cannot hear, while it cannot
}

// run hears notifications on conn until ctx ends, making the connection again whenever it is
// lost. Commits made while it was away were not heard, so a connection made again counts as a
// change.
func (w *pgWatch) run(ctx context.Context, conn *pgx.Conn, connect func(context.Context) (*pgx.Conn, error)) {
	for conn != nil {
		err := w.hear(ctx, conn)
		conn.Close(context.Background())
		w.setErr(err)
		if conn = w.reconnect(ctx, connect); conn != nil {
			w.setErr(nil)
			w.changed.Store(true)
		}
	}
}

// hear notes each notification on conn until the connection fails or ctx ends, and says why.
func (w *pgWatch) hear(ctx context.Context, conn *pgx.Conn) error {
	for {
		if _, err := conn.WaitForNotification(ctx); err != nil {
			return err
		}
		w.changed.Store(true)
	}
}

// reconnect tries connect every watchRetry until it succeeds, or returns nil once ctx ends.
func (w *pgWatch) reconnect(ctx context.Context, connect func(context.Context) (*pgx.Conn, error)) *pgx.Conn {
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(watchRetry):
		}
		conn, err := connect(ctx)
		if err == nil {
			return conn
		}
		w.setErr(err)
	}
}

func (w *pgWatch) setErr(err error) {
	w.mu.Lock()
	w.err = err
	w.mu.Unlock()
}

// Changed reports whether a commit was notified since the last call (or since Watch). The
// notification arrives just after the commit, so a commit is heard a moment after it is made.
// While the connection is lost it says why.
func (w *pgWatch) Changed(ctx context.Context) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, err
	}
	changed := w.changed.Swap(false)
	w.mu.Lock()
	err := w.err
	w.mu.Unlock()
	if err != nil && !changed {
		return false, fmt.Errorf("watch the database: %w", err)
	}
	return changed, nil
}

// Close stops listening and closes the watch's connection.
func (w *pgWatch) Close() error {
	w.stop()
	w.wg.Wait()
	return nil
}
