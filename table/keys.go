package table

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/play"
)

// MinKeyLength is the shortest director's key accepted: the key is all that stands between a
// guesser and every correction.
const MinKeyLength = 12

// A table code is 6 characters of Crockford's base32 (30 bits): short enough to read aloud and
// type on a phone, and, with guessing limited to a few tries a minute, out of reach of a
// guesser for years.
const codeLength = 6

// wallKeyLength is the length of the wall key: longer than a table code, which it is not to be
// taken for, and short enough to type on a television's remote.
const wallKeyLength = 8

// Keys are the credentials a director's key stands behind: every game's table code, the wall
// key, and signatures of what the director is given (a login). Each is an HMAC under the key,
// so it looks random to anyone without the key, needs nothing stored, and stays the same for
// as long as the key does: every game has its table code, however it was created.
type Keys struct{ key []byte }

// ErrPublishedKey: the director's key is one printed for all to read. Every table code is
// derived from the key, so whoever has read it holds every game's code and the director's
// corrections.
var ErrPublishedKey = errors.New("a published key")

// publishedKeys are keys printed where anyone may read them: the examples of tableside's own
// README and league guide before it made keys, and the best-known example of a passphrase.
// They are compared as published, whatever the case, spaces and punctuation.
var publishedKeys = []string{
	"a long key only the organiser knows",
	"the league director key",
	"correct horse battery staple",
}

// plainWords keeps only the letters and digits of text, in lower case.
func plainWords(text string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return unicode.ToLower(r)
		}
		return -1
	}, text)
}

// NewKeys refuses a key shorter than MinKeyLength, and a published one.
func NewKeys(directorKey string) (*Keys, error) {
	if len(directorKey) < MinKeyLength {
		return nil, play.Invalidf(nil, "", "the director's key must be at least %d characters long (it has %d)", MinKeyLength, len(directorKey))
	}
	for _, published := range publishedKeys {
		if plainWords(directorKey) == plainWords(published) {
			return nil, play.Invalidf(ErrPublishedKey, "", "the director's key %q is printed for everyone to read: whoever has read it holds every table code and the director's corrections", published)
		}
	}
	return &Keys{key: []byte(directorKey)}, nil
}

// NewDirectorKey makes a director's key nobody has read: 26 random letters and digits, 130
// bits.
func NewDirectorKey() string { return rand.Text() }

// IsKey reports whether text is the director's key itself.
func (k *Keys) IsKey(text string) bool { return hmac.Equal([]byte(text), k.key) }

// Code is the table code of a game, which opens that game and no other.
func (k *Keys) Code(game int64) string { return k.Sign(fmt.Sprintf("table %d", game))[:codeLength] }

// WallKey opens the club's view for the room (the matches and the night's games, never a code)
// and nothing else.
func (k *Keys) WallKey() string { return k.Sign("wall")[:wallKeyLength] }

// Sign is the HMAC of msg under the director's key, in events.CodeAlphabet.
func (k *Keys) Sign(msg string) string {
	m := hmac.New(sha256.New, k.key)
	m.Write([]byte(msg))
	sum := m.Sum(nil)
	var b strings.Builder
	var bits, n uint
	for _, x := range sum {
		n, bits = n<<8|uint(x), bits+8
		for bits >= 5 {
			bits -= 5
			b.WriteByte(events.CodeAlphabet[n>>bits&31])
		}
	}
	return b.String()
}

// ReadTableCode reads a table code as a person types it (events.ReadCode forgives case,
// hyphens and look-alike letters), or says it is not shaped as one.
func ReadTableCode(text string) (string, bool) {
	code, _, ok := events.ReadCode(text)
	return code, ok && len(code) == codeLength
}

// OpensTable reads text as a person types a table code (ReadTableCode) and reports whether it
// is game's, compared in constant time. code is the code as read, for a cookie to keep.
func (k *Keys) OpensTable(game int64, text string) (code string, ok bool) {
	code, shaped := ReadTableCode(text)
	return code, shaped && game > 0 && hmac.Equal([]byte(code), []byte(k.Code(game)))
}

// OpensWall reads text as a person types the wall key (forgiving as ReadTableCode is) and
// reports whether it is the wall key, compared in constant time. key is the key as read.
func (k *Keys) OpensWall(text string) (key string, ok bool) {
	key, _, shaped := events.ReadCode(text)
	return key, shaped && hmac.Equal([]byte(key), []byte(k.WallKey()))
}

// Login is a director's login that lasts until the time given: that time and a signature of it
// under the key, so that the key itself never leaves the organiser's machine and a login ends
// on its own.
func (k *Keys) Login(until time.Time) string {
	at := strconv.FormatInt(until.Unix(), 10)
	return at + "." + k.Sign("director "+at)
}

// LoggedIn reports whether token is a login made with this key that has not ended by now.
func (k *Keys) LoggedIn(token string, now time.Time) bool {
	at, _, ok := strings.Cut(token, ".")
	unix, err := strconv.ParseInt(at, 10, 64)
	return ok && err == nil && now.Unix() < unix && hmac.Equal([]byte(token), []byte(k.Login(time.Unix(unix, 0))))
}

// ShowCode writes a table code as it is read aloud: two groups of three.
func ShowCode(code string) string { return code[:3] + "-" + code[3:] }

// ShowWallKey writes the wall key as it is read aloud: two groups of four.
func ShowWallKey(key string) string { return key[:4] + "-" + key[4:] }
