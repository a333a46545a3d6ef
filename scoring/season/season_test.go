package season

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/tableside/tableside/scoring/rating"
)

// method rates the two-player kinds of the hand-worked season with Glicko-2.
func method(kind string) Method {
	if kind == "pinochle" {
		return Glicko2
	}
	return WengLin
}

// handSeason is a small season whose figures are worked out by hand in the tests below:
// three Pinochle games over two nights (a draw among them), two Capture games with shared
// places, and a party game of Article II.
func handSeason() *Season {
	s := New(method)
	for _, g := range []Game{
		{ID: 1, Kind: "pinochle", Night: "2026-11-03", Players: []string{"ann", "bob"}, Totals: map[string]int{"ann": 120, "bob": 80}, Winners: []string{"ann"}},
		{ID: 2, Kind: "pinochle", Night: "2026-11-03", Players: []string{"bob", "cy"}, Totals: map[string]int{"bob": 100, "cy": 100}},
		{ID: 3, Kind: "pinochle", Night: "2026-11-10", Players: []string{"cy", "ann"}, Totals: map[string]int{"cy": 130, "ann": 90}, Winners: []string{"cy"},
			Forced: true, Flagged: true, Drawn: []Drawn{{"ann", "P9"}, {"ann", "P9"}, {"cy", "P3"}}},
		{ID: 4, Kind: "capture", Night: "2026-11-03", Players: []string{"ann", "bob", "cy", "dee"}, Totals: map[string]int{"ann": 30, "bob": 50, "cy": 50, "dee": 10},
			Winners: []string{"bob", "cy"}},
		{ID: 5, Kind: "capture", Night: "2026-11-10", Players: []string{"ann", "bob", "cy"}, Totals: map[string]int{"ann": 40, "bob": 20, "cy": 20}, Winners: []string{"ann"}, Flagged: true},
		{ID: 6, Kind: "article2", Night: "2026-11-10", Players: []string{"ann", "cy", "bob", "dee"}, Teams: map[string][]string{"red": {"ann", "bob"}, "blue": {"cy", "dee"}},
			Totals: map[string]int{"ann": 3, "bob": 1, "cy": 2, "dee": 0}, Winners: []string{"ann", "bob"}},
	} {
		s.Add(g)
	}
	s.LeaveOut(true)
	s.LeaveOut(false)
	s.LeaveOut(false)
	return s
}

func kindOf(t *testing.T, r Report, name string) KindReport {
	t.Helper()
	for _, k := range r.Kinds {
		if k.Kind == name {
			return k
		}
	}
	t.Fatalf("no kind %s in %+v", name, r)
	return KindReport{}
}

func figuresOf(t *testing.T, k KindReport, player string) Figures {
	t.Helper()
	for _, f := range k.Players {
		if f.Player == player {
			f.Recent = nil
			return f
		}
	}
	t.Fatalf("%s: no figures for %s", k.Kind, player)
	return Figures{}
}

func place(x float64) *float64 { return &x }

func TestFiguresWorkedByHand(t *testing.T) {
	r := handSeason().Report()
	if r.Games != 6 || r.Abandoned != 1 || r.Unfinished != 2 {
		t.Errorf("counted %d, left out %d abandoned and %d unfinished; want 6, 1, 2", r.Games, r.Abandoned, r.Unfinished)
	}
	if got := []string{r.Kinds[0].Kind, r.Kinds[1].Kind, r.Kinds[2].Kind}; !reflect.DeepEqual(got, []string{"article2", "capture", "pinochle"}) {
		t.Errorf("kinds %v, want them by name", got)
	}
	for _, tt := range []struct {
		kind string
		want Figures
	}{
		// ann: 120 beating bob's 80 (+40), 90 losing to cy's 130 (−40).
		{"pinochle", Figures{Player: "ann", Games: 2, Wins: 1, WinRate: 0.5, Average: 105, Best: 120, Worst: 90, Margin: 0, Forced: 1, Flagged: 1}},
		// bob: 80 losing (−40), 100 drawn with cy (0): margin −20.
		{"pinochle", Figures{Player: "bob", Games: 2, Average: 90, Best: 100, Worst: 80, Margin: -20}},
		{"pinochle", Figures{Player: "cy", Games: 2, Wins: 1, WinRate: 0.5, Average: 115, Best: 130, Worst: 100, Margin: 20, Forced: 1, Flagged: 1}},
		// Game 4: bob and cy share first place (both win), ann is third, dee fourth. Game 5: ann
		// wins, bob and cy share second on 20.
		{"capture", Figures{Player: "ann", Games: 2, Wins: 1, WinRate: 0.5, Average: 35, Best: 40, Worst: 30, Margin: 0, Place: place(2), Placed: 2, Flagged: 1}},
		{"capture", Figures{Player: "bob", Games: 2, Wins: 1, WinRate: 0.5, Average: 35, Best: 50, Worst: 20, Margin: -10, Place: place(1.5), Placed: 2, Flagged: 1}},
		{"capture", Figures{Player: "dee", Games: 1, Average: 10, Best: 10, Worst: 10, Margin: -40, Place: place(4), Placed: 1}},
		// A party game has two sides: no place, and a margin over the best opponent, not the
		// partner (ann 3 − cy 2; bob 1 − cy 2).
		{"article2", Figures{Player: "ann", Games: 1, Wins: 1, WinRate: 1, Average: 3, Best: 3, Worst: 3, Margin: 1}},
		{"article2", Figures{Player: "bob", Games: 1, Wins: 1, WinRate: 1, Average: 1, Best: 1, Worst: 1, Margin: -1}},
		{"article2", Figures{Player: "dee", Games: 1, Average: 0, Best: 0, Worst: 0, Margin: -3}},
	} {
		if got := figuresOf(t, kindOf(t, r, tt.kind), tt.want.Player); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s %s:\n got %+v\nwant %+v", tt.kind, tt.want.Player, got, tt.want)
		}
	}
}

// TestADrawIsDrawnWhateverItsTotals: a two-player Article II game has no President, and is
// drawn whatever its points and adjustments (E7): it is rated and counted as the draw it is,
// not as a win for the higher total.
func TestADrawIsDrawnWhateverItsTotals(t *testing.T) {
	s := New(method)
	s.Add(Game{ID: 1, Kind: "pinochle", Night: "2026-11-03", Players: []string{"ann", "bob"}, Totals: map[string]int{"ann": 5, "bob": 0}, Draw: true})
	k := kindOf(t, s.Report(), "pinochle")
	for _, o := range k.HeadToHead {
		if o.Record != (Record{Games: 1, Drawn: 1}) {
			t.Errorf("%s v %s: %+v, want a draw", o.Player, o.Opponent, o.Record)
		}
	}
	if len(k.Ladder) != 2 || k.Ladder[0].Rating != k.Ladder[1].Rating || k.Ladder[1].Rank != 1 {
		t.Errorf("ladder %+v: a draw between equals leaves them equal", k.Ladder)
	}
}

func TestHeadToHeadWorkedByHand(t *testing.T) {
	r := handSeason().Report()
	records := func(kind string) map[string]Record {
		out := map[string]Record{}
		for _, o := range kindOf(t, r, kind).HeadToHead {
			out[o.Player+" v "+o.Opponent] = o.Record
		}
		return out
	}
	pinochle := map[string]Record{
		"ann v bob": {Games: 1, Won: 1}, "ann v cy": {Games: 1, Lost: 1},
		"bob v ann": {Games: 1, Lost: 1}, "bob v cy": {Games: 1, Drawn: 1},
		"cy v ann": {Games: 1, Won: 1}, "cy v bob": {Games: 1, Drawn: 1},
	}
	if got := records("pinochle"); !reflect.DeepEqual(got, pinochle) {
		t.Errorf("pinochle head to head:\n got %v\nwant %v", got, pinochle)
	}
	capture := records("capture")
	for pair, want := range map[string]Record{
		"bob v cy":  {Games: 2, Drawn: 2}, // first together, then second together
		"ann v bob": {Games: 2, Won: 1, Lost: 1},
		"dee v ann": {Games: 1, Lost: 1},
	} {
		if capture[pair] != want {
			t.Errorf("capture %s: %+v, want %+v", pair, capture[pair], want)
		}
	}
	party := records("article2")
	if _, ok := party["ann v bob"]; ok {
		t.Error("partners are counted as opponents")
	}
	if party["bob v dee"] != (Record{Games: 1, Won: 1}) {
		t.Errorf("article2 bob v dee: %+v, want a win", party["bob v dee"])
	}
}

func TestFlagsDrawnByRuling(t *testing.T) {
	flags := kindOf(t, handSeason().Report(), "pinochle").Flags
	want := []FlagsBy{{"ann", "P9", 2}, {"cy", "P3", 1}}
	if !reflect.DeepEqual(flags, want) {
		t.Errorf("flags %+v, want %+v", flags, want)
	}
}

// TestGlickoByNight: Glicko-2 rates a night's games together against the ratings as they stood
// when the night began, and a player who sits a night out has only the deviation grow.
func TestGlickoByNight(t *testing.T) {
	fresh := rating.NewGlicko()
	// Night 1: ann beats bob; bob and cy draw.
	ann := fresh.Period([]rating.Outcome{{Opponent: fresh, Score: 1}}, rating.Tau)
	bob := fresh.Period([]rating.Outcome{{Opponent: fresh, Score: 0}, {Opponent: fresh, Score: 0.5}}, rating.Tau)
	cy := fresh.Period([]rating.Outcome{{Opponent: fresh, Score: 0.5}}, rating.Tau)
	// Night 2: cy beats ann; bob sits out.
	ann, cy, bob = ann.Period([]rating.Outcome{{Opponent: cy, Score: 0}}, rating.Tau),
		cy.Period([]rating.Outcome{{Opponent: ann, Score: 1}}, rating.Tau), bob.Period(nil, rating.Tau)
	ladder := kindOf(t, handSeason().Report(), "pinochle").Ladder
	want := map[string]rating.Glicko{"ann": ann, "bob": bob, "cy": cy}
	for _, r := range ladder {
		w := want[r.Player]
		if r.Rating != round(w.Rating) || r.Deviation != round(w.Deviation) || r.Volatility != round6(w.Volatility) {
			t.Errorf("%s: %.2f/%.2f/%.6f, want %.2f/%.2f/%.6f", r.Player, r.Rating, r.Deviation, r.Volatility, w.Rating, w.Deviation, w.Volatility)
		}
	}
	if ladder[0].Player != "cy" || ladder[0].Rank != 1 {
		t.Errorf("ladder %+v: cy, who won and drew, should lead", ladder)
	}
	if h := ladder[0].History; len(h) != 2 || h[0].Night != "2026-11-03" || h[1].Night != "2026-11-10" || h[1].Rating != round(cy.Rating) {
		t.Errorf("cy's history %+v, want a point a night ending at %.2f", h, cy.Rating)
	}
	for _, r := range ladder {
		if r.Player == "bob" && (len(r.History) != 1 || r.Rated != 1) {
			t.Errorf("bob sat out night 2 but has history %+v, rated %d", r.History, r.Rated)
		}
	}
}

// TestWengLinGameByGame: the kinds of many players are rated a game at a time, shared places as
// ties, and a party as one team.
func TestWengLinGameByGame(t *testing.T) {
	fresh := rating.NewSkill()
	g4 := rating.Rate([][]rating.Skill{{fresh}, {fresh}, {fresh}, {fresh}}, []int{3, 1, 1, 4})
	g5 := rating.Rate([][]rating.Skill{{g4[0][0]}, {g4[1][0]}, {g4[2][0]}}, []int{1, 2, 2})
	want := map[string]rating.Skill{"ann": g5[0][0], "bob": g5[1][0], "cy": g5[2][0], "dee": g4[3][0]}
	r := handSeason().Report()
	for _, p := range kindOf(t, r, "capture").Ladder {
		w := want[p.Player]
		if p.Rating != round(w.Ordinal()) || p.Mu != round(w.Mu) || p.Deviation != round(w.Sigma) {
			t.Errorf("capture %s: ordinal %.2f μ %.2f σ %.2f, want %.2f %.2f %.2f", p.Player, p.Rating, p.Mu, p.Deviation, w.Ordinal(), w.Mu, w.Sigma)
		}
	}
	party := rating.Rate([][]rating.Skill{{fresh, fresh}, {fresh, fresh}}, []int{1, 2})
	for _, p := range kindOf(t, r, "article2").Ladder {
		w := party[1][0]
		if p.Player == "ann" || p.Player == "bob" {
			w = party[0][0]
		}
		if p.Mu != round(w.Mu) {
			t.Errorf("article2 %s: μ %.2f, want %.2f", p.Player, p.Mu, w.Mu)
		}
	}
}

func TestOnePlayersReport(t *testing.T) {
	r := handSeason().Report().Of("dee")
	k := kindOf(t, r, "capture")
	if len(k.Players) != 1 || k.Players[0].Player != "dee" || len(k.Ladder) != 4 {
		t.Errorf("dee's report keeps %d players and %d on the ladder, want dee alone and everyone ranked", len(k.Players), len(k.Ladder))
	}
	for _, o := range k.HeadToHead {
		if o.Player != "dee" {
			t.Errorf("head to head keeps %s's row", o.Player)
		}
	}
	if len(r.Kinds) != 2 || r.Player != "dee" {
		t.Errorf("dee played Capture and Article II, never Pinochle, but the report has %d kinds, for %q", len(r.Kinds), r.Player)
	}
	if res := k.Players[0].Recent; len(res) != 1 || (res[0].Game != 4 || res[0].Place != 4 || res[0].Won || len(res[0].Opponents) != 3) {
		t.Errorf("dee's results %+v, want game 4, fourth of four", res)
	}
}

// TestAPlayersResultsAndHistoryStayBounded: a long season keeps the latest results and a thinned
// rating history a player, the last point always the latest rating.
func TestAPlayersResultsAndHistoryStayBounded(t *testing.T) {
	s := New(method)
	for i := range 1000 {
		night := fmt.Sprintf("night %04d", i)
		s.Add(Game{ID: int64(i + 1), Kind: "pinochle", Night: night, Players: []string{"ann", "bob"},
			Totals: map[string]int{"ann": 100 + i%7, "bob": 100}, Winners: []string{"ann"}})
	}
	k := kindOf(t, s.Report(), "pinochle")
	for _, p := range k.Players {
		if len(p.Recent) != recentResults || p.Recent[0].Game != 1000 {
			t.Errorf("%s keeps %d results, the first game %d; want the latest %d, newest first", p.Player, len(p.Recent), p.Recent[0].Game, recentResults)
		}
	}
	for _, p := range k.Ladder {
		h := p.History
		if len(h) >= historyPoints || len(h) < historyPoints/4 {
			t.Errorf("%s's history has %d points, want between %d and %d", p.Player, len(h), historyPoints/4, historyPoints)
		}
		if last := h[len(h)-1]; last.Night != "night 0999" || last.Rating != p.Rating {
			t.Errorf("%s's history ends at %+v, want the last night at the rating %.2f", p.Player, last, p.Rating)
		}
		for i := 1; i < len(h); i++ {
			if h[i].Night <= h[i-1].Night {
				t.Fatalf("%s's history is out of order at %d: %+v", p.Player, i, h[i-1:i+1])
			}
		}
	}
}

// TestAGameEnteredLate: a game of a night already passed, handed over after a later night's, is
// rated in its own night, and the rating history stays in order of nights.
func TestAGameEnteredLate(t *testing.T) {
	s := New(method)
	for i, night := range []string{"2026-11-03", "2026-11-10", "2026-11-03", "2026-11-17"} {
		for _, kind := range []string{"pinochle", "capture"} {
			s.Add(Game{ID: int64(i + 1), Kind: kind, Night: night, Players: []string{"ann", "bob"},
				Totals: map[string]int{"ann": 10, "bob": 5}, Winners: []string{"ann"}})
		}
	}
	fresh := rating.NewGlicko()
	// The 3rd holds its own game and the one handed over third, both against a new player.
	ann := fresh.Period([]rating.Outcome{{Opponent: fresh, Score: 1}, {Opponent: fresh, Score: 1}}, rating.Tau)
	bob := fresh.Period([]rating.Outcome{{Opponent: fresh, Score: 0}, {Opponent: fresh, Score: 0}}, rating.Tau)
	annOnThe3rd := ann
	for range 2 { // the 10th, then the 17th
		ann, bob = ann.Period([]rating.Outcome{{Opponent: bob, Score: 1}}, rating.Tau), bob.Period([]rating.Outcome{{Opponent: ann, Score: 0}}, rating.Tau)
	}
	r := s.Report()
	for _, k := range r.Kinds {
		for _, p := range k.Ladder {
			var nights []string
			for _, h := range p.History {
				nights = append(nights, h.Night)
			}
			if want := []string{"2026-11-03", "2026-11-10", "2026-11-17"}; !reflect.DeepEqual(nights, want) {
				t.Errorf("%s %s: history over %v, want %v", k.Kind, p.Player, nights, want)
			}
			if k.Kind == "pinochle" && p.Player == "ann" && (p.Rating != round(ann.Rating) || p.History[0].Rating != round(annOnThe3rd.Rating)) {
				t.Errorf("ann's Glicko-2 rating %.2f, %.2f on the 3rd; want %.2f, %.2f", p.Rating, p.History[0].Rating, ann.Rating, annOnThe3rd.Rating)
			}
		}
		if k.Kind == "pinochle" {
			for _, f := range k.Players {
				var games []int64
				for _, res := range f.Recent {
					games = append(games, res.Game)
				}
				if want := []int64{4, 2, 3, 1}; !reflect.DeepEqual(games, want) {
					t.Errorf("%s's latest results are games %v, want %v: by night, the latest first", f.Player, games, want)
				}
			}
		}
	}
}

// randomSeason is a season of thousands of random games of Pinochle (Glicko-2) and Capture
// (Weng–Lin, two to six players, shared places), forty a night, in the order they were played.
// Now and then two games are begun in the same millisecond, and their digests decide.
func randomSeason(seed uint64) []Game {
	names := []string{"ann", "bob", "cy", "dee", "eve", "fay", "gus"}
	rng := rand.New(rand.NewPCG(seed, 1))
	var games []Game
	for i := range 3000 {
		kind := []string{"pinochle", "capture"}[rng.IntN(2)]
		n := 2
		if kind == "capture" {
			n = 2 + rng.IntN(5)
		}
		players := slices.Clone(names)
		rng.Shuffle(len(players), func(a, b int) { players[a], players[b] = players[b], players[a] })
		players = players[:n]
		g := Game{ID: int64(i + 1), Kind: kind, Night: fmt.Sprintf("night %03d", i/40), Begun: int64(i - i%3),
			Digest: rng.Uint64(), Players: players, Totals: map[string]int{}}
		for _, p := range players {
			g.Totals[p] = rng.IntN(5) - 1
		}
		if rng.IntN(8) > 0 { // a few draws: no winner
			best := slices.MaxFunc(players, func(a, b string) int { return cmp.Compare(g.Totals[a], g.Totals[b]) })
			for _, p := range players {
				if g.Totals[p] == g.Totals[best] {
					g.Winners = append(g.Winners, p)
				}
			}
		}
		games = append(games, g)
	}
	return games
}

// TestSeasonProperties: over thousands of random games, every record against an opponent is
// the mirror of the opponent's, the counts add up, and the same games give the same report.
func TestSeasonProperties(t *testing.T) {
	play := func(seed uint64) (*Season, map[string]int) {
		s := New(method)
		seats := map[string]int{}
		for _, g := range randomSeason(seed) {
			seats[g.Kind] += len(g.Players)
			s.Add(g)
		}
		return s, seats
	}
	s, seats := play(5)
	r := s.Report()
	for _, k := range r.Kinds {
		games := 0
		for _, f := range k.Players {
			games += f.Games
			if f.Wins > f.Games || f.Best < f.Worst || f.Place != nil && (*f.Place < 1 || *f.Place > 6) {
				t.Errorf("%s %s: %+v", k.Kind, f.Player, f)
			}
		}
		if games != seats[k.Kind] {
			t.Errorf("%s: the players' games add to %d, want the %d seats taken", k.Kind, games, seats[k.Kind])
		}
		against := map[[2]string]Record{}
		for _, o := range k.HeadToHead {
			against[[2]string{o.Player, o.Opponent}] = o.Record
		}
		for pair, rec := range against {
			mirror := against[[2]string{pair[1], pair[0]}]
			if rec.Games != mirror.Games || rec.Won != mirror.Lost || rec.Drawn != mirror.Drawn || rec.Won+rec.Lost+rec.Drawn != rec.Games {
				t.Errorf("%s: %v %+v, mirrored %+v", k.Kind, pair, rec, mirror)
			}
		}
	}
	again, _ := play(5)
	if !reflect.DeepEqual(r, again.Report()) {
		t.Error("the same games gave another report")
	}
	if !reflect.DeepEqual(r, s.Report()) {
		t.Error("a second report of the same season differs from the first")
	}
}

// TestAnyOrderGivesTheSameSeason: the games of a season handed over in any order give the same
// report as in the order they were played: ladder, rating history and latest results alike.
func TestAnyOrderGivesTheSameSeason(t *testing.T) {
	games := randomSeason(9)
	played := New(method)
	for _, g := range games {
		played.Add(g)
	}
	want := played.Report()
	for seed := range uint64(3) {
		rng := rand.New(rand.NewPCG(seed, 2))
		rng.Shuffle(len(games), func(a, b int) { games[a], games[b] = games[b], games[a] })
		s := New(method)
		for _, g := range games {
			s.Add(g)
		}
		got := s.Report()
		for i, k := range got.Kinds {
			if !reflect.DeepEqual(k.Ladder, want.Kinds[i].Ladder) {
				t.Errorf("shuffle %d: %s's ladder\n%+v\nwhere the games in order give\n%+v", seed, k.Kind, k.Ladder, want.Kinds[i].Ladder)
			}
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("shuffle %d: the report differs from the games' in order", seed)
		}
	}
}

// FuzzAdd: a game of any shape (players repeated, winners or partners who are not players, no
// totals) is counted or not without a panic, and the report still adds up.
func FuzzAdd(f *testing.F) {
	f.Add([]byte{2, 0, 1, 5, 3, 0}, "pinochle")
	f.Add([]byte{4, 0, 1, 2, 3, 9, 9, 9, 9, 1, 2}, "capture")
	f.Add([]byte{3, 0, 0, 1}, "article2")
	names := []string{"ann", "bob", "cy", "dee", "eve", "fay", "gus"}
	f.Fuzz(func(t *testing.T, b []byte, kind string) {
		s := New(method)
		for len(b) > 0 {
			n := int(b[0]) % 8
			b = b[1:]
			g := Game{ID: 1, Kind: kind, Night: string(rune('a' + len(b)%3)), Totals: map[string]int{}, Teams: map[string][]string{}}
			for i := 0; i < n && len(b) > 0; i++ {
				name := names[int(b[0])%len(names)]
				g.Players = append(g.Players, name)
				g.Totals[name] = int(int8(b[0]))
				if b[0]%5 == 0 {
					g.Winners = append(g.Winners, names[int(b[0]/5)%len(names)])
				}
				if b[0]%7 == 0 {
					g.Teams["t"] = append(g.Teams["t"], name, names[int(b[0]/7)%len(names)])
				}
				b = b[1:]
			}
			s.Add(g)
		}
		r := s.Report()
		for _, k := range r.Kinds {
			for _, f := range k.Players {
				if f.Wins > f.Games {
					t.Fatalf("%s has %d wins in %d games", f.Player, f.Wins, f.Games)
				}
			}
		}
	})
}
