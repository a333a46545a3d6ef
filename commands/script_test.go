package commands

import (
	"bytes"
	"context"
	"database/sql"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"
	"github.com/rogpeppe/go-internal/testscript"
	_ "modernc.org/sqlite"

	"github.com/tableside/tableside/internal/needs"
)

var update = flag.Bool("update", false, "rewrite the scripts' expected output")

// testSchema is the schema main.go embeds.
func testSchema(tb testing.TB) string {
	tb.Helper()
	b, err := os.ReadFile("../schema.sql")
	if err != nil {
		tb.Fatal(err)
	}
	return string(b)
}

func TestMain(m *testing.M) {
	testscript.Main(removingTheBuild{m}, map[string]func(){
		"tableside": func() {
			b, err := os.ReadFile(os.Getenv("TABLESIDE_SCHEMA"))
			if err != nil {
				panic(err)
			}
			os.Exit(Main(string(b), os.Args))
		},
	})
}

// removingTheBuild runs the tests, then removes the tableside they built (buildTableside).
type removingTheBuild struct{ m *testing.M }

func (r removingTheBuild) Run() int {
	code := r.m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	return code
}

// TestScripts runs whole games through the real command line: testdata/script/*.txtar, on a
// SQLite file.
func TestScripts(t *testing.T) {
	runScripts(t, false, func(env *testscript.Env) string { return env.WorkDir + "/t.db" })
}

// TestScriptsOnPostgres runs the same scripts with the games in PostgreSQL, each script in a
// database of its own: every command works on either store. A script's steps that are about
// a file (its bytes, its path, SQL past the application) say [!postgres].
func TestScriptsOnPostgres(t *testing.T) {
	cluster := needs.Postgres(t)
	var mu sync.Mutex
	runScripts(t, true, func(*testscript.Env) string {
		mu.Lock()
		defer mu.Unlock()
		return cluster.Database(t)
	})
}

// runScripts runs testdata/script/*.txtar with TABLESIDE_DB set to where db puts each script's
// games, in PostgreSQL or not.
func runScripts(t *testing.T, postgres bool, db func(*testscript.Env) string) {
	schema, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		UpdateScripts:       *update,
		Setup: func(env *testscript.Env) error {
			env.Setenv("TABLESIDE_SCHEMA", schema+"/../schema.sql")
			env.Setenv("TABLESIDE_DB", db(env))
			env.Setenv("HOME", env.WorkDir)
			env.Values["vars"] = append([]string(nil), env.Vars...)
			return nil
		},
		Condition: func(cond string) (bool, error) {
			if cond == "postgres" {
				return postgres, nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			// race N PROGRAM ARGS… runs N copies of a command at the same moment, as N
			// terminals would, and prints how many succeeded and failed, then their stderr.
			"race": func(ts *testscript.TestScript, neg bool, args []string) {
				n, err := strconv.Atoi(args[0])
				if err != nil || len(args) < 2 {
					ts.Fatalf("usage: race N PROGRAM ARGS…")
				}
				prog := ""
				for _, dir := range filepath.SplitList(ts.Getenv("PATH")) {
					if _, err := os.Stat(filepath.Join(dir, args[1])); err == nil {
						prog = filepath.Join(dir, args[1])
						break
					}
				}
				if prog == "" {
					ts.Fatalf("race: %s not found", args[1])
				}
				var wg sync.WaitGroup
				var mu sync.Mutex
				ok, failed := 0, 0
				var stderr strings.Builder
				start := make(chan struct{})
				// The copies have until the test's deadline to end, as every program a test runs.
				ctx, cancel := needs.WithDeadline(t, context.Background())
				defer cancel()
				for range n {
					wg.Add(1)
					go func() {
						defer wg.Done()
						cmd := exec.CommandContext(ctx, prog, args[2:]...)
						cmd.Env = ts.Value("vars").([]string)
						cmd.Dir = ts.Getenv("WORK")
						var e strings.Builder
						cmd.Stderr = &e
						<-start
						err := cmd.Run()
						if ctx.Err() != nil {
							fmt.Fprintf(&e, "%s had not ended, so it was killed: %s\n", args[1], needs.OutOfTime())
						}
						mu.Lock()
						defer mu.Unlock()
						if err == nil {
							ok++
						} else {
							failed++
						}
						stderr.WriteString(e.String())
					}()
				}
				close(start)
				wg.Wait()
				fmt.Fprintf(ts.Stdout(), "ok=%d failed=%d\n%s", ok, failed, stderr.String())
			},
			// capture NAME stdout|stderr REGEXP sets the variable NAME to what REGEXP's first
			// group matches in the last command's output: a seal printed by one command, for
			// the next to check.
			"capture": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 3 {
					ts.Fatalf("usage: capture NAME stdout|stderr REGEXP")
				}
				re, err := regexp.Compile("(?m)" + args[2])
				if err != nil {
					ts.Fatalf("%v", err)
				}
				m := re.FindStringSubmatch(ts.ReadFile(args[1]))
				if len(m) < 2 {
					ts.Fatalf("no match for %q in %s", args[2], args[1])
				}
				ts.Setenv(args[0], m[1])
			},
			// scribble FILE OFFSET N writes N bytes of 0xff into a file at OFFSET, as a failing
			// disk or a half-copied file would.
			"scribble": func(ts *testscript.TestScript, neg bool, args []string) {
				if len(args) != 3 {
					ts.Fatalf("usage: scribble FILE OFFSET N")
				}
				offset, err1 := strconv.ParseInt(args[1], 10, 64)
				n, err2 := strconv.Atoi(args[2])
				if err1 != nil || err2 != nil {
					ts.Fatalf("usage: scribble FILE OFFSET N")
				}
				f, err := os.OpenFile(ts.MkAbs(args[0]), os.O_WRONLY, 0)
				ts.Check(err)
				defer f.Close()
				_, err = f.WriteAt(bytes.Repeat([]byte{0xff}, n), offset)
				ts.Check(err)
			},
			// day VAR OFFSET sets VAR to the day OFFSET days from today, YYYY-MM-DD in local
			// time as tableside dates a game, for a game dated before or after one played now.
			"day": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 2 {
					ts.Fatalf("usage: day VAR OFFSET")
				}
				days, err := strconv.Atoi(args[1])
				if err != nil {
					ts.Fatalf("day: offset %q is not a number of days", args[1])
				}
				ts.Setenv(args[0], time.Now().AddDate(0, 0, days).Format(time.DateOnly))
			},
			// sqlexec DB STATEMENT… runs plain SQL on a database (a file, or a postgres://
			// URL), as someone editing it behind tableside's back would.
			"sqlexec": func(ts *testscript.TestScript, neg bool, args []string) {
				if len(args) < 2 {
					ts.Fatalf("usage: sqlexec DB STATEMENT")
				}
				driver, dsn := "sqlite", "file:"+ts.MkAbs(args[0])
				if strings.HasPrefix(args[0], "postgres://") {
					driver, dsn = "pgx", args[0]
				}
				db, err := sql.Open(driver, dsn)
				if err != nil {
					ts.Fatalf("%v", err)
				}
				defer db.Close()
				_, err = db.Exec(strings.Join(args[1:], " "))
				if neg {
					if err == nil {
						ts.Fatalf("sqlexec succeeded")
					}
					ts.Logf("refused as expected: %v", err)
					return
				}
				if err != nil {
					ts.Fatalf("sqlexec: %v", err)
				}
			},
		},
	})
}
