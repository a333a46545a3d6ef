// Package tail appends to a slice that many immutable values share, as the states of a game
// judged move after move share its log: each state holds the log one event longer than the
// state before. Copying the log for each state costs a move the game's length, so a game's
// cost grows with its square; appending in place is safe only where no other state has
// appended already. A Tail owns a backing array and hands each slot beyond a state's length to
// the first that appends there; any other appender copies.
package tail

import "sync/atomic"

// Tail is the backing array of slices that share it, and how much of it has been handed out.
// The zero Tail (or nil) shares nothing: the first Append copies.
type Tail[T any] struct {
	items   []T // len(items) == cap(items)
	claimed atomic.Int64
}

// Append returns s with xs appended, and the Tail of the result, to pass to the next Append
// after it. s must be a slice that Append returned with t (or any slice, with t nil). The
// slice returned has no room beyond its length (its cap is its len), so that an append that
// does not go through Append copies, as it must.
func Append[T any](s []T, t *Tail[T], xs ...T) ([]T, *Tail[T]) {
	n, m := len(s), len(s)+len(xs)
	if t != nil && n > 0 && m <= len(t.items) && &t.items[0] == &s[0] && t.claimed.CompareAndSwap(int64(n), int64(m)) {
		copy(t.items[n:m], xs)
		return t.items[:m:m], t
	}
	// Room for a quarter more, so that a run of appends copies each item four times or so in
	// all, not once an append, while the room held unused stays small.
	grown := &Tail[T]{items: make([]T, m+m/4+8)}
	copy(grown.items, s)
	copy(grown.items[n:], xs)
	grown.claimed.Store(int64(m))
	return grown.items[:m:m], grown
}
