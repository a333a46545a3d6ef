package table

import (
	"errors"
	"strings"
	"testing"

	"github.com/tableside/tableside/play"
)

// TestSetupErrorsNameTheField: a setup refused for one of its fields says which, in the field's
// own name, whichever face sent it.
func TestSetupErrorsNameTheField(t *testing.T) {
	a, _ := openApp(t, "")
	for _, tc := range []struct {
		setup Setup
		field string
		says  string
	}{
		{Setup{Kind: "whist", Players: []string{"ann", "bob"}}, FieldKind, "whist"},
		{Setup{Kind: "candidate"}, FieldPlayers, "name the players"},
		{Setup{Kind: "candidate", Players: []string{"ann,cy", "bob"}, Dealer: "bob"}, FieldPlayers, "cannot hold a comma"},
		{Setup{Kind: "candidate", Players: []string{"ann", "bob"}, Dealer: "bob", Date: "24/11/2026"}, FieldDate, "YYYY-MM-DD"},
		{Setup{Kind: "candidate", Players: []string{"ann", "bob"}, Dealer: "bob", Options: map[string]string{"speed": "fast"}}, FieldOptions, "speed"},
		{Setup{Kind: "article2", Players: []string{"ann", "bob", "cy", "dee"}, Teams: map[string][]string{"a=b": {"ann", "cy"}}}, FieldTeams, "equals"},
		// What only the engine knows is named by its field too.
		{Setup{Kind: "candidate", Players: []string{"ann", "bob"}}, FieldDealer, "name the dealer"},
		{Setup{Kind: "pinochle", Players: []string{"ann", "bob"}, Opener: "cy"}, FieldOpener, "not a player"},
		{Setup{Kind: "candidate", Players: []string{"ann", "ann"}, Dealer: "ann"}, FieldPlayers, "two players are called"},
		{Setup{Kind: "article2", Players: []string{"ann", "bob", "cy", "dee"}, Teams: map[string][]string{"red": {"ann", "cy"}, "blue": {"bob", "dee"}}}, FieldTeams, "parties=on"},
	} {
		_, err := a.New(t.Context(), tc.setup)
		var e *play.Error
		if !errors.As(err, &e) || e.Code != play.Invalid || e.Field != tc.field || !strings.HasPrefix(e.Message, tc.field+": ") || !strings.Contains(e.Message, tc.says) {
			t.Errorf("%+v: %v (field %q), want field %s saying %q", tc.setup, err, fieldOf(err), tc.field, tc.says)
		}
	}
	if n, err := a.CountGames(t.Context()); err != nil || n != 0 {
		t.Errorf("%d games recorded (%v)", n, err)
	}
}

func fieldOf(err error) string {
	var e *play.Error
	if errors.As(err, &e) {
		return e.Field
	}
	return ""
}

// TestSetupWrittenForms: the written forms of a team and an option, as `new` and a transcript
// write them, read into the setup's fields, and a repeated one is refused.
func TestSetupWrittenForms(t *testing.T) {
	var s Setup
	for _, w := range []string{"red = ann, cy", "blue=bob,dee"} {
		if err := s.AddTeam(w); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.AddOption(" parties = on "); err != nil {
		t.Fatal(err)
	}
	if got := s.Teams["red"]; len(got) != 2 || got[0] != "ann" || got[1] != "cy" || s.Options["parties"] != "on" {
		t.Errorf("teams %v, options %v", s.Teams, s.Options)
	}
	for _, bad := range []error{s.AddTeam("red=x,y"), s.AddTeam("nobody"), s.AddOption("parties=off"), s.AddOption("limit")} {
		if fieldOf(bad) == "" {
			t.Errorf("refused without naming its field: %v", bad)
		}
	}
	if got := SplitNames(" ann, ,bob ,"); len(got) != 2 || got[0] != "ann" || got[1] != "bob" {
		t.Errorf("SplitNames = %q", got)
	}
}
