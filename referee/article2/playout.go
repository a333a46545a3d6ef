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

// seating is the setup of a game among names, with parties red (first and third) and blue
// (second and fourth) under parties=on, and those parties by seat.
func seating(options map[string]string, names []string) (events.Created, [][2]int) {
	setup := events.Created{Kind: "article2", Players: names, Options: options, Ruleset: Rules{}.Ruleset()}
	if options["parties"] != "on" {
		return setup, nil
	}
	setup.Teams = map[string][]string{"red": {names[0], names[2]}, "blue": {names[1], names[3]}}
	return setup, [][2]int{{0, 2}, {1, 3}}
}

// shuffled is the whole deck (E1), shuffled.
func shuffled(rng *rand.Rand) []kind {
	var pile []kind
	for k, c := range deck {
		for range c.Count {
			pile = append(pile, kind(k))
		}
	}
	rng.Shuffle(len(pile), func(i, j int) { pile[i], pile[j] = pile[j], pile[i] })
	return pile
}

// deal gives n players seven cards each from the top of the pile, and returns what is left.
func deal(pile []kind, n int) ([][]kind, []kind) {
	hands := make([][]kind, n)
	for p := range hands {
		hands[p] = slices.Clone(pile[:HandSize])
		pile = pile[HandSize:]
	}
	return hands, pile
}

func playout(rng *rand.Rand, options map[string]string, names []string) (events.Created, []referee.Move) {
	n := len(names)
	setup, parties := seating(options, names)
	pile := shuffled(rng)

	var moves []referee.Move
	emit := func(typ, actor string, p payload) { moves = append(moves, referee.NewMove(typ, actor, p)) }
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
		var hands [][]kind
		hands, pile = deal(pile, n)
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
			won, ties := primaryResult(e, a, parties)
			for _, t := range ties {
				won = append(won, cut(t.among, t.slots)...)
			}
			for _, p := range won {
				candidate[p] = true
			}
			continue
		}
		if best := generalResult(e, a, candidate); len(best) > 1 {
			cut(best, 1)
		}
	}
	return setup, moves
}

// tie is a result the cards leave level: slots winners to be cut among the tied players.
type tie struct {
	among []int
	slots int
}

// primaryKey ranks players after the Primary: E+A, then E (E6).
func primaryKey(e, a []int) func(int) [2]int {
	return func(p int) [2]int { return [2]int{e[p] + a[p], e[p]} }
}

// primaryResult returns the Candidates the Primary settles (E6, E8) and the ties left to cut
// for the other places.
func primaryResult(e, a []int, parties [][2]int) ([]int, []tie) {
	key := primaryKey(e, a)
	if parties != nil {
		var out []int
		var ties []tie
		for _, m := range parties {
			switch c := cmpKey(key(m[0]), key(m[1])); {
			case c > 0:
				out = append(out, m[0])
			case c < 0:
				out = append(out, m[1])
			default:
				ties = append(ties, tie{m[:], 1})
			}
		}
		return out, ties
	}
	n := len(e)
	if n == 2 {
		return []int{0, 1}, nil
	}
	byRank := make([]int, n)
	for i := range byRank {
		byRank[i] = i
	}
	byRank = ranked(byRank, key)
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
		return append(out, tied...), nil
	}
	return out, []tie{{tied, 2 - len(out)}}
}

// ranked lists players from the best key down.
func ranked(players []int, key func(int) [2]int) []int {
	out := slices.Clone(players)
	slices.SortFunc(out, func(p, q int) int { return cmpKey(key(q), key(p)) })
	return out
}

// generalPool is who the General judges (E7), and on what: the Candidates above 0 by E−A then
// E, else the Spoilers by E alone. It is empty with two players neither above 0.
func generalPool(e, a []int, candidate []bool) ([]int, func(int) [2]int) {
	var pool []int
	for p := range e {
		if candidate[p] && e[p]-a[p] > 0 {
			pool = append(pool, p)
		}
	}
	if len(pool) > 0 {
		return pool, func(p int) [2]int { return [2]int{e[p] - a[p], e[p]} }
	}
	for p := range e {
		if !candidate[p] {
			pool = append(pool, p)
		}
	}
	return pool, func(p int) [2]int { return [2]int{e[p], 0} }
}

// generalResult returns who the General makes President (E7): the best of its pool. More than
// one are tied for it and cut; none means no President.
func generalResult(e, a []int, candidate []bool) []int {
	pool, key := generalPool(e, a, candidate)
	if len(pool) == 0 {
		return nil
	}
	top := slices.MaxFunc(pool, func(p, q int) int { return cmpKey(key(p), key(q)) })
	return slices.DeleteFunc(pool, func(p int) bool { return key(p) != key(top) })
}

func cmpKey(x, y [2]int) int {
	if c := cmp.Compare(x[0], y[0]); c != 0 {
		return c
	}
	return cmp.Compare(x[1], y[1])
}
