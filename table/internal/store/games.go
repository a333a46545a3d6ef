package store

// GameInfo summarises a game for listing.
type GameInfo struct {
	ID      int64
	Kind    string
	Match   string   // the match the game belongs to, empty for none
	Players []string // in seating order, from the game.created payload
	// Tournament, Round and Table say where a tournament's round made the game, from the same
	// payload: "" and 0 for a game made by hand. A tournament's own log has its name, and 0.
	Tournament   string
	Round, Table int
	// TournamentID and Seated are the same payload's: the tournament's identity (on its own
	// log and on its games), and the event of its log that seated the game's table.
	TournamentID string
	Seated       int64
	CreatedAt    int64 // Unix ms of the first event
	LastAt       int64 // Unix ms of the last event
	Events       int   // how many events the log holds
}

// MatchInfo summarises a match: a name that games share in their game.created payload.
type MatchInfo struct {
	Name  string
	Kind  string // the kind of its first game, and so of all its games
	Games int
}

// Moved is where an imported game came from. Its events are stored with the hashes they had
// there: their chain covers Origin, not the number the game gets here.
type Moved struct {
	// Origin is the number the game's hash chain covers: the one it was first recorded under.
	Origin int64
	// Batch names the import: the games of one file share it, so that the file's seal can be
	// held against them later (FileSeal numbers them as Number).
	Batch int64
	// Number is the game's number in the file it was imported from.
	Number int64
}

// MovedGame is a game imported with its hash chain, and where it came from.
type MovedGame struct {
	Game int64 // its number here
	Moved
}
