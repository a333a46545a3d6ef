package commands

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/cards"
	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/render"
	"github.com/tableside/tableside/scoring"
	"github.com/tableside/tableside/scoring/duplicate"
	"github.com/tableside/tableside/table"
)

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
					return writeJSON(c.App.Writer, inf)
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
		}, {
			Name:  "pair",
			Usage: "pair a tournament's round from its JSON input on standard input (T1–T9; docs/json.md)",
			Description: "Reads the round's input (the players with their points, opponents, byes and who was first;\n" +
				"the format, kind, table size and seed) and writes its tables and byes, as JSON. No database\n" +
				"is read: any checker can hold a pairing to the rulings with this alone.\n\n" +
				"Every input is answered within a bound: at larger tables the search for the fewest repeat\n" +
				"meetings stops after 100 million steps (counted, not timed: the same input gives the same\n" +
				"pairing on every machine) and keeps the best seating found; 5,000 players, the most a round\n" +
				"pairs, take a few seconds at tables of 6 and well under a second at tables of 2. A meeting must be in both players' opponents lists, and a name\n" +
				"must be UTF-8 text with no control character.",
			Action: func(c *cli.Context) error {
				if c.NArg() > 0 {
					return usagef("calc pair reads its input on standard input, not %q: tableside calc pair < round.json", c.Args().First())
				}
				in, err := table.ReadPairingInput(c.App.Reader)
				if err != nil {
					return err
				}
				out, err := table.Pair(in)
				if err != nil {
					return err
				}
				return writeJSON(c.App.Writer, out)
			},
		}, {
			Name:  "check",
			Usage: "judge pairings against their inputs, as the tournament's referee does (T1–T7, T13), from JSON on standard input",
			Description: "Reads one or more rounds paired, each {\"input\": …, \"output\": …} (docs/json.md), one after\n" +
				"another, as calc generate writes them, and says for each whether its pairing is as good by\n" +
				"every ruling as the one calc pair computes from the same input. It exits 1 when any breaks\n" +
				"one. No database is read.",
			Flags:  []cli.Flag{formatFlag(textOrJSON)},
			Action: calcCheck,
		}, {
			Name:  "standings",
			Usage: "the standings a tournament's results file makes (tournament results writes it), read from standard input",
			Description: "Reads the file, refuses it when its digest does not match its lines (it was changed after it\n" +
				"was written), and makes the standings again from its rounds, by the tournament's own rulings\n" +
				"and tie-breaks: they are the tournament's. No database is read.",
			Flags: []cli.Flag{formatFlag(tableOrJSON)},
			Action: func(c *cli.Context) error {
				format, err := checkFormat(c, tableOrJSON)
				if err != nil {
					return err
				}
				read, err := table.ReadResultsFile(c.App.Reader)
				if err != nil {
					return err
				}
				if format == "json" {
					return writeJSON(c.App.Writer, read)
				}
				if format == "table" {
					fmt.Fprintf(c.App.Writer, "%s, %s, %d rounds, seal %s\n", read.Name, read.Kind, read.Rounds, cmp.Or(read.Seal, "none"))
				}
				return render.TournamentStandings(read.TieBreaks, read.Standings, render.Whole).Write(c.App.Writer, format)
			},
		}, {
			Name:  "matchpoints",
			Usage: "score results on the same boards against each other: matchpoints, Neuberg and the datum (D4–D7), from JSON on standard input",
			Description: "Reads {\"expected\": 4, \"results\": [{\"board\": 1, \"direction\": 1, \"side\": \"ann\", \"score\": 300}, …]}\n" +
				"(docs/json.md): each result of a board in its direction (1 the seat that deals or opens on\n" +
				"the board, 2 the other; at larger tables each seat from the dealer), and how many results a\n" +
				"board is expected to have in a direction (0 or none: the most any has). Writes each result's\n" +
				"matchpoints of the top, its percentage and datum, then each side's session, best first (in\n" +
				"CSV the results alone, one table). No database is read.",
			Flags:  []cli.Flag{formatFlag(tableOrJSON)},
			Action: calcMatchpoints,
		}, {
			Name:  "boards",
			Usage: "deal boards from a seed, as hand records a person deals from (D1)",
			Description: "Writes each board's cards by seat, each hand sorted, and what is turned or drawn in order,\n" +
				"numbered (with --format html, a board a printed page, A4 or Letter): deal one deck a table\n" +
				"from it, and every table plays the same cards. Board N is the\n" +
				"same for a seed however many are dealt with it, on every machine.",
			Flags: []cli.Flag{
				&cli.StringFlag{Name: "game", Usage: "the kind", Required: true},
				&cli.Uint64Flag{Name: "seed", Usage: "the seed the boards are dealt from", Required: true},
				&cli.IntFlag{Name: "boards", Value: 1, Usage: "how many boards"},
				&cli.IntFlag{Name: "first", Value: 1, Usage: "the number of the first"},
				&cli.IntFlag{Name: "players", Value: 2, Usage: "the players at a table"},
				&cli.StringSliceFlag{Name: "option", Usage: "an option of the games, NAME=VALUE, that changes what is dealt (Capture's extra=on); repeatable"},
				formatFlag(textJSONOrHTML),
			},
			Action: func(c *cli.Context) error {
				format, err := checkFormat(c, textJSONOrHTML)
				if err != nil {
					return err
				}
				var s table.Setup
				for _, o := range c.StringSlice("option") {
					if err := s.AddOption(o); err != nil {
						return flagHint(err)
					}
				}
				boards, err := table.Boards(c.String("game"), c.Uint64("seed"), c.Int("first"), c.Int("boards"), c.Int("players"), s.Options)
				if err != nil {
					return err
				}
				switch format {
				case "json":
					return writeJSON(c.App.Writer, boards)
				case "html":
					return render.HandRecordsHTML(c.App.Writer, boards)
				}
				for i, b := range boards {
					if i > 0 {
						fmt.Fprintln(c.App.Writer)
					}
					fmt.Fprintf(c.App.Writer, "Board %d · %s · seed %d\n", b.Number, b.Kind, b.Seed)
					for _, p := range b.Piles {
						words := slices.Clone(p.Cards)
						if p.Ordered {
							for i := range words {
								words[i] = fmt.Sprintf("%d. %s", i+1, words[i])
							}
						}
						fmt.Fprintf(c.App.Writer, "  %s: %s\n", p.Name, strings.Join(words, " "))
					}
				}
				return nil
			},
		}, {
			Name:  "generate",
			Usage: "write the rounds of a random tournament drawn from a seed, each round's input with its pairing, a JSON line each",
			Description: "The same seed writes the same tournament on every machine: its kind, format and table size,\n" +
				"its players' results, late arrivals and drops, byes asked for and forfeits, and who must\n" +
				"not meet or keeps a table, all drawn from it. calc check reads what it writes.",
			Flags: []cli.Flag{
				&cli.Uint64Flag{Name: "seed", Usage: "the seed the tournament is drawn from", Required: true},
				&cli.IntFlag{Name: "players", Value: 16, Usage: "the names the tournament draws its players from (4 to 2,000)"},
			},
			Action: func(c *cli.Context) error {
				n := c.Int("players")
				if n < 4 || n > 2000 {
					return usagef("--players %d: give 4 to 2,000", n)
				}
				names := make([]string, n)
				for i := range names {
					names[i] = fmt.Sprintf("p%04d", i+1)
				}
				for _, rp := range table.GenerateRounds(c.Uint64("seed"), names) {
					line, err := json.Marshal(rp)
					if err != nil {
						return err
					}
					fmt.Fprintf(c.App.Writer, "%s\n", line)
				}
				return nil
			},
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
			return writeJSON(c.App.Writer, melds[0])
		}
		return writeJSON(c.App.Writer, melds)
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

// errBreaches makes calc check exit 1 once it has said what it found.
var errBreaches = errors.New("pairings break the rulings")

// calcCheck judges the rounds paired on standard input (calc check).
func calcCheck(c *cli.Context) error {
	format, err := checkFormat(c, textOrJSON)
	if err != nil {
		return err
	}
	rounds, err := table.ReadPairedRounds(c.App.Reader)
	if err != nil {
		return err
	}
	type judged struct {
		Round int         `json:"round"`
		Flags []play.Flag `json:"flags"`
	}
	out := []judged{}
	breaches := 0
	for _, rp := range rounds {
		flags := table.CheckPairing(rp)
		breaches += len(flags)
		out = append(out, judged{Round: rp.Input.Round, Flags: append([]play.Flag{}, flags...)})
	}
	if format == "json" {
		if err := writeJSON(c.App.Writer, out); err != nil {
			return err
		}
	} else {
		for i, j := range out {
			if len(j.Flags) == 0 {
				fmt.Fprintf(c.App.Writer, "%d. round %d: holds\n", i+1, j.Round)
			}
			for _, f := range j.Flags {
				fmt.Fprintf(c.App.Writer, "%d. round %d: %s\n", i+1, j.Round, f)
			}
		}
		fmt.Fprintf(c.App.Writer, "%d pairing%s judged, %d breach%s\n", len(out), plural(len(out)), breaches, map[bool]string{true: "", false: "es"}[breaches == 1])
	}
	if breaches > 0 {
		return fmt.Errorf("%w: %d", errBreaches, breaches)
	}
	return nil
}

// calcMatchpoints scores a session's results on its boards against each other (D4–D7).
func calcMatchpoints(c *cli.Context) error {
	format, err := checkFormat(c, tableOrJSON)
	if err != nil {
		return err
	}
	if c.NArg() > 0 {
		return usagef("calc matchpoints reads its results on standard input, not %q: tableside calc matchpoints < night.json", c.Args().First())
	}
	var in struct {
		Expected int                `json:"expected"`
		Results  []duplicate.Result `json:"results"`
	}
	dec := json.NewDecoder(c.App.Reader)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		return usagef("the results: %v (docs/json.md, \"Matchpoints\")", err)
	}
	if in.Expected < 0 {
		return usagef("expected %d: give how many results a board has in a direction, or 0 for the most any has", in.Expected)
	}
	scored, err := duplicate.Score(in.Results, in.Expected)
	if err != nil {
		return usagef("%v", err)
	}
	standings := duplicate.Standings(scored)
	if format == "json" {
		return writeJSON(c.App.Writer, struct {
			Results   []duplicate.Scored   `json:"results"`
			Standings []duplicate.Standing `json:"standings"`
		}{scored, standings})
	}
	two := func(f float64) string { return strconv.FormatFloat(f, 'f', 2, 64) }
	var rows [][]string
	for _, s := range scored {
		score, ruling := strconv.Itoa(s.Score), ""
		switch {
		case s.Assigned != 0:
			score, ruling = "", fmt.Sprintf("given %d%%", s.Assigned)
		case s.Fouled != "":
			ruling = "fouled " + s.Fouled
		}
		rows = append(rows, []string{strconv.Itoa(s.Board), strconv.Itoa(s.Direction), s.Side, score, ruling,
			two(s.Matchpoints), two(s.Percent), two(s.Datum), fmt.Sprintf("%d/%d", s.Played, s.Expected)})
	}
	// A board's top, 2 × (expected − 1), is in its percentage; the sessions' list sums the tops.
	head := []string{"board", "dir", "side", "score", "D3", "MP", "%", "datum", "played"}
	if err := render.TableKeeping(c.App.Writer, format, head, rows, []int{4}); err != nil || format == "csv" {
		return err // a CSV file is one table: the sides' sessions are sums of its rows
	}
	fmt.Fprintln(c.App.Writer)
	rows = rows[:0]
	for _, s := range standings {
		rows = append(rows, []string{strconv.Itoa(s.Place), s.Side, strconv.Itoa(s.Boards), two(s.Matchpoints), two(s.Top), two(s.Percent), two(s.Datum)})
	}
	return render.Table(c.App.Writer, format, []string{"place", "side", "boards", "matchpoints", "top", "%", "datum"}, rows)
}
