package season

import (
	"cmp"
	"maps"
	"math"
	"slices"

	"github.com/tableside/tableside/scoring/rating"
)

// Method is how a kind's players are rated.
type Method string

// The rating methods.
const (
	// Glicko2 rates the kinds two play (Glickman's Glicko-2), a night a rating period.
	Glicko2 Method = "glicko-2"
	// WengLin rates the kinds three to six may play, shared places and parties included
	// (Weng and Lin's Bayesian approximation with the Plackett–Luce model, as OpenSkill has it),
	// a game at a time.
	WengLin Method = "weng-lin"
)

// Game is what the statistics need of one game that was played to its end.
type Game struct {
	ID   int64
	Kind string
	// Night is the day the game was played, YYYY-MM-DD: Glicko-2's rating period.
	Night   string
	Match   string
	Players []string
	// Teams are the sides of a game played in parties; nil when everyone plays alone.
	Teams   map[string][]string
	Totals  map[string]int
	Winners []string
	// Forced is set when a move was recorded over the referee's refusal; Flagged when the
	// referee flagged anything at all. Such games count, and are marked.
	Forced, Flagged bool
	// Drawn are the flags on the players' own moves, open or settled.
	Drawn []Drawn
}

// Drawn is a flag a player drew: the rule the move broke.
type Drawn struct {
	Player, Rule string
}

// Season gathers the statistics of games handed to it one at a time, in the order they were
// played. What it keeps grows with the players, never with the games: the latest results and a
// thinned rating history a player, totals and counts for the rest.
type Season struct {
	method func(kind string) Method
	kinds  map[string]*kind
	// Abandoned and Unfinished count the games left out.
	Abandoned, Unfinished int
}

// New starts a season; method says how each kind is rated.
func New(method func(kind string) Method) *Season {
	return &Season{method: method, kinds: map[string]*kind{}}
}

// kind is one kind's statistics so far.
type kind struct {
	name    string
	method  Method
	games   int
	players map[string]*player
	// night is the rating period under way (Glicko-2), and pending each player's games in it
	// against the ratings their opponents had when it began.
	night   string
	pending map[string][]rating.Outcome
}

// player is one player's figures in one kind.
type player struct {
	name                    string
	games, wins, placed     int
	total, best, worst      int
	margins, places         int
	flagged, forced, rated  int
	opponents               map[string]*Record
	flags                   map[string]int
	recent                  []Result // the latest, oldest first
	glicko                  rating.Glicko
	skill                   rating.Skill
	history                 []Point
	historyStep, historyCut int // thinning: keep every historyStep-th point once full
}

// Record is a player's results against one opponent: the games where they sat on different
// sides, and who finished higher.
type Record struct {
	Games int `json:"games"`
	Won   int `json:"won"`
	Lost  int `json:"lost"`
	Drawn int `json:"drawn"`
}

// Result is one game as a player's results list it.
type Result struct {
	Game  int64  `json:"game"`
	Night string `json:"night"`
	Match string `json:"match,omitempty"`
	Score int    `json:"score"`
	// Place is the player's side's place: 1 for the winners; equal totals share a place.
	Place     int      `json:"place"`
	Won       bool     `json:"won"`
	Opponents []string `json:"opponents"`
	Forced    bool     `json:"forced,omitempty"`
	Flagged   bool     `json:"flagged,omitempty"`
}

// Point is a player's rating at the end of a night they played.
type Point struct {
	Night  string  `json:"night"`
	Rating float64 `json:"rating"`
}

// The bounds on what is kept a player: results listed, and points of the rating history (when
// a history fills, every other point is let go and half as many kept from then on).
const (
	recentResults = 20
	historyPoints = 120
)

// LeaveOut counts a game that is not counted: abandoned, or still being played.
func (s *Season) LeaveOut(abandoned bool) {
	if abandoned {
		s.Abandoned++
	} else {
		s.Unfinished++
	}
}

// Add counts a finished game.
func (s *Season) Add(g Game) {
	k := s.kinds[g.Kind]
	if k == nil {
		k = &kind{name: g.Kind, method: s.method(g.Kind), players: map[string]*player{}, pending: map[string][]rating.Outcome{}}
		s.kinds[g.Kind] = k
	}
	k.games++
	sides := sidesOf(g)
	for i, sd := range sides {
		for _, name := range sd.members {
			p := k.player(name)
			p.count(g, sides, i, name)
		}
	}
	for _, d := range g.Drawn {
		if p := k.players[d.Player]; p != nil {
			p.flags[d.Rule]++
		}
	}
	if len(sides) > 1 {
		k.rate(g.Night, sides)
	}
}

func (k *kind) player(name string) *player {
	p := k.players[name]
	if p == nil {
		p = &player{name: name, opponents: map[string]*Record{}, flags: map[string]int{},
			glicko: rating.NewGlicko(), skill: rating.NewSkill(), historyStep: 1}
		k.players[name] = p
	}
	return p
}

// side is one side of a game: a party, or a player alone.
type side struct {
	members []string
	total   int
	won     bool
	place   int
}

// sidesOf seats a game's players in their sides, in seating order, and places each side: the
// winners first, the rest by their total (a party's is its members' sum), equal totals sharing a
// place.
func sidesOf(g Game) []side {
	var sides []side
	seen := map[string]bool{}
	for _, p := range g.Players {
		if seen[p] {
			continue
		}
		sd := side{members: []string{p}}
		for _, members := range g.Teams {
			if slices.Contains(members, p) {
				sd.members = members
			}
		}
		for _, m := range sd.members {
			seen[m] = true
			sd.total += g.Totals[m]
			sd.won = sd.won || slices.Contains(g.Winners, m)
		}
		sides = append(sides, sd)
	}
	winners := 0
	for _, sd := range sides {
		if sd.won {
			winners++
		}
	}
	for i := range sides {
		if sides[i].won {
			sides[i].place = 1
			continue
		}
		sides[i].place = winners + 1
		for _, o := range sides {
			if !o.won && o.total > sides[i].total {
				sides[i].place++
			}
		}
	}
	return sides
}

// count adds game g to p, who sat on sides[at].
func (p *player) count(g Game, sides []side, at int, name string) {
	mine := sides[at]
	score := g.Totals[name]
	if p.games == 0 || score > p.best {
		p.best = score
	}
	if p.games == 0 || score < p.worst {
		p.worst = score
	}
	p.games++
	p.total += score
	// A win is the player's own: a party's President wins, the party-mate does not (E8).
	won := slices.Contains(g.Winners, name)
	if won {
		p.wins++
	}
	if len(sides) >= 3 {
		p.placed++
		p.places += mine.place
	}
	if g.Forced {
		p.forced++
	}
	if g.Flagged {
		p.flagged++
	}
	var opponents []string
	best, opposed := 0, false
	for i, o := range sides {
		if i == at {
			continue
		}
		for _, m := range o.members {
			opponents = append(opponents, m)
			if t := g.Totals[m]; !opposed || t > best {
				best, opposed = t, true
			}
			r := p.opponents[m]
			if r == nil {
				r = &Record{}
				p.opponents[m] = r
			}
			r.Games++
			switch {
			case mine.place < o.place:
				r.Won++
			case mine.place > o.place:
				r.Lost++
			default:
				r.Drawn++
			}
		}
	}
	if opposed {
		p.margins += score - best
	}
	p.recent = append(p.recent, Result{Game: g.ID, Night: g.Night, Match: g.Match, Score: score, Place: mine.place,
		Won: won, Opponents: opponents, Forced: g.Forced, Flagged: g.Flagged})
	if len(p.recent) > recentResults {
		p.recent = slices.Delete(p.recent, 0, len(p.recent)-recentResults)
	}
}

// rate rates a game of the kind's players on sides.
func (k *kind) rate(night string, sides []side) {
	if k.method == Glicko2 {
		// A game of a night already rated (entered late) counts in the night under way: the
		// walk takes games in the order they were stored, and a rating is never taken back.
		if night > k.night {
			k.closeNight()
			k.night = night
		}
		for i, sd := range sides {
			for j, o := range sides {
				if i == j {
					continue
				}
				score := 0.5
				if sd.place < o.place {
					score = 1
				} else if sd.place > o.place {
					score = 0
				}
				for _, m := range sd.members {
					for _, om := range o.members {
						k.pending[m] = append(k.pending[m], rating.Outcome{Opponent: k.players[om].glicko, Score: score})
					}
				}
			}
		}
		return
	}
	teams := make([][]rating.Skill, len(sides))
	ranks := make([]int, len(sides))
	for i, sd := range sides {
		for _, m := range sd.members {
			teams[i] = append(teams[i], k.players[m].skill)
		}
		ranks[i] = sd.place
	}
	rated := rating.Rate(teams, ranks)
	for i, sd := range sides {
		for j, m := range sd.members {
			p := k.players[m]
			p.skill = rated[i][j]
			p.rated++
			p.mark(night, p.skill.Ordinal())
		}
	}
}

// closeNight ends the Glicko-2 rating period under way: every player of the kind is rated on
// the night's games, and one who sat out has only the deviation grow, as Glickman has it.
func (k *kind) closeNight() {
	if k.night == "" {
		return
	}
	for name, p := range k.players {
		played := k.pending[name]
		p.glicko = p.glicko.Period(played, rating.Tau)
		if len(played) > 0 {
			p.rated++
			p.mark(k.night, p.glicko.Rating)
		}
	}
	clear(k.pending)
}

// mark notes p's rating at the end of night in the history, keeping at most historyPoints: a
// full history lets every other point go, and keeps every other one from then on. A game of a
// night before the history's last (entered late) moves the last night's rating: the history
// stays in order of nights.
func (p *player) mark(night string, r float64) {
	if n := len(p.history); n > 0 && p.history[n-1].Night >= night {
		p.history[n-1].Rating = r
		return
	}
	p.historyCut++
	if p.historyCut < p.historyStep && len(p.history) > 0 {
		p.history[len(p.history)-1] = Point{night, r} // the latest stands for the skipped ones
		return
	}
	p.historyCut = 0
	p.history = append(p.history, Point{night, r})
	if len(p.history) >= historyPoints {
		kept := p.history[:0]
		for i := (len(p.history) - 1) % 2; i < len(p.history); i += 2 { // the latest is kept
			kept = append(kept, p.history[i])
		}
		p.history, p.historyStep = kept, p.historyStep*2
	}
}

// Report is the season's statistics: a public JSON contract (docs/json.md).
type Report struct {
	// Games is how many games were counted; Abandoned and Unfinished, how many were left out.
	Games     int `json:"games"`
	Abandoned int `json:"abandoned"`
	// Player is the player whose rows alone the report keeps (Of), when it keeps one's only.
	Player     string       `json:"player,omitempty"`
	Unfinished int          `json:"unfinished"`
	Kinds      []KindReport `json:"kinds"`
}

// KindReport is one kind's statistics.
type KindReport struct {
	Kind string `json:"kind"`
	// Title is the game's proper name ("Article II"), set by the caller, who knows the games.
	Title  string `json:"title,omitempty"`
	Method Method `json:"method"`
	Games  int    `json:"games"`
	// Players are the players' figures, by name; Ladder the same players by rating.
	Players    []Figures `json:"players"`
	Ladder     []Rated   `json:"ladder"`
	HeadToHead []Opposed `json:"head_to_head"`
	Flags      []FlagsBy `json:"flags"`
}

// Figures are one player's results in a kind.
type Figures struct {
	Player  string  `json:"player"`
	Games   int     `json:"games"`
	Wins    int     `json:"wins"`
	WinRate float64 `json:"win_rate"`
	Average float64 `json:"average"`
	Best    int     `json:"best"`
	Worst   int     `json:"worst"`
	// Margin is the average of the player's total less the best opponent's.
	Margin float64 `json:"margin"`
	// Place is the average place in games of three sides or more (Placed of them); nil when
	// there were none.
	Place  *float64 `json:"place"`
	Placed int      `json:"placed"`
	// Forced and Flagged count the player's games that had a forced move, or any flag.
	Forced  int      `json:"forced"`
	Flagged int      `json:"flagged"`
	Recent  []Result `json:"recent"`
}

// Rated is a player's place on the ladder. Rating is what the ladder is ordered by: the
// Glicko-2 rating, or Weng–Lin's ordinal (μ − 3σ, a rating the player is very likely above).
type Rated struct {
	Rank      int     `json:"rank"`
	Player    string  `json:"player"`
	Rating    float64 `json:"rating"`
	Deviation float64 `json:"deviation"` // Glicko-2's RD, or Weng–Lin's σ
	// Volatility is Glicko-2's σ; Mu Weng–Lin's μ.
	Volatility float64 `json:"volatility,omitempty"`
	Mu         float64 `json:"mu,omitempty"`
	// Rated is how many rating periods (Glicko-2) or games (Weng–Lin) moved the rating.
	Rated   int     `json:"rated"`
	History []Point `json:"history"`
}

// Opposed is a player's record against one opponent.
type Opposed struct {
	Player   string `json:"player"`
	Opponent string `json:"opponent"`
	Record
}

// FlagsBy is how many flags a player drew under one rule.
type FlagsBy struct {
	Player string `json:"player"`
	Rule   string `json:"rule"`
	Count  int    `json:"count"`
}

// Report is the season so far: the open rating period is closed first.
func (s *Season) Report() Report {
	r := Report{Abandoned: s.Abandoned, Unfinished: s.Unfinished, Kinds: []KindReport{}}
	for _, name := range slices.Sorted(maps.Keys(s.kinds)) {
		k := s.kinds[name]
		if k.method == Glicko2 {
			k.closeNight()
			k.night = ""
		}
		r.Games += k.games
		r.Kinds = append(r.Kinds, k.report())
	}
	return r
}

func (k *kind) report() KindReport {
	kr := KindReport{Kind: k.name, Method: k.method, Games: k.games, Players: []Figures{}, Ladder: []Rated{},
		HeadToHead: []Opposed{}, Flags: []FlagsBy{}}
	for _, name := range slices.Sorted(maps.Keys(k.players)) {
		p := k.players[name]
		r := Rated{Player: name, Rated: p.rated, History: slices.Clone(p.history)}
		if k.method == Glicko2 {
			r.Rating, r.Deviation, r.Volatility = round(p.glicko.Rating), round(p.glicko.Deviation), round6(p.glicko.Volatility)
		} else {
			r.Rating, r.Deviation, r.Mu = round(p.skill.Ordinal()), round(p.skill.Sigma), round(p.skill.Mu)
		}
		for i := range r.History {
			r.History[i].Rating = round(r.History[i].Rating)
		}
		kr.Ladder = append(kr.Ladder, r)
		f := Figures{Player: name, Games: p.games, Wins: p.wins, WinRate: round(float64(p.wins) / float64(p.games)),
			Average: round(float64(p.total) / float64(p.games)), Best: p.best, Worst: p.worst,
			Margin: round(float64(p.margins) / float64(p.games)), Placed: p.placed, Forced: p.forced, Flagged: p.flagged,
			Recent: slices.Clone(p.recent)}
		slices.Reverse(f.Recent) // the latest first
		if p.placed > 0 {
			place := round(float64(p.places) / float64(p.placed))
			f.Place = &place
		}
		kr.Players = append(kr.Players, f)
		for _, o := range slices.Sorted(maps.Keys(p.opponents)) {
			kr.HeadToHead = append(kr.HeadToHead, Opposed{Player: name, Opponent: o, Record: *p.opponents[o]})
		}
		for _, rule := range slices.Sorted(maps.Keys(p.flags)) {
			kr.Flags = append(kr.Flags, FlagsBy{Player: name, Rule: rule, Count: p.flags[rule]})
		}
	}
	slices.SortStableFunc(kr.Ladder, func(a, b Rated) int { return cmp.Compare(b.Rating, a.Rating) })
	for i := range kr.Ladder {
		kr.Ladder[i].Rank = i + 1
		if i > 0 && kr.Ladder[i].Rating == kr.Ladder[i-1].Rating {
			kr.Ladder[i].Rank = kr.Ladder[i-1].Rank
		}
	}
	return kr
}

// Of is the report of one player: their figures, head to head and flags in each kind they
// finished a game of, and the whole ladder, for their rank among the others.
func (r Report) Of(player string) Report {
	out := r
	out.Player, out.Kinds = player, []KindReport{}
	for _, k := range r.Kinds {
		i := slices.IndexFunc(k.Players, func(f Figures) bool { return f.Player == player })
		if i < 0 {
			continue
		}
		k.Players = k.Players[i : i+1]
		k.HeadToHead = slices.DeleteFunc(slices.Clone(k.HeadToHead), func(o Opposed) bool { return o.Player != player })
		k.Flags = slices.DeleteFunc(slices.Clone(k.Flags), func(f FlagsBy) bool { return f.Player != player })
		out.Kinds = append(out.Kinds, k)
	}
	return out
}

// round keeps two decimals, and round6 six: the figures are shown so, and rounding keeps the
// last bits of floating point, which may differ from one machine to another, out of the report.
func round(x float64) float64  { return math.Round(x*100) / 100 }
func round6(x float64) float64 { return math.Round(x*1e6) / 1e6 }
