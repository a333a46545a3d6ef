package web

import (
	"cmp"
	"fmt"
	"net"
	"net/http"
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

// admit finds out who is calling and refuses a caller who may not do what the route does:
// it reads the credentials the request carries, tests them, counting the wrong ones against
// the caller's address, then asks the core what they open that the key alone cannot say, and
// judges. An address that has guessed too often is refused everything until it has waited.
func (s *Server) admit(w http.ResponseWriter, r *http.Request, need right, c *caller) error {
	id, err := gameID(r)
	if err != nil {
		return err
	}
	c.game = id
	if need == anyone {
		return nil
	}
	t, err := s.test(w, r, c, credentialsOf(r, c, need))
	if err != nil {
		return err
	}
	s.openAtTable(r, c, &t)
	if t.err != nil && !c.director {
		return t.err
	}
	if err := s.closeTheLog(r, c); err != nil {
		return err
	}
	return judge(need, s.cfg.Public, c, t)
}

// credentials are what a request carries to be let in, as read from it: none of them tested.
type credentials struct {
	// bearer is the Authorization header's Bearer credential, trimmed, when bearing: a key, a
	// code or the wall key.
	bearer  string
	bearing bool
	login   heldCookie // the director's login
	code    heldCookie // the game's table code, on a game's routes
	// tables are tournament tables' cookies: on a table's routes that table's, on a
	// tournament's view any of its tables', on a game's routes any tournament's.
	tables  []heldCookie
	wallKey heldCookie // on the wall's routes only: it opens nothing else
}

// heldCookie is a cookie a request carries; its value is "" when it carries none. at is the
// table a tournament table's cookie names.
type heldCookie struct {
	name, value string
	at          table.TournamentTable
}

// carried is how many credentials cr holds.
func (cr credentials) carried() int {
	n := len(cr.tables)
	for _, held := range []bool{cr.bearing, cr.login.value != "", cr.code.value != "", cr.wallKey.value != ""} {
		if held {
			n++
		}
	}
	return n
}

// credentialsOf reads the credentials r carries for c's route: the Bearer one, and the cookies
// of the route. Nothing is tested and nothing is read but the request.
func credentialsOf(r *http.Request, c *caller, need right) credentials {
	var cr credentials
	if bearer, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); ok {
		cr.bearer, cr.bearing = strings.TrimSpace(bearer), true
	}
	cr.login = cookieOf(r, directorCookie)
	switch n := r.PathValue("n"); {
	case c.game == 0:
	case c.tournament && n != "":
		// A tournament table's cookie names its tournament and table: its route's is the table
		// of the path.
		number, _ := strconv.Atoi(n)
		if ck := cookieOf(r, tournamentTableCookie(c.game, n)); ck.value != "" {
			ck.at = table.TournamentTable{Tournament: c.game, Table: number}
			cr.tables = append(cr.tables, ck)
		}
	case c.tournament:
		cr.tables = tableCookies(r, c.game)
	default:
		cr.code = cookieOf(r, tableCookie+strconv.FormatInt(c.game, 10))
		// A phone at a tournament's table holds its table's code, which opens the games the
		// tournament makes there.
		cr.tables = tableCookies(r, 0)
	}
	if need == wall {
		cr.wallKey = cookieOf(r, wallCookie)
	}
	return cr
}

// cookieOf is r's cookie of name; its value is "" when r has none.
func cookieOf(r *http.Request, name string) heldCookie {
	ck, err := r.Cookie(name)
	if err != nil {
		return heldCookie{name: name}
	}
	return heldCookie{name: name, value: ck.Value}
}

// tableCookies are the tournament tables' cookies r carries: of tournament, or of any when it
// is 0.
func tableCookies(r *http.Request, tournament int64) []heldCookie {
	var out []heldCookie
	for _, ck := range r.Cookies() {
		rest, ok := strings.CutPrefix(ck.Name, tableCookie+"t")
		t, n, _ := strings.Cut(rest, "_")
		id, err1 := strconv.ParseInt(t, 10, 64)
		number, err2 := strconv.Atoi(n)
		if !ok || err1 != nil || err2 != nil || id < 1 || number < 1 || (tournament != 0 && id != tournament) || ck.Value == "" {
			continue
		}
		out = append(out, heldCookie{ck.Name, ck.Value, table.TournamentTable{Tournament: id, Table: number}})
	}
	return out
}

// tested is what testing a request's credentials found, beside what they open (the caller).
type tested struct {
	carried int // the credentials for this route
	wrong   int // those tested and found wrong: guesses
	// elsewhere says a credential is a table's code on a route of no game: nothing here could
	// test it, and it is no guess.
	elsewhere bool
	// pending are the tournament tables whose codes are right, on a game's route: they open
	// it if their table made it (openAtTable).
	pending []table.TournamentTable
	// err is the store's failure to say what a code opens: the request's error, unless the
	// director is let in.
	err error
}

// test tests cr, what a request to c's route carries, and sets what they open in c. Each
// credential may be a guess, so the address must have a try left for every one before any is
// tested: a request of two guesses let in on one try would double a guesser's rate. The tries
// of those that were no guess are let go, the others spent. A code is tested against what the
// route names (opensTable), which may ask the store; every other credential by the key alone.
func (s *Server) test(w http.ResponseWriter, r *http.Request, c *caller, cr credentials) (tested, error) {
	t := tested{carried: cr.carried()}
	addr := clientAddr(r)
	if !s.guard.take(addr, t.carried) {
		return t, errGuessing
	}
	isCode := func(v string) bool {
		ok, err := s.opensTable(r, c, v)
		t.err = cmp.Or(t.err, err)
		return ok
	}
	isWallKey := func(v string) bool {
		_, ok := s.keys.OpensWall(v)
		return ok && c.need == wall
	}
	if cr.bearing {
		_, codeShaped := table.ReadTableCode(cr.bearer)
		switch v := cr.bearer; {
		case s.keys.IsKey(v):
			c.director = true
		case isCode(v):
			c.table = true
		case isWallKey(v):
			c.wall = true
		case c.game == 0 && codeShaped:
			t.elsewhere = true
		default:
			t.wrong++
		}
	}
	c.director = t.cookie(w, r, cr.login, func(v string) bool { return s.keys.LoggedIn(v, time.Now()) }) || c.director
	c.table = t.cookie(w, r, cr.code, isCode) || c.table
	for _, ck := range cr.tables {
		if !t.cookie(w, r, ck, s.opensItsTable(ck.at)) {
			continue
		}
		switch {
		case !c.tournament:
			t.pending = append(t.pending, ck.at)
		case r.PathValue("n") != "":
			c.atTable = true
		default:
			c.table = true // any of its tables' codes opens a tournament's view
		}
	}
	c.wall = t.cookie(w, r, cr.wallKey, isWallKey) || c.wall
	if t.err != nil {
		t.wrong = 0 // a code the store could not check was no guess: the request fails as the store did
	}
	s.guard.settle(addr, t.carried, t.wrong)
	return t, nil
}

// cookie tests ck, when the request carries it, with right. A cookie that opens nothing (the
// key has changed since it was given) is a guess like any other, but it is also taken back, so
// that a phone that kept one is counted once.
func (t *tested) cookie(w http.ResponseWriter, r *http.Request, ck heldCookie, right func(string) bool) bool {
	if ck.value == "" {
		return false
	}
	if right(ck.value) {
		return true
	}
	t.wrong++
	setCookie(w, r, ck.name, "", -time.Second)
	return false
}

// opensItsTable is whether a code is the code of table at: by the key alone.
func (s *Server) opensItsTable(at table.TournamentTable) func(string) bool {
	return func(v string) bool {
		_, ok := s.keys.OpensTournamentTable(at.Tournament, at.Table, v)
		return ok
	}
}

// openAtTable lets the tables' own codes, counted, open c's game if their table made it, which
// the core says, once the tries are settled. One that did not is no credential here, nor a
// guess: it is the code of a table of another game.
func (s *Server) openAtTable(r *http.Request, c *caller, t *tested) {
	if len(t.pending) > 0 {
		at, made, err := s.tableOf(r, c.game)
		t.err = cmp.Or(t.err, err)
		for _, p := range t.pending {
			if made && p == at {
				c.atTable = true
			} else {
				t.carried--
			}
		}
	}
	c.table = c.table || c.atTable
}

// closeTheLog keeps a tournament's own log the organiser's: the code its number would have
// opens nothing. Asked once the tries are settled, as it reads the store.
func (s *Server) closeTheLog(r *http.Request, c *caller) error {
	if !c.table || c.atTable || c.tournament || c.director || c.game == 0 {
		return nil
	}
	log, err := s.isTournamentLog(r, c.game)
	if err != nil {
		return err
	}
	c.table = !log
	return nil
}

// judge lets c in where what its credentials open (c) is what need asks, on a server public or
// not, or says why not as t found them.
func judge(need right, public bool, c *caller, t tested) error {
	presented := t.carried > 0
	switch {
	case c.director, need == reader && public, need <= player && c.table:
		return nil
	case need == wall && (c.wall || public || c.table):
		return nil
	case t.wrong > 0:
		return errWrongCredential
	case need == wall && (!presented || t.elsewhere):
		return errNoWallKey
	case need == director && c.table, t.elsewhere:
		return errDirectorOnly
	case !presented:
		return errNoCredential
	}
	return errWrongCredential
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
