package scoring

// Slip is a tournament round's slip, as the room's notice board shows it: where each table
// sits, the first named first, and the standings the round was paired from.
type Slip struct {
	Name  string
	Kind  string
	Date  string
	Round int
	// FirstWord says what the first at a table does: "opens", "deals".
	FirstWord string
	Tables    []SlipTable
	Byes      []string
	// After is the round the standings are after; 0 before any is over.
	After int
	// Foot names the tournament and its seal, on every page.
	Foot string
	// Notes are what the slip must say of how the standings were reached: a change of the
	// tie-breaks after round 1 was paired (T14).
	Notes []string
}

// SlipTable is one table of a round: its players, the first first, and its game's number.
type SlipTable struct {
	Table   int
	Players []string
	Game    int64
}

// Crosstable is a tournament's wall chart after its rounds so far: a row a player in the
// standings' order, a cell a round, each saying whom the player met and how it went.
type Crosstable struct {
	Name, Kind, Date string
	// Rounds is how many rounds were paired: every row has a cell for each.
	Rounds int
	Rows   []CrossRow
	// Foot names the tournament and its seal, on every page.
	Foot  string
	Notes []string
}

// CrossRow is one player's line of a crosstable: their number in it (the row, from 1), their
// place, and each round.
type CrossRow struct {
	Number int
	Place  int
	Name   string
	Points float64
	Cells  []CrossCell
}

// CrossCell is one round of a player: a game at a table (Opponents by their rows' numbers,
// the player's Place of Of at it, the Points it gave), or a round not played (Kind).
type CrossCell struct {
	// Kind is "game", "playing" (its game not over), "bye" (the pairing's), "asked" (a bye
	// asked for), "forfeit-won", "forfeit-lost", or "" for a round the player was not in.
	Kind      string
	Table     int
	Opponents []int
	Place, Of int
	Points    float64
	// First says the player opened or dealt at the table; Score is their total on the game's
	// own sheet, once it counts.
	First bool
	Score int
}
