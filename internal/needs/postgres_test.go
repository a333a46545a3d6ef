package needs

import (
	"net/url"
	"os"
	"path/filepath"
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

// TestPostgresMissing: without initdb on the PATH or in Debian's directories, a test that needs
// PostgreSQL skips, saying how to install it, or fails under CI.
func TestPostgresMissing(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	debianInitdb = filepath.Join(t.TempDir(), "*", "initdb")
	t.Cleanup(func() { debianInitdb = "/usr/lib/postgresql/*/bin/initdb" })
	for _, ci := range []string{"", "true"} {
		t.Setenv("CI", ci)
		r := &recorder{TB: t}
		done := make(chan struct{})
		go func() {
			defer close(done)
			Postgres(r)
		}()
		<-done
		if r.skipped != (ci == "") || r.failed != (ci != "") || !strings.Contains(r.msg, "needs initdb to run a throwaway PostgreSQL server") ||
			!strings.Contains(r.msg, "`apt-get install postgresql`") {
			t.Errorf("CI=%q: skipped %v, failed %v: %q", ci, r.skipped, r.failed, r.msg)
		}
	}
}
