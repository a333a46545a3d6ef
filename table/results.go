package table

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee/tournament"
	"github.com/tableside/tableside/scoring"
)

// A tournament's results file (docs/json.md, "A tournament's results file") is a line format in
// the spirit of the chess federations' TRF, for rating bodies and other programs: the
// tournament's settings and seal, then a line a player with every round, then a digest of the
// lines above it, so that a file edited after it was written is refused.
const resultsMagic = "TS1 tableside tournament results"

// ResultsFile writes v's results file, record naming the tournament log's seal (none when nil).
func (v *TournamentView) ResultsFile(record *scoring.Record) string {
	ct := v.Crosstable(record)
	var b strings.Builder
	line := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	line("%s", resultsMagic)
	line("NAME %s", v.Name)
	line("KIND %s", v.Kind)
	if v.Date != "" {
		line("DATE %s", v.Date)
	}
	line("FORMAT %s", v.Format)
	line("TABLESIZE %d", v.TableSize)
	line("ROUNDS %d", len(v.Played))
	line("TIEBREAKS %s", strings.Join(v.TieBreaks, ","))
	if record != nil {
		line("SEAL %s", record.Seal)
	}
	rating := map[string]int{}
	for _, e := range v.Entrants {
		rating[e.Name] = e.Rating
	}
	for i, row := range ct.Rows {
		fields := []string{"P", strconv.Itoa(row.Number), row.Name, strconv.Itoa(rating[row.Name]), strconv.FormatFloat(row.Points, 'f', -1, 64), strconv.Itoa(row.Place)}
		if lot := v.Standings[i].TieBreaks[tournament.Lot]; lot > 0 {
			fields = append(fields, fmt.Sprintf("L%d", int(lot)))
		}
		for _, c := range row.Cells {
			fields = append(fields, resultToken(c))
		}
		line("%s", strings.Join(fields, " "))
	}
	sum := sha256.Sum256([]byte(b.String()))
	line("DIGEST %s", hex.EncodeToString(sum[:]))
	return b.String()
}

// resultToken is a round of a player as the results file writes it: at a table of 2 the
// opponent's number, f or s (first or second), the result (1, = or 0; + or - a forfeit) and
// the sheet's score ("3f1:520"); at a larger table its number, the place of how many seated, the
// score ("t2.1/4:320"), or + and - a forfeit ("t2-"); U the pairing bye, H and Z a bye asked for of ½ and 0, * a game still
// in play, - a round not paired.
func resultToken(c scoring.CrossCell) string {
	side := map[bool]string{true: "f", false: "s"}[c.First]
	opponent := ""
	if len(c.Opponents) == 1 {
		opponent = strconv.Itoa(c.Opponents[0])
	}
	switch c.Kind {
	case "bye":
		return "U"
	case "asked":
		return map[bool]string{true: "H", false: "Z"}[c.Points > 0]
	case "forfeit-won", "forfeit-lost":
		result := map[bool]string{true: "+", false: "-"}[c.Kind == "forfeit-won"]
		if opponent == "" { // a larger table (T10)
			return fmt.Sprintf("t%d%s", c.Table, result)
		}
		return opponent + side + result
	case "playing":
		return "*"
	case "game":
		if c.Of > 2 {
			return fmt.Sprintf("t%d.%d/%d:%d", c.Table, c.Place, c.Of, c.Score)
		}
		result := map[float64]string{1: "1", 0.5: "=", 0: "0"}[c.Points]
		return fmt.Sprintf("%s%s%s:%d", opponent, side, result, c.Score)
	}
	return "-"
}

// ResultsRead is a results file read: its settings, and the standings its rounds make.
type ResultsRead struct {
	Name      string                `json:"name"`
	Kind      string                `json:"kind"`
	Seal      string                `json:"seal,omitempty"`
	Rounds    int                   `json:"rounds"`
	TieBreaks []string              `json:"tie_breaks"`
	Standings []tournament.Standing `json:"standings"`
}

var (
	pairToken  = regexp.MustCompile(`^(\d+)([fs])([10=+-])(?::(-?\d+))?$`)
	tableToken = regexp.MustCompile(`^t(\d+)\.(\d+)/(\d+):(-?\d+)$`)
	// tableForfeit is a forfeit at a larger table (T10): its number, + won or - lost.
	tableForfeit = regexp.MustCompile(`^t(\d+)([+-])$`)
)

// ReadResultsFile reads a tournament's results file and makes its standings again, as the
// tournament made them: a file whose digest does not match its lines (edited after it was
// written), or that breaks the format, is refused, naming the line.
func ReadResultsFile(r io.Reader) (*ResultsRead, error) {
	sc := bufio.NewScanner(io.LimitReader(r, maxPairingInput))
	sc.Buffer(make([]byte, 64<<10), maxPairingInput)
	var body strings.Builder
	out := &ResultsRead{}
	type playerLine struct {
		number int
		name   string
		tokens []string
		line   int
	}
	var players []playerLine
	var entrants []tournament.Entrant
	digest, n := "", 0
	bad := func(format string, args ...any) error {
		return play.Invalidf(nil, "", "the results file, line %d: %s", n, fmt.Sprintf(format, args...))
	}
	for sc.Scan() {
		n++
		text := sc.Text()
		if digest != "" {
			return nil, bad("a line after the digest")
		}
		if n == 1 && text != resultsMagic {
			return nil, bad("it is not a results file: its first line is not %q", resultsMagic)
		}
		word, rest, _ := strings.Cut(text, " ")
		if word == "DIGEST" {
			digest = rest
			continue
		}
		body.WriteString(text + "\n")
		switch word {
		case "NAME":
			out.Name = rest
		case "KIND":
			out.Kind = rest
		case "SEAL":
			out.Seal = rest
		case "ROUNDS":
			rounds, err := strconv.Atoi(rest)
			if err != nil || rounds < 0 {
				return nil, bad("ROUNDS %q is not a count", rest)
			}
			out.Rounds = rounds
		case "TIEBREAKS":
			out.TieBreaks = strings.Split(rest, ",")
		case "P":
			f := strings.Fields(rest)
			if len(f) < 5 {
				return nil, bad("a player's line is P NUMBER NAME RATING POINTS PLACE, then the rounds")
			}
			number, err1 := strconv.Atoi(f[0])
			rating, err2 := strconv.Atoi(f[2])
			if err1 != nil || err2 != nil || number != len(players)+1 {
				return nil, bad("player %q: the number and the rating are numbers, the players numbered 1 on", f[1])
			}
			e := tournament.Entrant{Name: f[1], Rating: rating, Number: number, Present: true, Arrived: 1}
			tokens := f[5:]
			if len(tokens) > 0 && strings.HasPrefix(tokens[0], "L") {
				lot, err := strconv.Atoi(tokens[0][1:])
				if err != nil || lot < 1 {
					return nil, bad("%s's lot %q is not a number from 1", e.Name, tokens[0])
				}
				e.Lot, tokens = lot, tokens[1:]
			}
			// A late arrival's first rounds are not paired: unplayed, they count in the
			// tie-breaks (T12), where a dropped player's last ones do not.
			for e.Arrived <= len(tokens) && tokens[e.Arrived-1] == "-" {
				e.Arrived++
			}
			if e.Arrived > len(tokens) {
				e.Arrived = 1
			}
			entrants = append(entrants, e)
			players = append(players, playerLine{number, e.Name, tokens, n})
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	sum := sha256.Sum256([]byte(body.String()))
	switch {
	case n == 0:
		return nil, play.Invalidf(nil, "", "no results file: give it on standard input")
	case digest == "":
		return nil, play.Invalidf(nil, "", "the results file has no DIGEST line: it is cut short")
	case digest != hex.EncodeToString(sum[:]):
		return nil, play.Invalidf(nil, "", "the results file was changed after it was written: its digest does not match its lines")
	}
	var results []tournament.Result
	var byes []tournament.Bye
	tables := map[[2]int]*tournament.Result{} // a larger table's result, by round and table
	seated := map[[2]int]int{}                // and how many were seated there
	for _, p := range players {
		if len(p.tokens) != out.Rounds {
			n = p.line
			return nil, bad("%s has %d rounds, not %d", p.name, len(p.tokens), out.Rounds)
		}
	}
	// answers is what the opponent's line must say of a round at a table of 2: the same
	// meeting, the other side, the other result.
	answers := map[string]string{"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}
	for _, p := range players {
		for i, tok := range p.tokens {
			round := i + 1
			switch {
			case tok == "U":
				byes = append(byes, tournament.Bye{Round: round, Player: p.name})
			case tok == "H" || tok == "Z":
				byes = append(byes, tournament.Bye{Round: round, Player: p.name, Kind: tournament.ByeAsked, Half: tok == "H"})
			case tok == "-" || tok == "*":
			case pairToken.MatchString(tok):
				m := pairToken.FindStringSubmatch(tok)
				opponent, _ := strconv.Atoi(m[1])
				if opponent < 1 || opponent > len(players) || opponent == p.number {
					n = p.line
					return nil, bad("%s meets number %d in round %d, who is not another player", p.name, opponent, round)
				}
				om := pairToken.FindStringSubmatch(players[opponent-1].tokens[i])
				if om == nil || om[1] != strconv.Itoa(p.number) || om[2] == m[2] || om[3] != answers[m[3]] {
					n = p.line
					return nil, bad("%s meets %s in round %d, and %s's line says otherwise", p.name, players[opponent-1].name, round, players[opponent-1].name)
				}
				switch m[3] {
				case "+":
					byes = append(byes, tournament.Bye{Round: round, Player: p.name, Kind: tournament.ForfeitWon})
				case "-":
					byes = append(byes, tournament.Bye{Round: round, Player: p.name, Kind: tournament.ForfeitLost})
				default:
					if opponent < p.number {
						continue // the pair's result is read once, from the first of the two listed
					}
					score, _ := strconv.Atoi(m[4])
					other, mine := 2, 1
					switch m[3] {
					case "0":
						mine, other = 2, 1
					case "=":
						other = 1
					}
					theirs, _ := strconv.Atoi(om[4])
					results = append(results, tournament.Result{Round: round, Players: []string{p.name, players[opponent-1].name},
						Places: []int{mine, other}, Scores: []int{score, theirs}})
				}
			case tableForfeit.MatchString(tok):
				kind := map[bool]string{true: tournament.ForfeitWon, false: tournament.ForfeitLost}[strings.HasSuffix(tok, "+")]
				byes = append(byes, tournament.Bye{Round: round, Player: p.name, Kind: kind})
			case tableToken.MatchString(tok):
				m := tableToken.FindStringSubmatch(tok)
				t, _ := strconv.Atoi(m[1])
				place, _ := strconv.Atoi(m[2])
				seats, _ := strconv.Atoi(m[3])
				score, _ := strconv.Atoi(m[4])
				key := [2]int{round, t}
				if tables[key] == nil {
					tables[key] = &tournament.Result{Round: round}
				}
				res := tables[key]
				res.Players, res.Places, res.Scores = append(res.Players, p.name), append(res.Places, place), append(res.Scores, score)
				seated[key] = max(seated[key], seats)
			default:
				n = p.line
				return nil, bad("%s's round %d, %q, is no result", p.name, round, tok)
			}
		}
	}
	keys := make([][2]int, 0, len(tables))
	for k := range tables {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b [2]int) int { return (a[0]-b[0])*1_000_000 + a[1] - b[1] })
	for _, k := range keys {
		// Those seated who did not come take the last places (T10).
		tables[k].Absent = max(0, seated[k]-len(tables[k].Players))
		results = append(results, *tables[k])
	}
	standings, err := tournament.Standings(entrants, results, byes, out.TieBreaks)
	if err != nil {
		return nil, play.Invalidf(err, "", "the results file: %v", err)
	}
	out.Standings = standings
	return out, nil
}
