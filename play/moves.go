package play

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
)

// Hint says in words what may be played now: the line after a refusal, and the prompt's.
func (g *Game) Hint() string { return g.outcome.Game.Hint() }

// Over reports whether the game has reached its end.
func (g *Game) Over() bool { return g.outcome.Game.Over() }

// Legal lists the moves that may be made now, in the notation Record reads: Choices' moves,
// without their descriptions, which every view would otherwise pay for.
func (g *Game) Legal() []string { return slices.Clone(g.legal()) }

// workOutLegal is Legal, worked out.
func (g *Game) workOutLegal() []string {
	legal := []string{}
	for _, m := range g.outcome.Game.Legal() {
		legal = append(legal, g.outcome.Game.Notation(m))
	}
	return legal
}

// Choice is a legal move as a face offers it: the words Record reads, and what it says.
type Choice struct {
	Move  string // "ann play QS"
	Text  string // "ann plays Q♠"
	Actor string // who makes it: "ann", or "" for a move of the table's
	Type  string // what kind of move it is: "play"
	// Example marks a move the referee lists only as an example of what to type, such as
	// Capture's cards left: one of many the player chooses from, which a tap would choose for
	// them.
	Example bool
}

// Choices lists the moves that may be made now, in words and for people.
func (g *Game) Choices() []Choice { return slices.Clone(g.choices()) }

// workOutChoices is Choices, worked out.
func (g *Game) workOutChoices() []Choice {
	ex, _ := g.outcome.Game.(referee.Exampler)
	legal := g.outcome.Game.Legal()
	out := make([]Choice, len(legal))
	for i, m := range legal {
		out[i] = g.choice(m)
		out[i].Example = ex != nil && ex.Example(m)
	}
	return out
}

// choice is m as a face offers it.
func (g *Game) choice(m referee.Move) Choice {
	return Choice{Move: g.outcome.Game.Notation(m), Text: g.outcome.Game.Describe(m), Actor: m.Actor, Type: m.Type}
}

// raises is how many bids above the lowest a phone offers: an opening bid and the usual raises
// of one to five are one tap each, and a jump beyond them is typed.
const raises = 5

// Buttons are the legal moves as a phone offers them, one tap each. Two things make the
// referee's list awkward as buttons: a bid is one move whose number the player chooses, listed
// once at its lowest; and a move listed only as an example (Choice.Example) is the player's
// choice to type. So the examples are left out, and after a move whose last word is a number
// and which is the only listed move with its other words ("ann bid 10"), the next few values
// follow, each one Record would take now (Takes): the first it would not ends the run.
func (g *Game) Buttons() []Choice {
	var legal []Choice
	for _, c := range g.Choices() {
		if !c.Example {
			legal = append(legal, c)
		}
	}
	listed := map[string]int{}
	for _, c := range legal {
		words := strings.Fields(c.Move)
		listed[strings.Join(words[:len(words)-1], " ")]++
	}
	var out []Choice
	for _, c := range legal {
		out = append(out, c)
		words := strings.Fields(c.Move)
		last := len(words) - 1
		n, err := strconv.Atoi(words[last])
		if err != nil || listed[strings.Join(words[:last], " ")] > 1 {
			continue
		}
		for k := 1; k <= raises; k++ {
			words[last] = strconv.Itoa(n + k)
			m, err := g.outcome.Game.Parse(words)
			if err != nil {
				break
			}
			if _, _, err := g.Take(g.event(m), false); err != nil {
				break
			}
			out = append(out, g.choice(m))
		}
	}
	return out
}

// Takes reports whether Record would take, unforced, the move words make now: by the rule
// Record itself applies (Take), so that a face offers exactly the moves it will record.
func (g *Game) Takes(words []string) bool {
	m, err := g.outcome.Game.Parse(words)
	if err != nil {
		return false
	}
	_, _, err = g.Take(g.event(m), false)
	return err == nil
}

// ReadBack is the move words make now in the notation Record reads, as the game would write it
// back: how a face learns which spellings of a move the game takes.
func (g *Game) ReadBack(words []string) (string, error) {
	m, err := g.outcome.Game.Parse(words)
	if err != nil {
		return "", err
	}
	return g.outcome.Game.Notation(m), nil
}

// MoveOf is the notation that records e, a move stored in a log of this game (another copy
// of it), again at g's end: how a phone sends again the moves a server restored from an
// older copy no longer holds. A correction or adjustment is no move a table records: Invalid.
func (g *Game) MoveOf(e Event) (string, error) {
	if !referee.IsMove(e.Type) {
		return "", &Error{Code: Invalid, Message: fmt.Sprintf("event %d is a %s, which the director records, not a table", e.Seq, e.Type)}
	}
	return g.outcome.Game.Notation(referee.Move{Type: e.Type, Actor: e.Actor, Payload: e.Payload}), nil
}

// event is m as the log's next event, for judging before it is stamped.
func (g *Game) event(m referee.Move) events.Event {
	return events.Event{Seq: g.last + 1, Type: m.Type, Actor: m.Actor, Payload: m.Payload}
}
