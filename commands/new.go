package commands

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/table"
)

// setupFlags are the flags of `new` that set each field of a setup.
var setupFlags = map[string]string{
	table.FieldPlayers: "--players", table.FieldDealer: "--dealer",
	table.FieldOpener: "--opener", table.FieldDate: "--date", table.FieldMatch: "--match",
	table.FieldTeams: "--team", table.FieldOptions: "--option",
}

// flagHint gives an error about a field of the setup, which has no hint of its own, the flag
// that sets the field.
func flagHint(err error) error {
	var e *play.Error
	if !errors.As(err, &e) || setupFlags[e.Field] == "" || e.Hint != "" {
		return err
	}
	return hinted{err, fmt.Sprintf("the flag for %s is %s (tableside new --help)", e.Field, setupFlags[e.Field])}
}

func newCommand() *cli.Command {
	return &cli.Command{
		Name:      "new",
		Usage:     "start a game and print its id",
		ArgsUsage: "KIND",
		Flags: []cli.Flag{
			// A word in backquotes is the value's placeholder in the help: --players NAME,NAME.
			&cli.StringFlag{Name: "players", Usage: "the players in seating order, `NAME,NAME`"},
			&cli.StringFlag{Name: "dealer", Usage: "the first dealer, a `NAME` from --players"},
			&cli.StringFlag{Name: "opener", Usage: "the first opener, a `NAME`, for games that name one instead of a dealer"},
			&cli.StringFlag{Name: "date", Usage: "the day the game is played, `YYYY-MM-DD`, for a game entered from paper (default: today)"},
			&cli.StringSliceFlag{Name: "option", Usage: "a game option `NAME=VALUE` (tableside rules KIND lists them); repeatable"},
			&cli.StringSliceFlag{Name: "team", Usage: "a team or party `NAME=PLAYER,PLAYER`, for games played in teams; repeatable"},
			&cli.StringFlag{Name: "match", Usage: "the match or season the game belongs to, a `NAME` (see tableside match)"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usagef("name the game: tableside new KIND --players a,b (kinds: %s)", strings.Join(play.Kinds(), ", "))
			}
			kind := c.Args().First()
			if !slices.ContainsFunc(play.Kinds(), func(k string) bool { return strings.EqualFold(k, kind) }) {
				return usagef("unknown game %q%s (kinds: %s)", kind, play.DidYouMean(kind, play.Kinds()), strings.Join(play.Kinds(), ", "))
			}
			if c.String("players") == "" {
				return hinted{usagef("which players? name them in seating order with --players"),
					fmt.Sprintf("tableside new %s --players ann,bob --dealer bob", c.Args().First())}
			}
			app, err := createApp(c)
			if err != nil {
				return err
			}
			defer app.Close()
			s := table.Setup{Kind: c.Args().First(), Players: table.SplitNames(c.String("players")),
				Dealer: c.String("dealer"), Opener: c.String("opener"), Date: c.String("date"), Match: c.String("match")}
			for _, team := range c.StringSlice("team") {
				if err := s.AddTeam(team); err != nil {
					return flagHint(err)
				}
			}
			for _, option := range c.StringSlice("option") {
				if err := s.AddOption(option); err != nil {
					return flagHint(err)
				}
			}
			g, err := app.New(c.Context, s)
			if err != nil {
				return flagHint(err)
			}
			fmt.Fprintln(c.App.Writer, g.ID())
			return nil
		},
	}
}
