package table

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/kinds"
	"github.com/tableside/tableside/referee/refereetest"
)

// awkwardNames seat the round-trip games: each is a name `new` accepts that a careless writer
// would get wrong — a comment mark, a quote, the note mark, letters beyond ASCII, an escape.
var awkwardNames = []string{"#x", `"q`, "--", "zoë", "it's", `x\y`, "a=b", "ann"}

// roundTripGame plays a random game of r with awkward names, a match, a date, teams and random
// corrections with awkward notes, and returns its log.
func roundTripGame(t *testing.T, r referee.Rules, seed int) []events.Event {
	t.Helper()
	rng := rand.New(rand.NewPCG(uint64(seed), 77))
	names := append([]string(nil), awkwardNames...)
	rng.Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
	setup, moves := r.Playout(rng, names)
	setup.Match, setup.Date = []string{"club night", "#1", `the "big" one`, "x"}[seed%4], "2026-11-20"
	if setup.Teams != nil {
		teams := map[string][]string{}
		for name, members := range setup.Teams {
			teams[name+" team -- "+`"`+name+`"`] = members
		}
		setup.Teams = teams
	}
	var err error
	if setup.Options, err = referee.CheckOptions(r.Options(), setup.Options); err != nil {
		t.Fatal(err)
	}
	if _, err := checkCreated(setup); err != nil {
		t.Fatalf("seed %d: the round trip's own setup is refused: %v", seed, err)
	}
	return refereetest.WithCorrections(t, rng, setup, moves)
}

// TestTranscriptRoundTrip: for random games of every kind, with random corrections and awkward
// names, teams, matches and notes, a transcript imports back to the same events and the same
// sheet and flags.
func TestTranscriptRoundTrip(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 4
	}
	for _, kind := range play.Kinds() {
		r := kinds.All()[kind]
		for seed := range games {
			log := roundTripGame(t, r, seed)
			prev := "" // as stored: the export carries the chain
			for i := range log {
				log[i].Game = 1
				log[i].Hash = events.Hash(prev, log[i])
				prev = log[i].Hash
			}
			g, err := Replay(1, log)
			if err != nil {
				t.Fatal(err)
			}
			text, err := Transcript(g)
			if err != nil {
				t.Fatalf("%s seed %d: %v", kind, seed, err)
			}
			back, err := readTranscript(text, "1999-01-01", 0)
			if err != nil {
				t.Fatalf("%s seed %d: the transcript does not import: %v\n%s", kind, seed, err, text)
			}
			if diff := sameEvents(log, back); diff != "" {
				t.Fatalf("%s seed %d: %s\n%s", kind, seed, diff, text)
			}
			g2, err := Replay(1, back)
			if err != nil {
				t.Fatal(err)
			}
			if a, b := sheetJSON(t, g), sheetJSON(t, g2); a != b || !reflect.DeepEqual(g.Flags(), g2.Flags()) {
				t.Fatalf("%s seed %d: the imported game scores differently", kind, seed)
			}
			// And the JSON-lines export reads back to the same events.
			jsonl, err := GameJSONL(g)
			if err != nil {
				t.Fatal(err)
			}
			again, _, err := readJSONL(jsonl)
			if err != nil {
				t.Fatalf("%s seed %d: %v", kind, seed, err)
			}
			if diff := sameEvents(log, again); diff != "" {
				t.Fatalf("%s seed %d: jsonl: %s", kind, seed, diff)
			}
		}
	}
}

// sameEvents says how two logs differ in what a replay reads (type, actor, payload), or "".
func sameEvents(want, got []events.Event) string {
	if len(want) != len(got) {
		return fmt.Sprintf("%d events, want %d", len(got), len(want))
	}
	for i := range want {
		var a, b bytes.Buffer
		json.Compact(&a, want[i].Payload)
		json.Compact(&b, got[i].Payload)
		if want[i].Type != got[i].Type || want[i].Actor != got[i].Actor || a.String() != b.String() {
			return fmt.Sprintf("event %d is %s %q %s, want %s %q %s", i+1, got[i].Type, got[i].Actor, b.String(), want[i].Type, want[i].Actor, a.String())
		}
	}
	return ""
}

// sheetJSON is the game's score sheet as JSON, without its record: two games that score alike
// may have been stored differently.
func sheetJSON(t *testing.T, g *play.Game) string {
	s := g.Sheet()
	s.Record = nil
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestTranscriptKeepsWhatWasLost: the cases a transcript used to lose.
func TestTranscriptKeepsWhatWasLost(t *testing.T) {
	for _, tt := range []struct{ name, header, moves string }{
		{"a player called #x", `new candidate --players "#x,bob" --dealer bob`, "seat H\nreveal 7H\n\"#x\" bid 9H\nbob pass"},
		{"a team name with a space", `new article2 --players ann,bob,cy,dee --option parties=on --team "red team=ann,cy" --team "blue=bob,dee"`, "start ann\nann play tack bob"},
		{"a quoted match with a space", `new pinochle --players ann,bob --opener ann --match "club night"`, "ann bid 12\nbob pass"},
		{"a note with a line break", `new candidate --players ann,bob --dealer bob`, "seat H\nadjust ann +3 -- \"first\\nsecond\""},
	} {
		log, err := readTranscript(tt.header+"\n"+tt.moves, "2026-11-20", 0)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		g, err := Replay(1, log)
		if err != nil {
			t.Fatal(err)
		}
		text, err := Transcript(g)
		if err != nil {
			t.Fatal(err)
		}
		back, err := readTranscript(text, "2026-11-20", 0)
		if err != nil {
			t.Fatalf("%s: the export does not import: %v\n%s", tt.name, err, text)
		}
		if diff := sameEvents(log, back); diff != "" || len(log) != strings.Count(tt.moves, "\n")+2 {
			t.Errorf("%s: %d events, %s\n%s", tt.name, len(back), diff, text)
		}
	}
}

// TestTranscriptAdjustNamesAPlayerInAnyCase: a transcript reads corrections as the command line
// does, so `adjust Ann +3` is ann's adjustment.
func TestTranscriptAdjustNamesAPlayerInAnyCase(t *testing.T) {
	log, err := readTranscript("new candidate --players ann,bob --dealer bob\nadjust Ann +3 -- late", "2026-11-20", 0)
	if err != nil {
		t.Fatal(err)
	}
	g, err := Replay(1, log)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Flags()) != 0 || g.Sheet().Totals["ann"] != 3 {
		t.Errorf("flags %v, totals %v: want ann +3 and no flag", g.Flags(), g.Sheet().Totals)
	}
}
