// Command engine is the referee on the phone: the game apart from the application (package play:
// the engines, the judge, the view) and the drawing of its part of the page compiled to
// WebAssembly, so that a phone judges a move the same way the server does, with or without a network. The page hands it a game's log as the server
// stored it and the moves the phone has made since, and gets back each move judged and the
// game as it then stands.
//
// In the browser it answers the page's calls (globalThis.tablesideEngine.answer); anywhere
// else it answers requests read from stdin, one JSON a line, one answer a line, so that the
// native build and the WebAssembly one can be held to each other on the same requests.
package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"slices"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/scoring"
	"github.com/tableside/tableside/web/now"
)

// request is a game as the server stored it and the moves the phone has made after it, in
// order, not yet stored. Log is the game's whole log (its export, event by event), or, for a
// game the engine holds already, the events stored since its last answer about the game: the
// engine keeps each game it has answered about, so that a move costs the same at the end of a
// game as at its start.
type request struct {
	Game    int64        `json:"game"`
	Log     []play.Event `json:"log"`
	Pending []pending    `json:"pending"`
	// Now asks for the part of the game's page that shows the game (web/now), drawn after the
	// last move as the server draws it for the table's phone, which scored the rounds Entered.
	Now     bool  `json:"now,omitempty"`
	Entered []int `json:"entered,omitempty"`
	// Locked is why the table may no longer record in the game though it holds its code (its
	// tournament's round is over, T16), as the server's part said: the part is drawn without
	// the table's buttons, and says so.
	Locked string `json:"locked,omitempty"`
	// Sheet names the score sheet the page shows, as an earlier answer named it: the part is
	// drawn without it when it is still the sheet, as most moves leave it.
	Sheet int64 `json:"sheet,omitempty"`
	// Steps asks for the game as it stands after each pending move, not only after the last;
	// Digest gives each such state as the SHA-256 of its JSON; HTMLEvery draws the part only
	// every so many moves. The comparison of the builds asks for these.
	Steps     bool `json:"steps,omitempty"`
	Digest    bool `json:"digest,omitempty"`
	HTMLEvery int  `json:"html_every,omitempty"`
}

// pending is a move as the phone's player typed or tapped it, at a time (Unix ms), forced when
// the table says it happened though the rules refuse it. A move the engine judged before
// carries that judgement, its event and words: the server may hold the event already (sent,
// and the answer lost), and the page says when the words change.
type pending struct {
	Move  string      `json:"move"`
	Force bool        `json:"force,omitempty"`
	At    int64       `json:"at"`
	Event *play.Event `json:"event,omitempty"`
	Text  string      `json:"text,omitempty"`
}

// state is the game as the phone's page shows it: the view (the table and its totals, the
// hint, the legal moves, the open flags, the seal), and, when drawn, the page's part that
// shows the game, its score sheet among it.
type state struct {
	View play.View `json:"view"`
	Now  string    `json:"now,omitempty"`
	// Sheet names the sheet of the part drawn (sheetID); SheetKept says the part leaves its
	// sheet empty, for the page to keep the one it shows, named so.
	Sheet     int64 `json:"sheet,omitempty"`
	SheetKept bool  `json:"sheet_kept,omitempty"`
}

// judged is one pending move as the referee took it: its event, in words, with the flags it
// raised, the notation that reads back to it (what the phone sends), and the rounds it scored;
// or why it was refused, as the server would refuse it, drawn as the page draws a refusal.
// Stored says the server holds the move already as that event; Changed, that the words are
// not the ones the move had when it was judged before.
type judged struct {
	Move     string              `json:"move"`
	Event    *play.Event         `json:"event,omitempty"`
	Text     string              `json:"text,omitempty"`
	Notation string              `json:"notation,omitempty"`
	Flags    []play.Flag         `json:"flags,omitempty"`
	Scored   []int               `json:"scored,omitempty"`
	Stored   int64               `json:"stored,omitempty"`
	Changed  bool                `json:"changed,omitempty"`
	Refused  *play.ProblemDetail `json:"refused,omitempty"`
	Refusal  string              `json:"refusal,omitempty"`
	// After is the game once the move is taken, when the request asks for steps: a state, or
	// its digest.
	After json.RawMessage `json:"after,omitempty"`
}

// answer is what the engine makes of a request: each pending move judged, and the game as it
// stands after those taken. Failed says why the game could not be read: a conflict asks for
// its whole log.
type answer struct {
	Pending []judged            `json:"pending"`
	State   *state              `json:"state,omitempty"`
	Failed  *play.ProblemDetail `json:"failed,omitempty"`
}

// engine is what the engine keeps between a page's calls, so that a move costs the same at the
// end of a game as at its start.
type engine struct {
	// held are the games the engine has answered about lately, by id, as the server stored
	// them (the phone's pending moves are judged on top of them afresh at each call), the
	// latest last; a phone has a game or two open, and the engine keeps heldMost.
	held []*play.Game
	// last is the latest answer's run of judged moves.
	last judgedRun
	// sheet is the sheet drawn last, and what it was drawn from: most moves change neither the
	// figures nor the flags, and drawing the sheet is most of the cost of drawing the part.
	sheet struct {
		from  []byte
		drawn template.HTML
		id    int64
	}
}

const heldMost = 8

// holding is the game the engine holds of id, or nil.
func (en *engine) holding(id int64) *play.Game {
	for _, g := range en.held {
		if g.ID() == id {
			return g
		}
	}
	return nil
}

// hold keeps g, the latest answered about, in place of the game of its id held before.
func (en *engine) hold(g *play.Game) {
	en.held = slices.DeleteFunc(en.held, func(h *play.Game) bool { return h.ID() == g.ID() })
	if len(en.held) == heldMost {
		en.held = en.held[1:]
	}
	en.held = append(en.held, g)
}

// stored is req's game as the server stored it: replayed from its whole log, or the game held
// followed by the events stored since. A game the engine does not hold at the point the log
// takes up from is NotFound, and a log that does not follow the game held is a Conflict: the
// page sends the whole log.
func (en *engine) stored(req request) (*play.Game, error) {
	var g *play.Game
	var err error
	switch {
	case len(req.Log) > 0 && req.Log[0].Seq == 1:
		g, err = play.Replay(req.Log[0].Game, req.Log)
	case en.holding(req.Game) == nil:
		return nil, &play.Error{Code: play.NotFound, Message: fmt.Sprintf("the engine holds no game %d: send its whole log", req.Game)}
	default:
		g, err = en.holding(req.Game).Follow(req.Log)
	}
	if err != nil {
		return nil, err
	}
	en.hold(g)
	return g, nil
}

// answerOf judges req's pending moves, one after another, each against the game the ones before
// it left: a refused move is reported and the next is judged as if it had not been made. The
// first moves the server holds already, each the same move as the event stored in its place,
// are reported stored, not judged again.
func (en *engine) answerOf(req request) answer {
	a := answer{Pending: []judged{}}
	g, err := en.stored(req)
	if err != nil {
		a.Failed = problem(err)
		return a
	}
	rest := req.Pending
	for len(rest) > 0 {
		seq, ok := storedAs(g, rest[0])
		if !ok {
			break
		}
		a.Pending = append(a.Pending, judged{Move: rest[0].Move, Stored: seq})
		rest = rest[1:]
	}
	// The moves the latest answer judged on this same game are not judged again: a phone
	// with moves waiting sends them all with each new one.
	reused := 0
	last := en.last
	if last.stored == g && !req.Steps {
		for reused < len(rest) && reused < len(last.moves) && sameMove(last.moves[reused], last.out[reused], rest[reused]) {
			j := last.out[reused]
			j.Changed = rest[reused].Text != "" && rest[reused].Text != j.Text
			a.Pending = append(a.Pending, j)
			reused++
		}
	}
	run := judgedRun{stored: g, moves: slices.Clone(rest[:reused]), out: slices.Clone(last.out[:reused]), after: slices.Clone(last.after[:reused])}
	if reused > 0 {
		g = run.after[reused-1]
	}
	defer func() { en.last = run }()
	for i, p := range rest[reused:] {
		i += reused
		j := judged{Move: p.Move}
		rec, notation, err := judge(g, p)
		if err != nil {
			j.Refused = problem(err)
			if j.Refusal, err = refusal(g, p, err); err != nil {
				a.Failed = problem(err)
				return a
			}
		} else {
			g = rec.Game
			j.Event, j.Text, j.Flags, j.Notation = &rec.Event, g.Describe(rec.Event), rec.Flags, notation
			j.Scored = g.Scored(rec.Before)
			j.Changed = p.Text != "" && p.Text != j.Text
		}
		if req.Steps { // the comparison of the builds, which sends each game once
			drawn := req.HTMLEvery > 0 && (i+1)%req.HTMLEvery == 0
			if j.After, err = en.stateJSON(g, drawn, req.Digest); err != nil {
				a.Failed = problem(err)
				return a
			}
		} else {
			run.moves, run.out, run.after = append(run.moves, p), append(run.out, j), append(run.after, g)
		}
		a.Pending = append(a.Pending, j)
	}
	s, err := en.stateOf(g, req.Now, req.Entered, req.Sheet, req.Locked)
	if err != nil {
		a.Failed = problem(err)
		return a
	}
	a.State = s
	return a
}

// judgedRun is the pending moves of the latest answer, as sent, judged on the game as stored
// then: each move's judgement and the game after it.
type judgedRun struct {
	stored *play.Game
	moves  []pending
	out    []judged
	after  []*play.Game
}

// sameMove reports whether p is was, the move judged as j before, sent again: made at the same
// time, as forced or not, in the words typed or the notation it was read as.
func sameMove(was pending, j judged, p pending) bool {
	return p.At == was.At && p.Force == was.Force && (p.Move == was.Move || p.Move == j.Notation && j.Notation != "")
}

// storedAs is the seq at which g, the game as stored, holds p, a move judged before as the
// event after the phone's last: the same player making the same move in the same place. Two
// phones that record one card played record one move. (A page that kept an event as a value
// writes it again in its own way, and the server adds when the move was played: play.SameMove
// reads through both.)
func storedAs(g *play.Game, p pending) (int64, bool) {
	if p.Event == nil {
		return 0, false
	}
	e, ok := g.EventAt(p.Event.Seq)
	return e.Seq, ok && play.SameMove(e, *p.Event)
}

// judge reads a pending move's words as Record reads a line, and judges it as Record does:
// the move taken, with its notation, the words that read back to it whatever the game after.
// A move with no words but an event is one the phone saw stored in a log the server no longer
// holds (restored from an older copy): it is judged again in the notation that records it.
func judge(g *play.Game, p pending) (*play.Recorded, string, error) {
	if p.Move == "" && p.Event != nil {
		notation, err := g.MoveOf(*p.Event)
		if err != nil {
			return nil, "", err
		}
		p.Move = notation
	}
	words, err := g.MoveWords(p.Move)
	if err != nil {
		return nil, "", err
	}
	rec, err := g.Judge(words, p.Force, p.At)
	if err != nil {
		return nil, "", err
	}
	notation, err := g.ReadBack(words)
	return rec, notation, err
}

// refusal is err, p's refusal, as the page draws one.
func refusal(g *play.Game, p pending, err error) (string, error) {
	var te *play.Error
	if !errors.As(err, &te) {
		return "", err
	}
	var b bytes.Buffer
	werr := now.WriteRefusal(&b, &now.Refusal{Game: g.ID(), Last: g.Last(), Message: te.Message, Hint: te.Hint, Flags: te.Flags, Tried: p.Move, Table: true})
	return b.String(), werr
}

// problem is err as the server's API would give it.
func problem(err error) *play.ProblemDetail {
	d := play.DetailOf(err, string(play.CodeOf(err)), "")
	return &d
}

// stateOf is g as the page shows it, with its part drawn when drawn is set, to the table's
// phone, which scored the rounds entered, shows the sheet numbered shown, and may record in
// the game unless locked says why not.
func (en *engine) stateOf(g *play.Game, drawn bool, entered []int, shown int64, locked string) (*state, error) {
	s := &state{View: g.View()}
	if !drawn {
		return s, nil
	}
	here := map[int]bool{}
	for _, r := range entered {
		here[r] = true
	}
	sheet, err := en.drawnSheet(g.Sheet(), g.Flags())
	if err != nil {
		return nil, err
	}
	s.Sheet = en.sheet.id
	if s.SheetKept = shown == en.sheet.id; s.SheetKept {
		sheet = ""
	}
	var b bytes.Buffer
	part := now.Of(g, locked == "", here, sheet)
	part.Locked = locked
	if err := now.Write(&b, part); err != nil {
		return nil, err
	}
	s.Now = b.String()
	return s, nil
}

// drawnSheet is the sheet of figures and flags drawn (now.SheetOf), drawn again only when they
// are not the ones drawn last.
func (en *engine) drawnSheet(figures *scoring.Sheet, flags []play.Flag) (template.HTML, error) {
	from, err := json.Marshal(struct {
		Figures *scoring.Sheet
		Flags   []play.Flag
	}{figures, flags})
	if err != nil {
		return "", err
	}
	if en.sheet.from != nil && bytes.Equal(from, en.sheet.from) {
		return en.sheet.drawn, nil
	}
	drawn, err := now.SheetOf(figures, flags)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(from)
	en.sheet.from, en.sheet.drawn, en.sheet.id = from, drawn, sheetID(sum)
	return drawn, nil
}

// sheetID names a sheet by the SHA-256 of what it is drawn from, in the 53 bits a page's number
// holds exactly, never 0: the same sheet has the same name in any engine, and two sheets one name
// by a chance of one in 2⁵².
func sheetID(sum [sha256.Size]byte) int64 {
	return int64(binary.BigEndian.Uint64(sum[:8])>>11 | 1)
}

// stateJSON is g's state as JSON, or its SHA-256 as a JSON string when digest is set.
func (en *engine) stateJSON(g *play.Game, drawn, digest bool) (json.RawMessage, error) {
	s, err := en.stateOf(g, drawn, nil, 0, "")
	if err != nil {
		return nil, err
	}
	b, err := json.Marshal(s)
	if err != nil || !digest {
		return b, err
	}
	sum := sha256.Sum256(b)
	return json.Marshal(hex.EncodeToString(sum[:]))
}

// answerJSON answers one request given as JSON, with an answer as JSON: a request that is not
// one is answered as a log that cannot be read.
func (en *engine) answerJSON(in []byte) []byte {
	var req request
	var a answer
	if err := json.Unmarshal(in, &req); err != nil {
		a = answer{Pending: []judged{}, Failed: &play.ProblemDetail{Code: string(play.Invalid), Message: fmt.Sprintf("the request is not the engine's JSON: %v", err)}}
	} else {
		a = en.answerOf(req)
	}
	// The part is HTML: escaped as JSON escapes HTML, each of its tags is longer to write and read.
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(a); err != nil {
		return []byte(fmt.Sprintf(`{"pending":[],"failed":{"code":"internal","message":%q}}`, err.Error()))
	}
	return bytes.TrimSuffix(out.Bytes(), []byte("\n"))
}

// answerLines answers each line of r, a request, with a line of w.
func (en *engine) answerLines(r io.Reader, w io.Writer) error {
	in := bufio.NewScanner(r)
	in.Buffer(make([]byte, 1<<20), 64<<20)
	out := bufio.NewWriter(w)
	for in.Scan() {
		if _, err := out.Write(append(en.answerJSON(in.Bytes()), '\n')); err != nil {
			return err
		}
	}
	if err := in.Err(); err != nil {
		return err
	}
	return out.Flush()
}
