package table

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee/kinds"
	"github.com/tableside/tableside/referee/refereetest"
	"github.com/tableside/tableside/scoring/season"
	"github.com/tableside/tableside/table/internal/store"
)

// statsFile stores twelve whole games, two of each kind and two more of Pinochle, on two nights,
// the even ones in the kind's match "autumn KIND", then a Pinochle game still in play and one abandoned. It
// returns each whole game as replayed.
func statsFile(t *testing.T) (*App, []*play.Game) {
	t.Helper()
	a, _ := openApp(t, "")
	kinds := append(play.Kinds(), "pinochle", "pinochle")
	var batch []store.NewGame
	for i := range 2 * len(kinds) {
		r, err := play.RulesOf(kinds[i%len(kinds)])
		if err != nil {
			t.Fatal(err)
		}
		setup, moves := r.Playout(rand.New(rand.NewPCG(uint64(i), 7)), refereetest.Names)
		setup.Date = []string{"2026-11-03", "2026-11-10"}[i/len(kinds)]
		if i%2 == 0 {
			setup.Match = "autumn " + setup.Kind // a match is of one kind
		}
		batch = append(batch, store.NewGame{Events: refereetest.Log(t, setup, moves)})
	}
	res, err := a.store.CreateMany(t.Context(), batch)
	if err != nil {
		t.Fatal(err)
	}
	var whole []*play.Game
	for _, r := range res {
		if r.Err != nil {
			t.Fatal(r.Err)
		}
		g, err := a.Game(t.Context(), r.Game)
		if err != nil {
			t.Fatal(err)
		}
		if !g.Over() {
			t.Fatalf("game %d of the playouts is not over", g.ID())
		}
		whole = append(whole, g)
	}
	for _, abandon := range []bool{false, true} {
		g, err := a.New(t.Context(), Setup{Kind: "pinochle", Players: []string{"ann", "bob"}, Dealer: "bob"})
		if err != nil {
			t.Fatal(err)
		}
		if abandon {
			if _, err := a.Correct(t.Context(), g, play.Correction{Verb: "abandon", Note: "the hall closed"}, CorrectOptions{}); err != nil {
				t.Fatal(err)
			}
		}
	}
	return a, whole
}

// counted is how many games of report r's kind each player finished.
func counted(r season.Report) map[string]int {
	out := map[string]int{}
	for _, k := range r.Kinds {
		for _, f := range k.Players {
			out[k.Kind+" "+f.Player] += f.Games
		}
	}
	return out
}

// TestStatsCountsTheChosenGames: every finished game the filter chooses counts once for each of
// its players, and nothing else counts.
func TestStatsCountsTheChosenGames(t *testing.T) {
	a, whole := statsFile(t)
	for _, tt := range []struct {
		name   string
		filter StatsFilter
		picks  func(*play.Game) bool
		// today's Pinochle games, one in play and one abandoned, are chosen and left out
		today bool
	}{
		{"every game", StatsFilter{}, func(*play.Game) bool { return true }, true},
		{"one kind", StatsFilter{Kind: "pinochle"}, func(g *play.Game) bool { return g.Setup().Kind == "pinochle" }, true},
		{"another kind", StatsFilter{Kind: "advantage"}, func(g *play.Game) bool { return g.Setup().Kind == "advantage" }, false},
		{"one match", StatsFilter{Match: "autumn pinochle"}, func(g *play.Game) bool { return g.Setup().Match == "autumn pinochle" }, false},
		{"since", StatsFilter{Since: "2026-11-04"}, func(g *play.Game) bool { return g.Setup().Date == "2026-11-10" }, true},
		{"until", StatsFilter{Until: "2026-11-03"}, func(g *play.Game) bool { return g.Setup().Date == "2026-11-03" }, false},
		{"the night itself", StatsFilter{Since: "2026-11-10", Until: "2026-11-10", Kind: "capture"},
			func(g *play.Game) bool { return g.Setup().Date == "2026-11-10" && g.Setup().Kind == "capture" }, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r, err := a.Stats(t.Context(), tt.filter, Walk{Workers: 2}, nil)
			if err != nil {
				t.Fatal(err)
			}
			want, games := map[string]int{}, 0
			for _, g := range whole {
				if tt.picks(g) {
					games++
					for _, p := range g.Setup().Players {
						want[g.Setup().Kind+" "+p]++
					}
				}
			}
			if got := counted(r); r.Games != games || !maps.Equal(got, want) {
				t.Errorf("counted %d games, players %v; want %d, %v", r.Games, got, games, want)
			}
			if tt.today != (r.Unfinished == 1 && r.Abandoned == 1) || !tt.today && r.Unfinished+r.Abandoned > 0 {
				t.Errorf("left out %d in play and %d abandoned", r.Unfinished, r.Abandoned)
			}
		})
	}
}

// TestStatsMarksForcedAndFlaggedGames: a move recorded over the referee's refusal marks its game
// forced, and the flag is counted against the player who made it, under its rule.
func TestStatsMarksForcedAndFlaggedGames(t *testing.T) {
	a, whole := statsFile(t)
	g := whole[len(whole)-1] // Pinochle, over
	last := g.Log()[g.Len()-1]
	words := []string{last.Actor, "pass"}
	rec, err := a.Record(t.Context(), g, words, RecordOptions{Force: true})
	if err != nil {
		t.Fatal(err)
	}
	own := rec.Own()
	if len(own) == 0 {
		t.Fatal("a move after the end was not flagged")
	}
	r, err := a.Stats(t.Context(), StatsFilter{Kind: "pinochle", Player: last.Actor}, Walk{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	f := r.Kinds[0].Players[0]
	i := slices.IndexFunc(f.Recent, func(res season.Result) bool { return res.Game == g.ID() })
	if f.Forced != 1 || f.Flagged < 1 || i < 0 || !f.Recent[i].Forced {
		t.Errorf("%s: forced %d, flagged %d, latest results %+v; want game %d marked forced", last.Actor, f.Forced, f.Flagged, f.Recent, g.ID())
	}
	if !slices.ContainsFunc(r.Kinds[0].Flags, func(d season.FlagsBy) bool { return d.Player == last.Actor && d.Rule == own[0].Rule }) {
		t.Errorf("the flags drawn %+v lack %s's %s", r.Kinds[0].Flags, last.Actor, own[0].Rule)
	}
}

func TestStatsRefusesWhatCanChooseNothing(t *testing.T) {
	a, _ := statsFile(t)
	for _, tt := range []struct {
		filter StatsFilter
		code   play.Code
		field  string
		hint   string
	}{
		{StatsFilter{Kind: "bridge"}, play.Invalid, FieldKind, ""},
		{StatsFilter{Since: "3 Nov"}, play.Invalid, "since", ""},
		{StatsFilter{Since: "2026-11-10", Until: "2026-11-03"}, play.Invalid, "until", ""},
		{StatsFilter{Match: "autumn pinochl"}, play.NotFound, "", "did you mean autumn pinochle?"},
		{StatsFilter{Player: "annn"}, play.NotFound, FieldPlayer, "did you mean ann?"},
	} {
		_, err := a.Stats(t.Context(), tt.filter, Walk{}, nil)
		var e *play.Error
		if !errors.As(err, &e) || e.Code != tt.code || e.Field != tt.field || e.Hint != tt.hint {
			t.Errorf("%+v: %#v, want %s on field %q with hint %q", tt.filter, err, tt.code, tt.field, tt.hint)
		}
	}
}

// TestStatsNightOfAnUndatedGame: a game stored before dates were kept is counted on the day, in
// UTC, its first event was stored.
func TestStatsNightOfAnUndatedGame(t *testing.T) {
	first := events.Event{At: 1_763_683_200_000 - 1} // 2025-11-21 00:00 UTC, less a millisecond
	if got := nightOf(events.Created{}, first); got != "2025-11-20" {
		t.Errorf("night %s, want 2025-11-20", got)
	}
	if got := nightOf(events.Created{Date: "2026-01-02"}, first); got != "2026-01-02" {
		t.Errorf("night %s, want the game's own date", got)
	}
}

// TestTalliedStatsAreAWalksStats: a tally counts what a walk of the file counts, for every
// filter, and counting again after the file changed replays only the games that moved.
func TestTalliedStatsAreAWalksStats(t *testing.T) {
	a, whole := statsFile(t)
	var tally Tally
	same := func(f StatsFilter) {
		t.Helper()
		walked, err := a.Stats(t.Context(), f, Walk{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		tallied, err := a.TalliedStats(t.Context(), &tally, f)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(walked, tallied) {
			t.Errorf("%+v: the tally counts\n%+v\nwhere a walk counts\n%+v", f, tallied, walked)
		}
	}
	for _, f := range []StatsFilter{{}, {Kind: "capture"}, {Match: "autumn pinochle"}, {Since: "2026-11-10"}, {Player: "ann"}} {
		same(f)
	}
	if games := len(whole) + 2; tally.reads != games {
		t.Errorf("five counts read %d games, want each of the %d once", tally.reads, games)
	}
	// A move in one game: that game alone is replayed.
	g := whole[0]
	if _, err := a.Correct(t.Context(), g, play.Correction{Verb: "adjust", Args: []string{g.Setup().Players[0], "+5"}, Note: "a late bonus"}, CorrectOptions{}); err != nil {
		t.Fatal(err)
	}
	before := tally.reads
	same(StatsFilter{})
	if tally.reads != before+1 {
		t.Errorf("after one game moved, %d games were read again", tally.reads-before)
	}
	if _, err := a.TalliedStats(t.Context(), &tally, StatsFilter{Player: "zed"}); CodeOf(err) != play.NotFound {
		t.Errorf("a player who never played: %v", err)
	}
}

// TestTalliedStatsSeeALogRewritten: the owner rewrites a game counted already, its hash chain
// made anew and its event count kept (a player's name changed in its first event, the moves
// left under the old one). The next count replays it, and says what a walk of the file says.
func TestTalliedStatsSeeALogRewritten(t *testing.T) {
	a, path := openApp(t, "")
	forge := forger(t, "sqlite", "file:"+path+"?_pragma=busy_timeout(5000)", `DROP TRIGGER IF EXISTS events_no_update`)
	setup, moves := kinds.All()["pinochle"].Playout(rand.New(rand.NewPCG(3, 7)), refereetest.Names)
	g := storedGame(t, a, setup)
	for _, m := range moves {
		rec, err := a.Record(t.Context(), g, strings.Fields(notationOf(g, m)), RecordOptions{})
		if err != nil {
			t.Fatal(err)
		}
		g = rec.Game
	}
	var tally Tally
	if _, err := a.TalliedStats(t.Context(), &tally, StatsFilter{}); err != nil {
		t.Fatal(err)
	}
	log, err := a.load(t.Context(), g.ID())
	if err != nil {
		t.Fatal(err)
	}
	first := g.Setup().Players[0]
	log[0].Payload = []byte(strings.Replace(string(log[0].Payload), `"`+first+`"`, `"`+first+`x"`, 1))
	var stmts []string
	for i := range log {
		prev := ""
		if i > 0 {
			prev = log[i-1].Hash
		}
		log[i].Hash = events.Hash(prev, log[i])
		stmts = append(stmts, fmt.Sprintf(`UPDATE events SET payload = '%s', hash = '%s' WHERE game = %d AND seq = %d`,
			strings.ReplaceAll(string(log[i].Payload), "'", "''"), log[i].Hash, g.ID(), log[i].Seq))
	}
	forge(stmts...)
	before := tally.reads
	tallied, err := a.TalliedStats(t.Context(), &tally, StatsFilter{})
	if err != nil {
		t.Fatal(err)
	}
	walked, err := a.Stats(t.Context(), StatsFilter{}, Walk{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if tally.reads != before+1 || !reflect.DeepEqual(walked, tallied) {
		t.Errorf("after the rewrite the tally read %d games again and counts\n%+v\nwhere a walk counts\n%+v", tally.reads-before, tallied, walked)
	}
}

// TestStatsOfASeasonImportedInAnyOrder: a season exported and imported again in shuffled order,
// or with every night entered after the nights that followed it, gives the ladder, the rating
// history and the latest results that the season imported in the order of play gives, on a walk
// and on a tally: each game is rated in the night it was played. Some games of a night were
// begun in the same millisecond, for their digests to order.
func TestStatsOfASeasonImportedInAnyOrder(t *testing.T) {
	source, _ := openApp(t, "")
	nights := []string{"2026-10-06", "2026-10-13", "2026-10-20", "2026-10-27"}
	kinds := play.Kinds()
	perNight := 3 * len(kinds)
	var batch []store.NewGame
	for i := range len(nights) * perNight {
		r, err := play.RulesOf(kinds[i%len(kinds)])
		if err != nil {
			t.Fatal(err)
		}
		setup, moves := r.Playout(rand.New(rand.NewPCG(uint64(i), 11)), refereetest.Names)
		setup.Date = nights[i/perNight]
		log := refereetest.Log(t, setup, moves)
		day, err := time.Parse(dateLayout, setup.Date)
		if err != nil {
			t.Fatal(err)
		}
		// Each kind's first game of the night is begun on its own; its second and third at once.
		minute := min(i%perNight, len(kinds))
		begun := day.Add(19*time.Hour + time.Duration(minute)*time.Minute).UnixMilli()
		for j := range log {
			log[j].At = begun + int64(j)*1000
		}
		batch = append(batch, store.NewGame{Events: log})
	}
	res, err := source.store.CreateMany(t.Context(), batch)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res {
		if r.Err != nil {
			t.Fatal(r.Err)
		}
	}
	var logs [][]events.Event
	err = source.EachLog(t.Context(), "", func(log []events.Event) error {
		kept := make([]events.Event, len(log))
		for i, e := range log {
			e.Payload = slices.Clone(e.Payload) // the scanner may reuse its buffers
			kept[i] = e
		}
		logs = append(logs, kept)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}

	// imported is a new file with the season's games imported in this order, and its statistics
	// with no game numbers, which differ from one import to another.
	imported := func(order []int) (walked, tallied season.Report) {
		t.Helper()
		var file bytes.Buffer
		for _, i := range order {
			if err := JSONL(&file, logs[i]); err != nil {
				t.Fatal(err)
			}
		}
		a, _ := openApp(t, "")
		err := a.ImportLogs(t.Context(), "season.jsonl", &file, func(r ImportResult) error {
			if len(r.Warnings) > 0 {
				t.Errorf("line %d: %v", r.Line, r.Warnings)
			}
			return r.Err
		})
		if err != nil {
			t.Fatal(err)
		}
		if walked, err = a.Stats(t.Context(), StatsFilter{}, Walk{}, nil); err != nil {
			t.Fatal(err)
		}
		if tallied, err = a.TalliedStats(t.Context(), &Tally{}, StatsFilter{}); err != nil {
			t.Fatal(err)
		}
		return unnumbered(walked), unnumbered(tallied)
	}
	inOrder := make([]int, len(logs))
	for i := range inOrder {
		inOrder[i] = i
	}
	want, _ := imported(inOrder)
	charted := 0
	for _, k := range want.Kinds {
		for _, p := range k.Ladder {
			if len(p.History) == len(nights) && k.Method == season.Glicko2 {
				charted++
			}
		}
	}
	if want.Games != len(logs) || charted == 0 {
		t.Fatalf("the season counts %d games, and %d Glicko-2 players rated on every night; want %d games and some", want.Games, charted, len(logs))
	}
	lateNights := slices.Clone(inOrder) // the last night entered first, then the one before, …
	slices.SortStableFunc(lateNights, func(a, b int) int { return cmp.Compare(b/perNight, a/perNight) })
	shuffled := slices.Clone(inOrder)
	rand.New(rand.NewPCG(35, 2)).Shuffle(len(shuffled), func(a, b int) { shuffled[a], shuffled[b] = shuffled[b], shuffled[a] })
	for name, order := range map[string][]int{"late nights": lateNights, "shuffled": shuffled} {
		walked, tallied := imported(order)
		for i, k := range walked.Kinds {
			if !reflect.DeepEqual(k.Ladder, want.Kinds[i].Ladder) {
				t.Errorf("%s: %s's ladder and history\n%+v\nwhere the season in order gives\n%+v", name, k.Kind, k.Ladder, want.Kinds[i].Ladder)
			}
		}
		if !reflect.DeepEqual(walked, want) {
			t.Errorf("%s: the statistics differ from the season's in order", name)
		}
		if !reflect.DeepEqual(tallied, want) {
			t.Errorf("%s: the server's tally differs from the season's in order", name)
		}
	}
}

// unnumbered is r without the game numbers of its latest results.
func unnumbered(r season.Report) season.Report {
	for _, k := range r.Kinds {
		for _, f := range k.Players {
			for i := range f.Recent {
				f.Recent[i].Game = 0
			}
		}
	}
	return r
}
