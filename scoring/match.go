package scoring

// MatchStandings is a match's table: each player's points summed over its games. The
// application sums them (table.App.Match); render lays them out for every face.
type MatchStandings struct {
	Match     string          `json:"match"`
	Kind      string          `json:"kind"`
	Games     int             `json:"games"`
	Standings []MatchStanding `json:"standings"`
	Leaders   []string        `json:"leaders"` // everyone at rank 1
	Played    []MatchGame     `json:"played"`
	// Length is how many games the match holds when its rules fix it (a party match of Article
	// II is four, E8), with the ruling; Complete is set once it holds them all.
	Length   int    `json:"length,omitempty"`
	Rule     string `json:"rule,omitempty"`
	Complete bool   `json:"complete,omitempty"`
	// Others are games filed under the match's name with another kind (older databases allowed
	// it); they are not counted.
	Others []int64 `json:"others,omitempty"`
}

// MatchStanding is one player's line in a match.
type MatchStanding struct {
	Player string `json:"player"`
	Rank   int    `json:"rank"` // equal points share a rank
	Points int    `json:"points"`
	Wins   int    `json:"wins"`
	Games  int    `json:"games"`
}

// MatchGame is one game's part in a match.
type MatchGame struct {
	Game     int64          `json:"game"`
	Finished bool           `json:"finished"`
	Totals   map[string]int `json:"totals"`
	Winners  []string       `json:"winners"`
}
