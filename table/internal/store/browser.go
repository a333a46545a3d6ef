//go:build js

package store

import (
	"context"
	"errors"
)

// In the browser there is no database: the phone keeps the games it has open in its own
// storage and replays them with the core's pure half (the engines compiled to WebAssembly),
// and the server keeps the log. The core builds there all the same, with the store's types
// and without what reaches a database (those files say !js, so that a change to the SQL
// leaves the phone's build as it was), and these say why nothing opens.

// errInBrowser is why a store does not open in the browser.
var errInBrowser = errors.New("a browser keeps no database: the server keeps the log")

// Open is refused in the browser.
func Open(ctx context.Context, path, schema string) (Store, error) { return nil, errInBrowser }

// OpenPostgres is refused in the browser.
func OpenPostgres(ctx context.Context, dsn string) (Store, error) { return nil, errInBrowser }

// IsBusy, IsDamaged, isLockWait and unreachable are never true in the browser: no database
// answers there.
func IsBusy(err error) bool      { return false }
func IsDamaged(err error) bool   { return false }
func isLockWait(err error) bool  { return false }
func unreachable(err error) bool { return false }
