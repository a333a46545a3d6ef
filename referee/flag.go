package referee

import "fmt"

// Severity says how bad a flag is.
type Severity string

// The severities.
const (
	// Illegal: a rule was broken.
	Illegal Severity = "illegal"
	// Impossible: the record contradicts itself, such as the same card twice.
	Impossible Severity = "impossible"
	// Warning: worth a look, breaks nothing.
	Warning Severity = "warning"
)

// Flag is the referee's finding about one event.
type Flag struct {
	Seq      int64    `json:"seq"`
	Rule     string   `json:"rule"`
	Severity Severity `json:"severity"`
	Message  string   `json:"message"`
	// RevealedBy is the later event that proved this one wrong, 0 when the event was wrong on
	// its face.
	RevealedBy int64 `json:"revealed_by,omitempty"`
	// Settled is "" while the flag is open, else how the table settled it ("condone").
	Settled string `json:"settled,omitempty"`
	// Hint says what would have been legal instead, when the referee knows.
	Hint string `json:"hint,omitempty"`
}

// Open reports whether the flag still needs a ruling.
func (f Flag) Open() bool { return f.Settled == "" }

// String writes the flag for people: "illegal — rule C7: a bid must beat the high bid (9♥ by
// ann)", with the event that revealed it and how it was settled when there are.
func (f Flag) String() string {
	s := fmt.Sprintf("%s — rule %s: %s", f.Severity, f.Rule, f.Message)
	if f.RevealedBy != 0 {
		s += fmt.Sprintf(" (revealed by event %d)", f.RevealedBy)
	}
	if f.Settled != "" {
		s += " [settled: " + f.Settled + "]"
	}
	return s
}
