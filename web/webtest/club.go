package webtest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// Club is a server seen from the tables: its address and the director's key.
type Club struct {
	URL string // http://host:port
	Key string
	// Others are more servers of a league, sharing URL's database. The phones are spread over
	// all of them, a table's two on different servers, and a phone whose server has gone goes
	// on through the next, as a load balancer would send it.
	Others []string
	// HTTP sends the requests; nil for one that keeps a connection open for every phone.
	HTTP *http.Client
	// OnAck, when set, is told the night's count of acknowledged moves after each one, from
	// the phone that got it: a test acts on it in the middle of the load.
	OnAck func(total int)
}

// Seat creates a game for each table, as the director. A request has until ctx ends: a test
// gives it the test's deadline (needs.WithDeadline), which no guess of its own would keep to
// on a busy machine.
func (c *Club) Seat(ctx context.Context, tables []Table) ([]*Game, error) {
	client, done := c.client(len(tables))
	defer done()
	games := make([]*Game, len(tables))
	for i, t := range tables {
		var made struct {
			Game struct {
				ID int64 `json:"game"`
			} `json:"game"`
			Code string `json:"code"`
		}
		status, body, err := send(ctx, client, http.MethodPost, c.URL+"/api/games", c.Key, t.newGame())
		if err != nil {
			return nil, fmt.Errorf("table %d: %w", i+1, err)
		}
		if status != http.StatusCreated {
			return nil, fmt.Errorf("table %d: new game: %d %s", i+1, status, body)
		}
		if err := json.Unmarshal(body, &made); err != nil {
			return nil, fmt.Errorf("table %d: new game: %w", i+1, err)
		}
		games[i] = &Game{Table: t, ID: made.Game.ID, Code: made.Code, Acked: map[int64]string{}}
	}
	return games, nil
}

// Result is what a night of play did.
type Result struct {
	Games []*Game
	// Acked counts the moves acknowledged (201), Conflicts the moves refused because the other
	// phone was first (409 conflict).
	Acked, Conflicts int
	// Other counts every other answer, which a correct server never gives; Failures says what
	// the first few were.
	Other    int
	Failures []string
	// Unreached counts the requests that got no whole answer: the server had gone. A phone
	// sends the move again through the club's next server (Failovers counts those), and stops
	// once none answers. Dropped says why, for the first few.
	Unreached, Failovers int
	Dropped              []string
	// Waited counts the answers 503 (busy or unavailable): the phone waited and sent the move
	// again, as the answer asks.
	Waited int
	// Latencies are the times of the moves' requests that were answered, shortest first.
	Latencies []time.Duration
	// Elapsed is how long the play took, from the first move to the last answer.
	Elapsed time.Duration
}

// Latency is the q-quantile of the answered requests' times (0.5 the median), 0 for none.
func (r *Result) Latency(q float64) time.Duration {
	if len(r.Latencies) == 0 {
		return 0
	}
	return r.Latencies[min(len(r.Latencies)-1, int(q*float64(len(r.Latencies))))]
}

// MovesPerSecond is the rate of acknowledged moves over the play.
func (r *Result) MovesPerSecond() float64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return float64(r.Acked) / r.Elapsed.Seconds()
}

// maxFailures is how many failures of each kind a result describes.
const maxFailures = 10

// night gathers what the phones saw, from all of them at once.
type night struct {
	mu     sync.Mutex
	result Result
	acked  atomic.Int64
	onAck  func(int)
}

// phone is what one phone saw, gathered into the night when it stops.
type phone struct {
	acked, conflicts, other, unreached, failovers, waited int
	failures, dropped                                     []string
	latencies                                             []time.Duration
}

// add keeps a move g's phone saw acknowledged as event seq.
func (n *night) add(g *Game, seq int64, words string) {
	n.mu.Lock()
	if _, ok := g.Acked[seq]; ok {
		g.Twice = append(g.Twice, seq)
	}
	g.Acked[seq] = words
	n.mu.Unlock()
	total := n.acked.Add(1)
	if n.onAck != nil {
		n.onAck(int(total))
	}
}

// gather adds what a phone saw to the night, once it has stopped.
func (n *night) gather(p *phone) {
	n.mu.Lock()
	defer n.mu.Unlock()
	r := &n.result
	r.Acked += p.acked
	r.Conflicts += p.conflicts
	r.Other += p.other
	r.Unreached += p.unreached
	r.Failovers += p.failovers
	r.Waited += p.waited
	r.Latencies = append(r.Latencies, p.latencies...)
	r.Failures = firstFew(r.Failures, p.failures...)
	r.Dropped = firstFew(r.Dropped, p.dropped...)
}

// Play has two phones at every game enter its table's moves at once, until every move is in,
// the server has gone or ctx ends.
func (c *Club) Play(ctx context.Context, games []*Game) *Result {
	client, done := c.client(len(games))
	defer done()
	n := &night{onAck: c.OnAck}
	start := time.Now()
	servers := append([]string{c.URL}, c.Others...)
	var wg sync.WaitGroup
	for i, g := range games {
		for j := range 2 {
			wg.Go(func() {
				var p phone
				c.enter(ctx, client, n, g, &p, servers, i+j)
				n.gather(&p)
			})
		}
	}
	wg.Wait()
	n.result.Elapsed = time.Since(start)
	n.result.Games = games
	slices.Sort(n.result.Latencies)
	return &n.result
}

// waitEvery is how often a phone sends again a move the server answered 503 (busy or
// unavailable): it goes on until the server takes it, or the night's context ends.
const waitEvery = 100 * time.Millisecond

// enter is one phone at g's table: it sends the move it believes is next, naming the last
// event it has seen. When the other phone was first, the 409 shows where the game now is, and
// the phone goes on from the move that is next there: its own is already in. It begins with
// servers[first%len(servers)], and goes on through the next server when one does not answer.
// A move sent again after no answer or a 503 may have been recorded the first time; then the
// 409 says so, as for the other phone's.
func (c *Club) enter(ctx context.Context, client *http.Client, n *night, g *Game, p *phone, servers []string, first int) {
	server, silent := first, 0
	last := int64(1) // the creation
	for next := 0; next < len(g.Moves) && ctx.Err() == nil; next = int(last) - 1 {
		words := g.Moves[next]
		url := fmt.Sprintf("%s/api/games/%d/moves", servers[server%len(servers)], g.ID)
		began := time.Now()
		status, body, err := send(ctx, client, http.MethodPost, url, g.Code, map[string]any{"move": words, "expect": last})
		if err != nil {
			p.unreached++
			p.dropped = firstFew(p.dropped, fmt.Sprintf("game %d, %q after event %d: %v", g.ID, words, last, err))
			if silent++; silent == len(servers) {
				return
			}
			server++
			p.failovers++
			continue
		}
		silent = 0
		p.latencies = append(p.latencies, time.Since(began))
		var answer struct {
			Event struct {
				Seq int64 `json:"seq"`
			} `json:"event"`
			Error struct {
				Code string `json:"code"`
			} `json:"error"`
			Game struct {
				Last int64 `json:"last"`
			} `json:"game"`
		}
		if err := json.Unmarshal(body, &answer); err != nil {
			p.other++
			p.failures = firstFew(p.failures, fmt.Sprintf("game %d, %q after event %d: %d %s", g.ID, words, last, status, body))
			return
		}
		seen := last
		switch {
		case status == http.StatusCreated:
			p.acked++
			n.add(g, answer.Event.Seq, words)
			last = answer.Event.Seq
		case status == http.StatusConflict && answer.Error.Code == "conflict" && answer.Game.Last > last:
			p.conflicts++
			last = answer.Game.Last
		case status == http.StatusServiceUnavailable:
			p.waited++
			select {
			case <-ctx.Done():
			case <-time.After(waitEvery):
			}
		default:
			p.other++
			p.failures = firstFew(p.failures, fmt.Sprintf("game %d, %q after event %d: %d %s", g.ID, words, last, status, body))
			return
		}
		if last > seen {
			// The game's page then reads what was stored after the event it had seen, and
			// judges what it still has waiting on top of it (web/static/offline.js).
			if err := readLog(ctx, client, servers[server%len(servers)], g, seen, last); err != nil {
				p.other++
				p.failures = firstFew(p.failures, err.Error())
				return
			}
		}
	}
}

// readLog reads g's events after seen, as a phone's page does, and checks they reach last at
// least. A server that has gone, or is busy, is left for the next move to find.
func readLog(ctx context.Context, client *http.Client, server string, g *Game, seen, last int64) error {
	status, body, err := send(ctx, client, http.MethodGet, fmt.Sprintf("%s/api/games/%d/events?after=%d", server, g.ID, seen), g.Code, nil)
	if err != nil || status == http.StatusServiceUnavailable {
		return nil
	}
	if status != http.StatusOK {
		return fmt.Errorf("game %d, its events after %d: %d %s", g.ID, seen, status, body)
	}
	lines := bytes.Split(bytes.TrimSpace(body), []byte("\n"))
	var end struct {
		Seq int64 `json:"seq"`
	}
	if err := json.Unmarshal(lines[len(lines)-1], &end); err != nil || int64(len(lines)) < last-seen || end.Seq < last {
		return fmt.Errorf("game %d, its events after %d: %d lines ending at %d, want them to reach %d (%v)", g.ID, seen, len(lines), end.Seq, last, err)
	}
	return nil
}

// firstFew appends to list as much of more as keeps it within maxFailures.
func firstFew(list []string, more ...string) []string {
	return append(list, more[:min(len(more), max(0, maxFailures-len(list)))]...)
}

// client is c.HTTP, or a client that keeps a connection for each of the phones of games,
// with the function that lets its connections go.
func (c *Club) client(games int) (*http.Client, func()) {
	if c.HTTP != nil {
		return c.HTTP, func() {}
	}
	client := &http.Client{Transport: &http.Transport{
		MaxIdleConnsPerHost: 2 * games,
		IdleConnTimeout:     time.Minute,
	}}
	return client, client.CloseIdleConnections
}

// send makes a request with a bearer credential, and body as JSON when it is not nil, and
// reads the whole answer. An error means no whole answer came.
func send(ctx context.Context, client *http.Client, method, url, bearer string, body any) (int, []byte, error) {
	var in io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return 0, nil, err
		}
		in = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, in)
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Authorization", "Bearer "+bearer)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	out, err := io.ReadAll(res.Body)
	if err != nil {
		return 0, nil, fmt.Errorf("%d, then %w", res.StatusCode, err)
	}
	return res.StatusCode, out, nil
}
