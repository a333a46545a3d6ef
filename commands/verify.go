package commands

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/scoring"
	"github.com/tableside/tableside/table"
)

func verifyCommand() *cli.Command {
	return &cli.Command{
		Name:         "verify",
		Usage:        "check the whole file (schema and triggers, games rows, every hash chain), and with --seal hold it to a seal written down earlier; or one game against the seal of a printed sheet",
		ArgsUsage:    "[GAME [--seal CODE]]",
		BashComplete: completeGame,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "seal", Usage: "the seal at the foot of a printed score sheet of GAME, `COUNT:CODE` such as 152:7KQ3-M2XD-9FHA: has the log changed since? Without GAME, the file's seal (the foot of games, verify, a season export): is every game still here as it was? A club's file seal checks the games imported from it, and a sheet's seal alone finds its game"},
		},
		Action: func(c *cli.Context) error {
			switch {
			case c.NArg() > 1:
				return usagef("unexpected word %q: tableside verify takes one game at most", c.Args().Get(1))
			case c.NArg() == 1:
				return verifyGame(c)
			}
			seal, err := sealFlag(c)
			if err != nil {
				return err
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
			var problems []error
			for _, b := range v.Broken {
				fmt.Fprintln(c.App.Writer, b)
			}
			if n := len(v.Broken); n > 0 {
				problems = append(problems, fmt.Errorf("%d finding%s: %s was changed outside tableside", n, plural(n), kept(app)))
			} else {
				fmt.Fprintf(c.App.Writer, "verified %d game%s, %d events: the schema, the games and every hash chain are as tableside wrote them\n", v.Games, plural(v.Games), v.Events)
			}
			if seal == nil {
				if len(problems) > 0 {
					return hinted{problems[0], "a named event and everything after it cannot be trusted; compare with an export or the printed sheets (verify GAME --seal CODE)"}
				}
				fmt.Fprintln(c.App.Writer, fileSealLine(app, v.Seal))
				return nil
			}
			if err := verifySeal(c, app, *seal); err != nil {
				problems = append(problems, err)
			}
			if len(problems) > 0 {
				return hinted{errors.Join(problems...), "the record was changed outside tableside: compare it with an export or the printed sheets"}
			}
			return nil
		},
	}
}

// sealFlag reads --seal, nil when it was not given.
func sealFlag(c *cli.Context) (*play.Seal, error) {
	text := c.String("seal")
	if text == "" {
		return nil, nil
	}
	s, err := play.ParseSeal(text)
	if err != nil {
		return nil, usageError{err.Error()}
	}
	return &s, nil
}

// kept names where app keeps the games, for a message: a club's file or a league's database.
func kept(app *table.App) string {
	if table.IsPostgres(app.Path()) {
		return "the database"
	}
	return "the file"
}

// fileSealLine says the seal of the file (or a league's database) and what it is for.
func fileSealLine(app *table.App, s play.Seal) string {
	what := strings.TrimPrefix(kept(app), "the ")
	return fmt.Sprintf("%s seal %s (%d game%s): keep it; `tableside verify --seal %s` tells later whether every game is still here as it was", what, s, s.Events, plural(int(s.Events)), s)
}

// verifySeal holds the store against a seal given without its game: the seal of this file, or
// of a file whose games were imported here, or of a game's sheet, found from the seal alone.
// It returns an error when the seal holds for nothing here.
func verifySeal(c *cli.Context, app *table.App, seal play.Seal) error {
	w := c.App.Writer
	check, err := app.CheckFileSeal(c.Context, seal)
	if err != nil {
		return err
	}
	if check.Intact {
		what := fmt.Sprintf("%s holds its %d game%s", kept(app), seal.Events, plural(int(seal.Events)))
		if check.Imported != nil {
			what = fmt.Sprintf("%s holds the %d game%s of the file it sealed, imported as game%s %s,", kept(app), seal.Events, plural(int(seal.Events)), plural(len(check.Imported)), gameList(check.Imported[:seal.Events]))
		}
		fmt.Fprintf(w, "against seal %s: %s as they were when it was sealed", seal, what)
		if check.Appended > 0 {
			fmt.Fprintf(w, "; %d game%s created since", check.Appended, plural(int(check.Appended)))
		}
		fmt.Fprintln(w)
		return nil
	}
	found, err := app.GamesSealed(c.Context, seal)
	if err != nil {
		return err
	}
	if len(found) == 0 {
		fmt.Fprintf(w, "against seal %s: %s; no game here has a sheet of this seal either\n", seal, check.Reason)
		return fmt.Errorf("%s no longer matches its seal %s, nor does any game here: the seal is of a game or file changed since, or of another file or database", kept(app), seal)
	}
	var problems []error
	for _, v := range found {
		if err := sealedGame(w, v, seal); err != nil {
			problems = append(problems, err)
		}
	}
	return errors.Join(problems...)
}

// gameList writes game numbers for a sentence: "4", "4 and 5", "4 to 9" when they run on.
func gameList(ids []int64) string {
	switch n := len(ids); {
	case n == 1:
		return fmt.Sprint(ids[0])
	case ids[n-1]-ids[0] == int64(n-1):
		return fmt.Sprintf("%d to %d", ids[0], ids[n-1])
	}
	var b strings.Builder
	for i, id := range ids {
		switch {
		case i == len(ids)-1:
			b.WriteString(" and ")
		case i > 0:
			b.WriteString(", ")
		}
		fmt.Fprint(&b, id)
	}
	return b.String()
}

// sealedGame says what a sheet's seal found without its game says of the game whose log it
// was made from, and returns an error when its hash chain breaks.
func sealedGame(w io.Writer, v *table.GameVerified, seal play.Seal) error {
	name := fmt.Sprintf("game %d", v.Game)
	if v.Moved != nil {
		name += fmt.Sprintf(" (game %d in the file it was imported from)", v.Moved.FileGame)
	}
	switch {
	case v.Sealed.Appended == 0:
		fmt.Fprintf(w, "against seal %s: the sheet is of %s, whose log is as it was when the sheet was printed\n", seal, name)
	default:
		fmt.Fprintf(w, "against seal %s: the sheet is of %s, whose log begins with the %d events sealed; %d recorded since\n", seal, name, seal.Events, v.Sealed.Appended)
	}
	if v.Broken != nil {
		fmt.Fprintln(w, v.Broken)
		return fmt.Errorf("game %d's hash chain breaks at event %d", v.Game, v.Broken.Seq)
	}
	return nil
}

// verifyGame walks one game's chain and, with --seal, holds it against a printed sheet. A seal
// that is not the game's is looked for in the other games: a sheet printed where the game was
// kept before it was imported names it by its number there.
func verifyGame(c *cli.Context) error {
	id, err := gameID(c.Args().First())
	if err != nil {
		return err
	}
	seal, err := sealFlag(c)
	if err != nil {
		return err
	}
	app, err := openApp(c)
	if err != nil {
		return err
	}
	defer app.Close()
	w := c.App.Writer
	v, err := app.VerifyGame(c.Context, id, seal)
	missing := table.CodeOf(err) == play.NotFound && seal != nil
	if err != nil && !missing {
		return err
	}
	if seal != nil && (missing || !v.Sealed.Intact) {
		found, err := app.GamesSealed(c.Context, *seal)
		if err != nil {
			return err
		}
		if len(found) > 0 {
			fmt.Fprintf(w, "against seal %s: not game %d's here\n", seal, id)
			var problems []error
			for _, f := range found {
				if err := sealedGame(w, f, *seal); err != nil {
					problems = append(problems, err)
				}
			}
			if len(problems) > 0 {
				return hinted{errors.Join(problems...), "the record was changed outside tableside: compare it with the printed sheets or an export"}
			}
			return nil
		}
	}
	if missing {
		// Not the not-found error itself, whose exit code is a mistyped command's: a sheet of
		// the game says it was here.
		return hinted{fmt.Errorf("%v, yet a sheet of it was sealed %s, and no other game here has that sheet: the game was deleted, or the sheet is from another file", err, seal),
			"the record was changed outside tableside: compare it with the printed sheets or an export"}
	}
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
