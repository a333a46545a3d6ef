package referee

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
