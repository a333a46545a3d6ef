// Package storetest is the store contract's conformance suite, written once for every store of
// the log (as event-sourcing libraries test their stores): a store passes Run, or it is not a
// store tableside may keep its log in.
//
// What Run holds every store to:
//   - Create stores a game all or nothing, numbering its events from 1 and chaining their
//     hashes, and numbers games from 1 in turn (verify reads a gap as a game removed); a payload
//     comes back as compact JSON, its keys in the order given (the hash covers its bytes, so no
//     store may reorder them, as a JSON column type would);
//   - Append follows the event the writer saw, or refuses with an error wrapping ErrConflict and
//     writes nothing; an unknown game is ErrNoGame;
//   - reads come in order: a game's events by seq, the games by id, those after a seq alone;
//     LoadOn, which a server keeping a game in play reads it with, finds a log as read before
//     only while every row of it is as read, an event edited with its hash left as it was
//     included, and gives the events stored since; and the Guard it answers lets LoadFrom read
//     only the rows from the guard's seq on while no row up to it changed;
//     Ends, of which the file's seal is made, is where each log ends as a walk of it finds;
//   - a match holds games of one kind, and at most the games its rules fix;
//   - a tournament's seating makes each table's game once (GameMadeError), however many
//     writers on however many handles make it at once; a table seated again, another
//     tournament of the same name, and games that name no seating are not refused;
//   - a writer kept waiting by another program past the store's wait gives up with an error
//     TroubleOf calls busy (FileBusy, LockWait), writes nothing, and goes through once the
//     other lets go;
//   - many writers on several handles (processes) lose and duplicate nothing, a writer that
//     gave up busy being tried again (WhileBusy), as a server tries again;
//   - a watch hears of what another handle committed;
//   - the log refuses an UPDATE, a DELETE or an event out of order made past the application,
//     by another program, saying it is append-only;
//   - verify (Verify: VerifyFile and each game's hash chain, the oracle the application's own
//     walk on every core is held to in package table) finds nothing in a store of the
//     application's own writing; in a log forged behind lifted guards it finds exactly an event
//     edited, a hash changed, events missing, a games row unlike its first event, a games row
//     with no events and events with no games row, and games deleted in the middle or at the
//     start; and it names a guard left lifted;
//   - GameSpan, which a walk on several workers reads its runs of games from, spans every
//     event, those of the first and last games whose games rows are gone included;
//   - verify names a guard kept under its name but made not to fire (Sideline), and an edit it
//     then let through;
//   - a write the database answered for but did not make (Quiet) is never acknowledged:
//     Append and Create fail with ErrNotStored, nothing is stored, and verify names the cause;
//   - the seals catch what verify cannot: a game's tail removed or its chain written again (the
//     game's seal), and the last game removed (the file's); verify catches what the seals
//     cannot, an event edited without its hash, so `verify --seal` does both;
//   - a game imported with its chain (Moved) into a store that holds games keeps every hash
//     under its new number, and games of the same number from two files stand side by side,
//     each listed by MovedGames with where it came from and found by HashesAt;
//   - handles opening a new store at once all open and set it up once; opening it again
//     changes nothing;
//   - a store marked as written by a newer version is refused with ErrTooNew, naming both
//     versions, and left as it was; so is a database whose tables of the store's names are
//     another program's, with ErrNotDatabase;
//   - a store of an older schema is migrated when opened: its events as they were, its games
//     listed as their first events say, guarded and verifying clean, and left as it is when
//     opened again.
//
// Place does what must differ, in each database's own SQL: a statement of another program's
// (Exec); a forger lifting every guard and putting it back (Forge: SQLite drops its triggers
// and makes them again from their text, PostgreSQL disables all of its triggers, the foreign
// key's included, inside one transaction); a guard left lifted (LiftGuard: dropped in SQLite,
// disabled in PostgreSQL); where the schema's version is kept (Version and SetVersion: PRAGMA
// user_version, the tableside_schema row); another program holding a writer up (Hold: a write
// transaction on the file, a lock on the events table); and a store of an older schema (Older: SQLite's
// version-1 file in testdata; PostgreSQL's version-1 schema, its postgres.sql of then, holding
// the same games); and two ways to weaken the log that leave every name in place: a guard kept
// under its name but made not to fire (Sideline) and an insert made to write nothing and
// succeed (Quiet).
//
// Left to each store's own tests, as only that store has it: how writers are serialized, and so
// races to start a match; SQLite's file (a text or corrupt file, another program's header, a
// new file opened by many while one turns it to WAL, the WAL kept beside it, the file copied
// alone, a refusal that changes not a byte, a migration that fails part way, a migrated schema
// word for word schema.sql's); verify holding the guards to the schema's own text (a guard
// replaced by a weaker one of the same name, a trigger added, and in PostgreSQL a guard
// function rewritten), since a trigger is made in each database's own language;
// PostgreSQL's own triggers (TRUNCATE refused, commits notified), the read-and-append role a
// league's server connects as, and a database killed under an open store.
package storetest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/table/internal/store"
)

// Place is a new, empty store somewhere: a file, a database. Besides opening it, it does to the
// store's database what only that database's own SQL can.
type Place interface {
	// Open opens a handle on the store, closed when the test ends, or says why it cannot. Two
	// handles are as two processes using the same store. It may be called from any goroutine.
	Open(t *testing.T) (store.Store, error)
	// Exec runs a statement on the store's database as another program would, past the
	// application.
	Exec(t *testing.T, statement string) error
	// Forge runs statements on the store's database as someone covering their tracks would:
	// with every guard of the store's lifted, then put back as it was, so that only the rows
	// tell. The suite passes SQL that every store's database accepts.
	Forge(t *testing.T, statements ...string)
	// LiftGuard lifts one of the triggers every store guards its log with (guards) and leaves
	// it lifted, as someone who did not put it back would.
	LiftGuard(t *testing.T, trigger string)
	// Sideline keeps one of the guards in place under its name but stops it firing for an
	// ordinary writer, as someone who wants it to look enabled would: PostgreSQL's ENABLE
	// REPLICA TRIGGER, SQLite's trigger made again with a condition that never holds.
	Sideline(t *testing.T, trigger string)
	// Quiet makes every insert into game's events write nothing and still succeed, as the owner
	// of the database can: a PostgreSQL rule DO INSTEAD NOTHING, a SQLite trigger that RAISEs
	// IGNORE. It returns the words verify names it by.
	Quiet(t *testing.T, game int64) string
	// Version reads the schema version the store's database says it holds; SetVersion writes
	// one there, as a newer tableside would.
	Version(t *testing.T) int64
	SetVersion(t *testing.T, version int64)
	// Hold has another program take what a writer of the store must wait for (SQLite's write
	// lock on the file, a lock on PostgreSQL's events table) and keep it until release.
	Hold(t *testing.T) (release func())
	// Older writes into the place a store of an older schema, as an older tableside made it,
	// holding several games, some in matches, and returns its version and every event it holds
	// as its rows have them. A store at its first schema has none: version 0.
	Older(t *testing.T) (version int64, log []events.Event)
}

// guards are the triggers every store keeps its log append-only with, by these names.
var guards = []string{"events_in_order", "events_no_update", "events_no_delete", "games_no_update", "games_no_delete"}

// Run runs the suite, each test on a new Place.
func Run(t *testing.T, newPlace func(t *testing.T) Place) {
	for _, tc := range []struct {
		name string
		test func(*testing.T, Place)
	}{
		{"CreateAndLoad", createAndLoad},
		{"AppendFollowsTheEventSeen", appendFollows},
		{"AppendWhileHoldsTheOtherLog", appendWhileHoldsTheOtherLog},
		{"BusyIsATrouble", busyIsATrouble},
		{"UnknownGame", unknownGame},
		{"LoadAfter", loadAfter},
		{"LoadOnHoldsEveryRow", loadOnHoldsEveryRow},
		{"LoadOnTrustsNoLiftedGuard", loadOnTrustsNoLiftedGuard},
		{"LoadOnTrustsNoSidelinedGuard", loadOnTrustsNoSidelinedGuard},
		{"Order", order},
		{"HeadsAndEnds", headsAndEnds},
		{"Matches", matches},
		{"CreateMany", createMany},
		{"ASeatingMakesEachTablesGameOnce", seatingMakesEachGameOnce},
		{"ATournamentIsStoredOnce", tournamentStoredOnce},
		{"WritersOnSeveralHandles", writers},
		{"Watch", watch},
		{"GamesSince", gamesSince},
		{"AppendOnly", appendOnly},
		{"VerifiesClean", verifiesClean},
		{"VerifyFindsAnEdit", verifyFindsAnEdit},
		{"VerifyFindsAChangedHash", verifyFindsAChangedHash},
		{"VerifyFindsMissingEvents", verifyFindsMissingEvents},
		{"VerifyFindsWhatTheChainCannotSee", verifyFindsWhatTheChainCannotSee},
		{"VerifyFindsTheFirstGamesDeleted", verifyFindsTheFirstGamesDeleted},
		{"SpanCoversEveryEvent", spanCoversEveryEvent},
		{"VerifyFindsAGuardLifted", verifyFindsAGuardLifted},
		{"VerifyFindsAGuardSidelined", verifyFindsAGuardSidelined},
		{"AWriteNotMadeIsNotAcknowledged", aWriteNotMadeIsNotAcknowledged},
		{"AnEditTheSealsCannotSee", anEditTheSealsCannotSee},
		{"MovedGamesKeepTheirChains", movedGamesKeepTheirChains},
		{"SealsCatchWhatVerifyCannot", sealsCatchWhatVerifyCannot},
		{"OpensAtOnce", opensAtOnce},
		{"RefusesANewerSchema", refusesANewerSchema},
		{"RefusesAnotherProgramsTables", refusesAnotherProgramsTables},
		{"MigratesAnOlderSchema", migratesAnOlderSchema},
		{"SummariesFollowTheLog", summariesFollowTheLog},
		{"AnEditedSummaryIsNotTaken", anEditedSummaryIsNotTaken},
	} {
		t.Run(tc.name, func(t *testing.T) { tc.test(t, newPlace(t)) })
	}
}

// open opens a handle on p's store, failing the test if it cannot.
func open(t *testing.T, p Place) store.Store {
	t.Helper()
	s, err := p.Open(t)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// busyFor is how long WhileBusy tries again: far longer than any store's wait, so that only a
// store that stays busy fails.
const busyFor = 2 * time.Minute

// WhileBusy runs op, and runs it again while it gives up as busy (FileBusy, LockWait), as the
// contract lets a writer kept waiting do, having written nothing; it returns op's first other
// answer. How long a writer waits for the others is a matter of time, which a machine busy
// with other work stretches: a test of many writers at once asserts what they store, and
// tries again where a writer would. It gives up after busyFor, saying so.
func WhileBusy(op func() error) error {
	deadline := time.Now().Add(busyFor)
	for {
		err := op()
		if trouble := store.TroubleOf(err); trouble != store.FileBusy && trouble != store.LockWait {
			return err
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("still busy after trying again for %v: %w", busyFor, err)
		}
		time.Sleep(10 * time.Millisecond) // SQLite may say busy at once, without its wait
	}
}

// created is a game.created event for a game of kind between ann and bob, in match ("" for
// none), at Unix ms at.
func created(t *testing.T, kind, match string, at int64) events.Event {
	t.Helper()
	p, err := json.Marshal(events.Created{Kind: kind, Players: []string{"ann", "bob"}, Match: match, Ruleset: kind + "/1"})
	if err != nil {
		t.Fatal(err)
	}
	return events.Event{Type: events.TypeCreated, Payload: p, At: at}
}

// move is a move of actor's, with payload as written.
func move(actor, payload string, at int64) events.Event {
	return events.Event{Type: "candidate.bid", Actor: actor, Payload: json.RawMessage(payload), At: at}
}

const start = 1_700_000_000_000

func newGame(t *testing.T, s store.Store, kind, match string) (int64, []events.Event) {
	t.Helper()
	game, stored, err := s.Create(t.Context(), []events.Event{created(t, kind, match, start)})
	if err != nil {
		t.Fatal(err)
	}
	return game, stored
}

func load(t *testing.T, s store.Store, game int64) []events.Event {
	t.Helper()
	log, err := s.Load(t.Context(), game)
	if err != nil {
		t.Fatal(err)
	}
	return log
}

// checkLog fails unless log is game's events 1…n, their hashes chained, each as want has it.
func checkLog(t *testing.T, game int64, log, want []events.Event) {
	t.Helper()
	if len(log) != len(want) {
		t.Fatalf("game %d holds %d events, want %d", game, len(log), len(want))
	}
	for i, e := range log {
		w := want[i]
		var compact bytes.Buffer
		if err := json.Compact(&compact, w.Payload); err != nil {
			t.Fatal(err)
		}
		if e.Game != game || e.Seq != int64(i+1) || e.Type != w.Type || e.Actor != w.Actor || e.At != w.At || !bytes.Equal(e.Payload, compact.Bytes()) {
			t.Fatalf("event %d is %+v (payload %s), want game %d seq %d as %+v (payload %s)", i+1, e, e.Payload, game, i+1, w, compact.Bytes())
		}
	}
	if b := events.CheckChain(log); b != nil {
		t.Fatalf("game %d: the hash chain breaks at event %d: %s", game, b.Seq, b.Reason)
	}
}

func createAndLoad(t *testing.T, p Place) {
	s := open(t, p)
	// The payload's keys keep their order: the hash covers its bytes.
	evs := []events.Event{created(t, "candidate", "", start), move("ann", `{"card":  "9H", "a": 1}`, start+5)}
	game, stored, err := s.Create(t.Context(), evs)
	if err != nil {
		t.Fatal(err)
	}
	checkLog(t, game, stored, evs)
	checkLog(t, game, load(t, s, game), evs)
	if _, _, err := s.Create(t.Context(), []events.Event{move("ann", `{}`, start)}); err == nil {
		t.Error("a game that does not start with game.created was stored")
	}
}

// busyIsATrouble: a writer kept waiting by another program gives up after the store's wait,
// as a busy trouble the table words once for every store, and writes nothing.
func busyIsATrouble(t *testing.T, p Place) {
	s := open(t, p)
	game, _ := newGame(t, s, "candidate", "")
	release := p.Hold(t)
	_, err := s.Append(t.Context(), game, 1, []events.Event{move("ann", `{"n":1}`, start+1)})
	release()
	if got := store.TroubleOf(err); got != store.FileBusy && got != store.LockWait {
		t.Fatalf("an append kept waiting: %v, trouble %d, want a busy one", err, got)
	}
	if log := load(t, s, game); len(log) != 1 {
		t.Fatalf("the append that gave up left %d events, want 1", len(log))
	}
	if _, err := s.Append(t.Context(), game, 1, []events.Event{move("ann", `{"n":1}`, start+1)}); err != nil {
		t.Fatalf("the append once the other let go: %v", err)
	}
}

func appendFollows(t *testing.T, p Place) {
	s := open(t, p)
	game, _ := newGame(t, s, "candidate", "")
	if _, err := s.Append(t.Context(), game, 1, []events.Event{move("ann", `{"n":1}`, start+1)}); err != nil {
		t.Fatal(err)
	}
	// A second terminal that still thinks the log ends at event 1.
	_, err := s.Append(t.Context(), game, 1, []events.Event{move("bob", `{"n":2}`, start+2), move("bob", `{"n":3}`, start+3)})
	if !errors.Is(err, store.ErrConflict) {
		t.Fatalf("appending after event 1 when the log ends at 2: %v, want ErrConflict", err)
	}
	if !strings.Contains(err.Error(), "someone else recorded") {
		t.Errorf("message %q does not say what happened", err)
	}
	if log := load(t, s, game); len(log) != 2 || string(log[1].Payload) != `{"n":1}` {
		t.Fatalf("after a conflict the log is %+v", log)
	}
	// After reloading, the same append goes through, two events at once.
	stored, err := s.Append(t.Context(), game, 2, []events.Event{move("bob", `{"n":2}`, start+2), move("ann", `{"n":3}`, start+3)})
	if err != nil || len(stored) != 2 || stored[1].Seq != 4 {
		t.Fatalf("two events after event 2: %+v, %v", stored, err)
	}
	if events.CheckChain(load(t, s, game)) != nil {
		t.Error("the chain breaks after appending")
	}
	// Claiming to have seen an event that does not exist is not a conflict.
	if _, err := s.Append(t.Context(), game, 9, []events.Event{move("bob", `{}`, start)}); err == nil || errors.Is(err, store.ErrConflict) {
		t.Fatalf("append after event 9 of 4: %v", err)
	}
	for _, bad := range []struct {
		name string
		evs  []events.Event
	}{
		{"nothing", nil},
		{"invalid JSON", []events.Event{move("ann", `{"a":1}`, start), move("ann", `{"a":`, start)}},
		{"trailing garbage", []events.Event{move("ann", `{} x`, start)}},
		{"a second game.created", []events.Event{created(t, "candidate", "", start)}},
		{"another game's event", []events.Event{{Game: game + 1, Type: "x", Payload: json.RawMessage(`{}`)}}},
	} {
		if _, err := s.Append(t.Context(), game, 4, bad.evs); err == nil {
			t.Errorf("%s: appended", bad.name)
		}
	}
	if log := load(t, s, game); len(log) != 4 {
		t.Fatalf("refused appends wrote %d events", len(log)-4)
	}
}

func unknownGame(t *testing.T, p Place) {
	s := open(t, p)
	if _, err := s.Load(t.Context(), 1); !errors.Is(err, store.ErrNoGame) {
		t.Errorf("Load of a store with no game: %v", err)
	}
	game, _ := newGame(t, s, "candidate", "")
	for _, after := range []int64{0, 3} {
		if _, err := s.LoadAfter(t.Context(), game+1, after); !errors.Is(err, store.ErrNoGame) {
			t.Errorf("LoadAfter %d of no game: %v", after, err)
		}
	}
	if _, err := s.Load(t.Context(), game+1); !errors.Is(err, store.ErrNoGame) {
		t.Errorf("Load of no game: %v", err)
	}
	if _, err := s.Append(t.Context(), game+1, 1, []events.Event{move("ann", `{}`, start)}); !errors.Is(err, store.ErrNoGame) {
		t.Errorf("Append to no game: %v", err)
	}
}

// loadAfter: every tail of a log is what follows the event named, chained from it; the first
// event is read alone.
func loadAfter(t *testing.T, p Place) {
	s := open(t, p)
	game, _ := newGame(t, s, "candidate", "")
	for seq := int64(1); seq < 6; seq++ {
		if _, err := s.Append(t.Context(), game, seq, []events.Event{move("ann", fmt.Sprintf(`{"seq":%d}`, seq), start+seq)}); err != nil {
			t.Fatal(err)
		}
	}
	all := load(t, s, game)
	for after := range int64(len(all)) {
		tail, err := s.LoadAfter(t.Context(), game, after)
		if err != nil {
			t.Fatalf("after %d: %v", after, err)
		}
		if !reflect.DeepEqual(tail, all[after:]) {
			t.Fatalf("after %d:\n%+v\nwant:\n%+v", after, tail, all[after:])
		}
	}
	for _, after := range []int64{6, 100} {
		if tail, err := s.LoadAfter(t.Context(), game, after); err != nil || tail != nil {
			t.Errorf("after %d of 6: %+v, %v; want nil, nil", after, tail, err)
		}
	}
	if _, err := s.LoadAfter(t.Context(), game, -1); err == nil || errors.Is(err, store.ErrNoGame) || !strings.Contains(err.Error(), "-1") {
		t.Errorf("after -1: %v, want an error naming -1", err)
	}
	if first, err := s.First(t.Context(), game); err != nil || !reflect.DeepEqual(first, all[0]) {
		t.Errorf("the first event: %+v, %v; want %+v", first, err, all[0])
	}
	if _, err := s.First(t.Context(), game+1); !errors.Is(err, store.ErrNoGame) {
		t.Errorf("the first event of no game: %v", err)
	}
}

// loadOnHoldsEveryRow: a log read before is found as it was, with the events stored since,
// until a forger changes any row of it (its payload, player, time or type in the middle or at
// the end with the hash left as it was, a hash, a row removed, a time made a fraction), or the
// games row the chain's number is read from: a reader holding the guard its last read was
// answered with sees the forger's edits too, the guards put back as they were.
func loadOnHoldsEveryRow(t *testing.T, p Place) {
	s := open(t, p)
	games := fill(t, s, 10)
	held, guard := map[int64][]events.Event{}, map[int64]store.Guard{}
	for _, g := range games {
		held[g] = load(t, s, g)
		more, now, same, err := s.LoadOn(t.Context(), g, held[g])
		if err != nil || !same || more != nil {
			t.Fatalf("game %d as just read: same %v, more %+v, %v", g, same, more, err)
		}
		guard[g] = now
	}
	if _, err := s.Append(t.Context(), games[0], 5, []events.Event{move("ann", `{"seq":5}`, start+5), move("bob", `{"seq":6}`, start+6)}); err != nil {
		t.Fatal(err)
	}
	p.Forge(t,
		`UPDATE events SET payload = '{"seq":30}' WHERE game = 3 AND seq = 3`,
		`UPDATE events SET actor = 'ann' WHERE game = 4 AND seq = 5`,
		`UPDATE events SET at = 99 WHERE game = 5 AND seq = 5`,
		`UPDATE events SET type = 'move.bid' WHERE game = 6 AND seq = 2`,
		`UPDATE events SET hash = '`+strings.Repeat("a", 64)+`' WHERE game = 7 AND seq = 2`,
		`DELETE FROM events WHERE game = 8 AND seq = 4`,
		`UPDATE games SET origin = 1 WHERE id = 9`,
		`UPDATE events SET at = at + 0.5 WHERE game = 10 AND seq = 3`,
	)
	for _, g := range games {
		more, same, err := loadOn(t, s, g, held[g], guard[g])
		if err != nil {
			t.Fatalf("game %d: %v", g, err)
		}
		switch g {
		case 1:
			if want := load(t, s, g)[5:]; !same || !reflect.DeepEqual(more, want) {
				t.Errorf("game 1, two events on: same %v, more\n%+v\nwant\n%+v", same, more, want)
			}
		case 2:
			if !same || more != nil {
				t.Errorf("game 2, as read: same %v, more %+v", same, more)
			}
		default:
			if same || more != nil {
				t.Errorf("game %d, a row changed behind the reader's back: same %v, more %+v", g, same, more)
			}
		}
	}
	// A fresh read does not take a fraction for the whole time it was: SQLite keeps the
	// fraction, which the row reader refuses; PostgreSQL rounds it to another time.
	if evs, err := s.Load(t.Context(), 10); err == nil && evs[2].At == held[10][2].At {
		t.Errorf("game 10 read its time made a fraction as the time it was: %+v", evs[2])
	}
	if more, same, err := loadOn(t, s, games[len(games)-1]+1, held[1], guard[1]); same || more != nil || err != nil {
		t.Errorf("no such game: same %v, more %+v, %v", same, more, err)
	}
}

// loadOnTrustsNoLiftedGuard and loadOnTrustsNoSidelinedGuard: a log as read is vouched for
// (every store's database can), by the same guard at every read while nothing changes, and
// read from the guard's seq on; once a trigger is lifted or sidelined and a row edited, neither
// the guard nor a read of every row takes the log for the one held.
func loadOnTrustsNoLiftedGuard(t *testing.T, p Place) {
	loadOnTrustsOnlyItsGuards(t, p, "lifted", p.LiftGuard)
}

func loadOnTrustsNoSidelinedGuard(t *testing.T, p Place) {
	loadOnTrustsOnlyItsGuards(t, p, "sidelined", p.Sideline)
}

func loadOnTrustsOnlyItsGuards(t *testing.T, p Place, how string, weaken func(t *testing.T, trigger string)) {
	s := open(t, p)
	g := fill(t, s, 2)[0]
	held := load(t, s, g)
	_, guard, same, err := s.LoadOn(t.Context(), g, held)
	if err != nil || !same || guard.Token == "" || guard.Seq != int64(len(held)) {
		t.Fatalf("as just read: guard %+v, same %v, %v; want a guard of every row held", guard, same, err)
	}
	if _, again, same, err := s.LoadOn(t.Context(), g, held); err != nil || !same || again != guard {
		t.Fatalf("read again: guard %+v then %+v, same %v, %v", guard, again, same, err)
	}
	tail := held[guard.Seq-1:]
	if more, now, same, err := s.LoadFrom(t.Context(), g, tail, guard); err != nil || !same || more != nil || now != guard {
		t.Fatalf("read from the guard's row: guard %+v, same %v, more %+v, %v", now, same, more, err)
	}
	// Two events on, the guard of the rows read from the guard's row on is the guard of every row.
	stored, err := s.Append(t.Context(), g, int64(len(held)), []events.Event{move("ann", `{"n":7}`, start+20), move("bob", `{"n":8}`, start+21)})
	if err != nil {
		t.Fatal(err)
	}
	more, now, same, err := s.LoadFrom(t.Context(), g, tail, guard)
	if err != nil || !same || !reflect.DeepEqual(more, stored) {
		t.Fatalf("two events on, read from the guard's row: same %v, more %+v, %v; want the two", same, more, err)
	}
	held = append(held, stored...)
	if _, whole, _, err := s.LoadOn(t.Context(), g, held); err != nil || whole != now || now.Seq != int64(len(held)) {
		t.Fatalf("two events on: the guard read on is %+v, every row's %+v (%v)", now, whole, err)
	}
	guard, tail = now, held[now.Seq-1:]
	weaken(t, "events_no_update")
	if err := p.Exec(t, fmt.Sprintf(`UPDATE events SET payload = '{"n":1}' WHERE game = %d AND seq = 2`, g)); err != nil {
		t.Fatal(err)
	}
	if more, now, same, err := s.LoadFrom(t.Context(), g, tail, guard); err != nil || same || more != nil || now.Token != "" {
		t.Errorf("an event edited with events_no_update %s: read from the guard's row, guard %+v, same %v, more %+v, %v", how, now, same, more, err)
	}
	if more, _, same, err := s.LoadOn(t.Context(), g, held); err != nil || same || more != nil {
		t.Errorf("an event edited with events_no_update %s: same %v, more %+v, %v", how, same, more, err)
	}
}

// loadOn reads game for a reader holding held as a server keeping it does: from the guard's
// seq on, under the guard it was last found with, or else every row.
func loadOn(t *testing.T, s store.Store, game int64, held []events.Event, guard store.Guard) ([]events.Event, bool, error) {
	if guard.Seq >= 1 && guard.Seq <= int64(len(held)) {
		if more, _, same, err := s.LoadFrom(t.Context(), game, held[guard.Seq-1:], guard); err != nil || same {
			return more, same, err
		}
	}
	more, _, same, err := s.LoadOn(t.Context(), game, held)
	return more, same, err
}

// appendWhileHoldsTheOtherLog: an append made while another game's log ends where it was seen
// is stored while it does, and refused with ErrMovedOn, nothing written, once that log has
// moved on; another game's log that never began has ended at 0.
func appendWhileHoldsTheOtherLog(t *testing.T, p Place) {
	s := open(t, p)
	games := fill(t, s, 2)
	a, b := games[0], games[1]
	end := func(g int64) int64 {
		t.Helper()
		return int64(len(load(t, s, g)))
	}
	seen := store.Unmoved{Game: b, Last: end(b)}
	if _, err := s.AppendWhile(t.Context(), a, end(a), []events.Event{move("ann", `{"n":1}`, start+10)}, nil, seen); err != nil {
		t.Fatalf("while the other log stands: %v", err)
	}
	if _, err := s.Append(t.Context(), b, end(b), []events.Event{move("bob", `{"n":2}`, start+11)}); err != nil {
		t.Fatal(err)
	}
	before := end(a)
	_, err := s.AppendWhile(t.Context(), a, before, []events.Event{move("ann", `{"n":3}`, start+12)}, nil, seen)
	if !errors.Is(err, store.ErrMovedOn) || errors.Is(err, store.ErrConflict) {
		t.Errorf("once the other log moved on: %v, want ErrMovedOn", err)
	}
	if end(a) != before {
		t.Errorf("a refused append wrote: the log went from event %d to %d", before, end(a))
	}
	none := store.Unmoved{Game: games[len(games)-1] + 1}
	if _, err := s.AppendWhile(t.Context(), a, before, []events.Event{move("ann", `{"n":4}`, start+13)}, nil, none); err != nil {
		t.Errorf("while a game of no events has none: %v", err)
	}
}

func order(t *testing.T, p Place) {
	s := open(t, p)
	var games []int64
	for range 3 {
		g, _ := newGame(t, s, "candidate", "")
		games = append(games, g)
	}
	// Moves land in the games in turn, so that the rows are stored out of game order.
	for i := range 4 {
		for _, g := range slices.Backward(games) {
			if _, err := s.Append(t.Context(), g, int64(i+1), []events.Event{move("ann", fmt.Sprintf(`{"n":%d}`, i), start)}); err != nil {
				t.Fatal(err)
			}
		}
	}
	var walked []int64
	err := s.ScanGames(t.Context(), 0, math.MaxInt64, true, func(log []events.Event) error {
		walked = append(walked, log[0].Game)
		if len(log) != 5 || events.CheckChain(log) != nil {
			t.Errorf("game %d walked as %d events, or with a broken chain", log[0].Game, len(log))
		}
		return nil
	})
	if err != nil || !slices.Equal(walked, games) {
		t.Errorf("ScanGames walked %v (%v), want %v", walked, err, games)
	}
	var seqs []string
	if err := s.Scan(t.Context(), func(e events.Event) error { seqs = append(seqs, fmt.Sprint(e.Game, ".", e.Seq)); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(seqs) != 15 || seqs[0] != fmt.Sprint(games[0], ".", 1) || seqs[5] != fmt.Sprint(games[1], ".", 1) {
		t.Errorf("Scan read %v", seqs)
	}
	lo, hi, err := s.GameSpan(t.Context())
	ids, _ := s.GameIDs(t.Context())
	n, _ := s.CountGames(t.Context())
	evs, _ := s.CountEvents(t.Context())
	if err != nil || lo != games[0] || hi != games[2] || !slices.Equal(ids, games) || n != 3 || evs != 15 {
		t.Errorf("span %d–%d, ids %v, %d games, %d events (%v)", lo, hi, ids, n, evs, err)
	}
}

func headsAndEnds(t *testing.T, p Place) {
	s := open(t, p)
	a, _ := newGame(t, s, "candidate", "")
	b, _ := newGame(t, s, "candidate", "")
	if _, err := s.Append(t.Context(), b, 1, []events.Event{move("ann", `{}`, start)}); err != nil {
		t.Fatal(err)
	}
	heads, err := s.Heads(t.Context(), []int64{a, b, 99})
	if err != nil || len(heads) != 2 || heads[a] != 1 || heads[b] != 2 {
		t.Errorf("heads %v (%v)", heads, err)
	}
	if ends := checkEnds(t, s); len(ends) != 2 || ends[1].Game != b || ends[1].Events != 2 {
		t.Errorf("ends %+v", ends)
	}
}

// checkEnds fails unless Ends is where each game's log ends, as a walk of the log finds it:
// the file's seal is made of it, so it must read the log, not a copy beside it. It returns Ends.
func checkEnds(t *testing.T, s store.Store) []events.Head {
	t.Helper()
	ends, err := s.Ends(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	var walked []events.Head
	err = s.ScanGames(t.Context(), 0, math.MaxInt64, true, func(log []events.Event) error {
		walked = append(walked, events.HeadOf(log))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(ends, walked) {
		t.Errorf("Ends says the logs end at\n%+v\nwhere a walk of them finds\n%+v", ends, walked)
	}
	return ends
}

func matches(t *testing.T, p Place) {
	s := open(t, p)
	newGame(t, s, "pinochle", "autumn")
	_, _, err := s.Create(t.Context(), []events.Event{created(t, "candidate", "autumn", start)})
	var kind *store.MatchKindError
	if !errors.As(err, &kind) || kind.Kind != "pinochle" {
		t.Errorf("a candidate game in a pinochle match: %v", err)
	}
	if _, _, err := s.CreateInMatch(t.Context(), []events.Event{created(t, "pinochle", "autumn", start)}, 2); err != nil {
		t.Fatal(err)
	}
	_, _, err = s.CreateInMatch(t.Context(), []events.Event{created(t, "pinochle", "autumn", start)}, 2)
	var full *store.MatchFullError
	if !errors.As(err, &full) {
		t.Errorf("a third game in a match of two: %v", err)
	}
	newGame(t, s, "candidate", "")
	games, err := s.MatchGames(t.Context(), "autumn")
	if err != nil || len(games) != 2 || games[0].Kind != "pinochle" || games[0].Match != "autumn" {
		t.Errorf("the match's games: %+v (%v)", games, err)
	}
	if ms, err := s.Matches(t.Context()); err != nil || len(ms) != 1 || ms[0] != (store.MatchInfo{Name: "autumn", Kind: "pinochle", Games: 2}) {
		t.Errorf("matches %+v (%v)", ms, err)
	}
}

func createMany(t *testing.T, p Place) {
	s := open(t, p)
	newGame(t, s, "pinochle", "autumn")
	res, err := s.CreateMany(t.Context(), []store.NewGame{
		{Events: []events.Event{created(t, "candidate", "", start), move("ann", `{"n":1}`, start)}},
		{Events: []events.Event{created(t, "candidate", "autumn", start)}}, // another kind
		{Events: []events.Event{created(t, "pinochle", "autumn", start)}},
	})
	if err != nil || len(res) != 3 {
		t.Fatalf("%+v, %v", res, err)
	}
	var kind *store.MatchKindError
	if res[0].Err != nil || res[2].Err != nil || !errors.As(res[1].Err, &kind) {
		t.Errorf("results %+v", res)
	}
	checkLog(t, res[0].Game, load(t, s, res[0].Game), res[0].Events)
	if n, _ := s.CountGames(t.Context()); n != 3 {
		t.Errorf("%d games stored, want 3", n)
	}
}

// seated is the first event of a tournament's game: tournament "friday" of identity id, at
// table of round 1, as the event seated of the tournament's log seated it.
func seated(t *testing.T, id string, table int, seated int64) events.Event {
	t.Helper()
	p, err := json.Marshal(events.Created{Kind: "pinochle", Players: []string{"ann", "bob"}, Match: "friday", Ruleset: "pinochle/1",
		Tournament: "friday", TournamentID: id, Round: 1, Table: table, Seated: seated})
	if err != nil {
		t.Fatal(err)
	}
	return events.Event{Type: events.TypeCreated, Payload: p, At: start}
}

// tournamentStoredOnce: a tournament's own log is refused where one of its identity is stored,
// from either handle, also within one import; another tournament of the same name is not, nor
// are logs written before tournaments had an identity.
func tournamentStoredOnce(t *testing.T, p Place) {
	handles := []store.Store{open(t, p), open(t, p)}
	log := func(id string) []events.Event {
		b, err := json.Marshal(events.Created{Kind: "tournament", Players: []string{"ann", "bob"}, Ruleset: "tournament/1",
			Tournament: "friday", TournamentID: id})
		if err != nil {
			t.Fatal(err)
		}
		return []events.Event{{Type: events.TypeCreated, Payload: b, At: start}}
	}
	first, _, err := handles[0].Create(t.Context(), log("k1"))
	if err != nil {
		t.Fatal(err)
	}
	var stored *store.TournamentStoredError
	if _, _, err := handles[1].Create(t.Context(), log("k1")); !errors.As(err, &stored) || !errors.Is(err, store.ErrTournamentStored) || stored.Game != first {
		t.Errorf("the tournament stored again: %v, want it refused naming game %d", err, first)
	}
	res, err := handles[1].CreateMany(t.Context(), []store.NewGame{{Events: log("k2")}, {Events: log("k2")}, {Events: log("")}, {Events: log("")}})
	if err != nil || len(res) != 4 || res[0].Err != nil || !errors.As(res[1].Err, &stored) || res[2].Err != nil || res[3].Err != nil {
		t.Errorf("an import of another tournament of the name twice, and two old ones: %+v, %v", res, err)
	}
	if n, _ := handles[0].CountGames(t.Context()); n != 4 {
		t.Errorf("%d logs stored, want 4", n)
	}
}

func seatingMakesEachGameOnce(t *testing.T, p Place) {
	handles := []store.Store{open(t, p), open(t, p)}
	// Eight writers on two handles, as two servers' organisers' screens pairing at once, each
	// making the three tables' games of one seating.
	var wg sync.WaitGroup
	var mu sync.Mutex
	made := map[int][]int64{}
	refused := 0
	for w := range 8 {
		s := handles[w%2]
		wg.Go(func() {
			for table := 1; table <= 3; table++ {
				var game int64
				err := WhileBusy(func() (err error) {
					game, _, err = s.Create(t.Context(), []events.Event{seated(t, "k1", table, 2)})
					return err
				})
				var already *store.GameMadeError
				mu.Lock()
				switch {
				case errors.As(err, &already) && errors.Is(err, store.ErrGameMade) && already.Table == table && already.Round == 1:
					refused++
				case err != nil:
					t.Errorf("writer %d, table %d: %v", w, table, err)
				default:
					made[table] = append(made[table], game)
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	for table := 1; table <= 3; table++ {
		if len(made[table]) != 1 {
			t.Errorf("table %d's game was made %d times: %v", table, len(made[table]), made[table])
		}
	}
	if refused != 8*3-3 {
		t.Errorf("%d creations refused, want %d", refused, 8*3-3)
	}
	if n, _ := handles[0].CountGames(t.Context()); n != 3 {
		t.Errorf("%d games stored, want 3", n)
	}
	_, _, err := handles[1].Create(t.Context(), []events.Event{seated(t, "k1", 2, 2)})
	var already *store.GameMadeError
	if !errors.As(err, &already) || already.Game != made[2][0] {
		t.Errorf("table 2 made again: %v, want it refused naming game %v", err, made[2])
	}
	// A seating by hand (another event), another club's tournament of the same name, and games
	// of a file written before games named their seating are each made.
	for _, e := range []events.Event{seated(t, "k1", 2, 5), seated(t, "k2", 2, 2), seated(t, "", 2, 0), seated(t, "", 2, 0)} {
		if _, _, err := handles[0].Create(t.Context(), []events.Event{e}); err != nil {
			t.Errorf("%s: %v", e.Payload, err)
		}
	}
	// An import refuses the game alone, and stores the rest.
	res, err := handles[0].CreateMany(t.Context(), []store.NewGame{
		{Events: []events.Event{seated(t, "k1", 3, 2)}}, {Events: []events.Event{seated(t, "k1", 4, 2)}}})
	if err != nil || len(res) != 2 || !errors.As(res[0].Err, &already) || res[1].Err != nil {
		t.Errorf("an import of a game made and one not: %+v, %v", res, err)
	}
}

// writers: four writers on each of two handles append to one game at once, each reading the
// log and retrying when another recorded first, or when it gave up waiting for the others;
// every event is there once, each writer's in its order.
func writers(t *testing.T, p Place) {
	handles := []store.Store{open(t, p), open(t, p)}
	game, _ := newGame(t, handles[0], "candidate", "")
	const each = 15
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for w := range 8 {
		s := handles[w%2]
		wg.Go(func() {
			for i := 0; i < each; {
				log, err := s.Load(t.Context(), game)
				if err != nil {
					errs <- err
					return
				}
				err = WhileBusy(func() error {
					_, err := s.Append(t.Context(), game, int64(len(log)), []events.Event{move(fmt.Sprint("w", w), fmt.Sprintf(`{"i":%d}`, i), start)})
					return err
				})
				switch {
				case errors.Is(err, store.ErrConflict):
				case err != nil:
					errs <- err
					return
				default:
					i++
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	log := load(t, handles[1], game)
	if len(log) != 1+8*each || events.CheckChain(log) != nil {
		t.Fatalf("%d events, want %d, chained", len(log), 1+8*each)
	}
	next := map[string]int{}
	for _, e := range log[1:] {
		var m struct{ I int }
		if err := json.Unmarshal(e.Payload, &m); err != nil || m.I != next[e.Actor] {
			t.Fatalf("event %d: %s's move %d, want %d", e.Seq, e.Actor, m.I, next[e.Actor])
		}
		next[e.Actor]++
	}
}

func watch(t *testing.T, p Place) {
	a, b := open(t, p), open(t, p)
	w, err := a.Watch(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close() })
	if changed, err := w.Changed(t.Context()); err != nil || changed {
		t.Fatalf("a new watch says changed=%v (%v)", changed, err)
	}
	newGame(t, b, "candidate", "")
	deadline := time.Now().Add(2 * time.Second)
	for {
		changed, err := w.Changed(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		if changed {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the watch did not hear of a game another handle created")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if changed, _ := w.Changed(t.Context()); changed {
		t.Error("the watch says changed again with nothing new")
	}
}

func gamesSince(t *testing.T, p Place) {
	s := open(t, p)
	if _, _, err := s.Create(t.Context(), []events.Event{created(t, "candidate", "", start)}); err != nil {
		t.Fatal(err)
	}
	late, _, err := s.Create(t.Context(), []events.Event{created(t, "pinochle", "", start+1000)})
	if err != nil {
		t.Fatal(err)
	}
	games, err := s.GamesSince(t.Context(), start+500)
	if err != nil || len(games) != 1 || games[0].ID != late || games[0].Kind != "pinochle" || len(games[0].Players) != 2 {
		t.Errorf("games since: %+v (%v)", games, err)
	}
}

// appendOnly: another program cannot change or remove an event or a game, nor write an event
// out of order, whatever the application does; the refusal says why.
func appendOnly(t *testing.T, p Place) {
	s := open(t, p)
	game, _ := newGame(t, s, "candidate", "")
	if _, err := s.Append(t.Context(), game, 1, []events.Event{move("ann", `{"card":"9H"}`, start)}); err != nil {
		t.Fatal(err)
	}
	before := load(t, s, game)
	for _, stmt := range refusedEdits(game, 2) {
		if err := p.Exec(t, stmt); err == nil || !strings.Contains(err.Error(), "append-only") {
			t.Errorf("%s: %v, want it refused as append-only", stmt, err)
		}
	}
	if after := load(t, s, game); !reflect.DeepEqual(before, after) {
		t.Errorf("the log changed: %+v", after)
	}
}

// refusedEdits are statements another program might run on game, whose last event is last
// (2 or more), each of which the store's guards refuse.
func refusedEdits(game, last int64) []string {
	hash := strings.Repeat("0", 64)
	return []string{
		fmt.Sprintf(`UPDATE events SET actor = 'eve' WHERE game = %d AND seq = %d`, game, last),
		`UPDATE events SET payload = '{}'`,
		fmt.Sprintf(`DELETE FROM events WHERE game = %d AND seq = %d`, game, last),
		`DELETE FROM events`,
		fmt.Sprintf(`UPDATE games SET kind = 'pinochle' WHERE id = %d`, game),
		fmt.Sprintf(`DELETE FROM games WHERE id = %d`, game),
		`DELETE FROM games`,
		// Writing past the end, or over an event.
		fmt.Sprintf(`INSERT INTO events VALUES (%d, %d, 'x', '', '{}', 0, '%s')`, game, last+2, hash),
		fmt.Sprintf(`INSERT INTO events VALUES (%d, %d, 'x', '', '{}', 0, '%s')`, game, last, hash),
	}
}

func verifiesClean(t *testing.T, p Place) {
	s := open(t, p)
	if broken := Findings(t, s); len(broken) != 0 {
		t.Errorf("an empty store: %+v", broken)
	}
	for _, kind := range []string{"candidate", "pinochle"} {
		game, _ := newGame(t, s, kind, kind+" night")
		if _, err := s.Append(t.Context(), game, 1, []events.Event{move("ann", `{}`, start)}); err != nil {
			t.Fatal(err)
		}
	}
	fill(t, s, 3)
	if broken := Findings(t, s); len(broken) != 0 {
		t.Errorf("a store of the application's own writing: %+v", broken)
	}
}
