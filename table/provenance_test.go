package table

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee"
)

// exportedLines is game id of a as the JSON lines an export writes, one line an event.
func exportedLines(t *testing.T, a *App, id int64) [][]byte {
	t.Helper()
	log, err := a.store.Load(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := JSONL(&buf, log); err != nil {
		t.Fatal(err)
	}
	return bytes.SplitAfter(bytes.TrimSuffix(buf.Bytes(), []byte("\n")), []byte("\n"))
}

// importOne imports file into a new database and returns the game it stored.
func importOne(t *testing.T, file [][]byte) (*App, *play.Game) {
	t.Helper()
	a, _ := openApp(t, "")
	var got []ImportResult
	err := a.ImportLogs(t.Context(), "club.jsonl", bytes.NewReader(bytes.Join(file, nil)), func(r ImportResult) error {
		got = append(got, r)
		return nil
	})
	if err != nil || len(got) != 1 || got[0].Err != nil {
		t.Fatalf("import: %v %+v", err, got)
	}
	g, err := a.Game(t.Context(), got[0].Game.ID())
	if err != nil {
		t.Fatal(err)
	}
	return a, g
}

// doubtsOf is the game's open L7 flags.
func doubtsOf(g *play.Game) []referee.Flag {
	var out []referee.Flag
	for _, f := range g.OpenFlags() {
		if f.Rule == "L7" {
			out = append(out, f)
		}
	}
	return out
}

// A game imported from a file whose hashes were stripped, forged, reordered or gapped keeps
// that doubt in its record: flagged on event 1, on its sheet, through an export and back, until
// a ruling condones it. A file as exported raises no doubt.
func TestDoubtfulImportsKeepTheirDoubt(t *testing.T) {
	a, _ := openApp(t, "")
	g, err := a.New(t.Context(), Setup{Kind: "pinochle", Players: []string{"ann", "bob"}, Opener: "ann"})
	if err != nil {
		t.Fatal(err)
	}
	playMoves(t, a, g.ID(), "ann bid 12", "bob pass", "ann trump H", "ann meld AH TH KH QH JH", "bob meld none", "ann play AH")
	lines := exportedLines(t, a, g.ID())

	if _, clean := importOne(t, lines); len(doubtsOf(clean)) != 0 {
		t.Fatalf("a file as exported: %v", doubtsOf(clean))
	}

	stripped := make([][]byte, len(lines))
	for i, l := range lines {
		var m map[string]any
		if err := json.Unmarshal(l, &m); err != nil {
			t.Fatal(err)
		}
		delete(m, "hash")
		b, _ := json.Marshal(m)
		stripped[i] = append(b, '\n')
	}
	forged := slices.Clone(lines)
	forged[3] = bytes.Replace(forged[3], []byte(`"H"`), []byte(`"S"`), 1) // trump H becomes trump S
	reordered := slices.Clone(lines)
	reordered[4], reordered[5] = reordered[5], reordered[4]
	gapped := slices.Delete(slices.Clone(lines), 2, 3) // bob's pass is gone

	for _, tt := range []struct {
		name string
		file [][]byte
		want string
	}{
		{"stripped", stripped, "line 1 (event 1) has no hash"},
		{"forged", forged, "line 4 (event 4) does not match the file's hash chain"},
		{"reordered", reordered, "line 5 (event 5) says it is event 6: events are missing or out of order"},
		{"gapped", gapped, "line 3 (event 3) says it is event 4: events are missing or out of order"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b, g := importOne(t, tt.file)
			doubts := doubtsOf(g)
			if len(doubts) != 1 || doubts[0].Seq != 1 || doubts[0].Severity != referee.Warning ||
				!strings.Contains(doubts[0].Message, "imported from club.jsonl") || !strings.Contains(doubts[0].Message, tt.want) {
				t.Fatalf("open L7 flags %+v, want one on event 1 saying %q", doubts, tt.want)
			}
			if !slices.ContainsFunc(g.Checked().Flags, func(f referee.Flag) bool { return f.Rule == "L7" }) {
				t.Error("the game's report does not show the doubt")
			}

			// Exported and imported again, the game is traced to this file, and keeps its doubt.
			_, again := importOne(t, exportedLines(t, b, g.ID()))
			if d := doubtsOf(again); len(d) != 1 || d[0].Message != doubts[0].Message {
				t.Fatalf("after a clean round trip: %+v", d)
			}

			// A director who has checked the game against the paper condones it.
			c, err := b.Correct(t.Context(), g, play.Correction{Verb: "rule", Args: []string{"1", "condone"}, Note: "checked against the paper sheet"}, CorrectOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if d := doubtsOf(c.After); len(d) != 0 {
				t.Fatalf("after the ruling: %+v", d)
			}
			if _, err := b.Correct(t.Context(), c.After, play.Correction{Verb: "rule", Args: []string{"1", "void"}}, CorrectOptions{}); err == nil {
				t.Error("event 1 was voided")
			}
		})
	}
}

// A doubt is written into the first event before it is stored, so the chain covers it like any
// other field of the game's setup: removing it later breaks the chain.
func TestDoubtIsPartOfTheRecord(t *testing.T) {
	a, _ := openApp(t, "")
	g, err := a.New(t.Context(), Setup{Kind: "candidate", Players: []string{"ann", "bob"}, Dealer: "bob"})
	if err != nil {
		t.Fatal(err)
	}
	lines := exportedLines(t, a, g.ID())
	lines[0] = bytes.Replace(lines[0], []byte(`"hash":"`), []byte(`"hash":"0`), 1)
	b, doubted := importOne(t, lines)
	var c events.Created
	if err := json.Unmarshal(doubted.First().Payload, &c); err != nil || len(c.Doubts) != 1 || c.Doubts[0].From != "club.jsonl" {
		t.Fatalf("first event %s (%v)", doubted.First().Payload, err)
	}
	if r := doubted.Record(); r == nil || !r.Intact {
		t.Fatalf("the stored chain covers the doubt: %+v", r)
	}
	if v, err := b.Verify(t.Context(), nil); err != nil || len(v.Broken) != 0 {
		t.Fatalf("verify: %v %v", v, err)
	}
}
