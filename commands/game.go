package commands

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
)

// table is a game loaded from the store and replayed.
type table struct {
	store *events.Store
	id    int64
	rules referee.Rules
	log   []events.Event
	*referee.Outcome
}

// gameID reads the GAME word.
func gameID(word string) (int64, error) {
	id, err := strconv.ParseInt(strings.TrimPrefix(word, "#"), 10, 64)
	if err != nil || id <= 0 {
		return 0, usagef("%q is not a game id (a number, as `tableside games` lists)", word)
	}
	return id, nil
}

// gameCommand completes a command whose only word is a game: it adds the --format flag when
// the command has formats, checks it, opens and replays the game, and runs.
func gameCommand(cmd *cli.Command, formats []string, run func(c *cli.Context, t *table, format string) error) *cli.Command {
	cmd.ArgsUsage = "GAME"
	if formats != nil {
		cmd.Flags = append(cmd.Flags, formatFlag(formats))
	}
	cmd.Action = func(c *cli.Context) error {
		var format string
		if formats != nil {
			var err error
			if format, err = checkFormat(c, formats); err != nil {
				return err
			}
		}
		t, err := openOnlyGame(c)
		if err != nil {
			return err
		}
		defer t.store.Close()
		return run(c, t, format)
	}
	return cmd
}

// openOnlyGame is openGame for commands whose only word is the game.
func openOnlyGame(c *cli.Context) (*table, error) {
	if c.NArg() > 1 {
		return nil, usagef("unexpected word %q: tableside %s takes only the game", c.Args().Get(1), c.Command.Name)
	}
	return openGame(c)
}

// openGame opens the store and replays the game named by the command's first word. The
// caller closes t.store.
func openGame(c *cli.Context) (*table, error) {
	if c.NArg() == 0 {
		return nil, usagef("name the game (tableside %s GAME …)", c.Command.Name)
	}
	id, err := gameID(c.Args().First())
	if err != nil {
		return nil, err
	}
	st, err := openStore(c)
	if err != nil {
		return nil, err
	}
	t, err := load(st, id)
	if err != nil {
		st.Close()
		return nil, err
	}
	return t, nil
}

// load replays game id from the store.
func load(st *events.Store, id int64) (*table, error) {
	log, err := st.Load(id)
	if errors.Is(err, events.ErrNoGame) {
		return nil, hinted{usagef("no game %d in this database", id), "`tableside games` lists the games"}
	}
	if err != nil {
		return nil, err
	}
	rules, err := rulesFor(log)
	if err != nil {
		return nil, err
	}
	o, err := referee.Replay(rules, log)
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", id, err)
	}
	return &table{store: st, id: id, rules: rules, log: log, Outcome: o}, nil
}

// createGame records a new game from its whole log and replays it. The caller closes
// t.store.
func createGame(c *cli.Context, log []events.Event) (*table, error) {
	st, err := openStore(c)
	if err != nil {
		return nil, err
	}
	id, _, err := st.Create(log)
	if err == nil {
		var t *table
		if t, err = load(st, id); err == nil {
			return t, nil
		}
	}
	st.Close()
	return nil, err
}

// rulesFor finds the engine for a log by its first event.
func rulesFor(log []events.Event) (referee.Rules, error) {
	if len(log) == 0 || log[0].Type != events.TypeCreated {
		return nil, fmt.Errorf("the log does not start with %s", events.TypeCreated)
	}
	var setup events.Created
	if err := json.Unmarshal(log[0].Payload, &setup); err != nil {
		return nil, fmt.Errorf("the game's first event is unreadable: %v", err)
	}
	r, ok := engines[setup.Kind]
	if !ok {
		return nil, fmt.Errorf("this tableside does not know the game %q (it knows %s)", setup.Kind, strings.Join(kinds(), ", "))
	}
	return r, nil
}

// now is the clock events are stamped with.
var now = func() int64 { return time.Now().UnixMilli() }

// event wraps a move or a correction in an envelope for the store.
func event(typ, actor string, payload any) (events.Event, error) {
	b, ok := payload.(json.RawMessage)
	if !ok {
		var err error
		if b, err = json.Marshal(payload); err != nil {
			return events.Event{}, err
		}
	}
	return events.Event{Type: typ, Actor: actor, Payload: b, At: now()}, nil
}

// appendEvent writes one event after the game's last, and explains a conflict.
func (t *table) append(e events.Event) (events.Event, error) {
	stored, err := t.store.Append(t.id, t.Last, []events.Event{e})
	if errors.Is(err, events.ErrConflict) {
		return events.Event{}, hinted{fmt.Errorf("%w (game %d); nothing was recorded", err, t.id), fmt.Sprintf("see `tableside show %d`, then enter it again", t.id)}
	}
	if err != nil {
		return events.Event{}, err
	}
	return stored[0], nil
}

// flagLine writes a flag for people: "illegal — rule C7: …".
func flagLine(f referee.Flag) string {
	s := fmt.Sprintf("%s — rule %s: %s", f.Severity, f.Rule, f.Message)
	if f.RevealedBy != 0 {
		s += fmt.Sprintf(" (revealed by event %d)", f.RevealedBy)
	}
	if f.Settled != "" {
		s += " [settled: " + f.Settled + "]"
	}
	return s
}

// seqArg reads an event number word.
func seqArg(word string) (int64, error) {
	n, err := strconv.ParseInt(word, 10, 64)
	if err != nil || n <= 0 {
		return 0, usagef("%q is not an event number (see `tableside log GAME`)", word)
	}
	return n, nil
}

// eventAt returns the event at seq.
func (t *table) eventAt(seq int64) (events.Event, bool) {
	if seq < 1 || seq > int64(len(t.log)) {
		return events.Event{}, false
	}
	return t.log[seq-1], true
}

// numbered gives a log being built in memory the sequence numbers the store would give it,
// so that it can be replayed before it is stored.
func numbered(log []events.Event) []events.Event {
	out := make([]events.Event, len(log))
	for i, e := range log {
		e.Game, e.Seq = 1, int64(i+1)
		out[i] = e
	}
	return out
}
