package matching_test

import (
	"fmt"

	"github.com/tableside/tableside/referee/tournament/internal/matching"
)

// Four players with 4, 3, 2 and 1 points, where ann and bob have met: a rematch costs more
// than any gap in points, and a gap costs its square, so that two gaps of 2 beat gaps of 3
// and 1.
func ExampleMinCost() {
	const rematch = 1_000_000
	names := []string{"ann", "bob", "cy", "dee"}
	edges := []matching.Edge{
		{U: 0, V: 1, Cost: rematch},
		{U: 0, V: 2, Cost: 4}, {U: 0, V: 3, Cost: 9},
		{U: 1, V: 2, Cost: 1}, {U: 1, V: 3, Cost: 4},
		{U: 2, V: 3, Cost: 1},
	}
	mate, err := matching.MinCost(len(names), edges)
	if err != nil {
		fmt.Println(err)
		return
	}
	for v, partner := range mate {
		if v < partner {
			fmt.Println(names[v], "v", names[partner])
		}
	}
	// Output:
	// ann v cy
	// bob v dee
}
