package table

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"unicode/utf8"

	"golang.org/x/sync/errgroup"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/table/internal/store"
)

// errNotText refuses a line of an imported file that is not UTF-8 text.
var errNotText = play.Invalidf(nil, "", "the line is not UTF-8 text: bytes that are no character cannot be kept or written back out")

// maxGame is above every game id.
const maxGame = 1<<63 - 1

// ImportResult is what became of one game of a file being imported.
type ImportResult struct {
	// Line is where the game starts in the file.
	Line int
	// Game is the game as stored and replayed, or nil when it was refused with Err.
	Game *play.Game
	Err  error
	// Warnings are about the file itself, such as a broken hash chain.
	Warnings []string
	// FileGame is the game's number in the file, which names it on the sheets printed where
	// it was kept before; the game may be given another here (Game.ID).
	FileGame int64
	// doubt is the first thing that keeps the game from being traced to its log (L7).
	doubt string
	// moved is where the game came from, when it is stored with its chain as the file gives
	// it: unless the file was doubted, whose first event then changes.
	moved *store.Moved
}

// importBatch bounds the games an import holds before it stores them: games are stored many
// to a transaction, which is many times faster than one each.
const (
	importBatchEvents = 8192
	importBatchGames  = 256
)

// ImportLogs records every game of a JSON-lines file (one game, or a season), a game at a time
// and each all or nothing: a game that cannot be read or is refused (its match) is left out and
// reported, and the others are recorded. fn is told what became of each game, in file order;
// an error from fn or from reading the file stops the import (the games told of are kept, and
// at most one batch of games more).
//
// Reading, decoding and preparing the games for the store (store.NewGame.Prepare), storing
// them, and replaying them for fn are three stages that run at once, each a batch behind the
// one before: the store is the one writer, and the other two keep the other cores busy, taking
// from it all the work that needs no database. A game is held from its reading until it is told of.
func (a *App) ImportLogs(ctx context.Context, from string, r io.Reader, fn func(ImportResult) error) error {
	g, ctx := errgroup.WithContext(ctx)
	read := make(chan readGame, importBatchGames)
	stored := make(chan storedBatch)
	g.Go(func() error {
		defer close(read)
		// The games of one import share a batch number, which only tells them from another
		// import's: a file's seal is held against the games of the import that brought it.
		lr := &logReader{r: bufio.NewReaderSize(r, 1<<16), from: from, batch: rand.Int64N(1<<53) + 1}
		for {
			log, res, err := lr.game()
			switch {
			case errors.Is(err, io.EOF) && lr.games == 0:
				return play.Invalidf(nil, "", "the file holds no game")
			case errors.Is(err, io.EOF):
				return nil
			case err != nil:
				return err
			}
			rg := readGame{res: res}
			if res.Err == nil {
				most, _ := matchLength(log[0])
				rg.game = store.NewGame{Events: log, Most: most, Moved: res.moved}
				rg.game.Prepare()
			}
			select {
			case read <- rg:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
	})
	g.Go(func() error {
		defer close(stored)
		var batch storedBatch
		size := 0
		flush := func() error {
			if len(batch.results) == 0 {
				return nil
			}
			if len(batch.logs) > 0 {
				var err error
				if batch.stored, err = a.store.CreateMany(ctx, batch.logs); err != nil {
					return err
				}
			}
			select {
			case stored <- batch:
			case <-ctx.Done():
				return ctx.Err()
			}
			batch, size = storedBatch{}, 0
			return nil
		}
		for rg := range read {
			if rg.res.Err != nil { // refused before storing: told of in its turn, alone
				if err := flush(); err != nil {
					return err
				}
				batch.results = []ImportResult{rg.res}
				if err := flush(); err != nil {
					return err
				}
				continue
			}
			batch.results = append(batch.results, rg.res)
			batch.logs = append(batch.logs, rg.game)
			if size += len(rg.game.Events); size >= importBatchEvents || len(batch.logs) >= importBatchGames {
				if err := flush(); err != nil {
					return err
				}
			}
		}
		return flush()
	})
	g.Go(func() error {
		for batch := range stored {
			var sums []store.Summarized
			for i, res := range batch.results {
				if batch.stored != nil {
					s := batch.stored[i]
					switch refusal := matchRefusal(batch.logs[i].Events[0], s.Err); {
					case s.Err == nil:
						res.Game, res.Err = Replay(s.Game, s.Events)
						if res.Err == nil {
							last := s.Events[len(s.Events)-1]
							sums = append(sums, store.Summarized{Game: s.Game, Seq: last.Seq, Hash: last.Hash, Summary: storedSummary(res.Game)})
						}
					case refusal != nil:
						res.Err = refusal
					default:
						res.Err = s.Err
					}
				}
				if err := fn(res); err != nil {
					return err
				}
			}
			// The batch's summaries follow its games, made from the replay that tells of each
			// rather than in the writer's transaction, where it would hold up the next batch.
			// The games are stored whatever becomes of them: a game without one is replayed when
			// listed, so a failure here costs time, never a wrong list.
			if len(sums) > 0 {
				_, _ = a.store.Summarize(ctx, sums)
			}
		}
		return nil
	})
	return g.Wait()
}

// readGame is a game as read from a file and prepared for the store, or the reason it cannot
// be stored (res.Err).
type readGame struct {
	game store.NewGame
	res  ImportResult
}

// storedBatch is games read and stored together: results, each with its logs entry and stored
// result, or a single game refused before storing (no logs).
type storedBatch struct {
	results []ImportResult
	logs    []store.NewGame
	stored  []store.CreateResult
}

// maxLine bounds a line of a JSON-lines file: an event is a few hundred bytes.
const maxLine = 1 << 20

// logReader reads a JSON-lines file a game at a time.
type logReader struct {
	r     *bufio.Reader
	from  string // the file's name, for the doubts it raises
	batch int64  // the import's batch number (store.Moved)
	line  int
	games int
	// ahead is a game's first line, read while reading the game before it.
	ahead     []byte
	aheadLine int
}

// next returns the next non-empty line and its number; io.EOF at the end.
func (lr *logReader) next() ([]byte, int, error) {
	if lr.ahead != nil {
		l, n := lr.ahead, lr.aheadLine
		lr.ahead = nil
		return l, n, nil
	}
	for {
		var buf []byte
		long := false
		for {
			part, err := lr.r.ReadSlice('\n')
			if len(buf)+len(part) > maxLine {
				long = true
			} else {
				buf = append(buf, part...)
			}
			if errors.Is(err, bufio.ErrBufferFull) {
				continue
			}
			if err != nil && (!errors.Is(err, io.EOF) || len(buf) == 0) {
				return nil, 0, err
			}
			break
		}
		lr.line++
		if long {
			return nil, lr.line, play.Invalidf(nil, "", "line %d is longer than %d bytes: not an event", lr.line, maxLine)
		}
		if line := bytes.TrimSpace(buf); len(line) > 0 {
			return line, lr.line, nil
		}
	}
}

// game reads the next game: its events, numbered from 1 in file order, and what to report of
// it (its first line, warnings about the file). A game that cannot be read comes back with
// res.Err naming the line, and the reader moves on to the next game. io.EOF when none is left.
func (lr *logReader) game() ([]events.Event, ImportResult, error) {
	var log []events.Event
	var res ImportResult
	var traced fileChain
	for {
		raw, n, err := lr.next()
		if errors.Is(err, io.EOF) {
			if res.Line == 0 {
				return nil, res, io.EOF
			}
			return lr.done(log, res, traced)
		}
		if err != nil && n == 0 {
			return nil, res, err
		}
		if res.Line == 0 {
			res.Line = n
			lr.games++
		}
		var e events.Event
		if err == nil && !utf8.Valid(raw) {
			// JSON would keep such bytes raw in a payload, and export would write them out again.
			err = errNotText
		}
		if err == nil {
			if jerr := json.Unmarshal(raw, &e); jerr != nil {
				err = play.Invalidf(jerr, "", "not an event: %v", jerr)
			}
		}
		if err == nil && e.Type == events.TypeCreated && n != res.Line {
			lr.ahead, lr.aheadLine = raw, n // the next game starts here
			return lr.done(log, res, traced)
		}
		if res.Err != nil {
			continue // skipping the rest of a game that cannot be read
		}
		if err == nil {
			err = checkLine(e, len(log) == 0)
		}
		if err != nil {
			res.Err = fmt.Errorf("line %d: %w", n, err)
			log = nil
			continue
		}
		if len(log) == 0 {
			res.FileGame = e.Game
		}
		if why := traced.next(e, len(log) == 0); why != "" && res.doubt == "" {
			res.doubt = fmt.Sprintf("line %d (event %d) %s", n, len(log)+1, why)
			res.Warnings = append(res.Warnings, res.doubt)
		}
		log = append(log, events.Event{Seq: int64(len(log) + 1), Type: e.Type, Actor: e.Actor, Payload: e.Payload, At: e.At})
	}
}

// done finishes a game read from the file: a game traced to the log that kept it is stored
// with its chain as it was there (res.moved), and one whose file cannot be traced keeps that
// doubt in its first event (L7).
func (lr *logReader) done(log []events.Event, res ImportResult, traced fileChain) ([]events.Event, ImportResult, error) {
	if res.Err != nil {
		return log, res, nil
	}
	if res.doubt == "" {
		if traced.game >= 1 && traced.origin >= 1 {
			res.moved = &store.Moved{Origin: traced.origin, Batch: lr.batch, Number: traced.game}
		}
		return log, res, nil
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(log[0].Payload, &fields); err != nil {
		res.Err = play.Invalidf(err, "", "line %d: the game's first event is unreadable: %v", res.Line, err)
		return nil, res, nil
	}
	var doubts []events.Doubt
	if raw, ok := fields[doubtsField]; ok {
		if err := json.Unmarshal(raw, &doubts); err != nil {
			res.Err = play.Invalidf(err, "", "line %d: the game's doubts are unreadable: %v", res.Line, err)
			return nil, res, nil
		}
	}
	doubts = append(doubts, events.Doubt{From: lr.from, Problem: res.doubt})
	var err error
	if fields[doubtsField], err = json.Marshal(doubts); err == nil {
		log[0].Payload, err = json.Marshal(fields)
	}
	return log, res, err
}

// doubtsField is the key of events.Created's Doubts; a first event is changed as a JSON object,
// so that fields a newer tableside wrote survive.
const doubtsField = "import_doubts"

// fileChain follows a game's hash chain as a file gives it, without a database: the hashes,
// numbers and game the file claims for each event, and the number its chain covers.
type fileChain struct {
	prev   string
	game   int64
	origin int64
	seq    int64
}

// next returns what is wrong with the next event of a game from the file, "" when it follows.
func (c *fileChain) next(e events.Event, first bool) string {
	defer func() { c.prev, c.seq = e.Hash, c.seq+1 }()
	if first {
		c.game, c.origin = e.Game, e.ChainGame()
	}
	switch {
	case e.Hash == "":
		return "has no hash: the file cannot be traced to the log that kept the game"
	case e.Seq != c.seq+1:
		return fmt.Sprintf("says it is event %d: events are missing or out of order", e.Seq)
	case e.Game != c.game:
		return fmt.Sprintf("belongs to game %d, where the game began as game %d", e.Game, c.game)
	case e.ChainGame() != c.origin:
		return fmt.Sprintf("says its game was first recorded as game %d, where the game's first event says %d", e.ChainGame(), c.origin)
	case events.Hash(c.prev, e) != e.Hash:
		return "does not match the file's hash chain: the file was changed after it was exported"
	}
	return ""
}

// checkLine checks an event read from a file before it is stored; first says it starts a game.
func checkLine(e events.Event, first bool) error {
	switch {
	case e.Type == "":
		return play.Invalidf(nil, "", "the event has no type")
	case len(e.Payload) == 0 || !json.Valid(e.Payload):
		return play.Invalidf(nil, "", "the event's payload is not JSON")
	}
	if !first {
		return nil
	}
	c, err := play.CreatedOf(e)
	if err == nil {
		_, err = checkCreated(c)
	}
	return asInvalid(err)
}
