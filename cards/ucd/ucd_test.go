package ucd

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestSuits(t *testing.T) {
	if want := [6]Suit{Earth, Jupiter, Mars, Neptune, Saturn, Venus}; Suits != want {
		t.Fatalf("Suits = %v, want %v (high to low)", Suits, want)
	}
	var letters, names []string
	for _, s := range Suits {
		letters = append(letters, s.String())
		names = append(names, s.Name())
	}
	if got := strings.Join(letters, " "); got != "E J M N S V" {
		t.Errorf("letters %q", got)
	}
	if got := strings.Join(names, " "); got != "Earth Jupiter Mars Neptune Saturn Venus" {
		t.Errorf("names %q", got)
	}
	// U1: E > J > M > N > S > V, as Above and as plain integer order.
	for i, s := range Suits {
		for j, u := range Suits {
			if got, want := s.Above(u), i < j; got != want || (s > u) != want {
				t.Errorf("%v.Above(%v) = %v, %v > %v is %v; want %v", s, u, got, s, u, s > u, want)
			}
		}
	}
	for _, s := range Suits {
		wantPrimary := s == Earth || s == Jupiter || s == Mars
		if s.Primary() != wantPrimary || s.Secondary() == wantPrimary {
			t.Errorf("%v: Primary %v, Secondary %v", s, s.Primary(), s.Secondary())
		}
		if !s.Valid() {
			t.Errorf("%v invalid", s)
		}
	}
	for _, bad := range []Suit{0, 7, -1} {
		if bad.Valid() || bad.Primary() || bad.Secondary() || bad.Above(Venus) || Earth.Above(bad) {
			t.Errorf("Suit(%d) passes as a suit", int(bad))
		}
		if bad.String() != bad.Name() || !strings.HasPrefix(bad.String(), "Suit(") {
			t.Errorf("Suit(%d) prints %q / %q", int(bad), bad.String(), bad.Name())
		}
	}
}

func TestRanks(t *testing.T) {
	var stored, names []string
	for _, r := range Ranks {
		stored = append(stored, r.String())
		names = append(names, r.Name())
		if !r.Valid() || !r.Regular() {
			t.Errorf("%v not a regular rank", r)
		}
	}
	if got := strings.Join(stored, " "); got != "1 2 3 4 5 6 7 Mo Su" {
		t.Errorf("Ranks (low to high) = %q", got)
	}
	if got := strings.Join(names, " "); got != "1 2 3 4 5 6 7 Moon Sun" {
		t.Errorf("rank names = %q", got)
	}
	// Sun > Moon > 7 > … > 1, and Galaxy above them all.
	order := append(slices.Clone(Ranks[:]), Galaxy)
	for i, r := range order {
		for j, q := range order {
			if got, want := r.Above(q), i > j; got != want || (r > q) != want {
				t.Errorf("%v.Above(%v) = %v; want %v", r, q, got, want)
			}
		}
	}
	if Galaxy.Regular() || !Galaxy.Valid() || Galaxy.String() != "G" || Galaxy.Name() != "Galaxy" {
		t.Errorf("Galaxy: regular %v valid %v %q %q", Galaxy.Regular(), Galaxy.Valid(), Galaxy.String(), Galaxy.Name())
	}
	for _, bad := range []Rank{0, 11, -1} {
		if bad.Valid() || bad.Regular() || bad.Above(1) || Galaxy.Above(bad) {
			t.Errorf("Rank(%d) passes as a rank", int(bad))
		}
		if !strings.HasPrefix(bad.String(), "Rank(") {
			t.Errorf("Rank(%d) prints %q", int(bad), bad.String())
		}
	}
}

func TestCardKinds(t *testing.T) {
	for _, c := range Regular() {
		if !c.Valid() || !c.IsRegular() || c.IsGalaxy() {
			t.Errorf("%v: valid %v regular %v galaxy %v", c, c.Valid(), c.IsRegular(), c.IsGalaxy())
		}
	}
	for _, s := range Suits {
		g := GalaxyOf(s)
		if g != (Card{Galaxy, s}) || !g.Valid() || g.IsRegular() || !g.IsGalaxy() {
			t.Errorf("GalaxyOf(%v) = %#v: valid %v regular %v galaxy %v", s, g, g.Valid(), g.IsRegular(), g.IsGalaxy())
		}
	}
	for _, bad := range []Card{{}, {0, Earth}, {11, Earth}, {1, 0}, {Sun, 7}, {Galaxy, 0}, {-1, Venus}} {
		if bad.Valid() || bad.IsRegular() || bad.IsGalaxy() {
			t.Errorf("%#v passes as a card", bad)
		}
		if _, err := Parse(bad.String()); err == nil {
			t.Errorf("%#v prints %q, which parses", bad, bad.String())
		}
		if bad.Pretty() != bad.String() {
			t.Errorf("%#v: Pretty %q", bad, bad.Pretty())
		}
	}
}

func TestRegular(t *testing.T) {
	reg := Regular()
	if len(reg) != 54 {
		t.Fatalf("%d regular cards, want 54", len(reg))
	}
	seen := map[Card]bool{}
	perSuit := map[Suit]int{}
	perRank := map[Rank]int{}
	for _, c := range reg {
		if seen[c] {
			t.Errorf("%v twice", c)
		}
		seen[c] = true
		perSuit[c.Suit]++
		perRank[c.Rank]++
	}
	for _, s := range Suits {
		if perSuit[s] != 9 {
			t.Errorf("%d cards of %v, want 9", perSuit[s], s)
		}
	}
	for _, r := range Ranks {
		if perRank[r] != 6 {
			t.Errorf("%d cards of rank %v, want 6", perRank[r], r)
		}
	}
	// The documented order: suits high to low, each from 1 up to Sun.
	var got []string
	for _, c := range reg[:11] {
		got = append(got, c.String())
	}
	if s := strings.Join(got, " "); s != "1E 2E 3E 4E 5E 6E 7E MoE SuE 1J 2J" {
		t.Errorf("Regular() starts %s", s)
	}
	if last := reg[53]; last != (Card{Sun, Venus}) {
		t.Errorf("Regular() ends with %v", last)
	}
	reg[0] = Card{}
	if Regular()[0] != (Card{1, Earth}) {
		t.Error("Regular() shares its slice between calls")
	}
}

func TestGalaxies(t *testing.T) {
	// U2: as many Galaxies as players, the lowest first.
	tests := []struct {
		players int
		want    string
	}{
		{2, "GV GS"},
		{3, "GV GS GN"},
		{4, "GV GS GN GM"},
		{5, "GV GS GN GM GJ"},
		{6, "GV GS GN GM GJ GE"},
	}
	for _, tt := range tests {
		g, err := Galaxies(tt.players)
		if err != nil {
			t.Fatalf("Galaxies(%d): %v", tt.players, err)
		}
		var names []string
		for _, c := range g {
			names = append(names, c.String())
			if !c.IsGalaxy() {
				t.Errorf("Galaxies(%d) holds %v", tt.players, c)
			}
		}
		if got := strings.Join(names, " "); got != tt.want {
			t.Errorf("Galaxies(%d) = %s, want %s", tt.players, got, tt.want)
		}
		d, err := Deck(tt.players)
		if err != nil {
			t.Fatalf("Deck(%d): %v", tt.players, err)
		}
		if len(d) != 54+tt.players || !slices.Equal(d[:54], Regular()) || !slices.Equal(d[54:], g) {
			t.Errorf("Deck(%d) = %v", tt.players, d)
		}
		seen := map[Card]bool{}
		for _, c := range d {
			if seen[c] || !c.Valid() {
				t.Errorf("Deck(%d): %v twice or invalid", tt.players, c)
			}
			seen[c] = true
		}
	}
	for _, n := range []int{-1, 0, 1, 7, 60} {
		if g, err := Galaxies(n); g != nil || !errors.Is(err, ErrPlayers) {
			t.Errorf("Galaxies(%d) = %v, %v; want nil, ErrPlayers", n, g, err)
		}
		if d, err := Deck(n); d != nil || !errors.Is(err, ErrPlayers) {
			t.Errorf("Deck(%d) = %v, %v; want nil, ErrPlayers", n, d, err)
		}
	}
}

// all60 is every card, built here rather than with Deck.
func all60() []Card {
	var out []Card
	for r := Rank(1); r <= Galaxy; r++ {
		for s := Venus; s <= Earth; s++ {
			out = append(out, Card{r, s})
		}
	}
	return out
}

func TestCompareAndOutranks(t *testing.T) {
	// The expected order, low to high: regular cards suit by suit from Venus up, each suit
	// 1 … Sun; then the Galaxies from Venus up.
	var order []Card
	for _, s := range []Suit{Venus, Saturn, Neptune, Mars, Jupiter, Earth} {
		for _, r := range []Rank{1, 2, 3, 4, 5, 6, 7, Moon, Sun} {
			order = append(order, Card{r, s})
		}
	}
	for _, s := range []Suit{Venus, Saturn, Neptune, Mars, Jupiter, Earth} {
		order = append(order, Card{Galaxy, s})
	}
	for i, a := range order {
		for j, b := range order {
			got := Compare(a, b)
			if (got < 0) != (i < j) || (got == 0) != (i == j) {
				t.Errorf("Compare(%v, %v) = %d; want the sign of %d", a, b, got, i-j)
			}
			if a.Outranks(b) != (i > j) {
				t.Errorf("%v.Outranks(%v) = %v", a, b, a.Outranks(b))
			}
		}
	}
	// What the play needs, stated directly.
	for _, g := range []Card{GalaxyOf(Venus), GalaxyOf(Earth)} {
		for _, r := range Regular() {
			if !g.Outranks(r) || r.Outranks(g) {
				t.Errorf("%v vs %v: a Galaxy must outrank every regular card", g, r)
			}
		}
	}
	if !GalaxyOf(Mars).Outranks(GalaxyOf(Neptune)) || GalaxyOf(Mars).Outranks(GalaxyOf(Jupiter)) {
		t.Error("Galaxies must rank by suit (rules: Mars Galaxy captures Neptune's, not Jupiter's)")
	}
	for _, r := range Ranks {
		if !(Card{r, Neptune}).Outranks(Card{r, Saturn}) || (Card{r, Venus}).Outranks(Card{r, Saturn}) {
			t.Errorf("rank %v: within a number or name the higher suit must outrank", r)
		}
	}
	if (Card{}).Outranks(Card{1, Venus}) || GalaxyOf(Earth).Outranks(Card{}) {
		t.Error("an invalid card takes part in Outranks")
	}
	sorted := slices.Clone(all60())
	slices.SortFunc(sorted, Compare)
	if !slices.Equal(sorted, order) {
		t.Errorf("sorted by Compare: %v", sorted)
	}
}

func TestStringAndPretty(t *testing.T) {
	tests := []struct {
		c              Card
		stored, pretty string
	}{
		{Card{3, Neptune}, "3N", "3 Neptune"},
		{Card{7, Earth}, "7E", "7 Earth"},
		{Card{1, Venus}, "1V", "1 Venus"},
		{Card{Moon, Saturn}, "MoS", "Moon of Saturn"},
		{Card{Moon, Mars}, "MoM", "Moon of Mars"},
		{Card{Sun, Earth}, "SuE", "Sun of Earth"},
		{Card{Sun, Neptune}, "SuN", "Sun of Neptune"},
		{GalaxyOf(Venus), "GV", "Galaxy Venus"},
		{GalaxyOf(Jupiter), "GJ", "Galaxy Jupiter"},
	}
	for _, tt := range tests {
		if got := tt.c.String(); got != tt.stored {
			t.Errorf("%#v.String() = %q, want %q", tt.c, got, tt.stored)
		}
		if got := tt.c.Pretty(); got != tt.pretty {
			t.Errorf("%#v.Pretty() = %q, want %q", tt.c, got, tt.pretty)
		}
	}
}

func TestRoundTrip(t *testing.T) {
	all := all60()
	stored := map[string]bool{}
	for _, c := range all {
		for _, text := range []string{c.String(), c.Pretty()} {
			if back, err := Parse(text); err != nil || back != c {
				t.Errorf("%#v → %q → %v, %v", c, text, back, err)
			}
		}
		if stored[c.String()] {
			t.Errorf("two cards stored as %q", c.String())
		}
		stored[c.String()] = true
		b, err := json.Marshal(c)
		if err != nil || string(b) != `"`+c.String()+`"` {
			t.Errorf("json %#v = %s, %v", c, b, err)
		}
		var back Card
		if err := json.Unmarshal(b, &back); err != nil || back != c {
			t.Errorf("json %s → %v, %v", b, back, err)
		}
	}
}

func TestJSON(t *testing.T) {
	type record struct {
		Hand  []Card
		Up    Card
		Bonus Suit
		Round Rank
	}
	in := record{[]Card{{3, Neptune}, {Moon, Saturn}, GalaxyOf(Venus)}, Card{Sun, Earth}, Neptune, Moon}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"Hand":["3N","MoS","GV"],"Up":"SuE","Bonus":"N","Round":"Mo"}`
	if string(b) != want {
		t.Errorf("json = %s, want %s", b, want)
	}
	var back record
	if err := json.Unmarshal(b, &back); err != nil || !slices.Equal(back.Hand, in.Hand) || back.Up != in.Up || back.Bonus != in.Bonus || back.Round != in.Round {
		t.Errorf("json back = %+v, %v", back, err)
	}
	// Any typed form is read; the stored form is canonical again.
	if err := json.Unmarshal([]byte(`{"Hand":["moon of mars"," 7e ","galaxyV"],"Up":"sun","Bonus":"saturn","Round":"sun"}`), &back); err != nil {
		t.Fatal(err)
	}
	if b, _ := json.Marshal(back); string(b) != `{"Hand":["MoM","7E","GV"],"Up":"SuN","Bonus":"S","Round":"Su"}` {
		t.Errorf("re-marshalled %s", b)
	}
	for _, bad := range []string{`"MM"`, `"8E"`, `""`, `3`, `"N3"`} {
		var c Card
		if err := json.Unmarshal([]byte(bad), &c); err == nil {
			t.Errorf("json %s read as %v", bad, c)
		}
	}
	var c Card
	if err := json.Unmarshal([]byte(`"MM"`), &c); !errors.Is(err, ErrCard) {
		t.Errorf("json \"MM\": %v, want ErrCard", err)
	}
	for _, bad := range []any{Card{}, Card{Galaxy, 0}, Suit(0), Rank(11)} {
		if b, err := json.Marshal(bad); err == nil {
			t.Errorf("invalid %#v marshalled as %s", bad, b)
		}
	}
	var s Suit
	if err := json.Unmarshal([]byte(`"X"`), &s); !errors.Is(err, ErrSuit) {
		t.Errorf("suit \"X\": %v", err)
	}
	var r Rank
	if err := json.Unmarshal([]byte(`"8"`), &r); !errors.Is(err, ErrRank) {
		t.Errorf("rank \"8\": %v", err)
	}
}
