package table

import (
	"crypto/sha256"
	"encoding/json"
	"slices"

	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/play"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/tournament"
)

// A recorded pairing is judged (T1–T7) by pairing its input again: a round's pairing, which a
// replay of a tournament's log pays for every round it holds. So an App remembers what each
// judgement found, by the content judged, and a read that shows no flag (a list, the
// standings, the pairing of the next round) does not judge at all.

// The bound on what an App remembers of its judgements: the tournaments read most recently,
// and the latest judgements of each (its rounds and any seatings by hand), a few hundred bytes
// each.
const (
	judgedTournaments = 64
	judgedEach        = 64
	judgedSize        = 16 << 20
)

// keptJudgements are the judgements an App's reads of tournaments found, by tournament. Like a
// kept game, a judgement is never trusted over the store: it is found by the content it was
// made of (the round's input and its pairing, as the log now holds them), so a pairing changed
// in the file, by a correction or by hand, is judged afresh.
type keptJudgements struct {
	memory[[]judgement]
	judgePairing tournament.Judge // tournament.JudgePairing, but in tests that count
}

// judgement is what judging a pairing of content found.
type judgement struct {
	content [sha256.Size]byte
	flags   []referee.Flag
}

func newKeptJudgements() *keptJudgements {
	return &keptJudgements{newMemory[[]judgement](judgedTournaments, judgedSize), tournament.JudgePairing}
}

// contentOf is what a judgement of out against in is found by.
func contentOf(in tournament.Input, out tournament.Output) [sha256.Size]byte {
	// Encoding a struct is deterministic, maps by their sorted keys.
	a, _ := json.Marshal(in)
	b, _ := json.Marshal(out)
	h := sha256.New()
	h.Write(a)
	h.Write([]byte{0})
	h.Write(b)
	return [sha256.Size]byte(h.Sum(nil))
}

// judge is tournament id's pairing out judged against its input in: remembered, or judged now
// and remembered.
func (k *keptJudgements) judge(id int64, in tournament.Input, out tournament.Output) []referee.Flag {
	content := contentOf(in, out)
	if held, ok := k.recall(id); ok {
		if i := slices.IndexFunc(held, func(j judgement) bool { return j.content == content }); i >= 0 {
			return held[i].flags
		}
	}
	flags := k.judgePairing(in, out)
	k.hold(id, content, flags)
	return flags
}

// hold remembers that tournament id's pairing of content was judged to flags. What is held is
// never changed, since reads share it: a judgement more makes a new list.
func (k *keptJudgements) hold(id int64, content [sha256.Size]byte, flags []referee.Flag) {
	k.remember(id, func(before *memo[[]judgement]) ([]judgement, int64, bool) {
		var held []judgement
		if before != nil {
			held = before.value[max(0, len(before.value)-judgedEach+1):]
		}
		held = append(slices.Clip(held), judgement{content, flags})
		var size int64
		for _, j := range held {
			size += sha256.Size
			for _, f := range j.flags {
				size += 64 + int64(len(f.Rule)+len(f.Message)+len(f.Hint))
			}
		}
		return held, size, true
	})
}

// replay replays game id's log, a tournament's pairings judged through what a remembers.
func (a *App) replay(id int64, log []events.Event) (*play.Game, error) {
	return play.ReplayBy(enginesWith(tournament.Judging(func(in tournament.Input, out tournament.Output) []referee.Flag {
		return a.judgements.judge(id, in, out)
	})), id, log)
}

// replayShown replays game id's log for a read that shows no flag: a tournament's pairings
// are not judged (tournament.Unjudged). Kept, such a game serves the reads that show no flag
// alone (App.read): one that shows flags reads the log again, judged.
func replayShown(id int64, log []events.Event) (*play.Game, error) {
	return play.ReplayBy(enginesWith(tournament.Unjudged()), id, log)
}

// enginesWith finds a stored log's engine as engineOf does, a tournament's referee being
// night.
func enginesWith(night tournament.Rules) func(kind string) (referee.Rules, error) {
	return func(kind string) (referee.Rules, error) {
		if kind == tournament.Kind {
			return night, nil
		}
		return play.EngineOf(kind)
	}
}

// judged reports whether g's flags are all its log raises: false for a tournament read by
// replayShown.
func judged(g *play.Game) bool {
	r, ok := play.RulesAs[tournament.Rules](g)
	return !ok || r.Judges()
}
