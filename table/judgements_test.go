package table

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/tournament"
)

// countJudgements makes a's judgements of pairings count themselves in n.
func countJudgements(a *App, n *int) {
	a.judgements.judgePairing = func(in tournament.Input, out tournament.Output) []referee.Flag {
		*n++
		return tournament.JudgePairing(in, out)
	}
}

// nightOfFour is a Swiss of four at Pinochle with rounds rounds paired, each before the last
// decided (the first at each table wins), on a.
func nightOfFour(t *testing.T, a *App, rounds int) *play.Game {
	t.Helper()
	tg, r := pairedFour(t, a, "friday")
	for range rounds - 1 {
		for _, tb := range r.Tables {
			decide(t, a, tb.Game, tb.Players[0])
		}
		var err error
		if r, err = a.PairRound(t.Context(), tournamentLog(t, a, tg.ID()), 0); err != nil {
			t.Fatal(err)
		}
	}
	return tournamentLog(t, a, tg.ID())
}

func tournamentLog(t *testing.T, a *App, id int64) *play.Game {
	t.Helper()
	g, err := a.TournamentLog(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestAPairingIsJudgedOnce: pairing a round judges nothing, since the pairing knows its own
// judgement; a read that lists or shows (TournamentLog, Games, the statistics) judges
// nothing; a read with the flags judges each round once, and then remembers, as does a walk
// of the file after it.
func TestAPairingIsJudgedOnce(t *testing.T) {
	a, path := openApp(t, "")
	var byPair int
	countJudgements(a, &byPair)
	tg := nightOfFour(t, a, 3)
	if byPair != 0 {
		t.Errorf("pairing three rounds judged %d pairings, want none", byPair)
	}
	if g := tournamentGame(t, a, tg.ID()); len(g.Flags()) != 0 || byPair != 0 {
		t.Errorf("the log read again: flags %+v and %d judgements, want none", g.Flags(), byPair)
	}

	fresh, err := Open(t.Context(), path, testSchema(t))
	if err != nil {
		t.Fatal(err)
	}
	defer fresh.Close()
	var judged int
	countJudgements(fresh, &judged)
	tournamentLog(t, fresh, tg.ID())
	if err := fresh.Games(t.Context(), func(Listed) error { return nil }); err != nil {
		t.Fatal(err)
	}
	if _, err := fresh.Stats(t.Context(), StatsFilter{}, Walk{}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := fresh.Tournament(t.Context(), tournamentLog(t, fresh, tg.ID())); err != nil {
		t.Fatal(err)
	}
	if judged != 0 {
		t.Errorf("reads that show no flag judged %d pairings", judged)
	}
	for range 2 {
		tournamentGame(t, fresh, tg.ID())
	}
	if judged != 3 {
		t.Errorf("two reads of the log with its flags judged %d pairings, want its 3 rounds once", judged)
	}
	if err := fresh.EachGame(t.Context(), Walk{}, func(*play.Game, string) error { return nil }); err != nil {
		t.Fatal(err)
	}
	if judged != 3 {
		t.Errorf("a walk after them judged %d pairings in all, want 3", judged)
	}
}

// TestATamperedPairingIsFlagged: round 2's pairing is rewritten in the file as a rematch of
// round 1, its hash made again so that the chain holds. A server that judged the pairing as
// made, and a reader that never saw it, both flag the rewritten one (T4) on reading the log,
// and so does a walk of the file (check --all), on both stores.
func TestATamperedPairingIsFlagged(t *testing.T) {
	for name, place := range keptPlaces(t) {
		t.Run(name, func(t *testing.T) {
			a, _, fresh, forge := place(t)
			a.keep(10, 1<<30)
			tg := nightOfFour(t, a, 2)
			if g := tournamentGame(t, a, tg.ID()); len(g.Flags()) != 0 {
				t.Fatalf("the night as paired is flagged: %+v", g.Flags())
			}
			log := tournamentGame(t, fresh, tg.ID()).Log()
			last := log[len(log)-1]
			var p tournament.Paired
			if err := json.Unmarshal(last.Payload, &p); err != nil || last.Type != tournament.TypePaired || p.Round != 2 {
				t.Fatalf("the log ends with %s %s (%v), not round 2's pairing", last.Type, last.Payload, err)
			}
			n, err := tournamentNight(tournamentLog(t, fresh, tg.ID()))
			if err != nil {
				t.Fatal(err)
			}
			p.Output.Tables = slices.Clone(n.Rounds()[0].Tables)
			payload, err := json.Marshal(p)
			if err != nil {
				t.Fatal(err)
			}
			last.Payload = payload
			last.Hash = events.Hash(log[len(log)-2].Hash, last)
			forge(fmt.Sprintf(`UPDATE events SET payload = '%s', hash = '%s' WHERE game = %d AND seq = %d`,
				strings.ReplaceAll(string(payload), "'", "''"), last.Hash, tg.ID(), last.Seq))

			rematch := func(who string, g *play.Game) {
				t.Helper()
				if r := g.Record(); r != nil && !r.Intact { // a walk reads no hash
					t.Errorf("%s: the chain made again reads %+v", who, r)
				}
				if !slices.ContainsFunc(g.Flags(), func(f referee.Flag) bool { return f.Rule == "T4" && f.Seq == last.Seq }) {
					t.Errorf("%s: round 2 seated as round 1 is not flagged T4 at event %d: %+v", who, last.Seq, g.Flags())
				}
			}
			// The server's pages read it first, unjudged: its log page must judge it all the same.
			tournamentLog(t, a, tg.ID())
			rematch("the server that judged it as made", tournamentGame(t, a, tg.ID()))
			rematch("a fresh read", tournamentGame(t, fresh, tg.ID()))
			walked := false
			err = fresh.EachGame(t.Context(), Walk{}, func(g *play.Game, _ string) error {
				if g.ID() == tg.ID() {
					rematch("a walk of the file", g)
					walked = true
				}
				return nil
			})
			if err != nil || !walked {
				t.Fatalf("the walk: %v, the tournament walked: %v", err, walked)
			}
		})
	}
}

// TestAServerKeepsTheTournamentItShows: a server's pages read a night without judging it and
// keep it so, for the next refresh; a read with the flags does not take that game but judges
// the log (each round once) and keeps its own, which the pages then take too.
func TestAServerKeepsTheTournamentItShows(t *testing.T) {
	a, path := openApp(t, "")
	tg := nightOfFour(t, a, 3)
	server, err := Open(t.Context(), path, testSchema(t), Keep(10, 1<<30))
	if err != nil {
		t.Fatal(err)
	}
	defer server.Close()
	var judged int
	countJudgements(server, &judged)
	shown := tournamentLog(t, server, tg.ID())
	if again := tournamentLog(t, server, tg.ID()); again != shown || judged != 0 {
		t.Errorf("the pages' second read: the same game %v, %d judgements; want the kept game and none", again == shown, judged)
	}
	g := tournamentGame(t, server, tg.ID())
	if g == shown || judged != 3 {
		t.Errorf("a read with the flags: took the unjudged game %v, judged %d pairings; want a judged read of its 3 rounds", g == shown, judged)
	}
	if again := tournamentLog(t, server, tg.ID()); again != g || judged != 3 {
		t.Errorf("the pages after it: the judged game %v, %d judgements", again == g, judged)
	}
}
