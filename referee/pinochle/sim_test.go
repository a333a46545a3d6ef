package pinochle

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tableside/tableside/cards"
	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/refereetest"
	"github.com/tableside/tableside/scoring"
)

// simTable is a game of Pinochle at a simulated table: the real hands, and the record as an
// independent judge reads it. Its breaches: a bid out of turn or too low (P3, seen on their
// face), a trump named without a marriage or a 9 in it (P4), a revoke (P10), and a card
// played out of turn (P10, set aside). A meld of cards not held is not among them: meld is
// shown face up (P9), so it cannot be made with real cards. Now and then a player turns his
// whole hand face up, in the middle of a hand or after it: what it shows proves the breaches
// it settles at once, and a revoke made after it is seen on its face.
type simTable struct {
	rng       *rand.Rand
	setup     events.Created
	players   [2]string
	opening   int
	limit     int
	selection bool
	totals    [2]int
}

func dealPinochle(rng *rand.Rand, names []string) refereetest.Table {
	options := map[string]string{
		"deal":    []string{"automatic", "selection"}[rng.IntN(2)],
		"opening": []string{"10", "12"}[rng.IntN(2)],
		"limit":   []string{"100", "150"}[rng.IntN(2)],
	}
	t := &simTable{rng: rng, players: [2]string{names[0], names[1]}, selection: options["deal"] == "selection"}
	t.opening, _ = strconv.Atoi(options["opening"])
	t.limit, _ = strconv.Atoi(options["limit"])
	t.setup = events.Created{Kind: "pinochle", Players: t.players[:], Opener: t.players[rng.IntN(2)], Options: options, Ruleset: Rules{}.Ruleset()}
	return t
}

func (t *simTable) Setup() events.Created { return t.setup }

// record is what the entered record says of one hand's cards: what each player showed as meld
// and played, and whole hands turned face up.
type record struct {
	shown, played [2]counts
	full          [2]*counts
}

// known is how many copies of card i the record puts in p's hand: a whole hand shown says
// exactly; otherwise each card shown or played was held from the deal.
func (r *record) known(p, i int) int {
	if r.full[p] != nil {
		return int(r.full[p][i])
	}
	return int(max(r.shown[p][i], r.played[p][i]))
}

// unknown is how many of p's twelve cards the record does not name.
func (r *record) unknown(p int) int {
	n := HandSize
	for i := range distinct {
		n -= r.known(p, i)
	}
	return max(n, 0)
}

// mayHold reports whether p may hold all of the cards given, as far as the record shows:
// each is named in p's hand, or a copy is unaccounted for and p has a card the record does not
// name for it.
func (r *record) mayHold(p int, cs ...cards.Card) bool {
	need := 0
	for _, c := range cs {
		i := index(c)
		switch {
		case r.known(p, i) > 0:
		case r.full[p] == nil && 2-r.known(p, i)-r.known(1-p, i) > 0:
			need++
		default:
			return false
		}
	}
	return need <= r.unknown(p)
}

// stillShows reports whether the record shows p holding a card of suit s not yet played.
func (r *record) stillShows(p int, s cards.Suit) bool {
	for i := int(s) * 6; i < int(s)*6+6; i++ {
		if r.known(p, i) > int(r.played[p][i]) {
			return true
		}
	}
	return false
}

// Play implements refereetest.Table.
func (t *simTable) Play(ty refereetest.Typist) {
	opener := referee.PlayerIndex(t.players[:], t.setup.Opener)
	for {
		held := deal(t.rng, t.selection)
		var suits [2][]cards.Suit
		for p := range held {
			suits[p] = trumpSuits(held[p])
		}
		if len(suits[0]) == 0 && len(suits[1]) == 0 || len(suits[1-opener]) == 0 && len(suits[opener]) == 0 {
			continue // nobody could take the bid: the cards are dealt again
		}
		if t.hand(ty, held, suits, opener) {
			ty.AfterEnd(referee.NewMove(TypePass, t.players[1-opener], payload{}))
			return
		}
		opener = 1 - opener
	}
}

// hand plays one hand and reports whether it ended the game (P13).
func (t *simTable) hand(ty refereetest.Typist, held [2][]cards.Card, suits [2][]cards.Suit, opener int) bool {
	whole := [2][]cards.Card{slices.Clone(held[0]), slices.Clone(held[1])}
	bidder, bid := t.auction(ty, held, suits, opener)

	// P4: the bidder names a suit with a marriage or a 9 in his hand, or, breaking it, another.
	var rec record
	trump := suits[bidder][t.rng.IntN(len(suits[bidder]))]
	var breaches []refereetest.Breach
	for _, s := range cards.Suits {
		if !slices.Contains(suits[bidder], s) {
			breaches = append(breaches, refereetest.Breach{Move: referee.NewMove(TypeTrump, t.players[bidder], payload{Suit: &s}), Rule: "P4", What: "trump without a marriage or 9"})
		}
	}
	done, trumpSeq := ty.Act(referee.NewMove(TypeTrump, t.players[bidder], payload{Suit: &trump}), breaches...)
	trump = *refereetest.Payload[payload](done).Suit
	falseTrump := !slices.Contains(suits[bidder], trump)
	proveTrump := func(seq int64) {
		if !falseTrump || trumpSeq == 0 {
			return
		}
		nine := cards.Card{Rank: 9, Suit: trump}
		king, queen := cards.Card{Rank: cards.King, Suit: trump}, cards.Card{Rank: cards.Queen, Suit: trump}
		if !rec.mayHold(bidder, nine) && !rec.mayHold(bidder, king, queen) {
			ty.Proved(trumpSeq, seq)
			trumpSeq = 0
		}
	}

	var meld [2]int
	for _, p := range []int{bidder, 1 - bidder} {
		shown := meldCards(held[p], trump)
		_, seq := ty.Act(referee.NewMove(TypeMeld, t.players[p], payload{Cards: shown}))
		for _, c := range shown {
			rec.shown[p][index(c)]++
		}
		meld[p] = scoring.MeldPoints(shown, trump)
		proveTrump(seq)
	}

	// The tricks. revokes[p][s] are p's failures to follow s that the record has not proved.
	var revokes [2][4][]int64
	var tricks, count [2]int
	var turned [2]bool // the whole hand turned face up
	turnUp := func(p int) {
		_, seq := ty.Act(referee.NewMove(TypeHand, t.players[p], payload{Cards: whole[p]}))
		var all counts
		for _, c := range whole[p] {
			all[index(c)]++
		}
		rec.full[p], turned[p] = &all, true
		for s := range revokes[p] {
			for _, r := range revokes[p][s] {
				ty.Proved(r, seq) // he held a card of the suit then, as the hand shows
			}
			revokes[p][s] = nil
		}
		proveTrump(seq)
	}
	leader := bidder
	for range Tricks {
		var trick [2]cards.Card
		for k, p := range []int{leader, 1 - leader} {
			if !turned[p] && t.rng.IntN(60) == 0 {
				turnUp(p)
			}
			ok := func(cards.Card) bool { return true }
			var breaches []refereetest.Breach
			if k == 1 {
				led := trick[0].Suit
				if slices.ContainsFunc(held[p], func(c cards.Card) bool { return c.Suit == led }) {
					ok = func(c cards.Card) bool { return c.Suit == led }
					for _, c := range held[p] {
						if c.Suit != led {
							breaches = append(breaches, refereetest.Breach{Move: referee.NewMove(TypePlay, t.players[p], payload{Card: &c}), Rule: "P10", What: "revoke",
								Open: rec.stillShows(p, led)})
						}
					}
				}
			}
			if len(held[1-p]) > 0 {
				other := held[1-p][t.rng.IntN(len(held[1-p]))]
				breaches = append(breaches, refereetest.Breach{Move: referee.NewMove(TypePlay, t.players[1-p], payload{Card: &other}), Rule: "P10", What: "play out of turn", Open: true, SetAside: true})
			}
			lawful := pick(t.rng, held[p], ok)
			done, seq := ty.Act(referee.NewMove(TypePlay, t.players[p], payload{Card: &lawful}), breaches...)
			c := *refereetest.Payload[payload](done).Card
			held[p] = slices.Delete(held[p], slices.Index(held[p], c), slices.Index(held[p], c)+1)
			trick[k] = c
			rec.played[p][index(c)]++
			for _, r := range revokes[p][c.Suit] {
				ty.Proved(r, seq) // he held this card of the suit since the deal
			}
			revokes[p][c.Suit] = nil
			if k == 1 && c.Suit != trick[0].Suit && slices.ContainsFunc(held[p], func(h cards.Card) bool { return h.Suit == trick[0].Suit }) && !rec.stillShows(p, trick[0].Suit) {
				revokes[p][trick[0].Suit] = append(revokes[p][trick[0].Suit], seq)
			}
			proveTrump(seq)
		}
		winner := leader
		if beats(trick[1], trick[0], trump) {
			winner = 1 - leader
		}
		tricks[winner]++
		for _, c := range trick {
			if counter(c) {
				count[winner]++
			}
		}
		leader = winner
	}
	// P12, P13.
	var score [2]int
	for p := range score {
		if tricks[p] > 0 {
			score[p] = meld[p] + count[p]
		}
	}
	if falseTrump || tricks[bidder] == 0 || score[bidder] < bid {
		score[bidder] = -bid
	}
	for p := range score {
		t.totals[p] += score[p]
	}
	over := t.totals[0] > t.limit || t.totals[1] > t.limit
	for p := range whole {
		if !over && !turned[p] && t.rng.IntN(10) == 0 {
			turnUp(p)
		}
	}
	return over
}

// auction bids as the playout does — each player up to what the hand is worth to him, and
// only with a suit to name — now and then bidding out of turn or too low (P3). It returns the
// bid winner and the bid.
func (t *simTable) auction(ty refereetest.Typist, held [2][]cards.Card, suits [2][]cards.Suit, opener int) (bidder, bid int) {
	var worth [2]int
	for p := range worth {
		for _, s := range suits[p] {
			worth[p] = max(worth[p], scoring.MeldPoints(held[p], s)+6+t.rng.IntN(4))
		}
	}
	canWin := func(p int) bool { return len(suits[p]) > 0 }
	bidder, bid = -1, 0
	bids, turn := 0, opener
	for {
		lowest := t.opening
		if bids > 0 {
			lowest = bid + 1
		}
		var lawful referee.Move
		switch {
		case bids == 0 && (!canWin(turn) || canWin(1-turn) && worth[turn] < t.opening),
			bids > 0 && (!canWin(turn) || worth[turn] <= bid || t.rng.IntN(3) == 0):
			lawful = referee.NewMove(TypePass, t.players[turn], payload{})
		default:
			n := max(lowest, min(worth[turn], lowest+t.rng.IntN(3)))
			lawful = referee.NewMove(TypeBid, t.players[turn], payload{Points: &n})
		}
		var breaches []refereetest.Breach
		if low := lowest - 1 - t.rng.IntN(3); low >= 1 && canWin(turn) {
			breaches = append(breaches, refereetest.Breach{Move: referee.NewMove(TypeBid, t.players[turn], payload{Points: &low}), Rule: "P3", What: "bid too low", Open: true})
		}
		if canWin(1 - turn) {
			breaches = append(breaches, refereetest.Breach{Move: referee.NewMove(TypeBid, t.players[1-turn], payload{Points: &lowest}), Rule: "P3", What: "bid out of turn", Open: true})
		}
		done, _ := ty.Act(lawful, breaches...)
		who := referee.PlayerIndex(t.players[:], done.Actor)
		if done.Type == TypePass {
			if bids == 0 { // the opener passes at once: the other owns the bid at the opening
				return 1 - who, t.opening
			}
			return bidder, bid
		}
		// A bid, as played: it raises the bid only if higher, and the turn passes to the other.
		if n := *refereetest.Payload[payload](done).Points; n > bid {
			bid, bidder = n, who
		}
		bids++
		turn = 1 - who
	}
}

// beats reports whether the second card of a trick takes it from the first: a higher card of
// the suit led, or a trump on a card of another suit; of two identical cards the first wins.
func beats(second, first cards.Card, trump cards.Suit) bool {
	if second.Suit == first.Suit {
		return power(second.Rank) > power(first.Rank)
	}
	return second.Suit == trump
}

// pick chooses a random card of the hand that ok accepts.
func pick(rng *rand.Rand, hand []cards.Card, ok func(cards.Card) bool) cards.Card {
	var fit []cards.Card
	for _, c := range hand {
		if ok(c) {
			fit = append(fit, c)
		}
	}
	return fit[rng.IntN(len(fit))]
}

var (
	hintBid   = regexp.MustCompile(`(\w+) may bid (\d+) or more(, or pass)?`)
	hintTrump = regexp.MustCompile(`(\w+) names trump`)
	hintMeld  = regexp.MustCompile(`(\w+)(?: and (\w+))? to show meld`)
	hintCards = regexp.MustCompile(`trick \d+: (\w+) (?:leads|plays to \S+|follows \S+ if able, else plays any card)(?:: one of ([^;(]*))?`)
)

// hintMoves reads the moves a Pinochle hint names: the lowest bid and a pass, trump in each
// suit, a meld of none, the cards listed for a play.
func hintMoves(g referee.Game, hint string) []referee.Move {
	var out []referee.Move
	if m := hintBid.FindStringSubmatch(hint); m != nil {
		n, _ := strconv.Atoi(m[2])
		out = append(out, referee.NewMove(TypeBid, m[1], payload{Points: &n}))
		if m[3] != "" {
			out = append(out, referee.NewMove(TypePass, m[1], payload{}))
		}
	}
	if m := hintTrump.FindStringSubmatch(hint); m != nil {
		for _, s := range cards.Suits {
			out = append(out, referee.NewMove(TypeTrump, m[1], payload{Suit: &s}))
		}
	}
	if m := hintMeld.FindStringSubmatch(hint); m != nil {
		for _, who := range m[1:] {
			if who != "" {
				out = append(out, referee.NewMove(TypeMeld, who, payload{}))
			}
		}
	}
	if m := hintCards.FindStringSubmatch(hint); m != nil {
		for _, w := range strings.Fields(m[2]) {
			c, err := cards.Parse(w)
			if err != nil {
				continue
			}
			out = append(out, referee.NewMove(TypePlay, m[1], payload{Card: &c}))
		}
	}
	return out
}

// TestSimulatedTable plays Pinochle at simulated tables whose hands are known, with players
// who now and then revoke (P10), name a trump they cannot (P4) or bid wrongly (P3), and a
// typist who mistypes and corrects: every proved breach is flagged where P14 says, no lawful
// act is flagged, and the guidance is always true.
func TestSimulatedTable(t *testing.T) {
	refereetest.Simulate(t, Rules{}, refereetest.Config{Unlisted: []string{TypeHand}, Sampled: []string{TypeBid, TypeMeld}},
		refereetest.SimConfig{Games: 500, Deal: dealPinochle, HintMoves: hintMoves})
}
