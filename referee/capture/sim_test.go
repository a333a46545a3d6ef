package capture

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tableside/tableside/cards/ucd"
	"github.com/tableside/tableside/events"
	"github.com/tableside/tableside/referee"
	"github.com/tableside/tableside/referee/refereetest"
)

// simTable is a game of Capture at a simulated table: the real hands and stack, and the record
// as an independent judge reads it. Its breaches: a No Play or a passed lead while holding a
// card that could be played or led (U6, U4, hidden until the record proves it, U14); a lead
// of a Primary card while a Secondary was owed (U4), a card that cannot follow (U5) and a card
// wrongly added (U16), all seen on their face; a Galaxy led (U4) and a card played out of
// turn, both set aside; a bid for the extra hand too low (U20) or out of turn (U12), set
// aside. A wrong count of cards left is not among them: the cards are shown face up (U10).
type simTable struct {
	rng                    *rand.Rand
	setup                  events.Created
	passes, extra, follows bool
	n, dealer              int // players, and the first hand's dealer
}

func dealCapture(rng *rand.Rand, names []string) refereetest.Table {
	setup := seat(rng, names)
	o := setup.Options
	return &simTable{rng: rng, setup: setup, passes: o["noplay"] == "passes", extra: o["extra"] == "on", follows: o["bonus"] == "follows",
		n: len(setup.Players), dealer: slices.Index(setup.Players, setup.Dealer)}
}

func (t *simTable) Setup() events.Created { return t.setup }

// Play implements refereetest.Table: six hands, the deal rotating left (U3, U10). The game
// ends after the sixth whatever the scores, so the table needs no score to end it.
func (t *simTable) Play(ty refereetest.Typist) {
	for k := range Hands {
		h := &simHand{simTable: t, ty: ty, dealer: (t.dealer + k) % t.n, wentOut: -1, sight: newSight(t.n)}
		h.play()
	}
	// The player who would lead a seventh hand passes the lead (U10: a game is six hands).
	ty.AfterEnd(referee.NewMove(TypePass, t.setup.Players[(t.dealer+Hands+1)%t.n], payload{}))
}

// simHand is one hand at the table: the cards where they really are, and what the entered
// record has shown of them.
type simHand struct {
	*simTable
	ty      refereetest.Typist
	dealer  int
	hands   [][]ucd.Card
	stack   []ucd.Card // not yet turned, the top first
	up      *ucd.Card
	wentOut int

	sight  *sight
	claims []simClaim // false No Plays and passes the record has not proved yet
}

// simClaim is a false No Play or pass: its player held a card it denies.
type simClaim struct {
	seq    int64
	who    int
	denies func(ucd.Card) bool
}

func (h *simHand) next(p int) int    { return (p + 1) % h.n }
func (h *simHand) name(p int) string { return h.setup.Players[p] }

func (h *simHand) play() {
	var extra []ucd.Card
	h.hands, extra, h.stack = shuffled(h.rng, h.n, h.extra)
	h.turnUp()
	if h.extra {
		h.auction(extra)
	}
	leader := h.next(h.dealer)
	for h.wentOut < 0 {
		p, lead, ok := h.lead(leader)
		if !ok {
			break // nobody holds a regular card (U4)
		}
		leader = h.round(p, lead)
	}
	for _, p := range h.rng.Perm(h.n) {
		if len(h.hands[p]) > 0 {
			cs := slices.Clone(h.hands[p])
			_, seq := h.ty.Act(referee.NewMove(TypeLeft, h.name(p), payload{Cards: cs}))
			h.sight.shown[p] = true
			h.see(seq, p, cs...)
		}
	}
}

// see notes cards the record shows at event seq — played or shown by who, or turned up (who
// -1) — and tells the typist of every false claim the record now proves: by the card itself,
// or by elimination (U14, P14).
func (h *simHand) see(seq int64, who int, cs ...ucd.Card) {
	h.sight.see(cs...)
	kept := h.claims[:0]
	for _, cl := range h.claims {
		if who == cl.who && slices.ContainsFunc(cs, cl.denies) || h.cornered(cl) {
			h.ty.Proved(cl.seq, seq)
			continue
		}
		kept = append(kept, cl)
	}
	h.claims = kept
}

// cornered reports whether the record proves by elimination that cl's player holds a card cl
// denies.
func (h *simHand) cornered(cl simClaim) bool {
	return h.sight.corners(cl.who, len(h.hands[cl.who]), cl.denies)
}

// claim judges a No Play or a pass by who, which denies holding any card that denies accepts:
// lying when who holds one, open when the record already proves it.
func (h *simHand) claim(who int, denies func(ucd.Card) bool) (lying, open bool) {
	if !slices.ContainsFunc(h.hands[who], denies) {
		return false, false
	}
	return true, h.cornered(simClaim{who: who, denies: denies})
}

// turnUp turns cards until a regular one shows, the table entering each; a Galaxy turned goes
// to the bottom for good (U3, U8, U18).
func (h *simHand) turnUp() {
	h.up = nil
	for len(h.stack) > 0 {
		c := h.stack[0]
		h.stack = h.stack[1:]
		_, seq := h.ty.Act(referee.NewMove(TypeUp, "", payload{Card: &c}))
		h.see(seq, -1, c)
		if c.IsRegular() {
			h.up = &c
			return
		}
	}
}

// auction sells the extra hand from the dealer's left (U12, U20), now and then with a bid too
// low or out of turn, which are set aside.
func (h *simHand) auction(extra []ucd.Card) {
	out := make([]bool, h.n)
	high, bidder := 0, -1
	for p := h.next(h.dealer); ; p = h.next(p) {
		var active []int
		for q := range out {
			if !out[q] && q != bidder {
				active = append(active, q)
			}
		}
		if len(active) == 0 {
			break
		}
		if out[p] || p == bidder {
			continue
		}
		lawful := referee.NewMove(TypePass, h.name(p), payload{})
		if h.rng.IntN(3) == 0 && high < 4 {
			n := high + 1 + h.rng.IntN(2)
			lawful = referee.NewMove(TypeBid, h.name(p), payload{Points: &n})
		}
		var breaches []refereetest.Breach
		if high > 0 {
			low := 1 + h.rng.IntN(high)
			breaches = append(breaches, refereetest.Breach{Move: referee.NewMove(TypeBid, h.name(p), payload{Points: &low}), Rule: "U20", What: "bid too low", Open: true, SetAside: true})
		}
		if q := h.rng.IntN(h.n); q != p {
			n := high + 1
			breaches = append(breaches, refereetest.Breach{Move: referee.NewMove(TypeBid, h.name(q), payload{Points: &n}), Rule: "U12", What: "bid out of turn", Open: true, SetAside: true})
		}
		done, _ := h.ty.Act(lawful, breaches...)
		if done.Type == TypeBid {
			high, bidder = *refereetest.Payload[payload](done).Points, p
		} else {
			out[p] = true
		}
	}
	if bidder >= 0 {
		h.hands[bidder] = extra // the old hand is set aside
	}
}

// outOfTurn is another player's card played now, which the referee sets aside, citing rule.
func (h *simHand) outOfTurn(p int, rule string) []refereetest.Breach {
	var others []int
	for q := range h.hands {
		if q != p && len(h.hands[q]) > 0 {
			others = append(others, q)
		}
	}
	if len(others) == 0 {
		return nil
	}
	q := others[h.rng.IntN(len(others))]
	c := h.hands[q][h.rng.IntN(len(h.hands[q]))]
	return []refereetest.Breach{{Move: referee.NewMove(TypePlay, h.name(q), payload{Card: &c}), Rule: rule, What: "play out of turn", Open: true, SetAside: true}}
}

// give plays c from p's hand at event seq.
func (h *simHand) give(seq int64, p int, c ucd.Card) {
	i := slices.Index(h.hands[p], c)
	h.hands[p] = slices.Delete(h.hands[p], i, i+1)
	if len(h.hands[p]) == 0 && h.wentOut < 0 {
		h.wentOut = p // the first to play the last card (U18)
	}
	h.see(seq, p, c)
}

func (h *simHand) pick(cs []ucd.Card) ucd.Card { return cs[h.rng.IntN(len(cs))] }

func filter(cs []ucd.Card, ok func(ucd.Card) bool) []ucd.Card {
	var out []ucd.Card
	for _, c := range cs {
		if ok(c) {
			out = append(out, c)
		}
	}
	return out
}

// lead has a card led from leader on (U4, U17) and returns who led it, or false when nobody
// holds a regular card and the hand ends.
func (h *simHand) lead(leader int) (int, ucd.Card, bool) {
	p, anyRegular, passes, first := leader, false, 0, -1
	for {
		anyCard := anyRegular // as it stands now: a claim keeps it
		may := func(c ucd.Card) bool { return c.IsRegular() && (anyCard || c.Suit.Secondary()) }
		mine := filter(h.hands[p], may)
		pass := referee.NewMove(TypePass, h.name(p), payload{})
		lawful := pass
		if len(mine) > 0 {
			c := h.pick(mine)
			lawful = referee.NewMove(TypePlay, h.name(p), payload{Card: &c})
		}
		var breaches []refereetest.Breach
		lying, open := h.claim(p, may)
		if lying {
			breaches = append(breaches, refereetest.Breach{Move: pass, Rule: "U4", What: "lead passed while holding one", Open: open})
		}
		if cs := filter(h.hands[p], ucd.Card.IsGalaxy); len(cs) > 0 {
			c := h.pick(cs)
			breaches = append(breaches, refereetest.Breach{Move: referee.NewMove(TypePlay, h.name(p), payload{Card: &c}), Rule: "U4", What: "Galaxy led", Open: true, SetAside: true})
		}
		primary := func(c ucd.Card) bool { return !anyRegular && c.IsRegular() && c.Suit.Primary() }
		if cs := filter(h.hands[p], primary); len(cs) > 0 {
			c := h.pick(cs)
			breaches = append(breaches, refereetest.Breach{Move: referee.NewMove(TypePlay, h.name(p), payload{Card: &c}), Rule: "U4", What: "Primary led while a Secondary was owed", Open: true})
		}
		done, seq := h.ty.Act(lawful, append(breaches, h.outOfTurn(p, "U4")...)...)
		if done.Type == TypePlay {
			c := *refereetest.Payload[payload](done).Card
			h.give(seq, p, c)
			return p, c, true
		}
		if lying && !open {
			h.claims = append(h.claims, simClaim{seq, p, may})
		}
		if first < 0 {
			first = p
		}
		passes++
		p = h.next(p)
		if passes == h.n {
			if anyRegular {
				return -1, ucd.Card{}, false
			}
			anyRegular, passes, p = true, 0, first // nobody had a Secondary card
		}
	}
}

// round plays the round led by leader to its capture (U5–U9, U15, U16) and returns the
// capturer.
func (h *simHand) round(leader int, lead ucd.Card) int {
	last, lastBy, noPlays := lead, leader, 0
	for p := h.next(leader); ; p = h.next(p) {
		if len(h.hands[p]) > 0 {
			above := last // as it stands now: a claim keeps it
			regular := func(c ucd.Card) bool {
				return c.IsRegular() && above.IsRegular() && c.Rank == lead.Rank && c.Suit > above.Suit
			}
			galaxy := func(c ucd.Card) bool { return c.IsGalaxy() && (above.IsRegular() || c.Suit > above.Suit) }
			must, may := filter(h.hands[p], regular), filter(h.hands[p], galaxy)
			noPlay := referee.NewMove(TypeNoPlay, h.name(p), payload{})
			lawful := noPlay
			if len(must) > 0 || len(may) > 0 && h.rng.IntN(3) > 0 {
				c := h.pick(append(must, may...))
				lawful = referee.NewMove(TypePlay, h.name(p), payload{Card: &c})
			}
			var breaches []refereetest.Breach
			lying, open := h.claim(p, regular)
			if lying {
				breaches = append(breaches, refereetest.Breach{Move: noPlay, Rule: "U6", What: "No Play while holding a card", Open: open})
			}
			if cs := filter(h.hands[p], func(c ucd.Card) bool { return !regular(c) && !galaxy(c) }); len(cs) > 0 {
				c := h.pick(cs)
				breaches = append(breaches, refereetest.Breach{Move: referee.NewMove(TypePlay, h.name(p), payload{Card: &c}), Rule: "U5", What: "card that cannot follow", Open: true})
			}
			done, seq := h.ty.Act(lawful, append(breaches, h.outOfTurn(p, "U15")...)...)
			if done.Type == TypePlay {
				c := *refereetest.Payload[payload](done).Card
				h.give(seq, p, c)
				last, lastBy, noPlays = c, p, 0
				continue
			}
			if lying && !open {
				h.claims = append(h.claims, simClaim{seq, p, regular})
			}
		}
		noPlays++ // said, or a player without cards (U15)
		if !h.passes || noPlays == h.n-1 {
			break
		}
	}
	// The round is closed: the last player may add (U16), unless nothing can follow the last
	// card or the hand is empty.
	for len(h.hands[lastBy]) > 0 && last.IsRegular() && last.Suit != ucd.Earth {
		adds := func(c ucd.Card) bool { return c.IsRegular() && c.Rank == lead.Rank && c.Suit > last.Suit }
		lawful := referee.NewMove(TypeCapture, h.name(lastBy), payload{})
		if cs := filter(h.hands[lastBy], adds); len(cs) > 0 && h.rng.IntN(4) > 0 {
			c := h.pick(cs)
			lawful = referee.NewMove(TypePlay, h.name(lastBy), payload{Card: &c})
		}
		var breaches []refereetest.Breach
		if cs := filter(h.hands[lastBy], func(c ucd.Card) bool { return !adds(c) }); len(cs) > 0 {
			c := h.pick(cs)
			breaches = append(breaches, refereetest.Breach{Move: referee.NewMove(TypePlay, h.name(lastBy), payload{Card: &c}), Rule: "U16", What: "card wrongly added", Open: true})
		}
		done, seq := h.ty.Act(lawful, append(breaches, h.outOfTurn(lastBy, "U16")...)...)
		if done.Type != TypePlay {
			break
		}
		last = *refereetest.Payload[payload](done).Card
		h.give(seq, lastBy, last)
	}
	// The capture takes the up-card of the round's number or name, and the next card is turned
	// (U8); after the hand's last capture the table enters it when it decides the bonus (U23).
	if h.up != nil && h.up.Rank == lead.Rank {
		h.up = nil
		if h.wentOut < 0 || h.follows {
			h.turnUp()
		}
	}
	return lastBy
}

var (
	hintBid    = regexp.MustCompile(`(\w+) bids for the extra hand: bid (\d+) or more, or pass`)
	hintPlay   = regexp.MustCompile(`(\w+) (?:plays|leads) ([^;:]*?)(?:(, or says noplay)|(, or passes)|[;:]|$)`)
	hintAdd    = regexp.MustCompile(`(\w+) (?:may add ([^;]*), then )?captures \(capture\)`)
	hintNoPlay = regexp.MustCompile(`(?:^|; )(\w+) says noplay`)
	hintPass   = regexp.MustCompile(`(\w+) passes the lead:`)
	hintGalaxy = regexp.MustCompile(`a Galaxy \(([^)]*)\)`)
)

// hintMoves reads the moves a Capture hint names: the lowest bid and a pass, the cards listed
// to lead, play or add, a Galaxy of each suit named, No Play, a pass of the lead, a capture.
func hintMoves(_ referee.Game, hint string) []referee.Move {
	var out []referee.Move
	cardsIn := func(who, list string) {
		for _, m := range hintGalaxy.FindAllStringSubmatch(list, -1) {
			for _, s := range strings.Split(m[1], ", ") {
				if c, err := ucd.Parse("G" + s); err == nil {
					out = append(out, referee.NewMove(TypePlay, who, payload{Card: &c}))
				}
			}
		}
		list = hintGalaxy.ReplaceAllString(list, "")
		for _, w := range regexp.MustCompile(`, or |, | or `).Split(list, -1) {
			if c, err := ucd.Parse(w); err == nil {
				out = append(out, referee.NewMove(TypePlay, who, payload{Card: &c}))
			}
		}
	}
	if m := hintBid.FindStringSubmatch(hint); m != nil {
		n, _ := strconv.Atoi(m[2])
		out = append(out, referee.NewMove(TypeBid, m[1], payload{Points: &n}), referee.NewMove(TypePass, m[1], payload{}))
	}
	if m := hintPlay.FindStringSubmatch(hint); m != nil {
		cardsIn(m[1], m[2])
		if m[3] != "" {
			out = append(out, referee.NewMove(TypeNoPlay, m[1], payload{}))
		}
		if m[4] != "" {
			out = append(out, referee.NewMove(TypePass, m[1], payload{}))
		}
	}
	if m := hintAdd.FindStringSubmatch(hint); m != nil {
		cardsIn(m[1], m[2])
		out = append(out, referee.NewMove(TypeCapture, m[1], payload{}))
	}
	if m := hintNoPlay.FindStringSubmatch(hint); m != nil {
		out = append(out, referee.NewMove(TypeNoPlay, m[1], payload{}))
	}
	if m := hintPass.FindStringSubmatch(hint); m != nil {
		out = append(out, referee.NewMove(TypePass, m[1], payload{}))
	}
	return out
}

// TestSimulatedTable plays Capture at simulated tables whose cards are known, with players
// who now and then say No Play or pass the lead holding a card (U6, U4, U14), lead a Galaxy
// or a Primary card (U4), play a card that cannot follow (U5) or add one wrongly (U16), play
// out of turn or bid wrongly (U12, U20), and a typist who mistypes and corrects: every proved
// breach is flagged where U14 and P14 say, no lawful act is flagged, and the guidance is
// always true.
func TestSimulatedTable(t *testing.T) {
	refereetest.Simulate(t, Rules{}, refereetest.Config{Unlisted: []string{TypeLeft}, Sampled: []string{TypeBid}},
		refereetest.SimConfig{Games: 800, Deal: dealCapture, HintMoves: hintMoves})
}
