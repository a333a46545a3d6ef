package commands

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/table"
)

// The output formats commands offer; the first of each list is the default.
var (
	textOrJSON     = []string{"text", "json"}
	textJSONOrHTML = []string{"text", "json", "html"}
	tableOrJSON    = []string{"table", "md", "csv", "json"}
)

func formatFlag(formats []string) *cli.StringFlag {
	return &cli.StringFlag{Name: "format", Value: formats[0], Usage: strings.Join(formats, "|")}
}

// checkFormat refuses a format the command does not write.
func checkFormat(c *cli.Context, formats []string) (string, error) {
	f := c.String("format")
	if !slices.Contains(formats, f) {
		return "", usagef("unknown format %q (use %s)", f, strings.Join(formats, ", "))
	}
	return f, nil
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// gameID reads the GAME word.
func gameID(word string) (int64, error) {
	id, err := strconv.ParseInt(strings.TrimPrefix(word, "#"), 10, 64)
	if err != nil || id <= 0 {
		return 0, usagef("%q is not a game id (a number, as `tableside games` lists)", word)
	}
	return id, nil
}

// openGame opens the database and loads the game named by the command's first word. The
// caller closes the app.
func openGame(c *cli.Context) (*table.App, *play.Game, error) { return openLog(c, (*table.App).Game) }

// reader is how a command reads the log it names: a game with its flags (App.Game), or a
// tournament to be shown or paired from (App.TournamentLog).
type reader func(app *table.App, ctx context.Context, id int64) (*play.Game, error)

// openLog is openGame, the log read by read.
func openLog(c *cli.Context, read reader) (*table.App, *play.Game, error) {
	if c.NArg() == 0 {
		return nil, nil, usagef("name the game (tableside %s GAME …)", c.Command.Name)
	}
	id, err := gameID(c.Args().First())
	if err != nil {
		return nil, nil, err
	}
	app, err := openApp(c)
	if err != nil {
		return nil, nil, err
	}
	g, err := read(app, c.Context, id)
	if table.CodeOf(err) == play.NotFound {
		err = hinted{err, "`tableside games` lists the games"}
	}
	if err != nil {
		app.Close()
		return nil, nil, err
	}
	return app, g, nil
}

// gameCommand completes a command whose only word is a game: it adds the --format flag when
// the command has formats, checks it, opens the game, and runs.
func gameCommand(cmd *cli.Command, formats []string, run func(c *cli.Context, app *table.App, g *play.Game, format string) error) *cli.Command {
	return readCommand(cmd, formats, (*table.App).Game, run)
}

// tournamentLogCommand is gameCommand for a command on a tournament that shows none of its log's
// flags: the tournament is read without judging its pairings (App.TournamentLog).
func tournamentLogCommand(cmd *cli.Command, formats []string, run func(c *cli.Context, app *table.App, g *play.Game, format string) error) *cli.Command {
	return readCommand(cmd, formats, (*table.App).TournamentLog, run)
}

// readCommand is gameCommand, the log read by read.
func readCommand(cmd *cli.Command, formats []string, read reader, run func(c *cli.Context, app *table.App, g *play.Game, format string) error) *cli.Command {
	cmd.ArgsUsage = "GAME"
	cmd.BashComplete = completeGame
	if formats != nil {
		cmd.Flags = append(cmd.Flags, formatFlag(formats))
	}
	cmd.Action = func(c *cli.Context) error {
		var format string
		if formats != nil {
			var err error
			if format, err = checkFormat(c, formats); err != nil {
				return err
			}
		}
		if c.NArg() > 1 {
			return usagef("unexpected word %q: tableside %s takes only the game", c.Args().Get(1), c.Command.Name)
		}
		app, g, err := openLog(c, read)
		if err != nil {
			return err
		}
		defer app.Close()
		warnRecord(c, g.ID(), g.Record())
		return run(c, app, g, format)
	}
	return cmd
}

// advise adds the command line's advice to an application error about game id.
func advise(err error, id int64, f face) error {
	switch table.CodeOf(err) {
	case play.Refused:
		if !forceRecords(err) {
			return err
		}
		return hinted{err, table.HintOf(err) + "  (or " + f.forceWords() + " to record it flagged)"}
	case play.Over:
		if h := table.HintOf(err); h != "" {
			return hinted{err, h}
		}
		var te *play.Error
		if errors.As(err, &te) && te.Game != nil && te.Game.IsTournament() {
			return hinted{err, fmt.Sprintf("see `tableside tournament show %d`", id)}
		}
		return hinted{err, fmt.Sprintf("see `tableside score %d`, or correct a move with amend or void", id)}
	case play.Conflict:
		return hinted{err, fmt.Sprintf("see `tableside show %d`, then enter it again", id)}
	}
	return err
}

// forceRecords reports whether forcing a refused entry would record anything worth offering.
// A tournament's move that its referee would set aside (a second end, a drop of nobody present)
// is the organiser's own slip, not a record of play at a table (L8): forced, the night would go
// on as if it had not been made.
func forceRecords(err error) bool {
	var te *play.Error
	if !errors.As(err, &te) || te.Game == nil || te.Game.Setup().Kind != table.TournamentKind {
		return true
	}
	return !slices.ContainsFunc(te.Flags, func(f play.Flag) bool { return f.SetAside })
}

// noteRejudged tells the table that another terminal recorded first and the entry was judged
// again against the newer record.
func noteRejudged(w io.Writer, id int64, times int) {
	if times > 0 {
		fmt.Fprintf(w, "tableside: note: another terminal recorded in game %d first; judged again against the newer record\n", id)
	}
}
