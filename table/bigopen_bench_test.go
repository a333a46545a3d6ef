package table

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee/tournament"
)

// bigOpen is an open Swiss run as the organiser's page runs it, on a file of its own.
type bigOpen struct {
	kind            string
	players, rounds int
	tableSize       int
}

// decideAll ends each game of round r as a table might: each player given a different score
// by adjustment (so that places differ) and the game stopped, its sheet standing.
func decideAll(b *testing.B, a *App, rng *rand.Rand, r *RoundView) {
	for _, t := range r.Tables {
		g, err := a.Game(b.Context(), t.Game)
		if err != nil {
			b.Fatal(err)
		}
		for i, p := range t.Players {
			if i == len(t.Players)-1 && rng.IntN(4) == 0 {
				break // sometimes the last two share a score: a shared place
			}
			rec, err := a.Correct(b.Context(), g, play.Correction{Verb: "adjust", Args: []string{p, fmt.Sprintf("+%d", 1+rng.IntN(40))}, Note: "scored"}, CorrectOptions{})
			if err != nil {
				b.Fatal(err)
			}
			g = rec.After
		}
		if _, err := a.Correct(b.Context(), g, play.Correction{Verb: "abandon", Note: "time"}, CorrectOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// timed is how long fn takes, the least of runs runs: the figure least disturbed by the rest
// of the machine.
func timed(b *testing.B, runs int, fn func()) time.Duration {
	best := time.Duration(1 << 62)
	for range runs {
		start := time.Now()
		fn()
		best = min(best, time.Since(start))
	}
	return best
}

// BenchmarkBigOpen runs an open Swiss through the application as the organiser's page drives
// it (each round paired by a fresh App, as a command or a server just started pairs it; each
// game then decided), and times beside each figure the same work done plainly in the same
// run:
//
//   - each round's pair (open, read the tournament and its games, pair, record, make the
//     games) against `calc pair` of the input the round recorded (read as JSON, paired);
//   - `games` and `tournament show` after round 1 and after the last round, each against the
//     same read of the games alone (the list without the tournament's log; the standings'
//     games replayed);
//   - `check --all` of the file against the games' walk with no pairing judged, plus one
//     pairing of each round's recorded input.
//
// Run it with:
//
//	go test ./table -run '^$' -bench BigOpen -benchtime 1x -timeout 60m
//
// With -short it runs small fields, in seconds.
func BenchmarkBigOpen(b *testing.B) {
	opens := []bigOpen{{"pinochle", 1000, 9, 2}, {"capture", 500, 6, 6}}
	if testing.Short() {
		opens = []bigOpen{{"pinochle", 100, 4, 2}, {"capture", 60, 3, 6}}
	}
	for _, o := range opens {
		b.Run(fmt.Sprintf("%s/players=%d/rounds=%d/tables=%d", o.kind, o.players, o.rounds, o.tableSize), func(b *testing.B) {
			for b.Loop() {
				o.run(b)
			}
		})
	}
}

func (o bigOpen) run(b *testing.B) {
	b.StopTimer()
	a, path := openApp(b, "")
	reopen := func() *App {
		x, err := Open(b.Context(), path, testSchema(b))
		if err != nil {
			b.Fatal(err)
		}
		return x
	}
	players := make([]string, o.players)
	ratings := map[string]int{}
	for i := range players {
		players[i] = fmt.Sprintf("p%04d", i+1)
		ratings[players[i]] = 1000 + (i*7919)%1200
	}
	s := TournamentSetup{Name: "open", Game: o.kind, Rounds: o.rounds, Players: players, Ratings: ratings}
	if o.tableSize != 2 {
		s.TableSize = o.tableSize
	}
	tg, err := a.NewTournament(b.Context(), s)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(50, uint64(o.players)))
	var worst float64
	var lines []string
	var after [][4]time.Duration // reads after round 1 and after the last
	for round := 1; round <= o.rounds; round++ {
		var r *RoundView
		x := reopen()
		pair := timed(b, 1, func() {
			g, err := x.TournamentLog(b.Context(), tg.ID())
			if err != nil {
				b.Fatal(err)
			}
			if r, err = x.PairRound(b.Context(), g, 0); err != nil {
				b.Fatal(err)
			}
		})
		x.Close()
		in := recordedInput(b, a, tg.ID(), round)
		text, err := json.Marshal(in)
		if err != nil {
			b.Fatal(err)
		}
		calc := timed(b, 3, func() {
			read, err := ReadPairingInput(bytes.NewReader(text))
			if err != nil {
				b.Fatal(err)
			}
			if _, err := Pair(read); err != nil {
				b.Fatal(err)
			}
		})
		ratio := pair.Seconds() / calc.Seconds()
		worst = max(worst, ratio)
		lines = append(lines, fmt.Sprintf("round %d: pair %v, calc pair %v (%.2f)", round, pair.Round(time.Millisecond), calc.Round(time.Millisecond), ratio))
		decideAll(b, a, rng, r)
		if round == 1 || round == o.rounds {
			reads := o.reads(b, reopen, tg.ID())
			lines = append(lines, fmt.Sprintf("after round %d: games %v (its games alone %v), show %v (its games alone %v)",
				round, reads[0].Round(time.Millisecond), reads[1].Round(time.Millisecond), reads[2].Round(time.Millisecond), reads[3].Round(time.Millisecond)))
			after = append(after, reads)
		}
	}
	check, plain := o.check(b, reopen, tg.ID())
	lines = append(lines, fmt.Sprintf("check --all %v, the games' walk (summaries held to their replays) and a pairing a round %v (%.2f)", check.Round(time.Millisecond), plain.Round(time.Millisecond), check.Seconds()/plain.Seconds()))
	// Printed whole: a benchmark's log is cut short after ten lines.
	fmt.Printf("%s:\n%s\n", b.Name(), strings.Join(lines, "\n"))
	first, last := after[0], after[len(after)-1]
	b.ReportMetric(worst, "worst-pair/calc")
	b.ReportMetric(last[0].Seconds()/first[0].Seconds(), "games-last/first")
	b.ReportMetric(last[2].Seconds()/first[2].Seconds(), "show-last/first")
	// What the tournament's log adds to the list, and the show to its games' replay.
	b.ReportMetric((last[0]-last[1]).Seconds()/(first[0]-first[1]).Seconds(), "games-less-its-games-last/first")
	b.ReportMetric((last[2].Seconds()/last[3].Seconds())/(first[2].Seconds()/first[3].Seconds()), "show-per-its-games-last/first")
	b.ReportMetric(check.Seconds()/plain.Seconds(), "check/(walk+pairings)")
	b.StartTimer()
}

// recordedInput is round's input as the tournament id recorded it.
func recordedInput(b *testing.B, a *App, id int64, round int) PairingInput {
	g, err := a.TournamentLog(b.Context(), id)
	if err != nil {
		b.Fatal(err)
	}
	n, err := tournamentNight(g)
	if err != nil {
		b.Fatal(err)
	}
	return n.Rounds()[round-1].Input
}

// reads times, each by a fresh App: `games` (every game listed), the list of the same games
// without the tournament's log, `tournament show`, and the games the show's standings count
// replayed alone.
func (o bigOpen) reads(b *testing.B, reopen func() *App, id int64) [4]time.Duration {
	x := reopen()
	defer x.Close()
	var out [4]time.Duration
	out[0] = timed(b, 3, func() {
		y := reopen()
		defer y.Close()
		if err := y.Games(b.Context(), func(Listed) error { return nil }); err != nil {
			b.Fatal(err)
		}
	})
	out[1] = timed(b, 3, func() {
		y := reopen()
		defer y.Close()
		err := walkGames(b.Context(), y, Walk{}, func(log []events.Event) (Listed, error) {
			if log[0].Game == id {
				return Listed{}, nil
			}
			g, err := replayShown(log[0].Game, log)
			if err != nil {
				return Listed{}, err
			}
			return listedOf(g), nil
		}, func(Listed) error { return nil })
		if err != nil {
			b.Fatal(err)
		}
	})
	out[2] = timed(b, 3, func() {
		y := reopen()
		defer y.Close()
		g, err := y.TournamentLog(b.Context(), id)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := y.Tournament(b.Context(), g); err != nil {
			b.Fatal(err)
		}
	})
	infos, err := x.store.MatchGames(b.Context(), "open")
	if err != nil {
		b.Fatal(err)
	}
	out[3] = timed(b, 3, func() {
		y := reopen()
		defer y.Close()
		for _, info := range infos {
			if _, err := y.Game(b.Context(), info.ID); err != nil {
				b.Fatal(err)
			}
		}
	})
	return out
}

// check times a walk judging every game (check --all's, which holds each game's summary to
// its replay too) against the same walk with no pairing judged, each game's summary held to
// its replay as plainly (every summary read in one query first), plus one pairing of each
// round's recorded input.
func (o bigOpen) check(b *testing.B, reopen func() *App, id int64) (check, plain time.Duration) {
	x := reopen()
	defer x.Close()
	g, err := x.TournamentLog(b.Context(), id)
	if err != nil {
		b.Fatal(err)
	}
	n, err := tournamentNight(g)
	if err != nil {
		b.Fatal(err)
	}
	check = timed(b, 3, func() {
		y := reopen()
		defer y.Close()
		flagged := 0
		if err := y.EachGame(b.Context(), Walk{}, func(g *play.Game, _ string) error { flagged += g.Checked().Open; return nil }); err != nil {
			b.Fatal(err)
		}
		if flagged != 0 {
			b.Fatalf("the night is flagged %d times", flagged)
		}
	})
	plain = timed(b, 3, func() {
		y := reopen()
		defer y.Close()
		lo, hi, err := y.store.GameSpan(b.Context())
		if err != nil {
			b.Fatal(err)
		}
		kept := map[int64][]byte{}
		if err := y.store.Summaries(b.Context(), summaryVersion, lo, hi, func(game int64, body []byte) error {
			kept[game] = body
			return nil
		}); err != nil {
			b.Fatal(err)
		}
		err = walkGames(b.Context(), y, Walk{}, func(log []events.Event) (play.Checked, error) {
			g, err := replayShown(log[0].Game, log)
			if err != nil {
				return play.Checked{}, err
			}
			if wrong := summaryDiffers(kept[g.ID()], summaryOf(g)); wrong != "" && g.ID() != id {
				return play.Checked{}, fmt.Errorf("game %d: %s", g.ID(), wrong)
			}
			return g.Checked(), nil
		}, func(play.Checked) error { return nil })
		if err != nil {
			b.Fatal(err)
		}
		for _, r := range n.Rounds() {
			if _, err := tournament.Pair(r.Input); err != nil {
				b.Fatal(err)
			}
		}
	})
	return check, plain
}
