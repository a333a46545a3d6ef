package web

import (
	"encoding/json"
	"io/fs"
	"os/exec"
	"reflect"
	"strings"
	"testing"

	"github.com/tableside/tableside/internal/needs"
)

// TestWhatStandsOfALostRecord: what a phone sends again of the events it saw stored and a
// restored server lacks (offline.js's standing, run by Node): a move a void or a ruling of void
// among them took back is left out with it, a move amended is sent as amended (after a void
// too), and any other correction stays, for the director; each with when it was played.
func TestWhatStandsOfALostRecord(t *testing.T) {
	node := needs.Program(t, "node", "to run the phone's script", "apt-get install nodejs")
	script, err := fs.ReadFile(static, "static/offline.js")
	if err != nil {
		t.Fatal(err)
	}
	start := strings.Index(string(script), "\n  function standing(saw) {\n")
	end := strings.Index(string(script[start+1:]), "\n  }\n")
	if start < 0 || end < 0 {
		t.Fatal("offline.js has no function standing(saw)")
	}
	standing := string(script[start : start+1+end+4])

	type event struct {
		Seq     int64          `json:"seq"`
		Type    string         `json:"type"`
		Actor   string         `json:"actor,omitempty"`
		Payload map[string]any `json:"payload"`
		At      int64          `json:"at"`
	}
	type stood struct {
		Event event `json:"event"`
		At    int64 `json:"at"`
	}
	card := func(seq int64, actor, c string) event {
		return event{Seq: seq, Type: "pinochle.play", Actor: actor, Payload: map[string]any{"card": c}, At: 1000 * seq}
	}
	void := func(seq, target int64) event {
		return event{Seq: seq, Type: "void", Payload: map[string]any{"target": float64(target)}, At: 1000 * seq}
	}
	ruling := func(seq, target int64, decision string) event {
		return event{Seq: seq, Type: "ruling", Payload: map[string]any{"target": float64(target), "decision": decision}, At: 1000 * seq}
	}
	amend := func(seq, target int64, actor, c string) event {
		return event{Seq: seq, Type: "amend", Payload: map[string]any{"target": float64(target), "type": "pinochle.play", "actor": actor, "payload": map[string]any{"card": c}}, At: 1000 * seq}
	}
	as := func(e event, actor, c string) event {
		e.Actor, e.Payload = actor, map[string]any{"card": c}
		return e
	}
	late := card(6, "bob", "9S")
	late.Payload["played_at"] = float64(2500)
	stands := func(es ...event) []stood {
		out := []stood{}
		for _, e := range es {
			at := e.At
			if p, ok := e.Payload["played_at"].(float64); ok {
				at = int64(p)
			}
			out = append(out, stood{e, at})
		}
		return out
	}
	cases := []struct {
		what string
		saw  []event
		want []stood
	}{
		{"the table's undo, and the move played instead",
			[]event{card(5, "ann", "9S"), late, card(7, "ann", "JS"), card(8, "bob", "JS"), void(9, 8), card(10, "bob", "QS")},
			stands(card(5, "ann", "9S"), late, card(7, "ann", "JS"), card(10, "bob", "QS"))},
		{"a ruling of void", []event{card(5, "ann", "9S"), ruling(6, 5, "void")}, stands()},
		{"a ruling that condones", []event{card(5, "ann", "9S"), ruling(6, 5, "condone")}, stands(card(5, "ann", "9S"), ruling(6, 5, "condone"))},
		{"an amend", []event{card(5, "ann", "9S"), amend(6, 5, "ann", "TS")}, stands(as(card(5, "ann", "9S"), "ann", "TS"))},
		{"an amend after a void", []event{card(5, "ann", "9S"), void(6, 5), amend(7, 5, "ann", "TS")}, stands(as(card(5, "ann", "9S"), "ann", "TS"))},
		{"a void after an amend", []event{card(5, "ann", "9S"), amend(6, 5, "ann", "TS"), void(7, 5)}, stands()},
		{"a void of a move the server holds", []event{void(5, 3), card(6, "ann", "9S")}, stands(void(5, 3), card(6, "ann", "9S"))},
		{"a void of a void, which has no effect", []event{card(5, "ann", "9S"), void(6, 5), void(7, 6)}, stands(void(7, 6))},
	}
	var in [][]event
	for _, c := range cases {
		in = append(in, c.saw)
	}
	input, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, "-e", standing+"\nprocess.stdout.write(JSON.stringify("+string(input)+".map(standing)));")
	out, err := needs.Output(t, cmd)
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	var got [][]stood
	if err := json.Unmarshal(out, &got); err != nil || len(got) != len(cases) {
		t.Fatalf("node answered %s: %v", out, err)
	}
	for i, c := range cases {
		if !reflect.DeepEqual(got[i], c.want) {
			t.Errorf("%s: the phone sends again\n%+v\nwant\n%+v", c.what, got[i], c.want)
		}
	}
}
