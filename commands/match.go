package commands

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/commands/render"
	"github.com/tableside/tableside/events"
)

// standing is one player's line in a match: points summed over its games.
type standing struct {
	Player string `json:"player"`
	Rank   int    `json:"rank"` // equal points share a rank
	Points int    `json:"points"`
	Wins   int    `json:"wins"`
	Games  int    `json:"games"`
}

// loadAll replays every game of the store, in the order they were created.
func loadAll(st *events.Store) ([]*table, error) {
	games, err := st.Games()
	if err != nil {
		return nil, err
	}
	out := make([]*table, 0, len(games))
	for _, g := range games {
		t, err := load(st, g.ID)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

// matchGames replays every game of the named match, in the order they were created.
func matchGames(st *events.Store, name string) ([]*table, error) {
	all, err := loadAll(st)
	if err != nil {
		return nil, err
	}
	var out []*table
	for _, t := range all {
		if t.Setup.Match == name {
			out = append(out, t)
		}
	}
	return out, nil
}

// checkMatchKind refuses a new game whose kind differs from its match's: a match sums points
// of one game.
func checkMatchKind(c *cli.Context, setup events.Created) error {
	st, err := openStore(c)
	if err != nil {
		return err
	}
	defer st.Close()
	games, err := matchGames(st, setup.Match)
	if err != nil {
		return err
	}
	if len(games) > 0 && games[0].Setup.Kind != setup.Kind {
		return usagef("match %q is a match of %s, not %s", setup.Match, games[0].Setup.Kind, setup.Kind)
	}
	return nil
}

func matchCommand() *cli.Command {
	return &cli.Command{
		Name:      "match",
		Usage:     "the standings of a match or season: every game's points summed (without a name, the matches)",
		ArgsUsage: "[NAME]",
		Flags:     []cli.Flag{formatFlag(tableOrJSON)},
		Action: func(c *cli.Context) error {
			format, err := checkFormat(c, tableOrJSON)
			if err != nil {
				return err
			}
			st, err := openStore(c)
			if err != nil {
				return err
			}
			defer st.Close()
			if c.NArg() == 0 {
				return listMatches(c, st, format)
			}
			name := strings.Join(c.Args().Slice(), " ")
			games, err := matchGames(st, name)
			if err != nil {
				return err
			}
			if len(games) == 0 {
				return hinted{usagef("no games in match %q", name), "start one with `tableside new KIND --players … --match NAME`"}
			}
			return writeStandings(c, format, name, games)
		},
	}
}

func listMatches(c *cli.Context, st *events.Store, format string) error {
	all, err := loadAll(st)
	if err != nil {
		return err
	}
	count := map[string]int{}
	kind := map[string]string{}
	for _, t := range all {
		if m := t.Setup.Match; m != "" {
			count[m]++
			kind[m] = t.Setup.Kind
		}
	}
	names := slices.Sorted(maps.Keys(count))
	if format == "json" {
		type listed struct {
			Match string `json:"match"`
			Kind  string `json:"kind"`
			Games int    `json:"games"`
		}
		out := []listed{}
		for _, n := range names {
			out = append(out, listed{n, kind[n], count[n]})
		}
		return writeJSON(c, out)
	}
	var rows [][]string
	for _, n := range names {
		rows = append(rows, []string{n, kind[n], fmt.Sprint(count[n])})
	}
	return render.Table(c.App.Writer, format, []string{"match", "kind", "games"}, rows)
}

// writeStandings sums each player's points over the match's games (adjustments included) and
// ranks them; equal points share a rank, as a shared win.
func writeStandings(c *cli.Context, format, name string, games []*table) error {
	by := map[string]*standing{}
	var order []string
	var columns []string
	perGame := map[string][]string{}
	for i, t := range games {
		s := t.Sheet()
		columns = append(columns, fmt.Sprintf("game %d", t.id))
		for _, p := range t.Setup.Players {
			if by[p] == nil {
				by[p] = &standing{Player: p}
				order = append(order, p)
				perGame[p] = make([]string, len(games))
			}
			by[p].Games++
			by[p].Points += s.Totals[p]
			if s.Winner != nil && *s.Winner == p {
				by[p].Wins++
			}
			cell := fmt.Sprint(s.Totals[p])
			if !s.Finished {
				cell += " (in play)"
			}
			perGame[p][i] = cell
		}
	}
	list := make([]standing, 0, len(order))
	for _, p := range order {
		list = append(list, *by[p])
	}
	sort.SliceStable(list, func(i, j int) bool { return list[i].Points > list[j].Points })
	for i := range list {
		list[i].Rank = i + 1
		if i > 0 && list[i].Points == list[i-1].Points {
			list[i].Rank = list[i-1].Rank
		}
	}
	var leaders []string
	for _, s := range list {
		if s.Rank == 1 {
			leaders = append(leaders, s.Player)
		}
	}
	if format == "json" {
		return writeJSON(c, map[string]any{"match": name, "kind": games[0].Setup.Kind, "games": len(games), "standings": list, "leaders": leaders})
	}
	header := append(append([]string{"rank", "player"}, columns...), "points", "wins")
	var rows [][]string
	for _, s := range list {
		row := append([]string{fmt.Sprint(s.Rank), s.Player}, perGame[s.Player]...)
		rows = append(rows, append(row, fmt.Sprint(s.Points), fmt.Sprint(s.Wins)))
	}
	fmt.Fprintf(c.App.Writer, "match %s: %d game%s of %s\n", name, len(games), plural(len(games)), games[0].Setup.Kind)
	if err := render.Table(c.App.Writer, format, header, rows); err != nil {
		return err
	}
	lead := "leads"
	if len(leaders) > 1 {
		lead = "share the lead"
	}
	fmt.Fprintf(c.App.Writer, "%s %s with %d points\n", strings.Join(leaders, " and "), lead, list[0].Points)
	return nil
}
