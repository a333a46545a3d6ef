package storetest

import (
	"context"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/table/internal/store"
)

// Verify is what `tableside verify` finds in s: VerifyFile's findings and where each game's
// hash chain breaks, in verify's order. It is the walk written plainly, on one core in one
// pass, as the oracle that the application's walk on every core (table.App.Verify) is held to.
func Verify(ctx context.Context, s store.Store) ([]events.Broken, error) {
	broken, err := s.VerifyFile(ctx)
	if err != nil {
		return nil, err
	}
	err = s.ScanGames(ctx, 0, math.MaxInt64, true, func(log []events.Event) error {
		if b := events.CheckChain(log); b != nil {
			broken = append(broken, *b)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	events.SortFindings(broken)
	return broken, nil
}

// Findings is Verify, failing t on an error.
func Findings(t testing.TB, s store.Store) []events.Broken {
	t.Helper()
	broken, err := Verify(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	return broken
}

// wantFindings fails unless there are as many findings as want, and each of want begins
// exactly one of them, as Broken.String writes it.
func wantFindings(t *testing.T, broken []events.Broken, want ...string) {
	t.Helper()
	var got []string
	for _, b := range broken {
		got = append(got, b.String())
	}
	ok := len(got) == len(want)
	for _, w := range want {
		n := 0
		for _, g := range got {
			if strings.HasPrefix(g, w) {
				n++
			}
		}
		ok = ok && n == 1
	}
	if !ok {
		t.Errorf("verify finds:\n%s\nwant exactly:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// fill records n games of five events each, a move's payload {"seq":n} for its seq n+1, and
// returns their ids: those after the highest, in turn, since verify reads a gap as a game
// removed.
func fill(t *testing.T, s store.Store, n int) []int64 {
	t.Helper()
	_, hi, err := s.GameSpan(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	var games []int64
	for i := range int64(n) {
		game, _ := newGame(t, s, "candidate", "")
		if game != hi+1+i {
			t.Fatalf("a new game after game %d is game %d: games are numbered in turn", hi+i, game)
		}
		for seq := int64(1); seq < 5; seq++ {
			if _, err := s.Append(t.Context(), game, seq, []events.Event{move("bob", fmt.Sprintf(`{"seq":%d}`, seq), start+seq)}); err != nil {
				t.Fatal(err)
			}
		}
		games = append(games, game)
	}
	return games
}

const unhashed = "the event does not match its hash"

func verifyFindsAnEdit(t *testing.T, p Place) {
	s := open(t, p)
	fill(t, s, 3)
	p.Forge(t,
		`UPDATE events SET payload = '{"seq":30}' WHERE game = 2 AND seq = 3`,
		// A later event of the same game: only the first broken one is named.
		`UPDATE events SET actor = 'ann' WHERE game = 2 AND seq = 4`,
		`UPDATE events SET at = 99 WHERE game = 3 AND seq = 5`,
	)
	wantFindings(t, Findings(t, s), "game 2: event 3: "+unhashed, "game 3: event 5: "+unhashed)
}

func verifyFindsAChangedHash(t *testing.T, p Place) {
	s := open(t, p)
	fill(t, s, 3)
	p.Forge(t, `UPDATE events SET hash = '`+strings.Repeat("a", 64)+`' WHERE game = 1 AND seq = 1`)
	wantFindings(t, Findings(t, s), "game 1: event 1: "+unhashed)
}

func verifyFindsMissingEvents(t *testing.T, p Place) {
	s := open(t, p)
	fill(t, s, 3)
	p.Forge(t,
		`DELETE FROM events WHERE game = 1 AND seq IN (2, 3)`,
		`DELETE FROM events WHERE game = 2 AND seq = 1`,
		`DELETE FROM events WHERE game = 3`,
	)
	wantFindings(t, Findings(t, s),
		"game 1: event 4: event 4 follows event 1: events 2 to 3 are missing",
		"game 2: event 2: the log starts at event 2, not 1",
		"game 3: the game has no events")
}

// verifyFindsWhatTheChainCannotSee: a games row changed or removed, and whole games removed,
// leave every chain whole; verify names each.
func verifyFindsWhatTheChainCannotSee(t *testing.T, p Place) {
	s := open(t, p)
	fill(t, s, 12)
	p.Forge(t,
		`UPDATE games SET kind = 'pinochle' WHERE id = 1`,
		`UPDATE games SET match = 'autumn', created_at = 5 WHERE id = 2`,
		// Whole games deleted in the middle: their logs verified, and they are gone.
		`DELETE FROM events WHERE game IN (5, 6)`, `DELETE FROM games WHERE id IN (5, 6)`,
		// A games row deleted, its events left.
		`DELETE FROM games WHERE id = 8`,
	)
	wantFindings(t, Findings(t, s),
		"game 1: event 1: the games row says kind 'pinochle' where the first event says 'candidate'",
		"game 2: event 1: the games row says match 'autumn' where the first event says ''",
		fmt.Sprintf("game 2: event 1: the games row says created at 5 where the first event was recorded at %d", start),
		"game 5: missing, with every game to 6, between games 4 and 7",
		"game 8: missing between games 7 and 9",
		"game 8: event 1: events of a game that has no games row")
	checkEnds(t, s)
}

// verifyFindsTheFirstGamesDeleted: games are numbered from 1, so a store that lost its first
// games, which leaves no gap between the games that remain, says so.
func verifyFindsTheFirstGamesDeleted(t *testing.T, p Place) {
	s := open(t, p)
	fill(t, s, 3)
	p.Forge(t, `DELETE FROM events WHERE game = 1`, `DELETE FROM games WHERE id = 1`)
	wantFindings(t, Findings(t, s), "game 1: missing, before game 2")
	p.Forge(t, `DELETE FROM events WHERE game = 2`, `DELETE FROM games WHERE id = 2`)
	wantFindings(t, Findings(t, s), "game 1: missing, with every game to 2, before game 3")
}

// spanCoversEveryEvent: the first and last games lose their games rows, their events left; a
// walk from GameSpan's lo to its hi still reads them, as Verify's walk of every game does.
func spanCoversEveryEvent(t *testing.T, p Place) {
	s := open(t, p)
	fill(t, s, 3)
	p.Forge(t, `DELETE FROM games WHERE id IN (1, 3)`)
	if lo, hi, err := s.GameSpan(t.Context()); err != nil || lo != 1 || hi != 3 {
		t.Errorf("GameSpan = %d–%d (%v), want 1–3: the events of games 1 and 3 are there", lo, hi, err)
	}
}

// verifyFindsAGuardLifted: a guard left lifted no longer protects the log, whatever was done
// since, so verify names each one, and only those.
func verifyFindsAGuardLifted(t *testing.T, p Place) {
	s := open(t, p)
	fill(t, s, 1)
	var want []string
	for _, g := range guards {
		p.LiftGuard(t, g)
		want = append(want, "the trigger "+g+" is missing")
		wantFindings(t, Findings(t, s), want...)
	}
}

// rechain writes every hash of game again from its events as they stand, as someone who edited
// an event and hides the edit would.
func rechain(t *testing.T, p Place, s store.Store, game int64) {
	t.Helper()
	prev := ""
	var stmts []string
	for _, e := range load(t, s, game) {
		prev = events.Hash(prev, e)
		stmts = append(stmts, fmt.Sprintf(`UPDATE events SET hash = '%s' WHERE game = %d AND seq = %d`, prev, e.Game, e.Seq))
	}
	p.Forge(t, stmts...)
}

// sealsCatchWhatVerifyCannot: a game's seal from a printed sheet accepts moves recorded after
// it, and catches what the chain alone cannot, the last events removed and an edit with the
// chain computed again; the file's seal catches those too, and the last game removed, which
// leaves no gap. Both are made of the log as the store reads it.
func sealsCatchWhatVerifyCannot(t *testing.T, p Place) {
	s := open(t, p)
	fill(t, s, 3)
	seals := map[int64]events.Seal{}
	for game := int64(1); game <= 3; game++ {
		log := load(t, s, game)
		seals[game] = events.SealOf(log)
		if c := events.CheckSeal(log, seals[game]); seals[game].Events != 5 || len(seals[game].Code) != 12 || !c.Intact || c.Appended != 0 {
			t.Fatalf("game %d against its own seal %+v: %+v", game, seals[game], c)
		}
	}
	fileSeal := events.FileSeal(checkEnds(t, s))

	// Game 2 loses its last two events; game 3 has an event changed and its chain written again.
	p.Forge(t, `DELETE FROM events WHERE game = 2 AND seq > 3`, `UPDATE events SET payload = '{"seq":30}' WHERE game = 3 AND seq = 3`)
	rechain(t, p, s, 3)
	if broken := Findings(t, s); len(broken) != 0 {
		t.Fatalf("the chains alone verify, as the forger meant: %+v", broken)
	}
	if c := events.CheckSeal(load(t, s, 2), seals[2]); c.Intact || !strings.Contains(c.Reason, "removed") {
		t.Errorf("game 2, its tail removed: %+v", c)
	}
	if c := events.CheckSeal(load(t, s, 3), seals[3]); c.Intact || !strings.Contains(c.Reason, "rewritten") {
		t.Errorf("game 3, rewritten with a new chain: %+v", c)
	}
	if c := events.CheckFileSeal(checkEnds(t, s), fileSeal); c.Intact || !strings.Contains(c.Reason, "games 1 to 3 are not as they were") {
		t.Errorf("the file, games 2 and 3 forged: %+v", c)
	}

	// Game 1 goes on after its sheet was printed.
	if _, err := s.Append(t.Context(), 1, 5, []events.Event{move("ann", `{"seq":5}`, start)}); err != nil {
		t.Fatal(err)
	}
	if c := events.CheckSeal(load(t, s, 1), seals[1]); !c.Intact || c.Appended != 1 {
		t.Errorf("game 1, one move after its seal: %+v", c)
	}

	// The last game removed whole leaves no gap for verify to see.
	fill(t, s, 1)
	fileSeal = events.FileSeal(checkEnds(t, s))
	p.Forge(t, `DELETE FROM events WHERE game = 4`, `DELETE FROM games WHERE id = 4`)
	if broken := Findings(t, s); len(broken) != 0 {
		t.Fatalf("the last game removed: verify finds %+v", broken)
	}
	if c := events.CheckFileSeal(checkEnds(t, s), fileSeal); c.Intact || !strings.Contains(c.Reason, "games 4 to 4 were removed") {
		t.Errorf("the file, its last game removed: %+v", c)
	}
}

// verifyFindsAGuardSidelined: a guard left in place under its name but no longer firing lets
// an edit through, and verify names the guard (and the edit, by its chain).
func verifyFindsAGuardSidelined(t *testing.T, p Place) {
	s := open(t, p)
	fill(t, s, 2)
	p.Sideline(t, "events_no_update")
	if err := p.Exec(t, `UPDATE events SET payload = '{"seq":40}' WHERE game = 2 AND seq = 4`); err != nil {
		t.Fatalf("the guard no longer fires, yet the edit is refused: %v", err)
	}
	broken := Findings(t, s)
	if len(broken) != 2 || !strings.Contains(broken[0].Reason, "events_no_update") || broken[1].String() != "game 2: event 4: "+unhashed+": it was changed after it was recorded" {
		t.Errorf("verify finds %v, want the sidelined guard and the edit it let through", broken)
	}
}

// aWriteNotMadeIsNotAcknowledged: whoever owns the database can make an insert write nothing
// and answer success. The store checks that each write was made: the move is refused with
// ErrNotStored, nothing of it is stored, and verify names what kept it out.
func aWriteNotMadeIsNotAcknowledged(t *testing.T, p Place) {
	s := open(t, p)
	fill(t, s, 2)
	before := load(t, s, 2)
	what := p.Quiet(t, 2)
	if _, err := s.Append(t.Context(), 2, 5, []events.Event{move("ann", `{"seq":5}`, start)}); !errors.Is(err, store.ErrNotStored) {
		t.Fatalf("a move the database kept out: Append says %v, want ErrNotStored", err)
	}
	if after := load(t, s, 2); len(after) != len(before) {
		t.Fatalf("the log of game 2 holds %d events, held %d", len(after), len(before))
	}
	// The other games are written as ever.
	if _, err := s.Append(t.Context(), 1, 5, []events.Event{move("ann", `{"seq":5}`, start)}); err != nil {
		t.Fatal(err)
	}
	broken := Findings(t, s)
	if len(broken) != 1 || !strings.Contains(broken[0].Reason, what) {
		t.Errorf("verify finds %v, want what keeps game 2's moves out (%s)", broken, what)
	}
}

// anEditTheSealsCannotSee: an event edited without its hash leaves where every log ends as it
// was, so the file's seal still holds; only the walk of the chains finds it, which is why
// verify with a seal checks the whole store as well.
func anEditTheSealsCannotSee(t *testing.T, p Place) {
	s := open(t, p)
	fill(t, s, 3)
	seal := events.FileSeal(checkEnds(t, s))
	p.Forge(t, `UPDATE events SET payload = '{"seq":20}' WHERE game = 2 AND seq = 3`)
	if c := events.CheckFileSeal(checkEnds(t, s), seal); !c.Intact {
		t.Fatalf("the file's seal, the ends untouched: %+v", c)
	}
	wantFindings(t, Findings(t, s), "game 2: event 3: "+unhashed)
}

// movedGamesKeepTheirChains: two clubs' games, numbered 1 and 2 in each club's file, move into
// a store that already holds games. Each keeps the hashes it had in its file (its chain covers
// the number it began with), goes on under its new number, verifies clean, and is listed with
// where it came from; HashesAt finds each from its seal alone.
func movedGamesKeepTheirChains(t *testing.T, p Place) {
	s := open(t, p)
	fill(t, s, 2)
	club := func(number int64, who string) []events.Event {
		log := []events.Event{created(t, "candidate", "", start), move(who, `{"seq":1}`, start+1), move(who, `{"seq":2}`, start+2)}
		prev := ""
		for i := range log {
			log[i].Game, log[i].Seq = number, int64(i+1)
			log[i].Hash = events.Hash(prev, log[i])
			prev = log[i].Hash
		}
		return log
	}
	clubs := [][]events.Event{club(1, "ann"), club(2, "ann"), club(1, "cy")}
	moved := []*store.Moved{{Origin: 1, Batch: 7, Number: 1}, {Origin: 2, Batch: 7, Number: 2}, {Origin: 1, Batch: 9, Number: 1}}
	var games []store.NewGame
	for i, log := range clubs {
		bare := make([]events.Event, len(log))
		for j, e := range log {
			bare[j] = events.Event{Type: e.Type, Actor: e.Actor, Payload: e.Payload, At: e.At}
		}
		games = append(games, store.NewGame{Events: bare, Moved: moved[i]})
	}
	// An import prepares its games while the store writes others: what is stored is what was
	// prepared, whatever becomes of the caller's events after.
	games[1].Prepare()
	games[1].Events[1].Actor, games[1].Events[2].Payload[1] = "zed", ' '
	results, err := s.CreateMany(t.Context(), games)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range results {
		if r.Err != nil || r.Game != int64(3+i) {
			t.Fatalf("moved game %d: stored as game %d (%v), want game %d", i+1, r.Game, r.Err, 3+i)
		}
		for j, e := range load(t, s, r.Game) {
			if want := clubs[i][j]; e.Hash != want.Hash || e.Origin != want.Game || e.Game != r.Game {
				t.Fatalf("game %d, event %d: game %d origin %d hash %.8s, want game %d origin %d hash %.8s (the club's)",
					r.Game, e.Seq, e.Game, e.Origin, e.Hash, r.Game, want.Game, want.Hash)
			}
		}
	}
	// A move recorded here chains on under the number the game began with.
	stored, err := s.Append(t.Context(), 5, 3, []events.Event{move("cy", `{"seq":3}`, start+3)})
	if err != nil {
		t.Fatal(err)
	}
	if e := stored[0]; e.Origin != 1 || e.Hash != events.Hash(clubs[2][2].Hash, e) {
		t.Errorf("a move after the move: origin %d, hash %.8s", e.Origin, e.Hash)
	}
	wantFindings(t, Findings(t, s))

	listed, err := s.MovedGames(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	want := []store.MovedGame{{Game: 3, Moved: *moved[0]}, {Game: 4, Moved: *moved[1]}, {Game: 5, Moved: *moved[2]}}
	if !reflect.DeepEqual(listed, want) {
		t.Errorf("MovedGames = %+v, want %+v", listed, want)
	}
	at, err := s.HashesAt(t.Context(), 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(at) != 5 || at[2] != (events.Head{Game: 3, Events: 3, Hash: clubs[0][2].Hash}) || at[4].Game != 5 || at[4].Hash != clubs[2][2].Hash {
		t.Errorf("HashesAt(3) = %+v", at)
	}
	if at, err := s.HashesAt(t.Context(), 5); err != nil || len(at) != 2 {
		t.Errorf("HashesAt(5) = %+v (%v), want the two games of five events", at, err)
	}

	// A games row that says only in part where its game came from was changed.
	p.Forge(t, `UPDATE games SET import_game = NULL WHERE id = 4`, `UPDATE games SET import_game = 1 WHERE id = 5`, `UPDATE games SET import_batch = 7 WHERE id = 5`)
	wantFindings(t, Findings(t, s),
		"game 4: the games row says only in part where the game was imported from",
		"game 5: two games say they are game 1 of the same imported file (also game 3)")
}
