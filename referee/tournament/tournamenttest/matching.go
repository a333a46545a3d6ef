package tournamenttest

import (
	"math/bits"
	"math/rand/v2"
)

// Matchings without a rematch, among up to 60 players, are counted by the rank of a Tutte
// matrix with random entries modulo a prime: its rank is twice the largest matching of the
// graph (Lovász). The rank can only come out low, with a chance of at most n/p, about 3e-17
// for 60 players; the entries are drawn from a fixed seed, so a check is the same every run.

const prime = 1<<61 - 1

func mulMod(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	// 2^61 ≡ 1, so the product folds onto its 61-bit halves.
	x := (hi<<3 | lo>>61) + lo&prime
	x = x&prime + x>>61
	if x >= prime {
		x -= prime
	}
	return x
}

func powMod(a, e uint64) uint64 {
	result := uint64(1)
	for ; e > 0; e >>= 1 {
		if e&1 == 1 {
			result = mulMod(result, a)
		}
		a = mulMod(a, a)
	}
	return result
}

// freshMatching is the largest number of pairs among players (by place) who have not met.
func (f *field) freshMatching(players []int) int {
	m := len(players)
	rng := rand.New(rand.NewPCG(37, uint64(m)))
	matrix := make([][]uint64, m)
	for i := range matrix {
		matrix[i] = make([]uint64, m)
	}
	for i := range m {
		for j := i + 1; j < m; j++ {
			if !f.met(players[i], players[j]) {
				x := 1 + rng.Uint64N(prime-1)
				matrix[i][j], matrix[j][i] = x, prime-x
			}
		}
	}
	return rankMod(matrix) / 2
}

// rankMod is the rank of a square matrix modulo the prime, by Gaussian elimination; it
// changes the matrix.
func rankMod(matrix [][]uint64) int {
	m := len(matrix)
	rank := 0
	for col := 0; col < m && rank < m; col++ {
		pivot := -1
		for row := rank; row < m; row++ {
			if matrix[row][col] != 0 {
				pivot = row
				break
			}
		}
		if pivot < 0 {
			continue
		}
		matrix[rank], matrix[pivot] = matrix[pivot], matrix[rank]
		inverse := powMod(matrix[rank][col], prime-2)
		for row := rank + 1; row < m; row++ {
			if matrix[row][col] == 0 {
				continue
			}
			factor := prime - mulMod(matrix[row][col], inverse)
			for k := col; k < m; k++ {
				matrix[row][k] += mulMod(factor, matrix[rank][k])
				if matrix[row][k] >= prime {
					matrix[row][k] -= prime
				}
			}
		}
		rank++
	}
	return rank
}

// closest is the best pairing of an even count of players (by place, at most 16) by T4 and
// then T5: the fewest rematches, and among those the least total difference in points. It
// searches every pairing, as a walk over the sets of players still to pair, each pairing the
// first of them.
func (f *field) closest(players []int) (rematches int, difference int64) {
	m := len(players)
	full := uint32(1)<<m - 1
	type best struct {
		rematches  int8
		difference int64
	}
	memo := make([]best, 1<<m)
	known := make([]bool, 1<<m)
	var walk func(paired uint32) best
	walk = func(paired uint32) best {
		if paired == full {
			return best{}
		}
		if known[paired] {
			return memo[paired]
		}
		i := bits.TrailingZeros32(^paired)
		result := best{rematches: -1}
		for j := i + 1; j < m; j++ {
			if paired&(1<<j) != 0 {
				continue
			}
			rest := walk(paired | 1<<i | 1<<j)
			a, b := players[i], players[j]
			if f.met(a, b) {
				rest.rematches++
			}
			rest.difference += abs(f.points[a] - f.points[b])
			if result.rematches < 0 || rest.rematches < result.rematches ||
				rest.rematches == result.rematches && rest.difference < result.difference {
				result = rest
			}
		}
		memo[paired], known[paired] = result, true
		return result
	}
	result := walk(0)
	return int(result.rematches), result.difference
}

func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}
