// Package now draws the part of a game's page that shows the game now: whose turn it is, the
// moves as buttons, the confirmations waiting, the undo, the status, the open flags, the latest
// events and the sheet. The server draws it from the game it stored; the phone's engine draws
// it from the phone's own copy of the log when the network is gone. One template and one
// builder serve both, so that the page says the same words whichever drew it.
package now

import (
	"bytes"
	"embed"
	"html/template"
	"io"
	"sync"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/render/scoresheet"
	"github.com/tableside/tableside/scoring"
)

// Files holds the templates "now" and "move", for a face whose pages call them.
//
//go:embed now.html
var Files embed.FS

// Funcs are the functions the templates of Files call.
var Funcs = template.FuncMap{"sentence": scoresheet.Capitalize, "button": button, "suits": scoresheet.Suits, "spoken": scoresheet.Spoken}

var parsed = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("now.html").Funcs(Funcs).ParseFS(Files, "now.html"))
})

// Part is the game as the part shows it, to the caller it is drawn for.
type Part struct {
	play.View
	Turn    string // whose turn, or how the game ended
	Offers  []offer
	Lead    string       // the words every offer begins with, said once above them
	Example string       // a legal move in words, for the text box's placeholder
	Recent  []play.Entry // the latest events, newest first
	Undoes  string       // the move undo takes back, in words; "" when there is none
	Waiting []Waiting    // scored rounds waiting for a confirmation (L9), newest first
	Sheet   template.HTML
	Table   bool // the caller holds the table's code: it may record
	// Locked says why the table may no longer record in the game, though it holds the code:
	// its tournament's round is over, and the game is the director's (T16).
	Locked string
	// Seat is where a tournament made the game, as the server knows it; nil for a game made by
	// hand, and on a phone's own drawing.
	Seat *Seat
}

// Seat is where a tournament's game is played, as its page shows it.
type Seat struct {
	// Tournament is the tournament's log, 0 when the file holds two of its name.
	Tournament int64
	Name, Text string // the tournament's name; "round 2, table 3: ann v cy, ann deals"
	Table      int
	// MovedOn is the game the table plays now, when it is no longer this one; Follow is where
	// the phone at the table goes, to that game.
	MovedOn int64
	Follow  string
	// SitsOut is the latest round when it seats nobody at the play.
	SitsOut int
}

// Waiting is a scored round waiting for its confirmation, as a phone offers it: EnteredHere
// when this phone scored it, so that the other side confirms.
type Waiting struct {
	play.Waiting
	EnteredHere bool
}

// recent is how many of the latest events the part lists; maxWaiting, how many rounds waiting
// for a confirmation it offers.
const (
	recent     = 8
	maxWaiting = 3
)

// SheetOf is g's score sheet as the part draws it: from the sheet's figures and the flags
// alone, which a phone compares to draw it again only when they change.
func SheetOf(sheet *scoring.Sheet, flags []play.Flag) (template.HTML, error) {
	var b bytes.Buffer
	if err := scoresheet.Content(&b, sheet, flags); err != nil {
		return "", err
	}
	return template.HTML(b.String()), nil // written by html/template, which escaped every name
}

// Of is g as the part shows it to a caller that may record in it (atTable) or only watch, on a
// phone that scored the rounds enteredHere, with g's sheet drawn (SheetOf).
func Of(g *play.Game, atTable bool, enteredHere map[int]bool, sheet template.HTML) *Part {
	p := &Part{View: g.View(), Table: atTable, Sheet: sheet}
	if legal := g.Choices(); len(legal) > 0 {
		p.Example = legal[0].Move
	}
	p.Lead, p.Offers = offers(g.Buttons())
	if p.Over {
		p.Turn = "The game is over."
	} else {
		p.Turn = "Next: " + p.Hint
	}
	if e, ok := g.EventAt(g.LatestMove()); ok {
		p.Undoes = g.Describe(e)
	}
	rounds := g.Waiting()
	for i := len(rounds) - 1; i >= 0 && len(p.Waiting) < maxWaiting; i-- {
		p.Waiting = append(p.Waiting, Waiting{rounds[i], enteredHere[rounds[i].Round]})
	}
	p.Recent = g.Latest(recent)
	return p
}

// Write draws data, a Part or a face's view that embeds one, as the part.
func Write(w io.Writer, data any) error {
	return parsed().ExecuteTemplate(w, "now", data)
}

// moveButton is a button that records a move in a game, after the event the page shows.
type moveButton struct {
	Game, Last int64
	Move, Text string
}

// button is a moveButton, for a template to pass on to the one that writes it.
func button(game, last int64, move, text string) moveButton {
	return moveButton{Game: game, Last: last, Move: move, Text: text}
}

// Refusal is a move the referee refused, as the page says so: why, by which rules, what would
// do instead, and, when the refusal has flags and the caller may record, the move offered again
// forced (it happened at the table) after the event Last.
type Refusal struct {
	Game, Last    int64
	Message, Hint string
	Flags         []play.Flag
	Tried         string
	Table         bool
}

// WriteRefusal draws r as the page draws a refusal.
func WriteRefusal(w io.Writer, r *Refusal) error {
	return parsed().ExecuteTemplate(w, "refusal", r)
}
