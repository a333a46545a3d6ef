package referee

import (
	"bytes"
	"encoding"
	"encoding/json"
)

// ReadFlat reads a payload as the store keeps it: a compact JSON object whose values are plain
// strings, whole numbers or lists of plain strings. It calls field for each key, in order, and
// reports whether it read the whole payload so. At anything else — white space, an escape, a
// number that is not a plain whole number, null, a nested object, a key given twice, or a key
// or value field does not take — it stops and reports false, and the caller decodes the
// payload with encoding/json, whose result is the one that counts. Replaying a file decodes a
// payload a move; encoding/json's reflection cost more than every engine's rules together.
func ReadFlat(raw []byte, field func(key []byte, v Flat) bool) bool {
	if len(raw) < 2 || raw[0] != '{' || raw[len(raw)-1] != '}' {
		return false
	}
	rest := raw[1 : len(raw)-1]
	var seen [8][]byte
	n := 0
	for len(rest) > 0 {
		key, after, ok := plainString(rest)
		if !ok || len(after) == 0 || after[0] != ':' {
			return false
		}
		for _, k := range seen[:n] {
			if bytes.Equal(k, key) {
				return false
			}
		}
		if n == len(seen) {
			return false
		}
		seen[n], n = key, n+1
		v, after, ok := flatValue(after[1:])
		if !ok || !field(key, v) {
			return false
		}
		if rest, ok = nextItem(after); !ok {
			return false
		}
	}
	return true
}

// nextItem steps over the comma between two items of an object or a list: what follows it, nil
// at the end, and false when the items are not parted so.
func nextItem(after []byte) ([]byte, bool) {
	switch {
	case len(after) == 0:
		return nil, true
	case after[0] == ',' && len(after) > 1:
		return after[1:], true
	}
	return nil, false
}

// PlayedAt is the key of a move's payload that says when the move was played (Unix ms), where
// it was stored later: a phone's move kept while the network was gone. The rules never read it.
const PlayedAt = "played_at"

// DecodePayload decodes a stored payload into p: with ReadFlat, field reading each of its
// fields (but PlayedAt, which no engine reads), or with encoding/json when ReadFlat leaves it.
func DecodePayload[T any](raw []byte, p *T, field func(p *T, key []byte, v Flat) bool) error {
	if ReadFlat(raw, func(key []byte, v Flat) bool { return string(key) == PlayedAt || field(p, key, v) }) {
		return nil
	}
	var none T
	*p = none
	return json.Unmarshal(raw, p)
}

// Flat is one value of a flat payload: a plain string's bytes, a whole number's digits, or a
// list of plain strings as written, brackets included.
type Flat struct {
	raw  []byte
	kind byte // '"' a string, '0' a number, '[' a list
}

// FlatInt reads a whole number as encoding/json reads it into a T (flatValue took at most 18
// digits, which every T holds).
func FlatInt[T ~int | ~int64](v Flat) (T, bool) {
	if v.kind != '0' {
		return 0, false
	}
	digits, neg := v.raw, false
	if digits[0] == '-' {
		digits, neg = digits[1:], true
	}
	var n T
	for _, d := range digits {
		n = n*10 + T(d-'0')
	}
	if neg {
		n = -n
	}
	return n, true
}

// FlatString reads a string as encoding/json reads it into a string.
func FlatString(v Flat) (string, bool) { return string(v.raw), v.kind == '"' }

// FlatText reads a string as encoding/json reads it into a *T, where T reads its own text.
func FlatText[T any, P interface {
	*T
	encoding.TextUnmarshaler
}](v Flat) (*T, bool) {
	x := new(T)
	return x, v.kind == '"' && P(x).UnmarshalText(v.raw) == nil
}

// FlatTexts reads a list of strings as encoding/json reads it into a []T, where T reads its own
// text: an empty list is an empty slice, not nil.
func FlatTexts[T any, P interface {
	*T
	encoding.TextUnmarshaler
}](v Flat) ([]T, bool) {
	out := []T{}
	ok := v.Texts(func(text []byte) bool {
		var x T
		if P(&x).UnmarshalText(text) != nil {
			return false
		}
		out = append(out, x)
		return true
	})
	return out, ok
}

// Texts reads a list of strings, calling each with every string in order.
func (v Flat) Texts(each func(text []byte) bool) bool {
	if v.kind != '[' {
		return false
	}
	rest := v.raw[1 : len(v.raw)-1]
	for len(rest) > 0 {
		s, after, ok := plainString(rest)
		if !ok || !each(s) {
			return false
		}
		if rest, ok = nextItem(after); !ok {
			return false
		}
	}
	return true
}

// plainString reads a JSON string of printable ASCII without escapes at the start of b: its
// bytes, and what follows it.
func plainString(b []byte) (s, rest []byte, ok bool) {
	if len(b) < 2 || b[0] != '"' {
		return nil, nil, false
	}
	end := bytes.IndexByte(b[1:], '"')
	if end < 0 {
		return nil, nil, false
	}
	for _, c := range b[1 : 1+end] {
		if c == '\\' || c < 0x20 || c >= 0x80 {
			return nil, nil, false // JSON would unescape or check it: leave it to encoding/json
		}
	}
	return b[1 : 1+end], b[2+end:], true
}

// flatValue reads one value at the start of b.
func flatValue(b []byte) (Flat, []byte, bool) {
	switch {
	case len(b) == 0:
		return Flat{}, nil, false
	case b[0] == '"':
		s, rest, ok := plainString(b)
		return Flat{raw: s, kind: '"'}, rest, ok
	case b[0] == '[':
		end := bytes.IndexByte(b, ']')
		if end < 0 || bytes.ContainsAny(b[1:end], "[{") {
			return Flat{}, nil, false
		}
		return Flat{raw: b[:end+1], kind: '['}, b[end+1:], true
	}
	end := 0
	if b[0] == '-' {
		end = 1
	}
	start := end
	for end < len(b) && b[end] >= '0' && b[end] <= '9' {
		end++
	}
	// A leading zero, a fraction or an exponent is JSON's to judge.
	if end == start || end-start > 18 || (b[start] == '0' && end-start > 1) || (end < len(b) && b[end] != ',') {
		return Flat{}, nil, false
	}
	return Flat{raw: b[:end], kind: '0'}, b[end:], true
}
