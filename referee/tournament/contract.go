package tournament

// The published shapes of a round's pairing (docs/json.md, "tableside calc pair"): what a
// pairing is computed from, and what it gives. They are a public contract, as a chess pairing
// program's TRF file is: any checker can hold a pairing to the T rulings with them alone.
// Fields are only ever added.

// The formats of a tournament.
const (
	// Swiss pairs by the standings: at tables of 2 the least total difference in points (T5);
	// at larger tables the leaders together, with the fewest repeat meetings (T6).
	Swiss = "swiss"
	// RoundRobin: every pair meets once (twice when Double), by Berger's tables (T4).
	RoundRobin = "round-robin"
	// Rotation: at larger tables, players meet each other as seldom as possible (T6).
	Rotation = "rotation"
)

// Input is what one round's pairing is computed from.
type Input struct {
	Format string `json:"format"`
	Kind   string `json:"kind"`
	// Round is the round being paired, from 1.
	Round int `json:"round"`
	// TableSize is the size of a full table: 2 for the two-player kinds.
	TableSize int `json:"table_size"`
	// Seed orders players a rating does not (round 1 with no ratings, and any tie).
	Seed uint64 `json:"seed"`
	// Double makes a round robin meet every pair twice.
	Double bool `json:"double,omitempty"`
	// Entrants is a round robin's field at round 1, whose numbers Berger's tables are drawn
	// for: players who dropped since are left out of Players, not out of the tables. 0 means
	// the players listed.
	Entrants int `json:"entrants,omitempty"`
	// Players are the players present for the round. A player who has dropped is left out.
	Players []Player `json:"players"`
	// Dropped names the players who have left the tournament: an opponent a player met is one
	// of Players or of these, and any other name is a mistake.
	Dropped []string `json:"dropped,omitempty"`
	// Away names the players who stay in the tournament and are not paired this round: a bye
	// they asked for (T11). Like Dropped, an opponent a player met may be one of these.
	Away []string `json:"away,omitempty"`
	// Apart are pairs of players who must not meet (T13): they do not while a pairing exists
	// in which they do not, T3 held and with no more rematches (T4).
	Apart [][2]string `json:"apart,omitempty"`
	// Keep are players who must keep a table (an accessible seat, T13): each is seated at that
	// table whatever the pairing, the first listed first where two want one.
	Keep []Kept `json:"keep,omitempty"`
}

// Kept is a player who must keep a table (T13).
type Kept struct {
	Player string `json:"player"`
	Table  int    `json:"table"`
}

// Player is one player present for the round, and their night so far. Players are listed in
// standings order: points decide first, and the list's order among equal points.
type Player struct {
	Name string `json:"name"`
	// Number is the player's pairing number, from 1, in the order of entry: a round robin's
	// place in Berger's tables. 0 means the player's place in the list.
	Number int `json:"number,omitempty"`
	// Points are the standings points so far (T8), in halves or, at larger tables, the
	// fractions of a place.
	Points float64 `json:"points"`
	Rating int     `json:"rating,omitempty"`
	// Opponents lists everyone met, once a meeting: at a larger table, everyone else at it.
	Opponents []string `json:"opponents"`
	Byes      int      `json:"byes"`
	// First says, a round a game, whether the player opened or dealt.
	First []bool `json:"first"`
	// Small counts the rounds the player sat at one of the round's smaller tables (T2's tables
	// one short): a rotation spreads them (TR4).
	Small int `json:"small,omitempty"`
}

// Output is a round's pairing.
type Output struct {
	Round  int      `json:"round"`
	Tables []Table  `json:"tables"`
	Byes   []string `json:"byes"`
	// GaveWay says each of T13's wishes the pairing could not keep, and which ruling it gave
	// way to.
	GaveWay []string `json:"gave_way,omitempty"`
}

// Table is one table of a round: its number from 1, its players in seating order, and who
// opens or deals.
type Table struct {
	Table   int      `json:"table"`
	Players []string `json:"players"`
	First   string   `json:"first"`
}
