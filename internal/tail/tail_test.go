package tail

import (
	"slices"
	"sync"
	"testing"
)

// TestAppendKeepsEveryStateAsItWas: states that branch from one another (two requests judging
// a move on the same game, one state appended to twice) each read back what was appended to
// them, whatever was appended to the others after.
func TestAppendKeepsEveryStateAsItWas(t *testing.T) {
	var s []int
	var tl *Tail[int]
	var states [][]int
	for i := range 20 {
		s, tl = Append(s, tl, i)
		states = append(states, s)
	}
	branch, _ := Append(states[9], tl, -1, -2) // from the tenth state: must not write over the eleventh
	again, _ := Append(states[9], tl, -3)
	for i, st := range states {
		if want := seq(i + 1); !slices.Equal(st, want) {
			t.Fatalf("state %d reads %v after branching, want %v", i, st, want)
		}
	}
	if want := append(seq(10), -1, -2); !slices.Equal(branch, want) {
		t.Errorf("branch = %v, want %v", branch, want)
	}
	if want := append(seq(10), -3); !slices.Equal(again, want) {
		t.Errorf("second branch = %v, want %v", again, want)
	}
	if cap(s) != len(s) {
		t.Errorf("a slice handed out has room beyond its length (%d of %d): a plain append would write in place", len(s), cap(s))
	}
}

// TestAppendInPlace: a run of appends, each to the state before, copies only as the length
// grows by a quarter, not at each append.
func TestAppendInPlace(t *testing.T) {
	var s []int
	var tl *Tail[int]
	copies := 0
	for i := range 1000 {
		before := tl
		s, tl = Append(s, tl, i)
		if tl != before {
			copies++
		}
	}
	if copies > 25 {
		t.Errorf("1,000 appends made %d copies, want at most 25", copies)
	}
	if !slices.Equal(s, seq(1000)) {
		t.Errorf("the log reads otherwise than it was appended")
	}
}

// TestAppendRacing: many goroutines append to one shared state at once; each gets its own
// value after the shared prefix (go test -race checks that none writes where another reads).
func TestAppendRacing(t *testing.T) {
	base, tl := Append(nil, nil, seq(5)...)
	results := make([][]int, 16)
	var wg sync.WaitGroup
	for i := range results {
		wg.Go(func() { results[i], _ = Append(base, tl, 100+i) })
	}
	wg.Wait()
	for i, r := range results {
		if want := append(seq(5), 100+i); !slices.Equal(r, want) {
			t.Errorf("appender %d reads %v, want %v", i, r, want)
		}
	}
}

func seq(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}
