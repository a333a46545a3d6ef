package commands

import (
	"strings"
	"testing"
)

func FuzzImport(f *testing.F) {
	f.Add([]byte(demoTranscript))
	f.Add([]byte("new candidate --players ann,bob --dealer ann\nseat H\nreveal 7H\nbid 9\n"))
	f.Add([]byte(`{"seq":1,"type":"game.created","payload":{"kind":"candidate","players":["ann","bob"],"dealer":"bob"}}
{"seq":2,"type":"candidate.seat","payload":{"suit":"H"}}
{"seq":3,"type":"void","payload":{"target":2}}`))
	f.Add([]byte(`{"type":"game.created","payload":{"kind":"candidate","players":["a","a"]}}`))
	f.Add([]byte("new candidate --players ann,bob --option"))
	f.Fuzz(func(t *testing.T, data []byte) {
		log, _, err := readImport(data, 0)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an error with no message")
			}
			return
		}
		// Whatever is accepted starts a game an engine can replay without failing.
		t2, err := replayImported(log)
		if err != nil {
			t.Fatalf("accepted an import that does not replay: %v\n%s", err, data)
		}
		_ = t2.Sheet()
	})
}

func TestImportRefusesWithLineNumbers(t *testing.T) {
	for in, want := range map[string]string{
		"":                                      "the file is empty",
		"seat H":                                "line 1: a transcript starts with `new KIND",
		"new candidate --players ann,bob\nseat": "line 1: bad game setup: name the dealer",
		"new candidate --players ann,bob --dealer ann\nseat Q": "line 2: cannot read the move: \"Q\" is not a suit",
		"{\"type\":\"game.created\",\"payload\":{}}\n":         "line 1: this tableside does not know the game \"\"",
		"{\"type\":\"game.created\",\"payload\":{\"kind\":\"candidate\",\"players\":[\"ann\",\"bob\"],\"dealer\":\"ann\"}}\n{\"type\":\"x\",\"payload\":nope}": "line 2: not an event",
	} {
		_, _, err := readImport([]byte(in), 0)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("import %q: error %v, want it to say %q", in, err, want)
		}
	}
}
