package commands

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/render"
	"github.com/tableside/tableside/scoring"
	"github.com/tableside/tableside/table"
)

func tournamentCommand() *cli.Command {
	return &cli.Command{
		Name:  "tournament",
		Usage: "a club night in rounds: start it, pair each round (its games made at once), and see the standings",
		Subcommands: []*cli.Command{{
			Name:      "new",
			Usage:     "start a tournament of one kind of game and print its number; its name is the match its games are in",
			ArgsUsage: "NAME",
			Flags: []cli.Flag{
				&cli.StringFlag{Name: "game", Usage: "the kind of game its rounds play (tableside rules lists them)"},
				&cli.StringFlag{Name: "players", Usage: "the entrants in order of entry, comma-separated (a,b,c)"},
				&cli.StringFlag{Name: "pairing", Usage: "how rounds are paired: swiss, round-robin (at tables of 2) or rotation (the kinds played at larger tables)", Value: "swiss"},
				&cli.IntFlag{Name: "rounds", Usage: "how many rounds, one or more (default 5; a round robin has its own)"},
				&cli.IntFlag{Name: "table-size", Usage: "players at a full table (capture 2–6, article2 2–4)"},
				&cli.StringFlag{Name: "tie-breaks", Usage: "the tie-breaks, in order: buchholz, buchholz-cut1, sonneborn-berger, game-scores, direct, rating"},
				&cli.BoolFlag{Name: "double", Usage: "a double round robin"},
				&cli.BoolFlag{Name: "confirm", Usage: "pair a round only when every scored round of the last is confirmed (L9), or released"},
				&cli.IntFlag{Name: "round-minutes", Usage: "a round's time, in minutes from its pairing, counted down on the phones, the wall and the organiser's page (TR5)"},
				&cli.StringSliceFlag{Name: "rating", Usage: "a player's rating, PLAYER=N (again for each)"},
				&cli.StringFlag{Name: "date", Usage: "the day it is played, YYYY-MM-DD (default today)"},
				&cli.StringSliceFlag{Name: "option", Usage: "an option of its games, NAME=VALUE (again for each; tableside rules KIND lists them)"},
				formatFlag(textOrJSON),
			},
			Action: tournamentNew,
		},
			tournamentLogCommand(&cli.Command{
				Name:  "pair",
				Usage: "pair the next round by T1–T9 and make its games; the round before must be over (its games, or ended)",
			}, textOrJSON, func(c *cli.Context, app *table.App, g *play.Game, format string) error {
				round, err := app.PairRound(c.Context, g, 0)
				if err != nil {
					return err
				}
				if format == "json" {
					return writeJSON(c.App.Writer, round)
				}
				writeRound(c.App.Writer, *round)
				return nil
			}),
			tournamentLogCommand(&cli.Command{
				Name:  "slip",
				Usage: "the latest round's slip for the notice board, as one printable HTML page: its tables and the standings it was paired from, with the tournament's seal",
			}, nil, func(c *cli.Context, app *table.App, g *play.Game, _ string) error {
				v, slip, err := latestSlip(c, app, g)
				if err != nil {
					return err
				}
				return render.SlipHTML(c.App.Writer, slip, render.TournamentStandings(v.TieBreaks, v.Standings, render.Whole))
			}),
			tournamentLogCommand(&cli.Command{
				Name:  "print",
				Usage: "one of the director's prints, as one printable HTML page with the tournament's seal: the latest round's pairings by name, its result slips (one a table), the crosstable, or the standings",
				Flags: []cli.Flag{&cli.StringFlag{Name: "kind", Value: "pairings", Usage: "the print: " + strings.Join(render.PrintKinds, ", ")}},
			}, nil, func(c *cli.Context, app *table.App, g *play.Game, _ string) error {
				kind := c.String("kind")
				if !slices.Contains(render.PrintKinds, kind) {
					return usagef("--kind %q: the prints are %s", kind, strings.Join(render.PrintKinds, ", "))
				}
				v, slip, err := latestSlip(c, app, g)
				if err != nil {
					return err
				}
				return render.PrintHTML(c.App.Writer, kind, render.NewPrint(slip, v.Crosstable(g.Record()), v.TieBreaks, v.Standings, v.Finished, v.Closed, v.Winners))
			}),
			tournamentLogCommand(&cli.Command{
				Name:  "results",
				Usage: "the tournament's results file for rating bodies and other programs: its settings and seal, a line a player with every round, and a digest (docs/json.md); calc standings reads it back",
			}, nil, func(c *cli.Context, app *table.App, g *play.Game, _ string) error {
				v, err := app.Tournament(c.Context, g)
				if err != nil {
					return err
				}
				_, err = io.WriteString(c.App.Writer, v.ResultsFile(g.Record()))
				return err
			}),
			tournamentLogCommand(&cli.Command{
				Name:  "show",
				Usage: "the tournament: its settings, every round's tables and games, and the standings with their tie-breaks",
			}, tableOrJSON, func(c *cli.Context, app *table.App, g *play.Game, format string) error {
				v, err := app.Tournament(c.Context, g)
				if err != nil {
					return err
				}
				if format == "json" {
					return writeJSON(c.App.Writer, v)
				}
				return writeTournament(c.App.Writer, format, v)
			}),
		},
	}
}

func tournamentNew(c *cli.Context) error {
	format, err := checkFormat(c, textOrJSON)
	if err != nil {
		return err
	}
	if c.NArg() == 0 {
		return usagef("name the tournament: tableside tournament new NAME --game KIND --players a,b,c")
	}
	if c.String("game") == "" {
		return usagef("which game do its rounds play? name it with --game KIND (kinds: %s)", strings.Join(play.Kinds(), ", "))
	}
	if c.IsSet("rounds") && c.Int("rounds") < 1 {
		return usagef("--rounds %d: a tournament plays one round or more (leave it out for the default)", c.Int("rounds"))
	}
	s := table.TournamentSetup{Name: strings.Join(c.Args().Slice(), " "), Game: c.String("game"), Format: c.String("pairing"),
		Rounds: c.Int("rounds"), TableSize: c.Int("table-size"), Double: c.Bool("double"), Confirm: c.Bool("confirm"), RoundMinutes: c.Int("round-minutes"),
		Players: table.SplitNames(c.String("players")), Date: c.String("date")}
	if tb := c.String("tie-breaks"); tb != "" {
		s.TieBreaks = table.SplitNames(tb)
	}
	for _, r := range c.StringSlice("rating") {
		name, value, ok := strings.Cut(r, "=")
		n, err := strconv.Atoi(strings.TrimSpace(value))
		if !ok || err != nil {
			return usagef("--rating %q: give PLAYER=N, as --rating ann=1500", r)
		}
		if s.Ratings == nil {
			s.Ratings = map[string]int{}
		}
		s.Ratings[strings.TrimSpace(name)] = n
	}
	for _, o := range c.StringSlice("option") {
		if err := s.AddOption(o); err != nil {
			return err
		}
	}
	app, err := createApp(c)
	if err != nil {
		return err
	}
	defer app.Close()
	g, err := app.NewTournament(c.Context, s)
	if err != nil {
		return err
	}
	v, err := app.Tournament(c.Context, g)
	if err != nil {
		return err
	}
	if format == "json" {
		return writeJSON(c.App.Writer, v)
	}
	// Its number alone on stdout, as `new` prints a game's, so that T=$(tableside tournament
	// new …) keeps it; what it is and what comes next go to the person, on stderr.
	fmt.Fprintln(c.App.Writer, v.Game)
	fmt.Fprintf(c.App.ErrWriter, "tableside: tournament %d: %s, %s\n", v.Game, v.Name, settingsLine(v))
	fmt.Fprintf(c.App.ErrWriter, "tableside: hint: pair round 1: tableside tournament pair %d\n", v.Game)
	return nil
}

// settingsLine says how a tournament is played: "pinochle, swiss over 5 rounds, 24 players".
func settingsLine(v *table.TournamentView) string {
	format := fmt.Sprintf("%s over %d rounds", v.Format, v.Rounds)
	if v.RoundRobin() {
		format = v.Format
	}
	size := ""
	if v.TableSize > 2 {
		size = fmt.Sprintf(" at tables of %d", v.TableSize)
	}
	return fmt.Sprintf("%s, %s%s, %d players; tie-breaks %s", v.Kind, format, size, len(v.Standings), strings.Join(v.TieBreaks, ", "))
}

// writeRound writes a round's tables: "table 1: ann v bob, ann first (game 12)".
func writeRound(w io.Writer, r table.RoundView) {
	state := "in play"
	if r.Ended {
		state = "ended"
	}
	hand := ""
	if r.ByHand {
		hand = ", seated by hand"
	}
	fmt.Fprintf(w, "round %d (%s%s):\n", r.Round, state, hand)
	for _, t := range r.Tables {
		game := "no game yet"
		if r.Ended {
			game = "no game: the round ended before it was made" // a pairing makes no game for it now (T9)
		}
		if t.Game != 0 {
			game = fmt.Sprintf("game %d", t.Game)
			if t.Over && t.Forfeit == "" {
				game += ", over"
			}
		}
		if t.Forfeit != "" {
			game += fmt.Sprintf("; %s did not come: lost by forfeit (T10)", t.Forfeit)
		}
		fmt.Fprintf(w, "  table %d: %s, %s first (%s)\n", t.Table, strings.Join(t.Players, " v "), t.First, game)
	}
	for _, b := range r.Byes {
		fmt.Fprintf(w, "  bye: %s\n", b)
	}
	for _, g := range r.GaveWay {
		fmt.Fprintf(w, "  gave way: %s\n", g)
	}
}

// writeTournament writes a tournament: its settings, its rounds, its standings.
func writeTournament(w io.Writer, format string, v *table.TournamentView) error {
	if format == "table" {
		fmt.Fprintf(w, "tournament %d: %s, %s\n", v.Game, v.Name, settingsLine(v))
		for _, note := range v.TieBreakNotes() {
			fmt.Fprintf(w, "note: %s\n", note)
		}
		if line := render.WinnerLine(v.Finished, v.Closed, v.Winners, v.Standings); line != "" {
			fmt.Fprintf(w, "the tournament is over: %s\n", line)
		}
		for _, r := range v.Played {
			writeRound(w, r)
		}
		fmt.Fprintln(w, "standings:")
	}
	return render.TournamentStandings(v.TieBreaks, v.Standings, render.Whole).Write(w, format)
}

// latestSlip is the tournament g as its view shows it, and its latest round's slip; an error
// saying how to pair one before any round is paired.
func latestSlip(c *cli.Context, app *table.App, g *play.Game) (*table.TournamentView, scoring.Slip, error) {
	v, err := app.Tournament(c.Context, g)
	if err != nil {
		return nil, scoring.Slip{}, err
	}
	slip, ok := v.Slip(g.Record())
	if !ok {
		return nil, slip, hinted{fmt.Errorf("tournament %d has no round paired yet", g.ID()), fmt.Sprintf("pair one: tableside tournament pair %d", g.ID())}
	}
	return v, slip, nil
}
