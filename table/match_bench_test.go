package table

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/refereetest"
)

// benchMatch is the match the match benchmarks look up: 30 whole games of Pinochle.
const benchMatch = "club night"

// matchFile is a database of n games built for the match benchmarks and kept in the temporary
// directory for later runs: the 30 games of benchMatch, and n-30 other games, each the first
// ten events of one of 300 generated games of every kind (games in progress; a match lookup
// does not read them, so their length does not matter, only their number).
func matchFile(b *testing.B, n int) string {
	return cachedFile(b, fmt.Sprintf("tableside-matches-%d-v2.db", n), func(add func([]events.Event)) {
		var openings [][]events.Event
		for log := range refereetest.Season(b, allRules(b), 300, 5) {
			openings = append(openings, log[:min(10, len(log))])
		}
		pinochle, err := play.RulesOf("pinochle")
		if err != nil {
			b.Fatal(err)
		}
		var match [][]events.Event
		for log := range refereetest.Season(b, []referee.Rules{pinochle}, 30, 7) {
			var c events.Created
			if err := json.Unmarshal(log[0].Payload, &c); err != nil {
				b.Fatal(err)
			}
			c.Match = benchMatch
			if log[0].Payload, err = json.Marshal(c); err != nil {
				b.Fatal(err)
			}
			match = append(match, log)
		}
		// The match's games are spread through the file, as a season's nights are.
		every := n / len(match)
		for i := range n {
			if i%every == every-1 && len(match) > 0 {
				add(match[0])
				match = match[1:]
				continue
			}
			add(slices.Clone(openings[i%len(openings)]))
		}
	})
}

// BenchmarkMatchStandings is `match NAME` in a file of 10,000 and of 100,000 games: open the
// file, find the match's 30 games through the games_match index, replay each, sum the
// standings, close.
func BenchmarkMatchStandings(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		b.Run(fmt.Sprintf("games=%d", n), func(b *testing.B) {
			path := matchFile(b, n)
			for b.Loop() {
				a, err := Open(b.Context(), path, testSchema(b))
				if err != nil {
					b.Fatal(err)
				}
				s, err := a.Match(b.Context(), benchMatch)
				if err != nil {
					b.Fatal(err)
				}
				if s.Games != 30 {
					b.Fatalf("the match has %d games, want 30", s.Games)
				}
				a.Close()
			}
		})
	}
}

// BenchmarkNewInMatch is `new pinochle … --match NAME` in a file of 10,000 and of 100,000
// games: open the file, check through the games_match index that the match is of the same
// game, store the new game, close. It runs on a copy of the file, which grows by a game an
// iteration.
func BenchmarkNewInMatch(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		b.Run(fmt.Sprintf("games=%d", n), func(b *testing.B) {
			data, err := os.ReadFile(matchFile(b, n))
			if err != nil {
				b.Fatal(err)
			}
			path := filepath.Join(b.TempDir(), "copy.db")
			// Written to the disk before the clock starts, or the first move's sync would
			// write the whole copy.
			f, err := os.Create(path)
			if err == nil {
				_, err = f.Write(data)
			}
			if err == nil {
				err = f.Sync()
			}
			if err == nil {
				err = f.Close()
			}
			if err != nil {
				b.Fatal(err)
			}
			setup := Setup{Kind: "pinochle", Players: []string{"ann", "bob"}, Opener: "ann", Match: benchMatch}
			for b.Loop() {
				a, err := Open(b.Context(), path, testSchema(b))
				if err != nil {
					b.Fatal(err)
				}
				if _, err := a.New(b.Context(), setup); err != nil {
					b.Fatal(err)
				}
				a.Close()
			}
		})
	}
}
