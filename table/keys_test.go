package table

import (
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/play"
)

// TestKeys: every game has a table code of its own, written in the code alphabet, that only the
// director's key makes; the wall key is none of them; a short key is refused.
func TestKeys(t *testing.T) {
	if _, err := NewKeys("short"); CodeOf(err) != play.Invalid {
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
		if _, err := NewKeys(published); !errors.Is(err, ErrPublishedKey) || CodeOf(err) != play.Invalid {
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

// TestKeysOpen: a table code opens its own game and no other, however a person types it (case,
// a hyphen, look-alike letters); the wall key opens the wall the same way; a login made with
// the key holds until its end, and one made with another key, or altered, never does.
func TestKeysOpen(t *testing.T) {
	k, _ := NewKeys("the club's long key")
	other, _ := NewKeys("another club's key")
	code := k.Code(7)
	typed := strings.ToLower(ShowCode(code))
	if got, ok := k.OpensTable(7, typed); !ok || got != code {
		t.Errorf("OpensTable(7, %q) = %q, %v; want %q, true", typed, got, ok, code)
	}
	for _, wrong := range []struct {
		game int64
		text string
	}{{8, code}, {0, code}, {-7, code}, {7, other.Code(7)}, {7, code[:5]}, {7, code + "0"}, {7, ""}} {
		if _, ok := k.OpensTable(wrong.game, wrong.text); ok {
			t.Errorf("OpensTable(%d, %q) opens game 7's table", wrong.game, wrong.text)
		}
	}
	wall := k.WallKey()
	if got, ok := k.OpensWall(" " + strings.ToLower(ShowWallKey(wall)) + " "); !ok || got != wall {
		t.Errorf("OpensWall of the typed key = %q, %v", got, ok)
	}
	for _, wrong := range []string{other.WallKey(), code, wall[:7], ""} {
		if _, ok := k.OpensWall(wrong); ok {
			t.Errorf("OpensWall(%q) opens the wall", wrong)
		}
	}
	now := time.Date(2026, 11, 20, 20, 0, 0, 0, time.UTC)
	login := k.Login(now.Add(time.Hour))
	if !k.LoggedIn(login, now) || k.LoggedIn(login, now.Add(time.Hour)) || other.LoggedIn(login, now) {
		t.Errorf("login %q: holds now %v, at its end %v, under another key %v", login, k.LoggedIn(login, now), k.LoggedIn(login, now.Add(time.Hour)), other.LoggedIn(login, now))
	}
	at, sig, _ := strings.Cut(login, ".")
	longer := strconv.FormatInt(now.Add(48*time.Hour).Unix(), 10) + "." + sig
	for _, forged := range []string{longer, at, at + ".", "." + sig, ""} {
		if k.LoggedIn(forged, now) {
			t.Errorf("LoggedIn(%q) holds", forged)
		}
	}
}
