package web

import (
	"cmp"
	"fmt"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tableside/tableside/table"
)

// The cookies. Both are HttpOnly, so a page's script cannot read them, and SameSite=Lax, so a
// form posted from another site does not carry them (cross-origin protection refuses it
// anyway).
const (
	directorCookie = "tableside_director"
	// tableCookie is followed by the game's id: a phone may hold the codes of several games.
	// A tournament's table's is tournamentTableCookie's.
	tableCookie = "tableside_table_"
	// wallCookie holds the wall key on the screen it was entered on.
	wallCookie = "tableside_wall"
	// directorFor is how long a director's login lasts: a club night.
	directorFor = 16 * time.Hour
)

// tournamentTableCookie is the name of the cookie that holds the code of a tournament's table
// (table "" gives the prefix every table's of the tournament begins with).
func tournamentTableCookie(tournament int64, table string) string {
	return fmt.Sprintf("%st%d_%s", tableCookie, tournament, table)
}

func setCookie(w http.ResponseWriter, r *http.Request, name, value string, maxAge time.Duration) {
	http.SetCookie(w, &http.Cookie{Name: name, Value: value, Path: "/", MaxAge: int(maxAge.Seconds()),
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: r.TLS != nil})
}

// errNoCredential and errWrongCredential are the two ways a caller is not let in: 401 both,
// but only a wrong credential counts as a guess.
var (
	errNoCredential = &httpError{status: http.StatusUnauthorized, code: "unauthorized",
		msg: "this needs the game's table code or the director's key", hint: "scan the table's QR code, or ask the organiser"}
	errWrongCredential = &httpError{status: http.StatusUnauthorized, code: "unauthorized",
		msg: "that is not this game's table code, nor the director's key"}
	errNoWallKey = &httpError{status: http.StatusUnauthorized, code: "unauthorized",
		msg: "the wall screen needs the wall key, or the director's login", hint: "the director's club page shows the wall key"}
	errDirectorOnly = &httpError{status: http.StatusForbidden, code: "forbidden",
		msg: "only the director may do this", hint: "ask the organiser"}
	errGuessing = &httpError{status: http.StatusTooManyRequests, code: "too_many",
		msg: "too many wrong codes from this address; wait a minute and try again"}
)

// admit finds out who is calling and refuses a caller who may not do what the route does. A
// wrong credential counts against the caller's address, and an address that has guessed too
// often is refused everything until it has waited.
func (s *Server) admit(w http.ResponseWriter, r *http.Request, need right, c *caller) error {
	id, err := gameID(r)
	if err != nil {
		return err
	}
	c.game = id
	if need == anyone {
		return nil
	}
	// A code is tested against what the route names (opensTable); a failure to find out is
	// the request's error, once the credentials are counted, unless the director is let in.
	var codeErr error
	isCode := func(v string) bool {
		ok, err := s.opensTable(r, c, v)
		codeErr = cmp.Or(codeErr, err)
		return ok
	}
	isWallKey := func(v string) bool {
		_, ok := s.keys.OpensWall(v)
		return ok && need == wall
	}
	isLogin := func(v string) bool { return s.keys.LoggedIn(v, time.Now()) }
	// The credentials the request carries: the Bearer one, and the cookies of this route (the
	// wall's opens nothing else, so it is read on the wall only), each with what it opens.
	bearer, hasBearer := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	type held struct {
		cookie *http.Cookie
		valid  func(string) bool
		opens  *bool
	}
	var cookies []held
	hold := func(name string, valid func(string) bool, opens *bool) {
		if ck, err := r.Cookie(name); err == nil && ck.Value != "" {
			cookies = append(cookies, held{ck, valid, opens})
		}
	}
	// A tournament table's cookie names its tournament and table, so its code is checked against
	// its own name, by the key alone: no credential makes the server read the store before it
	// is counted. On a game's route, a table's own code then opens the game if that table made
	// it, which the store says once a game (atTable, below).
	var atTables []tableHeld
	var genuine []bool
	hold(directorCookie, isLogin, &c.director)
	switch n := r.PathValue("n"); {
	case id == 0:
	case c.tournament && n != "":
		hold(tournamentTableCookie(id, n), isCode, &c.atTable)
	case c.tournament:
		// Any of its tables' codes opens a tournament's view.
		for _, tc := range tableCookies(r, id) {
			hold(tc.name, s.opensItsTable(tc.at), &c.table)
		}
	default:
		hold(tableCookie+strconv.FormatInt(id, 10), isCode, &c.table)
		// A phone at a tournament's table holds its table's code, which opens the games the
		// tournament makes there; the game says which table that is.
		atTables = tableCookies(r, 0)
		genuine = make([]bool, len(atTables))
		for i, tc := range atTables {
			hold(tc.name, s.opensItsTable(tc.at), &genuine[i])
		}
	}
	if need == wall {
		hold(wallCookie, isWallKey, &c.wall)
	}
	carried := len(cookies)
	if hasBearer {
		carried++
	}
	// Each credential may be a guess, so the address must have a try left for every one before
	// any is tested: a request of two guesses let in on one try would double a guesser's rate.
	// The tries of those that were no guess are let go, the others spent.
	addr := clientAddr(r)
	if !s.guard.take(addr, carried) {
		return errGuessing
	}
	// Every credential tested and found wrong is a guess; one that nothing here could test (a
	// table's code on a route of no game) is not.
	presented, wrongs, codeElsewhere := carried > 0, 0, false
	if hasBearer {
		_, codeShaped := table.ReadTableCode(strings.TrimSpace(bearer))
		switch bearer = strings.TrimSpace(bearer); {
		case s.keys.IsKey(bearer):
			c.director = true
		case isCode(bearer):
			c.table = true
		case isWallKey(bearer):
			c.wall = true
		case id == 0 && codeShaped:
			codeElsewhere = true
		default:
			wrongs++
		}
	}
	// A cookie that opens nothing (the key has changed since it was given) is a guess like any
	// other, but it is also taken back, so that a phone that kept one is counted once.
	for _, h := range cookies {
		if h.valid(h.cookie.Value) {
			*h.opens = true
			continue
		}
		wrongs++
		setCookie(w, r, h.cookie.Name, "", -time.Second)
	}
	if codeErr != nil {
		wrongs = 0 // a code the store could not check was no guess: the request fails as the store did
	}
	s.guard.settle(addr, carried, wrongs)
	// The tables' own codes, counted, now open the game if their table made it. One that does
	// not is no credential here, nor a guess: it is the code of a table of another game.
	if slices.Contains(genuine, true) {
		at, made, err := s.tableOf(r, id)
		codeErr = cmp.Or(codeErr, err)
		for i, tc := range atTables {
			if !genuine[i] {
				continue
			}
			if made && tc.at == at {
				c.atTable = true
				continue
			}
			carried--
		}
		presented = carried > 0
	}
	c.table = c.table || c.atTable
	if codeErr != nil && !c.director {
		return codeErr
	}
	// A tournament's own log is the organiser's: the code its number would have opens nothing.
	// Asked once the tries are settled, as it reads the store.
	if c.table && !c.atTable && !c.tournament && !c.director && id != 0 {
		log, err := s.isTournamentLog(r, id)
		if err != nil {
			return err
		}
		c.table = !log
	}
	switch {
	case c.director, need == reader && s.cfg.Public, need <= player && c.table:
		return nil
	case need == wall && (c.wall || s.cfg.Public || c.table):
		return nil
	case wrongs > 0:
		return errWrongCredential
	case need == wall && (!presented || codeElsewhere):
		return errNoWallKey
	case need == director && c.table, codeElsewhere:
		return errDirectorOnly
	case !presented:
		return errNoCredential
	}
	return errWrongCredential
}

// tableHeld is a tournament table's cookie a request carries, and the table its name names.
type tableHeld struct {
	name string
	at   table.TournamentTable
}

// tableCookies are the tournament tables' cookies r carries: of tournament, or of any when it
// is 0.
func tableCookies(r *http.Request, tournament int64) []tableHeld {
	var out []tableHeld
	for _, ck := range r.Cookies() {
		rest, ok := strings.CutPrefix(ck.Name, tableCookie+"t")
		t, n, _ := strings.Cut(rest, "_")
		id, err1 := strconv.ParseInt(t, 10, 64)
		number, err2 := strconv.Atoi(n)
		if !ok || err1 != nil || err2 != nil || id < 1 || number < 1 || (tournament != 0 && id != tournament) {
			continue
		}
		out = append(out, tableHeld{ck.Name, table.TournamentTable{Tournament: id, Table: number}})
	}
	return out
}

// opensItsTable is whether a code is the code of table at: by the key alone.
func (s *Server) opensItsTable(at table.TournamentTable) func(string) bool {
	return func(v string) bool {
		_, ok := s.keys.OpensTournamentTable(at.Tournament, at.Table, v)
		return ok
	}
}

// clientAddr is the address a request came from, without its port. The server is meant to
// be reached directly on the club's network, so a forwarded-for header, which anyone can
// write, is not believed.
func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// The guessing limit: each address may be wrong a few times in a row, then once every few
// seconds; lockout is how long it waits for one more try once it has used them all.
const (
	guesses = 10
	lockout = 6 * time.Second
)

// limiter counts the wrong credentials of each address, as a token bucket: guesses tries,
// one more every lockout.
//
// A request holds a try for each credential it carries while the credentials are checked, so
// that guesses sent all at once cannot be tested beyond the tries the address has: a try is
// held, then spent if the credential was wrong or let go if it was right. Many right ones at
// once — a club's phones behind one address, checked slowly on a loaded machine — may hold up
// to overdraw tries beyond the address's own: a burst of guesses can reach past its tries by
// that much once, and then pays for each guess with a lockout, so the rate stays one a lockout.
type limiter struct {
	mu   sync.Mutex
	left map[string]bucket
	now  func() time.Time
}

// overdraw is how many tries beyond its own an address's requests may hold at once.
const overdraw = 64

type bucket struct {
	tokens float64
	held   int // tries held by requests whose credentials are being checked
	at     time.Time
}

func newLimiter() *limiter { return &limiter{left: map[string]bucket{}, now: time.Now} }

// level is addr's bucket now.
func (l *limiter) level(addr string) bucket {
	now := l.now()
	b, ok := l.left[addr]
	if !ok {
		return bucket{tokens: guesses, at: now}
	}
	b.tokens = min(guesses, b.tokens+now.Sub(b.at).Seconds()/lockout.Seconds())
	b.at = now
	return b
}

// take holds n tries of addr's while its credentials are checked, and reports whether it
// could: the address must have a try of its own for each (one with none left is refused even a
// request that carries no guess), and hold no more than overdraw beyond its own with the
// requests being checked already. It holds them in one step.
func (l *limiter) take(addr string, n int) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.level(addr)
	if b.tokens < float64(max(n, 1)) || b.tokens-float64(b.held+n) < -overdraw {
		return false
	}
	b.held += n
	l.set(addr, b)
	return true
}

// try tests one credential of addr's with right, holding a try meanwhile, and reports whether
// the address had a try to test it with; a wrong one spends the try.
func (l *limiter) try(addr string, right func() bool) bool {
	if !l.take(addr, 1) {
		return false
	}
	wrong := 1
	defer func() { l.settle(addr, 1, wrong) }()
	if right() {
		wrong = 0
	}
	return true
}

// settle lets go of the taken tries a request held, spending wrong of them: the credentials
// found wrong.
func (l *limiter) settle(addr string, taken, wrong int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.level(addr)
	b.held = max(0, b.held-taken)
	b.tokens -= float64(wrong)
	l.set(addr, b)
}

// set keeps addr's bucket; a full one that holds nothing is the same as none.
func (l *limiter) set(addr string, b bucket) {
	if b.tokens >= guesses && b.held == 0 {
		delete(l.left, addr)
		return
	}
	l.left[addr] = b
	// A full bucket is the same as none: forget the addresses that have stopped guessing, so
	// the map stays as small as the night's guessers.
	if len(l.left) > 1000 {
		for a := range l.left {
			if b := l.level(a); b.tokens >= guesses && b.held == 0 {
				delete(l.left, a)
			}
		}
	}
}
