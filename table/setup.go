package table

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/table/internal/store"
)

// Setup is a new game: what `new` is told, what a transcript's first line says, and what the
// server is sent as JSON. Each face reads its own input into these fields, and one function
// turns them into the game's first event, so no face can drift from another. An error about a
// setup names its field (Error.Field), in the words of the JSON.
type Setup struct {
	Kind    string   `json:"kind"`
	Players []string `json:"players"` // in seating order
	Dealer  string   `json:"dealer,omitempty"`
	Opener  string   `json:"opener,omitempty"`
	// Date is the day the game is played, YYYY-MM-DD; empty means today.
	Date  string `json:"date,omitempty"`
	Match string `json:"match,omitempty"`
	// Teams are the sides, each with its players.
	Teams   map[string][]string `json:"teams,omitempty"`
	Options map[string]string   `json:"options,omitempty"`
}

// The fields of a Setup, as an Error names them.
const (
	FieldKind    = referee.FieldKind
	FieldPlayers = referee.FieldPlayers
	FieldDealer  = referee.FieldDealer
	FieldOpener  = referee.FieldOpener
	FieldDate    = referee.FieldDate
	FieldMatch   = "match"
	FieldTeams   = referee.FieldTeams
	FieldOptions = referee.FieldOptions
)

// AddTeam reads a team as `new` and a transcript write it, NAME=PLAYER,PLAYER, into s.Teams.
func (s *Setup) AddTeam(written string) error {
	return addWritten(&s.Teams, FieldTeams, "team", "NAME=PLAYER,PLAYER", written, SplitNames)
}

// AddOption reads an option as `new` and a transcript write it, NAME=VALUE, into s.Options.
func (s *Setup) AddOption(written string) error {
	return addWritten(&s.Options, FieldOptions, "option", "NAME=VALUE", written, strings.TrimSpace)
}

// addWritten reads NAME=VALUE into a setup's map, refusing a name given twice.
func addWritten[V any](into *map[string]V, field, what, form, written string, value func(string) V) error {
	name, rest, ok := strings.Cut(written, "=")
	if name = strings.TrimSpace(name); !ok || name == "" {
		return setupError(field, "%s %q: write %s", what, written, form)
	}
	if _, twice := (*into)[name]; twice {
		return setupError(field, "%s %s is given twice", what, name)
	}
	if *into == nil {
		*into = map[string]V{}
	}
	(*into)[name] = value(rest)
	return nil
}

// SplitNames reads a list of players as `new` and a transcript write it: NAME,NAME.
func SplitNames(list string) []string {
	var names []string
	for _, p := range strings.Split(list, ",") {
		if p = strings.TrimSpace(p); p != "" {
			names = append(names, p)
		}
	}
	return names
}

// setupError is an Invalid error about one field of a setup.
func setupError(field, format string, args ...any) *play.Error {
	e := play.Invalidf(nil, "", "%s: %s", field, fmt.Sprintf(format, args...))
	e.Field = field
	return e
}

// dateLayout is how a game's date is written.
const dateLayout = "2006-01-02"

// created checks a setup and writes the payload of the game's first event; today is the date a
// setup without one is played on.
func (s Setup) created(today string) (events.Created, error) {
	r, err := play.RulesOf(s.Kind)
	if err != nil {
		return events.Created{}, setupError(FieldKind, "%v", err)
	}
	if err := s.checkText(); err != nil {
		return events.Created{}, err
	}
	c := events.Created{Kind: r.Kind(), Ruleset: r.Ruleset(), Dealer: strings.TrimSpace(s.Dealer),
		Opener: strings.TrimSpace(s.Opener), Match: strings.TrimSpace(s.Match), Date: strings.TrimSpace(s.Date)}
	for _, p := range s.Players {
		// A transcript writes the players as one list, NAME,NAME.
		if strings.Contains(p, ",") {
			return c, setupError(FieldPlayers, "%q: a player's name cannot hold a comma", p)
		}
		c.Players = append(c.Players, strings.TrimSpace(p))
	}
	if len(c.Players) == 0 {
		return c, setupError(FieldPlayers, "name the players, in seating order")
	}
	if c.Date == "" {
		c.Date = today
	}
	for name, members := range s.Teams {
		name = strings.TrimSpace(name)
		switch {
		case name == "":
			return c, setupError(FieldTeams, "a team needs a name")
		case strings.ContainsAny(name, ",="):
			// A transcript writes a team as NAME=PLAYER,PLAYER.
			return c, setupError(FieldTeams, "team name %q: write it without commas or equals signs", name)
		}
		if c.Teams == nil {
			c.Teams = map[string][]string{}
		}
		for _, m := range members {
			c.Teams[name] = append(c.Teams[name], strings.TrimSpace(m))
		}
	}
	if c.Options, err = referee.CheckOptions(r.Options(), s.Options); err != nil {
		return c, engineSetupError(err)
	}
	_, err = checkCreated(c)
	return c, err
}

// checkText refuses a name that is not UTF-8 text, as an import refuses such a line: bytes that
// are no character would be kept as "�", and the name would never match what is typed again.
func (s Setup) checkText() error {
	texts := [][2]string{{FieldDealer, s.Dealer}, {FieldOpener, s.Opener}, {FieldMatch, s.Match}, {FieldDate, s.Date}}
	for _, p := range s.Players {
		texts = append(texts, [2]string{FieldPlayers, p})
	}
	for name, members := range s.Teams {
		texts = append(texts, [2]string{FieldTeams, name})
		for _, m := range members {
			texts = append(texts, [2]string{FieldTeams, m})
		}
	}
	for _, t := range texts {
		if !utf8.ValidString(t[1]) {
			return setupError(t[0], "%q is not UTF-8 text: bytes that are no character cannot be kept or written back out", t[1])
		}
	}
	return nil
}

// checkCreated refuses a first event no game can start from, whoever wrote it: `new`, a
// transcript or an exported log.
func checkCreated(c events.Created) (referee.Rules, error) {
	r, err := engineOf(c.Kind)
	if err != nil {
		return nil, setupError(FieldKind, "%v", err)
	}
	if c.Date != "" {
		if _, err := time.Parse(dateLayout, c.Date); err != nil {
			return nil, setupError(FieldDate, "%q: write the day as YYYY-MM-DD", c.Date)
		}
	}
	if _, err := r.New(c); err != nil {
		return nil, engineSetupError(err)
	}
	return r, nil
}

// engineSetupError is the application's error for a setup an engine refused, naming the field
// the engine found at fault.
func engineSetupError(err error) error {
	var se *referee.SetupError
	if !errors.As(err, &se) {
		return play.Invalidf(err, "", "%v", err)
	}
	e := setupError(se.Field, "%s", se.Message)
	e.Err = err
	return e
}

// setupWords writes a game's setup as the words of the `new` line that makes it: a tournament's
// log's, or a game a tournament made, with where it was made.
func setupWords(c events.Created) []string {
	words := []string{"new", c.Kind, "--players", strings.Join(c.Players, ",")}
	add := func(flag, value string) {
		if value != "" {
			words = append(words, flag, value)
		}
	}
	number := func(flag string, n int64) {
		if n != 0 {
			add(flag, strconv.FormatInt(n, 10))
		}
	}
	add("--dealer", c.Dealer)
	add("--opener", c.Opener)
	add("--date", c.Date)
	for _, name := range slices.Sorted(maps.Keys(c.Teams)) {
		add("--team", name+"="+strings.Join(c.Teams[name], ","))
	}
	add("--match", c.Match)
	add("--tournament", c.Tournament)
	add("--tournament-id", c.TournamentID)
	number("--round", int64(c.Round))
	number("--table", int64(c.Table))
	number("--seated", c.Seated)
	if r, err := engineOf(c.Kind); err == nil {
		for _, o := range r.Options() {
			if v, ok := c.Options[o.Name]; ok {
				add("--option", o.Name+"="+v)
			}
		}
	}
	for _, name := range slices.Sorted(maps.Keys(c.GameOptions)) {
		add("--game-option", name+"="+c.GameOptions[name])
	}
	return words
}

// placing is what a transcript's `new` line says beyond a Setup: where a tournament made the
// game (its tournament, round, table and the seating that made it), or, on a tournament's own
// log, its name, identity and its games' options. Only a transcript writes these: `new` makes
// no tournament's game.
type placing struct {
	Tournament, TournamentID string
	Round, Table             int
	Seated                   int64
	GameOptions              map[string]string
}

// readSetup reads the words of a `new` line: new KIND --players a,b [--dealer x] [--opener x]
// [--date YYYY-MM-DD] [--team NAME=a,b]… [--match NAME] [--tournament NAME] [--tournament-id ID]
// [--round N --table N --seated N] [--option NAME=VALUE]… [--game-option NAME=VALUE]…, each
// flag as --flag VALUE or --flag=VALUE.
func readSetup(words []string) (Setup, placing, error) {
	var at placing
	if len(words) < 2 || words[0] != "new" {
		return Setup{}, at, play.Invalidf(nil, "", "a transcript starts with `new KIND --players a,b …`")
	}
	s := Setup{Kind: words[1]}
	var players, round, table, seated string
	single := map[string]*string{"players": &players, "dealer": &s.Dealer, "opener": &s.Opener, "date": &s.Date, "match": &s.Match,
		"tournament": &at.Tournament, "tournament-id": &at.TournamentID, "round": &round, "table": &table, "seated": &seated}
	seen := map[string]bool{}
	for i := 2; i < len(words); i++ {
		name, value, hasValue := strings.Cut(words[i], "=")
		if !strings.HasPrefix(name, "--") {
			return s, at, play.Invalidf(nil, "", "unexpected word %q in the new line (flags: --players, --dealer, --opener, --date, --team, --match, --option, and a tournament's --tournament, --tournament-id, --round, --table, --seated, --game-option)", words[i])
		}
		name = strings.TrimPrefix(name, "--")
		if !hasValue {
			if i+1 >= len(words) {
				return s, at, play.Invalidf(nil, "", "--%s needs a value", name)
			}
			i++
			value = words[i]
		}
		var err error
		switch p, ok := single[name]; {
		case ok && seen[name]:
			return s, at, play.Invalidf(nil, "", "--%s is given twice", name)
		case ok:
			*p, seen[name] = value, true
		case name == "team":
			err = s.AddTeam(value)
		case name == "option":
			err = s.AddOption(value)
		case name == "game-option":
			err = addWritten(&at.GameOptions, FieldOptions, "game option", "NAME=VALUE", value, strings.TrimSpace)
		default:
			return s, at, play.Invalidf(nil, "", "unknown setting --%s", name)
		}
		if err != nil {
			return s, at, err
		}
	}
	s.Players = SplitNames(players)
	counts := []struct {
		flag, text string
		into       *int64
	}{{"round", round, new(int64)}, {"table", table, new(int64)}, {"seated", seated, &at.Seated}}
	for _, n := range counts {
		if n.text == "" {
			continue
		}
		v, err := strconv.ParseInt(n.text, 10, 32)
		if err != nil || v < 1 {
			return s, at, play.Invalidf(nil, "", "--%s %q: write a number from 1", n.flag, n.text)
		}
		*n.into = v
	}
	at.Round, at.Table = int(*counts[0].into), int(*counts[1].into)
	return s, at, nil
}

// New starts a game and returns it.
func (a *App) New(ctx context.Context, s Setup) (*play.Game, error) {
	c, err := s.created(a.today())
	if err != nil {
		return nil, err
	}
	b, err := json.Marshal(c)
	if err != nil {
		return nil, err
	}
	return a.create(ctx, []events.Event{a.stamp(events.TypeCreated, "", b)})
}

// today is the date a game is played on when none is given.
func (a *App) today() string { return a.now().Format(dateLayout) }

// matchLength is how many games the match of the game that first creates may hold (0: any
// number), and the ruling that says so.
func matchLength(first events.Event) (int, string) {
	r, err := rulesOf(first)
	if err != nil {
		return 0, ""
	}
	ml, ok := r.(referee.MatchLength)
	if !ok {
		return 0, ""
	}
	c, err := play.CreatedOf(first)
	if err != nil || c.Match == "" {
		return 0, ""
	}
	return ml.MatchGames(c)
}

// create stores a new game with its whole log and returns it replayed. A game whose match holds
// games of another kind is refused: a match sums the points of one game.
func (a *App) create(ctx context.Context, log []events.Event) (*play.Game, error) {
	most, _ := matchLength(log[0])
	var made replayedNew
	res, err := a.store.CreateMany(ctx, []store.NewGame{{Events: log, Most: most, Summarize: made.summarize(a)}})
	if err == nil {
		err = res[0].Err
	}
	if refusal := matchRefusal(log[0], err); refusal != nil {
		return nil, refusal
	}
	if err != nil {
		return nil, notStored(err, "the new game")
	}
	return made.g, made.err
}

// replayedNew is a new game replayed as the store writes it, for the summary kept beside it.
type replayedNew struct {
	g   *play.Game
	err error
}

// summarize is the store's summarizer of the new game: it replays the game as stored and gives
// its summary. A log that does not replay (the store wrote what was judged already) gets none,
// and its error is the caller's.
func (r *replayedNew) summarize(a *App) func(int64, []events.Event) store.Summary {
	return func(id int64, stored []events.Event) store.Summary {
		if r.g, r.err = a.replay(id, stored); r.err != nil {
			return store.Summary{}
		}
		return storedSummary(r.g)
	}
}

// matchRefusal is the application's error for a game the store refused for its match (first is
// the game's first event), or nil when err is not such a refusal.
func matchRefusal(first events.Event, err error) error {
	var mk *store.MatchKindError
	var mf *store.MatchFullError
	var ts *store.TournamentStoredError
	var gm *store.GameMadeError
	switch {
	case errors.As(err, &ts):
		return play.Invalidf(err, fmt.Sprintf("it is there: tableside tournament show %d", ts.Game), "tournament %q is game %d here already (a file imported twice?); nothing was recorded", ts.Tournament, ts.Game)
	case errors.As(err, &gm):
		return play.Invalidf(err, fmt.Sprintf("it is there: tableside show %d", gm.Game), "%v; nothing was recorded", err)
	case errors.As(err, &mk):
		return play.Invalidf(err, "", "%v", err)
	case errors.As(err, &mf):
		_, rule := matchLength(first)
		return play.Invalidf(err, "start the next match under a new name", "match %q is complete: it holds the %d games a match of this game may have (rule %s); nothing was recorded", mf.Match, mf.Games, rule)
	}
	return nil
}
