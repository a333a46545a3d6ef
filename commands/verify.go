package commands

import (
	"errors"
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/scoring"
	"github.com/tableside/tableside/table"
)

func verifyCommand() *cli.Command {
	return &cli.Command{
		Name:         "verify",
		Usage:        "check the whole file (schema and triggers, games rows, every hash chain), or one game against the seal of a printed sheet",
		ArgsUsage:    "[GAME [--seal CODE]]",
		BashComplete: completeGame,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "seal", Usage: "the seal at the foot of a printed score sheet of GAME, `COUNT:CODE` such as 152:7KQ3-M2XD-9FHA: has the log changed since? Without GAME, the file's seal (the foot of games, verify, a season export): is every game still here as it was?"},
		},
		Action: func(c *cli.Context) error {
			switch {
			case c.NArg() > 1:
				return usagef("unexpected word %q: tableside verify takes one game at most", c.Args().Get(1))
			case c.NArg() == 1:
				return verifyGame(c)
			case c.String("seal") != "":
				return verifyFileSeal(c)
			}
			app, bar, err := openWalk(c, "verifying", "text")
			if err != nil {
				return err
			}
			defer app.Close()
			v, err := app.Verify(c.Context, bar.Step)
			bar.Done()
			if err != nil {
				return err
			}
			for _, b := range v.Broken {
				fmt.Fprintln(c.App.Writer, b)
			}
			if n := len(v.Broken); n > 0 {
				return hinted{fmt.Errorf("%d finding%s: %s was changed outside tableside", n, plural(n), kept(app)),
					"a named event and everything after it cannot be trusted; compare with an export or the printed sheets (verify GAME --seal CODE)"}
			}
			fmt.Fprintf(c.App.Writer, "verified %d game%s, %d events: the schema, the games and every hash chain are as tableside wrote them\n", v.Games, plural(v.Games), v.Events)
			fmt.Fprintln(c.App.Writer, fileSealLine(v.Seal))
			return nil
		},
	}
}

// kept names where app keeps the games, for a message: a club's file or a league's database.
func kept(app *table.App) string {
	if table.IsPostgres(app.Path()) {
		return "the database"
	}
	return "the file"
}

// fileSealLine says the file's seal and what it is for.
func fileSealLine(s events.Seal) string {
	return fmt.Sprintf("file seal %s (%d game%s): keep it; `tableside verify --seal %s` tells later whether every game is still here as it was", s, s.Events, plural(int(s.Events)), s)
}

// verifyFileSeal holds the whole file against its seal written down earlier.
func verifyFileSeal(c *cli.Context) error {
	seal, err := events.ParseSeal(c.String("seal"))
	if err != nil {
		return usageError{err.Error()}
	}
	app, err := openApp(c)
	if err != nil {
		return err
	}
	defer app.Close()
	check, err := app.CheckFileSeal(c.Context, seal)
	switch {
	case err != nil:
		return err
	case !check.Intact:
		fmt.Fprintf(c.App.Writer, "against file seal %s: %s\n", seal, check.Reason)
		return hinted{fmt.Errorf("%s no longer matches its seal %s", kept(app), seal), "the record was changed outside tableside: compare it with an export or the printed sheets"}
	case check.Appended == 0:
		fmt.Fprintf(c.App.Writer, "against file seal %s: the file holds its %d games as they were when it was sealed\n", seal, seal.Events)
	default:
		fmt.Fprintf(c.App.Writer, "against file seal %s: the file holds its %d games as they were when it was sealed; %d game%s created since\n", seal, seal.Events, check.Appended, plural(int(check.Appended)))
	}
	return nil
}

// verifyGame walks one game's chain and, with --seal, holds it against a printed sheet.
func verifyGame(c *cli.Context) error {
	id, err := gameID(c.Args().First())
	if err != nil {
		return err
	}
	var seal *events.Seal
	if text := c.String("seal"); text != "" {
		s, err := events.ParseSeal(text)
		if err != nil {
			return usageError{err.Error()}
		}
		seal = &s
	}
	app, err := openApp(c)
	if err != nil {
		return err
	}
	defer app.Close()
	v, err := app.VerifyGame(c.Context, id, seal)
	if table.CodeOf(err) == table.NotFound && seal != nil {
		return hinted{fmt.Errorf("%w, yet a sheet of it was sealed %s: the game was deleted, or the sheet is from another file", err, seal),
			"the record was changed outside tableside: compare it with the printed sheets or an export"}
	}
	if err != nil {
		return err
	}
	w := c.App.Writer
	var problems []error
	if v.Broken != nil {
		fmt.Fprintln(w, v.Broken)
		problems = append(problems, fmt.Errorf("game %d's hash chain breaks at event %d", id, v.Broken.Seq))
	} else {
		fmt.Fprintf(w, "game %d: %d events, hash chain intact; seal %s\n", id, v.Events, v.Seal)
	}
	if s := v.Sealed; s != nil {
		switch {
		case !s.Intact:
			fmt.Fprintf(w, "against seal %s: %s\n", seal, s.Reason)
			problems = append(problems, fmt.Errorf("game %d no longer matches the sheet sealed %s", id, seal))
		case s.Appended == 0:
			fmt.Fprintf(w, "against seal %s: the log is as it was when the sheet was printed\n", seal)
		default:
			fmt.Fprintf(w, "against seal %s: the log begins with the %d events sealed; %d recorded since\n", seal, seal.Events, s.Appended)
		}
	}
	if len(problems) > 0 {
		return hinted{errors.Join(problems...), "the record was changed outside tableside: compare it with the printed sheets or an export"}
	}
	return nil
}

// warnRecord tells, on standard error, that a game's record does not verify: every read of one
// game says so, so that a changed record is not read as if it were sound.
func warnRecord(c *cli.Context, game int64, r *scoring.Record) {
	if r == nil || r.Intact {
		return
	}
	fmt.Fprintf(c.App.ErrWriter, "tableside: warning: game %d's record was changed outside tableside: event %d: %s; `tableside verify %d` checks it\n",
		game, r.BrokenAt, r.Problem, game)
}
