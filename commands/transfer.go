package commands

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
)

// maxImport bounds an imported file; a whole game is a few hundred kilobytes at most.
const maxImport = 64 << 20

func exportCommand() *cli.Command {
	return gameCommand(&cli.Command{
		Name:  "export",
		Usage: "write a game's log: jsonl (every event, with times and hashes) or transcript (every event, in record's notation)",
	}, []string{"jsonl", "transcript"}, func(c *cli.Context, t *table, format string) error {
		w := bufio.NewWriter(c.App.Writer)
		if format == "jsonl" {
			for _, e := range t.log {
				b, err := json.Marshal(e)
				if err != nil {
					return err
				}
				w.Write(b)
				w.WriteByte('\n')
			}
			return w.Flush()
		}
		fmt.Fprintf(w, "# tableside transcript of game %d: one event a line, corrections included\n", t.id)
		fmt.Fprintln(w, transcriptHeader(t.Setup))
		for _, e := range t.log[1:] {
			fmt.Fprintln(w, t.transcriptLine(e))
		}
		return w.Flush()
	})
}

// noteMark separates a correction's note in a transcript line.
const noteMark = " -- "

// transcriptLine writes an event in the notation readTranscript reads back: a move as record
// takes it, a correction as the command that makes it.
func (t *table) transcriptLine(e events.Event) string {
	note := func(s string) string {
		if s == "" {
			return ""
		}
		return noteMark + strings.ReplaceAll(s, "\n", " ")
	}
	switch e.Type {
	case events.TypeVoid:
		var v events.Void
		decode(e, &v)
		return fmt.Sprintf("void %d%s", v.Target, note(v.Note))
	case events.TypeAmend:
		var a events.Amend
		decode(e, &a)
		return fmt.Sprintf("amend %d %s%s", a.Target, t.Game.Notation(referee.Move{Type: a.Type, Actor: a.Actor, Payload: a.Payload}), note(a.Note))
	case events.TypeRuling:
		var r events.Ruling
		decode(e, &r)
		return fmt.Sprintf("rule %d %s%s", r.Target, r.Decision, note(r.Note))
	case events.TypeAdjust:
		var a events.Adjust
		decode(e, &a)
		return fmt.Sprintf("adjust %s %+d%s", a.Player, a.Points, note(a.Note))
	}
	return t.Game.Notation(referee.Move{Type: e.Type, Actor: e.Actor, Payload: e.Payload})
}

// transcriptHeader is a transcript's first line: the `new` command that sets the game up.
func transcriptHeader(s events.Created) string {
	var b strings.Builder
	fmt.Fprintf(&b, "new %s --players %s", s.Kind, strings.Join(s.Players, ","))
	if s.Dealer != "" {
		fmt.Fprintf(&b, " --dealer %s", s.Dealer)
	}
	if s.Opener != "" {
		fmt.Fprintf(&b, " --opener %s", s.Opener)
	}
	for _, name := range slices.Sorted(maps.Keys(s.Teams)) {
		fmt.Fprintf(&b, " --team %s=%s", name, strings.Join(s.Teams[name], ","))
	}
	if s.Match != "" {
		fmt.Fprintf(&b, " --match %s", quoteWord(s.Match))
	}
	r := engines[s.Kind]
	if r != nil {
		for _, o := range r.Options() {
			if v, ok := s.Options[o.Name]; ok {
				fmt.Fprintf(&b, " --option %s=%s", o.Name, v)
			}
		}
	}
	return b.String()
}

func importCommand() *cli.Command {
	return &cli.Command{
		Name:      "import",
		Usage:     "record a whole game from a jsonl export or a transcript, and flag what is wrong in it",
		ArgsUsage: "FILE (- for standard input)",
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usagef("tableside import FILE")
			}
			var in io.Reader = c.App.Reader
			if name := c.Args().First(); name != "-" {
				f, err := os.Open(name)
				if err != nil {
					return err
				}
				defer f.Close()
				in = f
			}
			data, err := io.ReadAll(io.LimitReader(in, maxImport+1))
			if err != nil {
				return err
			}
			if len(data) > maxImport {
				return fmt.Errorf("%s is larger than %d MiB: not a game log", c.Args().First(), maxImport>>20)
			}
			log, notes, err := readImport(data, now())
			if err != nil {
				return usageError{fmt.Sprintf("%s: %v; nothing was recorded", c.Args().First(), err)}
			}
			t, err := createGame(c, log)
			if err != nil {
				return err
			}
			defer t.store.Close()
			for _, n := range notes {
				fmt.Fprintf(c.App.ErrWriter, "tableside: warning: %s\n", n)
			}
			return t.writeReport(c.App.Writer, fmt.Sprintf("imported as game %d: %d events", t.id, len(log)))
		},
	}
}

// writeReport prints a game's referee report: a title, then every flag.
func (t *table) writeReport(w io.Writer, title string) error {
	open := t.OpenFlags()
	fmt.Fprintf(w, "%s; %d open flag%s\n", title, len(open), plural(len(open)))
	for _, f := range t.Flags {
		fmt.Fprintf(w, "  event %d: %s\n", f.Seq, flagLine(f))
	}
	return nil
}

// readImport reads a game's log from a jsonl export or a transcript. It returns the events to
// record and warnings about the file (such as a broken hash chain); an error means nothing
// can be recorded.
func readImport(data []byte, at int64) ([]events.Event, []string, error) {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return nil, nil, errors.New("the file is empty")
	}
	if trimmed[0] == '{' {
		return readJSONL(trimmed)
	}
	log, err := readTranscript(string(trimmed), at)
	return log, nil, err
}

func readJSONL(data []byte) ([]events.Event, []string, error) {
	var log []events.Event
	var notes []string
	chainOK := true
	prev := ""
	for i, line := range bytes.Split(data, []byte("\n")) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		var e events.Event
		if err := json.Unmarshal(line, &e); err != nil {
			return nil, nil, fmt.Errorf("line %d: not an event: %v", i+1, err)
		}
		if e.Type == "" {
			return nil, nil, fmt.Errorf("line %d: the event has no type", i+1)
		}
		if len(e.Payload) == 0 || !json.Valid(e.Payload) {
			return nil, nil, fmt.Errorf("line %d: the event's payload is not JSON", i+1)
		}
		if chainOK && e.Hash != "" && events.Hash(prev, e) != e.Hash {
			notes = append(notes, fmt.Sprintf("line %d (event %d) does not match the file's hash chain: the file was changed after it was exported", i+1, e.Seq))
			chainOK = false
		}
		prev = e.Hash
		if len(log) > 0 && e.Type == events.TypeCreated {
			return nil, nil, fmt.Errorf("line %d: a second game starts here; import one game per file", i+1)
		}
		log = append(log, events.Event{Type: e.Type, Actor: e.Actor, Payload: e.Payload, At: e.At})
		if len(log) == 1 {
			if err := checkSetup(e); err != nil {
				return nil, nil, fmt.Errorf("line %d: %v", i+1, err)
			}
		}
	}
	return log, notes, nil
}

// checkSetup refuses a first event that no engine could start a game from.
func checkSetup(e events.Event) error {
	if e.Type != events.TypeCreated {
		return fmt.Errorf("a game log starts with %s, not %s", events.TypeCreated, e.Type)
	}
	r, err := rulesFor([]events.Event{e})
	if err != nil {
		return err
	}
	var setup events.Created
	_ = json.Unmarshal(e.Payload, &setup) // rulesFor read it already
	_, err = r.New(setup)
	return err
}

// readTranscript reads a transcript: a `new KIND --players …` line, then one event per line:
// a move in the notation `record` takes, or a correction as its command writes it
// (`void N`, `amend N MOVE…`, `rule N condone|void`, `adjust PLAYER ±N`, each with an optional
// ` -- note`). Blank lines and lines starting with # are skipped. Each line is read in the
// light of the game so far, and recorded whether legal or not.
func readTranscript(text string, at int64) ([]events.Event, error) {
	var log []events.Event
	var game referee.Game
	var rules referee.Rules
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		words := strings.Fields(line)
		if game == nil {
			words, err := headerWords(line)
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", i+1, err)
			}
			setup, err := parseHeader(words)
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", i+1, err)
			}
			rules = engines[setup.Kind]
			if game, err = rules.New(setup); err != nil {
				return nil, fmt.Errorf("line %d: %v", i+1, err)
			}
			b, _ := json.Marshal(setup)
			log = append(log, events.Event{Type: events.TypeCreated, Payload: b, At: at})
			continue
		}
		seq := int64(len(log) + 1)
		if e, ok, err := readCorrection(rules, numbered(log), line); ok || err != nil {
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", i+1, err)
			}
			e.At = at
			log = append(log, e)
			// A correction can change the game from an earlier point: read on from a replay.
			o, err := referee.Replay(rules, numbered(log))
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", i+1, err)
			}
			game = o.Game
			continue
		}
		m, err := game.Parse(words)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", i+1, err)
		}
		game.Apply(seq, m)
		log = append(log, events.Event{Type: m.Type, Actor: m.Actor, Payload: m.Payload, At: at})
	}
	if game == nil {
		return nil, errors.New("no `new KIND --players …` line")
	}
	return log, nil
}

// readCorrection reads a transcript line that is a correction; ok is false for any other line.
// The corrections' own rules (L1) are judged by the replay, as for an imported log.
func readCorrection(rules referee.Rules, log []events.Event, line string) (e events.Event, ok bool, err error) {
	body, note, _ := strings.Cut(line, noteMark)
	words := strings.Fields(body)
	if len(words) == 0 {
		return e, false, nil
	}
	target := func(word string) (int64, error) {
		n, err := strconv.ParseInt(word, 10, 64)
		if err != nil || n < 1 {
			return 0, fmt.Errorf("%q is not an event number", word)
		}
		return n, nil
	}
	var payload any
	switch verb := words[0]; {
	case verb == "void" && len(words) == 2:
		n, err := target(words[1])
		if err != nil {
			return e, true, err
		}
		e.Type, payload = events.TypeVoid, events.Void{Target: n, Note: note}
	case verb == "amend" && len(words) >= 3:
		n, err := target(words[1])
		if err != nil {
			return e, true, err
		}
		before, err := referee.ReplayUntil(rules, log, n)
		if err != nil {
			return e, true, err
		}
		m, err := before.Game.Parse(words[2:])
		if err != nil {
			return e, true, err
		}
		e.Type, payload = events.TypeAmend, events.Amend{Target: n, Type: m.Type, Actor: m.Actor, Payload: m.Payload, Note: note}
	case verb == "rule" && len(words) == 3:
		n, err := target(words[1])
		if err != nil {
			return e, true, err
		}
		e.Type, payload = events.TypeRuling, events.Ruling{Target: n, Decision: words[2], Note: note}
	case verb == "adjust" && len(words) == 3:
		points, err := strconv.Atoi(words[2])
		if err != nil {
			return e, true, fmt.Errorf("%q is not a number of points", words[2])
		}
		e.Type, payload = events.TypeAdjust, events.Adjust{Player: words[1], Points: points, Note: note}
	default:
		return e, false, nil
	}
	e.Payload, err = json.Marshal(payload)
	return e, true, err
}

// quoteWord writes a header value so that headerWords reads it back as one word.
func quoteWord(s string) string {
	if strings.ContainsFunc(s, func(r rune) bool { return r == ' ' || r == '"' || r == '\t' }) {
		return strconv.Quote(s)
	}
	return s
}

// headerWords splits a transcript's header into words, a double-quoted word (Go syntax) being
// one word whatever it holds.
func headerWords(line string) ([]string, error) {
	var words []string
	for line = strings.TrimSpace(line); line != ""; line = strings.TrimSpace(line) {
		if line[0] != '"' {
			word, rest, _ := strings.Cut(line, " ")
			words, line = append(words, word), rest
			continue
		}
		quoted, err := strconv.QuotedPrefix(line)
		if err != nil {
			return nil, fmt.Errorf("unclosed quote in %q", line)
		}
		word, _ := strconv.Unquote(quoted)
		words, line = append(words, word), line[len(quoted):]
	}
	return words, nil
}

// parseHeader reads a transcript's `new KIND --players a,b [--dealer x] [--option k=v]…`.
func parseHeader(words []string) (events.Created, error) {
	if len(words) < 2 || words[0] != "new" {
		return events.Created{}, errors.New("a transcript starts with `new KIND --players a,b …`")
	}
	r, ok := engines[strings.ToLower(words[1])]
	if !ok {
		return events.Created{}, fmt.Errorf("unknown game %q (kinds: %s)", words[1], strings.Join(kinds(), ", "))
	}
	s := events.Created{Kind: r.Kind(), Ruleset: r.Ruleset(), Options: map[string]string{}}
	for i := 2; i < len(words); i++ {
		name, value, hasValue := strings.Cut(strings.TrimLeft(words[i], "-"), "=")
		if !hasValue {
			if i+1 >= len(words) {
				return events.Created{}, fmt.Errorf("%s needs a value", words[i])
			}
			i++
			value = words[i]
		}
		switch name {
		case "players":
			s.Players = strings.Split(value, ",")
		case "dealer":
			s.Dealer = value
		case "opener":
			s.Opener = value
		case "match":
			s.Match = value
		case "team":
			name, members, ok := strings.Cut(value, "=")
			if !ok {
				return events.Created{}, fmt.Errorf("team %q: write NAME=PLAYER,PLAYER", value)
			}
			if s.Teams == nil {
				s.Teams = map[string][]string{}
			}
			s.Teams[name] = strings.Split(members, ",")
		case "option":
			k, v, ok := strings.Cut(value, "=")
			if !ok {
				return events.Created{}, fmt.Errorf("option %q: write NAME=VALUE", value)
			}
			s.Options[k] = v
		default:
			return events.Created{}, fmt.Errorf("unknown setting %q", words[i])
		}
	}
	opts, err := referee.CheckOptions(r.Options(), s.Options)
	s.Options = opts
	return s, err
}
