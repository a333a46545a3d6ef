package commands

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/table"
)

// usageError is a mistake in what was typed on the command line: exit code 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

// hinted is an error with the command line's own advice for the next line.
type hinted struct {
	err  error
	hint string
}

func (h hinted) Error() string { return h.err.Error() }
func (h hinted) Unwrap() error { return h.err }

// Main runs the command line and returns the process's exit code.
func Main(schema string, args []string) int {
	return Run(schema, args, os.Stdin, os.Stdout, os.Stderr)
}

// Run is Main with its streams given, so tests run the real command line in process.
func Run(schema string, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out, errOut := newTerminal(stdout), newTerminal(stderr)
	app := NewApp(schema, stdin, out, errOut)
	app.Before = func(c *cli.Context) error {
		if c.Bool("ascii") {
			out.ascii, errOut.ascii = true, true
		}
		return nil
	}
	asked := len(args) > 1 && args[len(args)-1] == completionFlag
	if asked {
		args = args[:len(args)-1]
	}
	args = hoistFlags(app, helpOf(app, args))
	if asked {
		args = append(args, completionFlag)
	}
	notFound, unknown := helpNotFound()
	app.CommandNotFound = notFound
	err := app.Run(args)
	if err == nil {
		err = *unknown
	}
	if err == nil {
		return 0
	}
	err = table.Explain(err)
	printError(errOut, err)
	return exitCode(err)
}

// exitCode maps an error to the process's exit code, once for every command: 2 for a mistake
// in what was typed (a usage error, input the application cannot read, no such game), 1 for
// everything else (a refused move, a conflict, a failure).
func exitCode(err error) int {
	var u usageError
	switch {
	case errors.As(err, &u), table.CodeOf(err) == play.Invalid, table.CodeOf(err) == play.NotFound:
		return 2
	}
	return 1
}

// printError writes an error and the hint that goes with it, the way every command does. A
// database gone is said in the table's words, and then in the database's, which name it and
// why it did not answer: whoever runs it needs them (a phone is told the first only).
func printError(w io.Writer, err error) {
	fmt.Fprintf(w, "tableside: error: %s\n", err)
	var te *play.Error
	if errors.As(err, &te) && te.Code == play.Unavailable && te.Err != nil {
		fmt.Fprintf(w, "tableside: the database said: %v\n", te.Err)
	}
	if hint := hintOf(err); hint != "" {
		fmt.Fprintf(w, "tableside: hint: %s\n", hint)
	}
}

// hintOf is the advice the command line gives with err: its own, else the application's.
func hintOf(err error) string {
	var h hinted
	if errors.As(err, &h) {
		return h.hint
	}
	return table.HintOf(err)
}

// problemOf is err as the API writes a failure (docs/api.md), for a script to read: the
// application's code, "invalid" for a usage mistake, else "internal"; and the hint printed
// with it.
func problemOf(err error) table.Problem {
	err = table.Explain(err)
	code := string(table.CodeOf(err))
	if code == "" {
		code = "internal"
		if exitCode(err) == 2 {
			code = string(play.Invalid)
		}
	}
	return table.ProblemOf(err, code, hintOf(err))
}

// NewApp builds a fresh command line. A new one per run keeps tests independent: urfave/cli
// keeps parsed state in its values.
func NewApp(schema string, stdin io.Reader, stdout, stderr io.Writer) *cli.App {
	app := &cli.App{
		Name:           "tableside",
		Usage:          "referee and scorekeeper for card games played with real cards",
		Reader:         stdin,
		Writer:         stdout,
		ErrWriter:      stderr,
		ExitErrHandler: func(*cli.Context, error) {},
		Version:        version(),
		// Shells ask for what may come next with --generate-bash-completion (completion.go).
		EnableBashCompletion: true,
		// A repeated flag carries one value each time: `--team red=ann,cy` keeps its comma.
		DisableSliceFlagSeparator: true,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "db", Usage: "the database file, or a postgres:// URL (default: $TABLESIDE_DB, else tableside.db in the user's data directory)", EnvVars: []string{"TABLESIDE_DB"}},
			&cli.BoolFlag{Name: "ascii", Usage: "write suits as S H D C and tables with plain borders (also when the locale is C)"},
		},
		Metadata: map[string]any{"schema": schema},
		OnUsageError: func(c *cli.Context, err error, _ bool) error {
			return usageError{err.Error()}
		},
		Commands: []*cli.Command{
			newCommand(), gamesCommand(), recordCommand(), playCommand(), showCommand(), logCommand(), checkCommand(), summarizeCommand(),
			undoCommand(), voidCommand(), amendCommand(), ruleCommand(), adjustCommand(), abandonCommand(), confirmCommand(),
			scoreCommand(), matchCommand(), tournamentCommand(), exportCommand(), importCommand(), calcCommand(), rulesCommand(),
			verifyCommand(), statsCommand(), publishCommand(), serveCommand(), keyCommand(), demoCommand(), completionCommand(),
		},
	}
	app.Action = chooseCommand(nil, app.Commands)
	setUp(app, nil, app.Commands)
	return app
}

// setUp gives every command under path the app's usage errors. A command with subcommands
// chooses among them as the app does; one without takes every word as its own, so that a
// tournament called h or a game kind mistyped as help is read as typed, not as a call for help.
func setUp(app *cli.App, path []string, cmds []*cli.Command) {
	for _, cmd := range cmds {
		cmd.OnUsageError = app.OnUsageError
		if len(cmd.Subcommands) == 0 {
			cmd.HideHelpCommand = true
			continue
		}
		here := append(slices.Clip(path), cmd.Name)
		cmd.Action = chooseCommand(here, cmd.Subcommands)
		setUp(app, here, cmd.Subcommands)
	}
}

// chooseCommand is the action of the app (path nil) and of each command with subcommands: with
// no word, the help; with a word that names none of cmds, a usage error naming the nearest.
// urfave/cli would show the help of nothing and succeed, and a mistyped `tournament pair`
// would look done.
func chooseCommand(path []string, cmds []*cli.Command) cli.ActionFunc {
	return func(c *cli.Context) error {
		word := c.Args().First()
		switch {
		case word == "" && path == nil:
			return cli.ShowAppHelp(c)
		case word == "":
			return cli.ShowSubcommandHelp(c)
		}
		return unknownCommand(path, cmds, word)
	}
}

// unknownCommand is the usage error for word, which names none of cmds, the commands under
// path (nil for the top): it names the nearest.
func unknownCommand(path []string, cmds []*cli.Command, word string) error {
	var names []string
	for _, cmd := range cmds {
		if !cmd.Hidden {
			names = append(names, cmd.Name)
		}
	}
	help := strings.Join(append([]string{"tableside", "help"}, path...), " ")
	if len(path) == 0 {
		return usagef("unknown command %q%s (see `%s`)", word, play.DidYouMean(word, names), help)
	}
	return usagef("unknown command %q of tableside %s%s (see `%s`)", word, strings.Join(path, " "), play.DidYouMean(word, names), help)
}

// helpNotFound is what urfave/cli calls when help is asked for a command that is not there
// (`help pari`, `tournament pari --help`), and where it leaves the error to return: a name
// mistyped there is a usage error naming the nearest too, not help shown for nothing.
func helpNotFound() (func(*cli.Context, string), *error) {
	var unknown error
	return func(c *cli.Context, name string) {
		cmds, path := c.App.Commands, []string(nil)
		if c.Command != nil && c.Command.Subcommands != nil {
			// HelpName is the command's whole path, "tableside tournament".
			cmds, path = c.Command.Subcommands, strings.Fields(c.Command.HelpName)
			path = path[min(1, len(path)):]
		}
		unknown = unknownCommand(path, cmds, name)
	}, &unknown
}

// completionFlag is the flag a shell adds after the words typed so far to ask what may come
// next. urfave/cli looks for it last, so it is taken off before the flags are moved and put
// back after.
const completionFlag = "--generate-bash-completion"

// helpOf turns `tableside help calc meld` into `tableside calc meld --help`: urfave/cli's help
// command looks one level down only, and would show calc's help instead of meld's. Global
// flags may come first (`tableside --db x.db help calc meld`).
func helpOf(app *cli.App, args []string) []string {
	i := 1
	for i < len(args) && isFlagOf(app.Flags, args[i]) {
		i += flagArity(app.Flags, args[i])
	}
	if len(args)-i > 2 && args[i] == "help" {
		return append(append(slices.Clip(args[:i]), args[i+1:]...), "--help")
	}
	return args
}

// version is the program's version, from the build: the module version when built from a
// release, else the commit it was built from.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := info.Main.Version
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			v += " " + s.Value[:min(12, len(s.Value))]
		case "vcs.modified":
			if s.Value == "true" {
				v += " (modified)"
			}
		}
	}
	return v
}

// hoistFlags moves the flags typed after a command's words in front of them, so that
// `tableside score 3 --format csv` reads like `tableside score --format csv 3`: urfave/cli
// stops reading flags at the first plain word. Only flags the command defines move, so a
// negative number (`adjust 3 ann -2`) stays a word; everything after `--` stays in place.
func hoistFlags(app *cli.App, args []string) []string {
	if len(args) < 2 {
		return args
	}
	var global, rest []string
	// Global flags may be typed anywhere.
	for i := 1; i < len(args); i++ {
		if n := flagArity(app.Flags, args[i]); n > 0 && isFlagOf(app.Flags, args[i]) {
			global = append(global, args[i:min(i+n, len(args))]...)
			i += n - 1
			continue
		}
		if args[i] == "--" {
			rest = append(rest, args[i:]...)
			break
		}
		rest = append(rest, args[i])
	}
	out := append([]string{args[0]}, global...)
	if len(rest) == 0 {
		return out
	}
	cmds := app.Commands
	for len(rest) > 0 {
		cmd := findCommand(cmds, rest[0])
		if cmd == nil {
			break
		}
		out = append(out, rest[0])
		var flags, words []string
		i := 1
		for ; i < len(rest); i++ {
			if rest[i] == "--" {
				words = append(words, rest[i:]...)
				i = len(rest)
				break
			}
			if n := flagArity(cmd.Flags, rest[i]); n > 0 {
				flags = append(flags, rest[i:min(i+n, len(rest))]...)
				i += n - 1
				continue
			}
			if len(cmd.Subcommands) > 0 && len(words) == 0 && findCommand(cmd.Subcommands, rest[i]) != nil {
				break
			}
			words = append(words, rest[i])
		}
		out = append(out, flags...)
		if i < len(rest) && len(words) == 0 { // a subcommand follows
			rest = rest[i:]
			cmds = cmd.Subcommands
			continue
		}
		return append(out, words...)
	}
	return append(out, rest...)
}

// isFlagOf reports whether arg names one of flags.
func isFlagOf(flags []cli.Flag, arg string) bool {
	name, _, _ := strings.Cut(strings.TrimLeft(arg, "-"), "=")
	return slices.ContainsFunc(flags, func(f cli.Flag) bool { return slices.Contains(f.Names(), name) })
}

func findCommand(cmds []*cli.Command, name string) *cli.Command {
	for _, c := range cmds {
		if c.Name == name || slices.Contains(c.Aliases, name) {
			return c
		}
	}
	return nil
}

// flagArity says how many words the flag at arg takes (1 for `--x` alone, `--x=v`, or a
// bool; 2 for `--x v`), or 0 when arg is not a flag. A word that looks like a flag but is not
// one of flags counts as one word, so that urfave/cli sees it and names it as unknown; a
// negative number is not a flag.
func flagArity(flags []cli.Flag, arg string) int {
	if !strings.HasPrefix(arg, "-") || arg == "-" || arg == "--" {
		return 0
	}
	if _, err := strconv.Atoi(arg); err == nil {
		return 0
	}
	name := strings.TrimLeft(arg, "-")
	name, _, hasValue := strings.Cut(name, "=")
	for _, f := range flags {
		if !slices.Contains(f.Names(), name) {
			continue
		}
		if _, isBool := f.(*cli.BoolFlag); isBool || hasValue {
			return 1
		}
		return 2
	}
	return 1
}

// openApp opens the database the flags, the environment or the default name, which must be
// there: a command that only reads, or records into a game, never makes a file from a
// mistyped name.
func openApp(c *cli.Context) (*table.App, error) {
	return open(c, table.OpenExisting)
}

// createApp opens the database like openApp, making it when it is not there yet: for the
// commands that start games (new, import, demo) and the club night's server, which says what
// the application keeps (opts).
func createApp(c *cli.Context, opts ...table.OpenOption) (*table.App, error) {
	return open(c, table.Open, opts...)
}

func open(c *cli.Context, opener func(ctx context.Context, path, schema string, opts ...table.OpenOption) (*table.App, error), opts ...table.OpenOption) (*table.App, error) {
	path := c.String("db")
	if path == "" {
		var err error
		if path, err = table.DefaultPath(); err != nil {
			return nil, hinted{err, "name a database with --db PATH or $TABLESIDE_DB"}
		}
	}
	schema, _ := c.App.Metadata["schema"].(string)
	app, err := opener(c.Context, path, schema, opts...)
	switch {
	case errors.Is(err, table.ErrNoDatabase):
		return nil, hinted{err, "check the name given with --db or $TABLESIDE_DB; `tableside new` (or `import`, or `demo`) makes a new database"}
	case table.CodeOf(err) == play.Damaged:
		return nil, hinted{err, "keep the damaged file as it is; copy back a backup of it, or `tableside --db NEW.db import` the last `export --all` of it, then `tableside --db NEW.db verify --seal SEAL` with the file seal written down"}
	}
	return app, err
}
