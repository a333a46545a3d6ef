package table

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/tournament"
)

// A transcript is a game's log in text, one event a line, that a person can read and type from
// a paper score sheet: a `new …` line, then each move as `record` takes it and each correction
// as its command writes it (void 5, amend 5 ann bid 10H, rule 5 condone, adjust ann -2), with
// its note after a bare --. Lines starting with # are comments; every word is written by one
// quoting rule (Quote). Event numbers survive the round trip, so corrections name the same
// events.

// Transcript writes the game's whole log as a transcript.
func Transcript(g *play.Game) (string, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "# tableside transcript of game %d: one event a line, corrections included\n", g.ID())
	b.WriteString(play.Line(setupWords(g.Setup())...) + "\n")
	for _, e := range g.Log()[1:] {
		if e.Type == tournament.TypePaired {
			// The application records a pairing with the input it was made from, which a replay
			// holds it to: the line carries it whole, after the pairing written for reading.
			notation, _ := g.MoveOf(e) // a pairing is a move of the tournament's
			b.WriteString("# " + notation + "\n")
			b.WriteString(play.Line(pairedVerb, string(e.Payload)) + "\n")
			continue
		}
		if line, ok := g.CorrectionLine(e); ok {
			b.WriteString(line)
		} else if notation, err := g.MoveOf(e); err == nil {
			b.WriteString(play.Line(strings.Fields(notation)...))
		} else {
			return "", fmt.Errorf("event %d (%s) cannot be written in a transcript: export the game as jsonl", e.Seq, e.Type)
		}
		b.WriteByte('\n')
	}
	return b.String(), nil
}

// line is one line of a transcript that is not blank or a comment, read into words.
type line struct {
	number  int
	words   []string
	note    string
	hasNote bool
}

// readTranscript reads a transcript into the log it records, numbered from 1 and stamped at. Each line is read in
// the light of the game as it stood when it was written, corrections so far included — "bid 9"
// is the bid of whoever was to act then — and recorded whether legal or not: the replay flags
// what is wrong. A line that cannot be read at all refuses the whole transcript, naming it.
// Reading costs the lines plus what each correction re-judges, never a replay per line.
func readTranscript(text, today string, at int64) ([]events.Event, error) {
	var lines []line
	for i, raw := range strings.Split(text, "\n") {
		raw = strings.TrimSpace(raw)
		if raw == "" || strings.HasPrefix(raw, "#") {
			continue
		}
		if !utf8.ValidString(raw) {
			return nil, fmt.Errorf("line %d: %w", i+1, errNotText)
		}
		words, note, hasNote, err := play.Words(raw)
		if err == nil && len(words) == 0 {
			err = play.ErrNoteAlone
		}
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", i+1, err)
		}
		lines = append(lines, line{i + 1, words, note, hasNote})
	}
	if len(lines) == 0 {
		return nil, play.Invalidf(nil, "", "no `new KIND --players …` line")
	}
	first, err := transcriptSetup(lines[0], today, at)
	if err != nil {
		return nil, err
	}
	// The replayer keeps the game as it stood before each event a correction names.
	var keep []int64
	for _, l := range lines[1:] {
		if len(l.words) > 1 && play.NamesEvent(strings.ToLower(l.words[0])) {
			if n, err := strconv.ParseInt(l.words[1], 10, 64); err == nil {
				keep = append(keep, n)
			}
		}
	}
	r, _ := rulesOf(first) // transcriptSetup checked the kind
	rp, err := referee.NewReplayer(r, first, keep)
	if err != nil {
		return nil, err
	}
	log := []events.Event{first}
	for _, l := range lines[1:] {
		e, err := readLine(rp, l)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", l.number, err)
		}
		e.Seq, e.At = int64(len(log)+1), at
		rp.Add(e)
		log = append(log, e)
	}
	return log, nil
}

// pairedVerb starts a transcript's line of a tournament's pairing: `paired` and the event's
// payload, as JSON.
const pairedVerb = "paired"

// transcriptSetup reads a transcript's first line into the game's first event.
func transcriptSetup(l line, today string, at int64) (events.Event, error) {
	s, placed, err := readSetup(l.words)
	if err == nil && l.hasNote {
		err = play.Invalidf(nil, "", "the new line takes no note")
	}
	var c events.Created
	if err == nil {
		c, err = placed.created(s, today)
	}
	if err != nil {
		return events.Event{}, fmt.Errorf("line %d: %w", l.number, err)
	}
	b, err := json.Marshal(c)
	return events.Event{Seq: 1, Type: events.TypeCreated, Payload: b, At: at}, err
}

// created is the first event of a transcript's `new` line: a tournament's log as it was
// written, or a game's setup placed where its tournament made it.
func (p placing) created(s Setup, today string) (events.Created, error) {
	if strings.EqualFold(s.Kind, tournament.Kind) {
		if err := s.checkText(); err != nil {
			return events.Created{}, err
		}
		if s.Dealer != "" || s.Opener != "" || s.Match != "" || s.Teams != nil || p.Round != 0 || p.Table != 0 || p.Seated != 0 {
			return events.Created{}, play.Invalidf(nil, "", "a tournament's new line takes --players, --date, --tournament, --tournament-id, --option and --game-option only")
		}
		// Its options as written: defaults filled in would make another first event.
		c := events.Created{Kind: tournament.Kind, Ruleset: tournament.Rules{}.Ruleset(), Players: s.Players, Options: s.Options,
			Date: cmp.Or(strings.TrimSpace(s.Date), today), Tournament: p.Tournament, TournamentID: p.TournamentID, GameOptions: p.GameOptions}
		_, err := checkCreated(c)
		return c, err
	}
	switch {
	case p.GameOptions != nil:
		return events.Created{}, play.Invalidf(nil, "", "--game-option is a tournament's (the options of its games): give a game its own with --option")
	case p.Tournament == "" && (p.TournamentID != "" || p.Round != 0 || p.Table != 0 || p.Seated != 0):
		return events.Created{}, play.Invalidf(nil, "", "--tournament-id, --round, --table and --seated place a game in a tournament: name it with --tournament")
	case p.Tournament != "" && (p.Round == 0 || p.Table == 0):
		return events.Created{}, play.Invalidf(nil, "", "a tournament's game names its --round and --table")
	}
	c, err := s.created(today)
	c.Tournament, c.TournamentID, c.Round, c.Table, c.Seated = p.Tournament, p.TournamentID, p.Round, p.Table, p.Seated
	return c, err
}

// readLine reads a line after the first: a correction, or a move read against the game as rp
// has it so far.
func readLine(rp *referee.Replayer, l line) (events.Event, error) {
	g := rp.Game()
	verb := strings.ToLower(l.words[0])
	if _, ok := g.(*tournament.Night); ok && verb == pairedVerb {
		return readPaired(l)
	}
	if play.IsCorrection(verb) {
		return play.CorrectionEvent("the game", rp.Setup().Players, rp.Before, verb, l.words[1:], l.note)
	}
	switch {
	case verb == "new":
		return events.Event{}, play.Invalidf(nil, "", "a second `new` line: a transcript holds one game")
	case l.hasNote:
		return events.Event{}, play.Invalidf(nil, "", "only a correction takes a note (-- …)")
	}
	m, err := g.Parse(l.words)
	if err != nil {
		return events.Event{}, play.Invalidf(err, "", "%v", err)
	}
	return events.Event{Type: m.Type, Actor: m.Actor, Payload: m.Payload}, nil
}

// readPaired reads a tournament's pairing as a transcript writes it: `paired` and its payload.
// The replay judges it as it judges a pairing the application recorded.
func readPaired(l line) (events.Event, error) {
	if len(l.words) != 2 || l.hasNote {
		return events.Event{}, play.Invalidf(nil, "", "a pairing's line is `paired` and its JSON, as export writes it")
	}
	dec := json.NewDecoder(strings.NewReader(l.words[1]))
	dec.DisallowUnknownFields()
	var p tournament.Paired
	if err := dec.Decode(&p); err != nil || dec.More() {
		return events.Event{}, play.Invalidf(err, "", "the pairing is not the JSON of one (docs/json.md, tournament.paired)")
	}
	var payload bytes.Buffer
	if err := json.Compact(&payload, []byte(l.words[1])); err != nil {
		return events.Event{}, play.Invalidf(err, "", "the pairing is not JSON: %v", err)
	}
	return events.Event{Type: tournament.TypePaired, Payload: payload.Bytes()}, nil
}

// JSONL writes the game's whole log as JSON lines, every event with its time and hash.
func GameJSONL(g *play.Game) ([]byte, error) {
	var b bytes.Buffer
	err := JSONL(&b, g.Log())
	return b.Bytes(), err
}

// readJSONL reads one game's log exported as JSON lines. It returns the events to record,
// numbered from 1 in file order, and warnings about the file, such as where its hash chain
// breaks.
func readJSONL(data []byte) ([]events.Event, []string, error) {
	lr := &logReader{r: bufio.NewReader(bytes.NewReader(data))}
	log, res, err := lr.game()
	switch {
	case errors.Is(err, io.EOF):
		return nil, nil, play.Invalidf(nil, "", "the file holds no game")
	case err != nil:
		return nil, nil, err
	case res.Err != nil:
		return nil, nil, res.Err
	case lr.ahead != nil:
		return nil, nil, play.Invalidf(nil, "", "line %d: a second game starts here; import one game per file", lr.aheadLine)
	}
	return log, res.Warnings, nil
}

// asInvalid makes an error Invalid unless it is an application error already.
func asInvalid(err error) error {
	var e *play.Error
	if err == nil || errors.As(err, &e) {
		return err
	}
	return play.Invalidf(err, "", "%v", err)
}

// Imported is a game recorded from a file.
type Imported struct {
	Game *play.Game
	// Warnings are about the file itself, such as a broken hash chain.
	Warnings []string
}

// Import records a whole game from a transcript or a JSON-lines export, and flags what is wrong
// in it, as a referee auditing a paper record would. A file that cannot be read records
// nothing; the error names the line.
func (a *App) Import(ctx context.Context, data []byte) (*Imported, error) {
	log, warnings, err := readImport(data, a.today(), a.now().UnixMilli())
	if err != nil {
		return nil, err
	}
	g, err := a.create(ctx, log)
	if err != nil {
		return nil, err
	}
	return &Imported{Game: g, Warnings: warnings}, nil
}

// readImport reads a game's log from a JSON-lines export or a transcript.
func readImport(data []byte, today string, at int64) ([]events.Event, []string, error) {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return nil, nil, play.Invalidf(nil, "", "the file is empty")
	}
	if trimmed[0] == '{' {
		return readJSONL(trimmed)
	}
	log, err := readTranscript(string(trimmed), today, at)
	return log, nil, asInvalid(err)
}
