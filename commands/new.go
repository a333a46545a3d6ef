package commands

import (
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
)

func newCommand() *cli.Command {
	return &cli.Command{
		Name:      "new",
		Usage:     "start a game and print its id",
		ArgsUsage: "KIND",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "players", Usage: "the players in seating order, comma-separated", Required: true},
			&cli.StringFlag{Name: "dealer", Usage: "the first dealer"},
			&cli.StringFlag{Name: "opener", Usage: "the first opener, for games that name one instead of a dealer"},
			&cli.StringSliceFlag{Name: "option", Usage: "a game option NAME=VALUE (see `tableside rules KIND`); repeatable"},
			&cli.StringSliceFlag{Name: "team", Usage: "a team or party NAME=PLAYER,PLAYER, for games played in teams; repeatable"},
			&cli.StringFlag{Name: "match", Usage: "the match or season the game belongs to (see `tableside match`)"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usagef("name the game: tableside new KIND --players a,b (kinds: %s)", strings.Join(kinds(), ", "))
			}
			kind := strings.ToLower(c.Args().First())
			rules, ok := engines[kind]
			if !ok {
				return usagef("unknown game %q (kinds: %s)", c.Args().First(), strings.Join(kinds(), ", "))
			}
			setup := events.Created{Kind: kind, Dealer: c.String("dealer"), Ruleset: rules.Ruleset(), Options: map[string]string{}}
			setup.Opener = c.String("opener")
			for _, p := range strings.Split(c.String("players"), ",") {
				if p = strings.TrimSpace(p); p != "" {
					setup.Players = append(setup.Players, p)
				}
			}
			for _, team := range c.StringSlice("team") {
				name, members, ok := strings.Cut(team, "=")
				if name = strings.TrimSpace(name); !ok || name == "" {
					return usagef("team %q: write NAME=PLAYER,PLAYER", team)
				}
				if setup.Teams == nil {
					setup.Teams = map[string][]string{}
				}
				for _, m := range strings.Split(members, ",") {
					setup.Teams[name] = append(setup.Teams[name], strings.TrimSpace(m))
				}
			}
			setup.Match = strings.TrimSpace(c.String("match"))
			for _, opt := range c.StringSlice("option") {
				name, value, ok := strings.Cut(opt, "=")
				if !ok {
					return usagef("option %q: write NAME=VALUE", opt)
				}
				setup.Options[strings.TrimSpace(name)] = strings.TrimSpace(value)
			}
			opts, err := referee.CheckOptions(rules.Options(), setup.Options)
			if err != nil {
				return usageError{err.Error()}
			}
			setup.Options = opts
			if _, err := rules.New(setup); err != nil {
				return usageError{err.Error()}
			}
			e, err := event(events.TypeCreated, "", setup)
			if err != nil {
				return err
			}
			if setup.Match != "" {
				if err := checkMatchKind(c, setup); err != nil {
					return err
				}
			}
			t, err := createGame(c, []events.Event{e})
			if err != nil {
				return err
			}
			defer t.store.Close()
			fmt.Fprintln(c.App.Writer, t.id)
			return nil
		},
	}
}
