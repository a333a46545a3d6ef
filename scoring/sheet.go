package scoring

// Sheet is the score sheet of one game, for every kind: rounds as rows (Candidate's seats,
// Pinochle's hands), players as columns, then the final totals and how each was made. Commands
// render it as a table, Markdown, CSV, JSON and HTML; its JSON form is a public contract
// (docs/json.md), so fields are only ever added.
type Sheet struct {
	Game int64  `json:"game"`
	Kind string `json:"kind"`
	// Title is the game's proper name ("Article II"); Date, Match and Teams come from its setup.
	Title   string              `json:"title,omitempty"`
	Date    string              `json:"date,omitempty"`
	Match   string              `json:"match,omitempty"`
	Teams   map[string][]string `json:"teams,omitempty"`
	Players []string            `json:"players"`
	Options map[string]string   `json:"options,omitempty"`
	// RoundName names a row ("seat", "hand").
	RoundName string `json:"round_name"`
	// Columns says which values a round has and in what order to show them.
	Columns []Column `json:"columns"`
	Rounds  []Round  `json:"rounds"`
	// Breakdown explains each player's total line by line; the lines add up to Totals[player].
	Breakdown   map[string][]Line `json:"breakdown"`
	Adjustments []Adjustment      `json:"adjustments"`
	Totals      map[string]int    `json:"totals"`
	// Finished is true once the game's last round is complete.
	Finished bool `json:"finished"`
	// Winner is set only when the game is finished and won by one player.
	Winner *string `json:"winner"`
	// Winners lists everyone who won a finished game: the winner, or the players who share
	// first place where the rules share it. Empty while the game goes on and when it is drawn.
	Winners []string `json:"winners"`
	// Decided says which rule decided the result when the totals alone do not show it: a tie
	// broken, a winner who is not the top scorer.
	Decided string `json:"decided,omitempty"`
	// Draw is set when a finished game has no winner.
	Draw bool `json:"draw"`
	// Abandoned is set when the table stopped the game before its end (L6): it has no winner.
	Abandoned bool `json:"abandoned,omitempty"`
	// Record is the stored log the sheet was drawn from: its seal, printed with the sheet, and
	// whether its hash chain verifies. Set by the application; the referee never sees it.
	Record *Record `json:"record,omitempty"`
}

// Record is what the application knows of the stored log a view was drawn from. Seal is the
// log's seal ("152:7KQ3-M2XD-9FHA"), to keep with a printed sheet: `tableside verify GAME --seal`
// later says whether the log still ends where it did. Intact is false when the log's hash chain
// breaks, at event BrokenAt, for the reason Problem: the record was changed outside tableside.
type Record struct {
	Seal     string `json:"seal"`
	Intact   bool   `json:"intact"`
	BrokenAt int64  `json:"broken_at,omitempty"`
	Problem  string `json:"problem,omitempty"`
}

// Column describes one value of a round. PerPlayer columns repeat for every player.
type Column struct {
	Key       string `json:"key"`
	Title     string `json:"title"`
	PerPlayer bool   `json:"per_player"`
	// Running marks the per-player column that holds each player's total so far, which a
	// printed sheet repeats at the foot of a page.
	Running bool `json:"running,omitempty"`
}

// Round is one row of the sheet. Values holds the round's own columns, Players[p] the
// per-player ones, keyed by Column.Key. A value is a string, an int or a []string.
type Round struct {
	Number  int                       `json:"number"`
	Values  map[string]any            `json:"values,omitempty"`
	Players map[string]map[string]any `json:"players,omitempty"`
	// Scored is true once the round's result is settled: a hand played out and scored, a seat's
	// candidates all captured. Only a scored round can be confirmed.
	Scored bool `json:"scored"`
	// Confirmed lists the players who confirmed the round's result (L9), in log order.
	Confirmed []Confirmation `json:"confirmed,omitempty"`
}

// Confirmation is a player's agreement with a scored round, made at event Seq at time At (Unix
// ms). It Stands until a later correction changes a move made before it.
type Confirmation struct {
	Player string `json:"player"`
	Seq    int64  `json:"seq"`
	At     int64  `json:"at"`
	Stands bool   `json:"stands"`
}

// Line is one step of a breakdown: "Q K A run of three ×3" worth 18.
type Line struct {
	Text   string `json:"text"`
	Points int    `json:"points"`
}

// Adjustment is points added or taken by the table, with its reason and the event that did it.
type Adjustment struct {
	Seq    int64  `json:"seq"`
	Player string `json:"player"`
	Points int    `json:"points"`
	Note   string `json:"note"`
}
