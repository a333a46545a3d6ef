package needs

import (
	"net/url"
	"os"
	"strings"
	"testing"
)

// TestPostgres: a cluster starts, hands out databases of their own, and is gone, its server
// stopped and its directory removed, when its test ends.
func TestPostgres(t *testing.T) {
	var dir string
	t.Run("cluster", func(t *testing.T) {
		c := Postgres(t)
		dir = c.dir
		a, b := c.Database(t), c.Database(t)
		if a == b || !strings.HasPrefix(a, "postgres://") || !strings.Contains(a, url.QueryEscape(c.dir)) {
			t.Errorf("databases %q and %q", a, b)
		}
	})
	if dir == "" {
		return // skipped: no PostgreSQL here
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("the cluster's directory %s is still there (%v)", dir, err)
	}
}

func TestPostgresVersionOrder(t *testing.T) {
	if pgVersion("/usr/lib/postgresql/15/bin/initdb") != 15 || pgVersion("/usr/lib/postgresql/9/bin/initdb") != 9 {
		t.Error("the version is not read from the path")
	}
}
