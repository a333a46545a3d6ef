// Package refereetest helps the engines' tests: it turns a setup and moves into the log a store
// would hold, and replays it.
package refereetest

import (
	"encoding/json"
	"fmt"
	"iter"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
)

// Log numbers a setup and its moves as the events of game 1.
func Log(tb testing.TB, setup events.Created, moves []referee.Move) []events.Event {
	tb.Helper()
	b, err := json.Marshal(setup)
	if err != nil {
		tb.Fatal(err)
	}
	evs := []events.Event{{Game: 1, Seq: 1, Type: events.TypeCreated, Payload: b}}
	for i, m := range moves {
		evs = append(evs, events.Event{Game: 1, Seq: int64(i + 2), Type: m.Type, Actor: m.Actor, Payload: m.Payload})
	}
	return evs
}

// Replay replays a log through r, failing the test if it cannot.
func Replay(tb testing.TB, r referee.Rules, evs []events.Event) *referee.Outcome {
	tb.Helper()
	o, err := referee.Replay(r, evs)
	if err != nil {
		tb.Fatal(err)
	}
	return o
}

// Play reads moves typed at the table, one per line, each in the light of the game so far,
// and replays the log they make.
func Play(tb testing.TB, r referee.Rules, setup events.Created, lines []string) *referee.Outcome {
	tb.Helper()
	g, err := r.New(setup)
	if err != nil {
		tb.Fatal(err)
	}
	var moves []referee.Move
	for _, line := range lines {
		m, err := g.Parse(strings.Fields(line))
		if err != nil {
			tb.Fatalf("%q: %v", line, err)
		}
		moves = append(moves, m)
		g.Apply(int64(len(moves)+1), m)
	}
	return Replay(tb, r, Log(tb, setup, moves))
}

// Flags sums up an outcome's flags for comparison in tests: "5 C7 illegal; 8 P10 illegal by 12".
func Flags(o *referee.Outcome) string {
	var out []string
	for _, f := range o.Flags {
		s := fmt.Sprintf("%d %s %s", f.Seq, f.Rule, f.Severity)
		if f.RevealedBy != 0 {
			s += fmt.Sprintf(" by %d", f.RevealedBy)
		}
		out = append(out, s)
	}
	return strings.Join(out, "; ")
}

// Season is n games of the given engines in turn, each a seeded random playout of the game's
// date, every third with corrections woven in so that some carry flags: a club's file in
// miniature, for tests and benchmarks that walk a whole store. Each log is numbered as game 1.
func Season(tb testing.TB, rules []referee.Rules, n int, seed uint64) iter.Seq[[]events.Event] {
	return func(yield func([]events.Event) bool) {
		for i := range n {
			rng := rand.New(rand.NewPCG(seed, uint64(i)))
			setup, moves := rules[i%len(rules)].Playout(rng, Names)
			setup.Date = "2026-11-20"
			log := Log(tb, setup, moves)
			if i%3 == 2 {
				log = WithCorrections(tb, rng, setup, moves)
			}
			if !yield(log) {
				return
			}
		}
	}
}

// SameAsJSON fails unless read decodes raw exactly as encoding/json decodes it into a T: the
// same value, and an error exactly when encoding/json gives one. An engine's own payload
// reader (referee.ReadFlat) is only a faster road to encoding/json's answer.
func SameAsJSON[T any](tb testing.TB, raw []byte, read func(*T, []byte) error) {
	tb.Helper()
	var fast, slow T
	ferr, serr := read(&fast, raw), json.Unmarshal(raw, &slow)
	if (ferr == nil) != (serr == nil) || (serr == nil && !reflect.DeepEqual(fast, slow)) {
		tb.Fatalf("payload %q: read %+v (%v), encoding/json %+v (%v)", raw, fast, ferr, slow, serr)
	}
}

// FuzzPayload fuzzes an engine's payload reader against encoding/json (SameAsJSON), seeded with
// PayloadSeeds and the moves of a few of the engine's own playouts.
func FuzzPayload[T any](f *testing.F, r referee.Rules, read func(*T, []byte) error) {
	for _, s := range PayloadSeeds {
		f.Add([]byte(s))
	}
	for seed := range uint64(5) {
		_, moves := r.Playout(rand.New(rand.NewPCG(seed, 2)), Names)
		for _, m := range moves {
			f.Add([]byte(m.Payload))
		}
	}
	f.Fuzz(func(t *testing.T, raw []byte) { SameAsJSON(t, raw, read) })
}

// PayloadSeeds are payloads that a reader of flat payloads must leave to encoding/json, or
// read as it does: white space, escapes, case, repeats, nulls, numbers of every form.
var PayloadSeeds = []string{
	`{}`, `{"card":"JH"}`, `{"card": "JH"}`, `{"Card":"JH"}`, `{"card":"JH","card":"QS"}`,
	`{"card":"J\u0048"}`, `{"card":null}`, `{"card":"ZZ"}`, `{"card":5}`, `{"points":12}`,
	`{"points":-3}`, `{"points":012}`, `{"points":1e2}`, `{"points":1.5}`, `{"points":"12"}`,
	`{"points":99999999999999999999}`, `{"cards":[]}`, `{"cards":["JH","QS"]}`, `{"cards":["JH",]}`,
	`{"cards":["JH" ,"QS"]}`, `{"cards":[["JH"]]}`, `{"cards":"JH"}`, `{"suit":"H"}`, `{"suit":"X"}`,
	`{"card":"JH",}`, `{"card":"JH"`, `[]`, `null`, `{"other":1}`, `{"card":"é"}`, `{"card":"\t"}`,
	`{"seq":7,"player":"ann"}`, `{"seq":-0}`, `{"target":"","discard":"x"}`, `{"hands":{"ann":["JH"]}}`,
}
