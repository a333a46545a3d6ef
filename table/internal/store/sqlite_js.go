//go:build js

package store

import (
	"context"
	"errors"
)

// In the browser there is no SQLite file: the phone keeps the games it has open in its own
// storage and replays them with the core's pure half (the engines compiled to WebAssembly),
// and the server keeps the log. The core builds there all the same, and Open says why it
// opens nothing.

// Open is refused in the browser.
func Open(ctx context.Context, path, schema string) (Store, error) {
	return nil, errors.New("a browser keeps no SQLite file: the server keeps the log")
}

// IsBusy is never true in the browser: no file is held.
func IsBusy(err error) bool { return false }

// IsDamaged is never true in the browser: no file is read.
func IsDamaged(err error) bool { return false }
