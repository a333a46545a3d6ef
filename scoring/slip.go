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
