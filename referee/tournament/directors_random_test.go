package tournament_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tableside/tableside/referee/tournament"
	"github.com/tableside/tableside/referee/tournament/tournamenttest"
)

// TestRandomNightsWithTheDirectorsRulings plays 2,000 random nights (200 under -short) of the
// tournament's own playout, which asks for byes (T11), enters forfeits (T10), keeps pairs apart
// and players at their tables (T13), and holds every round's pairing to the checker written
// apart from Pair (T1–T7, on the rounds T13 leaves alone), and to T13 everywhere: a pair kept
// apart meets, and a kept player sits elsewhere, only when the pairing says which ruling gave
// way. It reports how often each gave way.
func TestRandomNightsWithTheDirectorsRulings(t *testing.T) {
	nights := 2000
	if testing.Short() {
		nights = 200
	}
	names := make([]string, 24)
	for i := range names {
		names[i] = fmt.Sprintf("p%02d", i+1)
	}
	count, gaveWay := map[string]int{}, map[string]int{}
	for seed := range nights {
		_, moves := tournament.Rules{}.Playout(rand.New(rand.NewPCG(uint64(seed), 51)), names)
		for _, m := range moves {
			count[m.Type]++
			if m.Type != tournament.TypePaired {
				continue
			}
			var p tournament.Paired
			if err := json.Unmarshal(m.Payload, &p); err != nil {
				t.Fatal(err)
			}
			count["away"] += len(p.Input.Away)
			for _, g := range p.Output.GaveWay {
				for _, why := range []string{"more rematch", "no pairing of the round", "Berger's tables", "as few repeat pairs", "having the bye", "the round has", "keeps it", "at the same table"} {
					if strings.Contains(g, why) {
						gaveWay[why]++
					}
				}
			}
			// The checker knows T1–T7 alone: where T13 keeps a pair apart or a player at a table
			// it may rightly cost a points difference or the leaders' table, and T13 is held
			// below instead. It pairs no round robin of a many-player kind.
			if len(p.Input.Apart) == 0 && len(p.Input.Keep) == 0 && (p.Input.Format != tournament.RoundRobin || slices.Contains([]string{"pinochle", "candidate", "advantage"}, p.Input.Kind)) {
				for _, b := range tournamenttest.Check(p.Input, p.Output) {
					t.Errorf("seed %d, round %d: %s", seed, p.Round, b)
				}
			}
			for _, pq := range p.Input.Apart {
				count["kept apart"]++
				for _, tb := range p.Output.Tables {
					if slices.Contains(tb.Players, pq[0]) && slices.Contains(tb.Players, pq[1]) {
						if !slices.ContainsFunc(p.Output.GaveWay, func(g string) bool { return strings.Contains(g, "meet though they must not") }) {
							t.Errorf("seed %d, round %d: %s and %s meet, and the pairing does not say why", seed, p.Round, pq[0], pq[1])
						}
						count["apart gave way"]++
					}
				}
			}
			for _, k := range p.Input.Keep {
				count["kept at a table"]++
				at := slices.IndexFunc(p.Output.Tables, func(tb tournament.Table) bool { return slices.Contains(tb.Players, k.Player) })
				if at < 0 || p.Output.Tables[at].Table != k.Table {
					if !slices.ContainsFunc(p.Output.GaveWay, func(g string) bool { return strings.HasPrefix(g, k.Player+" keeps no table") }) {
						t.Errorf("seed %d, round %d: %s keeps table %d, and the pairing does not say why not", seed, p.Round, k.Player, k.Table)
					}
					count["table gave way"]++
				}
			}
		}
	}
	t.Logf("%d nights: %d rounds, %d byes asked for (%d players away), %d forfeits; %d pairs kept apart, of whom %d met (T13 gave way); %d players kept at a table, %d not (the bye, or a table the round lacks)",
		nights, count[tournament.TypePaired], count[tournament.TypeBye], count["away"], count[tournament.TypeForfeit],
		count["kept apart"], count["apart gave way"], count["kept at a table"], count["table gave way"])
	t.Logf("why T13 gave way: %v", gaveWay)
	for _, typ := range []string{tournament.TypeBye, tournament.TypeForfeit, tournament.TypeApart, tournament.TypeKeep} {
		if count[typ] == 0 {
			t.Errorf("no %s in %d nights", typ, nights)
		}
	}
}
