package tournament

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/kinds"
)

// Deal implements referee.Rules: a tournament's log is dealt no cards; its games are (D1).
func (Rules) Deal(*rand.Rand, int, map[string]string) ([]referee.Pile, error) {
	return nil, fmt.Errorf("a tournament is dealt no cards: its games are, each by its own kind")
}

// Playout implements referee.Rules: a random whole tournament as a table would enter it. It
// enters some of names (keeping a few for late arrivals), rates some, chooses the tie-breaks
// again in some, keeps two apart and one at a table in some, lets a few arrive and drop, has a
// bye asked for and a forfeit in some, pairs each round with Pair from the input NextInput
// gives, with random results whose points it keeps itself, ends each round, and closes.
func (Rules) Playout(rng *rand.Rand, names []string) (events.Created, []referee.Move) {
	kind := kindNames()[rng.IntN(len(kindNames()))]
	least, most := kinds.All()[kind].Players()
	format, size := Swiss, 2
	if most > 2 {
		size = max(least, 2) + rng.IntN(most-max(least, 2)+1)
	}
	switch {
	case size == 2 && rng.IntN(3) == 0:
		format = RoundRobin
	case size > 2 && rng.IntN(2) == 0:
		format = Rotation
	}
	field := min(len(names)-3, 3+rng.IntN(10))
	setup := events.Created{Kind: Kind, Ruleset: Rules{}.Ruleset(), Tournament: "night", Date: "2026-11-27",
		Players: slices.Clone(names[:field]),
		Options: map[string]string{"game": kind, "format": format, "table_size": strconv.Itoa(size),
			"rounds": strconv.Itoa(2 + rng.IntN(4)), "seed": strconv.Itoa(1 + rng.IntN(1<<30)),
			"double": []string{"off", "on"}[rng.IntN(2)], "confirm": []string{"off", "on"}[rng.IntN(2)]}}
	g, err := newNight(setup)
	if err != nil {
		panic("tournament: a playout's setup is refused: " + err.Error())
	}
	var moves []referee.Move
	play := func(m referee.Move) {
		moves = append(moves, m)
		g.Apply(int64(len(moves)+1), m)
	}
	for _, p := range setup.Players {
		if rng.IntN(2) == 0 {
			play(referee.NewMove(TypeRate, "", player{Player: p, Rating: 1000 + 100*rng.IntN(10)}))
		}
	}
	// Half the nights choose their tie-breaks again before round 1 (T14), by the field's size,
	// so that the draws every other playout makes stay as they were.
	if field%2 == 0 {
		play(referee.NewMove(TypeTieBreaks, "", tieBreaks{TieBreaks: []string{TieBreaks[field%len(TieBreaks)], TieBreaks[(field+1)%len(TieBreaks)]}}))
	}
	// Some keep two players apart and one at a table (T13), by the field's size as well.
	if field%5 == 2 {
		play(referee.NewMove(TypeApart, "", apartOf{Players: [2]string{setup.Players[0], setup.Players[1]}}))
		play(referee.NewMove(TypeKeep, "", Kept{Player: setup.Players[2], Table: 1}))
	}
	late := names[field:]
	points := map[string]float64{}
	for round := 1; round <= g.Settings().Rounds; round++ {
		if format != RoundRobin && len(late) > 0 && rng.IntN(3) == 0 {
			play(referee.NewMove(TypeArrive, "", player{Player: late[0], Rating: rng.IntN(2) * 1500}))
			late = late[1:]
		}
		if present := g.present(); len(present) > 4 && rng.IntN(4) == 0 {
			play(referee.NewMove(TypeDrop, "", player{Player: present[rng.IntN(len(present))].Name}))
		}
		// Some nights, again by their field's size, have a bye asked for in round 2 (T11) and
		// a forfeit at round 1's first table (T10).
		if round == 1 && format != RoundRobin && g.settings.Rounds > 2 && field%3 == 0 {
			play(referee.NewMove(TypeBye, "", playerIn{Player: g.present()[0].Name, Round: 2}))
		}
		in := g.NextInput(standings(g, points), points)
		out, err := Pair(in)
		if err != nil {
			panic("tournament: a playout's round is refused: " + err.Error())
		}
		play(PairedMove(in, out))
		if round == 1 && size == 2 && field%4 == 1 && len(out.Tables) > 0 {
			play(referee.NewMove(TypeForfeit, "", playerIn{Player: out.Tables[0].Players[1], Round: 1}))
		}
		score(rng, out, points)
		play(referee.NewMove(TypeEnd, "", roundOf{round}))
		if g.settings.Confirm && rng.IntN(2) == 0 {
			play(referee.NewMove(TypeRelease, "", roundOf{round}))
		}
	}
	play(referee.NewMove(TypeClose, "", struct{}{}))
	return setup, moves
}

// standings orders the players by the points kept, highest first, then by entry.
func standings(g *Night, points map[string]float64) []string {
	var order []string
	for _, e := range g.entrants {
		order = append(order, e.Name)
	}
	slices.SortStableFunc(order, func(a, b string) int {
		switch {
		case points[a] > points[b]:
			return -1
		case points[a] < points[b]:
			return 1
		}
		return 0
	})
	return order
}

// score draws each table's result and adds its points (T8), and a win for each bye.
func score(rng *rand.Rand, out Output, points map[string]float64) {
	for _, t := range out.Tables {
		n := len(t.Players)
		for place, i := range rng.Perm(n) {
			points[t.Players[i]] += float64(n-1-place) / float64(n-1)
		}
	}
	for _, b := range out.Byes {
		points[b]++
	}
}
