package store

import (
	"context"
	"database/sql"
)

// What the tests of package store_test look at inside the package: SQLite's file as the store
// opens it, its header and migrations, the waits on a busy file, and the plans of the queries
// that must not grow with the store.

// DB is the store's own pool of connections to the file.
func (s *SQLite) DB() *sql.DB { return s.db }

var (
	DSN       = dsn
	RetryBusy = retryBusy
)

const (
	ApplicationID = applicationID
	BusyTimeout   = busyTimeout

	LoadAfterQuery  = loadAfterQuery
	MatchGamesQuery = matchGamesQuery
	MatchKindQuery  = matchKindQuery
	HashesAtQuery   = hashesAtQuery
	EndsQuery       = endsQuery
	GameSpanQuery   = gameSpanQuery
)

// MigrationSteps lists the schema version each migration brings a file to, in order.
func MigrationSteps() []int64 {
	var to []int64
	for _, m := range migrations {
		to = append(to, m.to)
	}
	return to
}

// DescribeSchema is describeSchema, each table, index and trigger named by its kind and name
// ("table games").
func DescribeSchema(ctx context.Context, db *sql.DB) (map[string][]string, error) {
	objects, err := describeSchema(ctx, db)
	described := make(map[string][]string, len(objects))
	for o, lines := range objects {
		described[o.kind+" "+o.name] = lines
	}
	return described, err
}
