package commands

import (
	"context"
	"errors"
	"fmt"
	"log"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/table"
	"github.com/tableside/tableside/web"
)

// directorKeyEnv names the environment variable that holds the director's key. The key is
// never a flag: a command line is visible to every user of the machine.
const directorKeyEnv = "TABLESIDE_DIRECTOR_KEY"

// defaultKeptGames is how many games in play a server keeps replayed: a club night's tables
// many times over. defaultKeptMB bounds what they take together: a thousand games of 300
// events fit it (some 130 MB), and some 120 of 5,000, the longest a public server may be
// asked to keep.
const (
	defaultKeptGames = 1000
	defaultKeptMB    = 256
)

func serveCommand() *cli.Command {
	return &cli.Command{
		Name:  "serve",
		Usage: "run the club night: a page for every table's phone, a live club page for the wall screen, and a JSON API",
		Description: "The director's key comes from $" + directorKeyEnv + " or --director-key-file, never from the command line.\n" +
			"Each game has a table code, shown with a QR code on its page when the director opens it; phones need it to record.\n" +
			"The server listens on this machine only unless --addr says otherwise (--addr 0.0.0.0:8080 for the club's network).",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "addr", Value: "127.0.0.1:8080", Usage: "the address to listen on"},
			&cli.StringFlag{Name: "director-key-file", Usage: "read the director's key from this file (else $" + directorKeyEnv + ")"},
			&cli.BoolFlag{Name: "public", Usage: "let anyone read the club page and the games' pages and sheets"},
			&cli.DurationFlag{Name: "night", Value: 12 * time.Hour, Usage: "how far back the club page looks for the night's games"},
			&cli.IntFlag{Name: "keep-games", Value: defaultKeptGames, Usage: "how many games in play the server keeps replayed in memory, the most recently played, each for an hour unread (0 keeps none, and no tally of the statistics): a move then replays only the events since; the tables that made the games asked about are remembered within the same bounds"},
			&cli.IntFlag{Name: "keep-mb", Value: defaultKeptMB, Usage: "the most memory, in MB, the games kept take together, a game's size taken from its log (0 keeps none): long games are kept fewer, and a game larger than this is not kept"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usagef("serve takes no words, only flags (got %q)", c.Args().First())
			}
			key, err := directorKey(c.String("director-key-file"))
			if err != nil {
				return err
			}
			// The key is judged before the database is opened, which may create it.
			if _, err := table.NewKeys(key); err != nil {
				return hinted{err, "make a key of your own: export " + directorKeyEnv + `="$(tableside key)"`}
			}
			if c.Int("keep-games") < 0 {
				return usagef("--keep-games takes a number of games, 0 or more (got %d)", c.Int("keep-games"))
			}
			if c.Int("keep-mb") < 0 {
				return usagef("--keep-mb takes a number of megabytes, 0 or more (got %d)", c.Int("keep-mb"))
			}
			app, err := createApp(c, table.Keep(c.Int("keep-games"), int64(c.Int("keep-mb"))<<20))
			if err != nil {
				return err
			}
			defer app.Close()
			logger := slog.New(slog.NewTextHandler(c.App.ErrWriter, nil))
			srv, err := web.New(app, web.Config{DirectorKey: key, Public: c.Bool("public"), Night: c.Duration("night"), Log: logger})
			if err != nil {
				return err
			}
			ln, err := net.Listen("tcp", c.String("addr"))
			if err != nil {
				return err
			}
			ctx, stop := signal.NotifyContext(c.Context, os.Interrupt, syscall.SIGTERM)
			defer stop()
			if err := srv.Start(ctx); err != nil {
				ln.Close()
				return err
			}
			hs := &http.Server{
				Handler:           srv,
				ReadHeaderTimeout: 5 * time.Second,
				ReadTimeout:       15 * time.Second,
				WriteTimeout:      30 * time.Second, // live streams lift it for themselves
				IdleTimeout:       2 * time.Minute,
				MaxHeaderBytes:    16 << 10,
				ErrorLog:          log.New(c.App.ErrWriter, "tableside: server: ", 0),
			}
			hs.RegisterOnShutdown(srv.Close)
			served := make(chan error, 1)
			go func() { served <- hs.Serve(ln) }()
			fmt.Fprintf(c.App.Writer, "serving on http://%s (the club page; the director logs in at /login)\n", ln.Addr())
			if host, port, _ := net.SplitHostPort(ln.Addr().String()); !net.ParseIP(host).IsLoopback() {
				fmt.Fprintf(c.App.ErrWriter, "tableside: warning: listening beyond this machine: anyone on the network can reach the pages; recording still needs a table code\n")
				if net.ParseIP(host).IsUnspecified() {
					for _, addr := range networkAddrs() {
						fmt.Fprintf(c.App.Writer, "phones on the network reach it at http://%s\n", net.JoinHostPort(addr, port))
					}
				}
			}
			select {
			case err := <-served:
				srv.Close()
				return err
			case <-ctx.Done():
			}
			// Let the moves in flight finish: every move acknowledged is in the file, and a move
			// not yet acknowledged is either wholly in it or not at all.
			shutdown, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
			defer cancel()
			err = hs.Shutdown(shutdown)
			srv.Close()
			if errors.Is(err, context.DeadlineExceeded) {
				err = hs.Close()
			}
			fmt.Fprintln(c.App.Writer, "stopped")
			return err
		},
	}
}

// networkAddrs lists this machine's addresses that other machines may reach it at: what a
// server listening on every address tells the organiser to open, since 0.0.0.0 is no address
// a phone can use.
func networkAddrs() []string {
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return nil
	}
	var out []string
	for _, a := range addrs {
		if ip, ok := a.(*net.IPNet); ok && ip.IP.IsGlobalUnicast() {
			out = append(out, ip.IP.String())
		}
	}
	return out
}

// directorKey reads the director's key from file, or from the environment.
func directorKey(file string) (string, error) {
	if file != "" {
		b, err := os.ReadFile(file)
		if err != nil {
			return "", fmt.Errorf("the director's key: %w", err)
		}
		return strings.TrimSpace(string(b)), nil
	}
	if key := strings.TrimSpace(os.Getenv(directorKeyEnv)); key != "" {
		return key, nil
	}
	return "", hinted{usagef("serve needs the director's key"),
		fmt.Sprintf(`make one with export %s="$(tableside key)", or put one in a file and pass --director-key-file FILE`, directorKeyEnv)}
}

func keyCommand() *cli.Command {
	return &cli.Command{
		Name:  "key",
		Usage: "make a new director's key for serve, and print it",
		Description: "The key is random, so nobody else has it. Keep it where only the organiser reads it:\n" +
			"  export " + directorKeyEnv + `="$(tableside key)"` + "\n" +
			"  (umask 077; tableside key > ~/.tableside-key)   # then: serve --director-key-file ~/.tableside-key\n" +
			"A new key gives every game a new table code, and a new wall key.",
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usagef("key takes no words (got %q)", c.Args().First())
			}
			_, err := fmt.Fprintln(c.App.Writer, table.NewDirectorKey())
			return err
		},
	}
}
