package referee

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/scoring"
)

// Move is one move as the log stores it: the event's type, who made it ("" for the table) and
// its payload. Engines read their own payloads; everything else treats a move as opaque.
type Move struct {
	Type    string          `json:"type"`
	Actor   string          `json:"actor,omitempty"`
	Payload json.RawMessage `json:"payload"`
}

// NewMove is the move of type typ made by actor ("" for the table), its payload stored as JSON.
// Engines build payloads from valid values only, so one that does not marshal is a bug in the
// engine: NewMove panics rather than let a move that says nothing into the log.
func NewMove(typ, actor string, payload any) Move {
	b, err := json.Marshal(payload)
	if err != nil {
		panic(fmt.Sprintf("referee: the payload of a %s move does not marshal: %v", typ, err))
	}
	return Move{Type: typ, Actor: actor, Payload: b}
}

// Rules is one game's rulebook: what a game of this kind accepts when it is created, and how to
// start one. One value serves every game of the kind; state lives in Game.
type Rules interface {
	Kind() string
	// Name is the game's proper name, for titles: "Article II", "Pinochle".
	Name() string
	// Ruleset names the version of the rules a new game is created under; it is stored in the
	// game's first event so a replay years later can tell which rules it was played by.
	Ruleset() string
	// Players gives the allowed number of players.
	Players() (min, max int)
	// Seating says what New needs named about the seats besides the players in order: the
	// first dealer or opener, and the teams. A face asks for exactly that when it sets up a game.
	Seating() Seating
	Options() []Option
	Rulings() []Ruling
	// Grammar documents the moves a player types, one line per form.
	Grammar() []string
	// IsWord reports whether the game's notation would read name as something other than a
	// player (a verb, a card, a bid), so that no player may be called so. New refuses such a
	// name; a tournament of the game refuses it at entry, before a round's game would.
	IsWord(name string) bool
	// New validates a game's setup (players, dealer, options) and returns the state before the
	// first move.
	New(setup events.Created) (Game, error)
	// Playout plays one random legal game to its end, as a table would, for tests and
	// demonstrations: it seats as many of names as it chooses (names holds at least the most
	// players the game takes, each acceptable to New), picks the options at random, and
	// returns the setup and every move in order, numbered from seq 2. It holds the hidden
	// cards itself and shares no logic with the referee, so a flag on one of its games is a
	// bug in one or the other.
	Playout(rng *rand.Rand, names []string) (events.Created, []Move)
	// Deal deals a board (D1) for a table of players from rng, under the game's options
	// (those that change what is dealt): the same piles for the same stream on every machine.
	// The caller keeps to the players the game takes and to the options' values; a variant
	// that does not fit the table is refused.
	Deal(rng *rand.Rand, players int, options map[string]string) ([]Pile, error)
}

// Game is the state of one game, built by applying its moves in order. Apply never refuses:
// a move that breaks a rule is still applied as the table played it (or set aside when the game
// cannot go on from it, L8), and the breach comes back as flags, because the log records what
// happened at the table.
type Game interface {
	// Parse reads a move typed at the table, such as "ann bid 9H" or "reveal 7H". It reads in
	// the light of the current state (a bare rank is a card of the seat's suit; a move with no
	// player is made by the player whose turn it is). An error names the word it could not read.
	Parse(words []string) (Move, error)
	// Notation writes a move back in the form Parse reads.
	Notation(m Move) string
	// Describe writes a move for people: "ann bids 9♥".
	Describe(m Move) string
	// Apply plays the move recorded at seq and returns the flags it raises, on this event or
	// on earlier ones that it proves wrong.
	Apply(seq int64, m Move) []Flag
	// Legal lists the moves that would raise no flag on themselves now: every move a player may
	// really make. Inference about hidden cards never narrows it — a move that would prove an
	// earlier one wrong is listed, since the flag lands on the earlier one. Empty when the game
	// is over.
	Legal() []Move
	// Hint says in words what may be played now, for the line after a refusal.
	Hint() string
	// Status describes the table now, for `show`.
	Status() []Field
	// Sheet is the score sheet so far. Adjustments are added by the caller.
	Sheet() *scoring.Sheet
	// Adjust tells the game of an adjustment in force, in log order among the moves, so that
	// an end decided on a score sees the totals with the adjustments recorded so far (L5).
	// An adjustment alone ends nothing; the caller adds it to the sheet.
	Adjust(a scoring.Adjustment)
	// Decide names who won a finished game from its final totals (adjustments included): one
	// player, or several who share the win. None means the game is drawn. why says which rule
	// decided it when the totals alone do not show it (a tie broken, a winner who is not the
	// top scorer), else "".
	Decide(totals map[string]int) (winners []string, why string)
	// Over reports whether the game has ended.
	Over() bool
	// End says, once the game is over, the rule that ended it and how, in the words a move
	// after the end is refused with: ("C5", "all twelve seats have been played"). Both are ""
	// while the game goes on.
	End() (rule, why string)
	// Clone returns an independent copy of the state: moves applied to one never change the
	// other. It lets a replay keep the state at a point and go back to it.
	Clone() Game
}

// Seating is what a game's setup names about its seats, beyond the players in seating order.
type Seating struct {
	// Dealer and Opener say that the setup names the first dealer, or the first opener. When
	// both are set, either one is enough: with two players, naming one names the other.
	Dealer, Opener bool
	// Teams are the sides the players sit in; nil for a game without them.
	Teams *Teams
}

// Teams is how a game seats its players in named sides: Count sides of Size players each.
// When Option is set, the game has sides only when that option is Value, and none otherwise.
type Teams struct {
	Count, Size   int
	Option, Value string
}

// Option is a setting chosen when a game is created. The default is Values[0]. A Numeric
// option takes any whole number from 1 up; Values then holds only its default. A List option
// takes a comma-separated list of Values[1:], each at most once, in the order that matters to
// the game; Values[0] is then the default list.
type Option struct {
	Name    string   `json:"name"`
	Values  []string `json:"values"`
	Rule    string   `json:"rule"`
	Numeric bool     `json:"numeric,omitempty"`
	List    bool     `json:"list,omitempty"`
}

// correctionWords start the lines of a transcript that correct the log, so no player may be
// called by one of them.
var correctionWords = []string{"void", "amend", "rule", "adjust", "new"}

// CheckPlayers refuses a player list a game cannot be played with: a count outside min–max, an
// empty name, a name of more than one word, two names equal but for case, or a name that the
// game's notation would read as something else (isWord), such as a move or a card.
func CheckPlayers(players []string, min, max int, isWord func(string) bool) error {
	if len(players) < min || len(players) > max {
		if min == max {
			return SetupErrorf(FieldPlayers, "this game is for exactly %d players, not %d", min, len(players))
		}
		return SetupErrorf(FieldPlayers, "this game is for %d to %d players, not %d", min, max, len(players))
	}
	for i, p := range players {
		switch {
		case p == "" || strings.ContainsFunc(p, unicode.IsSpace):
			return SetupErrorf(FieldPlayers, "player name %q: names are one word", p)
		case isWord(p) || slices.Contains(correctionWords, strings.ToLower(p)):
			return SetupErrorf(FieldPlayers, "player name %q would be read as a move or a card; choose another", p)
		}
		for _, q := range players[:i] {
			if strings.EqualFold(p, q) {
				return SetupErrorf(FieldPlayers, "two players are called %q; the names must differ", p)
			}
		}
	}
	return nil
}

// CheckOptions refuses options a game does not have or values it does not take, and fills in
// the defaults of those left out, so that the stored setup never depends on a default a later
// version might change.
func CheckOptions(opts []Option, set map[string]string) (map[string]string, error) {
	out := map[string]string{}
	for name, value := range set {
		i := slices.IndexFunc(opts, func(o Option) bool { return o.Name == name })
		if i < 0 {
			var names []string
			for _, o := range opts {
				names = append(names, o.Name)
			}
			return nil, SetupErrorf(FieldOptions, "no option %q (options: %s)", name, strings.Join(names, ", "))
		}
		o := opts[i]
		if o.List {
			if err := checkList(o, value); err != nil {
				return nil, err
			}
		} else if o.Numeric {
			if n, err := strconv.Atoi(value); err != nil || n < 1 || strconv.Itoa(n) != value {
				return nil, SetupErrorf(FieldOptions, "option %s=%s: use a whole number from 1", name, value)
			}
		} else if !slices.Contains(o.Values, value) {
			return nil, SetupErrorf(FieldOptions, "option %s=%s: use one of %s", name, value, strings.Join(o.Values, ", "))
		}
		out[name] = value
	}
	for _, o := range opts {
		if _, ok := out[o.Name]; !ok {
			out[o.Name] = o.Values[0]
		}
	}
	return out, nil
}

// checkList refuses a List option's value that is not a comma-separated list of its values,
// each at most once.
func checkList(o Option, value string) error {
	items := strings.Split(value, ",")
	for i, item := range items {
		switch {
		case !slices.Contains(o.Values[1:], item):
			return SetupErrorf(FieldOptions, "option %s=%s: %q is none of %s (list them separated by commas)", o.Name, value, item, strings.Join(o.Values[1:], ", "))
		case slices.Contains(items[:i], item):
			return SetupErrorf(FieldOptions, "option %s=%s: %s is listed twice", o.Name, value, item)
		}
	}
	return nil
}

// Ruling is a house ruling the referee applies, cited by its id in flags.
type Ruling struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	Text  string `json:"text"`
}

// Field is one labelled line of a game's status.
type Field struct {
	Label string `json:"label"`
	Value string `json:"value"`
}

// ErrSetup is wrapped by every error New returns for a bad setup.
var ErrSetup = errors.New("bad game setup")

// The fields of a game's setup (events.Created), as a SetupError names them.
const (
	FieldKind    = "kind"
	FieldPlayers = "players"
	FieldDealer  = "dealer"
	FieldOpener  = "opener"
	FieldDate    = "date"
	FieldTeams   = "teams"
	FieldOptions = "options"
)

// SetupError is a setup a game cannot start from, and the field of it at fault, so that each
// face can say where to put it right in its own words (a flag, a form's field).
type SetupError struct {
	Field   string
	Message string
}

func (e *SetupError) Error() string { return ErrSetup.Error() + ": " + e.Message }

func (e *SetupError) Unwrap() error { return ErrSetup }

// SetupErrorf is a SetupError about field.
func SetupErrorf(field, format string, args ...any) error {
	return &SetupError{Field: field, Message: fmt.Sprintf(format, args...)}
}

// ErrMove is wrapped by every error Parse returns.
var ErrMove = errors.New("cannot read the move")

// MoveErrorf is an error of Parse: it wraps ErrMove.
func MoveErrorf(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrMove}, args...)...)
}

// Nobody is the index of no player, where a player's index is expected.
const Nobody = -1

// PlayerIndex finds a player by name, in any case; Nobody when no player has that name.
func PlayerIndex(players []string, name string) int {
	return slices.IndexFunc(players, func(p string) bool { return strings.EqualFold(p, name) })
}

// SplitActor reads the player a typed move may start with. It returns that player's name as
// stored ("" when the move names none) and the words after it; moves lists, for the error,
// what a player can do.
func SplitActor(players, words []string, moves string) (actor string, rest []string, err error) {
	if len(words) == 0 {
		return "", nil, MoveErrorf("no move given")
	}
	i := PlayerIndex(players, words[0])
	if i < 0 {
		return "", words, nil
	}
	if len(words) == 1 {
		return "", nil, MoveErrorf("what does %s do? (%s)", players[i], moves)
	}
	return players[i], words[1:], nil
}

// Exampler is implemented by games whose Legal lists, for a move the players type in full, one
// example of it (Capture's cards left at the end of a hand: too many sets to list, but the list
// is never empty while the game is on). A face shows such a move as what to type, never as a
// button that records it: a tap would record cards nobody chose.
type Exampler interface {
	// Example reports whether m, listed by Legal, is such an example.
	Example(m Move) bool
}

// AdjustJudge is implemented by games that take no adjustment, or only some: the flags an
// adjustment in force raises on its own event. Without it, every adjustment naming a player
// stands unflagged (L4).
type AdjustJudge interface {
	JudgeAdjust(a scoring.Adjustment) []Flag
}

// MatchLength is implemented by rules whose matches hold a fixed number of games.
type MatchLength interface {
	// MatchGames is how many games a match of games with this setup holds, and the ruling that
	// says so; 0 for no fixed number.
	MatchGames(setup events.Created) (n int, rule string)
}
