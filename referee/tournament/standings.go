package tournament

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tableside/tableside/scoring"
)

// The tie-breaks a tournament may choose before round 1, applied in the order chosen
// (docs/rules.md, "Tournaments: standings").
const (
	Buchholz        = "buchholz"
	BuchholzCut1    = "buchholz-cut1"
	SonnebornBerger = "sonneborn-berger"
	GameScores      = "game-scores"
	Direct          = "direct"
	Rating          = "rating"
)

// TieBreaks lists the tie-breaks there are.
var TieBreaks = []string{Buchholz, BuchholzCut1, SonnebornBerger, GameScores, Direct, Rating}

// Lot is the last tie-break of a closed tournament (T15), never chosen: the lot drawn from the
// seed when it closes parts players equal on points and every chosen tie-break. Its value is
// the player's number in the draw, 1 first.
const Lot = "lot"

// Result is one table of one round as it ended: its players and their places, from 1, where
// equal places are shared; and each player's total on the game's own sheet.
type Result struct {
	Round   int      `json:"round,omitempty"`
	Players []string `json:"players"`
	Places  []int    `json:"places"`
	Scores  []int    `json:"scores"`
	// Absent is how many were seated at the table and did not come (T10): they take its last
	// places, so that the others score as at the table seated, and are met by no one.
	Absent int `json:"absent,omitempty"`
}

// ResultOf is a game's result as the standings count it: the sides' places (the one rule,
// scoring.SidesOf), each player's place at the table counted in players, so that a place a
// party or a tie shares spans as many places as it has players (T8: "shared places share
// their points"); and each player's own total. Players are in seating order.
func ResultOf(round int, s *scoring.Sheet) Result {
	sides := s.Sides()
	placeOf := map[string]int{}
	for _, sd := range sides {
		place := 1
		for _, o := range sides {
			if o.Place < sd.Place {
				place += len(o.Players)
			}
		}
		for _, p := range sd.Players {
			placeOf[p] = place
		}
	}
	r := Result{Round: round, Players: slices.Clone(s.Players)}
	for _, p := range r.Players {
		r.Places = append(r.Places, placeOf[p])
		r.Scores = append(r.Scores, s.Totals[p])
	}
	return r
}

// Bye is a round a player sat out, scoring as a win (T3).
type Bye struct {
	Round  int
	Player string
	// Kind is the kind of round the player did not play: "" for the pairing bye (T3, a win),
	// or ByeAsked, ForfeitWon, ForfeitLost. Each counts as unplayed in the tie-breaks (T12).
	Kind string `json:"kind,omitempty"`
	// Half says a bye asked for scores ½ (T11); otherwise it scores 0.
	Half bool `json:"half,omitempty"`
}

// The kinds of unplayed round besides the pairing bye.
const (
	ByeAsked    = "asked"        // a bye the player asked for before the round was paired (T11)
	ForfeitWon  = "forfeit-won"  // the opponent did not come (T10)
	ForfeitLost = "forfeit-lost" // the player did not come (T10)
)

// units is what an unplayed round scores, in 120ths of a point.
func (b Bye) units() int64 {
	switch {
	case b.Kind == "" || b.Kind == ForfeitWon:
		return unitsPerPoint
	case b.Kind == ByeAsked && b.Half:
		return unitsPerPoint / 2
	}
	return 0
}

// Standing is one player's line of the standings: their place (shared when every criterion
// ties), points, and each tie-break chosen, in points as exactly as they are kept.
type Standing struct {
	Place     int                `json:"place"`
	Name      string             `json:"name"`
	Points    float64            `json:"points"`
	TieBreaks map[string]float64 `json:"tie_breaks"`
	Games     int                `json:"games"`
	Byes      int                `json:"byes"`
	// Unplayed counts the byes asked for and the forfeits, won or lost (T10, T11).
	Unplayed int `json:"unplayed,omitempty"`
}

// pointsOfPlace is what a place at a table of size players scores by T8, in 120ths: a win 1,
// a draw ½ and a loss 0 at a table of 2; at a larger table the first 1, the last 0 and the
// places between evenly spaced; shared places share their points. places holds every
// player's place at the table.
// PointsOfPlace is what place scores at a table whose players placed as places (T8), in
// points, as the standings count it.
func PointsOfPlace(place int, places []int) float64 {
	return float64(pointsOfPlace(place, places)) / unitsPerPoint
}

func pointsOfPlace(place int, places []int) int64 {
	n := len(places)
	if n < 2 {
		return unitsPerPoint
	}
	// The places a shared place spans: from place to place+shared−1.
	shared := 0
	for _, p := range places {
		if p == place {
			shared++
		}
	}
	var sum int64
	for p := place; p < place+shared; p++ {
		sum += int64(n-p) * unitsPerPoint / int64(n-1)
	}
	return sum / int64(shared)
}

// seatedPlaces is every place at r's table as seated: its players', and the absent's after
// them (T10).
func seatedPlaces(r Result) []int {
	places := slices.Clone(r.Places)
	for range r.Absent {
		places = append(places, len(r.Players)+1)
	}
	return places
}

// tally is one player's night, as the standings sum it.
type tally struct {
	Entrant
	order  int // place in the entrants' list: the last tie-break
	units  int64
	games  int
	byes   int // the pairing's (T3)
	others int // the byes asked for and the forfeits (T10, T11)
	// unplayed counts the rounds not played: every bye and forfeit, and the rounds before a
	// late arrival (T12).
	unplayed int
	score    int64
	met      []meeting
	breaks   map[string]int64
}

// meeting is one opponent met: at a table of more, each other player at it.
type meeting struct {
	opponent string
	// result is this player's result against them, in 120ths of a win: beaten 120, a shared
	// place 60, beaten by them 0.
	result int64
}

// Standings ranks a tournament's entrants after the rounds whose results are given: by
// points (T8), then the tie-breaks in the order given, then, once the tournament closed, the
// lot its entrants drew (T15); players equal on all of them share a place and are listed in
// the entrants' order. A bye counts as a win.
func Standings(entrants []Entrant, results []Result, byes []Bye, tieBreaks []string) ([]Standing, error) {
	tallies := make([]*tally, len(entrants))
	byName := map[string]*tally{}
	for i, e := range entrants {
		if byName[e.Name] != nil {
			return nil, fmt.Errorf("%s is entered twice", e.Name)
		}
		tallies[i] = &tally{Entrant: e, order: i, breaks: map[string]int64{}}
		byName[e.Name] = tallies[i]
	}
	for _, tb := range tieBreaks {
		if !slices.Contains(TieBreaks, tb) {
			return nil, fmt.Errorf("tie-break %q: it is one of %s", tb, strings.Join(TieBreaks, ", "))
		}
	}
	for _, r := range results {
		if len(r.Places) != len(r.Players) || len(r.Scores) != len(r.Players) {
			return nil, fmt.Errorf("round %d: a table of %d players with %d places and %d scores", r.Round, len(r.Players), len(r.Places), len(r.Scores))
		}
		for i, name := range r.Players {
			t := byName[name]
			if t == nil {
				return nil, fmt.Errorf("round %d: %s is not entered", r.Round, name)
			}
			t.units += pointsOfPlace(r.Places[i], seatedPlaces(r))
			t.games++
			t.score += int64(r.Scores[i])
			for j, other := range r.Players {
				if j == i {
					continue
				}
				var result int64
				switch {
				case r.Places[i] < r.Places[j]:
					result = unitsPerPoint
				case r.Places[i] == r.Places[j]:
					result = unitsPerPoint / 2
				}
				t.met = append(t.met, meeting{other, result})
			}
		}
	}
	last := 0 // the latest round counted
	for _, r := range results {
		last = max(last, r.Round)
	}
	for _, b := range byes {
		t := byName[b.Player]
		if t == nil {
			return nil, fmt.Errorf("round %d: %s has the bye and is not entered", b.Round, b.Player)
		}
		t.units += b.units()
		t.unplayed++
		if b.Kind == "" {
			t.byes++
		} else {
			t.others++
		}
		last = max(last, b.Round)
	}
	// The rounds a late arrival missed are unplayed too (T12), each scoring nothing.
	for _, t := range tallies {
		t.unplayed += max(0, min(t.Arrived-1, last))
	}
	for _, t := range tallies {
		t.breaks[GameScores] = t.score
		t.breaks[Rating] = int64(t.Rating)
		// Buchholz sums the points of everyone met; a round not played (a bye of either kind, a
		// forfeit, a round before a late arrival) is a meeting with an opponent of the player's
		// own points, as FIDE counts it (T12), and is the first that cut-1 cuts.
		var contributions []int64
		for _, m := range t.met {
			contributions = append(contributions, byName[m.opponent].units)
			t.breaks[SonnebornBerger] += m.result * byName[m.opponent].units // in 120ths of 120ths
		}
		for range t.unplayed {
			contributions = append(contributions, t.units)
		}
		for _, c := range contributions {
			t.breaks[Buchholz] += c
		}
		t.breaks[BuchholzCut1] = t.breaks[Buchholz]
		switch {
		case t.unplayed > 0:
			t.breaks[BuchholzCut1] -= t.units
		case len(contributions) > 0:
			t.breaks[BuchholzCut1] -= slices.Min(contributions)
		}
	}
	for _, t := range tallies {
		if t.Lot > 0 {
			t.breaks[Lot] = int64(len(tallies) + 1 - t.Lot) // the first drawn is the best
			if !slices.Contains(tieBreaks, Lot) {
				tieBreaks = append(slices.Clip(tieBreaks), Lot)
			}
		}
	}
	ranked := slices.Clone(tallies)
	// Direct encounter is decided among a group tied on everything before it, so the ranking
	// is made criterion by criterion: each sorts within the groups the ones before left tied.
	groups := [][]*tally{ranked}
	criteria := append([]string{"points"}, tieBreaks...)
	for _, c := range criteria {
		var next [][]*tally
		for _, g := range groups {
			next = append(next, splitBy(g, c)...)
		}
		groups = next
	}
	var out []Standing
	place := 1
	for _, g := range groups {
		slices.SortFunc(g, func(a, b *tally) int { return a.order - b.order })
		for _, t := range g {
			s := Standing{Place: place, Name: t.Name, Points: float64(t.units) / unitsPerPoint,
				TieBreaks: map[string]float64{}, Games: t.games, Byes: t.byes, Unplayed: t.others}
			for _, tb := range tieBreaks {
				s.TieBreaks[tb] = t.shown(tb)
			}
			out = append(out, s)
		}
		place += len(g)
	}
	return out, nil
}

// shown is a tie-break's value as the standings show it: points where it counts points.
func (t *tally) shown(tb string) float64 {
	switch tb {
	case GameScores, Rating:
		return float64(t.breaks[tb])
	case Lot:
		return float64(t.Lot)
	case SonnebornBerger:
		return float64(t.breaks[tb]) / (unitsPerPoint * unitsPerPoint)
	}
	return float64(t.breaks[tb]) / unitsPerPoint
}

// splitBy sorts a tied group by criterion c, best first, and splits it where c differs.
func splitBy(g []*tally, c string) [][]*tally {
	value := func(t *tally) int64 {
		if c == "points" {
			return t.units
		}
		return t.breaks[c]
	}
	if c == Direct {
		// The points each scored against the others of the group, when every pair of it met;
		// otherwise the group stays tied.
		members := map[string]bool{}
		for _, t := range g {
			members[t.Name] = true
		}
		for _, t := range g {
			met := map[string]bool{}
			var sum int64
			for _, m := range t.met {
				if members[m.opponent] {
					met[m.opponent] = true
					sum += m.result
				}
			}
			if len(met) != len(g)-1 {
				for _, u := range g {
					u.breaks[Direct] = 0
				}
				return [][]*tally{g}
			}
			t.breaks[Direct] = sum
		}
	}
	slices.SortStableFunc(g, func(a, b *tally) int { return -cmpInt64(value(a), value(b)) })
	var out [][]*tally
	for start := 0; start < len(g); {
		end := start + 1
		for end < len(g) && value(g[end]) == value(g[start]) {
			end++
		}
		out = append(out, g[start:end])
		start = end
	}
	return out
}
