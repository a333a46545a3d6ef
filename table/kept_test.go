package table

import (
	"cmp"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tableside/tableside/internal/needs"
	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee/kinds"
	"github.com/tableside/tableside/referee/refereetest"
	"github.com/tableside/tableside/table/internal/store"
)

// sameAsReplayed fails unless g is the game a fresh replay of the store's log gives.
func sameAsReplayed(t *testing.T, fresh *App, g *play.Game, what string) {
	t.Helper()
	whole, err := fresh.Game(t.Context(), g.ID())
	if err != nil {
		t.Fatal(err)
	}
	gv, _ := json.Marshal(g.View())
	wv, _ := json.Marshal(whole.View())
	if string(gv) != string(wv) || !slices.Equal(g.Flags(), whole.Flags()) || g.Len() != whole.Len() {
		t.Fatalf("%s: the kept game is\n%s\nthe store's log replays to\n%s", what, gv, wv)
	}
}

// opener opens another application on the database at where, closed when the test ends.
func opener(t *testing.T, where string) func() *App {
	return func() *App {
		x, err := Open(t.Context(), where, testSchema(t))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { x.Close() })
		return x
	}
}

// keptPlaces are the stores a kept game is tested on: each opens two applications on one
// database (two servers of a club or a league, each keeping games) and one that keeps none,
// and a forger that runs statements with the store's guards lifted, as a database's owner could.
func keptPlaces(t *testing.T) map[string]func(t *testing.T) (a, b, fresh *App, forge func(stmts ...string)) {
	return map[string]func(t *testing.T) (a, b, fresh *App, forge func(stmts ...string)){
		"sqlite": func(t *testing.T) (*App, *App, *App, func(...string)) {
			a, path := openApp(t, "")
			open := opener(t, path)
			return a, open(), open(), forger(t, "sqlite", "file:"+path+"?_pragma=busy_timeout(5000)", `DROP TRIGGER IF EXISTS events_no_delete`, `DROP TRIGGER IF EXISTS events_no_update`)
		},
		// The forger puts the triggers back as they were, so that only the schema's version
		// says they were ever gone.
		"sqlite, the guards put back": func(t *testing.T) (*App, *App, *App, func(...string)) {
			a, path := openApp(t, "")
			open := opener(t, path)
			dsn := "file:" + path + "?_pragma=busy_timeout(5000)"
			return a, open(), open(), func(stmts ...string) {
				t.Helper()
				db, err := sql.Open("sqlite", dsn)
				if err != nil {
					t.Fatal(err)
				}
				defer db.Close()
				var guards []string
				for _, name := range []string{"events_no_update", "events_no_delete"} {
					var text string
					if err := db.QueryRowContext(t.Context(), `SELECT sql FROM sqlite_schema WHERE name = ?`, name).Scan(&text); err != nil {
						t.Fatal(err)
					}
					guards = append(guards, text)
				}
				forger(t, "sqlite", dsn, `DROP TRIGGER events_no_delete`, `DROP TRIGGER events_no_update`)(append(stmts, guards...)...)
			}
		},
		"postgres": func(t *testing.T) (*App, *App, *App, func(...string)) {
			dsn := needs.Postgres(t).Database(t)
			open := opener(t, dsn)
			return open(), open(), open(), forger(t, "pgx", dsn, `ALTER TABLE events DISABLE TRIGGER ALL`)
		},
	}
}

// TestAKeptGameFollowsTheStore: two servers keep a game in play. A correction recorded through
// one is in the game the other judges its next move against; a move that loses the race to the
// other server is told of the game as stored, the kept game brought up to date; and when the
// database's owner
// deletes the game's last events behind both servers' backs, the next read is the store's log
// replayed, exactly as a server started afresh reads it.
func TestAKeptGameFollowsTheStore(t *testing.T) {
	for name, place := range keptPlaces(t) {
		t.Run(name, func(t *testing.T) {
			a, b, fresh, forge := place(t)
			a.keep(10, 1<<30)
			b.keep(10, 1<<30)
			setup, moves := kinds.All()["pinochle"].Playout(rand.New(rand.NewPCG(7, 7)), refereetest.Names)
			g := storedGame(t, a, setup)
			notation := func(i int) []string {
				return strings.Fields(notationOf(g, moves[i]))
			}
			// Both servers read the game and keep it; A records ten moves.
			if _, err := b.Game(t.Context(), g.ID()); err != nil {
				t.Fatal(err)
			}
			for i := range 10 {
				rec, err := a.Record(t.Context(), g, notation(i), RecordOptions{Expect: g.Last()})
				if err != nil {
					t.Fatal(err)
				}
				g = rec.Game
			}
			if a.kept.len() != 1 || b.kept.len() != 1 {
				t.Fatalf("kept: %d and %d games, want 1 each", a.kept.len(), b.kept.len())
			}
			// A voids a move; B's next read has the correction, and its move is judged on it.
			cor, err := a.Correct(t.Context(), g, play.Correction{Verb: "void", Args: []string{"11"}, Note: "misentered"}, CorrectOptions{})
			if err != nil {
				t.Fatal(err)
			}
			gb, err := b.Game(t.Context(), g.ID())
			if err != nil {
				t.Fatal(err)
			}
			sameAsReplayed(t, fresh, gb, "after A's void, on B")
			if gb.Last() != cor.After.Last() {
				t.Fatalf("B reads the game to event %d, A stored %d", gb.Last(), cor.After.Last())
			}
			rec, err := b.Record(t.Context(), gb, notation(9), RecordOptions{Expect: gb.Last()})
			if err != nil {
				t.Fatalf("B's move after A's void: %v", err)
			}
			sameAsReplayed(t, fresh, rec.Game, "B's move on the corrected game")

			// A's page is behind now: its move loses the race, and the game it is told of is its
			// kept game brought up to B's events.
			_, err = a.Record(t.Context(), cor.After, notation(9), RecordOptions{Expect: cor.After.Last()})
			var te *play.Error
			if !errors.As(err, &te) || te.Code != play.Conflict {
				t.Fatalf("A's move on a stale page: %v, want a conflict", err)
			}
			sameAsReplayed(t, fresh, te.Game, "the game a lost race is told of")
			lost, err := a.Record(t.Context(), te.Game, notation(10), RecordOptions{Expect: te.Game.Last()})
			if err != nil {
				t.Fatalf("A's move after B's: %v", err)
			}
			sameAsReplayed(t, fresh, lost.Game, "A's move after B's")

			// The owner deletes the last three events behind both servers' backs.
			end := lost.Game.Last()
			forge(fmt.Sprintf(`DELETE FROM events WHERE game = %d AND seq > %d`, g.ID(), end-3))
			var read *play.Game
			for _, srv := range []*App{a, b} {
				if read, err = srv.Game(t.Context(), g.ID()); err != nil {
					t.Fatal(err)
				}
				if read.Last() != end-3 {
					t.Fatalf("after the rewind a kept game reads to event %d, want %d", read.Last(), end-3)
				}
				sameAsReplayed(t, fresh, read, "after the rewind")
				if kept := srv.kept.get(g.ID()); kept.game == nil {
					t.Fatal("after the rewind the game is not kept")
				} else if kept.game.Last() != end-3 {
					t.Fatalf("after the rewind the game kept reads to event %d, the store's to %d", kept.game.Last(), end-3)
				}
			}
			// The next move is judged as a server started afresh judges it.
			started, err := fresh.Game(t.Context(), g.ID())
			if err != nil {
				t.Fatal(err)
			}
			want, err := started.Judge(notation(10), false, 0)
			if err != nil {
				t.Fatal(err)
			}
			again, err := a.Record(t.Context(), read, notation(10), RecordOptions{Expect: read.Last()})
			if err != nil {
				t.Fatalf("a move after the rewind: %v", err)
			}
			if e, w := again.Event, want.Event; e.Seq != w.Seq || e.Type != w.Type || e.Actor != w.Actor || string(e.Payload) != string(w.Payload) || !slices.Equal(again.Flags, want.Flags) {
				t.Errorf("the move after the rewind is %+v %v, a server started afresh judges %+v %v", e, again.Flags, w, want.Flags)
			}
			sameAsReplayed(t, fresh, again.Game, "a move after the rewind")
		})
	}
}

// TestAKeptGameSeesAnEditThatKeepsTheHashes: the database's owner edits an event of a game a
// server keeps, in the middle of its log or its last, and leaves the hash column as it was. The
// kept game's next read is the store's log replayed: its record says the chain breaks at the
// event edited, as a fresh read says, and so it goes on saying after the next move.
func TestAKeptGameSeesAnEditThatKeepsTheHashes(t *testing.T) {
	for name, place := range keptPlaces(t) {
		t.Run(name, func(t *testing.T) {
			a, _, fresh, forge := place(t)
			a.keep(10, 1<<30)
			for _, edit := range []struct {
				what, set string
				at        int64 // the event edited: 0 for the last
			}{
				{"a move's player, in the middle", "actor = 'zed'", 5},
				{"a move's payload, in the middle", `payload = '{"n":1}'`, 6},
				{"the last move's payload", `payload = '{"n":1}'`, 0},
				{"the last move's time", "at = at + 1", 0},
			} {
				setup, moves := kinds.All()["pinochle"].Playout(rand.New(rand.NewPCG(7, 7)), refereetest.Names)
				g := storedGame(t, a, setup)
				for i := range 10 {
					rec, err := a.Record(t.Context(), g, strings.Fields(notationOf(g, moves[i])), RecordOptions{Expect: g.Last()})
					if err != nil {
						t.Fatal(err)
					}
					g = rec.Game
				}
				// Read as a server reads a game before each move, so that the game kept is the
				// one found under the store's guards, if they stand.
				if _, err := a.Game(t.Context(), g.ID()); err != nil {
					t.Fatal(err)
				}
				at := cmp.Or(edit.at, g.Last())
				forge(fmt.Sprintf(`UPDATE events SET %s WHERE game = %d AND seq = %d`, edit.set, g.ID(), at))
				read, err := a.Game(t.Context(), g.ID())
				if err != nil {
					t.Fatal(err)
				}
				if r := read.Record(); r.Intact || r.BrokenAt != at {
					t.Errorf("%s: the kept game's record is %+v, want broken at event %d", edit.what, r, at)
				}
				sameAsReplayed(t, fresh, read, edit.what)
				if c := read.Checked(); c.Record == nil || c.Record.Intact {
					t.Errorf("%s: the kept game's check says the record is %+v", edit.what, c.Record)
				}
				// The next move, recorded flagged if need be, leaves the chain broken where it was.
				next, err := a.Record(t.Context(), read, strings.Fields(notationOf(g, moves[10])), RecordOptions{Expect: read.Last(), Force: true})
				if err != nil {
					t.Fatal(err)
				}
				if r := next.Game.Record(); r.Intact || r.BrokenAt != at {
					t.Errorf("%s: after the next move the record is %+v, want broken at event %d", edit.what, r, at)
				}
				sameAsReplayed(t, fresh, next.Game, edit.what+", after the next move")
			}
		})
	}
}

// TestKeptGamesAreBoundedBySize: games are kept, the most recently read, while their sizes
// together fit the bound, however many the count allows: long games push out more short ones
// than one, and a game larger than the bound alone is not kept.
func TestKeptGamesAreBoundedBySize(t *testing.T) {
	a, _ := openApp(t, "")
	setup, moves := kinds.All()["capture"].Playout(rand.New(rand.NewPCG(2, 8)), refereetest.Names)
	var made []store.NewGame
	for _, n := range []int{10, 10, 10, 10, len(moves) - 1} {
		made = append(made, store.NewGame{Events: refereetest.Log(t, setup, moves[:n])})
	}
	res, err := a.store.CreateMany(t.Context(), made)
	if err != nil {
		t.Fatal(err)
	}
	read := func(i int) *play.Game {
		t.Helper()
		g, err := a.Game(t.Context(), res[i].Game)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	short, long := keptGameBytes+sizeOf(read(0).Log()), keptGameBytes+sizeOf(read(4).Log())
	if long < 3*short {
		t.Fatalf("the long game's size %d is not three short ones' (%d)", long, short)
	}
	// Room for three short games, or the long one and none beside it.
	a.keep(100, 3*short+short/2)
	for i := range 4 {
		read(i)
	}
	if n := a.kept.len(); n != 3 || a.kept.get(res[0].Game).game != nil {
		t.Errorf("four short games read: %d kept (the first one too: %v), want the last three", n, a.kept.get(res[0].Game).game != nil)
	}
	a.keep(100, long)
	read(0)
	read(4)
	if a.kept.len() != 1 || a.kept.get(res[4].Game).game == nil || a.kept.held > long {
		t.Errorf("after the long game: %d kept, %d bytes held, want the long game alone in %d", a.kept.len(), a.kept.held, long)
	}
	a.keep(100, long-1)
	read(4)
	if a.kept.len() != 0 || a.kept.held != 0 {
		t.Errorf("a game larger than the bound: %d kept, %d bytes held", a.kept.len(), a.kept.held)
	}
}

// TestKeptGamesAreBounded: an application keeps the games most recently read, up to the number
// it was given, and none unread for longer than an hour; a game over is not kept.
func TestKeptGamesAreBounded(t *testing.T) {
	a, _ := openApp(t, "")
	a.keep(2, 1<<30)
	clock := time.Date(2026, 11, 27, 19, 0, 0, 0, time.UTC)
	a.kept.now = func() time.Time { return clock }
	var ids []int64
	for seed := range uint64(3) {
		setup, _ := kinds.All()["pinochle"].Playout(rand.New(rand.NewPCG(seed, 8)), refereetest.Names)
		ids = append(ids, storedGame(t, a, setup).ID())
	}
	if n := a.kept.len(); n != 2 {
		t.Fatalf("%d games kept, want 2", n)
	}
	if a.kept.get(ids[0]).game != nil || a.kept.get(ids[2]).game == nil {
		t.Errorf("the least recently read is kept, or the latest is not")
	}

	// Both are read at 20:00, an hour on, and game 3 again at 20:30; at 21:10 game 2 has been
	// unread for more than an hour and leaves, while game 3 stays, the only game kept.
	clock = clock.Add(time.Hour)
	if a.kept.get(ids[1]).game == nil || a.kept.get(ids[2]).game == nil {
		t.Fatal("a game read an hour before is not kept")
	}
	clock = clock.Add(30 * time.Minute)
	a.kept.get(ids[2])
	clock = clock.Add(40 * time.Minute)
	if a.kept.get(ids[1]).game != nil || a.kept.get(ids[2]).game == nil || a.kept.len() != 1 {
		t.Errorf("after 70 minutes unread a game is kept, or after 40 one is not (%d kept)", a.kept.len())
	}
	// Read through the application, the game that left is replayed from the store and kept.
	if g, err := a.Game(t.Context(), ids[1]); err != nil || g.ID() != ids[1] || a.kept.get(ids[1]).game == nil {
		t.Errorf("the game read again is not kept (%v)", err)
	}
	setup, moves := kinds.All()["candidate"].Playout(rand.New(rand.NewPCG(1, 8)), refereetest.Names)
	res := storedGame(t, a, setup)
	g := res
	for _, m := range moves {
		rec, err := a.Record(t.Context(), g, strings.Fields(notationOf(g, m)), RecordOptions{})
		if err != nil {
			t.Fatal(err)
		}
		g = rec.Game
	}
	if !g.Over() || a.kept.get(g.ID()).game != nil {
		t.Errorf("a game over (%v) is kept", g.Over())
	}
}

// TestKeptTablesAreBounded: the tournament tables an application remembers (TableOf) are those
// of the games most recently asked about, up to the count it keeps and up to its size, as the
// games kept are: a game made by hand, at no table, is remembered as such.
func TestKeptTablesAreBounded(t *testing.T) {
	a, _ := openApp(t, "")
	_, r1 := pairedFour(t, a, "club night")
	setup, _ := kinds.All()["pinochle"].Playout(rand.New(rand.NewPCG(1, 8)), refereetest.Names)
	games := []int64{r1.Tables[0].Game, r1.Tables[1].Game, storedGame(t, a, setup).ID()}
	ask := func() {
		t.Helper()
		for i, game := range games {
			at, made, err := a.TableOf(t.Context(), game)
			if err != nil || made != (i < 2) || (made && at.Table != i+1) {
				t.Fatalf("game %d: at %+v, made %v (%v)", game, at, made, err)
			}
		}
	}
	a.keep(2, 1<<30)
	ask()
	if _, first := a.tables.recall(games[0]); a.tables.len() != 2 || first {
		t.Errorf("three games asked about, two kept: %d tables remembered (the first one's too: %v)", a.tables.len(), first)
	}
	first, err := a.first(t.Context(), games[0])
	if err != nil {
		t.Fatal(err)
	}
	one := sizeOf([]play.Event{first})
	a.keep(100, 2*one+one/2)
	ask()
	if n := a.tables.len(); n != 2 || a.tables.held > 2*one+one/2 {
		t.Errorf("room for two: %d tables remembered in %d bytes", n, a.tables.held)
	}
}

// TestARememberedTableIsHeldToTheStore: the table that made a game, remembered, is held to the
// game's first event as the store holds it: when the database's owner edits it, the hash left
// as it was, to seat the game at another table or at none, the answer is the store's, as an
// application that remembers nothing gives it.
func TestARememberedTableIsHeldToTheStore(t *testing.T) {
	for name, place := range keptPlaces(t) {
		t.Run(name, func(t *testing.T) {
			a, _, fresh, forge := place(t)
			a.keep(10, 1<<30)
			_, r1 := pairedFour(t, a, "club night")
			game := r1.Tables[0].Game
			for _, edit := range []struct {
				what, from, to string
				table          int // 0 for made at none
			}{
				{"as it was made", "", "", 1},
				{"seated at table 2", `"table":1,`, `"table":2,`, 2},
				{"made by hand", `"tournament":"club night",`, ``, 0},
			} {
				if edit.from != "" {
					forge(fmt.Sprintf(`UPDATE events SET payload = replace(payload, '%s', '%s') WHERE game = %d AND seq = 1`, edit.from, edit.to, game))
				}
				at, made, err := a.TableOf(t.Context(), game)
				wantAt, wantMade, wantErr := fresh.TableOf(t.Context(), game)
				if err != nil || wantErr != nil || at != wantAt || made != wantMade || made != (edit.table != 0) || at.Table != edit.table {
					t.Errorf("%s: at %+v, made %v (%v); afresh at %+v, made %v (%v)", edit.what, at, made, err, wantAt, wantMade, wantErr)
				}
			}
		})
	}
}
