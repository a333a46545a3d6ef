package table

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/tableside/tableside/play"
)

// FuzzResultsFile: any results file, its digest made to match so that the rounds' lines are
// read, makes standings or is refused as invalid, never a panic nor another error.
func FuzzResultsFile(f *testing.F) {
	for _, seed := range []string{
		"TS1 tableside tournament results\nNAME n\nKIND pinochle\nFORMAT swiss\nTABLESIZE 2\nROUNDS 2\nTIEBREAKS buchholz,direct\nP 1 bob 1700 1 1 2f1:5 U\nP 2 ann 0 0 2 1s0:0 H\n",
		"TS1 tableside tournament results\nROUNDS 1\nTIEBREAKS game-scores\nP 1 a 0 1 1 t1.1/3:9\nP 2 b 0 0 2 t1.2/3:4\nP 3 c 0 0 3 t1.3/3:1\n",
		"TS1 tableside tournament results\nROUNDS 1\nTIEBREAKS lot\nP 1 a 0 1 1 L2 2f+\nP 2 b 0 0 2 L1 1s-\n",
		"TS1 tableside tournament results\nROUNDS 1\nP 1 a 0 0 1 9f1:1\n", "", "TS1\n",
		"TS1 tableside tournament results\nROUNDS 1\nP 1 a 0 0 1 2f1:1\nP 2 b 0 0 2\n",
		"TS1 tableside tournament results\nROUNDS 1\nP 1 a 0 0 1 2f1:1\nP 2 b 0 0 2 1f1:0\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		if bytes.Contains(body, []byte("DIGEST")) {
			return
		}
		text := string(body)
		if text != "" && !strings.HasSuffix(text, "\n") {
			text += "\n"
		}
		sum := sha256.Sum256([]byte(text))
		read, err := ReadResultsFile(strings.NewReader(text + "DIGEST " + hex.EncodeToString(sum[:]) + "\n"))
		if err != nil {
			if CodeOf(err) != play.Invalid {
				t.Fatalf("reading %q: %v, want an invalid file", text, err)
			}
			return
		}
		if read == nil {
			t.Fatalf("reading %q: no error and nothing read", text)
		}
	})
}

// FuzzPairedRounds: any rounds paired, as calc check reads them, are judged or refused as
// invalid, never a panic.
func FuzzPairedRounds(f *testing.F) {
	for _, seed := range []string{
		`{"input":{"format":"swiss","kind":"pinochle","round":1,"players":[{"name":"a"},{"name":"b"}]},"output":{"round":1,"tables":[{"table":1,"players":["a","b"],"first":"a"}],"byes":[]}}`,
		`{"input":{"format":"swiss","kind":"pinochle","round":1,"players":[{"name":"a"},{"name":"b"},{"name":"c"}]},"output":{"round":1,"tables":[{"table":1,"players":["a"],"first":"a"}],"byes":["b","c","z"]}}`,
		`{"input":{"format":"rotation","kind":"capture","round":1,"table_size":3,"players":[{"name":"a"},{"name":"b"},{"name":"c"}],"keep":[{"player":"a","table":9}],"apart":[["a","b"]]},"output":{"round":1,"tables":[]}}`,
		`{}`, ``,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rounds, err := ReadPairedRounds(bytes.NewReader(data))
		if err != nil {
			if CodeOf(err) != play.Invalid {
				t.Fatalf("reading %q: %v, want an invalid input", data, err)
			}
			return
		}
		for _, rp := range rounds {
			if len(rp.Input.Players) > 40 {
				return
			}
			CheckPairing(rp)
		}
	})
}
