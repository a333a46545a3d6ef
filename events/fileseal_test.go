package events

import (
	"fmt"
	"strings"
	"testing"
)

// heads are three games' ends, as a file of three games gives them.
func heads() []Head {
	return []Head{
		{1, 12, Hash("", Event{Game: 1, Seq: 12})},
		{2, 40, Hash("", Event{Game: 2, Seq: 40})},
		{3, 7, Hash("", Event{Game: 3, Seq: 7})},
	}
}

// TestFileSealCatchesARemovedGameAnywhere: a file's seal, written down, names a game removed
// first, in the middle or last, and a sealed game changed since; new games leave it intact.
func TestFileSealCatchesARemovedGameAnywhere(t *testing.T) {
	seal := FileSeal(heads())
	if seal.Events != 3 || len(seal.Code) != 12 {
		t.Fatalf("seal %v", seal)
	}
	read, err := ParseSeal(seal.String())
	if err != nil || read != seal {
		t.Fatalf("the seal %s reads back as %v (%v)", seal, read, err)
	}
	changed := heads()
	changed[1].Events++
	for name, tc := range map[string]struct {
		heads []Head
		says  string
	}{
		"first removed":  {heads()[1:], "game 1 is missing"},
		"middle removed": {[]Head{heads()[0], heads()[2]}, "game 2 is missing"},
		"last removed":   {heads()[:2], "games 3 to 3 were removed"},
		"a game changed": {changed, "games 1 to 3 are not as they were"},
	} {
		if c := CheckFileSeal(tc.heads, seal); c.Intact || !strings.Contains(c.Reason, tc.says) {
			t.Errorf("%s: %+v, want it to say %q", name, c, tc.says)
		}
	}
	grown := append(heads(), Head{4, 3, "ab"}, Head{5, 9, "cd"})
	if c := CheckFileSeal(grown, seal); !c.Intact || c.Appended != 2 {
		t.Errorf("two games created since: %+v", c)
	}
	if c := CheckFileSeal(heads(), seal); !c.Intact || c.Appended != 0 {
		t.Errorf("the same file: %+v", c)
	}
	for i := range 3 {
		other := heads()
		other[i].Hash = fmt.Sprintf("%064d", i)
		if FileSeal(other) == seal {
			t.Errorf("game %d's last hash is not in the seal", i+1)
		}
	}
}
