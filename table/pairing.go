package table

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"unicode/utf8"

	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee/tournament"
)

// PairingInput and Pairing are a round's pairing as the public contract gives them
// (docs/json.md): what it is computed from, and the tables and byes it makes.
type (
	PairingInput = tournament.Input
	Pairing      = tournament.Output
)

// maxPairingInput bounds a pairing's input: 5,000 players, each with a long night behind them,
// fit many times over.
const maxPairingInput = 16 << 20

// ReadPairingInput reads a pairing's input as JSON, refusing a field the contract does not
// name (a misspelt "table-size" would otherwise pass unseen) and anything after the object.
func ReadPairingInput(r io.Reader) (PairingInput, error) {
	var in PairingInput
	data, err := io.ReadAll(io.LimitReader(r, maxPairingInput+1))
	switch {
	case err != nil:
		return in, err
	case len(data) > maxPairingInput:
		return in, play.Invalidf(nil, "", "the pairing's input is over %d MiB", maxPairingInput>>20)
	case len(bytes.TrimSpace(data)) == 0:
		return in, play.Invalidf(nil, "", "no pairing input: give its JSON on standard input (docs/json.md, \"A round's pairing\")")
	}
	if !utf8.Valid(data) {
		// The decoder would read each such byte as U+FFFD, and the name would never match
		// what is typed again.
		return in, play.Invalidf(nil, "", "the pairing's input: %s is not UTF-8 text: bytes that are no character cannot be kept or written back out", fieldOfBadText(data))
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		return in, play.Invalidf(err, "", "the pairing's input: %s", jsonProblem(err))
	}
	if dec.More() {
		return in, play.Invalidf(nil, "", "the pairing's input holds more than one JSON object")
	}
	return in, nil
}

// fieldOfBadText names the field of a JSON document that holds its first bytes that are no
// UTF-8 character, as players[2].name; "a string" when the document cannot be read so far.
func fieldOfBadText(data []byte) string {
	bad := 0
	for bad < len(data) {
		r, size := utf8.DecodeRune(data[bad:])
		if r == utf8.RuneError && size == 1 {
			break
		}
		bad += size
	}
	// Walk the tokens, keeping the path to each, until one ends past the bad byte.
	type level struct {
		array   bool
		index   int
		key     string
		wantKey bool
	}
	var path []*level
	where := func() string {
		var b strings.Builder
		for i, l := range path {
			switch {
			case l.array:
				fmt.Fprintf(&b, "[%d]", l.index)
			case i > 0:
				b.WriteString("." + l.key)
			default:
				b.WriteString(l.key)
			}
		}
		return b.String()
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	for {
		token, err := dec.Token()
		if err != nil {
			return "a string"
		}
		var top *level
		if len(path) > 0 {
			top = path[len(path)-1]
		}
		if key, ok := token.(string); ok && top != nil && top.wantKey {
			top.key, top.wantKey = key, false
			if dec.InputOffset() > int64(bad) {
				return "a field's name in " + cmp.Or(where(), "the input")
			}
			continue
		}
		if dec.InputOffset() > int64(bad) {
			return cmp.Or(where(), "a string")
		}
		switch token {
		case json.Delim('{'):
			path = append(path, &level{wantKey: true})
			continue
		case json.Delim('['):
			path = append(path, &level{array: true})
			continue
		case json.Delim('}'), json.Delim(']'):
			path = path[:len(path)-1]
			if len(path) == 0 {
				return "a string"
			}
			top = path[len(path)-1]
		}
		// A value ended: the next is the array's next element, or the object's next key.
		switch {
		case top == nil:
			return "a string"
		case top.array:
			top.index++
		default:
			top.wantKey = true
		}
	}
}

// jsonProblem words a JSON decoding error for people: the field and the value it could not
// take, rather than Go's types.
func jsonProblem(err error) string {
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) {
		return fmt.Sprintf("%q cannot be %s", typeErr.Field, typeErr.Value)
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// Pair computes a round's pairing from its input alone, by T1–T9 and docs/rules.md: what
// `calc pair` writes. An input that breaks the contract is an Invalid error naming what.
func Pair(in PairingInput) (Pairing, error) {
	out, err := tournament.Pair(in)
	if errors.Is(err, tournament.ErrInput) {
		return out, play.Invalidf(err, "", "%v", err)
	}
	return out, err
}

// PairedRound is a round's input with a pairing of it, as `calc generate` writes them and
// `calc check` judges them.
type PairedRound struct {
	Input  PairingInput `json:"input"`
	Output Pairing      `json:"output"`
}

// ReadPairedRounds reads one or more rounds paired, as JSON values one after another (a line
// each, as `calc generate` writes them), refusing a field the contract does not name.
func ReadPairedRounds(r io.Reader) ([]PairedRound, error) {
	dec := json.NewDecoder(io.LimitReader(r, 16*maxPairingInput))
	dec.DisallowUnknownFields()
	var out []PairedRound
	for {
		var rp PairedRound
		err := dec.Decode(&rp)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, play.Invalidf(err, "", "round paired %d: %s", len(out)+1, jsonProblem(err))
		}
		out = append(out, rp)
	}
	if len(out) == 0 {
		return nil, play.Invalidf(nil, "", "no round paired: give {\"input\": …, \"output\": …} on standard input (docs/json.md)")
	}
	return out, nil
}

// CheckPairing judges a pairing against its input as the tournament's referee does (T1–T7,
// T13): no flag when it is as good by each ruling as the pairing computed from the input.
func CheckPairing(rp PairedRound) []play.Flag { return tournament.JudgePairing(rp.Input, rp.Output) }

// GenerateRounds is the rounds of a random tournament drawn from seed, players of names
// entering (some arriving late, some dropping, some asking for a bye or forfeiting), each
// round's input with the pairing the project makes of it.
func GenerateRounds(seed uint64, names []string) []PairedRound {
	_, moves := tournament.Rules{}.Playout(rand.New(rand.NewPCG(seed, 0x7ab1e5)), names)
	var out []PairedRound
	for _, m := range moves {
		if m.Type != tournament.TypePaired {
			continue
		}
		var p tournament.Paired
		if err := json.Unmarshal(m.Payload, &p); err == nil {
			out = append(out, PairedRound{Input: p.Input, Output: p.Output})
		}
	}
	return out
}
