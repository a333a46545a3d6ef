package table

import (
	"errors"
	"strings"
	"testing"

	"github.com/tableside/tableside/events"
)

// TestKeys: every game has a table code of its own, written in the code alphabet, that only the
// director's key makes; the wall key is none of them; a short key is refused.
func TestKeys(t *testing.T) {
	if _, err := NewKeys("short"); CodeOf(err) != Invalid {
		t.Errorf("a 5-character key: %v", err)
	}
	k, err := NewKeys("the club's long key")
	if err != nil {
		t.Fatal(err)
	}
	other, _ := NewKeys("another club's key")
	seen := map[string]int64{}
	for game := int64(1); game <= 500; game++ {
		code := k.Code(game)
		if len(code) != codeLength || strings.Trim(code, events.CodeAlphabet) != "" {
			t.Fatalf("game %d: code %q", game, code)
		}
		if was, ok := seen[code]; ok {
			t.Errorf("games %d and %d share the code %s", was, game, code)
		}
		seen[code] = game
		if k.Code(game) != code || other.Code(game) == code {
			t.Errorf("game %d: the code is not the key's alone", game)
		}
	}
	if _, ok := seen[k.WallKey()[:codeLength]]; ok || len(k.WallKey()) != wallKeyLength {
		t.Errorf("wall key %q", k.WallKey())
	}
	if !k.IsKey("the club's long key") || k.IsKey("the club's long ke") {
		t.Error("IsKey")
	}
	// Keys printed for all to read are refused, however they are typed.
	for _, published := range []string{"a long key only the organiser knows", "A long key, only the organiser knows!", "The League Director Key", "correct-horse-battery-staple"} {
		if _, err := NewKeys(published); !errors.Is(err, ErrPublishedKey) || CodeOf(err) != Invalid {
			t.Errorf("NewKeys(%q): %v, want it refused as published", published, err)
		}
	}
	made, again := NewDirectorKey(), NewDirectorKey()
	if _, err := NewKeys(made); err != nil || made == again {
		t.Errorf("a made key %q (then %q): %v", made, again, err)
	}
	if got := ShowCode("K7QM3X"); got != "K7Q-M3X" {
		t.Errorf("ShowCode = %q", got)
	}
}
