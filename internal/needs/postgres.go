package needs

import (
	"bytes"
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// Cluster is a private PostgreSQL server a test started: its own data directory, listening on
// a Unix socket in a directory of its own and on no network address, gone when the test ends.
type Cluster struct {
	bin  string // the directory holding initdb, pg_ctl, postgres and createdb
	dir  string // the cluster's directory: the socket, and data/ below it
	port int    // names the socket (.s.PGSQL.port); nothing listens on a TCP port
	run  func(*exec.Cmd)
	dbs  atomic.Int64
}

// PostgresUser is the cluster's superuser, who owns every database Database creates.
const PostgresUser = "tableside"

const postgresInstall = "apt-get install postgresql"

// Postgres starts a throwaway PostgreSQL cluster for t and stops and removes it when t ends.
// Where PostgreSQL is missing it skips t, or fails it under CI, as Program does. Starting a
// cluster takes a second or two: a test that needs many stores starts one and makes a
// database for each (Database). Under go test -short the test is skipped (Long).
//
// The cluster does not wait for the disk (fsync and synchronous_commit are off): a commit is
// lost if the cluster is killed soon after it. A test of what survives a crash, or a
// benchmark, starts DurablePostgres.
//
// PostgreSQL refuses to run as root, and tests often run as root in a container: then the
// cluster runs as the user nobody, its directory given to that user, outside t.TempDir (whose
// directories are root's alone).
func Postgres(t testing.TB) *Cluster {
	t.Helper()
	return startPostgres(t, `
fsync = off
synchronous_commit = off
full_page_writes = off
`)
}

// DurablePostgres is Postgres with PostgreSQL's own settings for the disk: a commit is written
// and flushed before it is acknowledged, as on a league's server.
func DurablePostgres(t testing.TB) *Cluster {
	t.Helper()
	return startPostgres(t, "")
}

// startPostgres starts a cluster with settings added to its configuration.
func startPostgres(t testing.TB, settings string) *Cluster {
	t.Helper()
	c := &Cluster{bin: postgresBin(t), port: 5432, run: func(*exec.Cmd) {}}
	Long(t, "runs a PostgreSQL cluster")
	dir, err := os.MkdirTemp("", "tableside-pg-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	c.dir = dir
	if os.Geteuid() == 0 {
		u, err := user.Lookup("nobody")
		if err != nil {
			t.Fatalf("PostgreSQL will not run as root, and there is no user nobody to run it as: %v", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			t.Fatal(err)
		}
		c.run = func(cmd *exec.Cmd) { runAs(cmd, uid, gid) }
	}
	data := filepath.Join(dir, "data")
	c.command(t, "initdb", "-D", data, "-U", PostgresUser, "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync")
	conf := fmt.Sprintf(`
listen_addresses = ''
unix_socket_directories = '%s'
port = %d
max_connections = 200
`, dir, c.port) + settings
	f, err := os.OpenFile(filepath.Join(data, "postgresql.conf"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(conf); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	c.Start(t)
	t.Cleanup(func() {
		if err := c.try(t, "pg_ctl", "-D", data, "-m", "immediate", "-w", "-t", pgWait(t), "stop"); err != nil {
			t.Errorf("stop PostgreSQL: %v", err)
		}
	})
	return c
}

// Database creates a new, empty database in the cluster, owned by PostgresUser, and returns
// the URL that reaches it (URL).
func (c *Cluster) Database(t testing.TB) string {
	t.Helper()
	name := fmt.Sprintf("db%d", c.dbs.Add(1))
	c.command(t, "createdb", "-h", c.dir, "-p", strconv.Itoa(c.port), "-U", PostgresUser, name)
	return c.URL(name)
}

// URL reaches the database name in the cluster as PostgresUser: a postgres:// URL, as pgx and
// libpq read it, whose socket directory is in its query (host=).
func (c *Cluster) URL(name string) string {
	q := url.Values{"host": {c.dir}, "port": {strconv.Itoa(c.port)}, "sslmode": {"disable"}}
	u := url.URL{Scheme: "postgres", User: url.User(PostgresUser), Host: "", Path: "/" + name, RawQuery: q.Encode()}
	return u.String()
}

// command runs one of PostgreSQL's programs, failing t if it fails.
func (c *Cluster) command(t testing.TB, name string, args ...string) {
	t.Helper()
	if err := c.try(t, name, args...); err != nil {
		t.Fatal(err)
	}
}

func (c *Cluster) try(t testing.TB, name string, args ...string) error {
	t.Helper()
	cmd := exec.Command(filepath.Join(c.bin, name), args...)
	cmd.Dir = c.dir // the user running it may not be allowed into the test's directory
	c.run(cmd)
	if out, err := CombinedOutput(t, cmd); err != nil {
		return fmt.Errorf("%w\n%s", err, out)
	}
	return nil
}

// Start starts the cluster's server, which recovers from its log what a killed one committed.
func (c *Cluster) Start(t testing.TB) {
	t.Helper()
	log := filepath.Join(c.dir, "server.log")
	if err := c.try(t, "pg_ctl", "-D", filepath.Join(c.dir, "data"), "-l", log, "-w", "-t", pgWait(t), "start"); err != nil {
		out, _ := os.ReadFile(log)
		t.Fatalf("start PostgreSQL: %v\n%s", err, out)
	}
}

// Kill kills every process of the cluster's server with SIGKILL at once, as the machine's
// out-of-memory killer or a crash would, and returns when all are gone. Start starts it again.
func (c *Cluster) Kill(t testing.TB) {
	t.Helper()
	pidFile, err := os.ReadFile(filepath.Join(c.dir, "data", "postmaster.pid"))
	if err != nil {
		t.Fatalf("kill PostgreSQL: %v", err)
	}
	postmaster, err := strconv.Atoi(strings.SplitN(string(pidFile), "\n", 2)[0])
	if err != nil {
		t.Fatalf("kill PostgreSQL: postmaster.pid: %v", err)
	}
	// The postmaster is stopped first, so that it starts no process after the list is made
	// (a new connection's, or one to replace a child it saw die), then killed with the rest.
	signal := func(pid int, sig os.Signal) {
		p, err := os.FindProcess(pid)
		if err == nil {
			err = p.Signal(sig)
		}
		if err != nil && !errors.Is(err, os.ErrProcessDone) {
			t.Fatalf("kill PostgreSQL's process %d: %v", pid, err)
		}
	}
	signal(postmaster, freeze)
	pids := append([]int{postmaster}, childrenOf(postmaster)...)
	for _, pid := range pids {
		signal(pid, os.Kill)
	}
	for _, pid := range pids {
		// A zombie is gone too: its parent may be a container's init that never reaps.
		Wait(t, fmt.Sprintf("PostgreSQL's process %d to die of SIGKILL", pid), func() bool {
			state, _, ok := procStat(pid)
			return !ok || state == "Z"
		})
	}
	// A dead server's lock files name its pid, and PostgreSQL would take a zombie's for a
	// server still running and refuse to start. Every process is dead: the files go.
	for _, lock := range []string{filepath.Join(c.dir, "data", "postmaster.pid"), filepath.Join(c.dir, fmt.Sprintf(".s.PGSQL.%d.lock", c.port))} {
		if err := os.Remove(lock); err != nil && !errors.Is(err, os.ErrNotExist) {
			t.Fatal(err)
		}
	}
}

// pgWait is how many seconds pg_ctl is to wait for the server to start or stop (its -t, 60 by
// default): until t's Deadline, when run does kill it, or a year where t has none.
func pgWait(t testing.TB) string {
	left := 365 * 24 * time.Hour
	if end, ok := Deadline(t); ok {
		left = time.Until(end)
	}
	return strconv.Itoa(max(1, int(left.Seconds())+1))
}

// childrenOf lists the processes whose parent is pid, as /proc tells.
func childrenOf(pid int) []int {
	stats, _ := filepath.Glob("/proc/[0-9]*")
	var children []int
	for _, dir := range stats {
		child, _ := strconv.Atoi(filepath.Base(dir))
		if _, parent, ok := procStat(child); ok && parent == pid {
			children = append(children, child)
		}
	}
	return children
}

// procStat reads a process's state and parent from /proc; ok is false once it has gone.
func procStat(pid int) (state string, parent int, ok bool) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return "", 0, false
	}
	// The fields after the command's name, which is in parentheses and may hold spaces: the
	// state, then the parent's pid.
	fields := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
	if len(fields) < 2 {
		return "", 0, false
	}
	parent, _ = strconv.Atoi(fields[1])
	return fields[0], parent, true
}

// debianInitdb is where Debian's postgresql package puts initdb, one directory a version.
var debianInitdb = "/usr/lib/postgresql/*/bin/initdb"

// postgresBin finds the directory of PostgreSQL's server programs: initdb's on the PATH, or,
// as Debian installs them off the PATH, the newest /usr/lib/postgresql/*/bin.
func postgresBin(t testing.TB) string {
	t.Helper()
	if path, err := exec.LookPath("initdb"); err == nil {
		if real, err := filepath.EvalSymlinks(path); err == nil {
			return filepath.Dir(real)
		}
	}
	found, _ := filepath.Glob(debianInitdb)
	slices.SortFunc(found, func(a, b string) int { return pgVersion(b) - pgVersion(a) })
	if len(found) > 0 {
		return filepath.Dir(found[0])
	}
	return filepath.Dir(Program(t, "initdb", "to run a throwaway PostgreSQL server", postgresInstall))
}

// pgVersion is the major version in a path /usr/lib/postgresql/N/bin/initdb.
func pgVersion(path string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(filepath.Dir(path))))
	return n
}
