package article2

import (
	"cmp"
	"math/rand/v2"
	"slices"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
)

// Playout plays one random game with a real, shuffled 56-card deck and returns its setup and
// every move the table would type. Two to four players sit at random (four, in parties red
// ann+cy and blue bob+dee, with parties=on). Each phase deals seven cards to each player from
// the same deck, names a random starting player, and each turn plays a random card from the
// hand on a random player; Voter ADHD discards a random card in play, named by its event, or
// nothing when none is. Ties are cut at random and recorded as draws. It shares no logic with
// the referee (it holds the hidden hands and decides ties itself), so a referee that flags one
// of its games, or does not end it, is wrong. Moves are numbered from seq 2, as a store numbers
// them after the game's creation; Voter ADHD names its card by that number.
func Playout(rng *rand.Rand, options map[string]string) (events.Created, []referee.Move) {
	return seat(rng, options, []string{"ann", "bob", "cy", "dee"})
}

// Playout implements referee.Rules: Playout with the party variant on or off at random.
func (Rules) Playout(rng *rand.Rand, names []string) (events.Created, []referee.Move) {
	return seat(rng, map[string]string{"parties": []string{"off", "on"}[rng.IntN(2)]}, names)
}

// seat plays a game among the first of names: four in parties, else two to four at random.
func seat(rng *rand.Rand, options map[string]string, names []string) (events.Created, []referee.Move) {
	n := 4
	if options["parties"] != "on" {
		n = 2 + rng.IntN(3)
	}
	return playout(rng, options, names[:n])
}

// onTable is a card the playout has put in play.
type onTable struct {
	seq  int64
	card kind
	on   int
}

func playout(rng *rand.Rand, options map[string]string, names []string) (events.Created, []referee.Move) {
	n := len(names)
	setup := events.Created{Kind: "article2", Players: names, Options: options, Ruleset: Rules{}.Ruleset()}
	var parties [][2]int
	if options["parties"] == "on" {
		setup.Teams = map[string][]string{"red": {names[0], names[2]}, "blue": {names[1], names[3]}}
		parties = [][2]int{{0, 2}, {1, 3}}
	}
	var pile []kind
	for k, c := range deck {
		for range c.Count {
			pile = append(pile, kind(k))
		}
	}
	rng.Shuffle(len(pile), func(i, j int) { pile[i], pile[j] = pile[j], pile[i] })

	var moves []referee.Move
	emit := func(typ, actor string, p payload) { moves = append(moves, move(typ, actor, p)) }
	// cut picks slots winners among the tied players at random, a draw each.
	cut := func(tied []int, slots int) []int {
		tied = slices.Clone(tied)
		var won []int
		for range slots {
			i := rng.IntN(len(tied))
			won = append(won, tied[i])
			emit(TypeDraw, "", payload{Player: names[tied[i]]})
			tied = slices.Delete(tied, i, i+1)
		}
		return won
	}
	var table []onTable
	e, a := make([]int, n), make([]int, n)
	candidate := make([]bool, n)
	for ph := range 2 {
		hands := make([][]kind, n)
		for p := range hands {
			hands[p] = slices.Clone(pile[:HandSize])
			pile = pile[HandSize:]
		}
		starter := rng.IntN(n)
		emit(TypeStart, "", payload{Player: names[starter]})
		for t := range n * HandSize {
			p := (starter + t) % n
			i := rng.IntN(len(hands[p]))
			k := hands[p][i]
			hands[p] = slices.Delete(hands[p], i, i+1)
			seq := int64(len(moves) + 2)
			if k == adhd {
				if len(table) == 0 {
					emit(TypePlay, names[p], payload{Card: deck[adhd].Key})
					continue
				}
				j := rng.IntN(len(table))
				c := table[j]
				table = slices.Delete(table, j, j+1)
				e[c.on] -= deck[c.card].Electability
				a[c.on] -= deck[c.card].Affiliation
				emit(TypePlay, names[p], payload{Card: deck[adhd].Key, Seq: c.seq})
				continue
			}
			on := rng.IntN(n)
			table = append(table, onTable{seq, k, on})
			e[on] += deck[k].Electability
			a[on] += deck[k].Affiliation
			emit(TypePlay, names[p], payload{Card: deck[k].Key, Target: names[on]})
		}
		if ph == primary {
			for _, p := range primaryWinners(e, a, parties, cut) {
				candidate[p] = true
			}
			continue
		}
		// The General (E7): the best Candidate above 0 by E−A then E, else the Spoiler with
		// the highest E; nobody with two players.
		var pool []int
		for p := range n {
			if candidate[p] && e[p]-a[p] > 0 {
				pool = append(pool, p)
			}
		}
		key := func(p int) [2]int { return [2]int{e[p] - a[p], e[p]} }
		if len(pool) == 0 {
			for p := range n {
				if !candidate[p] {
					pool = append(pool, p)
				}
			}
			key = func(p int) [2]int { return [2]int{e[p], 0} }
		}
		if len(pool) > 0 {
			top := slices.MaxFunc(pool, func(p, q int) int { return cmpKey(key(p), key(q)) })
			tied := slices.DeleteFunc(slices.Clone(pool), func(p int) bool { return key(p) != key(top) })
			if len(tied) > 1 {
				cut(tied, 1)
			}
		}
	}
	return setup, moves
}

// primaryWinners are the Candidates after the Primary (E6, E8), ties cut.
func primaryWinners(e, a []int, parties [][2]int, cut func([]int, int) []int) []int {
	key := func(p int) [2]int { return [2]int{e[p] + a[p], e[p]} }
	if parties != nil {
		var out []int
		for _, m := range parties {
			switch c := cmpKey(key(m[0]), key(m[1])); {
			case c > 0:
				out = append(out, m[0])
			case c < 0:
				out = append(out, m[1])
			default:
				out = append(out, cut(m[:], 1)...)
			}
		}
		return out
	}
	n := len(e)
	if n == 2 {
		return []int{0, 1}
	}
	byRank := make([]int, n)
	for i := range byRank {
		byRank[i] = i
	}
	slices.SortFunc(byRank, func(p, q int) int { return cmpKey(key(q), key(p)) })
	var out, tied []int
	for _, p := range byRank {
		switch c := cmpKey(key(p), key(byRank[1])); {
		case c > 0:
			out = append(out, p)
		case c == 0:
			tied = append(tied, p)
		}
	}
	if len(out)+len(tied) <= 2 {
		return append(out, tied...)
	}
	return append(out, cut(tied, 2-len(out))...)
}

func cmpKey(x, y [2]int) int {
	if c := cmp.Compare(x[0], y[0]); c != 0 {
		return c
	}
	return cmp.Compare(x[1], y[1])
}
