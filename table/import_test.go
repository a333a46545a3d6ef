package table

import (
	"strings"
	"testing"

	"github.com/tableside/tableside/play"
)

func FuzzImport(f *testing.F) {
	f.Add([]byte(demoTranscript))
	f.Add([]byte("new candidate --players ann,bob --dealer ann\nseat H\nreveal 7H\nbid 9\n"))
	f.Add([]byte(`new pinochle --players "#x",bob --opener "#x" --match "club night" --date 2026-11-20
"#x" bid 15 -- "opening"
adjust "#x" -5 -- "slow play"
void 2 -- why`))
	f.Add([]byte(`{"seq":1,"type":"game.created","payload":{"kind":"candidate","players":["ann","bob"],"dealer":"bob"}}
{"seq":2,"type":"candidate.seat","payload":{"suit":"H"}}
{"seq":3,"type":"void","payload":{"target":2}}`))
	f.Add([]byte(`{"type":"game.created","payload":{"kind":"candidate","players":["a","a"]}}`))
	f.Add([]byte("new candidate --players ann,bob --option"))
	f.Fuzz(func(t *testing.T, data []byte) {
		log, _, err := readImport(data, "2026-11-20", 0)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an error with no message")
			}
			if CodeOf(err) != play.Invalid {
				t.Fatalf("a file that cannot be read is a %q error, not invalid: %v", CodeOf(err), err)
			}
			return
		}
		// Whatever is accepted starts a game an engine can replay, whose sheet and transcript
		// can be made.
		g, err := Replay(1, log)
		if err != nil {
			t.Fatalf("accepted an import that does not replay: %v\n%s", err, data)
		}
		_ = g.Sheet()
		if _, err := Transcript(g); err != nil {
			t.Fatalf("an imported game has no transcript: %v\n%s", err, data)
		}
	})
}

func TestImportRefusesWithLineNumbers(t *testing.T) {
	for in, want := range map[string]string{
		"":                                      "the file is empty",
		"seat H":                                "line 1: a transcript starts with `new KIND",
		"new candidate --players ann,bob\nseat": "line 1: dealer: name the dealer",
		"new candidate --players ann,bob --dealer ann\nseat Q":            "line 2: cannot read the move: \"Q\" is not a suit",
		"new candidate --players ann,bob --dealer ann\nadjust cy +3 -- x": "line 2: \"cy\" is not a player",
		"new candidate --players ann,bob --dealer ann\n-- why":            "line 2: a note (-- …) goes after the correction",
		"new candidate --players ann,bob --dealer ann\nvoid x":            "line 2: \"x\" is not an event number",
		"new candidate --players ann,bob --dealer ann --date 20-11-2026":  "line 1",
		"{\"type\":\"game.created\",\"payload\":{}}\n":                    "line 1: kind: this tableside does not know the game \"\"",
		"{\"type\":\"game.created\",\"payload\":{\"kind\":\"candidate\",\"players\":[\"ann\",\"bob\"],\"dealer\":\"ann\"}}\n{\"type\":\"x\",\"payload\":nope}": "line 2: not an event",
		// Bytes that are no character, in a payload that JSON would keep raw, or in a transcript.
		"{\"type\":\"game.created\",\"payload\":{\"kind\":\"candidate\",\"players\":[\"ann\",\"bob\"],\"dealer\":\"ann\"}}\n{\"type\":\"candidate.seat\",\"actor\":\"ann\",\"payload\":{\"suit\":\"H\",\"x\":\"\xff\xfe\"}}": "line 2: the line is not UTF-8 text",
		"new candidate --players ann,bob --dealer ann\nadjust ann +3 -- caf\xe9": "line 2: the line is not UTF-8 text",
	} {
		_, _, err := readImport([]byte(in), "2026-11-20", 0)
		if err == nil || !strings.Contains(err.Error(), want) || CodeOf(err) != play.Invalid {
			t.Errorf("import %q: error %v (code %q), want an invalid error saying %q", in, err, CodeOf(err), want)
		}
	}
}
