package events

import (
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// What the file's defences protect against, and what they do not:
//
//   - The triggers refuse an UPDATE or DELETE of an event or a game, and an event out of order,
//     from any SQLite tool: a slip cannot change the record. Anyone can drop them.
//   - The hash chain makes every event depend on every event before it in its game: an edit,
//     an insertion, a removal in the middle, or an event moved to another game shows in Verify.
//     It is plain SHA-256 with no key, so someone who edits an event and computes every later
//     hash again leaves a chain that verifies; and removing a game's last events leaves a
//     shorter chain that verifies too.
//   - A seal (Seal) written down outside the file, as every printed score sheet carries one,
//     catches both: the log no longer ends where it did when the sheet was printed.
//
// Verify also holds the games rows against their first events, the schema against schema.sql,
// and the game ids against each other, so a rewritten games row, a dropped trigger or a deleted
// game in the middle of the file is named too.

// Broken is one thing Verify found wrong. Game is 0 for the file as a whole, Seq 0 when no
// event is concerned; otherwise Seq is the first event of the game that cannot be trusted.
type Broken struct {
	Game   int64
	Seq    int64
	Reason string
}

func (b Broken) String() string {
	switch {
	case b.Game == 0:
		return b.Reason
	case b.Seq == 0:
		return fmt.Sprintf("game %d: %s", b.Game, b.Reason)
	}
	return fmt.Sprintf("game %d: event %d: %s", b.Game, b.Seq, b.Reason)
}

// chain follows one game's hash chain an event at a time.
type chain struct {
	want int64
	prev string
}

// next checks the next event of the game; it returns the reason the event breaks the chain, or
// "" when it follows.
func (c *chain) next(e Event) string {
	defer func() { c.prev, c.want = e.Hash, c.want+1 }()
	switch {
	case c.want == 1 && e.Seq != 1:
		return fmt.Sprintf("the log starts at event %d, not 1", e.Seq)
	case e.Seq != c.want:
		return fmt.Sprintf("event %d follows event %d: events %d to %d are missing", e.Seq, c.want-1, c.want, e.Seq-1)
	case !hashIs(c.prev, e, e.Hash):
		return "the event does not match its hash: it was changed after it was recorded"
	}
	return ""
}

// CheckChain walks one game's log, read with its hashes, and returns where its chain breaks,
// or nil when it is whole. It is what a read of one game costs to be sure of: a hash an event.
func CheckChain(log []Event) *Broken {
	if len(log) == 0 {
		return nil
	}
	c := chain{want: 1}
	for _, e := range log {
		if why := c.next(e); why != "" {
			return &Broken{Game: e.Game, Seq: e.Seq, Reason: why}
		}
	}
	return nil
}

// CheckChainAfter walks the events that follow prev, an event whose chain is known whole, and
// returns where they break it, or nil: what CheckChain returns for the whole log, had it
// walked prev's part again.
func CheckChainAfter(prev Event, more []Event) *Broken {
	c := chain{want: prev.Seq + 1, prev: prev.Hash}
	for _, e := range more {
		if why := c.next(e); why != "" {
			return &Broken{Game: e.Game, Seq: e.Seq, Reason: why}
		}
	}
	return nil
}

// SortFindings orders findings as Verify returns them: the file's own first, then by game and
// event.
func SortFindings(broken []Broken) {
	slices.SortStableFunc(broken, func(a, b Broken) int {
		return cmp.Or(cmp.Compare(a.Game, b.Game), cmp.Compare(a.Seq, b.Seq))
	})
}

// Seal is a short code for a game's log as it stood at one event: how many events it held, and
// the first 60 bits of the last one's hash, written in Crockford's base32 ("152:7KQ3-M2XD-9FHA").
// It is printed on every score sheet. Since each event's hash covers every event before it, a
// seal kept outside the file tells whether the log still begins with the events it sealed:
// events appended since leave it true, and any event removed or changed before it (even with
// the chain computed again to hide it) makes it false.
type Seal struct {
	Events int64
	Code   string // 12 characters of Crockford's base32, upper case, without hyphens
}

// CodeAlphabet is Crockford's base32, in which seals and table codes are written: no I, L, O or
// U, so that a code copied by hand is read back the same.
const CodeAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// ReadCode reads a code written in CodeAlphabet as a person copies it, forgiving case, spaces,
// hyphens, and O, I and L for 0, 1 and 1. It returns the code in upper case without
// separators, or the first rune that no code holds.
func ReadCode(text string) (code string, bad rune, ok bool) {
	var b strings.Builder
	for _, r := range strings.ToUpper(text) {
		switch {
		case r == '-' || r == ' ':
			continue
		case r == 'O':
			r = '0'
		case r == 'I' || r == 'L':
			r = '1'
		}
		if !strings.ContainsRune(CodeAlphabet, r) {
			return "", r, false
		}
		b.WriteRune(r)
	}
	return b.String(), 0, true
}

// SealOf seals a game's log, read with its hashes; the zero Seal for an empty log.
func SealOf(log []Event) Seal {
	if len(log) == 0 {
		return Seal{}
	}
	return HeadOf(log).Seal()
}

// sealCode writes the first 60 bits of a hex hash in base32; "" for a hash that is not hex.
func sealCode(hash string) string {
	b, err := hex.DecodeString(hash)
	if err != nil || len(b) < 8 {
		return ""
	}
	var n uint64
	for _, x := range b[:8] {
		n = n<<8 | uint64(x)
	}
	code := make([]byte, 12)
	for i := range code {
		code[i] = CodeAlphabet[n>>(64-5*(i+1))&31]
	}
	return string(code)
}

func (s Seal) String() string {
	if s.Code == "" {
		return ""
	}
	return fmt.Sprintf("%d:%s-%s-%s", s.Events, s.Code[:4], s.Code[4:8], s.Code[8:])
}

// ErrSeal is a seal that cannot be read.
var ErrSeal = errors.New("not a seal")

// ParseSeal reads a seal as written on a sheet, forgiving what copying by hand does to it: case,
// spaces and hyphens, and O, I and L for 0, 1 and 1.
func ParseSeal(text string) (Seal, error) {
	count, code, ok := strings.Cut(strings.TrimSpace(text), ":")
	n, err := strconv.ParseInt(strings.TrimSpace(count), 10, 64)
	if !ok || err != nil || n < 1 {
		return Seal{}, fmt.Errorf("%w: %q (a seal is the number of events, a colon and 12 letters and digits: 152:7KQ3-M2XD-9FHA)", ErrSeal, text)
	}
	letters, bad, ok := ReadCode(code)
	if !ok {
		return Seal{}, fmt.Errorf("%w: %q holds %q, which no seal has", ErrSeal, text, bad)
	}
	if len(letters) != 12 {
		return Seal{}, fmt.Errorf("%w: %q has %d letters and digits after the colon, not 12", ErrSeal, text, len(letters))
	}
	return Seal{Events: n, Code: letters}, nil
}

// SealCheck is what a seal says of a game's log now.
type SealCheck struct {
	// Intact is true when the log still begins with the events sealed.
	Intact bool
	// Appended is how many events (for a file's seal, games) were recorded after the seal, when
	// Intact.
	Appended int64
	// Reason says what changed, when not Intact.
	Reason string
}

// CheckSeal holds a game's log, read with its hashes, against a seal from one of its sheets.
func CheckSeal(log []Event, s Seal) SealCheck {
	n := int64(len(log))
	switch {
	case n < s.Events:
		return SealCheck{Reason: fmt.Sprintf("the log holds %d events, and held %d when the sheet was sealed: events were removed", n, s.Events)}
	case SealOf(log[:s.Events]).Code != s.Code:
		return SealCheck{Reason: fmt.Sprintf("event %d is not the event that was sealed: the log was rewritten at or before event %d since the sheet was printed", s.Events, s.Events)}
	}
	return SealCheck{Intact: true, Appended: n - s.Events}
}

// Head is where one game's log ends: its event count and its last event's hash.
type Head struct {
	Game   int64
	Events int64
	Hash   string
}

// HeadOf is where a game's log, read with its hashes, ends.
func HeadOf(log []Event) Head {
	if len(log) == 0 {
		return Head{}
	}
	last := log[len(log)-1]
	return Head{Game: last.Game, Events: int64(len(log)), Hash: last.Hash}
}

// FileSeal seals a whole file from every game's head, in game order: the seal's count is the
// number of games, and its code the start of a SHA-256 over each game's id, event count and
// last hash. Games are numbered from 1 and never deleted, so a seal written down outside the
// file catches a game removed anywhere, the last included, which the file alone cannot show.
func FileSeal(heads []Head) Seal {
	h := sha256.New()
	var b []byte
	for _, g := range heads {
		b = binary.BigEndian.AppendUint64(b[:0], uint64(g.Game))
		b = binary.BigEndian.AppendUint64(b, uint64(g.Events))
		h.Write(appendField(b, g.Hash))
	}
	return Seal{Events: int64(len(heads)), Code: sealCode(hex.EncodeToString(h.Sum(nil)))}
}

// CheckFileSeal holds the heads of a file's games now against the file's seal written down
// earlier. New games since leave it intact; a game removed, or a sealed game's log changed in
// any way since (a move recorded in it included), does not.
func CheckFileSeal(heads []Head, s Seal) SealCheck {
	for i := range min(int64(len(heads)), s.Events) {
		if heads[i].Game != i+1 {
			return SealCheck{Reason: fmt.Sprintf("game %d is missing: it was removed after the file was sealed", i+1)}
		}
	}
	switch n := int64(len(heads)); {
	case n < s.Events:
		return SealCheck{Reason: fmt.Sprintf("the file holds %d games, and held %d when it was sealed: games %d to %d were removed", n, s.Events, n+1, s.Events)}
	case FileSeal(heads[:s.Events]).Code != s.Code:
		return SealCheck{Reason: fmt.Sprintf("games 1 to %d are not as they were when the file was sealed: an event was changed or removed, or something was recorded in one of them since; each sheet's own seal (verify GAME --seal) tells which game", s.Events)}
	}
	return SealCheck{Intact: true, Appended: int64(len(heads)) - s.Events}
}

// Seal is the seal of the log that ends at h.
func (h Head) Seal() Seal {
	return Seal{Events: h.Events, Code: sealCode(h.Hash)}
}
