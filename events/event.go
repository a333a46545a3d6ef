package events

import (
	"encoding/json"
)

// Event is one row of a game's log. The fields are the whole envelope: nothing about an event
// lives anywhere else, so a log exported as JSON lines replays to the same result.
type Event struct {
	Game    int64           `json:"game"`
	Seq     int64           `json:"seq"`
	Type    string          `json:"type"`
	Actor   string          `json:"actor,omitempty"`
	Payload json.RawMessage `json:"payload"`
	At      int64           `json:"at"`             // Unix milliseconds when it was recorded
	Hash    string          `json:"hash,omitempty"` // hex SHA-256 over the previous hash and this event
	// Origin is the number the game was first recorded under, when it is now kept under
	// another (it was imported into a database that already held games): its hash chain covers
	// that number, never Game, so that a game keeps its chain and the seals of its printed
	// sheets wherever it moves. 0 for a game kept under the number it began with.
	Origin int64 `json:"origin,omitempty"`
}

// ChainGame is the game number e's hash covers: Origin for a game that moved, else Game.
func (e Event) ChainGame() int64 {
	if e.Origin != 0 {
		return e.Origin
	}
	return e.Game
}

// Types of the events every game shares. A game's own moves use types prefixed with its kind
// ("candidate.bid"). The strings are stored: never rename one.
const (
	TypeCreated = "game.created" // always seq 1
	TypeVoid    = "void"         // takes an earlier move back
	TypeAmend   = "amend"        // replaces an earlier move
	TypeRuling  = "ruling"       // settles a flag: condone or void
	TypeAdjust  = "adjust"       // adds or takes points, with a reason
	TypeAbandon = "abandon"      // the table stops the game before its end; a void takes it back
	TypeConfirm = "confirm"      // a player confirms a scored round's result as it stands
)

// TournamentKind is the kind (Created.Kind) of a tournament's own log, beside the kinds of game.
const TournamentKind = "tournament"

// Created is the payload of a game's first event: everything a replay needs besides the moves.
type Created struct {
	Kind    string   `json:"kind"`
	Players []string `json:"players"` // in seating order
	Dealer  string   `json:"dealer,omitempty"`
	Opener  string   `json:"opener,omitempty"` // for games that name the first opener instead
	// Teams groups players into named sides (Article II's parties), for games that have them.
	Teams map[string][]string `json:"teams,omitempty"`
	// Match names the match or season the game belongs to; a match sums its games' points.
	Match   string            `json:"match,omitempty"`
	Options map[string]string `json:"options,omitempty"`
	Ruleset string            `json:"ruleset"` // e.g. "candidate/1"
	// Date is the day the game was played, YYYY-MM-DD: the day it was created, or the day a
	// game entered from paper says. Rules that depend on the date (Advantage's A11) read it
	// here, so a replay years later decides the same. Games created before dates were kept
	// have none.
	Date string `json:"date,omitempty"`
	// Tournament names the tournament: on a tournament's own log, its name; on a game its rounds
	// made, the tournament it belongs to, with its Round and Table (from 1). A game's match is
	// its tournament's name too, so that the tournament finds its games by the match's index.
	Tournament string `json:"tournament,omitempty"`
	// TournamentID is, on a tournament's own log, its identity, drawn at random when it is
	// made; on a game its rounds made, the identity of that tournament. A name or a number does
	// not tell two clubs' tournaments of one name apart in one league, nor survive a move into
	// it; this does. Logs written before it have none: their games go by the name.
	TournamentID string `json:"tournament_id,omitempty"`
	Round        int    `json:"round,omitempty"`
	Table        int    `json:"table,omitempty"`
	// Seated is, on a tournament's game, the event of the tournament's log that seated its
	// round as the game was made (the round's pairing, or a seating by hand): a seating makes
	// each of its tables' games once, and the store refuses a second (store.GameMadeError).
	Seated int64 `json:"seated,omitempty"`
	// GameOptions are, on a tournament's own log, the options every game it makes is created
	// with (pinochle's limit=50), the rest the kind's defaults.
	GameOptions map[string]string `json:"game_options,omitempty"`
	// Doubts are what imports found wrong with the files this game came from: a hash chain
	// missing, forged, reordered or gapped, so that the game cannot be traced to the log that
	// kept it. They travel with the game, in its first event, and each is flagged (rule L7)
	// until a ruling on event 1 condones it.
	Doubts []Doubt `json:"import_doubts,omitempty"`
}

// Doubt is one import's doubt about the file a game came from.
type Doubt struct {
	From    string `json:"from"`    // the file, as it was named to import
	Problem string `json:"problem"` // what was wrong with it, naming the line
}

// Void takes the move at Target back.
type Void struct {
	Target int64  `json:"target"`
	Note   string `json:"note,omitempty"`
}

// Amend replaces the move at Target with another one.
type Amend struct {
	Target  int64           `json:"target"`
	Type    string          `json:"type"`
	Actor   string          `json:"actor,omitempty"`
	Payload json.RawMessage `json:"payload"`
	Note    string          `json:"note,omitempty"`
}

// Ruling decisions.
const (
	Condone = "condone" // the move stands as played; its flags are settled
	VoidIt  = "void"    // the move is taken back
)

// Ruling settles the flags on the move at Target.
type Ruling struct {
	Target   int64  `json:"target"`
	Decision string `json:"decision"`
	Note     string `json:"note,omitempty"`
}

// Abandon stops a game before its end, with the reason.
type Abandon struct {
	Note string `json:"note"`
}

// Adjust adds points to a player (negative points take them away), with the reason.
type Adjust struct {
	Player string `json:"player"`
	Points int    `json:"points"`
	Note   string `json:"note"`
}

// Confirm says that Player agrees with the result of the game's round (a hand, a seat) numbered
// Round as the log stood just before it: the other side's check of what was entered (L9).
type Confirm struct {
	Round  int    `json:"round"`
	Player string `json:"player"`
	Note   string `json:"note,omitempty"`
}
