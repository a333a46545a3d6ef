package tournament

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tableside/tableside/referee"
)

// verbs are the moves the organiser types.
var verbs = []string{"arrive", "rate", "drop", "seat", "end", "release", "close", "tie-breaks", "bye", "forfeit", "apart", "keep", "here"}

// Parse implements referee.Game: the organiser's moves, as Grammar lists them.
func (n *Night) Parse(words []string) (referee.Move, error) {
	if len(words) == 0 {
		return referee.Move{}, referee.MoveErrorf("no move given (%s)", strings.Join(verbs, ", "))
	}
	for _, w := range words {
		if !utf8.ValidString(w) {
			return referee.Move{}, referee.MoveErrorf("%q is not text a name or a number can be written in", w)
		}
	}
	verb, args := strings.ToLower(words[0]), words[1:]
	want := func(count int, form string) error {
		if len(args) != count {
			return referee.MoveErrorf("%s takes %s", verb, form)
		}
		return nil
	}
	switch verb {
	case "arrive":
		if len(args) < 1 || len(args) > 2 {
			return referee.Move{}, referee.MoveErrorf("arrive takes a name and, if known, a rating: arrive eve 1500")
		}
		name, err := newName(args[0], wordsOf(n.settings.Game))
		if err != nil {
			return referee.Move{}, err
		}
		p := player{Player: name}
		if len(args) == 2 {
			if p.Rating, err = rating(args[1]); err != nil {
				return referee.Move{}, err
			}
		}
		return referee.NewMove(TypeArrive, "", p), nil
	case "rate":
		if err := want(2, "a name and a rating: rate ann 1500"); err != nil {
			return referee.Move{}, err
		}
		r, err := rating(args[1])
		if err != nil {
			return referee.Move{}, err
		}
		return referee.NewMove(TypeRate, "", player{Player: n.known(args[0]), Rating: r}), nil
	case "drop":
		if err := want(1, "a name: drop bob"); err != nil {
			return referee.Move{}, err
		}
		return referee.NewMove(TypeDrop, "", player{Player: n.known(args[0])}), nil
	case "seat":
		return n.parseSeat(args)
	case "end", "release":
		r, err := n.parseRound(verb, args)
		if err != nil {
			return referee.Move{}, err
		}
		typ := TypeEnd
		if verb == "release" {
			typ = TypeRelease
		}
		return referee.NewMove(typ, "", roundOf{r}), nil
	case "bye", "forfeit":
		if len(args) < 1 || len(args) > 2 {
			return referee.Move{}, referee.MoveErrorf("%s takes a name and, if not the %s round, a round: %s ann 3", verb, map[string]string{"bye": "next", "forfeit": "latest"}[verb], verb)
		}
		p := playerIn{Player: n.known(args[0]), Round: len(n.rounds) + 1}
		typ := TypeBye
		if verb == "forfeit" {
			typ, p.Round = TypeForfeit, len(n.rounds)
		}
		if len(args) == 2 {
			r, err := strconv.Atoi(args[1])
			if err != nil || r < 1 {
				return referee.Move{}, referee.MoveErrorf("round %q: rounds are numbered from 1", args[1])
			}
			p.Round = r
		}
		return referee.NewMove(typ, "", p), nil
	case "here":
		if err := want(1, "a name: here ann"); err != nil {
			return referee.Move{}, err
		}
		return referee.NewMove(TypeHere, "", player{Player: n.known(args[0])}), nil
	case "apart":
		if err := want(2, "two names: apart ann bob"); err != nil {
			return referee.Move{}, err
		}
		return referee.NewMove(TypeApart, "", apartOf{Players: [2]string{n.known(args[0]), n.known(args[1])}}), nil
	case "keep":
		if err := want(2, "a name and a table: keep ann 1"); err != nil {
			return referee.Move{}, err
		}
		t, err := strconv.Atoi(args[1])
		if err != nil || t < 1 {
			return referee.Move{}, referee.MoveErrorf("table %q: tables are numbered from 1", args[1])
		}
		return referee.NewMove(TypeKeep, "", Kept{Player: n.known(args[0]), Table: t}), nil
	case "tie-breaks", "tiebreaks":
		tbs, err := tieBreaksOf(strings.FieldsFunc(strings.Join(args, " "), func(r rune) bool { return r == ',' || r == ' ' }))
		if err != nil {
			return referee.Move{}, referee.MoveErrorf("tie-breaks: %v", err)
		}
		return referee.NewMove(TypeTieBreaks, "", tieBreaks{TieBreaks: tbs}), nil
	case "close":
		if err := want(0, "no word after it"); err != nil {
			return referee.Move{}, err
		}
		return referee.NewMove(TypeClose, "", struct{}{}), nil
	case "pair", "paired":
		return referee.Move{}, referee.MoveErrorf("%q is not typed: the organiser pairs a round (`tableside tournament pair`, or Pair round on the organiser's page)", words[0])
	}
	return referee.Move{}, referee.MoveErrorf("%q is not a move (%s)%s", words[0], strings.Join(verbs, ", "), referee.DidYouMean(words[0], verbs))
}

// known is the entrant name as stored, read in any case; a name no entrant has, as typed, for
// the referee to flag.
func (n *Night) known(name string) string {
	if e := n.entrant(name); e != nil {
		return e.Name
	}
	return name
}

// newName checks the name of an arrival as a setup checks its players', isWord saying which
// names would be read as something else.
func newName(name string, isWord func(string) bool) (string, error) {
	if err := referee.CheckPlayers([]string{name}, 1, 1, isWord); err != nil {
		var se *referee.SetupError
		if errors.As(err, &se) {
			return "", referee.MoveErrorf("%s", se.Message)
		}
		return "", referee.MoveErrorf("%v", err)
	}
	return name, nil
}

func rating(word string) (int, error) {
	r, err := strconv.Atoi(word)
	if err != nil || r < 0 {
		return 0, referee.MoveErrorf("rating %q: use a whole number from 0", word)
	}
	return r, nil
}

// parseRound reads end's or release's round: the latest paired when none is named.
func (n *Night) parseRound(verb string, args []string) (int, error) {
	switch {
	case len(args) > 1:
		return 0, referee.MoveErrorf("%s takes at most a round: %s 2", verb, verb)
	case len(args) == 1:
		r, err := strconv.Atoi(args[0])
		if err != nil || r < 1 {
			return 0, referee.MoveErrorf("round %q: rounds are numbered from 1", args[0])
		}
		return r, nil
	case len(n.rounds) == 0:
		return 0, referee.MoveErrorf("no round has been paired yet: there is nothing to %s", verb)
	}
	return len(n.rounds), nil
}

// parseSeat reads "ROUND ann-bob cy-dee … [bye eve …]".
func (n *Night) parseSeat(args []string) (referee.Move, error) {
	if len(args) < 2 {
		return referee.Move{}, referee.MoveErrorf("seat takes a round and its tables: seat 2 ann-bob cy-dee bye eve")
	}
	r, err := strconv.Atoi(args[0])
	if err != nil || r < 1 {
		return referee.Move{}, referee.MoveErrorf("round %q: rounds are numbered from 1", args[0])
	}
	s := Seat{Round: r, Tables: []Table{}, Byes: []string{}}
	byes := false
	for _, w := range args[1:] {
		switch {
		case strings.EqualFold(w, "bye"):
			if byes {
				return referee.Move{}, referee.MoveErrorf("\"bye\" twice: list every bye after one \"bye\"")
			}
			byes = true
		case byes:
			if strings.Contains(w, "-") {
				return referee.Move{}, referee.MoveErrorf("%q after \"bye\": the tables come before the byes", w)
			}
			s.Byes = append(s.Byes, n.known(w))
		default:
			names := strings.Split(w, "-")
			for i, name := range names {
				if name == "" {
					return referee.Move{}, referee.MoveErrorf("table %q: join its players' names with -, as ann-bob", w)
				}
				names[i] = n.known(name)
			}
			if len(names) < 2 {
				return referee.Move{}, referee.MoveErrorf("table %q seats one player: join its players' names with -, as ann-bob (or give %s the bye)", w, w)
			}
			s.Tables = append(s.Tables, Table{Table: len(s.Tables) + 1, Players: names, First: names[0]})
		}
	}
	if byes && len(s.Byes) == 0 {
		return referee.Move{}, referee.MoveErrorf("\"bye\" names nobody: bye eve")
	}
	return referee.NewMove(TypeSeat, "", s), nil
}

// Notation implements referee.Game. A paired move is written for reading, as "paired 2:
// ann-bob cy-dee bye eve": it is recorded by the application, never typed.
func (n *Night) Notation(m referee.Move) string {
	switch m.Type {
	case TypeArrive:
		var p player
		_ = json.Unmarshal(m.Payload, &p)
		if p.Rating != 0 {
			return fmt.Sprintf("arrive %s %d", p.Player, p.Rating)
		}
		return "arrive " + p.Player
	case TypeRate:
		var p player
		_ = json.Unmarshal(m.Payload, &p)
		return fmt.Sprintf("rate %s %d", p.Player, p.Rating)
	case TypeDrop:
		var p player
		_ = json.Unmarshal(m.Payload, &p)
		return "drop " + p.Player
	case TypeSeat:
		var s Seat
		_ = json.Unmarshal(m.Payload, &s)
		return fmt.Sprintf("seat %d %s", s.Round, seatingWords(s.Tables, s.Byes))
	case TypePaired:
		var p Paired
		_ = json.Unmarshal(m.Payload, &p)
		return fmt.Sprintf("paired %d: %s", p.Round, seatingWords(p.Output.Tables, p.Output.Byes))
	case TypeEnd, TypeRelease:
		var r roundOf
		_ = json.Unmarshal(m.Payload, &r)
		return fmt.Sprintf("%s %d", strings.TrimPrefix(m.Type, Kind+"."), r.Round)
	case TypeClose:
		return "close"
	case TypeTieBreaks:
		var tb tieBreaks
		_ = json.Unmarshal(m.Payload, &tb)
		return "tie-breaks " + strings.Join(tb.TieBreaks, ",")
	case TypeBye, TypeForfeit:
		var p playerIn
		_ = json.Unmarshal(m.Payload, &p)
		return fmt.Sprintf("%s %s %d", strings.TrimPrefix(m.Type, Kind+"."), p.Player, p.Round)
	case TypeHere:
		var p player
		_ = json.Unmarshal(m.Payload, &p)
		return "here " + p.Player
	case TypeApart:
		var a apartOf
		_ = json.Unmarshal(m.Payload, &a)
		return "apart " + a.Players[0] + " " + a.Players[1]
	case TypeKeep:
		var k Kept
		_ = json.Unmarshal(m.Payload, &k)
		return fmt.Sprintf("keep %s %d", k.Player, k.Table)
	}
	return m.Type
}

// tieBreaks is the payload of a choice of tie-breaks.
type tieBreaks struct {
	TieBreaks []string `json:"tie_breaks"`
}

// tieBreaksOf checks a choice of tie-breaks: at least one, each known, none twice.
func tieBreaksOf(names []string) ([]string, error) {
	if len(names) == 0 {
		return nil, fmt.Errorf("name at least one of %s", strings.Join(TieBreaks, ", "))
	}
	out := make([]string, len(names))
	for i, name := range names {
		name = strings.ToLower(name)
		switch {
		case !slices.Contains(TieBreaks, name):
			return nil, fmt.Errorf("%q is not a tie-break (%s)%s", name, strings.Join(TieBreaks, ", "), referee.DidYouMean(name, TieBreaks))
		case slices.Contains(out[:i], name):
			return nil, fmt.Errorf("%s is named twice", name)
		}
		out[i] = name
	}
	return out, nil
}

// seatingWords writes tables and byes as seat types them; each table's first player first.
func seatingWords(ts []Table, byes []string) string {
	firstFirst := make([]Table, len(ts))
	for i, t := range ts {
		firstFirst[i] = Table{Table: t.Table, Players: firstSeated(t.Players, t.First)}
	}
	s := tablesWords(firstFirst)
	if len(byes) > 0 {
		s += " bye " + strings.Join(byes, " ")
	}
	return s
}

// firstSeated is players with first's seat moved to the front. Only that one seat moves: a name
// seated twice (ann-ann, forced) is written twice, so the seating reads back as it was.
func firstSeated(players []string, first string) []string {
	at := slices.Index(players, first)
	if at < 0 {
		return players
	}
	return append([]string{first}, slices.Delete(slices.Clone(players), at, at+1)...)
}

// Describe implements referee.Game: a move a table's phone asked says which.
func (n *Night) Describe(m referee.Move) string {
	var by struct {
		By int `json:"by"`
	}
	_ = json.Unmarshal(m.Payload, &by)
	if by.By > 0 {
		return fmt.Sprintf("%s (asked at table %d)", n.describe(m), by.By)
	}
	return n.describe(m)
}

// describe is a move in words, whoever asked it.
func (n *Night) describe(m referee.Move) string {
	var p player
	_ = json.Unmarshal(m.Payload, &p)
	switch m.Type {
	case TypeArrive:
		if p.Rating != 0 {
			return fmt.Sprintf("%s arrives (rating %d)", p.Player, p.Rating)
		}
		return p.Player + " arrives"
	case TypeRate:
		return fmt.Sprintf("%s is rated %d", p.Player, p.Rating)
	case TypeDrop:
		return p.Player + " drops out"
	case TypeSeat:
		var s Seat
		_ = json.Unmarshal(m.Payload, &s)
		return fmt.Sprintf("round %d seated by hand: %s", s.Round, describeSeating(s.Tables, s.Byes))
	case TypePaired:
		var pd Paired
		_ = json.Unmarshal(m.Payload, &pd)
		return fmt.Sprintf("round %d paired: %s", pd.Round, describeSeating(pd.Output.Tables, pd.Output.Byes))
	case TypeEnd:
		var r roundOf
		_ = json.Unmarshal(m.Payload, &r)
		return fmt.Sprintf("round %d ends", r.Round)
	case TypeRelease:
		var r roundOf
		_ = json.Unmarshal(m.Payload, &r)
		return fmt.Sprintf("round %d released: the next may be paired before every result is confirmed", r.Round)
	case TypeClose:
		return "the tournament closes"
	case TypeTieBreaks:
		var tb tieBreaks
		_ = json.Unmarshal(m.Payload, &tb)
		return "the tie-breaks are now " + strings.Join(tb.TieBreaks, ", ")
	case TypeBye:
		var p playerIn
		_ = json.Unmarshal(m.Payload, &p)
		return fmt.Sprintf("%s asks for a bye in round %d", p.Player, p.Round)
	case TypeForfeit:
		var p playerIn
		_ = json.Unmarshal(m.Payload, &p)
		return fmt.Sprintf("%s did not come to the table in round %d: lost by forfeit", p.Player, p.Round)
	case TypeHere:
		return p.Player + " is here"
	case TypeApart:
		var a apartOf
		_ = json.Unmarshal(m.Payload, &a)
		return fmt.Sprintf("%s and %s must not meet", a.Players[0], a.Players[1])
	case TypeKeep:
		var k Kept
		_ = json.Unmarshal(m.Payload, &k)
		return fmt.Sprintf("%s keeps table %d", k.Player, k.Table)
	}
	return m.Type
}

// describeSeating writes tables for people: "table 1 ann v bob (ann first); bye eve".
func describeSeating(ts []Table, byes []string) string {
	var parts []string
	for _, t := range ts {
		parts = append(parts, fmt.Sprintf("table %d %s (%s first)", t.Table, strings.Join(t.Players, " v "), t.First))
	}
	if len(byes) > 0 {
		parts = append(parts, "bye "+strings.Join(byes, ", "))
	}
	if len(parts) == 0 {
		return "nobody seated"
	}
	return strings.Join(parts, "; ")
}

// TableAsks is a move a table's phone asks for one of its players, table its number: here (a
// check-in before round 1), leave (not paired again: a drop) or bye (a bye asked for round,
// T11). The organiser sees who asked it, and may take it back.
func TableAsks(verb, name string, round, table int) (referee.Move, error) {
	switch verb {
	case "here":
		return referee.NewMove(TypeHere, "", player{Player: name, By: table}), nil
	case "leave":
		return referee.NewMove(TypeDrop, "", player{Player: name, By: table}), nil
	case "bye":
		return referee.NewMove(TypeBye, "", playerIn{Player: name, Round: round, By: table}), nil
	}
	return referee.Move{}, referee.MoveErrorf("%q is not what a table asks (here, leave, bye)", verb)
}
