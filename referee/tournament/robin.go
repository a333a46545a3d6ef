package tournament

import "slices"

// roundRobin is row Round of Berger's tables for the field at round 1, by pairing number, as
// FIDE draws them: in round r of a field of n (n even, the last a blank when the field is odd),
// players i and j below n meet when i + j ≡ r + 1 (mod n − 1), and the one who would meet
// themself meets n. A double round robin plays the rows again with who is first reversed. A
// player who meets the blank, or one who has dropped, has the bye.
func (r *round) roundRobin() (Output, error) {
	entrants := r.Entrants
	switch {
	case entrants == 0:
		entrants = len(r.Players)
	case entrants < len(r.Players) || entrants > maxPlayers:
		return Output{}, inputError("entrants %d: a round robin's field is the %d players present or more, and %d at most", entrants, len(r.Players), maxPlayers)
	}
	byNumber := map[int]*competitor{}
	for i, p := range r.Players {
		e := r.byName[p.Name]
		number := p.Number
		if number == 0 {
			number = i + 1
		}
		switch {
		case number < 1 || number > entrants:
			return Output{}, inputError("%s has number %d: a round robin of %d numbers its players 1 to %d (nobody joins after round 1)", p.Name, number, entrants, entrants)
		case byNumber[number] != nil:
			return Output{}, inputError("%s and %s both have number %d", byNumber[number].Name, p.Name, number)
		}
		byNumber[number] = e
	}
	n := entrants + entrants%2
	rows := n - 1
	cycles := 1
	if r.Double {
		cycles = 2
	}
	if r.Round > rows*cycles {
		return Output{}, inputError("round %d: a round robin of %d players has %d rounds", r.Round, entrants, rows*cycles)
	}
	row := (r.Round-1)%rows + 1
	reversed := r.Round > rows
	var out Output
	var pairs [][2]*competitor // first, then second
	for i := 1; i < n; i++ {
		j := partner(i, row, n)
		if j < i {
			continue
		}
		first, second := i, j
		switch {
		case j == n && i > n/2, j != n && (i+j)%2 == 0:
			first, second = j, i
		}
		if reversed {
			first, second = second, first
		}
		a, b := byNumber[first], byNumber[second]
		switch {
		case a != nil && b != nil:
			pairs = append(pairs, [2]*competitor{a, b})
		case a != nil:
			out.Byes = append(out.Byes, a.Name)
		case b != nil:
			out.Byes = append(out.Byes, b.Name)
		}
	}
	slices.SortFunc(pairs, func(p, q [2]*competitor) int { return min(p[0].rank, p[1].rank) - min(q[0].rank, q[1].rank) })
	for i, pq := range pairs {
		out.Tables = append(out.Tables, Table{Table: i + 1, Players: names(pq[:]), First: pq[0].Name})
	}
	slices.SortFunc(out.Byes, func(a, b string) int { return r.byName[a].rank - r.byName[b].rank })
	return out, nil
}

// partner is whom player i meets in row r of Berger's tables for n players.
func partner(i, r, n int) int {
	m := n - 1
	j := ((r+1-i)%m+m-1)%m + 1 // j ≡ r + 1 − i (mod m), in 1…m
	if j == i {
		return n
	}
	return j
}
