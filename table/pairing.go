package table

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/tableside/tableside/referee/tournament"
)

// PairingInput and Pairing are a round's pairing as the public contract gives them
// (docs/json.md): what it is computed from, and the tables and byes it makes.
type (
	PairingInput = tournament.Input
	Pairing      = tournament.Output
)

// maxPairingInput bounds a pairing's input: 2,048 players, each with a long night behind them,
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
		return in, invalid(nil, "", "the pairing's input is over %d MiB", maxPairingInput>>20)
	case len(bytes.TrimSpace(data)) == 0:
		return in, invalid(nil, "", "no pairing input: give its JSON on standard input (docs/json.md, \"A round's pairing\")")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		return in, invalid(err, "", "the pairing's input: %s", jsonProblem(err))
	}
	if dec.More() {
		return in, invalid(nil, "", "the pairing's input holds more than one JSON object")
	}
	return in, nil
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
		return out, invalid(err, "", "%v", err)
	}
	return out, err
}
