package table

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tableside/tableside/play"
)

// TestListGamesTakesWhatItIsAsked: every filter of a list, alone and together, newest first or
// oldest, limited and paged, lists exactly the games a filter of the whole list by hand gives,
// in its order; the filters a list cannot take are refused, naming what was wrong.
func TestListGamesTakesWhatItIsAsked(t *testing.T) {
	a, _ := openApp(t, "")
	players := []string{"ann", "bob", "cy", "dee"}
	for i := range 70 { // more than two runs of a walk
		p, q := players[i%4], players[(i+1+i/4%3)%4]
		s := Setup{Kind: "pinochle", Players: []string{p, q}, Dealer: q, Date: fmt.Sprintf("2026-03-%02d", 1+i%20), Match: []string{"", "spring", "autumn"}[i%3]}
		if i%5 == 0 {
			s = Setup{Kind: "capture", Players: []string{p, q}, Dealer: p, Date: s.Date} // a match is of one kind
		}
		g, err := a.New(t.Context(), s)
		if err != nil {
			t.Fatal(err)
		}
		if i%7 == 0 {
			if _, err := a.Correct(t.Context(), g, play.Correction{Verb: "abandon", Note: "time"}, CorrectOptions{}); err != nil {
				t.Fatal(err)
			}
		}
	}
	var every []Listed // oldest first
	if err := a.Games(t.Context(), func(l Listed) error { every = append(every, l); return nil }); err != nil || len(every) != 70 {
		t.Fatalf("Games lists %d games (%v), want 70", len(every), err)
	}
	ids := func(ls []Listed) []int64 {
		var out []int64
		for _, l := range ls {
			out = append(out, l.ID)
		}
		return out
	}
	for _, f := range []GamesFilter{
		{},
		{Oldest: true},
		{Match: "spring"},
		{Player: "cy", Oldest: true},
		{Kind: "capture"},
		{States: []string{StateAbandoned}},
		{States: []string{StateInProgress, StateOver}, Limit: 10},
		{Since: "2026-03-05", Until: "2026-03-09"},
		{Since: "2026-03-18"},
		{Match: "autumn", Player: "ann", Kind: "pinochle", Limit: 3},
		{Before: 40, Limit: 5},
		{After: 60, Oldest: true},
		{After: 10, Before: 20},
		{Player: "nobody"},
	} {
		var want []Listed
		for _, l := range every {
			if f.takes(l) && (f.After == 0 || l.ID > f.After) && (f.Before == 0 || l.ID < f.Before) {
				want = append(want, l)
			}
		}
		if !f.Oldest {
			slices.Reverse(want)
		}
		if f.Limit > 0 && len(want) > f.Limit {
			want = want[:f.Limit]
		}
		var got []Listed
		if err := a.ListGames(t.Context(), f, func(l Listed) error { got = append(got, l); return nil }); err != nil {
			t.Errorf("%+v: %v", f, err)
		}
		if !slices.Equal(ids(got), ids(want)) {
			t.Errorf("%+v lists %v, want %v", f, ids(got), ids(want))
		}
	}
	// A page after another, by the last one's number, until none is left: every game once.
	var paged []int64
	for before := int64(0); ; {
		var page []Listed
		if err := a.ListGames(t.Context(), GamesFilter{Before: before, Limit: 16}, func(l Listed) error { page = append(page, l); return nil }); err != nil {
			t.Fatal(err)
		}
		if len(page) == 0 {
			break
		}
		paged = append(paged, ids(page)...)
		before = page[len(page)-1].ID
	}
	if want := slices.Sorted(slices.Values(ids(every))); !slices.Equal(slices.Sorted(slices.Values(paged)), want) || len(paged) != len(want) {
		t.Errorf("the pages list %v, want every game once", paged)
	}
	for f, want := range map[*GamesFilter]string{
		{States: []string{"finished"}}:             `no state "finished"`,
		{Kind: "chess"}:                            `no kind "chess"`,
		{Since: "14/03/2026"}:                      `"14/03/2026" is not a day`,
		{Since: "2026-03-10", Until: "2026-03-01"}: "until 2026-03-01, before it begins on 2026-03-10",
		{Limit: -1}:                                "a limit of -1 games",
		{Before: -3}:                               "numbered from 1",
	} {
		err := a.ListGames(t.Context(), *f, func(Listed) error { t.Errorf("%+v listed a game", *f); return nil })
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%+v: %v, want %q", *f, err, want)
		}
	}
}
