package tournament

import (
	"encoding/binary"
	"errors"
	"fmt"
	"testing"
)

// TestTheSearchKeepsWithinItsBudget: a large field is seated within searchSteps, however late
// in the night, and a search cut short by its budget still seats everyone at T2's tables.
func TestTheSearchKeepsWithinItsBudget(t *testing.T) {
	for _, format := range []string{Rotation, Swiss} {
		in := largerField(maxPlayers, 6, 8, format)
		r, err := read(in)
		if err != nil {
			t.Fatal(err)
		}
		out, err := r.pair()
		if err != nil {
			t.Fatal(err)
		}
		if r.budget < 0 {
			t.Errorf("%s of %d at 6: the search spent its whole budget, %d steps, and %d more", format, maxPlayers, searchSteps, -r.budget)
		}
		if flags := JudgePairing(in, out); len(flags) > 0 {
			t.Errorf("%s of %d at 6: %v", format, maxPlayers, flags)
		}
	}
	in := largerField(300, 4, 12, Swiss)
	for _, budget := range []int{0, 1000, 100_000} {
		r, err := read(in)
		if err != nil {
			t.Fatal(err)
		}
		r.budget = budget
		out, err := r.pair()
		if err != nil {
			t.Fatal(err)
		}
		if spent := budget - r.budget; spent > budget+len(in.Players)*len(in.Players) {
			t.Errorf("a budget of %d steps: %d spent, more than one greedy seating past it", budget, spent)
		}
		if f := r.seatsEveryone(1, out, ""); f != nil {
			t.Errorf("a budget of %d steps: %v", budget, f)
		}
		if f := r.sized(1, out, ""); f != nil {
			t.Errorf("a budget of %d steps: %v", budget, f)
		}
	}
}

// FuzzPair: every input gets an answer, a pairing that seats everyone at T2's tables or a
// refusal of the contract, within the search's budget. The bytes choose the field (2 to 16
// players), the kind and table size, the format, the round, and each player's night: whom they
// met and how often (a few lists made one-sided), their points, byes and who was first.
func FuzzPair(f *testing.F) {
	// 13 Capture players at tables of 4, round 3, a third of the pairs having met: once a
	// search with no end when a few of the lists were one-sided; and the same, every list
	// mutual.
	for _, oneSided := range []byte{0x80, 0} {
		seed := []byte{11, 2, 2, 0, 7, 0}
		for i := range 13 {
			seed = append(seed, byte(i%8)|2<<3, byte(i%2), byte(i%3))
			for j := i + 1; j < 13; j++ {
				switch {
				case (i+j)%3 != 0:
					seed = append(seed, 0)
				case (i*j)%2 == 0:
					seed = append(seed, 1|oneSided)
				default:
					seed = append(seed, 1)
				}
			}
		}
		f.Add(seed)
	}
	f.Add([]byte{4, 0, 3, 2, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		in := fuzzedInput(data)
		r, err := read(in)
		if err == nil {
			var out Output
			if out, err = r.pair(); err == nil {
				if f := r.seatsEveryone(1, out, ""); f != nil {
					t.Fatalf("%+v: %v", in, f)
				}
				if f := r.sized(1, out, ""); f != nil {
					t.Fatalf("%+v: %v", in, f)
				}
			}
			if r.budget < -len(in.Players)*len(in.Players) {
				t.Fatalf("%+v: %d steps past the budget", in, -r.budget)
			}
		}
		if err != nil && !errors.Is(err, ErrInput) {
			t.Fatalf("%+v: %v, not an input error", in, err)
		}
	})
}

// fuzzedInput reads bytes as a round's input, a byte at a time (0 once they run out).
func fuzzedInput(data []byte) Input {
	next := func() byte {
		if len(data) == 0 {
			return 0
		}
		b := data[0]
		data = data[1:]
		return b
	}
	n := 2 + int(next())%15
	in := Input{Kind: "capture", TableSize: 2 + int(next())%5, Round: 1 + int(next())%6}
	switch next() % 3 {
	case 0:
		in.Format = Rotation
	case 1:
		in.Format = Swiss
	default:
		in.Format, in.Kind, in.TableSize = Swiss, "pinochle", 2
	}
	in.Seed = binary.LittleEndian.Uint64(append([]byte{next(), next()}, make([]byte, 6)...))
	for i := range n {
		in.Players = append(in.Players, Player{Name: fmt.Sprintf("p%d", i), Opponents: []string{}, First: []bool{}})
	}
	for i := range n {
		p := &in.Players[i]
		b := next()
		p.Points, p.Byes = float64(b%8)/2, int(b>>6)
		for range int(b>>3) % 4 {
			p.First = append(p.First, next()%2 == 0)
		}
		for j := i + 1; j < n; j++ {
			b := next()
			for range (b & 0x7f) % 3 {
				p.Opponents = append(p.Opponents, in.Players[j].Name)
				if b&0x80 == 0 { // a high bit makes the meeting one-sided
					in.Players[j].Opponents = append(in.Players[j].Opponents, p.Name)
				}
			}
		}
	}
	return in
}
