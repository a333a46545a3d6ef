package play

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/scoring"
)

// The verbs of corrections, typed at the table and written in transcripts. No player may be
// called by one of them (referee.CheckPlayers), so a line that starts with one is a correction.
const (
	verbVoid    = "void"
	verbAmend   = "amend"
	verbRule    = "rule"
	verbAdjust  = "adjust"
	verbAbandon = "abandon"
	verbConfirm = "confirm"
	verbUndo    = "undo"
)

// IsCorrection reports whether a word starts a correction in a transcript.
func IsCorrection(word string) bool {
	switch word {
	case verbVoid, verbAmend, verbRule, verbAdjust, verbAbandon, verbConfirm:
		return true
	}
	return false
}

// IsCorrectionEvent reports whether e is one of the log's corrections (a void, an amend, a
// ruling, an adjustment, an abandon, a confirmation): neither a move nor the game's creation.
func IsCorrectionEvent(e events.Event) bool {
	return e.Type != events.TypeCreated && !referee.IsMove(e.Type)
}

// NamesEvent reports whether a correction's first word is the number of the event it corrects.
func NamesEvent(verb string) bool {
	switch verb {
	case verbVoid, verbAmend, verbRule:
		return true
	}
	return false
}

// correction is a correction or an adjustment: the one form that what is typed is read into,
// that its event is written from, and that the log's descriptions and a transcript's lines are
// both written from.
type correction struct {
	verb     string // void, amend, rule or adjust
	target   int64  // the event corrected
	move     referee.Move
	decision string // a ruling's: condone or void
	player   string // an adjustment's, or who confirms
	round    int    // the round a confirmation names
	points   int
	note     string
}

// correctionOf reads a correction or adjustment event.
func correctionOf(e events.Event) (correction, bool) {
	var p struct {
		Target   int64           `json:"target"`
		Type     string          `json:"type"`
		Actor    string          `json:"actor"`
		Payload  json.RawMessage `json:"payload"`
		Decision string          `json:"decision"`
		Player   string          `json:"player"`
		Points   int             `json:"points"`
		Round    int             `json:"round"`
		Note     string          `json:"note"`
	}
	_ = decode(e, &p) // an unreadable correction is flagged by the replay, and shown as far as it reads
	c := correction{target: p.Target, decision: p.Decision, player: p.Player, points: p.Points, round: p.Round, note: p.Note}
	switch e.Type {
	case events.TypeVoid:
		c.verb = verbVoid
	case events.TypeAmend:
		c.verb, c.move = verbAmend, referee.Move{Type: p.Type, Actor: p.Actor, Payload: p.Payload}
	case events.TypeRuling:
		c.verb = verbRule
	case events.TypeAdjust:
		c.verb = verbAdjust
	case events.TypeAbandon:
		c.verb = verbAbandon
	case events.TypeConfirm:
		c.verb = verbConfirm
	default:
		return c, false
	}
	return c, true
}

// event writes the correction as the event that records it.
func (c correction) event() (typ string, payload []byte, err error) {
	var v any
	switch c.verb {
	case verbVoid:
		typ, v = events.TypeVoid, events.Void{Target: c.target, Note: c.note}
	case verbAmend:
		typ, v = events.TypeAmend, events.Amend{Target: c.target, Type: c.move.Type, Actor: c.move.Actor, Payload: c.move.Payload, Note: c.note}
	case verbRule:
		typ, v = events.TypeRuling, events.Ruling{Target: c.target, Decision: c.decision, Note: c.note}
	case verbAbandon:
		typ, v = events.TypeAbandon, events.Abandon{Note: c.note}
	case verbConfirm:
		typ, v = events.TypeConfirm, events.Confirm{Round: c.round, Player: c.player, Note: c.note}
	default:
		typ, v = events.TypeAdjust, events.Adjust{Player: c.player, Points: c.points, Note: c.note}
	}
	payload, err = json.Marshal(v)
	return typ, payload, err
}

// words writes the correction as it is typed, note aside: void 5, amend 5 ann bid 10H,
// rule 5 condone, adjust ann +3.
func (c correction) words(notation func(referee.Move) string) []string {
	n := strconv.FormatInt(c.target, 10)
	switch c.verb {
	case verbAmend:
		return append([]string{verbAmend, n}, strings.Fields(notation(c.move))...)
	case verbRule:
		return []string{verbRule, n, c.decision}
	case verbAdjust:
		return []string{verbAdjust, c.player, fmt.Sprintf("%+d", c.points)}
	case verbAbandon:
		return []string{verbAbandon}
	case verbConfirm:
		return []string{verbConfirm, strconv.Itoa(c.round), c.player}
	}
	return []string{verbVoid, n}
}

// describe writes the correction for people: "void event 6 (misheard)"; round names the
// game's rounds ("hand"), for a confirmation.
func (c correction) describe(describe func(referee.Move) string, round func() string) string {
	var s string
	switch c.verb {
	case verbAmend:
		s = fmt.Sprintf("amend event %d to: %s", c.target, describe(c.move))
	case verbRule:
		s = fmt.Sprintf("ruling on event %d: %s", c.target, c.decision)
	case verbAdjust:
		s = fmt.Sprintf("adjust %s %+d", c.player, c.points)
	case verbAbandon:
		s = "the game is abandoned"
	case verbConfirm:
		s = fmt.Sprintf("%s confirms %s %d", c.player, round(), c.round)
	default:
		s = fmt.Sprintf("void event %d", c.target)
	}
	if c.note != "" {
		s += " (" + c.note + ")"
	}
	return s
}

// reading is what a correction is read against: the game's players, its name in messages, and
// the game as it stood before an event, in which an amended move is read.
type reading struct {
	name    string
	players []string
	before  func(seq int64) referee.Game
}

// read reads a correction as typed — void SEQ, amend SEQ MOVE…, rule SEQ condone|void,
// adjust PLAYER ±N — with its note. It refuses what cannot be read; whether the correction may
// correct what it names is judged against the log (admit, and the replay's L1).
func (r reading) read(verb string, args []string, note string) (correction, error) {
	c := correction{verb: verb, note: note}
	if !utf8.ValidString(note) {
		return c, Invalidf(nil, "", "the note %q is not UTF-8 text: bytes that are no character cannot be kept or written back out", note)
	}
	need := func(n int, form string) error {
		if len(args) == n || (verb == verbAmend && len(args) >= n) {
			return nil
		}
		return Invalidf(nil, "", "%s takes %s", verb, form)
	}
	target := func() error {
		n, err := strconv.ParseInt(args[0], 10, 64)
		if err != nil || n < 1 {
			return Invalidf(nil, "", "%q is not an event number (the log numbers every event)", args[0])
		}
		c.target = n
		return nil
	}
	switch verb {
	case verbVoid:
		if err := need(1, "the number of the event to take back: void SEQ"); err != nil {
			return c, err
		}
		return c, target()
	case verbAmend:
		if err := need(2, "the number of the event and the move that replaces it: amend SEQ MOVE…"); err != nil {
			return c, err
		}
		if err := target(); err != nil {
			return c, err
		}
		at := r.before(c.target)
		m, err := at.Parse(args[1:])
		if err != nil {
			return c, Invalidf(err, fmt.Sprintf("at event %d: %s", c.target, at.Hint()), "%v", err)
		}
		c.move = m
		return c, nil
	case verbRule:
		if err := need(2, "the number of the event and the ruling: rule SEQ condone|void"); err != nil {
			return c, err
		}
		c.decision = strings.ToLower(args[1])
		if c.decision != events.Condone && c.decision != events.VoidIt {
			return c, Invalidf(nil, "", "%q is not a ruling: use %s or %s", args[1], events.Condone, events.VoidIt)
		}
		return c, target()
	case verbAbandon:
		if err := need(0, "no words, and the reason as a note: abandon -- why"); err != nil {
			return c, err
		}
		if strings.TrimSpace(note) == "" {
			return c, Invalidf(nil, "", "say why: an abandoned game needs a note")
		}
		return c, nil
	case verbConfirm:
		if err := need(2, "the round and who confirms it: confirm ROUND PLAYER"); err != nil {
			return c, err
		}
		n, err := strconv.Atoi(args[0])
		if err != nil || n < 1 {
			return c, Invalidf(nil, "", "%q is not a round's number (the score sheet numbers them)", args[0])
		}
		i := referee.PlayerIndex(r.players, args[1])
		if i < 0 {
			return c, Invalidf(nil, "", "%q is not a player of %s (players: %s)", args[1], r.name, strings.Join(r.players, ", "))
		}
		c.round, c.player = n, r.players[i]
		return c, nil
	case verbAdjust:
		if err := need(2, "a player and the points to add or take: adjust PLAYER ±N"); err != nil {
			return c, err
		}
		i := referee.PlayerIndex(r.players, args[0])
		if i < 0 {
			return c, Invalidf(nil, "", "%q is not a player of %s (players: %s)", args[0], r.name, strings.Join(r.players, ", "))
		}
		n, err := strconv.Atoi(args[1])
		if err != nil || n == 0 {
			return c, Invalidf(nil, "", "%q is not a number of points (+3, -2)", args[1])
		}
		if strings.TrimSpace(note) == "" {
			return c, Invalidf(nil, "", "say why: an adjustment needs a note")
		}
		c.player, c.points = r.players[i], n
		return c, nil
	}
	return c, Invalidf(nil, "", "%q is not a correction (undo, void, amend, rule, adjust, abandon, confirm)", verb)
}

// admit refuses a correction that cannot correct what it names in this game, or an amend to a
// move that breaks a rule where it stands, unless forced. (An import records such corrections
// as they were written, and the replay flags them: L1.)
func (g *Game) admit(c correction, force bool) error {
	switch {
	case c.verb == verbAdjust:
		return nil
	case c.verb == verbAbandon && g.abandoned != 0:
		return Invalidf(nil, "", "game %d was abandoned at event %d already", g.id, g.abandoned)
	case c.verb == verbAbandon && g.Over():
		return Invalidf(nil, "", "game %d is over: there is nothing to abandon", g.id)
	case c.verb == verbAbandon:
		return nil
	case c.verb == verbConfirm:
		return g.admitConfirm(c)
	}
	e, ok := g.EventAt(c.target)
	if !ok {
		return Invalidf(nil, "", "game %d has no event %d (it ends at %d)", g.id, c.target, g.last)
	}
	what := map[string]string{verbVoid: "voided", verbAmend: "amended", verbRule: "ruled on"}[c.verb]
	voidable := c.verb == verbVoid && (e.Type == events.TypeAdjust || e.Type == events.TypeAbandon || e.Type == events.TypeConfirm)
	doubt := c.verb == verbRule && c.decision == events.Condone && e.Type == events.TypeCreated // L7
	if !referee.IsMove(e.Type) && !voidable && !doubt {
		return Invalidf(nil, "", "event %d is %q, not a move: only moves can be %s", c.target, g.Describe(e), what)
	}
	// An amend brings a voided move back in its new form (L1); nothing else may touch it.
	if note := g.notes[c.target]; strings.HasPrefix(note, "voided") && c.verb != verbAmend {
		return Invalidf(nil, "", "event %d is already %s", c.target, note)
	}
	switch {
	case c.verb == verbRule && c.decision == events.Condone && len(referee.Own(g.outcome.OpenFlags(), c.target)) == 0:
		return Invalidf(nil, "", "event %d has no open flag to condone", c.target)
	case c.verb == verbAmend:
		at := g.before(c.target)
		hint := at.Hint()
		if own := referee.Own(at.Apply(c.target, c.move), c.target); referee.Refuses(own) && !force {
			return refused(g, own, fmt.Sprintf("legal at event %d: %s", c.target, hint))
		}
	}
	return nil
}

// admitConfirm refuses a confirmation of a round that is not scored, or that the player has
// confirmed already and no correction has changed since (L9).
func (g *Game) admitConfirm(c correction) error {
	s := g.Sheet()
	i := slices.IndexFunc(s.Rounds, func(r scoring.Round) bool { return r.Number == c.round })
	switch {
	case i < 0:
		return Invalidf(nil, "", "game %d has no %s %d yet", g.id, s.RoundName, c.round)
	case !s.Rounds[i].Scored:
		return Invalidf(nil, "", "%s %d is not scored yet: confirm it once it is", s.RoundName, c.round)
	}
	for _, done := range s.Rounds[i].Confirmed {
		if done.Player == c.player && done.Stands {
			return Invalidf(nil, "", "%s confirmed %s %d already, at event %d", c.player, s.RoundName, c.round, done.Seq)
		}
	}
	return nil
}

// Correction is a correction typed at the table: a verb and the words after it.
type Correction struct {
	Verb string   // undo, void, amend, rule or adjust
	Args []string // SEQ · SEQ MOVE… · SEQ condone|void · PLAYER ±N; nothing for undo
	Note string   // why; an adjustment needs one
	// Force amends to a move that breaks a rule where it stands, flagged.
	Force bool
	// Expect, when not 0, is the last event the caller saw: if the log has moved on, nothing is
	// recorded and the error is a Conflict, as for a move.
	Expect int64
}

// Corrected is what a correction did, or in a dry run would do.
type Corrected struct {
	Event events.Event
	// Before is the game the correction was judged against; After, the game with it.
	Before, After *Game
	// Rejudged counts how often it was judged again because another terminal recorded first.
	Rejudged int
}

// Changes is how the correction changes the game's flags and totals.
func (c *Corrected) Changes() Changes { return diff(c.Before.outcome, c.After.outcome) }

// CorrectionEvent reads a correction typed in a game's transcript (its verb, the words after it
// and its note) into the event that records it, unnumbered. The game is called name in
// messages and seats players; before is the game as it stood before an event, in which an
// amended move is read. Whether it may correct what it names is the replay's to judge (L1).
func CorrectionEvent(name string, players []string, before func(seq int64) referee.Game, verb string, args []string, note string) (events.Event, error) {
	c, err := reading{name: name, players: players, before: before}.read(verb, args, note)
	if err != nil {
		return events.Event{}, err
	}
	typ, payload, err := c.event()
	return events.Event{Type: typ, Payload: payload}, err
}

// CorrectionLine is e, a correction or an adjustment in g's log, as its transcript line: the
// words that type it and its note; ok is false for any other event.
func (g *Game) CorrectionLine(e events.Event) (line string, ok bool) {
	c, ok := correctionOf(e)
	if !ok {
		return "", false
	}
	line = Line(c.words(g.outcome.Game.Notation)...)
	if c.note != "" {
		line += " " + noteMark + " " + noteText(c.note)
	}
	return line, true
}

// Typed is a correction read against the game the typist saw, to be judged against the log as
// it stands when it is appended, which may have moved on (JudgeCorrection).
type Typed struct {
	c     correction
	undo  bool
	force bool
}

// ReadCorrection reads c, typed against g, the game as the typist saw it. An undo takes back
// the move that was the latest in g.
func (g *Game) ReadCorrection(c Correction) (Typed, error) {
	t := Typed{undo: c.Verb == verbUndo, force: c.Force}
	if t.undo {
		if len(c.Args) > 0 {
			return t, Invalidf(nil, "", "undo takes back the latest move; to take back another, void it: void SEQ")
		}
		if t.c.target = g.LatestMove(); t.c.target == 0 {
			return t, Invalidf(nil, "", "game %d has no move to undo", g.id)
		}
		t.c.verb, t.c.note = verbVoid, c.Note
		return t, nil
	}
	r := reading{name: fmt.Sprintf("game %d", g.id), players: g.setup.Players, before: g.before}
	var err error
	t.c, err = r.read(strings.ToLower(c.Verb), c.Args, c.Note)
	return t, err
}

// Strict reports whether a log that moved on refuses the correction rather than judging it
// again: a confirmation vouches for the round as the player saw it, to be looked at and made
// anew.
func (t Typed) Strict() bool { return t.c.verb == verbConfirm }

// JudgeCorrection judges t as the event after g's log, stamped at (Unix ms): refused when it
// cannot correct what it names here, and, for an undo, when another terminal recorded a move
// after the one it takes back.
func (g *Game) JudgeCorrection(t Typed, at int64) (Judgement, error) {
	if t.undo && g.LatestMove() != t.c.target {
		return Judgement{}, &Error{Code: Conflict, Game: g, Message: fmt.Sprintf(
			"another terminal recorded in game %d since: the latest move is event %d, not %d; nothing was undone", g.id, g.LatestMove(), t.c.target)}
	}
	if err := g.admit(t.c, t.force); err != nil {
		return Judgement{}, err
	}
	typ, payload, err := t.c.event()
	if err != nil {
		return Judgement{}, err
	}
	e := events.Event{Seq: g.last + 1, Type: typ, Payload: payload, At: at}
	next, err := referee.Replay(g.rules, append(slices.Clip(g.log), e))
	return Judgement{e, next}, err
}

// Changes are how a correction changes a game's flags and totals.
type Changes struct {
	Added   []referee.Flag `json:"added"`
	Removed []referee.Flag `json:"removed"`
	// Settled are the flags a ruling settled, as they now stand: one flag, said once, not as
	// removed open and added settled.
	Settled []referee.Flag `json:"settled"`
	Totals  []TotalChange  `json:"totals"`
}

// TotalChange is one player's total before and after.
type TotalChange struct {
	Player string `json:"player"`
	From   int    `json:"from"`
	To     int    `json:"to"`
}

// None reports whether nothing changes.
func (c Changes) None() bool { return len(c.Added)+len(c.Removed)+len(c.Settled)+len(c.Totals) == 0 }

// diff compares two outcomes of one game.
func diff(before, after *referee.Outcome) Changes {
	// A flag is the same flag however it is settled.
	unsettled := func(f referee.Flag) referee.Flag {
		f.Settled = ""
		return f
	}
	was, has := map[referee.Flag]string{}, map[referee.Flag]bool{}
	for _, f := range before.Flags {
		was[unsettled(f)] = f.Settled
	}
	c := Changes{Added: []referee.Flag{}, Removed: []referee.Flag{}, Settled: []referee.Flag{}, Totals: []TotalChange{}}
	for _, f := range after.Flags {
		has[unsettled(f)] = true
		switch settled, ok := was[unsettled(f)]; {
		case !ok:
			c.Added = append(c.Added, f)
		case settled != f.Settled:
			c.Settled = append(c.Settled, f)
		}
	}
	for _, f := range before.Flags {
		if !has[unsettled(f)] {
			c.Removed = append(c.Removed, f)
		}
	}
	b, a := before.Sheet(), after.Sheet()
	for _, p := range before.Setup.Players {
		if b.Totals[p] != a.Totals[p] {
			c.Totals = append(c.Totals, TotalChange{p, b.Totals[p], a.Totals[p]})
		}
	}
	return c
}
