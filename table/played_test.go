package table

import (
	"bytes"
	"errors"
	"testing"
	"time"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee"
)

// TestAMoveKeepsWhenItWasPlayed: a move that reaches the store ten minutes after it was played
// (a phone's, kept while the network was gone) is stamped when it was stored and keeps when it
// was played; the game goes on as from the same move recorded at once, the chain verifies, and
// an export imported elsewhere keeps both times. A time played after the server's clock, or
// before the game was made, is refused, naming played_at, and nothing is recorded.
func TestAMoveKeepsWhenItWasPlayed(t *testing.T) {
	a, _ := openApp(t, "")
	noon := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	g, err := a.New(t.Context(), Setup{Kind: "pinochle", Players: []string{"ann", "bob"}, Opener: "ann"})
	if err != nil {
		t.Fatal(err)
	}
	a.now = func() time.Time { return noon.Add(10 * time.Minute) }
	words, err := g.MoveWords(g.View().Legal[0])
	if err != nil {
		t.Fatal(err)
	}

	for _, bad := range []struct {
		what string
		at   int64
	}{
		{"after the server's clock", noon.Add(10*time.Minute + play.PlayedSlack + time.Millisecond).UnixMilli()},
		{"before the game was made", noon.Add(-play.PlayedSlack - time.Millisecond).UnixMilli()},
		{"in seconds, not milliseconds", noon.Add(2 * time.Minute).Unix()},
	} {
		_, err := a.Record(t.Context(), g, words, RecordOptions{PlayedAt: bad.at})
		var te *play.Error
		if !errors.As(err, &te) || te.Code != play.Invalid || te.Field != referee.PlayedAt {
			t.Errorf("a move played %s: %v, want it refused as invalid, naming %s", bad.what, err, referee.PlayedAt)
		}
		if now, err := a.Game(t.Context(), g.ID()); err != nil || now.Last() != g.Last() {
			t.Fatalf("a move played %s was recorded: %v", bad.what, err)
		}
	}

	played := noon.Add(2 * time.Minute).UnixMilli()
	rec, err := a.Record(t.Context(), g, words, RecordOptions{PlayedAt: played})
	if err != nil {
		t.Fatal(err)
	}
	if want := a.now().UnixMilli(); rec.Event.At != want {
		t.Errorf("the move is stamped %d, want %d, when it was stored", rec.Event.At, want)
	}
	if got := play.PlayedAt(rec.Event); got != played {
		t.Errorf("the move says it was played at %d, want %d (payload %s)", got, played, rec.Event.Payload)
	}
	atOnce, err := g.Judge(words, false, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !play.SameMove(rec.Event, atOnce.Event) || bytes.Equal(rec.Event.Payload, atOnce.Event.Payload) {
		t.Errorf("the move with its time played, %s, is not the same move as %s with another payload", rec.Event.Payload, atOnce.Event.Payload)
	}
	stored, err := a.Game(t.Context(), g.ID())
	if err != nil {
		t.Fatal(err)
	}
	if got, want := stored.View().Hint, atOnce.Game.View().Hint; got != want {
		t.Errorf("after the move played earlier the game says %q, want %q", got, want)
	}
	if e := stored.Entries()[1]; e.PlayedAt != played || e.At != rec.Event.At {
		t.Errorf("the log lists the move as played %d, stored %d; want %d, %d", e.PlayedAt, e.At, played, rec.Event.At)
	}
	if v, err := a.Verify(t.Context(), nil); err != nil || len(v.Broken) > 0 {
		t.Fatalf("verify: %v %+v", err, v)
	}

	var file bytes.Buffer
	if _, _, err := a.Export(t.Context(), &file, "", nil); err != nil {
		t.Fatal(err)
	}
	b, _ := openApp(t, "")
	var imported *play.Game
	if err := b.ImportLogs(t.Context(), "club.jsonl", &file, func(r ImportResult) error {
		imported = r.Game
		return r.Err
	}); err != nil {
		t.Fatal(err)
	}
	if e := imported.Entries()[1]; e.PlayedAt != played || e.At != rec.Event.At || imported.Record() == nil || !imported.Record().Intact {
		t.Errorf("imported, the move is played %d, stored %d (record %+v); want %d, %d, intact", e.PlayedAt, e.At, imported.Record(), played, rec.Event.At)
	}
}
