package referee

import (
	"fmt"
	"slices"
)

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
	// SetAside: the move was not applied, because the game cannot go on from it (L8); the
	// game goes on as if it had not been made.
	SetAside bool `json:"set_aside,omitempty"`
}

// Flagf is the flag rule raises on event seq, its message formatted as fmt.Sprintf does.
func Flagf(seq int64, rule string, sev Severity, format string, args ...any) Flag {
	return Flag{Seq: seq, Rule: rule, Severity: sev, Message: fmt.Sprintf(format, args...)}
}

// Open reports whether the flag still needs a ruling.
func (f Flag) Open() bool { return f.Settled == "" }

// Reason writes what the flag finds: "illegal — rule C7: a bid must beat the high bid (9♥ by
// ann)". It is all a refusal says: a refused move was not recorded, so nothing happened to it.
func (f Flag) Reason() string {
	return fmt.Sprintf("%s — rule %s: %s", f.Severity, f.Rule, f.Message)
}

// String writes the flag of a recorded event for people: its Reason, with the event that
// revealed it, whether the move was set aside, and how the flag was settled.
func (f Flag) String() string {
	s := f.Reason()
	if f.RevealedBy != 0 {
		s += fmt.Sprintf(" (revealed by event %d)", f.RevealedBy)
	}
	if f.SetAside {
		s += "; set aside: the game goes on without it (L8)"
	}
	if f.Settled != "" {
		s += " [settled: " + f.Settled + "]"
	}
	return s
}

// Aside is the flag of a forced move that the game cannot go on from, so it is set aside (L8).
func Aside(f Flag) []Flag {
	f.SetAside = true
	return []Flag{f}
}

// Own returns the flags on event seq: those a move raised on itself, not those it raised on
// earlier events it proved wrong.
func Own(flags []Flag, seq int64) []Flag {
	var out []Flag
	for _, f := range flags {
		if f.Seq == seq {
			out = append(out, f)
		}
	}
	return out
}

// Refuses reports whether a move's own flags refuse it: any flag but a warning, which is worth
// a look but breaks nothing, so the move is recorded and the warning shown.
func Refuses(own []Flag) bool {
	return slices.ContainsFunc(own, func(f Flag) bool { return f.Severity != Warning })
}
