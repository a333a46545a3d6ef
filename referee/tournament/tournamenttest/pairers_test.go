package tournamenttest_test

import (
	"math"
	"sort"

	"github.com/tableside/tableside/referee/tournament"
)

// naive pairs in the list's order: tables of 2 down the list, the last player the bye, the
// first seated first; larger tables filled down the list in T2's sizes. It minds no rematch,
// no bye count, no points and no colours.
func naive(in tournament.Input) (tournament.Output, error) {
	out := tournament.Output{Round: in.Round, Byes: []string{}}
	names := make([]string, len(in.Players))
	for i, p := range in.Players {
		names[i] = p.Name
	}
	var sizes []int
	if in.TableSize == 2 {
		for range len(names) / 2 {
			sizes = append(sizes, 2)
		}
		if len(names)%2 == 1 {
			out.Byes = append(out.Byes, names[len(names)-1])
		}
	} else {
		count := (len(names) + in.TableSize - 1) / in.TableSize
		for t := range count {
			size := len(names) / count
			if t < len(names)%count {
				size++
			}
			sizes = append(sizes, size)
		}
	}
	at := 0
	for t, size := range sizes {
		out.Tables = append(out.Tables, tournament.Table{Table: t + 1, Players: names[at : at+size], First: names[at]})
		at += size
	}
	return out, nil
}

// player is one player as the ideal pairer reads the input.
type player struct {
	name    string
	points  int64
	rating  int
	number  int
	byes    int
	first   []bool
	met     map[string]bool
	ranking int // place in the standings, 0 the leader
}

// ideal pairs by trying every pairing or seating (a small field only), written from
// docs/rules.md apart from the checker.
func ideal(in tournament.Input) (tournament.Output, error) {
	players := readPlayers(in)
	out := tournament.Output{Round: in.Round, Byes: []string{}}
	switch {
	case in.Format == tournament.RoundRobin:
		return idealRoundRobin(in, players, out), nil
	case in.TableSize == 2:
		return idealPairs(in, players, out), nil
	}
	return idealSeats(in, players, out), nil
}

// readPlayers reads the input's players in standings order.
func readPlayers(in tournament.Input) []*player {
	players := make([]*player, len(in.Players))
	for i, p := range in.Players {
		players[i] = &player{name: p.Name, points: int64(math.Round(p.Points * 120)), rating: p.Rating, number: p.Number, byes: p.Byes, first: p.First, met: map[string]bool{}}
		if players[i].number == 0 {
			players[i].number = i + 1
		}
		for _, o := range p.Opponents {
			players[i].met[o] = true
		}
	}
	sort.SliceStable(players, func(a, b int) bool { return players[a].points > players[b].points })
	for i, p := range players {
		p.ranking = i
	}
	return players
}

// bergerRow builds Berger's tables the way FIDE describes them: round 1 pairs 1 v n, 2 v n−1, …
// (white first); each next round adds n/2 to every number but n (within 1..n−1), and n
// changes colour.
func bergerRow(n, round int) [][2]int {
	var row [][2]int
	for i := 1; i <= n/2; i++ {
		row = append(row, [2]int{i, n + 1 - i})
	}
	for range round - 1 {
		for t, pair := range row {
			for s := range pair {
				if pair[s] != n {
					pair[s] = (pair[s]+n/2-1)%(n-1) + 1
				}
			}
			if pair[0] == n || pair[1] == n {
				pair[0], pair[1] = pair[1], pair[0]
			}
			row[t] = pair
		}
	}
	return row
}

func idealRoundRobin(in tournament.Input, players []*player, out tournament.Output) tournament.Output {
	entrants := in.Entrants
	if entrants == 0 {
		entrants = len(players)
	}
	size := entrants + entrants%2
	round, reversed := in.Round, false
	if round > size-1 {
		round, reversed = round-(size-1), true
	}
	byNumber := map[int]*player{}
	for _, p := range players {
		byNumber[p.number] = p
	}
	for _, pair := range bergerRow(size, round) {
		white, black := byNumber[pair[0]], byNumber[pair[1]]
		if reversed {
			white, black = black, white
		}
		switch {
		case white != nil && black != nil:
			out.Tables = append(out.Tables, tournament.Table{Table: len(out.Tables) + 1, Players: []string{white.name, black.name}, First: white.name})
		case white != nil:
			out.Byes = append(out.Byes, white.name)
		case black != nil:
			out.Byes = append(out.Byes, black.name)
		}
	}
	return out
}

// matchings calls visit with every way to pair players (an even count).
func matchings(players []*player, visit func([][2]*player)) {
	var walk func(rest []*player, made [][2]*player)
	walk = func(rest []*player, made [][2]*player) {
		if len(rest) == 0 {
			visit(made)
			return
		}
		for j := 1; j < len(rest); j++ {
			others := append(append([]*player(nil), rest[1:j]...), rest[j+1:]...)
			walk(others, append(made, [2]*player{rest[0], rest[j]}))
		}
	}
	walk(players, nil)
}

func without(players []*player, out *player) []*player {
	var rest []*player
	for _, p := range players {
		if p != out {
			rest = append(rest, p)
		}
	}
	return rest
}

func idealPairs(in tournament.Input, players []*player, out tournament.Output) tournament.Output {
	rest := players
	if len(players)%2 == 1 {
		fewest := players[0].byes
		for _, p := range players {
			fewest = min(fewest, p.byes)
		}
		// The lowest of those with the fewest byes whose absence leaves the fewest rematches.
		var bye *player
		leastLeft := -1
		for i := len(players) - 1; i >= 0; i-- {
			if players[i].byes != fewest {
				continue
			}
			least := -1
			matchings(without(players, players[i]), func(m [][2]*player) {
				rematches := 0
				for _, pair := range m {
					if pair[0].met[pair[1].name] {
						rematches++
					}
				}
				if least < 0 || rematches < least {
					least = rematches
				}
			})
			if leastLeft < 0 || least < leastLeft {
				bye, leastLeft = players[i], least
			}
		}
		out.Byes = append(out.Byes, bye.name)
		rest = without(players, bye)
	}
	var best [][2]*player
	bestRematches, bestDifference := -1, int64(0)
	matchings(rest, func(m [][2]*player) {
		rematches, difference := 0, int64(0)
		for _, pair := range m {
			if pair[0].met[pair[1].name] {
				rematches++
			}
			if in.Format == tournament.Swiss {
				difference += max(pair[0].points-pair[1].points, pair[1].points-pair[0].points)
			}
		}
		if bestRematches < 0 || rematches < bestRematches || rematches == bestRematches && difference < bestDifference {
			best, bestRematches, bestDifference = append([][2]*player(nil), m...), rematches, difference
		}
	})
	if in.Format == tournament.Swiss && in.Round == 1 {
		byRating := append([]*player(nil), rest...)
		sort.SliceStable(byRating, func(a, b int) bool { return byRating[a].rating > byRating[b].rating })
		best = nil
		half := len(byRating) / 2
		for i := range half {
			best = append(best, [2]*player{byRating[i], byRating[i+half]})
		}
	}
	for _, pair := range best {
		out.Tables = append(out.Tables, tournament.Table{Table: len(out.Tables) + 1, Players: []string{pair[0].name, pair[1].name}, First: firstAt(pair[:])})
	}
	return out
}

func idealSeats(in tournament.Input, players []*player, out tournament.Output) tournament.Output {
	count := (len(players) + in.TableSize - 1) / in.TableSize
	var sizes []int
	for t := range count {
		size := len(players) / count
		if t < len(players)%count {
			size++
		}
		sizes = append(sizes, size)
	}
	// Seatings compare by their repeats, then (a Swiss) by their tables' places in order,
	// each table's sorted: the leaders together.
	var best [][]*player
	var bestKey []int
	better := func(key []int) bool {
		if bestKey == nil {
			return true
		}
		for i := range key {
			if key[i] != bestKey[i] {
				return key[i] < bestKey[i]
			}
		}
		return false
	}
	var seat func(rest []*player, made [][]*player)
	seat = func(rest []*player, made [][]*player) {
		if len(rest) == 0 {
			key := []int{0}
			for _, table := range made {
				for i, p := range table {
					for _, q := range table[i+1:] {
						if p.met[q.name] {
							key[0]++
						}
					}
					if in.Format == tournament.Swiss {
						key = append(key, p.ranking)
					}
				}
			}
			if better(key) {
				best, bestKey = append([][]*player(nil), made...), key
			}
			return
		}
		size := sizes[len(made)]
		var choose func(from int, table []*player)
		choose = func(from int, table []*player) {
			if len(table) == size {
				var others []*player
				for _, p := range rest {
					if !containsPlayer(table, p) {
						others = append(others, p)
					}
				}
				seat(others, append(made, append([]*player(nil), table...)))
				return
			}
			for i := from; i < len(rest); i++ {
				choose(i+1, append(table, rest[i]))
			}
		}
		choose(0, nil)
	}
	seat(players, nil)
	for t, table := range best {
		names := make([]string, len(table))
		for i, p := range table {
			names[i] = p.name
		}
		out.Tables = append(out.Tables, tournament.Table{Table: t + 1, Players: names, First: firstAt(table)})
	}
	return out
}

func containsPlayer(table []*player, p *player) bool {
	for _, q := range table {
		if q == p {
			return true
		}
	}
	return false
}

// firstAt is who is first at a table by docs/rules.md's T7, in its order of clauses.
func firstAt(table []*player) string {
	timesFirst := func(p *player) int {
		n := 0
		for _, f := range p.first {
			if f {
				n++
			}
		}
		return n
	}
	twice := func(p *player, first bool) bool {
		n := len(p.first)
		return n >= 2 && p.first[n-1] == first && p.first[n-2] == first
	}
	// thirdTime: with a first and b second, one of them is first, or second, a third time running.
	thirdTime := func(a, b *player) bool { return twice(a, true) || twice(b, false) }
	due := func(p *player) bool { return len(p.first) > 0 && !p.first[len(p.first)-1] }
	if len(table) == 2 && thirdTime(table[0], table[1]) != thirdTime(table[1], table[0]) {
		if thirdTime(table[0], table[1]) {
			return table[1].name
		}
		return table[0].name
	}
	best := table[0]
	for _, p := range table[1:] {
		switch {
		case timesFirst(p) != timesFirst(best):
			if timesFirst(p) < timesFirst(best) {
				best = p
			}
		case due(p) != due(best):
			if due(p) {
				best = p
			}
		case p.ranking < best.ranking:
			best = p
		}
	}
	return best.name
}
