package table

import (
	"bytes"
	"strings"
	"testing"

	"github.com/tableside/tableside/play"
)

// TestPairingInputRefusesWhatIsNotText: a name with bytes that are no UTF-8 character, or with
// NUL, is refused, naming its field, where JSON alone would keep the one as U+FFFD and the
// other as is.
func TestPairingInputRefusesWhatIsNotText(t *testing.T) {
	for _, c := range []struct{ input, want string }{
		{`{"format":"swiss","kind":"pinochle","round":1,"players":[{"name":"ann"},{"name":"b\xffb"}]}`,
			"players[1].name is not UTF-8 text"},
		{`{"format":"swiss","kind":"pinochle","round":2,"players":[{"name":"ann","opponents":["\xc3"]},{"name":"bob"}]}`,
			"players[0].opponents[0] is not UTF-8 text"},
		{`{"format":"swiss","kind":"pinochle","round":2,"players":[{"name":"ann","first":[true],"opponents":["bob","zed"]},{"name":"bob","opponents":["ann"]}],"dropped":["zed","\xfe"]}`,
			"dropped[1] is not UTF-8 text"},
		{`{"format":"swiss","kind":"pinochle","round":1,"players":[{"name":"ann"},{"name":"b\u0000b"}]}`,
			`players[1].name "b\x00b" holds a control character (U+0000)`},
		{`{"format":"swiss","kind":"pinochle","round":2,"players":[{"name":"ann","opponents":["bob"]},{"name":"bob","opponents":["ann"]}],"dropped":["\u0000"]}`,
			`dropped[0] "\x00" holds a control character (U+0000)`},
	} {
		input := strings.NewReplacer(`\xff`, "\xff", `\xc3`, "\xc3", `\xfe`, "\xfe").Replace(c.input)
		in, err := ReadPairingInput(strings.NewReader(input))
		if err == nil {
			_, err = Pair(in)
		}
		if err == nil || CodeOf(err) != play.Invalid || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want an invalid input saying %s", input, err, c.want)
		}
	}
}

// FuzzPairingInput: whatever arrives on standard input, calc pair answers with a pairing or an
// error naming what is wrong, and never panics.
func FuzzPairingInput(f *testing.F) {
	for _, seed := range []string{
		`{"format":"swiss","kind":"pinochle","round":3,"players":[{"name":"ann","points":2,"opponents":["bob"]},{"name":"bob","points":1,"opponents":["ann"]},{"name":"cy"}]}`,
		`{"format":"round-robin","kind":"advantage","round":2,"entrants":5,"players":[{"name":"a","number":1},{"name":"b","number":3},{"name":"c","number":5}]}`,
		`{"format":"rotation","kind":"capture","round":2,"table_size":4,"seed":9,"players":[{"name":"a","opponents":["b","c"]},{"name":"b","opponents":["a","c"]},{"name":"c","opponents":["a","b"]},{"name":"d"},{"name":"e"}]}`,
		`{"format":"swiss","kind":"article2","round":1,"table_size":3,"players":[{"name":"a","first":[true,true]},{"name":"b","byes":2},{"name":"c","rating":99}],"dropped":["z"]}`,
		`{"format":"round-robin","kind":"pinochle","round":1,"entrants":1000000000,"players":[{"name":"a"},{"name":"b"}]}`,
		`{}`, `[]`, `{"players":[{"name":""}]}`, ``,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		in, err := ReadPairingInput(bytes.NewReader(data))
		if err != nil {
			if CodeOf(err) != play.Invalid {
				t.Fatalf("reading %q: %v, want an invalid input", data, err)
			}
			return
		}
		if len(in.Players) > 40 {
			return // a fuzzed field that large takes the search's time, not its correctness
		}
		out, err := Pair(in)
		if err != nil {
			if CodeOf(err) != play.Invalid {
				t.Fatalf("pairing %q: %v, want an invalid input", data, err)
			}
			return
		}
		seated := map[string]bool{}
		for _, tb := range out.Tables {
			for _, p := range tb.Players {
				seated[p] = true
			}
		}
		for _, b := range out.Byes {
			seated[b] = true
		}
		if len(seated) != len(in.Players) {
			t.Fatalf("pairing %q seats %d of %d players", data, len(seated), len(in.Players))
		}
	})
}
