package commands

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/cards"
	"github.com/tableside/tableside/commands/render"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/scoring"
)

func scoreCommand() *cli.Command {
	return gameCommand(&cli.Command{
		Name:  "score",
		Usage: "the score sheet: every round, every point explained, open flags",
	}, render.Formats, func(c *cli.Context, t *table, format string) error {
		return t.writeSheet(c.App.Writer, format)
	})
}

func (t *table) writeSheet(w io.Writer, format string) error {
	s := t.Sheet()
	s.Game, s.Options = t.id, t.Setup.Options
	if err := render.Sheet(w, format, s, nonNilFlags(t.Flags)); err != nil {
		return usageError{err.Error()}
	}
	return nil
}

func calcCommand() *cli.Command {
	return &cli.Command{
		Name:  "calc",
		Usage: "score cards without a game",
		Subcommands: []*cli.Command{{
			Name:      "influence",
			Usage:     "Candidate influence of captured candidates, best split shown (C1–C3)",
			ArgsUsage: "CARD|RANK…",
			Flags: []cli.Flag{
				&cli.StringFlag{Name: "wrap", Value: "on", Usage: "on|off: whether K-A-2 is a run (C3)"},
				formatFlag(textOrJSON),
			},
			Action: func(c *cli.Context) error {
				format, err := checkFormat(c, textOrJSON)
				if err != nil {
					return err
				}
				wrap := strings.ToLower(c.String("wrap"))
				if wrap != "on" && wrap != "off" {
					return usagef("--wrap takes on or off, not %q", c.String("wrap"))
				}
				if c.NArg() == 0 {
					return usagef("give the captured candidates: tableside calc influence J Q K A")
				}
				var ranks []cards.Rank
				for _, w := range c.Args().Slice() {
					r, err := cards.ParseRank(w)
					if err != nil {
						card, cerr := cards.Parse(w)
						if cerr != nil {
							return usagef("%q is not a card or rank (A 2…10 J Q K, T for 10)", w)
						}
						r = card.Rank
					}
					ranks = append(ranks, r)
				}
				inf := scoring.BestInfluence(ranks, wrap == "on")
				if format == "json" {
					return writeJSON(c, inf)
				}
				for _, g := range inf.Groups {
					fmt.Fprintln(c.App.Writer, g.String())
				}
				fmt.Fprintf(c.App.Writer, "total %d\n", inf.Total)
				return nil
			},
		}, {
			Name:      "meld",
			Usage:     "Pinochle meld of a hand, by named meld (P5–P8); without --trump, for each suit that may be trump (P4)",
			ArgsUsage: "CARD…",
			Flags: []cli.Flag{
				&cli.StringFlag{Name: "trump", Usage: "the trump suit (S H D C or ♠ ♥ ♦ ♣)"},
				formatFlag(textOrJSON),
			},
			Action: calcMeld,
		}},
	}
}

func calcMeld(c *cli.Context) error {
	format, err := checkFormat(c, textOrJSON)
	if err != nil {
		return err
	}
	if c.NArg() == 0 {
		return usagef("give the cards: tableside calc meld --trump H AH TH KH QH JH 9H QS JD …")
	}
	var hand []cards.Card
	copies := map[cards.Card]int{}
	for _, w := range c.Args().Slice() {
		card, err := cards.Parse(w)
		if err != nil || !scoring.IsPinochleCard(card) {
			return usagef("%q is not a pinochle card (9 J Q K 10 A, T for 10, of S H D C)", w)
		}
		if copies[card]++; copies[card] > 2 {
			return usagef("%s appears %d times: the deck has two of each card", card.Pretty(), copies[card])
		}
		hand = append(hand, card)
	}
	var trumps []cards.Suit
	if t := c.String("trump"); t != "" {
		s, err := cards.ParseSuit(t)
		if err != nil {
			return usagef("--trump %q is not a suit (S H D C or ♠ ♥ ♦ ♣)", t)
		}
		trumps = []cards.Suit{s}
	} else {
		for _, s := range cards.Suits {
			if copies[cards.Card{Rank: 9, Suit: s}] > 0 || (copies[cards.Card{Rank: cards.King, Suit: s}] > 0 && copies[cards.Card{Rank: cards.Queen, Suit: s}] > 0) {
				trumps = append(trumps, s)
			}
		}
		if len(trumps) == 0 {
			return hinted{fmt.Errorf("no suit may be trump: the hand has no marriage (K+Q) and no 9 in any suit (P4)"), "name one with --trump to see its meld anyway"}
		}
	}
	var melds []scoring.Meld
	for _, s := range trumps {
		melds = append(melds, scoring.MeldOf(hand, s))
	}
	if format == "json" {
		if c.String("trump") != "" {
			return writeJSON(c, melds[0])
		}
		return writeJSON(c, melds)
	}
	for i, m := range melds {
		if i > 0 {
			fmt.Fprintln(c.App.Writer)
		}
		fmt.Fprintf(c.App.Writer, "trump %s:\n", m.Trump.Symbol())
		for _, l := range m.Melds {
			fmt.Fprintf(c.App.Writer, "  %s\n", l)
		}
		fmt.Fprintf(c.App.Writer, "  total %d\n", m.Total)
	}
	return nil
}

func verifyCommand() *cli.Command {
	return &cli.Command{
		Name:  "verify",
		Usage: "walk every game's hash chain and name the first event changed outside tableside",
		Action: func(c *cli.Context) error {
			st, err := openStore(c)
			if err != nil {
				return err
			}
			defer st.Close()
			broken, err := st.Verify()
			if err != nil {
				return err
			}
			games, err := st.Games()
			if err != nil {
				return err
			}
			for _, b := range broken {
				fmt.Fprintf(c.App.Writer, "game %d: event %d does not match the record: %s\n", b.Game, b.Seq, b.Reason)
			}
			if len(broken) > 0 {
				return hinted{fmt.Errorf("%d game%s changed outside tableside", len(broken), plural(len(broken))), "the named event and everything after it cannot be trusted; compare with an export"}
			}
			n := 0
			for _, g := range games {
				n += g.Events
			}
			fmt.Fprintf(c.App.Writer, "verified %d game%s, %d events: every hash chain is intact\n", len(games), plural(len(games)), n)
			return nil
		},
	}
}

func rulesCommand() *cli.Command {
	return &cli.Command{
		Name:      "rules",
		Usage:     "the rulings the referee applies, with their ids, the options and the move grammar",
		ArgsUsage: "[KIND]",
		Flags:     []cli.Flag{formatFlag(textOrJSON)},
		Action: func(c *cli.Context) error {
			format, err := checkFormat(c, textOrJSON)
			if err != nil {
				return err
			}
			w := c.App.Writer
			if c.NArg() == 0 {
				fmt.Fprintf(w, "games: %s\nsee `tableside rules KIND`\n", strings.Join(kinds(), ", "))
				return nil
			}
			r, ok := engines[strings.ToLower(c.Args().First())]
			if !ok {
				return usagef("unknown game %q (kinds: %s)", c.Args().First(), strings.Join(kinds(), ", "))
			}
			min, max := r.Players()
			rulings := append(slices.Clone(r.Rulings()), referee.LogRulings...)
			if format == "json" {
				return writeJSON(c, map[string]any{"kind": r.Kind(), "ruleset": r.Ruleset(), "players": []int{min, max},
					"options": r.Options(), "grammar": r.Grammar(), "rulings": rulings})
			}
			players := fmt.Sprintf("%d–%d", min, max)
			if min == max {
				players = fmt.Sprint(min)
			}
			fmt.Fprintf(w, "%s (ruleset %s), %s players\n\noptions (the first value is the default):\n", r.Kind(), r.Ruleset(), players)
			for _, o := range r.Options() {
				values := strings.Join(o.Values, "|")
				if o.Numeric {
					values += " (any whole number)"
				}
				fmt.Fprintf(w, "  --option %s=%s   (rule %s)\n", o.Name, values, o.Rule)
			}
			fmt.Fprintf(w, "\nmoves (tableside record GAME …):\n")
			for _, g := range r.Grammar() {
				fmt.Fprintf(w, "  %s\n", g)
			}
			fmt.Fprintf(w, "\nrulings:\n")
			for _, rl := range rulings {
				fmt.Fprintf(w, "  %s %s. %s\n", rl.ID, rl.Title, rl.Text)
			}
			return nil
		},
	}
}
