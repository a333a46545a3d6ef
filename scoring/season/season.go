package season

import (
	"cmp"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/tableside/tableside/scoring"
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
	Night string
	// Begun is when the game's first event was recorded (Unix milliseconds), and Digest a
	// digest of its events that names no game number: after Night, they are the order in which
	// the games are rated (Season).
	Begun   int64
	Digest  uint64
	Match   string
	Players []string
	// Teams are the sides of a game played in parties; nil when everyone plays alone.
	Teams   map[string][]string
	Totals  map[string]int
	Winners []string
	// Draw is set when the game was drawn: it has no winner, and every side shares the first
	// place (scoring.SidesOf).
	Draw bool
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

// Season gathers the statistics of games handed to it one at a time, in any order. The ratings
// and the latest results follow the order the games were played, not the order they came in:
// by night, then by when they were begun, then by digest (two games begun in the same
// millisecond), then by number (two games of the same events, which rate alike). So a season
// entered or imported in any order gives the same ladder and rating history. For that it keeps
// what rating needs of every game (its place in that order and its seats, about a hundred bytes)
// and rates them all when asked for a Report; the rest it keeps a player: the latest results
// and a thinned rating history, totals and counts.
type Season struct {
	method func(kind string) Method
	kinds  map[string]*kind
	// nights holds each night's name once, for the games that share it.
	nights map[string]string
	// Abandoned and Unfinished count the games left out.
	Abandoned, Unfinished int
}

// New starts a season; method says how each kind is rated.
func New(method func(kind string) Method) *Season {
	return &Season{method: method, kinds: map[string]*kind{}, nights: map[string]string{}}
}

// kind is one kind's statistics so far.
type kind struct {
	name    string
	method  Method
	games   int
	players map[string]*player
	// seated are the players in the order they first came, numbered so for the rated games'
	// seats.
	seated []*player
	// rated are the games of more than one side, to be rated in the order of play.
	rated []ratedGame
}

// playedAt is where a game stands in the order of play (Season).
type playedAt struct {
	night  string
	begun  int64
	digest uint64
	id     int64
}

func (a playedAt) compare(b playedAt) int {
	return cmp.Or(strings.Compare(a.night, b.night), cmp.Compare(a.begun, b.begun), cmp.Compare(a.digest, b.digest), cmp.Compare(a.id, b.id))
}

// ratedGame is what rating takes of a game: where it stands in the order of play, and its seats.
type ratedGame struct {
	at    playedAt
	seats []seat
}

// seat is a player (a number in kind.seated) on a side of a rated game, the sides in seating
// order, and the place the side took.
type seat struct {
	player, side, place int32
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
	number                  int32     // in kind.seated
	recent                  []counted // the latest in the order of play, oldest first
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

// counted is a result, and where its game stands in the order of play.
type counted struct {
	at playedAt
	Result
}

// Result is one game as a player's results list it.
type Result struct {
	Game  int64  `json:"game"`
	Night string `json:"night"`
	Match string `json:"match,omitempty"`
	Score int    `json:"score"`
	// Place is the player's side's place (scoring.SidesOf): 1 for the winners, and for every
	// side of a draw; equal totals share a place.
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
		k = &kind{name: g.Kind, method: s.method(g.Kind), players: map[string]*player{}}
		s.kinds[g.Kind] = k
	}
	k.games++
	night, ok := s.nights[g.Night]
	if !ok {
		night = g.Night
		s.nights[night] = night
	}
	at := playedAt{night: night, begun: g.Begun, digest: g.Digest, id: g.ID}
	sides := scoring.SidesOf(g.Players, g.Teams, g.Totals, g.Winners, g.Draw)
	for i, sd := range sides {
		for _, name := range sd.Players {
			p := k.player(name)
			p.count(g, at, sides, i, name)
		}
	}
	for _, d := range g.Drawn {
		if p := k.players[d.Player]; p != nil {
			p.flags[d.Rule]++
		}
	}
	if len(sides) > 1 {
		rg := ratedGame{at: at}
		for i, sd := range sides {
			for _, m := range sd.Players {
				rg.seats = append(rg.seats, seat{player: k.players[m].number, side: int32(i), place: int32(sd.Place)})
			}
		}
		k.rated = append(k.rated, rg)
	}
}

func (k *kind) player(name string) *player {
	p := k.players[name]
	if p == nil {
		p = &player{name: name, number: int32(len(k.seated)), opponents: map[string]*Record{}, flags: map[string]int{}}
		k.players[name] = p
		k.seated = append(k.seated, p)
	}
	return p
}

// count adds game g, which stands at in the order of play, to p, who sat on sides[on].
func (p *player) count(g Game, at playedAt, sides []scoring.Side, on int, name string) {
	mine := sides[on]
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
		p.places += mine.Place
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
		if i == on {
			continue
		}
		for _, m := range o.Players {
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
			case mine.Place < o.Place:
				r.Won++
			case mine.Place > o.Place:
				r.Lost++
			default:
				r.Drawn++
			}
		}
	}
	if opposed {
		p.margins += score - best
	}
	i, _ := slices.BinarySearchFunc(p.recent, at, func(c counted, at playedAt) int { return c.at.compare(at) })
	if i == 0 && len(p.recent) == recentResults {
		return // played before every result kept
	}
	p.recent = slices.Insert(p.recent, i, counted{at, Result{Game: g.ID, Night: g.Night, Match: g.Match, Score: score,
		Place: mine.Place, Won: won, Opponents: opponents, Forced: g.Forced, Flagged: g.Flagged}})
	if len(p.recent) > recentResults {
		p.recent = slices.Delete(p.recent, 0, 1)
	}
}

// rate rates the kind's games afresh, in the order of play.
func (k *kind) rate() {
	slices.SortFunc(k.rated, func(a, b ratedGame) int { return a.at.compare(b.at) })
	for _, p := range k.seated {
		p.glicko, p.skill, p.rated = rating.NewGlicko(), rating.NewSkill(), 0
		p.history, p.historyStep, p.historyCut = nil, 1, 0
	}
	if k.method == Glicko2 {
		k.rateNights()
		return
	}
	for _, g := range k.rated {
		var teams [][]rating.Skill
		var ranks []int
		for i, st := range g.seats {
			if i == 0 || st.side != g.seats[i-1].side {
				teams, ranks = append(teams, nil), append(ranks, int(st.place))
			}
			teams[len(teams)-1] = append(teams[len(teams)-1], k.seated[st.player].skill)
		}
		rated := rating.Rate(teams, ranks)
		team, member := 0, 0
		for i, st := range g.seats {
			if i > 0 && st.side != g.seats[i-1].side {
				team, member = team+1, 0
			}
			p := k.seated[st.player]
			p.skill = rated[team][member]
			p.rated++
			p.mark(g.at.night, p.skill.Ordinal())
			member++
		}
	}
}

// rateNights rates Glicko-2's periods, a night each: every game of a night against the ratings
// as they stood when the night began. A player who sits a night out has only the deviation
// grow, as Glickman has it, from the first night they played on.
func (k *kind) rateNights() {
	playing := make([]bool, len(k.seated))
	pending := make([][]rating.Outcome, len(k.seated))
	for from := 0; from < len(k.rated); {
		night := k.rated[from].at.night
		to := from
		for ; to < len(k.rated) && k.rated[to].at.night == night; to++ {
			for _, st := range k.rated[to].seats {
				playing[st.player] = true
				for _, o := range k.rated[to].seats {
					if o.side == st.side {
						continue
					}
					score := 0.5
					if st.place < o.place {
						score = 1
					} else if st.place > o.place {
						score = 0
					}
					pending[st.player] = append(pending[st.player], rating.Outcome{Opponent: k.seated[o.player].glicko, Score: score})
				}
			}
		}
		for i, p := range k.seated {
			if !playing[i] {
				continue
			}
			p.glicko = p.glicko.Period(pending[i], rating.Tau)
			if len(pending[i]) > 0 {
				p.rated++
				p.mark(night, p.glicko.Rating)
			}
			pending[i] = pending[i][:0]
		}
		from = to
	}
}

// mark notes p's rating at the end of night in the history, the nights coming in order, keeping
// at most historyPoints: a full history lets every other point go, and keeps every other one
// from then on. A second game of the same night (Weng–Lin) moves that night's point.
func (p *player) mark(night string, r float64) {
	if n := len(p.history); n > 0 && p.history[n-1].Night == night {
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

// Report is the season so far, every game rated in the order of play.
func (s *Season) Report() Report {
	r := Report{Abandoned: s.Abandoned, Unfinished: s.Unfinished, Kinds: []KindReport{}}
	for _, name := range slices.Sorted(maps.Keys(s.kinds)) {
		k := s.kinds[name]
		k.rate()
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
			Recent: make([]Result, 0, len(p.recent))}
		for _, c := range slices.Backward(p.recent) { // the latest first
			f.Recent = append(f.Recent, c.Result)
		}
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
