package tournament

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tableside/tableside/referee/kinds"
)

// maxPlayers is the most players a round pairs: the largest open Swiss, paired at tables of 2
// in under a second on one core, and at larger tables within the search's budget.
const maxPlayers = 5000

// unitsPerPoint is how finely points are kept: every place T8 gives at a table of up to six,
// and the mean of any places shared, is a whole number of 120ths.
const unitsPerPoint = 120

// ErrInput is wrapped by every error about an input that breaks the contract.
var ErrInput = errors.New("the pairing's input")

func inputError(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInput, fmt.Sprintf(format, args...))
}

// competitor is a player of the round as the pairing reads them.
type competitor struct {
	Player
	rank   int   // place in the standings order, from 0
	units  int64 // points, in 120ths
	met    map[string]int
	firsts int
	// metRanks holds a bit for each player present met, by rank: the seating's searches ask
	// whether two have met millions of times in a large field.
	metRanks []uint64
}

// hasMet reports whether p and q, both present, have met.
func (p *competitor) hasMet(q *competitor) bool { return p.metRanks[q.rank>>6]&(1<<(q.rank&63)) != 0 }

// round is an input read and checked.
type round struct {
	Input
	players []*competitor // in standings order
	byName  map[string]*competitor
	budget  int // the local search's steps left (searchSteps)
	// apart holds the pairs who must not meet (T13), each by its names in order; keepApart
	// leaves them out of the matching's edges.
	apart     map[[2]string]bool
	keepApart bool
}

// mustNotMeet reports whether p and q are a pair who must not meet (T13).
func (r *round) mustNotMeet(p, q *competitor) bool { return r.apart[pairKey(p.Name, q.Name)] }

// pairKey is a pair of names in order.
func pairKey(a, b string) [2]string {
	if b < a {
		a, b = b, a
	}
	return [2]string{a, b}
}

// Pair computes the pairing of in's round by T1–T9 and the project's rulings (docs/rules.md).
// An input that breaks the contract is refused with an error wrapping ErrInput.
func Pair(in Input) (Output, error) {
	r, err := read(in)
	if err != nil {
		return Output{}, err
	}
	return r.pair()
}

// pair pairs a round read.
func (r *round) pair() (Output, error) {
	var (
		out Output
		err error
	)
	switch {
	case r.Format == RoundRobin:
		out, err = r.roundRobin()
	case r.TableSize == 2:
		out, err = r.pairs()
	default:
		out = r.tables()
	}
	if err != nil {
		return Output{}, err
	}
	out.Round = r.Round
	if r.Format == RoundRobin || r.TableSize > 2 {
		out.GaveWay = append(out.GaveWay, r.apartSeated(out)...)
	}
	out.GaveWay = append(out.GaveWay, r.keepTables(&out)...)
	if out.Tables == nil {
		out.Tables = []Table{}
	}
	if out.Byes == nil {
		out.Byes = []string{}
	}
	return out, nil
}

// shape checks what a tournament's settings decide of an input (its kind, format and table
// size), the same for every round; it fills in a two-player kind's table size when none is
// given.
func shape(in *Input) error {
	rules, ok := kinds.All()[in.Kind]
	if !ok {
		return inputError("no kind %q (kinds: %s)", in.Kind, strings.Join(kindNames(), ", "))
	}
	least, most := rules.Players()
	if in.TableSize == 0 && most == 2 {
		in.TableSize = 2
	}
	switch {
	case in.TableSize < max(least, 2) || in.TableSize > most:
		if least == most {
			return inputError("table_size %d: %s is played at tables of %d", in.TableSize, in.Kind, most)
		}
		return inputError("table_size %d: %s is played at tables of %d to %d", in.TableSize, in.Kind, max(least, 2), most)
	case in.Format != Swiss && in.Format != RoundRobin && in.Format != Rotation:
		return inputError("format %q: it is %s, %s or %s", in.Format, Swiss, RoundRobin, Rotation)
	case in.Format == RoundRobin && in.TableSize != 2:
		return inputError("a round robin is played at tables of 2, not %d", in.TableSize)
	case in.Format == Rotation && most == 2:
		return inputError("%s is played by two: a rotation is for the kinds played at larger tables", in.Kind)
	}
	return nil
}

// read checks in against the contract and reads it into a round.
func read(in Input) (*round, error) {
	if err := shape(&in); err != nil {
		return nil, err
	}
	switch {
	case in.Round < 1:
		return nil, inputError("round %d: rounds are numbered from 1", in.Round)
	case len(in.Players) < 2:
		return nil, inputError("%d players present: a round needs 2 at least", len(in.Players))
	case len(in.Players) > maxPlayers:
		return nil, inputError("%d players present: a round pairs %d at most", len(in.Players), maxPlayers)
	}
	r := &round{Input: in, byName: map[string]*competitor{}, budget: searchSteps}
	dropped := map[string]bool{}
	for i, name := range in.Dropped {
		if err := checkText(fmt.Sprintf("dropped[%d]", i), name); err != nil {
			return nil, err
		}
		dropped[name] = true
	}
	away := map[string]bool{}
	for i, name := range in.Away {
		if err := checkText(fmt.Sprintf("away[%d]", i), name); err != nil {
			return nil, err
		}
		if dropped[name] {
			return nil, inputError("%s is away and has dropped", name)
		}
		away[name] = true
	}
	for i, p := range in.Players {
		if err := checkText(fmt.Sprintf("players[%d].name", i), p.Name); err != nil {
			return nil, err
		}
		switch {
		case strings.TrimSpace(p.Name) == "":
			return nil, inputError("player %d has no name", i+1)
		case r.byName[p.Name] != nil:
			return nil, inputError("%s is named twice", p.Name)
		case dropped[p.Name]:
			return nil, inputError("%s is present and has dropped", p.Name)
		case away[p.Name]:
			return nil, inputError("%s is paired and away", p.Name)
		case p.Byes < 0:
			return nil, inputError("%s has %d byes", p.Name, p.Byes)
		case p.Points < 0 || math.IsNaN(p.Points) || p.Points > 1e9:
			return nil, inputError("%s has %v points", p.Name, p.Points)
		}
		units := math.Round(p.Points * unitsPerPoint)
		if math.Abs(units/unitsPerPoint-p.Points) > 1e-6 {
			return nil, inputError("%s has %v points: points are whole 120ths of a point (T8)", p.Name, p.Points)
		}
		e := &competitor{Player: p, units: int64(units), met: map[string]int{}}
		for _, f := range p.First {
			if f {
				e.firsts++
			}
		}
		r.byName[p.Name] = e
		r.players = append(r.players, e)
	}
	for i, e := range r.players {
		for j, o := range e.Opponents {
			if err := checkText(fmt.Sprintf("players[%d].opponents[%d]", i, j), o); err != nil {
				return nil, err
			}
			switch {
			case o == e.Name:
				return nil, inputError("%s is named among their own opponents", o)
			case r.byName[o] == nil && !dropped[o] && !away[o]:
				return nil, inputError("%s's opponent %s is neither a player nor one who dropped or is away", e.Name, o)
			}
			e.met[o]++
		}
	}
	// A meeting is one of both players' nights: a list that disagrees with another is a
	// mistake, and the searches count on both telling it alike.
	for _, e := range r.players {
		for _, o := range e.Opponents {
			if q := r.byName[o]; q != nil && q.met[e.Name] != e.met[o] {
				return nil, inputError("%s lists %s among their opponents %s, and %s lists %s %s: a meeting is listed by both",
					e.Name, o, timesWord(e.met[o]),
					o, e.Name, timesWord(q.met[e.Name]))
			}
		}
	}
	r.apart = map[[2]string]bool{}
	for i, pq := range in.Apart {
		for _, name := range pq {
			if r.byName[name] == nil && !dropped[name] && !away[name] {
				return nil, inputError("apart[%d]: %s is neither a player nor one who dropped or is away", i, name)
			}
		}
		if pq[0] == pq[1] {
			return nil, inputError("apart[%d]: %s is kept apart from themselves", i, pq[0])
		}
		r.apart[pairKey(pq[0], pq[1])] = true
	}
	for i, k := range in.Keep {
		switch {
		case r.byName[k.Player] == nil:
			return nil, inputError("keep[%d]: %s is not a player of the round", i, k.Player)
		case k.Table < 1:
			return nil, inputError("keep[%d]: %s keeps table %d: tables are numbered from 1", i, k.Player, k.Table)
		}
	}
	// The standings order: points, then the list's order (docs/rules.md).
	slices.SortStableFunc(r.players, func(a, b *competitor) int { return -cmpInt64(a.units, b.units) })
	for i, e := range r.players {
		e.rank = i
	}
	for _, e := range r.players {
		e.metRanks = make([]uint64, (len(r.players)+63)/64)
		for o := range e.met {
			if q := r.byName[o]; q != nil {
				e.metRanks[q.rank>>6] |= 1 << (q.rank & 63)
			}
		}
	}
	return r, nil
}

// checkText refuses a name that is not printable text, naming its field as the JSON input
// has it: bytes that are no UTF-8 character, or a control character such as NUL, could not be
// typed again, nor written out as they came.
func checkText(field, name string) error {
	if !utf8.ValidString(name) {
		return inputError("%s %q is not UTF-8 text: bytes that are no character cannot be kept or written back out", field, name)
	}
	if i := strings.IndexFunc(name, unicode.IsControl); i >= 0 {
		c, _ := utf8.DecodeRuneInString(name[i:])
		return inputError("%s %q holds a control character (%U): a name is printable text", field, name, c)
	}
	return nil
}

// timesWord says how many times: "never", "once", "2 times".
func timesWord(n int) string {
	switch n {
	case 0:
		return "never"
	case 1:
		return "once"
	}
	return fmt.Sprintf("%d times", n)
}

func kindNames() []string { return slices.Sorted(maps.Keys(kinds.All())) }

func cmpInt64(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// names are the names of players, in their order.
func names(ps []*competitor) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Name
	}
	return out
}

// keepTables seats each player who must keep a table at it (T13), in the order the input
// lists them, by swapping table numbers: who meets whom never changes. A table another kept
// player holds, or one the round does not have, gives way, and the output says so.
func (r *round) keepTables(out *Output) []string {
	var gaveWay []string
	held := map[int]string{}
	for _, k := range r.Keep {
		at := slices.IndexFunc(out.Tables, func(t Table) bool { return slices.Contains(t.Players, k.Player) })
		switch {
		case at < 0:
			gaveWay = append(gaveWay, fmt.Sprintf("%s keeps no table, having the bye (T13 gives way to T3)", k.Player))
		case k.Table > len(out.Tables):
			gaveWay = append(gaveWay, fmt.Sprintf("%s keeps no table %d: the round has %d (T13 gives way to T2)", k.Player, k.Table, len(out.Tables)))
		case held[out.Tables[at].Table] != "" && out.Tables[at].Table != k.Table:
			gaveWay = append(gaveWay, fmt.Sprintf("%s keeps no table %d: %s, at the same table, keeps table %d (T13)", k.Player, k.Table, held[out.Tables[at].Table], out.Tables[at].Table))
		case held[k.Table] != "" && held[k.Table] != k.Player:
			gaveWay = append(gaveWay, fmt.Sprintf("%s keeps no table %d: %s keeps it (T13)", k.Player, k.Table, held[k.Table]))
		default:
			to := k.Table - 1
			out.Tables[at].Table, out.Tables[to].Table = out.Tables[to].Table, out.Tables[at].Table
			out.Tables[at], out.Tables[to] = out.Tables[to], out.Tables[at]
			held[k.Table] = k.Player
		}
	}
	return gaveWay
}

// apartSeated says which pairs who must not meet a round robin's row, or a seating at larger
// tables, seats together (T13): the row is Berger's (T4), and the seating keeps the fewest
// repeat pairs (T6) without weighing T13.
func (r *round) apartSeated(out Output) []string {
	why := "a round robin's row of Berger's tables pairs them (T4)"
	if r.Format != RoundRobin {
		why = "no seating the search found with as few repeat pairs (T6) keeps them apart"
	}
	var gaveWay []string
	for _, t := range out.Tables {
		for i, p := range t.Players {
			for _, q := range t.Players[i+1:] {
				if r.apart[pairKey(p, q)] {
					gaveWay = append(gaveWay, fmt.Sprintf("%s and %s meet though they must not (T13): %s", p, q, why))
				}
			}
		}
	}
	return gaveWay
}
