package referee_test

import (
	"strings"
	"testing"

	"github.com/tableside/tableside/cards"
	"github.com/tableside/tableside/referee"
)

func TestNewMove(t *testing.T) {
	type payload struct {
		Card *cards.Card `json:"card,omitempty"`
	}
	m := referee.NewMove("candidate.bid", "ann", payload{Card: &cards.Card{Rank: 9, Suit: cards.Hearts}})
	if m.Type != "candidate.bid" || m.Actor != "ann" || string(m.Payload) != `{"card":"9H"}` {
		t.Errorf("NewMove = %+v, payload %s", m, m.Payload)
	}
	defer func() {
		if recover() == nil {
			t.Error("a payload that does not marshal was stored")
		}
	}()
	referee.NewMove("candidate.bid", "ann", payload{Card: &cards.Card{}})
}

func TestFlagf(t *testing.T) {
	want := referee.Flag{Seq: 5, Rule: "C7", Severity: referee.Illegal, Message: "a bid must beat the high bid (9♥ by ann)"}
	if got := referee.Flagf(5, "C7", referee.Illegal, "a bid must beat the high bid (%s by %s)", "9♥", "ann"); got != want {
		t.Errorf("Flagf = %+v, want %+v", got, want)
	}
}

func TestPlayerIndex(t *testing.T) {
	players := []string{"ann", "bob"}
	if i := referee.PlayerIndex(players, "BOB"); i != 1 {
		t.Errorf("BOB is player %d", i)
	}
	if i := referee.PlayerIndex(players, "cy"); i != referee.Nobody {
		t.Errorf("cy is player %d, want Nobody", i)
	}
}

func TestPlural(t *testing.T) {
	for n, want := range map[int]string{0: "cards", 1: "card", 2: "cards"} {
		if got := referee.Plural(n, "card", "cards"); got != want {
			t.Errorf("Plural(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestCheckOptionsList(t *testing.T) {
	opts := []referee.Option{{Name: "tie_breaks", Values: []string{"a,b", "a", "b", "c"}, List: true}}
	for _, tc := range []struct {
		value, want string // want: the value stored, or "" when refused
	}{
		{"c,a", "c,a"},
		{"b", "b"},
		{"a,b,c", "a,b,c"},
		{"a,a", ""},
		{"a,d", ""},
		{"a,b", "a,b"},
		{"", ""},
		{"a,", ""},
		{"a,b", "a,b"},
	} {
		got, err := referee.CheckOptions(opts, map[string]string{"tie_breaks": tc.value})
		switch {
		case tc.want == "" && err == nil:
			t.Errorf("tie_breaks=%q taken as %q", tc.value, got["tie_breaks"])
		case tc.want != "" && err != nil:
			t.Errorf("tie_breaks=%q refused: %v", tc.value, err)
		case tc.want != "" && got["tie_breaks"] != tc.want:
			t.Errorf("tie_breaks=%q stored as %q", tc.value, got["tie_breaks"])
		}
	}
	got, err := referee.CheckOptions(opts, nil)
	if err != nil || got["tie_breaks"] != "a,b" {
		t.Errorf("default list = %q, %v; want a,b", got["tie_breaks"], err)
	}
	if _, err := referee.CheckOptions(opts, map[string]string{"tie_breaks": "a,a"}); err == nil || !strings.Contains(err.Error(), "a is listed twice") {
		t.Errorf("a list naming a value twice: %v", err)
	}
}
